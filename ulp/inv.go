package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
)

// Fast kernels of asin, acos, atan, atan2, asinh, acosh, atanh and log1p.
//
// Each is a float64 evaluation built on Go's math.Atan, math.Log1p,
// math.Log, math.Sqrt, math.Asinh, math.Acosh and math.Atanh, with the
// binary32 argument's exact float64 value. Their sources state their
// accuracy: math.Atan is Cephes' atan ("peak relative error 1.9e-16", about
// 2^-52.2, on [-10, 10], and the reduction t → π/2 − atan(1/t) beyond), and
// math.Log1p, math.Log, math.Asinh, math.Acosh and math.Atanh are FreeBSD's
// fdlibm (s_log1p.c: "error < 1 ulp"; the others combine log and log1p
// without cancellation for binary32 arguments: every 1 − x, x − 1 and x²
// below is exact). The compositions below add at most a few roundings of
// 2^-53 relative, each without cancellation (argued next to each kernel).
// The kernels claim a relative error of invRelErr = 2^-46, over 60 times
// the sum: what the rounding test relies on, and what TestRefProperty checks
// against a 256-bit enclosure on every input it draws. An input whose
// enclosure [v − err, v + err] holds a rounding boundary goes to the oracle
// (about one input in 2^22 for RN).
const invRelErr = 0x1p-46

// invRes returns v with the relative bound invRelErr, or v exactly for
// special values.
func invRes(v float64) kres {
	if v == 0 || v != v || math.IsInf(v, 0) {
		return exactRes(v)
	}
	return kres{v: DD{v, 0}, err: invRelErr * math.Abs(v)}
}

// f64of returns the float32 encoded by u as a float64 (exact).
func f64of(u uint32) float64 { return float64(math.Float32frombits(u)) }

// atanKernel: atan x = math.Atan(x).
//
// Special cases are:
//
//	Atan(NaN) = NaN
//	Atan(±0) = ±0
//	Atan(±Inf) = ±π/2 (math.Pi/2, within 2^-53 relative)
func atanKernel(x uint32) kres {
	if f32.IsNaN(x) {
		return exactRes(math.NaN())
	}
	if f32.IsZero(x) {
		return exactRes(f64of(x))
	}
	return invRes(math.Atan(f64of(x)))
}

// asinKernel: asin x = atan(x/√(1 − x²)) for |x| < 1. x² is exact (48
// bits) and so is 1 − x² unless x² < 2^-53 (then it rounds to 1, relative
// error 2^-53); the square root and the quotient add 2^-53 each, and atan's
// condition number t/((1 + t²)·atan t) is at most 1.
//
// Special cases are:
//
//	Asin(NaN) = NaN
//	Asin(±0) = ±0
//	Asin(x) = NaN for |x| > 1, ±Inf included
//	Asin(±1) = ±π/2
func asinKernel(x uint32) kres {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x) || ax > f32.OneBits:
		return exactRes(math.NaN())
	case f32.IsZero(x):
		return exactRes(f64of(x))
	case ax == f32.OneBits:
		return invRes(math.Copysign(math.Pi/2, f64of(x)))
	}
	v := f64of(x)
	return invRes(math.Atan(v / math.Sqrt(1-v*v)))
}

// acosKernel: with a = asin as in asinKernel,
//
//	acos x = 2·asin(√((1 − x)/2)) for x > 1/2 (1 − x exact by Sterbenz, /2 exact)
//	acos x = π − 2·asin(√((1 + x)/2)) for x < -1/2 (the result is ≥ 2π/3)
//	acos x = π/2 − asin x otherwise (|asin x| ≤ π/6, the result ≥ π/3)
//
// so no subtraction cancels: the absolute errors of its operands stay below
// 2^-50 of the result.
//
// Special cases are:
//
//	Acos(NaN) = NaN
//	Acos(x) = NaN for |x| > 1, ±Inf included
//	Acos(1) = +0
func acosKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x) || x&f32.AbsMask > f32.OneBits:
		return exactRes(math.NaN())
	case x == f32.OneBits:
		return exactRes(0)
	}
	v := f64of(x)
	asin := func(s float64) float64 { return math.Atan(s / math.Sqrt(1-s*s)) }
	switch {
	case v > 0.5:
		return invRes(2 * asin(math.Sqrt((1-v)/2)))
	case v < -0.5:
		return invRes(math.Pi - 2*asin(math.Sqrt((1+v)/2)))
	}
	return invRes(math.Pi/2 - asin(v))
}

// atan2Kernel: atan2(y, x) = ±atan(|y|/|x|) for x > 0 and ±(π − atan(|y|/|x|))
// for x < 0, with the sign of y. |y|/|x| lies in [2^-277, 2^277], a normal
// float64 rounded once; π − a ≥ π/2 does not cancel.
//
// Special cases are (in order; C99 F.9.1.4):
//
//	Atan2(y, x) = NaN if x or y is NaN
//	Atan2(±0, x) = ±0 for x ≥ +0, ±π for x ≤ -0
//	Atan2(y, ±0) = ±π/2 for y ≠ 0
//	Atan2(±Inf, +Inf) = ±π/4
//	Atan2(±Inf, -Inf) = ±3π/4
//	Atan2(±Inf, x) = ±π/2 for finite x
//	Atan2(y, +Inf) = ±0 for finite y
//	Atan2(y, -Inf) = ±π for finite y
func atan2Kernel(y, x uint32) kres {
	neg := y&f32.SignMask != 0
	sgn := func(v float64) kres {
		if neg {
			v = -v
		}
		return invRes(v)
	}
	xneg := x&f32.SignMask != 0
	switch {
	case f32.IsNaN(x) || f32.IsNaN(y):
		return exactRes(math.NaN())
	case f32.IsZero(y) && !xneg:
		return exactRes(f64of(y))
	case f32.IsZero(y):
		return sgn(math.Pi)
	case f32.IsZero(x):
		return sgn(math.Pi / 2)
	case f32.IsInf(y) && x == f32.InfBits:
		return sgn(math.Pi / 4)
	case f32.IsInf(y) && x == f32.NegInfBits:
		return sgn(3 * math.Pi / 4)
	case f32.IsInf(y):
		return sgn(math.Pi / 2)
	case x == f32.InfBits:
		return exactRes(f64of(y & f32.SignMask))
	case x == f32.NegInfBits:
		return sgn(math.Pi)
	}
	a := math.Atan(math.Abs(f64of(y)) / math.Abs(f64of(x)))
	if xneg {
		a = math.Pi - a
	}
	return sgn(a)
}

// log1pKernel: math.Log1p of the exact argument.
//
// Special cases are:
//
//	Log1p(NaN) = NaN
//	Log1p(±0) = ±0
//	Log1p(-1) = -Inf
//	Log1p(x) = NaN for x < -1, -Inf included
//	Log1p(+Inf) = +Inf
func log1pKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x) || x&f32.SignMask != 0 && x&f32.AbsMask > f32.OneBits:
		return exactRes(math.NaN())
	case x == f32.OneBits|f32.SignMask:
		return exactRes(math.Inf(-1))
	}
	return invRes(math.Log1p(f64of(x)))
}

// asinhKernel: math.Asinh (fdlibm's s_asinh.c).
//
// Special cases are:
//
//	Asinh(NaN) = NaN
//	Asinh(±0) = ±0
//	Asinh(±Inf) = ±Inf
func asinhKernel(x uint32) kres {
	if f32.IsNaN(x) {
		return exactRes(math.NaN())
	}
	return invRes(math.Asinh(f64of(x)))
}

// acoshKernel: math.Acosh (fdlibm's e_acosh.c; below 2 it is log1p(t +
// √(2t + t²)) with t = x − 1 exact).
//
// Special cases are:
//
//	Acosh(NaN) = NaN
//	Acosh(x) = NaN for x < 1, -Inf included
//	Acosh(1) = +0
//	Acosh(+Inf) = +Inf
func acoshKernel(x uint32) kres {
	if f32.IsNaN(x) || x&f32.SignMask != 0 || x < f32.OneBits {
		return exactRes(math.NaN())
	}
	return invRes(math.Acosh(f64of(x)))
}

// atanhKernel: math.Atanh (fdlibm's e_atanh.c: log1p(2x + 2x²/(1 − x))/2
// or log1p(2x/(1 − x))/2, 1 − x exact).
//
// Special cases are:
//
//	Atanh(NaN) = NaN
//	Atanh(±0) = ±0
//	Atanh(±1) = ±Inf
//	Atanh(x) = NaN for |x| > 1, ±Inf included
func atanhKernel(x uint32) kres {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x) || ax > f32.OneBits:
		return exactRes(math.NaN())
	case ax == f32.OneBits:
		return exactRes(math.Copysign(math.Inf(1), f64of(x)))
	}
	return invRes(math.Atanh(f64of(x)))
}
