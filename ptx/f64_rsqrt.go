package ptx

import "github.com/cudafp/cudafp/rounding"

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

// RsqrtApproxF64 is rsqrt.approx.f64 d, a, as ptxas expands it on sm_90
// (SASS of kernel rsqrt_, gpu/ref/funcs64/*.sass.xz): the seed
// RsqrtApproxFTZF64 refined by one Newton step in double, r + r·e·(1/2 +
// 3e/8) with e = 1 − a·r², every operation fma.rn, mul.rn; a positive
// subnormal a is scaled by 2^54 first and its result by 2^27.
//
// Special cases are (in order):
//
//	RsqrtApproxF64(±0) = ±Inf
//	RsqrtApproxF64(NaN) = a quieted (a + a)
//	RsqrtApproxF64(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	RsqrtApproxF64(+Inf) = +0
//
// Accuracy: bit-exact with the H100's rsqrt.approx.f64 on the special rows
// of testdata/golden/mufu64 (every exponent, both signs) and with CUDA's
// rsqrt (which is this one instruction) on its golden data.
func RsqrtApproxF64(a uint64) uint64 {
	const (
		signMask = 1 << 63
		twoP54   = 0x4350000000000000
		twoP27   = 0x41a0000000000000
		infBits  = 0x7ff0000000000000
	)
	if h := uint32(a >> 32); h-0x00100000 < 0x7fe00000 { // 2^-1022 ≤ a < +Inf
		return rsqrtNewtonF64(a)
	}
	switch {
	case a&^signMask == 0:
		return a | infBits
	case a&^signMask > infBits:
		return rounding.Add64RN(a, a)
	case a&signMask != 0:
		return 0xfff8000000000000
	case a == infBits:
		return 0
	}
	return rounding.Mul64RN(rsqrtNewtonF64(rounding.Mul64RN(a, twoP54)), twoP27)
}

// rsqrtNewtonF64 is RsqrtApproxF64's step on a positive normal a: DMUL
// r·r, DFMA a·(−r²) + 1, DFMA e·3/8 + 1/2, DMUL r·e, DFMA c·(r·e) + r.
func rsqrtNewtonF64(a uint64) uint64 {
	const (
		one        = 0x3ff0000000000000
		half       = 0x3fe0000000000000
		threeEight = 0x3fd8000000000000
	)
	r := RsqrtApproxFTZF64(a)
	e := rounding.Fma64RN(a, rounding.Mul64RN(r, r)^1<<63, one)
	c := rounding.Fma64RN(e, threeEight, half)
	return rounding.Fma64RN(c, rounding.Mul64RN(r, e), r)
}
