package ptx

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
