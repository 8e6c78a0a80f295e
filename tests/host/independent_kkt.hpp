// KKT residuals of a solver's output evaluated independently, in double,
// with plain loops over the problem's data (tact::Residuals' definitions,
// not its code): the property test's certificate, the accuracy check of the
// benchmark set and the degenerate regressions' double check.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "reference.hpp"

namespace tact::test {

struct Dense {
  Eigen::MatrixXd M, J;  // J: equalities first
  Eigen::VectorXd f, d;
  int n = 0, num_eq = 0, rows = 0;
  Eigen::LDLT<Eigen::MatrixXd> mass;
  Eigen::VectorXd row_free_scale;  // |ĵ_k|·|L⁻¹f| = sqrt(J_k M⁻¹ J_kᵀ · fᵀM⁻¹f)
};

/// p in double (reference.hpp's to_dense) with its rows stacked,
/// equalities first, M's LDLT and each row's free-motion scale.
template <typename ProblemType>
Dense to_stacked(const ProblemType& p) {
  const DenseQp apart = to_dense(p);
  Dense q;
  q.n = p.n;
  q.num_eq = p.num_eq;
  q.rows = p.num_eq + p.num_ineq;
  q.M = apart.M;
  q.f = apart.f;
  q.J.resize(q.rows, q.n);
  q.d.resize(q.rows);
  q.J << apart.J_eq, apart.J_ineq;
  q.d << apart.d_eq, apart.d_ineq;
  q.mass.compute(q.M);
  const double free_norm = std::sqrt(std::max(0.0, q.f.dot(q.mass.solve(q.f))));
  q.row_free_scale.resize(q.rows);
  for (int r = 0; r < q.rows; ++r) {
    const Eigen::VectorXd row = q.J.row(r).transpose();
    q.row_free_scale(r) = std::sqrt(std::max(0.0, row.dot(q.mass.solve(row)))) * free_norm;
  }
  return q;
}

/// A solver's output, in double, in the problem's row order.
struct Solution {
  Eigen::VectorXd acceleration, lambda;
  std::vector<bool> in_set;  // every row (equalities included)
};

template <typename Solver>
Solution solution_of(const Solver& solver, int n, int num_eq, int rows, bool equalities_in_set) {
  Solution s;
  s.acceleration = solver.acceleration().head(n).template cast<double>();
  s.lambda.resize(rows);
  s.in_set.resize(static_cast<std::size_t>(rows));
  for (int r = 0; r < rows; ++r) {
    s.lambda(r) = static_cast<double>(r < num_eq ? solver.multiplier_eq(r) : solver.multiplier_ineq(r - num_eq));
    s.in_set[static_cast<std::size_t>(r)] = r < num_eq ? equalities_in_set : solver.in_working_set(r - num_eq);
  }
  return s;
}

/// Each residual divided by its scale (the definitions of tact::Residuals,
/// evaluated here independently): ≤ tolerance means the condition holds.
/// With gamma > 0, each residual is first reduced by gamma times the
/// magnitude of the sum that produced it (Σ|terms|): the most a float
/// evaluation of that sum can be off (property_test.cpp's kRoundingUnit note).
struct Relative {
  double stationarity = 0, equality = 0, working_set = 0, slack = 0, multiplier = 0, complementarity = 0;
  double row_scale = 0, force_scale = 0;  // for messages
  double kkt() const { return std::max({stationarity, equality, slack, multiplier, complementarity}); }
  double working() const { return std::max(stationarity, working_set); }
  /// Each residual the larger of this one's and other's (a worst case over solves).
  void take_max(const Relative& other) {
    stationarity = std::max(stationarity, other.stationarity);
    equality = std::max(equality, other.equality);
    working_set = std::max(working_set, other.working_set);
    slack = std::max(slack, other.slack);
    multiplier = std::max(multiplier, other.multiplier);
    complementarity = std::max(complementarity, other.complementarity);
  }
};

inline double ratio(double value, double scale) { return value <= 0 ? 0 : value / std::max(scale, 1e-300); }

/// Scales a residual is relative to (tact::Residuals' force_scale, row_scale, multiplier_scale).
struct Scales {
  double force = 0, row = 0, multiplier = 0;
};

/// The scales computed independently: force and multiplier as documented,
/// row as the largest of every term the solver's row scale has been defined
/// with (|d_k|, Σ|J_kj ẍ_j|, |ĵ_k|·|L⁻¹f|, ‖J_k‖₂·max(‖ẍ‖₂, ‖M⁻¹f‖₂)), so
/// it bounds the solver's from above whichever of those it uses.
inline Scales independent_scales(const Dense& q, const Solution& s) {
  Scales scales;
  const Eigen::VectorXd& a = s.acceleration;
  const Eigen::VectorXd inertia = q.M * a;
  const Eigen::VectorXd constraint_force = q.J.transpose() * s.lambda;
  for (int i = 0; i < q.n; ++i)
    scales.force = std::max({scales.force, std::fabs(q.f(i)), std::fabs(inertia(i)), std::fabs(constraint_force(i))});
  const double motion = std::max(a.norm(), q.mass.solve(q.f).norm());
  for (int r = 0; r < q.rows; ++r) {
    const double magnitude = (q.J.row(r).cwiseAbs() * a.cwiseAbs())(0);
    scales.row = std::max({scales.row, std::fabs(q.d(r)), magnitude, q.row_free_scale(r), q.J.row(r).norm() * motion});
    scales.multiplier = std::max(scales.multiplier, std::fabs(s.lambda(r)));
  }
  return scales;
}

template <typename Report>
Scales reported_scales(const Report& report) {
  return {static_cast<double>(report.residuals.force_scale), static_cast<double>(report.residuals.row_scale),
          static_cast<double>(report.residuals.multiplier_scale)};
}

/// True when the solver's scales are within 2× of the independent ones (its
/// ‖M⁻¹f‖ is a float solve, off by up to κ(M)·u): residuals relative to them
/// are then not made small by an inflated scale.
inline bool scales_within(const Scales& reported, const Scales& independent) {
  return reported.force <= 2 * independent.force + 1e-30 && reported.row <= 2 * independent.row + 1e-30 &&
         reported.multiplier <= 2 * independent.multiplier + 1e-30;
}

/// Residuals relative to `scales`; every one +Inf when ẍ or Λ is not finite
/// (std::max and ratio() would let a NaN through as 0).
inline Relative relative_residuals(const Dense& q, const Solution& s, const Scales& scales, double gamma = 0) {
  const Eigen::VectorXd& a = s.acceleration;
  if (!a.allFinite() || !s.lambda.allFinite()) {
    const double inf = std::numeric_limits<double>::infinity();
    Relative rel;
    rel.stationarity = rel.equality = rel.working_set = rel.slack = rel.multiplier = rel.complementarity = inf;
    return rel;
  }
  double stationarity = 0;
  for (int i = 0; i < q.n; ++i) {
    double inertia = 0, constraint_force = 0, magnitude = std::fabs(q.f(i));
    for (int j = 0; j < q.n; ++j) {
      inertia += q.M(i, j) * a(j);
      magnitude += std::fabs(q.M(i, j) * a(j));
    }
    for (int r = 0; r < q.rows; ++r) {
      constraint_force += q.J(r, i) * s.lambda(r);
      magnitude += std::fabs(q.J(r, i) * s.lambda(r));
    }
    stationarity = std::max(stationarity, std::fabs(inertia - q.f(i) - constraint_force) - gamma * magnitude);
  }
  double force_scale = scales.force, row_scale = scales.row;
  const double multiplier_scale = scales.multiplier;
  Eigen::VectorXd value(q.rows), row_magnitude(q.rows);
  for (int r = 0; r < q.rows; ++r) {
    double sum = 0, magnitude = 0;
    for (int j = 0; j < q.n; ++j) {
      sum += q.J(r, j) * a(j);
      magnitude += std::fabs(q.J(r, j) * a(j));
    }
    value(r) = sum - q.d(r);
    row_magnitude(r) = magnitude + std::fabs(q.d(r));
  }
  // Scales are sums as well: allow their float evaluation error too.
  force_scale *= 1 + gamma;
  row_scale *= 1 + gamma;
  Relative rel;
  rel.row_scale = row_scale;
  rel.force_scale = force_scale;
  rel.stationarity = ratio(stationarity, force_scale);
  for (int r = 0; r < q.rows; ++r) {
    const double error = gamma * row_magnitude(r);
    const double off = std::fabs(value(r)) - error;
    if (s.in_set[static_cast<std::size_t>(r)]) rel.working_set = std::max(rel.working_set, ratio(off, row_scale));
    if (r < q.num_eq) {
      rel.equality = std::max(rel.equality, ratio(off, row_scale));
      continue;
    }
    rel.slack = std::max(rel.slack, ratio(-value(r) - error, row_scale));
    rel.multiplier = std::max(rel.multiplier, ratio(-s.lambda(r), multiplier_scale));
    rel.complementarity = std::max(
        rel.complementarity, ratio(std::fabs(s.lambda(r)) * off, row_scale * multiplier_scale));
  }
  return rel;
}

inline std::string describe(const Relative& rel, double tol) {
  char text[300];
  std::snprintf(text, sizeof text,
                "residual/tolerance: stationarity %.3g equality %.3g working set %.3g slack %.3g multiplier %.3g "
                "complementarity %.3g (row scale %.6g, force scale %.6g)",
                rel.stationarity / tol, rel.equality / tol, rel.working_set / tol, rel.slack / tol,
                rel.multiplier / tol, rel.complementarity / tol, rel.row_scale, rel.force_scale);
  return text;
}

/// A solve's residuals evaluated here relative to the scales it reports,
/// after checking those scales (scales_within); equality rows count as in
/// the set (the exact and Right strategies keep them there).
template <typename SolverType, typename Report>
Relative checked_residuals(const SolverType& solver, const typename SolverType::ProblemType& p, const Report& report) {
  const Dense q = to_stacked(p);
  const Solution s = solution_of(solver, p.n, p.num_eq, p.num_eq + p.num_ineq, true);
  const Scales reported = reported_scales(report);
  EXPECT_TRUE(scales_within(reported, independent_scales(q, s))) << "reported residual scales exceed the independent bound";
  return relative_residuals(q, s, reported);
}

}  // namespace tact::test
