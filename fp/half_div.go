package fp

import (
	"github.com/cudafp/cudafp/ptx"
)

// __hdiv and the operator x/y of cuda_fp16.h and cuda_bf16.h as nvcc (CUDA
// 13.0, sm_90) compiles them (kernels f16_hdiv, f16_op_div, bf16_hdiv,
// bf16_op_div of gpu/ref/funcs16/<flagset>.ptx.xz: the operator's PTX is
// __hdiv's; __h2div computes it on each lane). Arguments and results are
// 16-bit encodings.

// The constants of the division kernels (PTX immediates).
const (
	hdivRefineBelow uint16 = 0x008f     // 0x1.1ep-17: half quotients below it in magnitude are refined
	hdivBig         uint32 = 0x7e800000 // 0x1p+126: bfloat16 divisors from here on are scaled
	hdivQuarter     uint32 = 0x3e800000 // 0x1p-2
	negZeroBits32   uint32 = 0x80000000 // -0
)

// HdivF16 returns x/y for binary16 encodings as CUDA's __hdiv (and the
// operator /) computes it on sm_90 (CUDA 13.0):
//
//	r := rcp.approx.ftz.f32(y), q := x·r rounded to nearest (mul.f32)
//	h := q rounded to nearest binary16
//	if 0 < |h| < 0x1.1ep-17: h := fma.rn(r, fma.rn(-y, q, x), q) rounded to binary16
//
// with x and y widened exactly to float32.
//
// Special cases are (in order):
//
//	HdivF16(NaN, y) = HdivF16(x, NaN) = NaN (0x7fff)
//	HdivF16(±0, ±0) = HdivF16(±Inf, ±Inf) = NaN (0x7fff)
//	HdivF16(x, ±0) = ±Inf for nonzero x
//	HdivF16(x, ±Inf) = ±0 for finite x
//
// Accuracy: bit-exact with the device (testdata/golden16/*/f16_hdiv.txt.gz:
// the special grid, 16 rows of 65,536 pairs and the hashes of all 2^32
// pairs, under the six captured flag sets).
//
// Flags: none changes it (the PTX of every flag set is the same).
func (fl Flags) HdivF16(x, y uint16) uint16 {
	x1, y1 := to32(x, false), to32(y, false)
	r := ptx.RcpApprox(y1, true)
	q := mulRN(x1, r, false)
	h := from32(q, false)
	// abs.f16; setp.lt.f16 |h|, 0x008f and setp.lt.f16 0, |h| (false for
	// NaN): on magnitudes of numbers the order of the encodings.
	if a := h & 0x7fff; a < hdivRefineBelow && a != 0 {
		e := fmaRN(ptx.Neg(y1, false), q, x1, false)
		h = from32(fmaRN(r, e, q, false), false)
	}
	return h
}

// HdivBF16 returns x/y for bfloat16 encodings as CUDA's __hdiv (and the
// operator /) computes it on sm_90 (CUDA 13.0): __fdividef's sequence,
//
//	s := 1/4 if |y| ≥ 2^126, else 1
//	q := div.approx.f32(x, y·s)·s   (ptx.DivApprox; the ·s an fma.rn with -0)
//
// with x and y widened exactly to float32, q rounded to nearest bfloat16.
//
// Special cases are (in order):
//
//	HdivBF16(NaN, y) = HdivBF16(x, NaN) = NaN (0x7fff)
//	HdivBF16(±0, ±0) = HdivBF16(±Inf, ±Inf) = NaN (0x7fff)
//	HdivBF16(x, ±0) = ±Inf for nonzero x
//	HdivBF16(x, ±Inf) = ±0 for finite x
//
// Accuracy: bit-exact with the device (testdata/golden16/*/bf16_hdiv.txt.gz:
// the special grid, 16 rows of 65,536 pairs and the hashes of all 2^32
// pairs, under the six captured flag sets).
//
// Flags: FTZ selects the .ftz forms of the abs, setp and mul on y (not of
// div.approx.f32 and the fma, which are inline asm), which change no
// result; NoFMAD, ApproxDiv, ApproxSqrt and FastLib do not change it.
func (fl Flags) HdivBF16(x, y uint16) uint16 {
	x1, y1 := to32(x, true), to32(y, true)
	big := ptx.Setp(ptx.GE, ptx.Abs(y1, fl.FTZ), hdivBig, fl.FTZ) // not setp.ltu: the same predicate negated
	d := y1
	if big {
		d = mulRN(y1, hdivQuarter, fl.FTZ)
	}
	q := ptx.DivApprox(x1, d, false)
	if big {
		q = fmaRN(q, hdivQuarter, negZeroBits32, false)
	}
	return from32(q, true)
}

// HdivF16 returns __hdiv(x, y) (and x/y) on __half under nvcc's default flags (Flags{}.HdivF16).
func HdivF16(x, y uint16) uint16 { return Flags{}.HdivF16(x, y) }

// HdivBF16 returns __hdiv(x, y) (and x/y) on __nv_bfloat16 under nvcc's default flags (Flags{}.HdivBF16).
func HdivBF16(x, y uint16) uint16 { return Flags{}.HdivBF16(x, y) }
