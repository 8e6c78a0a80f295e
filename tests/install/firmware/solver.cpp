// A firmware translation unit that uses tact: every class instantiated, so
// the strict warnings in CMakeLists.txt see all of tact's code for this core.
#include <tact/tact.hpp>

template class tact::Solver<3, 1, 6, float>;
template class tact::World<3, 1, 6, float>;
template class tact::ImpulseWorld<3, 1, 6, float>;

tact::Solver<3, 1, 6> solver;
tact::Solver<3, 1, 6>::ProblemType problem;

bool solve_once() { return solver.solve(problem, tact::Strategy::Exact).ok(); }
