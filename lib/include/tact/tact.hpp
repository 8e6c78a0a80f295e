/// @file tact.hpp
/// Everything of tact in one include.
#pragma once

#include "tact/config.hpp"
#include "tact/constraints.hpp"
#include "tact/impulse.hpp"
#include "tact/problem.hpp"
#include "tact/solver.hpp"
#include "tact/status.hpp"
#include "tact/world.hpp"
