// Writes the benchmark set: deterministic instances of the five problem
// classes of the performance issue, in the tact-qp format.
//   make_problems <output-dir>
// Each class has a few instances (different seeds or states); the number of
// rows active at the optimum is checked with a double-precision exact solve
// and printed, so the set's description stays true.
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Dense>

#include "tact/problem_io.hpp"
#include "tact/solver.hpp"

namespace {

using Problem = tact::Problem<32, 8, 96, float>;
using Checker = tact::Solver<32, 8, 96, double>;

Problem problem;
tact::Problem<32, 8, 96, double> problem_double;
Checker checker;
std::vector<char> text(1 << 20);

int active_rows() {
  problem_double = problem.cast<double>();
  const auto report = checker.solve(problem_double, tact::Strategy::Exact);
  if (report.status != tact::Status::Solved) return -1;
  int active = 0;
  for (int k = 0; k < problem.num_ineq; ++k) active += checker.multiplier_ineq(k) > 1e-9 ? 1 : 0;
  return active;
}

int touching_rows(const std::vector<float>& gaps) {
  int touching = 0;
  for (const float g : gaps) touching += g <= 1e-5f ? 1 : 0;
  return touching;
}

void save(const std::string& dir, const std::string& name, const char* comment) {
  const std::size_t length = tact::write_problem(problem, text.data(), text.size());
  const std::string path = dir + "/" + name + ".qp";
  std::FILE* file = std::fopen(path.c_str(), "w");
  if (!file || length >= text.size()) {
    std::fprintf(stderr, "cannot write %s\n", path.c_str());
    std::exit(1);
  }
  std::fprintf(file, "# %s\n", comment);
  std::fwrite(text.data(), 1, length, file);
  std::fclose(file);
  std::printf("%-28s n=%2d eq=%d ineq=%2d active=%2d  %s\n", name.c_str(), problem.n, problem.num_eq,
              problem.num_ineq, active_rows(), comment);
}

// Paper's corner: m = 2, g1 = x − y, g2 = y, at rest.
void corner(const std::string& dir, float fx, float fy, const char* name) {
  if (!problem.resize(2, 0, 2)) std::exit(1);
  problem.M(0, 0) = problem.M(1, 1) = 2;
  problem.f << fx, fy;
  problem.J_ineq.topLeftCorner(2, 2) << 1, -1, 0, 1;
  save(dir, name, "corner: particle at the corner of g1 = x - y >= 0, g2 = y >= 0");
}

// God-object proxy in a unit box: min ½|p − device|² over the box's six
// faces, device pushed beyond a corner, an edge or a face.
void haptic(const std::string& dir, float dx, float dy, float dz, const char* name) {
  if (!problem.resize(3, 0, 6)) std::exit(1);
  problem.M.topLeftCorner(3, 3).setIdentity();
  problem.f.head(3) << dx, dy, dz;
  for (int axis = 0; axis < 3; ++axis) {
    problem.J_ineq(2 * axis, axis) = 1;       // p_axis ≥ 0
    problem.J_ineq(2 * axis + 1, axis) = -1;  // p_axis ≤ 1
    problem.d_ineq(2 * axis + 1) = -1;
  }
  save(dir, name, "haptic proxy: min |p - device|^2 inside a unit box (6 faces)");
}

// Eleven discs (radius 1) in a table corner: a rack of ten in a triangle
// against the walls x ≥ 1, y ≥ 1 and a cue ball moving into it; rows are
// the two walls per disc and one distance per pair, d with Baumgarte's
// term (τ = 0.02) at the current positions and velocities.
void billiard(const std::string& dir, float cue_speed, float cue_angle, const char* name) {
  constexpr int kBalls = 11;
  constexpr float r = 1, tau = 0.02f;
  float px[kBalls], py[kBalls], vx[kBalls] = {}, vy[kBalls] = {};
  int ball = 0;
  for (int row = 0; row < 4; ++row)
    for (int i = 0; i < 4 - row; ++i, ++ball) {
      px[ball] = r + 2 * r * static_cast<float>(i) + r * static_cast<float>(row);
      py[ball] = r + std::sqrt(3.0f) * r * static_cast<float>(row);
    }
  // Cue ball touching the top of the rack, moving into it.
  px[10] = px[9] + 2 * r * std::cos(cue_angle);
  py[10] = py[9] + 2 * r * std::sin(cue_angle);
  vx[10] = -cue_speed * std::cos(cue_angle);
  vy[10] = -cue_speed * std::sin(cue_angle);

  if (!problem.resize(2 * kBalls, 0, 77)) std::exit(1);
  for (int i = 0; i < 2 * kBalls; ++i) problem.M(i, i) = 0.17f;  // kg
  std::vector<float> gaps;
  int k = 0;
  auto add_row = [&](float g, float jv, float curvature) {
    problem.d_ineq(k) = -curvature - (2 / tau) * jv - g / (tau * tau);
    gaps.push_back(g);
    ++k;
  };
  for (int b = 0; b < kBalls; ++b) {
    problem.J_ineq(k, 2 * b) = 1;  // x_b ≥ r
    add_row(px[b] - r, vx[b], 0);
    problem.J_ineq(k, 2 * b + 1) = 1;  // y_b ≥ r
    add_row(py[b] - r, vy[b], 0);
  }
  for (int a = 0; a < kBalls; ++a)
    for (int b = a + 1; b < kBalls; ++b) {
      const float dx = px[a] - px[b], dy = py[a] - py[b];
      const float dist = std::sqrt(dx * dx + dy * dy);
      const float ux = dx / dist, uy = dy / dist;
      const float rvx = vx[a] - vx[b], rvy = vy[a] - vy[b];
      problem.J_ineq(k, 2 * a) = ux;
      problem.J_ineq(k, 2 * a + 1) = uy;
      problem.J_ineq(k, 2 * b) = -ux;
      problem.J_ineq(k, 2 * b + 1) = -uy;
      const float radial = ux * rvx + uy * rvy;
      add_row(dist - 2 * r, radial, (rvx * rvx + rvy * rvy - radial * radial) / dist);
    }
  char comment[160];
  std::snprintf(comment, sizeof comment,
                "billiard: 11 discs racked in a corner, cue ball hitting the rack; %d of 77 rows touching",
                touching_rows(gaps));
  save(dir, name, comment);
}

// Dense random SPD M (condition ≤ 1e2), random rows through a point a0 with
// a small slack; f chosen so that about `target_active` rows bind.
void dense_random(const std::string& dir, int n, int eq, int ineq, int target_active, unsigned seed,
                  const char* name) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> normal(0, 1);
  for (int attempt = 0; attempt < 10000; ++attempt) {
    if (!problem.resize(n, eq, ineq)) std::exit(1);
    Eigen::MatrixXd G(n, n);
    for (int i = 0; i < n * n; ++i) G(i) = normal(rng);
    Eigen::MatrixXd M = G * G.transpose() / n + 0.1 * Eigen::MatrixXd::Identity(n, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j) problem.M(i, j) = problem.M(j, i) = static_cast<float>(M(i, j));
    Eigen::VectorXd a0(n);
    for (int i = 0; i < n; ++i) a0(i) = normal(rng);
    for (int i = 0; i < n; ++i) problem.f(i) = static_cast<float>(4 * normal(rng));
    for (int k = 0; k < eq + ineq; ++k) {
      double value = 0;
      for (int j = 0; j < n; ++j) {
        const float entry = static_cast<float>(normal(rng));
        (k < eq ? problem.J_eq(k, j) : problem.J_ineq(k - eq, j)) = entry;
        value += static_cast<double>(entry) * a0(j);
      }
      if (k < eq)
        problem.d_eq(k) = static_cast<float>(value);
      else
        problem.d_ineq(k - eq) = static_cast<float>(value - 0.5 * std::fabs(normal(rng)));
    }
    if (active_rows() != target_active) continue;
    char comment[128];
    std::snprintf(comment, sizeof comment, "dense random SPD M, %d dofs, %d eq, %d ineq rows, %d active", n, eq, ineq,
                  target_active);
    save(dir, name, comment);
    return;
  }
  std::fprintf(stderr, "%s: no instance with %d active rows\n", name, target_active);
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output-dir>\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1];
  corner(dir, 2, -1, "corner-1");
  corner(dir, -1, -2, "corner-2");
  haptic(dir, -0.1f, -0.05f, -0.2f, "haptic-corner");
  haptic(dir, 0.5f, -0.05f, -0.2f, "haptic-edge");
  haptic(dir, 1.3f, 1.2f, 1.1f, "haptic-corner-2");
  billiard(dir, 3.0f, 0.9f, "billiard-1");
  billiard(dir, 5.0f, 1.3f, "billiard-2");
  dense_random(dir, 12, 2, 24, 8, 1, "dense-12-2-24-a");
  dense_random(dir, 12, 2, 24, 8, 2, "dense-12-2-24-b");
  dense_random(dir, 30, 0, 60, 20, 3, "dense-30-0-60-a");
  dense_random(dir, 30, 0, 60, 20, 4, "dense-30-0-60-b");
  return 0;
}
