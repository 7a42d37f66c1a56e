package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The argument reduction shared by sinf, cosf, tanf and sincosf, as CUDA
// 13.0's libdevice compiles it for sm_90 (kernels sinf_, cosf_, tanf_ and
// sincosf_ in ../shared/reference/ptx/*.ptx; the SASS in
// /work/data/sass/funcs_*.sass runs the same operations, with no fusion of
// its own: every float operation of these kernels is an explicit fma.rn or
// mul.rn, or a mul.f32 that feeds a conversion or a multiplication).
//
// x = q·π/2 + r with |r| ≲ π/4:
//
//   - Cody–Waite for |x| < 105615 (0x47ce4780): q = rint(x·2/π) in float32,
//     then r = x - q·π/2 in three fma.rn steps with π/2 split into the
//     float32 constants 0x3fc90fda + 0x33a22168 + 0x27c234c5.
//   - Payne–Hanek for finite |x| ≥ 105615: the 24-bit significand times 192
//     bits of 2/π in 32-bit integer arithmetic (mad.wide.u32), the window of
//     64 bits after the binary point of the quadrant taken as a signed
//     fixed-point fraction, converted with cvt.rn.f64.s64 and scaled by
//     π/2·2^-64 in double precision (mul.f64), then cvt.rn.f32.f64.
//   - ±Inf: r = x·0 = NaN, q = 0.
//
// NaN takes the Cody–Waite path (setp.ltu is true for it) and gives r = NaN,
// q = 0 (cvt.rni.s32.f32 of NaN is 0).

// The Cody–Waite constants of the reduction (PTX immediates).
const (
	twoOverPiF32 uint32 = 0x3f22f983         // 0x1.45f306p-1 ≈ 2/π
	negPio2Hi    uint32 = 0xbfc90fda         // -0x1.921fb4p+0
	negPio2Mid   uint32 = 0xb3a22168         // -0x1.4442dp-24
	negPio2Lo    uint32 = 0xa7c234c5         // -0x1.84698ap-48
	trigSlowMin  uint32 = 0x47ce4780         // 0x1.9c8fp+16 = 105615: |x| from here takes Payne–Hanek
	pio2Scaled   uint64 = 0x3bf921fb54442d19 // 0x1.921fb54442d19p-64 = π/2 · 2^-64 in binary64
)

// i2opi are the first 192 bits of the fraction of 2/π, least significant
// word first: 2/π = 0x0.a2f9836e 4e441529 fc2757d1 f534ddc0 db629599
// 3c439041 …. Provenance: the .global table __cudart_i2opi_f[24] (bytes,
// little-endian) of ../shared/reference/ptx/default.ptx, identical in every
// flag set's PTX; TestI2opi recomputes it from π in math/big.
var i2opi = [6]uint32{0x3c439041, 0xdb629599, 0xf534ddc0, 0xfc2757d1, 0x4e441529, 0xa2f9836e}

// trigReduce returns r and the quadrant q of x (encoding ux) as the kernels
// compute them; with ftz every float operation is its .ftz form.
func trigReduce(ux uint32, ftz bool) (r, q uint32) {
	t := mulRN(ux, twoOverPiF32, ftz)
	q = uint32(cvtRNIS32(t, ftz))
	if q == 0 {
		// fma(+0, c, x) is x itself (read with .ftz: a subnormal x
		// becomes the zero of its sign; a NaN becomes canonical), and so
		// are the next two steps.
		r = ux
		if ftz && ux&0x7f800000 == 0 {
			r = ux & 0x80000000
		}
		if r&0x7fffffff > f32Inf {
			r = f32.CanonicalNaNBits
		}
		return r, 0
	}
	qf := cvtRNF32S32(int32(q))
	r = fmaRN(qf, negPio2Hi, ux, ftz)
	r = fmaRN(qf, negPio2Mid, r, ftz)
	r = fmaRN(qf, negPio2Lo, r, ftz)
	// setp.ltu.f32 |x|, 105615 on encodings: |x| below it, or NaN (with
	// .ftz a subnormal reads as 0, which is below it too).
	a := ux & 0x7fffffff
	if a < trigSlowMin || a > f32Inf {
		return r, q
	}
	if a == f32Inf {
		return mulRN(ux, 0, ftz), 0
	}
	return payneHanek(ux, ftz)
}

const f32Inf uint32 = 0x7f800000

// payneHanek is the slow path of trigReduce for finite |x| ≥ 105615: the
// PTX of blocks $L__BB*_2 to $L__BB*_6, statement for statement.
func payneHanek(ux uint32, ftz bool) (r, q uint32) {
	e := ux>>23&0xff - 128    // %r3: the biased exponent - 128, here in [15, 126]
	sig := ux<<8 | 0x80000000 // %r4: the significand, left-aligned
	idx := e >> 5             // %r5, in [0, 3]
	// The 224-bit product sig · i2opi, 32 bits a word (the local array
	// __local_depot of the PTX: a fixed-size array, no allocation).
	var w [7]uint32
	var carry uint64
	for i, c := range i2opi {
		p := uint64(c)*uint64(sig) + carry // mad.wide.u32
		w[i] = uint32(p)
		carry = p >> 32
	}
	w[6] = uint32(carry)
	hi := w[6-idx] // %r52
	lo := w[5-idx] // %r53
	if sh := e & 31; sh != 0 {
		hi = lo>>(32-sh) + hi<<sh
		lo = w[4-idx]>>(32-sh) + lo<<sh
	}
	sign := ux & 0x80000000
	frac := lo>>30 | hi<<2 // %r38: the fraction's top word
	half := frac >> 31     // %r39: the fraction is ≥ 1/2, so round q up
	q = half + hi>>30      // %r41
	if sign != 0 {
		q = -q
	}
	rsign := sign // %r44
	var mask uint32
	if half != 0 {
		rsign ^= 0x80000000
		mask = 0xffffffff
	}
	// bfi.b64: the fraction (ones' complement when rounding up) as a
	// signed 64-bit fixed-point number with 2^-64 weight in its last bit.
	v := int64(uint64(frac^mask)<<32 | uint64(lo<<2^mask))
	d := ptx.MulF64(ptx.CvtF64S64(v), pio2Scaled)
	r = ptx.CvtF32F64(d, rounding.RN, ftz)
	if rsign != 0 {
		r = ptx.Neg(r, ftz)
	}
	return r, q
}
