package ptx

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// MUFU.TANH (tanh.approx.f32 is the lone MUFU.TANH, SASS of CUDA 13.0 for
// sm_90) runs on the interpolator of MUFU.SIN (sincos.go): the same
// S = C0·2^31 + C1·xl·2^19 − C2·sq(xl) with a 17-bit xl and the same
// truncated squarer, normalized and truncated to 23 fraction bits, and
// nothing but a table and an input stage of its own. Found in the H100's
// results (testdata/mufu, derivation in gen_trig_tables.go):
//
//   - |x| < 2^-8 (tanhMinBexp): the result is x itself, subnormals and
//     zeros included (no flush: tanh.approx has no .ftz form).
//   - |x| ≥ 8 (above tanhMaxBexp): ±1. So is ±Inf.
//   - In between, binade by binade: the input's fraction is truncated to
//     m+17 bits, whose top m bits pick one of 2^m segments and whose low
//     17 bits are xl, and 1 has weight 2^W in S (tanhBinades). m grows
//     with the curvature: 0 for [2^-8, 2^-5), 1 for [2^-5, 2^-3), 2 for
//     [2^-3, 1), 3 for [1, 2), 4 for [2, 4), 3 again for [4, 8) where tanh
//     is flat; 51 segments in all. So the input is read with 17 to 21
//     fraction bits: results are constant over runs of 2^(6-m) encodings.
//   - The sign is the input's: tanh(−x) = −tanh(x) bit for bit.
//
// The coefficients are coarse where tanh(x) is close to x: in [2^-8, 2^-7)
// the one segment has C0 = 2^18, C1 = 2^13 and C2 = 1 with W = 57, so the
// result is x truncated to 17 fraction bits less sq(xl)·2^-57, which is x
// itself only when the low 6 bits of x are zero and xl < 2^10 (sq(xl) = 0).

// tanhBinade is the input stage of one binade (trig_tables_gen.go).
type tanhBinade struct {
	first     uint8 // its first segment in tanhTable
	indexBits uint8 // m
	sumOne    uint8 // W: the weight of 1 in S
}

const (
	tanhLowBits = trigLowBits // xl
	tanhC0Shift = trigC0Shift
	tanhC1Shift = trigC1Shift
	oneBits     = f32.OneBits
)

// TanhApprox returns an approximation of tanh(x). It emulates
// tanh.approx.f32 as sm_90 executes it (a single MUFU.TANH).
//
// Special cases are (in order):
//
//	TanhApprox(NaN) = NaN (canonical 0x7fffffff)
//	TanhApprox(x) = x for |x| < 2^-8, including ±0 and the subnormals (no flush)
//	TanhApprox(±x) = ±1 for |x| ≥ 8, including ±Inf
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data (all 2^32 inputs in the exhaustive
// tier). Documented (PTX ISA 9.1 §9.7.3): maximum relative error 2^-11
// across the full range; subnormal inputs pass through.
//
// Model: for 2^-8 ≤ |x| < 8, in the binade of x the fraction truncated to
// m+17 bits selects segment i (top m bits) and xl (low 17 bits) of a table
// interpolation S = C0·2^31 + C1·xl·2^19 − C2·sq(xl) (sq the MUFU's
// truncated squarer), whose value S/2^W, truncated to 23 fraction bits and
// given the sign of x, is the result; m, W and the 51 segments' coefficients
// are derived from device data (see the comment above tanhBinade).
func TanhApprox(x uint32) uint32 {
	a, sign := x&f32.AbsMask, x&f32.SignMask
	bexp := a >> f32.FracBits
	if bexp-tanhMinBexp > tanhMaxBexp-tanhMinBexp { // outside [2^-8, 8), NaN included
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case bexp < tanhMinBexp:
			return x
		}
		return sign | oneBits
	}
	f := a & f32.FracMask
	c := &tanhSegs[uint8((bexp-tanhMinBexp)<<tanhSlotBits|f>>(f32.FracBits-tanhSlotBits))]
	xl := f >> (c.shift & 31) & (1<<tanhLowBits - 1)
	s := c.k0 + c.k1*uint64(xl) + c.k2*mufuSquare(xl)
	// S lies in [2^(W-9), 2^W): the value is in [2^-9, 1).
	l := uint32(bits.Len64(s))
	return sign | (l+c.bexp)<<f32.FracBits | uint32(s<<((64-l)&63)>>(63-f32.FracBits))&f32.FracMask
}

// tanhSeg is a segment of tanh's table as TanhApprox evaluates it: the
// datapath (mufuSeg), the right shift that leaves xl at the bottom of the
// input's fraction (f32.FracBits - m - tanhLowBits), and the biased
// exponent of the result less the bit length of S (f32.Bias - 1 - W).
type tanhSeg struct {
	mufuSeg
	shift, bexp uint32
}

// tanhSlotBits is the number of fraction bits that select one of
// tanhSegs' slots within a binade: 4, the most index bits m of a binade.
// A segment of m index bits fills 2^(4-m) consecutive slots.
const tanhSlotBits = 4

// tanhSegs[(bexp-tanhMinBexp)<<tanhSlotBits | the fraction's top 4 bits]
// is the segment of an input of biased exponent bexp in the table's range
// (tanhBinades, tanhTable); 256 slots, so that a uint8 index needs no
// bounds check.
var tanhSegs = func() (t [256]tanhSeg) {
	var segs [len(tanhTable)]mufuSeg
	mufuSegs(segs[:], tanhTable[:], tanhC0Shift, tanhC1Shift, false, true, tanhBias)
	for j, b := range tanhBinades {
		m := uint32(b.indexBits)
		if m > tanhSlotBits {
			panic("ptx: a tanh binade has more segments than tanhSegs has slots")
		}
		for slot := range uint32(1 << tanhSlotBits) {
			t[uint32(j)<<tanhSlotBits|slot] = tanhSeg{
				mufuSeg: segs[uint32(b.first)+slot>>(tanhSlotBits-m)],
				shift:   f32.FracBits - m - tanhLowBits,
				bexp:    f32.Bias - 1 - uint32(b.sumOne),
			}
		}
	}
	return t
}()
