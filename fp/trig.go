package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// sinf, cosf, tanf and sincosf as nvcc (CUDA 13.0, sm_90) compiles them: the
// argument reduction of trig_reduce.go, then minimax polynomials evaluated
// with fma.rn (kernels sinf_, cosf_, tanf_, sincosf_ of
// ../shared/reference/ptx/*.ptx). -ftz=true turns every float instruction
// into its .ftz form; -fmad=false only spells two multiplications mul.rn
// instead of mul (nothing is contracted either way: the SASS of the default
// and -fmad=false builds is identical); -prec-div and -prec-sqrt do not
// touch these kernels; -use_fast_math replaces them by the intrinsics.

// The polynomial coefficients (PTX immediates). On [-π/4, π/4]:
// sin r ≈ r + r³·(s2 + r²·(s1 + r²·s0)),
// cos r ≈ 1 + r²·(c3 + r²·(c2 + r²·(c1 + r²·c0))).
const (
	sinC0 uint32 = 0xb94d4153 // -0x1.9a82a6p-13
	sinC1 uint32 = 0x3c0885e4 // 0x1.110bc8p-7
	sinC2 uint32 = 0xbe2aaaa8 // -0x1.55555p-3
	cosC0 uint32 = 0x37cbac00 // 0x1.9758p-16
	cosC1 uint32 = 0xbab607ed // -0x1.6c0fdap-10
	cosC2 uint32 = 0x3d2aaabb // 0x1.555576p-5
	cosC3 uint32 = 0xbeffffff // -0x1.fffffep-2

	oneBits    uint32 = 0x3f800000 // 1
	negOneBits uint32 = 0xbf800000 // -1
)

// sincosPoly returns sin r (odd = false) or cos r (odd = true) for the
// reduced argument r, negated by an fma with -1 when neg: the tail of the
// sinf_ and cosf_ kernels.
func sincosPoly(r uint32, odd, neg, ftz bool) uint32 {
	x2 := mulRN(r, r, ftz)
	f7, p, c1, c2 := r, sinC0, sinC1, sinC2
	if odd {
		f7, c1, c2 = oneBits, cosC2, cosC3
		p = fmaRN(cosC0, x2, cosC1, ftz)
	}
	p = fmaRN(p, x2, c1, ftz)
	p = fmaRN(p, x2, c2, ftz)
	t := x2 // fma.rn(x2, 1, +0) is x2 (x2 = r·r is never -0)
	if !odd {
		t = fmaRN(x2, r, 0, ftz)
	}
	y := fmaRN(p, t, f7, ftz)
	if neg {
		y = negRN(y, ftz)
	}
	return y
}

func sinfBits(ux uint32, ftz bool) uint32 {
	if z, ok := sinfFast(ux); ok { // fastkern.go
		return z
	}
	r, q := trigReduce(ux, ftz)
	return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
}

func cosfBits(ux uint32, ftz bool) uint32 {
	if z, ok := cosfFast(ux); ok { // fastkern.go
		return z
	}
	r, q := trigReduce(ux, ftz)
	q++
	return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
}

// sincosfBits is the sincosf_ kernel: both polynomials, then a selection
// and neg.f32 (not an fma with -1 as in sinf_ and cosf_).
func sincosfBits(ux uint32, ftz bool) (s, c uint32) {
	if s, c, ok := sincosfFast(ux); ok { // fastkern.go
		return s, c
	}
	r, q := trigReduce(ux, ftz)
	x2 := mulRN(r, r, ftz)
	cp := fmaRN(cosC0, x2, cosC1, ftz)
	cp = fmaRN(cp, x2, cosC2, ftz)
	cp = fmaRN(cp, x2, cosC3, ftz)
	cp = fmaRN(cp, x2, oneBits, ftz)
	t := fmaRN(x2, r, 0, ftz)
	sp := fmaRN(sinC0, x2, sinC1, ftz)
	sp = fmaRN(sp, x2, sinC2, ftz)
	sp = fmaRN(sp, t, r, ftz)
	s, c = sp, cp
	if q&1 != 0 {
		s, c = cp, sp
	}
	if q&2 != 0 {
		s = ptx.Neg(s, ftz)
	}
	if (q+1)&2 != 0 {
		c = ptx.Neg(c, ftz)
	}
	return s, c
}

// Sinf returns the sine of x (radians) under the default nvcc flags; see
// Flags.Sinf.
func Sinf(x float32) float32 { return Flags{}.Sinf(x) }

// Sinf returns the sine of x (radians) as CUDA's sinf computes it on sm_90
// (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	Sinf(±0) = ±0
//	Sinf(±Inf) = NaN
//	Sinf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the device (testdata/golden/*/sinf.txt.gz, all
// 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0): "sinf(x):
// 2 (full range)" maximum ulp error.
//
// Flags: FastLib (-use_fast_math) makes it __sinf as compiled with the same
// FTZ (intrinsics.Target.Sinf: sin.approx.ftz.f32 under -use_fast_math, a
// different and less accurate result). Otherwise FTZ
// reads subnormal inputs and intermediate results as zeros of their sign,
// so Sinf(subnormal) = ±0; NoFMAD, ApproxDiv and ApproxSqrt do not change
// the result.
func (fl Flags) Sinf(x float32) float32 {
	if fl.FastLib {
		return fl.fastSinf(x)
	}
	// sinfBits written out: one call fewer on the common path.
	if s, c, q, ok := sincosPolyFast(math.Float32bits(x)); ok { // fastkern.go, sinfFast
		return math.Float32frombits(quadrant(s, c, q))
	}
	r, q := trigReduce(math.Float32bits(x), fl.FTZ)
	return math.Float32frombits(sincosPoly(r, q&1 != 0, q&2 != 0, fl.FTZ))
}

// Cosf returns the cosine of x (radians) under the default nvcc flags; see
// Flags.Cosf.
func Cosf(x float32) float32 { return Flags{}.Cosf(x) }

// Cosf returns the cosine of x (radians) as CUDA's cosf computes it on sm_90
// (CUDA 13.0) when compiled with the nvcc flags fl.
//
// Special cases are:
//
//	Cosf(±0) = 1
//	Cosf(±Inf) = NaN
//	Cosf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the device (testdata/golden/*/cosf.txt.gz, all
// 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0): "cosf(x):
// 2 (full range)" maximum ulp error.
//
// Flags: FastLib (-use_fast_math) makes it __cosf as compiled with the same
// FTZ (intrinsics.Target.Cosf: cos.approx.ftz.f32 under -use_fast_math).
// Otherwise FTZ reads subnormal inputs and
// intermediate results as zeros of their sign; NoFMAD, ApproxDiv and
// ApproxSqrt do not change the result.
func (fl Flags) Cosf(x float32) float32 {
	if fl.FastLib {
		return fl.fastCosf(x)
	}
	return math.Float32frombits(cosfBits(math.Float32bits(x), fl.FTZ))
}

// Sincosf returns the sine and cosine of x (radians) under the default nvcc
// flags; see Flags.Sincosf.
func Sincosf(x float32) (s, c float32) { return Flags{}.Sincosf(x) }

// Sincosf returns the sine and cosine of x (radians) as CUDA's sincosf
// computes them on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl.
// The results can differ from Sinf(x) and Cosf(x) in the sign of a zero
// (sincosf negates with neg.f32 where sinf and cosf multiply by -1).
//
// Special cases are:
//
//	Sincosf(±0) = ±0, 1
//	Sincosf(±Inf) = NaN, NaN
//	Sincosf(NaN) = NaN, NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the device (testdata/golden/*/sincosf.txt.gz,
// all 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0):
// "sincosf(x,sptr,cptr): 2 (full range)" maximum ulp error.
//
// Flags: FastLib (-use_fast_math) makes it __sincosf as compiled with the
// same FTZ (intrinsics.Target.Sincosf: sin.approx.ftz.f32 and
// cos.approx.ftz.f32 under -use_fast_math). Otherwise FTZ reads subnormal
// inputs and intermediate results as zeros of their sign; NoFMAD, ApproxDiv
// and ApproxSqrt do not change the results.
func (fl Flags) Sincosf(x float32) (s, c float32) {
	if fl.FastLib {
		return fl.fastSincosf(x)
	}
	us, uc := sincosfBits(math.Float32bits(x), fl.FTZ)
	return math.Float32frombits(us), math.Float32frombits(uc)
}

// Tanf returns the tangent of x (radians) under the default nvcc flags; see
// Flags.Tanf.
func Tanf(x float32) float32 { return Flags{}.Tanf(x) }

// Tanf returns the tangent of x (radians) as CUDA's tanf computes it on sm_90
// (CUDA 13.0) when compiled with the nvcc flags fl. In odd quadrants it is
// -1/tan r with the approximate reciprocal rcp.approx.ftz.f32.
//
// Special cases are:
//
//	Tanf(±0) = ±0
//	Tanf(±Inf) = NaN
//	Tanf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the device (testdata/golden/*/tanf.txt.gz, all
// 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0): "tanf(x):
// 4 (full range)" maximum ulp error.
//
// Flags: FastLib (-use_fast_math) makes it __tanf as compiled with the same
// FTZ (intrinsics.Target.Tanf: sin.approx.ftz.f32 divided by
// cos.approx.ftz.f32 with div.approx.ftz.f32 under -use_fast_math).
// Otherwise FTZ reads subnormal inputs and intermediate results as zeros of
// their sign; NoFMAD, ApproxDiv and ApproxSqrt do not change the result.
func (fl Flags) Tanf(x float32) float32 {
	if fl.FastLib {
		return fl.fastTanf(x)
	}
	return math.Float32frombits(tanfBits(math.Float32bits(x), fl.FTZ))
}
