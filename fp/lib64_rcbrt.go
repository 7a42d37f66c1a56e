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
		c1  = 0x3fd5555555555555 // 1/3
		c2  = 0x3fcc71c71c71c71c // 2/9
		one = f64.OneBits
	)
	m, e3, scale := cbrtReduce64(x)
	r := cbrtSeed64(m, negThird32)
	r2 := rounding.Mul64RN(r, r)
	mr := rounding.Mul64RN(m, r)
	t := rounding.Fma64RN(r2, neg64(mr), one)
	t = rounding.Fma64RN(r2, neg64(rounding.Fma64RN(m, r, neg64(mr))), t)
	t = rounding.Fma64RN(mr, neg64(rounding.Fma64RN(r, r, neg64(r2))), t) // 1 − m·r³, exactly rounded once
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

// The float32 constants ±1/3 of cbrt_ and rcbrt_.
const (
	third32    = 0x3eaaaaab
	negThird32 = 0xbeaaaaab
)

// neg64 is neg.f64 of a number.
func neg64(u uint64) uint64 { return u ^ f64.SignMask }

// cbrtReduce64 is the reduction of kernels cbrt_ and rcbrt_: |x| =
// m·2^(3·e3 − scale) with m in [0.125, 1) (for finite nonzero x), a
// subnormal first multiplied by 2^54 (scale 18), e3 from the float32
// product (e − 1022)·(1/3) rounded to an integer. Zeros, infinities and
// NaNs give garbage that the kernels select away.
func cbrtReduce64(x uint64) (m uint64, e3, scale int32) {
	lo := x & 0xffffffff
	hi := uint32(x>>32) & 0x7fffffff // |x|'s high word
	if hi>>20 == 0 {                 // subnormal or zero: times 2^54 (exact)
		s := rounding.Mul64RN(x&f64.AbsMask, twoP54Bits)
		lo, hi, scale = s&0xffffffff, uint32(s>>32), 18
	}
	e3 = ptx.CvtS32(ptx.Mul(ptx.CvtF32S32(int32(hi>>20)-1022, rounding.RN), third32, rounding.RN, false), rounding.RN, false)
	m = uint64(hi+uint32(e3)*0xffd00000)<<32 | lo // |x|·2^(−3·e3): mad.lo.s32 e3, -3<<20, hi
	return m, e3, scale
}

// cbrtSeed64 is the float32 seed 2^(log2(m)·k) of cbrt_ (k = 1/3) and
// rcbrt_ (k = −1/3): lg2.approx.ftz.f32 and ex2.approx.ftz.f32 of m
// rounded to float32, back in double (exact). m is normal in float32, so
// -ftz=true (.ftz on the cvt and the mul) changes nothing.
func cbrtSeed64(m uint64, k uint32) uint64 {
	f := ptx.Ex2Approx(ptx.Mul(ptx.Lg2Approx(ptx.CvtF32F64(m, rounding.RN, false), true), k, rounding.RN, false), true)
	return ptx.CvtF64F32(f, false)
}

// Cbrt returns the cube root of x, as CUDA's cbrt (kernel cbrt_ of
// gpu/ref/funcs64/*.ptx.xz): rcbrt's reduction and a float32 seed
// r ≈ ∛m, then one Halley step r + r·(m − r³)/(2r³ + m) with the
// reciprocal from rcp.approx.ftz.f64 and a Newton step, and the exponent
// put back.
//
// Special cases are (in order):
//
//	Cbrt(±0) = ±0
//	Cbrt(±Inf) = ±Inf
//	Cbrt(NaN) = x quieted (x + x)
//
// Accuracy: as the device (bit-exact with the golden data under each of
// the six captured flag sets). Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: independent of Flags: -ftz=true adds .ftz to the float32 mul and
// cvt of the seed and of e3, whose operands are normal or integral, and
// -fmad=false respells mul.f64 as .rn (nothing to contract: the SASS is
// the same).
func (fl Flags) Cbrt(x float64) float64 { return Cbrt(x) }

// Cbrt returns cbrt(x) (Flags{}.Cbrt).
func Cbrt(x float64) float64 { return f64b(cbrt64(b64(x))) }

func cbrt64(x uint64) uint64 {
	const one = f64.OneBits
	m, e3, scale := cbrtReduce64(x)
	r := cbrtSeed64(m, third32)
	r2 := rounding.Mul64RN(r, r)
	d := rounding.Fma64RN(r2+0x100000<<32, r, m) // 2r²·r + m: the 2 on r²'s high word
	rc := ptx.RcpApproxFTZF64(d)
	e := rounding.Fma64RN(neg64(d), rc, one)
	e = rounding.Fma64RN(e, e, e)
	rc = rounding.Fma64RN(e, rc, rc)
	q := rounding.Mul64RN(rc, rounding.Fma64RN(r2, neg64(r), m)) // (m − r³)/(2r³ + m)
	y := rounding.Fma64RN(r, q, r)
	y += uint64(uint32(e3-scale)<<20) << 32 // the exponent back, in the high word
	y = ptx.CopysignF64(y, x)
	if s := rounding.Add64RN(x, x); ptx.SetpF64(ptx.EQ, s, x) || ptx.SetpF64(ptx.NAN, s, s) || ptx.SetpF64(ptx.NAN, x, x) {
		return s // ±0, ±Inf, NaN quieted
	}
	return y
}
