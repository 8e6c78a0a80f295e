# Mutants of the stepper rows and World (constraints.hpp, world.hpp,
# ImpulseWorld's β). Sessions 30 and 31: 18 mutants, all killed.
TARGETS="test_world test_examples_motion test_examples test_impulse test_corner"
C=lib/include/tact/constraints.hpp
W=lib/include/tact/world.hpp
I=lib/include/tact/impulse.hpp
baseline
run R1-baumgarte-2-over-tau $C 's/\(Scalar\(2\) \/ tau\)/(Scalar(1) \/ tau)/'
run R2-curvature-sign $C 's/return -row.curvature - /return row.curvature - /'
run R3-distance-curvature $C 's/row.curvature = \(speed2 - radial_speed \* radial_speed\) \/ r;/row.curvature = speed2 \/ r;/'
run R4-circle-curvature $C 's/row.curvature \+= v\(point \+ i\) \* v\(point \+ i\);/row.curvature += 0 * v(point + i);/'
run R5-candidate-tolerance $W 's/const bool candidate = !\(row.g > contact_tolerance\)/const bool candidate = !(row.g > Scalar(0))/'
run R6-platt-add-violated $W 's/if \(strategy == Strategy::Platt && memory_.initialized\) rows_.add_violated_to\(memory_, contact_tolerance\);//'
run R7-explicit-euler $W 's/const Scalar position = x\(i\) \+ h \* velocity;/const Scalar position = x(i) + h * v(i);/'
run R8-impulse-beta $I 's/\? -beta \* row.g \/ time_step/? -row.g \/ time_step/'
run R9-tau-positive $W 's/return tau > 0 && detail::is_finite\(tau\)/return detail::is_finite(tau)/'
run R10-beta-range $I 's/if \(!\(beta > 0\) \|\| !\(beta <= 1\)\) return false;/if (!(beta > 0)) return false;/'
run R11-distance-J-sign $C 's/row.J\(b \+ i\) = -u;/row.J(b + i) = u;/'
run R12-carried-candidate $W 's/\(carries_set && detail::is_finite\(row.g\) && memory_.contains\(rows_.id\(k\)\)\)/(carries_set \&\& memory_.contains(rows_.id(k)))/'
# Session 31.
run W1-commit-an-overflowed-state $W 's/  if \(!finite\) return false;\n  for \(Index i = 0; i < n; \+\+i\) \{/  for (Index i = 0; i < n; ++i) {/'
run W2-platt-adds-rows-in-contact $W 's/if \(inequality\(k\).g < -tolerance && !memory.insert/if (inequality(k).g < tolerance \&\& !memory.insert/'
run W3-full-set-keeps-vanished-ids $W 's/    memory.keep_if\(\[this\]\(RowId held\) \{ return holds_id\(held\); \}\);\n//'
run W4-minus-infinite-gap-valid $W 's/valid &= ineq_\[static_cast<std::size_t>\(k\)\].g > -std::numeric_limits<Scalar>::infinity\(\);/valid \&= ineq_[static_cast<std::size_t>(k)].g >= -std::numeric_limits<Scalar>::infinity();/'
run W5-row-overflow-ignored $W 's/if \(n < 1 \|\| n > MaxDof \|\| rows_overflow\) return false;/if (n < 1 || n > MaxDof || (rows_overflow \&\& false)) return false;/'
run W6-negative-tolerance-valid $W 's/!has_finite_nonnegative_bits\(contact_tolerance\)/!is_finite(contact_tolerance)/'
