// Gathers of a 2-DOF world's floor, shared by the World and ImpulseWorld
// tests: both worlds gather the same rows.
#pragma once

#include <Eigen/Core>
#include <type_traits>

#include "tact/constraints.hpp"

namespace tact::test {

/// The floor y ≥ 0, inequality id 7 (admissible to within float rounding).
inline constexpr auto floor_y0 = [](const auto& x, const auto&, auto& rows) {
  rows.add_inequality(7, tact::half_space<2, 2>(x, 0, Eigen::Vector2f(0, 1), 0.0f));
};

/// The floor's row scaled by 1e20, id 7: finite entries whose |J|² overflows
/// float, so the solve has no point (Singular, Report::has_point false).
inline constexpr auto unscalable_floor = [](const auto&, const auto&, auto& rows) {
  typename std::remove_reference_t<decltype(rows)>::Row row;
  row.J << 0, 1e20f;
  row.g = 0;
  rows.add_inequality(7, row);
};

}  // namespace tact::test
