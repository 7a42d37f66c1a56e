package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double inverse hyperbolic functions (issue 18): asinh, acosh and
// atanh follow kernels asinh_, acosh_ and atanh_ of gpu/ref/funcs64/*.ptx.xz
// (CUDA 13.0.88, sm_90): an argument built with rsqrt.approx.ftz.f64,
// rcp.approx.ftz.f64 or a correctly rounded division, then log1p's kernel
// inlined (log1pKernel), so the flags reach their PTX as they reach
// log1p's, and no result changes (lib64_log.go; the device's golden files
// under -ftz=true and -fmad=false equal the default's). Binary64 operations are the host's, as in lib64_exp.go;
// the SASS contracts none of the PTX's mul/add.

// ln2Hi64 is ln(2) rounded to double: kernels asinh_ and acosh_ add it for
// huge arguments, whose log1p is taken of |x| instead of 2|x|.
const ln2Hi64 = exp64Ln2Hi

// withSign returns |y| with the sign of x (copysign.f64).
func withSign(y, x float64) float64 {
	return math.Float64frombits(math.Float64bits(y)&^(1<<63) | math.Float64bits(x)&(1<<63))
}

// Asinh returns the inverse hyperbolic sine of x as CUDA's asinh computes
// it under fl.
//
// Special cases are:
//
//	Asinh(±Inf) = ±Inf
//	Asinh(NaN) = NaN: x quieted, sign and payload kept
//	Asinh(±0) = ±0
//
// Accuracy: bit-exact with the H100's asinh (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "3 (full range)".
//
// Flags: none changes the result (see lib64_ahyp.go).
func (fl Flags) Asinh(x float64) float64 {
	a := math.Abs(x)
	// y = a + a²/(1 + √(1+a²)), with √ from a refined rsqrt.approx and the
	// quotient from a refined rcp.approx; asinh(a) = log1p(y).
	t := math.FMA(x, x, 1)
	rs := math.Float64frombits(ptx.RsqrtApproxFTZF64(math.Float64bits(t)))
	e := math.FMA(t, -float64(rs*rs), 1)
	rs = math.FMA(math.FMA(0.375, e, 0.5), float64(e*rs), rs)
	s := math.FMA(t, rs, 1)
	rc := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(s)))
	d := math.FMA(-s, rc, 1)
	d = math.FMA(d, d, d)
	rc = math.FMA(d, rc, rc)
	y := math.FMA(a, float64(a*rc), a)
	big := uint32(math.Float64bits(a)>>32) > 0x43dfffff // a ≥ 2^62: asinh(a) = ln(a) + ln(2)
	if big {
		y = a
	}
	r := log1pKernel(y, fl.FTZ, fl.NoFMAD)
	if big {
		r += ln2Hi64
	}
	return withSign(r, x)
}

// Asinh returns asinh(x) under nvcc's default flags (Flags{}.Asinh).
func Asinh(x float64) float64 { return Flags{}.Asinh(x) }

// Acosh returns the inverse hyperbolic cosine of x as CUDA's acosh computes
// it under fl.
//
// Special cases are:
//
//	Acosh(+Inf) = +Inf
//	Acosh(1) = +0
//	Acosh(x) = NaN (0xfff8000000000000) for x < 1, -Inf included
//	Acosh(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's acosh (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "3 (full range)".
//
// Flags: none changes the result (see lib64_ahyp.go).
func (fl Flags) Acosh(x float64) float64 {
	// acosh(x) = log1p(d + √(x²−1)), d = x−1, with √ from a refined
	// rsqrt.approx; for d ≥ 2^51 (and x < 1, NaN: the high word of d read
	// unsigned) log1p(d − (1+2^-52)) + ln(2).
	d := x - 1
	h := uint32(math.Float64bits(d) >> 32)
	big := h > 0x432fffff
	sq := sqrtRsqrt64(math.FMA(x, x, -1))
	switch {
	case big:
		sq = -0x1.0000000000001p+00
	case h == 0:
		sq = 0
	}
	r := log1pKernel(d+sq, fl.FTZ, fl.NoFMAD)
	if big {
		r += ln2Hi64
	}
	return r
}

// Acosh returns acosh(x) under nvcc's default flags (Flags{}.Acosh).
func Acosh(x float64) float64 { return Flags{}.Acosh(x) }

// Atanh returns the inverse hyperbolic tangent of x as CUDA's atanh
// computes it under fl: log1p(2|x|/(1−|x|))/2 with the sign of x, the
// quotient correctly rounded.
//
// Special cases are:
//
//	Atanh(±1) = ±Inf
//	Atanh(x) = NaN (0x7ff8000000000000 or 0xfff8000000000000, the sign of x) for |x| > 1, ±Inf included
//	Atanh(NaN) = NaN: x quieted, sign and payload kept
//	Atanh(±0) = ±0
//
// Accuracy: bit-exact with the H100's atanh (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_ahyp.go).
func (fl Flags) Atanh(x float64) float64 {
	a := math.Abs(x)
	// div.rn.f64: the host quotient is the same IEEE division; a NaN
	// quotient (NaN x, or |x| = Inf) loses its sign to copysign.
	q := (a + a) / (1 - a)
	return withSign(float64(log1pKernel(q, fl.FTZ, fl.NoFMAD)*0.5), x)
}

// Atanh returns atanh(x) under nvcc's default flags (Flags{}.Atanh).
func Atanh(x float64) float64 { return Flags{}.Atanh(x) }
