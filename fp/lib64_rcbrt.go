package fp

import (
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Rcbrt returns 1/∛x, as CUDA's rcbrt (kernel rcbrt_ of
// gpu/ref/funcs64/*.ptx.xz): x scaled into [0.125, 1) by a multiple of 3
// in the exponent (subnormals first multiplied by 2^54), a float32 seed
// 2^(−log2(m)/3) from lg2.approx.ftz.f32 and ex2.approx.ftz.f32, one
// Newton step in double with its residual computed exactly by fma.rn.f64,
// and the exponent put back.
//
// Special cases are (in order):
//
//	Rcbrt(±0) = ±Inf
//	Rcbrt(±Inf) = ±0
//	Rcbrt(NaN) = x quieted (x + x)
//
// Accuracy: as the device (bit-exact with the golden data). Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 18): "1
// (full range)".
//
// Flags: independent of Flags: -ftz=true adds .ftz to a mul.f32 and a
// cvt.rni.s32.f32 of integral values, which it cannot change, and
// -fmad=false respells mul.f32/mul.f64 as .rn (nothing to contract).
func (fl Flags) Rcbrt(x float64) float64 { return Rcbrt(x) }

// Rcbrt returns rcbrt(x) (Flags{}.Rcbrt).
func Rcbrt(x float64) float64 { return f64b(rcbrt64(b64(x))) }

func rcbrt64(x uint64) uint64 {
	const (
		third    = 0x3eaaaaab         // 1/3 in float32
		negThird = 0xbeaaaaab         // -1/3
		c1       = 0x3fd5555555555555 // 1/3
		c2       = 0x3fcc71c71c71c71c // 2/9
		one      = f64.OneBits
	)
	lo := x & 0xffffffff
	hi := uint32(x>>32) & 0x7fffffff // |x|'s high word
	var scale int32
	if hi>>20 == 0 { // subnormal or zero: times 2^54 (exact)
		s := rounding.Mul64RN(x&f64.AbsMask, twoP54Bits)
		lo, hi, scale = s&0xffffffff, uint32(s>>32), 18
	}
	e3 := ptx.CvtS32(ptx.Mul(ptx.CvtF32S32(int32(hi>>20)-1022, rounding.RN), third, rounding.RN, false), rounding.RN, false)
	m := uint64(hi+uint32(e3)*0xffd00000)<<32 | lo // |x|·2^(−3·e3): mad.lo.s32 e3, -3<<20, hi
	f := ptx.Ex2Approx(ptx.Mul(ptx.Lg2Approx(ptx.CvtF32F64(m, rounding.RN, false), true), negThird, rounding.RN, false), true)
	r := ptx.CvtF64F32(f, false)
	r2 := rounding.Mul64RN(r, r)
	mr := rounding.Mul64RN(m, r)
	neg := func(u uint64) uint64 { return u ^ f64.SignMask } // neg.f64 of a number
	t := rounding.Fma64RN(r2, neg(mr), one)
	t = rounding.Fma64RN(r2, neg(rounding.Fma64RN(m, r, neg(mr))), t)
	t = rounding.Fma64RN(mr, neg(rounding.Fma64RN(r, r, neg(r2))), t) // 1 − m·r³, exactly rounded once
	p := rounding.Fma64RN(c2, t, c1)
	y := rounding.Fma64RN(p, rounding.Mul64RN(t, r), r)
	y += uint64(uint32(scale-e3)<<20) << 32 // the exponent back, in the high word
	s := rounding.Add64RN(x, x)
	switch {
	case ptx.SetpF64(ptx.EQ, s, x): // ±0, ±Inf
		y = uint64(uint32(x>>32)^0x7ff00000) << 32
	case ptx.SetpF64(ptx.GTU, x&f64.AbsMask, f64.InfBits): // NaN (abs.f64 keeps a NaN)
		y = s
	}
	return ptx.CopysignF64(y, x)
}
