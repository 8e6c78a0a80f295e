// Solves the paper's corner with an installed tact; exit 0 when ẍ = (1, 0).
#include <tact/tact.hpp>

int main() {
  static tact::Solver<2, 0, 2> solver;
  static tact::Solver<2, 0, 2>::ProblemType qp;
  if (!qp.resize(2, 0, 2)) return 2;
  qp.M << 2, 0, 0, 2;
  qp.f << 2, -1;
  qp.J_ineq << 1, -1, 0, 1;
  const auto report = solver.solve(qp, tact::Strategy::Exact);
  const bool ok = report.ok() && std::fabs(solver.acceleration()(0) - 1) < 1e-6f &&
                  std::fabs(solver.acceleration()(1)) < 1e-6f;
  return ok ? 0 : 1;
}
