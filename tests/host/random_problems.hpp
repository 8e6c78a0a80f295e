// Deterministic random QPs that are feasible by construction: a point a0
// satisfies every row (equalities exactly, inequalities with a slack that is
// tiny for about half of them, so many rows are active at the optimum). The
// tiny slack is still far above float rounding, so rounding the data to
// float cannot make a problem infeasible.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <limits>
#include <random>

namespace tact::test {

/// M = Q diag(eigenvalues) Qᵀ with Q orthogonal (the QR of a Gaussian
/// matrix), or diag(eigenvalues) when `diagonal`. The Gaussian entries come
/// from the caller's `normal` and `rng`, so the caller's stream of draws
/// (and with it every later draw) is what it was when this was inline.
template <typename Engine>
Eigen::MatrixXd mass_with_eigenvalues(const Eigen::VectorXd& eigenvalues, bool diagonal, Engine& rng,
                                      std::normal_distribution<double>& normal) {
  if (diagonal) return eigenvalues.asDiagonal();
  const Eigen::Index n = eigenvalues.size();
  Eigen::MatrixXd G(n, n);
  for (Eigen::Index i = 0; i < n * n; ++i) G(i) = normal(rng);
  const Eigen::MatrixXd Q = Eigen::HouseholderQR<Eigen::MatrixXd>(G).householderQ();
  return Q * eigenvalues.asDiagonal() * Q.transpose();
}

/// p.M's leading n×n block = M rounded to the problem's scalar, exactly
/// symmetric (the lower triangle mirrored).
template <typename ProblemT>
void set_mass(ProblemT& p, const Eigen::MatrixXd& M) {
  using Scalar = typename ProblemT::DofVector::Scalar;
  for (Eigen::Index i = 0; i < M.rows(); ++i)
    for (Eigen::Index j = 0; j <= i; ++j) p.M(i, j) = p.M(j, i) = static_cast<Scalar>(M(i, j));
}

/// The float nearest below `value` (or equal): d for an inequality row that
/// a0 satisfies in exact arithmetic, from the double J_k·a0 − slack.
inline float round_down(double value) {
  float rounded = static_cast<float>(value);
  if (static_cast<double>(rounded) > value) rounded = std::nextafter(rounded, -std::numeric_limits<float>::infinity());
  return rounded;
}

struct RandomShape {
  int n, num_eq, num_ineq;
  double log10_condition;  // of M: eigenvalues spread over 10^0 .. 10^this
  bool diagonal_mass;
};

template <typename ProblemT>
void make_random_problem(std::mt19937& rng, const RandomShape& shape, ProblemT& p) {
  using Scalar = typename ProblemT::DofVector::Scalar;
  std::normal_distribution<double> normal(0.0, 1.0);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int n = shape.n;
  if (!p.resize(n, shape.num_eq, shape.num_ineq)) std::abort();

  Eigen::VectorXd eigenvalues(n);
  for (int i = 0; i < n; ++i) eigenvalues(i) = std::pow(10.0, shape.log10_condition * unit(rng));
  set_mass(p, mass_with_eigenvalues(eigenvalues, shape.diagonal_mass, rng, normal));

  Eigen::VectorXd a0(n);
  for (int i = 0; i < n; ++i) {
    a0(i) = normal(rng);
    p.f(i) = static_cast<Scalar>(3.0 * normal(rng));
  }
  auto fill_row = [&](auto&& row, int count) {
    double value = 0;
    for (int j = 0; j < count; ++j) {
      row(j) = static_cast<Scalar>(normal(rng));
      value += static_cast<double>(row(j)) * a0(j);
    }
    return value;
  };
  for (int k = 0; k < shape.num_eq; ++k) p.d_eq(k) = static_cast<Scalar>(fill_row(p.J_eq.row(k), n));
  for (int k = 0; k < shape.num_ineq; ++k) {
    const double slack = std::fabs(normal(rng)) * (unit(rng) < 0.5 ? 1e-3 : 1.0);
    p.d_ineq(k) = static_cast<Scalar>(fill_row(p.J_ineq.row(k), n) - slack);
  }
}

}  // namespace tact::test
