# Mutants of impulse.hpp (PGS, the corrections, ImpulseWorld). Session 31:
# 33 mutants (S4, S7 of session 30), all killed but the two marked equivalent.
TARGETS="test_impulse test_world test_examples"
I=lib/include/tact/impulse.hpp
W=lib/include/tact/world.hpp
baseline
run G01-no-omega $I 's/Scalar next = lambda_\(i\) - settings.omega \* value/Scalar next = lambda_(i) - value/'
run G02b-jacobi-like $I 's/for \(Index j = 0; j < m; \+\+j\) value \+= problem.W\(j, i\) \* lambda_\(j\);/for (Index j = 0; j < i; ++j) value += problem.W(j, i) * lambda_(j);/'
run G03-no-initial-projection $I 's/if \(i >= problem.num_bilateral\) start = detail::max_of\(start, Scalar\(0\)\);/;/'
run G07-zero-row-takes-initial $I 's/Scalar start = initial && !zero_row \?/Scalar start = initial ?/'
run G04-no-early-stop $I 's/if \(largest_change <= settings.tolerance \* \(q_scale \+ tiny\)\) \{/if (largest_change < Scalar(0) * q_scale * tiny) {/'
run G12-initial-not-checked $I 's/if \(probe != Scalar\(0\)\) \{\n        report.status = Status::InvalidInput;/if (false) {\n        report.status = Status::InvalidInput;/'
run G08-negative-diag-as-zero $I 's/if \(diagonal != Scalar\(0\)\) \{  \/\/ W_ii < 0/if (false) {  \/\/ W_ii < 0/'
run G09-no-early-infeasible $I 's/if \(zero_rows && detail::zero_row_violated\(problem, w_, settings.tolerance, report.scale\)\) \{/if (false) {/'
run G11-q-scale-signed $I 's/q_scale = detail::max_of\(q_scale, std::fabs\(problem.q\(i\)\)\);/q_scale = detail::max_of(q_scale, problem.q(i));/'
run C01-uncoupled-as-linear $I 's/if \(kind == Correction::Uncoupled \|\| \(kind/if ((kind/'
run C02-precompute-always $I 's/if \(kind == Correction::Precomputed && !\(precomputed_ && precomputed_n_ == n\)\) precompute\(\);/if (kind == Correction::Precomputed) precompute();/'
run C07-no-back-substitute $I 's/if \(kind == Correction::LinearSolver\) detail::backward_substitute_transposed\(factor_, n, dv\);/;/'
run C10-diag-threshold-0 $I 's/if \(!\(A\(i, i\) > eps \* largest\)\) return Status::InvalidMass;/if (!(A(i, i) > 0)) return Status::InvalidMass;/'
run I01-no-memory-clear $I 's/    memory_.clear\(\);\n    correction_.kind/    correction_.kind/'
run I02-no-regularization $I 's/constraint_.W\(r, r\) \+= compliance_\(r\) \+ regularization;/constraint_.W(r, r) += compliance_(r);/'
run I03-no-compliance $I 's/constraint_.W\(r, r\) \+= compliance_\(r\) \+ regularization;/constraint_.W(r, r) += regularization;/'
run I05-primal-force-no-h $I 's/problem_.f\(i\) = momentum \+ time_step \* f\(i\);/problem_.f(i) = momentum + f(i);/'
run I09-primal-lambda-slot $I 's/lambda_ineq_\[static_cast<std::size_t>\(candidate_\[static_cast<std::size_t>\(s\)\]\)\] = lambda;/lambda_ineq_[static_cast<std::size_t>(s)] = lambda;/'
run I10-dual-lambda-slot $I 's/lambda_ineq_\[static_cast<std::size_t>\(candidate_\[static_cast<std::size_t>\(s\)\]\)\] = \(\*lambda\)\(num_eq \+ s\);/lambda_ineq_[static_cast<std::size_t>(s)] = (*lambda)(num_eq + s);/'
run I11-vfree-no-h $I 's/v_free_\(i\) = v\(i\) \+ time_step \* v_free_\(i\);/v_free_(i) = v(i) + v_free_(i);/'
run I12-no-lambda-reset $I 's/    lambda_eq_.fill\(Scalar\(0\)\);\n    lambda_ineq_.fill\(Scalar\(0\)\);\n    if \(!parameters_valid/    if (!parameters_valid/'
run I04-velocity-stab-uses-g $I 's/return stabilization == Stabilization::Position \? -beta \* row.g \/ time_step : Scalar\(0\);/return -beta * row.g \/ time_step;/'
run I06-precompute-pending-kept $I 's/      precompute_pending_ = false;\n/\n/'
run I07-primal-eq-residual-off $I 's/residual = detail::max_of\(residual, std::fabs\(w\)\);/residual = detail::max_of(residual, Scalar(0) * w);/'
run I13-candidate-strict $I 's/if \(g <= contact_tolerance \|\| carried\)/if (g < contact_tolerance || carried)/'
run I13w-world-candidate-strict lib/include/tact/world.hpp 's/const bool candidate = !\(row.g > contact_tolerance\) \|\|/const bool candidate = !(row.g >= contact_tolerance) ||/'
run I15-overflow-keeps-lambda $I 's/report.status = Status::InvalidInput;  \/\/ the rest of the report is the solve.s, as World.s\n      lambda_eq_.fill\(Scalar\(0\)\);\n      lambda_ineq_.fill\(Scalar\(0\)\);/report.status = Status::InvalidInput;/'
run I16-beta-1-excluded $I 's/if \(!\(beta > 0\) \|\| !\(beta <= 1\)\) return false;/if (!(beta > 0) || !(beta < 1)) return false;/'
run R01-world-reset-noop lib/include/tact/world.hpp 's/void reset_memory\(\) \{ memory_.clear\(\); \}/void reset_memory() {}/'
run R02-impulse-reset-noop lib/include/tact/impulse.hpp 's/void reset_memory\(\) \{ memory_.clear\(\); \}/void reset_memory() {}/'
run S4-dual-no-clamp $I 's/if \(report.status == Status::Solved && !within && clamp_negative_impulses\(problem.num_bilateral, m\)\)/if (report.status == Status::Solved \&\& !within \&\& false)/'
# Equivalent in practice: the Solver's row_scale already holds max |d|
# whenever a step goes on (it is 0 only for a refused solve).
run I08-primal-scale-no-deq $I 's/scale = detail::max_of\(scale, std::fabs\(problem_.d_eq\(k\)\)\);/;/'
# Equivalent in practice: FLT_MIN added to a scale only matters for a
# scale of 0, where the residual is 0 too (session 30).
run S7-lcp-within-no-tiny $I 's/residual <= tolerance \* \(scale \+ std::numeric_limits<Scalar>::min\(\)\);/residual <= tolerance * scale;/'
