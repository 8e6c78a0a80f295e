// Host/target agreement of the example scenes over a short run, shared by
// the host (tests/host/scene_agreement_test.cpp: writes and checks the
// reference table scene_agreement_expected.hpp) and the target
// (tests/target/scene_agreement_test.cpp: compares its own run with it).
//
//   * haptic: the example's scripted path (2300 ticks); the proxy every
//     kHapticEvery ticks. Each tick is an independent projection, so host
//     and target differ only by the rounding of one solve: a few ulps of a
//     coordinate of ~5 cm (ulp 3.7e-9 m). Tolerance kHapticTolerance.
//   * billiard: the example's break for kBilliardSteps steps; the positions
//     every kBilliardEvery steps. Rounding differences (x86-64 SSE vs FPv4/
//     FPv5 with fused multiply-add vs soft float; Eigen's vectorised sums on
//     the host) feed back through the contacts, and a break is chaotic:
//     on the host a 1-ulp change of every position moves the balls by
//     6e-8 m until the hit (step ~230), 2.0e-6 m at step 300, 1e-5 m at
//     step 600, and by millimetres from step ~900 when the contact
//     sequence changes (SceneAgreement.BilliardSensitivity prints it). The
//     run covers the approach and the first ~70 steps of the break; the
//     tolerance, 0.25 mm (< 1 % of a radius), is 100 times the 1-ulp
//     response at its end, for rounding differences that enter at every
//     step rather than once. A different contact sequence or a wrong solve
//     moves balls by millimetres and fails it.
#pragma once

namespace tact::test {

inline constexpr int kHapticEvery = 10;                // ticks between checkpoints
inline constexpr float kHapticTolerance = 1e-7f;       // m, per coordinate of the proxy
inline constexpr int kBilliardSteps = 300;             // 0.15 s: approach, hit at ~step 190, break
inline constexpr int kBilliardEvery = 10;              // steps between checkpoints
inline constexpr int kBilliardCheckpoints = kBilliardSteps / kBilliardEvery;
inline constexpr float kBilliardTolerance = 2.5e-4f;  // m, per coordinate: at least 100 × the 1-ulp response (2.0e-6 m: 125 ×)

}  // namespace tact::test
