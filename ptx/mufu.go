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
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// mufuCoef is one segment of a MUFU coefficient table: the constant, linear
// and quadratic coefficients, unsigned (each unit fixes the signs).
type mufuCoef struct{ c0, c1, c2 uint32 }

// mufuSquare returns sq(x) for x < 2^18: the square of x as a truncated
// squarer computes it, that is x² less the partial-product bits of the
// folded squaring array (x_i at column 2i, x_i·x_j at column i+j+1 for
// i < j) that lie in the lowest mufuSquarerCols columns, with their carries.
// Only the bits x_0…x_17 reach those columns.
func mufuSquare(x uint32) uint64 {
	const cols = mufuSquarerCols // 19
	const colMask = 1<<cols - 1
	// The diagonal: x_i moves to column 2i (x_0…x_9 lie below column 19).
	d := x & (1<<((cols+1)/2) - 1)
	d = (d | d<<8) & 0x00ff00ff
	d = (d | d<<4) & 0x0f0f0f0f
	d = (d | d<<2) & 0x33333333
	d = (d | d<<1) & 0x55555555
	lost := uint64(d)
	// Row i: x_i·x_j at column i+j+1 for j > i, i.e. x<<(i+1) without its
	// low 2i+2 bits; rows 0…8 reach below column 19.
	x64 := uint64(x)
	for i := range (cols - 1) / 2 {
		row := x64 << (i + 1) & colMask &^ (1<<(2*i+2) - 1)
		lost += row & -(x64 >> i & 1)
	}
	return x64*x64 - lost
}

// Constants of the SASS sequences around MUFU (instr.sass), as encodings.
const (
	twoP24Bits   uint32 = 0x4b800000 // 0x1p24: pre-scale of subnormal operands
	twoP12Bits   uint32 = 0x45800000 // 0x1p12 = (0x1p24)^(1/2) for rsqrt
	twoM12Bits   uint32 = 0x39800000 // 0x1p-12 for sqrt
	quarterBits  uint32 = 0x3e800000 // 0x1p-2: pre-scale of huge divisors
	halfBits     uint32 = 0x3f000000 // 0x1p-1: ex2's halving below -126
	twoP126Bits  uint32 = 0x7e800000 // 0x1p126: the divisor threshold
	minus24Bits  uint32 = 0xc1c00000 // -24 = -log2(0x1p24), added after lg2
	minus126Bits uint32 = 0xc2fc0000 // -126, ex2's threshold
	canonicalNaN        = f32.CanonicalNaNBits
	rn                  = rounding.RN
)

// tinyMag reports |x| < 2^-126 for a non-NaN magnitude test, as
// FSETP.GEU |x|, 0x1p-126 is false: ±0 and the subnormals.
func tinyMag(x uint32) bool { return x&f32.AbsMask < f32.MinNormalBits }

// hugeMag reports |x| > 2^126 (ordered), as FSETP.GT |x|, 0x1p126.
func hugeMag(x uint32) bool { a := x & f32.AbsMask; return a > twoP126Bits && a <= f32.InfBits }
