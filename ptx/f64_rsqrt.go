package ptx

import (
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/rounding"
)

// RsqrtApproxFTZF64 is rsqrt.approx.ftz.f64 d, a: one MUFU.RSQ64H on the
// high word of a, whose result is the high word of d (the low word is 0).
// CUDA's double library seeds Newton iterations with it (asinh, acosh, …).
//
// Special cases are (in order):
//
//	RsqrtApproxFTZF64(-0) = -Inf, as for every negative subnormal (read as -0)
//	RsqrtApproxFTZF64(x) = NaN (0x7fffffff00000000) for x < 0, -Inf included, and for a NaN x of either sign
//	RsqrtApproxFTZF64(+Inf) = +0, as is any operand whose high word is +Inf's
//	RsqrtApproxFTZF64(x) = +Inf for 0 ≤ x < 2^-1022 (subnormals read as +0)
//
// Accuracy: bit-exact with the H100's MUFU.RSQ64H (sm_90, CUDA 13.0) on the
// device tables in testdata/golden/mufu64 (every high word of [1/2, 2) and
// the special rows of every exponent). The result's 20-bit fraction is
// rsqrt.approx.ftz.f32's (RsqrtApprox) of the float32 with the operand's
// 20 high fraction bits and the parity of its exponent, truncated.
func RsqrtApproxFTZF64(a uint64) uint64 {
	h := uint32(a >> 32)
	e := int32(h >> 20 & 0x7ff)
	f := h & 0xfffff
	switch {
	case h>>31 != 0:
		if e == 0 {
			return 0xfff00000 << 32
		}
		return 0x7fffffff << 32
	case e == 0x7ff:
		if f != 0 {
			return 0x7fffffff << 32
		}
		return 0
	case e == 0:
		return 0x7ff00000 << 32
	}
	// x = 1.f·2^E: rsqrt(x) = r·2^(-(E+odd)/2) with r = RsqrtApprox(1.f·2^-odd),
	// odd the parity of E.
	ue := e - 1023
	odd := uint32(ue & 1)
	r := RsqrtApprox((127-odd)<<23|f<<3, true)
	re := int32(r>>23) - 127 + 1023 - (ue+int32(odd))>>1
	return uint64(uint32(re)<<20|r&0x7fffff>>3) << 32
}

// RsqrtApproxF64 is rsqrt.approx.f64 d, a as ptxas expands it on sm_90:
// r = RsqrtApproxFTZF64(a) and one Newton step r + (3/8·e + 1/2)·(r·e),
// e = 1 − r²·a, in DMUL and DFMA, for a positive normal a; every other
// operand goes to a subroutine that handles the cases below and takes a
// subnormal a through the same step on a·2^54, scaled back by 2^27.
// CUDA's double library calls it in erfcinv and normcdfinv.
//
// Special cases are (in order):
//
//	RsqrtApproxF64(±0) = ±Inf
//	RsqrtApproxF64(NaN) = x quieted, sign and payload kept
//	RsqrtApproxF64(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	RsqrtApproxF64(+Inf) = +0
//
// Accuracy: bit-exact with the H100's rsqrt.approx.f64 (sm_90, CUDA 13.0)
// on the special rows of testdata/golden/mufu64 (every exponent, both
// signs).
func RsqrtApproxF64(a uint64) uint64 {
	h := uint32(a >> 32)
	if h-0x00100000 < 0x7fe00000 { // DFMA e = −r²·(−a) + 1
		r := RsqrtApproxFTZF64(a)
		e := rounding.Fma64RN(rounding.Mul64RN(r, r)^f64.SignMask, a, 0x3ff0000000000000)
		return rsqrtStep(r, e)
	}
	switch {
	case a&^f64.SignMask == 0:
		return a | 0x7ff0000000000000
	case a&^f64.SignMask > 0x7ff0000000000000:
		return a | 1<<51
	case h>>31 != 0:
		return 0xfff8000000000000
	case a == 0x7ff0000000000000:
		return 0
	}
	// A subnormal: a·2^54 (exact), e = a·(−r²) + 1, the result times 2^27.
	a = rounding.Mul64RN(a, 0x4350000000000000)
	r := RsqrtApproxFTZF64(a)
	e := rounding.Fma64RN(a, rounding.Mul64RN(r, r)^f64.SignMask, 0x3ff0000000000000)
	return rounding.Mul64RN(rsqrtStep(r, e), 0x41a0000000000000)
}

// rsqrtStep is r + (3/8·e + 1/2)·(r·e) in DFMA and DMUL.
func rsqrtStep(r, e uint64) uint64 {
	c := rounding.Fma64RN(e, 0x3fd8000000000000, 0x3fe0000000000000)
	return rounding.Fma64RN(c, rounding.Mul64RN(r, e), r)
}
