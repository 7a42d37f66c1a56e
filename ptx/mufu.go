package ptx

// The multifunction unit (MUFU) of sm_90 evaluates ex2, lg2, rcp, rsqrt and
// sqrt by table-based quadratic interpolation (Oberman and Siu, "A
// High-Performance Area-Efficient Multifunction Interpolator", ARITH-17,
// 2005). The significand's top m bits (with the exponent's parity for rsqrt
// and sqrt) select a segment; its low bits xl enter
//
//	S = C0·2^A0 ± C1·xl·2^A1 ± C2·sq(xl) + bias
//
// computed exactly in unsigned fixed point, where sq is a truncated squarer
// (mufuSquare); the result's fraction is S truncated to 23 bits. The
// structure is that of B. Carleton's PTXM models of sm_5x–sm_75
// (github.com/bcarlet/ptx-math), which the H100's results confirm; the
// coefficients and the bias come from the H100 alone: gen_mufu_tables.go
// derives them from the device results in testdata/mufu and writes
// mufu_tables_gen.go. Each unit's file (ex2_approx.go, …) holds its range
// reduction, special cases and output stage, and the PTX instructions built
// on it.
//
// The MUFU operations themselves are the .ftz forms: they read subnormal
// inputs as zeros of the same sign and flush subnormal results to zero. The
// non-.ftz forms are the instruction sequences ptxas emits around them
// (SASS in /work/data/sass/instr.sass, CUDA 13.0), whose FMUL, FADD and
// FSETP are IEEE operations of package rounding.

//go:generate go run gen_mufu_tables.go gen_mufu_solve.go

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// mufuCoef is one segment of a MUFU coefficient table: the constant, linear
// and quadratic coefficients, unsigned (each unit fixes the signs).
type mufuCoef struct{ c0, c1, c2 uint32 }

// mufuSeg is one segment in the form the datapaths evaluate:
//
//	S = k0 + k1·xl + k2·sq(xl)   (mod 2^64)
//
// with k0 = C0·2^A0 + bias, k1 = ±C1·2^A1 and k2 = ±C2, the signs folded in
// as two's complements: S itself lies in [0, 2^64), so arithmetic modulo
// 2^64 gives it exactly, as the unit's sum of unsigned terms.
// mufuSegs builds each unit's table of them from the generated one at
// package initialisation.
type mufuSeg struct{ k0, k1, k2 uint64 }

// mufuSegs fills dst with the segments of src for a unit whose datapath
// sum is C0·2^c0Shift ± C1·xl·2^c1Shift ± C2·sq + bias, the linear term
// subtracted where sub1 and the quadratic one where sub2.
func mufuSegs(dst []mufuSeg, src []mufuCoef, c0Shift, c1Shift uint, sub1, sub2 bool, bias uint64) {
	for i, c := range src {
		k1, k2 := uint64(c.c1)<<c1Shift, uint64(c.c2)
		if sub1 {
			k1 = -k1
		}
		if sub2 {
			k2 = -k2
		}
		dst[i] = mufuSeg{uint64(c.c0)<<c0Shift + bias, k1, k2}
	}
}

// mufuSquare returns sq(x) for x < 2^18: the square of x as a truncated
// squarer computes it, that is x² less the partial-product bits of the
// folded squaring array (x_i at column 2i, x_i·x_j at column i+j+1 for
// i < j) that lie in its lowest mufuSquarerCols = 19 columns, with their
// carries. Only x_0…x_17 reach those columns.
//
// With L = x mod 2^9 and H = ⌊x/2^9⌋ the dropped bits are: all of L²
// (columns ≤ 17); x_9 at column 18; and the cross products L_i·H_t at
// column i+t+10 for i+t ≤ 8, a triangle that splits into the rectangle
// i, t ≤ 4, which is (L mod 2^5)·(H mod 2^5), and two corners of ten cells
// with i or t ≥ 5, each a truncated 4×4-bit product: of L_5…L_8 with
// H_0…H_3, bits 5 to 12 of x (mufuCornerLo, which adds x_9's term), and of
// L_0…L_3 with H_5…H_8, bits 0 to 3 and 14 to 17 (mufuCornerHi). What is
// kept of L² is nothing, so sq(x) = (x − L)·(x + L) − the rest: x² − L²
// in one product.
// TestMufuSquare checks this against the array, bit by bit.
func mufuSquare(x uint32) uint64 {
	const _ = uint(mufuSquarerCols-19) + uint(19-mufuSquarerCols) // the decomposition is for 19 columns
	// Every term fits in 32 bits (lost < 2^24); the uint8 indexes need no
	// bounds check. Kept small enough for the inliner.
	l := x & 0x1ff
	lost := (x&0x1f)*(x<<1&0x7c00) + mufuCornerLo[uint8(x>>5)] + mufuCornerHi[uint8(x&0xf|x>>10&0xf0)]
	return uint64(x-l)*uint64(x+l) - uint64(lost)
}

// mufuCornerHi[a|b<<4] = corner(a, b)·2^15, and mufuCornerLo[a|b<<4] the
// same plus b_0·2^18 (x_9 at column 18), where corner(a, b) = Σ a_p·b_q·2^(p+q)
// over p+q ≤ 3 is the product of two 4-bit numbers without its
// partial-product bits of weight 16 and above: the two corners of
// mufuSquare's triangle, at column 15 upwards.
var mufuCornerLo, mufuCornerHi = func() (lo, hi [256]uint32) {
	for a := range 16 {
		for b := range 16 {
			var v uint32
			for p := range 4 {
				for q := range 4 - p {
					v += uint32(a>>p&1*(b>>q&1)) << (p + q)
				}
			}
			hi[a|b<<4] = v << 15
			lo[a|b<<4] = v<<15 + uint32(b&1)<<18
		}
	}
	return lo, hi
}()

// Constants of the SASS sequences around MUFU (instr.sass), as encodings.
const (
	twoP24Bits   uint32 = 0x4b800000 // 0x1p24: pre-scale of subnormal operands
	quarterBits  uint32 = 0x3e800000 // 0x1p-2: pre-scale of huge divisors
	twoP126Bits  uint32 = 0x7e800000 // 0x1p126: the divisor threshold
	minus24Bits  uint32 = 0xc1c00000 // -24 = -log2(0x1p24), added after lg2
	canonicalNaN        = f32.CanonicalNaNBits
)

// subnormalTimes2p24 returns x·2^24 for a nonzero subnormal x (FMUL x,
// 0x1p24 of the non-.ftz sequences, exact): a normal number, with x's
// leading 1 moved to the hidden bit and biased exponent 25-n for a shift
// by n.
func subnormalTimes2p24(x uint32) uint32 {
	f := x & f32.FracMask
	n := uint32(bits.LeadingZeros32(f)) - (32 - f32.FracBits - 1) // 1 ≤ n ≤ 23
	return x&f32.SignMask | ((24-n)<<f32.FracBits + f<<n)         // the hidden bit adds 1 to 24-n
}
