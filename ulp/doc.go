// Package ulp measures how far cudafp's float32 functions are from the
// mathematical truth.
//
// It holds these things:
//
//   - Correctly rounded references (Ref) of the mathematical functions behind
//     the CUDA functions: exp, exp2, exp10, log, log2, log10, sin, cos, tan,
//     sinpi, cospi, tanh, pow, sqrt, rsqrt, div and rcp, the inverse
//     trigonometric and hyperbolic functions, erf and its kin, the Bessel
//     functions, hypot and the norms (Refs and Lookup list them), in every
//     rounding mode. Each one
//     evaluates a fast path in float64 / double-double arithmetic with a
//     proven error bound and a rounding test; only when the test cannot
//     decide does it fall back to the certified big-float oracle of
//     internal/oracle. References also give a double-double value of f(x)
//     (Value) for fractional error metrics.
//   - Correctly rounded references of binary64 results (Ref64, Refs64 and
//     Lookup64, by the same names): the same functions from exp to rhypot,
//     with fast paths in double-double arithmetic that carries a proven
//     error bound through every operation (xdd), rounded by decide64, and
//     the binary64 Ziv loop of internal/oracle (oracle.Func64) behind
//     them, whose precision schedule (128 to 4096 bits) and worst case
//     are documented there. Dist64 and Err64 measure binary64 results.
//   - Error metrics: Dist, the integer ULP distance on the ordered line
//     (CUDA's metric: NVIDIA states its bounds against the correctly rounded
//     result), Err, the fractional error in ulps of the exact value, and
//     AbsErr.
//   - Sweeps: exhaustive over all 2^32 inputs of a unary function (every
//     core, progress bar, cancellable, shardable, resumable; several
//     functions measured against one reference share its evaluations,
//     ExhaustiveShared, which takes each function as a Run32 over a batch
//     of consecutive inputs), sampled from an input generator, and special-value
//     grids, each producing a Result of mergeable, deterministic statistics.
//   - Accuracy beside speed in go test -bench: ReportAccuracy measures a
//     benchmarked function (cudafp's or the caller's own, Float) on its
//     inputs against a reference once, after the timed loop, and reports
//     max-ulp, max-err-ulp, mean-err-ulp, cr-share and over-bound.
package ulp

//go:generate go run gen_tables.go
