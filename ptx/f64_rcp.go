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

// RcpHiFTZF64 returns the high word of RcpApproxFTZF64(a) from the high
// word h of an a with 2^-1022 ≤ |a| < 2^1022 (biased exponent 1 to 2044),
// where no special case applies: the datapath alone, without branches and
// small enough to inline, for callers that know their operand's range
// (log's seed, for m+1 in [1.7, 2.5)). RcpApproxFTZF64 stays the model;
// TestRcpHiFTZF64 checks this against it on every high word of six
// exponents and the ends of every other.
//
// The float32 operand 1.f has the 20 fraction bits of h and three zero
// bits: its segment is f's top 7 bits and xl = 8j with j = f mod 2^13, so
// the squarer's operand 2·xl = 16j has no bits below bit 4 and
// sq(16j) = 256j² − rcp64Drop[j mod 2^10] (mufuSquare). Its biased
// exponent is 127, so MUFU.RCP's is 2·127−n−127 = 127−n (rcpPack), and
// the result's 127−n+1919−e = 2046−n−e lies in [1, 2045] for e in
// [1, 2044]. The sum S in [2^55, 2^56] is 1/1.f in units of 2^-56: for
// S < 2^56 (n = 1) ⌊S/2^35⌋ is 2^20 plus the 20-bit fraction, and
// for S = 2^56 (n = 0, f = 0) it is 2^21 and the fraction 0, so
// (2044−e)·2^20 + ⌊S/2^35⌋ is the exponent and fraction of both.
func RcpHiFTZF64(h uint32) uint32 {
	c := &rcpSegs[h>>13&(1<<rcpIndexBits-1)]
	j := uint64(h & 0x1fff)
	sq := j*j<<8 - uint64(rcp64Drop[j&0x3ff])
	s := c.k0 + c.k1*(j<<3) + c.k2*(sq>>2)
	return h&0x80000000 | (2044-h>>20&0x7ff)<<20 + uint32(s>>(rcpSumOne-21))
}

// rcp64Drop[i] is (16j)² − mufuSquare(16j) for any j ≡ i (mod 2^10): what
// the truncated squarer drops of the square of an operand with no bits
// below bit 4, a function of the operand's bits 4 to 13 (mufuSquare's L²
// and lost, with mufuCornerHi's term 0).
var rcp64Drop = func() (t [1 << 10]uint32) {
	for i := range t {
		x := uint32(i) << 4
		t[i] = uint32(uint64(x)*uint64(x) - mufuSquare(x))
	}
	return t
}()
