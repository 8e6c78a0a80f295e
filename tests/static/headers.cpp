// Every lib header, with the solver, the steppers (World, ImpulseWorld and
// its constraint-space solvers and corrections) and the problem reader and
// writer instantiated for float and double: the translation unit the static
// checks look at (tests/static/CMakeLists.txt). The host build compiles it
// with the project's warnings; clang compiles it again with -Wconversion
// -Wsign-conversion (test static_headers_clang_conversion); clang-tidy and
// cppcheck analyse the headers through it.
#include <cstddef>

#include "tact/config.hpp"
#include "tact/constraints.hpp"
#include "tact/detail/dense.hpp"
#include "tact/impulse.hpp"
#include "tact/problem.hpp"
#include "tact/problem_io.hpp"
#include "tact/solver.hpp"
#include "tact/status.hpp"
#include "tact/tact.hpp"
#include "tact/world.hpp"

template class tact::Solver<8, 3, 10, float>;
template class tact::Solver<8, 3, 10, double>;
template class tact::Solver<2, 0, 2, float>;
template struct tact::Problem<8, 3, 10, float>;
template struct tact::Problem<8, 3, 10, double>;
template class tact::World<6, 2, 8, float>;
template class tact::World<6, 2, 8, double>;
template class tact::ImpulseWorld<6, 2, 8, float>;
template class tact::ImpulseWorld<6, 2, 8, double>;
template class tact::ConstraintSpaceSolver<10, 8, float>;
template class tact::ConstraintSpaceSolver<10, 8, double>;
template class tact::ProjectedGaussSeidel<10, float>;
template class tact::ProjectedGaussSeidel<10, double>;
template class tact::ConstraintCorrection<6, 10, float>;
template class tact::ConstraintCorrection<6, 10, double>;
template struct tact::ConstraintSpaceProblem<10, float>;
template struct tact::ConstraintSpaceProblem<10, double>;

namespace {

template <typename Scalar>
int exercise() {
  static tact::Problem<8, 3, 10, Scalar> problem;
  static tact::World<6, 2, 8, Scalar> world;
  static tact::ImpulseWorld<6, 2, 8, Scalar> impulse_world;
  static char text[8192];
  const std::size_t length = tact::write_problem(problem, text, sizeof text);
  const tact::ParseResult parsed = tact::read_problem(text, length, problem);
  char number[32];
  (void)tact::io::format_number(Scalar(0.1), tact::ScalarTraits<Scalar>::round_trip_digits, number, sizeof number);
  const auto no_rows = [](const auto&, const auto&, auto&) {};
  const auto report = world.step(no_rows);
  const auto impulse_report = impulse_world.step(no_rows);
  return parsed.ok() && report.ok() && impulse_report.ok() ? 0 : 1;
}

}  // namespace

int tact_static_headers_check() { return exercise<float>() + exercise<double>(); }
