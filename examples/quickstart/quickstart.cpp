// The README's API example: one QP solved directly by a Solver.
#include "tact/port.hpp"
#include "tact/port_format.hpp"
#include "tact/tact.hpp"

// Bounds are template parameters; all storage is inside the objects.
static tact::Solver<2, 0, 2> solver;          // ≤ 2 dofs, 0 equality, ≤ 2 inequality rows
static tact::Solver<2, 0, 2>::ProblemType qp;

int main() {
  tact::port::init();
  // min ½ẍᵀMẍ − fᵀẍ  s.t.  J ẍ ≥ d   (the paper's corner, f = (−1, −2))
  if (!qp.resize(/*dofs*/ 2, /*equalities*/ 0, /*inequalities*/ 2)) return 2;
  // The sizes equal the bounds here: below them, fill the blocks in use
  // (qp.M.topLeftCorner(n, n) << …, qp.J_ineq.topLeftCorner(rows, n) << …),
  // as << on a whole matrix fills its storage, bounds and all.
  qp.M << 2, 0,
          0, 2;
  qp.f << -1, -2;
  qp.J_ineq << 1, -1,   // g1 = x − y ≥ 0
               0, 1;    // g2 = y ≥ 0
  qp.d_ineq << 0, 0;

  const tact::Report<float> report = solver.solve(qp, tact::Strategy::Exact);
  if (report.status != tact::Status::Solved) return 1;  // every status is documented
  // ẍ = (0, 0), Λ = (1, 3): both walls push; residuals tell how exact that is.
  tact::port::write("acceleration ");
  tact::port::write_float(solver.acceleration()(0));
  tact::port::write(" ");
  tact::port::write_float(solver.acceleration()(1));
  tact::port::write("\nmultipliers ");
  tact::port::write_float(solver.multiplier_ineq(0));
  tact::port::write(" ");
  tact::port::write_float(solver.multiplier_ineq(1));
  tact::port::write("\nstationarity residual ");
  tact::port::write_float(report.residuals.stationarity);
  tact::port::write(report.kkt_satisfied ? "\nKKT conditions hold\n" : "\nKKT conditions violated\n");

  const bool expected = solver.acceleration().cwiseAbs().maxCoeff() < 1e-6f &&
                        std::fabs(solver.multiplier_ineq(0) - 1) < 1e-6f &&
                        std::fabs(solver.multiplier_ineq(1) - 3) < 1e-6f && report.kkt_satisfied;
  tact::port::exit(expected ? 0 : 1);
}
