package fp

import (
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Expf returns e^x as CUDA's expf computes it under fl.
//
// Special cases are:
//
//	Expf(+Inf) = +Inf
//	Expf(-Inf) = +0
//	Expf(NaN) = NaN (canonical 0x7fffffff)
//	Expf(±0) = 1
//	Expf(x) = +Inf for x ≥ 0x1.62e43p+06 (≈ 88.72284)
//	Expf(x) = +0 for x ≤ -0x1.9fe36ap+06 (≈ -103.97208); -0x1.5d58ap+06 (≈ -87.33655) with -ftz=true
//
// Under -use_fast_math the thresholds are __expf's (intrinsics.Expf).
//
// Accuracy: bit-exact with the H100's expf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 2 (full range)".
// Under -use_fast_math it is __expf, documented (Table 21): "The maximum ulp
// error is 2 + floor(abs(1.173 * x))".
//
// Flags: -use_fast_math: __expf (x·log2(e) rounded, then ex2.approx.ftz.f32;
// intrinsics.Target.Expf). -ftz=true: the .ftz forms of the fma, cvt.sat,
// add and the final multiply, so results below 2^-126 flush to +0 (without
// it they are subnormal). -fmad=false: add.rn/mul.rn in place of add/mul,
// with the same results (no pair is contracted: see arith.go). -prec-div and
// -prec-sqrt do not change it.
func (fl Flags) Expf(x float32) float32 {
	if fl.FastLib {
		return intrinsics.Target{FTZ: fl.FTZ}.Expf(x)
	}
	// expKernel written out: one call fewer on the common path.
	if z, ok := expFast(toBits(x), expfConst); ok { // fastkern.go
		return fromBits(z)
	}
	return fromBits(expSeq(toBits(x), expfConst, fl.FTZ))
}

// Expf returns expf(x) under nvcc's default flags (Flags{}.Expf).
func Expf(x float32) float32 { return Flags{}.Expf(x) }

// Exp10f returns 10^x as CUDA's exp10f computes it under fl.
//
// Special cases are:
//
//	Exp10f(+Inf) = +Inf
//	Exp10f(-Inf) = +0
//	Exp10f(NaN) = NaN (canonical 0x7fffffff)
//	Exp10f(±0) = 1
//	Exp10f(x) = +Inf for x ≥ 0x1.344136p+05 (≈ 38.53184)
//	Exp10f(x) = +0 for x ≤ -0x1.693c6ap+05 (≈ -45.1545); -0x1.2f7032p+05 (≈ -37.929783) with -ftz=true
//
// Under -use_fast_math the thresholds are __exp10f's (intrinsics.Exp10f).
//
// Accuracy: bit-exact with the H100's exp10f (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)". Under -use_fast_math it is __exp10f, documented (Table 21): "The
// maximum ulp error is 2 + floor(abs(2.97 * x))".
//
// Flags: -use_fast_math: __exp10f (x·log2(10) rounded, then
// ex2.approx.ftz.f32; intrinsics.Target.Exp10f). -ftz=true: the .ftz forms,
// so results below 2^-126 flush to +0. -fmad=false: add.rn/mul.rn in place
// of add/mul, with the same results. -prec-div and -prec-sqrt do not change
// it.
func (fl Flags) Exp10f(x float32) float32 {
	if fl.FastLib {
		return intrinsics.Target{FTZ: fl.FTZ}.Exp10f(x)
	}
	return fromBits(expKernel(toBits(x), exp10fConst, fl.FTZ))
}

// Exp10f returns exp10f(x) under nvcc's default flags (Flags{}.Exp10f).
func Exp10f(x float32) float32 { return Flags{}.Exp10f(x) }

// Exp2f returns 2^x as CUDA's exp2f computes it under fl: one
// ex2.approx.f32 (ptx.Ex2Approx).
//
// Special cases are:
//
//	Exp2f(+Inf) = +Inf
//	Exp2f(-Inf) = +0
//	Exp2f(NaN) = NaN (canonical 0x7fffffff)
//	Exp2f(±0) = 1
//	Exp2f(k) = 2^k for integer k, -149 ≤ k ≤ 127 (-126 ≤ k with -ftz=true), except
//	Exp2f(-127) = 0x1.fffff8p-128 (ex2.approx.f32 squares ex2(x/2) below -126)
//	Exp2f(x) = +Inf for x ≥ 128
//	Exp2f(x) = +0 for x ≤ -150; x < -126 with -ftz=true
//
// Accuracy: bit-exact with the H100's exp2f (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 2 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): ex2.approx.ftz.f32,
// subnormal inputs read as ±0 (Exp2f = 1) and subnormal results flushed to
// +0. exp2f is not among -use_fast_math's library swaps, and -prec-div,
// -prec-sqrt and -fmad do not change it.
func (fl Flags) Exp2f(x float32) float32 { return fromBits(ptx.Ex2Approx(toBits(x), fl.FTZ)) }

// Exp2f returns exp2f(x) under nvcc's default flags (Flags{}.Exp2f).
func Exp2f(x float32) float32 { return Flags{}.Exp2f(x) }

// The kernels below are the PTX of kernels expf_ and exp10f_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90); with
// ftz every float instruction but ex2 (already .ftz) takes its .ftz form.
// Algorithm (libdevice): with t = sat(x·log2(b)/252 + 1/2), fma.rm(t, 252,
// 0x1.800002p+23) holds n = ⌊252·t⌋ in its last bits, so that k = n − 126 =
// ⌊x·log2(b)⌋ clamped to [−126, 126] is the float j − 0x1.8000fep+23 and
// 2^k is j's encoding shifted into the exponent field; r = x·log2(b) − k in
// two fmas with log2(b) split hi + lo; the result is ex2.approx.ftz(r)·2^k.

// expConsts are the constants of one kernel.
type expConsts struct {
	scale  uint32 // log2(b)/252, rounded: the first fma's multiplier
	hi, lo uint32 // log2(b) = hi + lo
}

var (
	expfConst   = expConsts{scale: 0x3bbb989d, hi: 0x3fb8aa3b, lo: 0x32a57060} // 0x1.77313ap-8; 0x1.715476p+0, 0x1.4ae0cp-26
	exp10fConst = expConsts{scale: 0x3c57fa62, hi: 0x40549a78, lo: 0x33979a37} // 0x1.aff4c4p-7; 0x1.a934fp+1, 0x1.2f346ep-24
)

func expKernel(x uint32, c expConsts, ftz bool) uint32 {
	if z, ok := expFast(x, c); ok { // fastkern.go
		return z
	}
	return expSeq(x, c, ftz)
}

// expSeq is expKernel's sequence, instruction by instruction.
func expSeq(x uint32, c expConsts, ftz bool) uint32 {
	t := fma(x, c.scale, 0x3f000000, ftz)                     // fma.rn x·scale + 0.5
	t = ptx.CvtSat(t, ftz)                                    // cvt.sat.f32.f32: [0, 1], NaN → 0
	j := ptx.Fma(t, 0x437c0000, 0x4b400001, rounding.RD, ftz) // fma.rm t·252 + 0x1.800002p+23
	k := add(j, 0xcb40007f, ftz)                              // add.f32 j − 0x1.8000fep+23 = k
	r := fma(x, c.hi, ptx.Neg(k, ftz), ftz)                   // fma.rn x·hi − k
	r = fma(x, c.lo, r, ftz)                                  // fma.rn x·lo + r
	s := j << 23                                              // shl.b32: 2^k
	return mul(ptx.Ex2Approx(r, true), s, ftz)                // ex2.approx.ftz.f32, then mul.f32
}
