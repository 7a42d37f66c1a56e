package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double inverse trigonometric functions (issue 18): asin, acos,
// atan and atan2 follow kernels asin_, acos_, atan_ and atan2_ of
// gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88, sm_90). Their binary64 fma.rn,
// add, mul and div.rn are IEEE operations rounded to nearest, which the
// host's float64 arithmetic performs identically (math.FMA for fma.rn.f64;
// a lone product in float64(...) so that no port fuses it); where a NaN
// can reach the result the functions below return the device's NaN
// explicitly. The SASS of the six flag sets has the same DFMA, DMUL and
// DADD (ptxas contracts none of the PTX's mul/add), so -fmad=false changes
// no result; -ftz=true (and -use_fast_math) gives asin's float32 compare
// of the operand's high word its .ftz form, which reads a subnormal high
// word as zero, on the same side of the threshold: no flag changes a
// result.

// Constants of the kernels: π/2 = pio2Hi64 + pio2Lo64, π = 2·pio2Hi64,
// π/4 = pio4Hi64 and 3π/4 rounded.
const (
	pio2Hi64  = 0x1.921fb54442d18p+00
	pio2Lo64  = 0x1.1a62633145c07p-54
	pio4Hi64  = 0x1.921fb54442d18p-01
	pi64      = 0x1.921fb54442d18p+01
	threePio4 = 0x1.2d97c7f3321d2p+01
)

// nanInvalid64 is the NaN the device's invalid operations return
// (0xfff8000000000000), with the sign of x: the kernels end in a
// copysign.
func nanInvalid64(x float64) float64 { return withSign(math.Float64frombits(0x7ff8<<48), x) }

// asin64Poly returns the polynomial of asin's kernel in z (x² or (1−|x|)/2),
// Horner's scheme in fma.rn.f64.
func asin64Poly(z float64) float64 {
	p := math.FMA(0x1.0066bdc1895e9p-04, z, -0x1.3823b180754afp-04)
	p = math.FMA(p, z, 0x1.11e52cc2f79aep-04)
	p = math.FMA(p, z, -0x1.24eaf3526861bp-06)
	p = math.FMA(p, z, 0x1.1df02a31e6cb7p-06)
	p = math.FMA(p, z, 0x1.47d18b0eec6ccp-07)
	p = math.FMA(p, z, 0x1.d0af961ba53b0p-07)
	p = math.FMA(p, z, 0x1.1bf7734cf1c48p-06)
	p = math.FMA(p, z, 0x1.6e91483144ef7p-06)
	p = math.FMA(p, z, 0x1.f1c6e0a4f9f81p-06)
	p = math.FMA(p, z, 0x1.6db6dc27fa92bp-05)
	p = math.FMA(p, z, 0x1.333333320f91bp-04)
	p = math.FMA(p, z, 0x1.5555555555f4dp-03)
	return float64(z * p)
}

// sqrtRsqrt64 returns √t as asin_, acos_ and acosh_ compute it for a
// positive normal t: rsqrt.approx.ftz.f64, then a Newton step on the root
// s = t·r and one on r/2, and a final correction with the residual.
func sqrtRsqrt64(t float64) float64 {
	r := math.Float64frombits(ptx.RsqrtApproxFTZF64(math.Float64bits(t)))
	half := math.Float64frombits(math.Float64bits(r) - 0x100000<<32) // r/2 on the high word
	s := float64(t * r)
	e := math.FMA(s, -s, t)
	s = math.FMA(e, half, s)
	g := math.FMA(r, -s, 1)
	g = math.FMA(g, half, half)
	e = math.FMA(s, -s, t)
	return math.FMA(e, g, s)
}

// Asin returns the arcsine of x, in radians, as CUDA's asin computes it
// under fl.
//
// Special cases are:
//
//	Asin(±0) = ±0
//	Asin(NaN) = NaN: x quieted, sign and payload kept
//	Asin(x) = NaN (0x7ff8000000000000 or 0xfff8000000000000, the sign of x) for |x| > 1, ±Inf included
//
// Accuracy: bit-exact with the H100's asin (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (-ftz=true changes a float32 compare of
// the high word that it cannot decide otherwise; see lib64_inv.go).
func (fl Flags) Asin(x float64) float64 { return Asin(x) }

// Asin returns asin(x) under nvcc's default flags (Flags{}.Asin).
func Asin(x float64) float64 {
	// |x| < 0x1.26666p-1 on the high word (about 0.575): the odd
	// polynomial x + x³·P(x²).
	if hiAbs64(x) < 0x3fe26666 {
		z := float64(x * x)
		return math.FMA(asin64Poly(z), x, x)
	}
	// asin(a) = π/2 − 2·asin(√t), t = (1−a)/2: π/4 + (π/4 − 2√t − 2√t·P(t)),
	// with π/2's low part.
	a := math.Abs(x)
	t := math.FMA(-0.5, a, 0.5)
	switch {
	case x != x:
		return quiet64(x)
	case t < 0: // |x| > 1
		return nanInvalid64(x)
	}
	s := t // t = +0: |x| = 1
	if t != 0 {
		s = sqrtRsqrt64(t)
	}
	m := float64(s * -2) // exact
	c := math.FMA(m, asin64Poly(t), pio2Lo64)
	r := (m + pio4Hi64 + c) + pio4Hi64
	return withSign(r, x)
}

// Acos returns the arccosine of x, in radians, as CUDA's acos computes it
// under fl.
//
// Special cases are:
//
//	Acos(1) = +0
//	Acos(NaN) = NaN: x quieted, sign and payload kept
//	Acos(x) = NaN (0xfff8000000000000) for |x| > 1, ±Inf included
//
// Accuracy: bit-exact with the H100's acos (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_inv.go).
func (fl Flags) Acos(x float64) float64 { return Acos(x) }

// Acos returns acos(x) under nvcc's default flags (Flags{}.Acos).
func Acos(x float64) float64 {
	a := math.Abs(x)
	neg := math.Signbit(x)
	if hiAbs64(x) < 0x3fe26666 { // π/2 ∓ asin(|x|), with π/2's low part
		z := float64(a * a)
		s := math.FMA(asin64Poly(z), a, a)
		if neg {
			return pio2Hi64 + (s + pio2Lo64)
		}
		return pio2Hi64 + -(s - pio2Lo64)
	}
	// acos(a) = 2·asin(√d'), d = 1 − a, d' = d/2: 2s + 2s·d·Q(d), where
	// s = √(d/2) and Q is the kernel's second polynomial; π − that for x < 0.
	d := 1 - a
	var r float64
	switch h := int32(math.Float64bits(d) >> 32); {
	case x != x:
		return quiet64(x)
	case h < 0: // a > 1: a·0·Inf is the invalid NaN (DADD's negation modifier keeps a NaN)
		return math.Float64frombits(0xfff8 << 48)
	case h < 1: // d = 0
		r = 0
	default:
		t := math.Float64frombits(math.Float64bits(d) - 0x100000<<32) // d/2 on the high word
		s := sqrtRsqrt64(t)
		s2 := math.Float64frombits(math.Float64bits(s) + 0x100000<<32) // 2s
		p := math.FMA(0x1.715b371155f7p-19, d, -0x1.ac2fe66faac4bp-20)
		p = math.FMA(p, d, 0x1.9a9b88efcd9b8p-18)
		p = math.FMA(p, d, 0x1.d0f40a8a0c4c3p-18)
		p = math.FMA(p, d, 0x1.46d4cfa9e0e1fp-16)
		p = math.FMA(p, d, 0x1.79c168d1e2422p-15)
		p = math.FMA(p, d, 0x1.c9a88c3bca540p-14)
		p = math.FMA(p, d, 0x1.1c4e64bd476dfp-12)
		p = math.FMA(p, d, 0x1.6e8ba60009c8fp-11)
		p = math.FMA(p, d, 0x1.f1c71c62b05a2p-10)
		p = math.FMA(p, d, 0x1.6db6db6dc9f2cp-08)
		p = math.FMA(p, d, 0x1.333333333329cp-06)
		p = math.FMA(p, d, 0x1.5555555555555p-04)
		r = math.FMA(float64(d*p), s2, s2)
	}
	if neg {
		return pi64 + -(r - 2*pio2Lo64)
	}
	return r
}

// atan64Poly returns atan(v) for |v| ≤ 1 as atan_ and atan2_ compute it:
// v + v³·P(v²), Horner's scheme in fma.rn.f64.
func atan64Poly(v float64) float64 {
	z := float64(v * v)
	p := math.FMA(-0x1.53e1d2a25ff7ep-16, z, 0x1.d3b63dbb65b49p-13)
	p = math.FMA(p, z, -0x1.312788dde082ep-10)
	p = math.FMA(p, z, 0x1.f9690c8249315p-09)
	p = math.FMA(p, z, -0x1.2cf5aabc7cf0dp-07)
	p = math.FMA(p, z, 0x1.162b0b2a3bfdep-06)
	p = math.FMA(p, z, -0x1.a7256feb6fc6bp-06)
	p = math.FMA(p, z, 0x1.171560ce4a489p-05)
	p = math.FMA(p, z, -0x1.4f44d841450e4p-05)
	p = math.FMA(p, z, 0x1.7ee3d3f36bb95p-05)
	p = math.FMA(p, z, -0x1.ad32ae04a9fd1p-05)
	p = math.FMA(p, z, 0x1.e17813d66954fp-05)
	p = math.FMA(p, z, -0x1.11089ca9a5bcdp-04)
	p = math.FMA(p, z, 0x1.3b12b2db51738p-04)
	p = math.FMA(p, z, -0x1.745d022f8dc5cp-04)
	p = math.FMA(p, z, 0x1.c71c709dfe927p-04)
	p = math.FMA(p, z, -0x1.2492491fa1744p-03)
	p = math.FMA(p, z, 0x1.99999999840d2p-03)
	p = math.FMA(p, z, -0x1.555555555544cp-02)
	return math.FMA(float64(z*p), v, v)
}

// Atan returns the arctangent of x, in radians, as CUDA's atan computes it
// under fl.
//
// Special cases are:
//
//	Atan(±0) = ±0
//	Atan(±Inf) = ±π/2 (0x1.921fb54442d18p+00)
//	Atan(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's atan (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_inv.go).
func (fl Flags) Atan(x float64) float64 { return Atan(x) }

// Atan returns atan(x) under nvcc's default flags (Flags{}.Atan).
func Atan(x float64) float64 {
	a := math.Abs(x)
	if x != x {
		return quiet64(x)
	}
	if !(a > 1) {
		return withSign(atan64Poly(a), x)
	}
	// atan(a) = π/2 − atan(1/a), 1/a from rcp.approx.ftz.f64 and one
	// quadratic Newton step; 1/Inf = 0.
	v := 0.0
	if !math.IsInf(a, 1) {
		rc := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(a)))
		e := math.FMA(-a, rc, 1)
		e = math.FMA(e, e, e)
		v = math.FMA(e, rc, rc)
	}
	return withSign(pio2Hi64-atan64Poly(v), x)
}

// Atan2 returns the angle of the point (x, y), in radians, as CUDA's atan2
// computes it under fl.
//
// Special cases are (in order):
//
//	Atan2(y, x) = NaN if x or y is NaN: |x| + |y|, the NaN of that add (y's when both are)
//	Atan2(±0, x) = ±0 for x > 0 or x = +0, ±π for x < 0 or x = -0
//	Atan2(±Inf, ±Inf) = ±π/4 for x = +Inf, ±3π/4 for x = -Inf
//	Atan2(y, x) = ±π/4 or ±3π/4 whenever |x| = |y|
//
// Accuracy: bit-exact with the H100's atan2 (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_inv.go).
func (fl Flags) Atan2(y, x float64) float64 { return Atan2(y, x) }

// Atan2 returns atan2(y, x) under nvcc's default flags (Flags{}.Atan2).
func Atan2(y, x float64) float64 {
	ax, ay := math.Abs(x), math.Abs(y)
	if x != x || y != y {
		// add.rn.f64 |x|, |y|: y's NaN first; abs.f64 keeps a NaN's sign.
		if y != y {
			return quiet64(y)
		}
		return quiet64(x)
	}
	negX := math.Signbit(x)
	var r float64
	switch big, small := math.Max(ax, ay), math.Min(ax, ay); {
	case big == 0:
		r = 0
		if negX {
			r = pi64
		}
	case ax == ay:
		r = pio4Hi64
		if negX {
			r = threePio4
		}
	default:
		// div.rn.f64 of two positive finite doubles (or a finite by +Inf):
		// the host quotient is the same IEEE division.
		v := atan64Poly(small / big)
		switch {
		case ay > ax && negX:
			r = v + pio2Hi64
		case ay > ax:
			r = -v + pio2Hi64
		case negX:
			r = pi64 - v
		default:
			r = v
		}
	}
	return withSign(r, y)
}

// Rsqrt returns 1/√x as CUDA's rsqrt computes it under fl: the PTX
// instruction rsqrt.approx.f64 (ptx.RsqrtApproxF64), a MUFU.RSQ64H seed and
// one Newton step in double.
//
// Special cases are:
//
//	Rsqrt(±0) = ±Inf
//	Rsqrt(+Inf) = +0
//	Rsqrt(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	Rsqrt(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's rsqrt (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (the PTX is the same one instruction under
// every flag set).
func (fl Flags) Rsqrt(x float64) float64 { return Rsqrt(x) }

// Rsqrt returns rsqrt(x) under nvcc's default flags (Flags{}.Rsqrt).
func Rsqrt(x float64) float64 { return f64b(ptx.RsqrtApproxF64(b64(x))) }
