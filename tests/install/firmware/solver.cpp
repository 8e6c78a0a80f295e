// One solve in a firmware translation unit: tact compiles for the user's core.
#include <tact/tact.hpp>

tact::Solver<3, 0, 6> solver;
tact::Solver<3, 0, 6>::ProblemType problem;

bool solve_once() { return solver.solve(problem, tact::Strategy::Exact).ok(); }
