// Independent double-precision references for the solver tests: a direct
// solve of the full KKT matrix of eq. (6) for a given working set, and the
// exact QP optimum by enumerating every working set (small m only).
// Written with Eigen's dynamic matrices and full-pivoting LU: deliberately
// nothing in common with the solver's range-space Cholesky path.
#pragma once

#include <Eigen/Dense>
#include <limits>
#include <random>
#include <vector>

namespace tact::test {

struct DenseQp {
  Eigen::MatrixXd M;
  Eigen::VectorXd f;
  Eigen::MatrixXd J_eq, J_ineq;
  Eigen::VectorXd d_eq, d_ineq;
};

template <typename ProblemT>
DenseQp to_dense(const ProblemT& p) {
  DenseQp q;
  q.M = p.M.topLeftCorner(p.n, p.n).template cast<double>();
  q.f = p.f.head(p.n).template cast<double>();
  q.J_eq = p.J_eq.topLeftCorner(p.num_eq, p.n).template cast<double>();
  q.d_eq = p.d_eq.head(p.num_eq).template cast<double>();
  q.J_ineq = p.J_ineq.topLeftCorner(p.num_ineq, p.n).template cast<double>();
  q.d_ineq = p.d_ineq.head(p.num_ineq).template cast<double>();
  return q;
}

struct KktSolution {
  bool ok = false;  // false: the KKT matrix is singular (dependent rows)
  Eigen::VectorXd acceleration;
  Eigen::VectorXd lambda_eq, lambda_ineq;  // lambda_ineq is 0 outside the set
};

/// Solves [M −J_Aᵀ; −J_A 0][ẍ; Λ] = [f; −d_A] with all equalities and the
/// inequality rows flagged in `active`.
inline KktSolution direct_kkt(const DenseQp& q, const std::vector<bool>& active) {
  const Eigen::Index n = q.M.rows();
  std::vector<Eigen::Index> rows;
  for (Eigen::Index k = 0; k < q.J_ineq.rows(); ++k)
    if (active[static_cast<std::size_t>(k)]) rows.push_back(k);
  const Eigen::Index me = q.J_eq.rows();
  const Eigen::Index m = me + static_cast<Eigen::Index>(rows.size());
  Eigen::MatrixXd J(m, n);
  Eigen::VectorXd d(m);
  J.topRows(me) = q.J_eq;
  d.head(me) = q.d_eq;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    J.row(me + static_cast<Eigen::Index>(i)) = q.J_ineq.row(rows[i]);
    d(me + static_cast<Eigen::Index>(i)) = q.d_ineq(rows[i]);
  }
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n + m, n + m);
  K.topLeftCorner(n, n) = q.M;
  K.topRightCorner(n, m) = -J.transpose();
  K.bottomLeftCorner(m, n) = -J;
  Eigen::VectorXd rhs(n + m);
  rhs << q.f, -d;
  Eigen::FullPivLU<Eigen::MatrixXd> lu(K);
  KktSolution s;
  if (!lu.isInvertible()) return s;
  const Eigen::VectorXd x = lu.solve(rhs);
  s.ok = true;
  s.acceleration = x.head(n);
  s.lambda_eq = x.segment(n, me);
  s.lambda_ineq = Eigen::VectorXd::Zero(q.J_ineq.rows());
  for (std::size_t i = 0; i < rows.size(); ++i) s.lambda_ineq(rows[i]) = x(n + me + static_cast<Eigen::Index>(i));
  return s;
}

inline double objective(const DenseQp& q, const Eigen::VectorXd& a) { return 0.5 * a.dot(q.M * a) - q.f.dot(a); }

/// The QP optimum by enumeration: among all working sets whose KKT solution
/// is primal feasible with non-negative inequality multipliers, the one of
/// least objective (the optimum of a strictly convex QP is unique in ẍ).
inline KktSolution enumerate_optimum(const DenseQp& q) {
  const auto m = static_cast<unsigned>(q.J_ineq.rows());
  KktSolution best;
  double best_objective = std::numeric_limits<double>::infinity();
  for (unsigned mask = 0; mask < (1u << m); ++mask) {
    std::vector<bool> active(m);
    for (unsigned k = 0; k < m; ++k) active[k] = (mask >> k) & 1u;
    const KktSolution s = direct_kkt(q, active);
    if (!s.ok) continue;
    const Eigen::VectorXd slack = q.J_ineq * s.acceleration - q.d_ineq;
    const double scale = 1.0 + q.d_ineq.cwiseAbs().sum() + s.acceleration.cwiseAbs().maxCoeff();
    if (m > 0 && (slack.minCoeff() < -1e-9 * scale || s.lambda_ineq.minCoeff() < -1e-9 * scale)) continue;
    const double value = objective(q, s.acceleration);
    if (value < best_objective) {
      best_objective = value;
      best = s;
    }
  }
  return best;
}

}  // namespace tact::test
