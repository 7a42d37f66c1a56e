// Package ptx gives the semantics of the PTX .f32 instruction forms CUDA
// math uses, as sm_90 executes them (NVIDIA H100, CUDA 13.0): each function
// takes and returns binary32 encodings (uint32), is total, and is bit-exact
// with the device.
//
// The IEEE forms (add, sub, mul, fma, div.rn, rcp.rn, sqrt.rn, cvt, …) are
// the correctly rounded operations of package rounding under their PTX
// names. The approximate forms run on the multifunction unit (MUFU), modelled
// here datapath and all: ex2.approx, lg2.approx, rcp.approx, rsqrt.approx
// and sqrt.approx (Ex2Approx, Lg2Approx, RcpApprox, RsqrtApprox,
// SqrtApprox: table-based quadratic interpolation with coefficients derived
// from device data, see mufu.go), sin.approx, cos.approx and tanh.approx,
// and the divisions built on MUFU.RCP, div.approx and div.full (DivApprox,
// DivFull). Two 16-bit forms run on the same unit: tanh.approx.f16 and
// tanh.approx.bf16 (TanhApproxF16, TanhApproxBF16, on 16-bit encodings:
// tanh.approx.f32's datapath, its result truncated to 16 bits).
//
// The MUFU cores flush: they read subnormal inputs as zeros of the same sign
// and return zero for results below 2^-126. The .ftz forms are the bare
// MUFU operations; the forms without .ftz are the fix-up code ptxas wraps
// around them (scaling subnormal operands by 2^24 and the result back,
// halving ex2's argument below -126 and squaring the result), whose IEEE
// multiplies and adds round to nearest without flushing. Each function's
// ftz argument selects the form, and its documentation gives the sequence.
//
// NaN results are the canonical NaN 0x7fffffff, as on the device.
//
// The MUFU models are integer arithmetic on the encodings; the IEEE forms
// are package rounding's, which computes on host floating point where IEEE
// 754 makes it exact (rounding/host.go). Nothing allocates. BenchmarkMufu times the MUFU forms per input class (go test
// ./ptx -run '^$' -bench Mufu); on a 2-core 2.3 GHz Xeon (medians of three
// runs) a call costs 5.5–9 ns on normal arguments (ex2 7.9, lg2 6.4–6.6,
// rcp 6.6–6.7, rsqrt 5.5, sqrt 5.5–5.6, sin and cos 9.0, tanh 8.7), 9.1–9.3
// ns for the divisions with quotients in range and 10.0–10.6 ns over
// operands of every exponent (a quarter of the quotients overflow or are
// tiny), 2–2.4 ns on subnormal inputs of the .ftz forms and 6.9–10.2 ns on
// those of the non-.ftz forms, whose fix-up sequences run.
package ptx
