/// @file status.hpp
/// Outcome of a solve and the active-set strategies, without exceptions.
#pragma once

#include <cstdint>

namespace tact {

/// What a solve achieved. Outputs are finite whatever the status.
enum class Status : std::uint8_t {
  Solved,           ///< strategy finished; the working-set equations hold within tolerance
  IterationLimit,   ///< hard iteration cap reached; outputs are the last iterate
  Singular,         ///< the working set holds dependent rows the strategy cannot handle
  Infeasible,       ///< contradictory rows: dependent within rounding, their d's contradicting (README)
  Inaccurate,       ///< finished, but the residuals exceed the tolerance (ill-conditioned data)
  InvalidInput,     ///< NaN/Inf in the data, sizes beyond the bounds, or a bad parameter
  InvalidMass,      ///< mass matrix not symmetric positive definite (or a diagonal one whose inverse overflows)
};

/// Which inequality rows to handle (the working set).
enum class Strategy : std::uint8_t {
  Platt,          ///< paper Algorithm 1: working set carried across steps, drop when λ ≤ 0, add when violated
  PlattImproved,  ///< paper Algorithm 2: as Platt, but add rows with violation tendency J_k ẍ < d_k
  Right,          ///< paper Algorithm 3: empty set each step, add rows with J_k ẍ < d_k until none is added
  Exact,          ///< dual active set (Goldfarb–Idnani): every KKT condition, rows also released
};

/// True for the four strategies above (not for a value cast from elsewhere).
constexpr bool is_known(Strategy strategy) {
  return static_cast<unsigned>(strategy) <= static_cast<unsigned>(Strategy::Exact);
}

/// Short name of a status, for logs.
constexpr const char* to_string(Status status) {
  switch (status) {
    case Status::Solved: return "solved";
    case Status::IterationLimit: return "iteration-limit";
    case Status::Singular: return "singular";
    case Status::Infeasible: return "infeasible";
    case Status::Inaccurate: return "inaccurate";
    case Status::InvalidInput: return "invalid-input";
    case Status::InvalidMass: return "invalid-mass";
  }
  return "unknown";
}

/// Short name of a strategy, as accepted by the command-line tool.
constexpr const char* to_string(Strategy strategy) {
  switch (strategy) {
    case Strategy::Platt: return "platt";
    case Strategy::PlattImproved: return "platt-improved";
    case Strategy::Right: return "right";
    case Strategy::Exact: return "exact";
  }
  return "unknown";
}

/// Every strategy, in the paper's order, for loops in tests and examples.
inline constexpr Strategy kAllStrategies[] = {Strategy::Platt, Strategy::PlattImproved, Strategy::Right,
                                              Strategy::Exact};

}  // namespace tact
