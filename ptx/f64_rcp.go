package ptx

// RcpApproxFTZF64 is rcp.approx.ftz.f64 d, a: one MUFU.RCP64H on the high
// word of a, whose result is the high word of d (the low word is 0). It is
// the seed of the Newton iterations in CUDA's double library (log, log2,
// log10, log1p, …).
//
// Special cases are (in order):
//
//	RcpApproxFTZF64(NaN) = 0x7fffffff00000000 (either sign, any payload)
//	RcpApproxFTZF64(±Inf) = ±0, as is any operand whose high word is ±Inf's
//	RcpApproxFTZF64(x) = ±Inf for |x| < 2^-1022 (subnormals read as ±0)
//	RcpApproxFTZF64(x) = ±0 for |x| ≥ 2^1022 except ±2^1022 (results below 2^-1022 flush)
//
// Accuracy: bit-exact with the H100's MUFU.RCP64H (sm_90, CUDA 13.0) on the
// device tables in testdata/golden/mufu64 (every high word of [1, 2) and
// the special rows of every exponent). The result's 20-bit fraction is
// rcp.approx.ftz.f32's (RcpApprox) of the float32 with the operand's 20
// high fraction bits, truncated: the same unit, read at 20 of its 23 bits.
// Against RZ(1/x) on the high word it agrees on 93% of [1, 2) and is one
// unit above elsewhere.
func RcpApproxFTZF64(a uint64) uint64 {
	h := uint32(a >> 32)
	sign := h & 0x80000000
	e := h >> 20 & 0x7ff
	f := h & 0xfffff
	switch e {
	case 0x7ff:
		if f != 0 {
			return 0x7fffffff << 32
		}
		return uint64(sign) << 32
	case 0:
		return uint64(sign|0x7ff00000) << 32
	}
	// 1/(1.f·2^(e-1023)) = r·2^(1023-e) with r = RcpApprox(1.f) in (1/2, 1]:
	// r's biased exponent rb (126 or 127) gives the result's rb+1919-e.
	// RcpApprox's datapath on the normal operand 1.f (inlined here).
	op := 0x3f800000 | f<<3
	c := &rcpSegs[op&0x7fffff>>rcpLowBits]
	xl := op & (1<<rcpLowBits - 1)
	r := rcpPack(0, op, c.k0+c.k1*uint64(xl)+c.k2*(mufuSquare(xl<<1)>>2))
	re := int32(r>>23) + 1919 - int32(e)
	if re <= 0 {
		return uint64(sign) << 32
	}
	return uint64(sign|uint32(re)<<20|r&0x7fffff>>3) << 32
}
