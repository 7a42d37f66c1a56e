// Package bench holds cudafp's throughput benchmarks: one case list shared by
// go test -bench and cudafp bench (STYLE.md §2.11), timed only by package
// testing.
//
// The per-call cases (Cases, run as BenchmarkFunc) time every implemented
// catalog function under nvcc's default flags and, where the flag set changes
// it, under -use_fast_math, on input classes chosen by its family (normal,
// subnormal, special values, huge arguments; for integer arguments, small
// ones), and in the same run the alternatives a user would pick:
//
//   - impl=emu: the emulation, called as a user calls it (fp.FastMath.Expf(x),
//     intrinsics.FaddRZ(x, y), ptx.Ex2Approx(x, true));
//   - impl=native: the Go a user would write instead (x + y in float32,
//     float32(math.Exp(float64(x))), …), not bit-exact but the speed to beat,
//     where a natural one exists; the emulation reports x-native, its ns/call
//     over the native route's;
//   - impl=ref: the certified reference of package ulp (Round or Round2 in the
//     function's rounding mode);
//   - impl=bigfloat53, impl=bigfloat64: github.com/ALTree/bigfloat (Exp, Log,
//     Pow) at 53 and 64 bits, for the exponentials, logarithms and powf on
//     class normal; the reference reports x-bigfloat64, its ns/call over
//     bigfloat's at 64 bits.
//
// The sweep cases (SweepCases, run as BenchmarkSweep) measure the throughput
// of a ULP sweep in Minputs/s: the emulation alone over a large block of
// inputs, and the emulation with the reference and the statistics (package
// ulp's Exhaustive or Sampled, restricted to a few blocks).
//
// Sub-benchmarks are named function/flags=…/class=…/impl=… (sweeps:
// function/flags=…/part=…), so benchstat can compare them along any key:
//
//	go test ./bench -run '^$' -bench . -benchtime 200ms | tee new.txt
//	benchstat -col /impl new.txt
//
// One benchmark op evaluates the function on Calls precomputed inputs (a
// sweep op on SweepInputs); the metrics are per call (ns/call, cpu-ns/call,
// Mcalls/s) and the built-in ns/op is suppressed. Every case reports its
// allocations: the emulation allocates nothing.
//
// The emulation and native cases of a function with a certified reference
// also report its accuracy on the same inputs, measured once after the
// timed loop with the timer stopped (ulp.ReportAccuracy): max-ulp,
// max-err-ulp, mean-err-ulp, cr-share and over-bound, the inputs beyond the
// bound NVIDIA documents for the function under nvcc's default flags (the
// same bound under every flag set). benchstat compares flag sets on speed
// and accuracy alike:
//
//	go test ./bench -run '^$' -bench 'Func/expf/' -count 6 | tee expf.txt
//	benchstat -col /flags -filter /impl:emu expf.txt
//
// Benchmarks assert nothing about timings; the goals are Targets, read off
// the results by cudafp bench.
package bench

//go:generate go run gen_direct.go
