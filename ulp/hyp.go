package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// References of sinh, cosh, expm1, cbrt, 1/cbrt, hypot and 1/hypot: fast
// kernels with the error bounds proved at each, and internal/oracle's
// certified Ziv loops as the fallback.

// Sinh is the reference of the hyperbolic sine.
//
// Special cases are:
//
//	Sinh(NaN) = NaN
//	Sinh(±Inf) = ±Inf
//	Sinh(±0) = ±0
//
// Value: relative error < 2^-50.
var Sinh = &Ref{name: "sinh", arity: 1, modes: rnOnly, valueBits: 50, orc: oracle.Sinh, k1: sinhKernel}

// Cosh is the reference of the hyperbolic cosine.
//
// Special cases are:
//
//	Cosh(NaN) = NaN
//	Cosh(±Inf) = +Inf
//	Cosh(±0) = 1
//
// Value: relative error < 2^-50.
var Cosh = &Ref{name: "cosh", arity: 1, modes: rnOnly, valueBits: 50, orc: oracle.Cosh, k1: coshKernel}

// Expm1 is the reference of e^x − 1.
//
// Special cases are:
//
//	Expm1(NaN) = NaN
//	Expm1(+Inf) = +Inf
//	Expm1(-Inf) = -1
//	Expm1(±0) = ±0
//
// Value: relative error < 2^-48.
var Expm1 = &Ref{name: "expm1", arity: 1, modes: rnOnly, valueBits: 48, orc: oracle.Expm1, k1: expm1Kernel}

// Cbrt is the reference of the cube root.
//
// Special cases are:
//
//	Cbrt(NaN) = NaN
//	Cbrt(±Inf) = ±Inf
//	Cbrt(±0) = ±0
//
// Value: relative error < 2^-80.
var Cbrt = &Ref{name: "cbrt", arity: 1, modes: rnOnly, valueBits: 80, orc: oracle.Cbrt, k1: cbrtKernel}

// Rcbrt is the reference of 1/∛x.
//
// Special cases are:
//
//	Rcbrt(NaN) = NaN
//	Rcbrt(±0) = ±Inf
//	Rcbrt(±Inf) = ±0
//
// Value: relative error < 2^-80.
var Rcbrt = &Ref{name: "rcbrt", arity: 1, modes: rnOnly, valueBits: 80, orc: oracle.Rcbrt, k1: rcbrtKernel}

// Hypot is the reference of √(x² + y²) (binary: use Round2, Value2).
//
// Special cases are (in order):
//
//	Hypot(±Inf, y) = Hypot(x, ±Inf) = +Inf, even for a NaN argument
//	Hypot(NaN, y) = Hypot(x, NaN) = NaN
//	Hypot(±0, ±0) = +0
//
// Value: relative error < 2^-100.
var Hypot = &Ref{name: "hypot", arity: 2, modes: rnOnly, valueBits: 100, orc: oracle.Hypot, k2: hypotKernel}

// Rhypot is the reference of 1/√(x² + y²) (binary).
//
// Special cases are (in order):
//
//	Rhypot(±Inf, y) = Rhypot(x, ±Inf) = +0, even for a NaN argument
//	Rhypot(NaN, y) = Rhypot(x, NaN) = NaN
//	Rhypot(±0, ±0) = +Inf
//
// Value: relative error < 2^-98.
var Rhypot = &Ref{name: "rhypot", arity: 2, modes: rnOnly, valueBits: 98, orc: oracle.Rhypot, k2: rhypotKernel}

func init() { refs = append(refs, Sinh, Cosh, Expm1, Cbrt, Rcbrt, Hypot, Rhypot) }

// Coefficients of the series below: inverse factorials rounded to float64
// (relative error ≤ 2^-53 each).
var (
	sinhCoef  [10]float64 // 1/(2k+3)!, k = 0…9
	coshCoef  [10]float64 // 1/(2k+2)!
	expm1Coef [17]float64 // 1/(k+2)!, k = 0…16
)

func init() {
	// n! for n ≤ 21 is exact in float64 (its odd part, at most 21!/2^18 <
	// 2^48, fits in 53 bits), so each 1/n! is rounded once.
	fact := func(n int) float64 {
		f := 1.0
		for i := 2; i <= n; i++ {
			f *= float64(i)
		}
		return f
	}
	for k := range sinhCoef {
		sinhCoef[k] = 1 / fact(2*k+3)
		coshCoef[k] = 1 / fact(2*k+2)
	}
	for k := range expm1Coef {
		expm1Coef[k] = 1 / fact(k+2)
	}
}

// horner evaluates Σ c[k]·t^k.
func horner(c []float64, t float64) float64 {
	p := c[len(c)-1]
	for k := len(c) - 2; k >= 0; k-- {
		p = float64(p*t) + c[k]
	}
	return p
}

// sinhKernel: sinh x, odd, evaluated on a = |x|.
//
//	a > 100: |sinh x| > 2^143, rounds as ±2^200 (Value: e^a/2, expOutside)
//	a ≤ 1: sinh a = a + T, T = a³·Σ_k t^k/(2k+3)!, t = a² (exact: a has 24
//	  bits, and t ≥ 2^-298 stays normal). The series to k = 9 leaves a tail
//	  ≤ a³·1.01/23! < 2^-74·a³. The Horner sum of positive terms with
//	  coefficients within 2^-53 has relative error ≤ 21·2^-53·1.01 < 2^-48.6;
//	  a·t and the last product add 2·2^-53: T within 2^-48.4·T. a + T is
//	  exact as a double-double (fastTwoSum, T < a): err = 2^-48·T + 2^-74·a³
//	1 < a ≤ 100: E = e^a and F = e^-a from expReduce/expCore, each within
//	  2^-65.9 relative; sinh a = (E − F)/2 as twoSum(E, −F) plus the low parts
//	  (rounding ≤ 2^-103·E): error ≤ 2^-66.9·(E + F) + 2^-104·E ≤ 2^-65.8·cosh a
//	  ≤ 2^-65.4·sinh a (coth a ≤ coth 1 < 1.32): err = 2^-65·|hi|
//
// Value's relative error is at most (2^-48·0.18 + 2^-74)·a³/a < 2^-50.
func sinhKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsInf(x), f32.IsZero(x):
		return exactRes(float64(math.Float32frombits(x)))
	}
	xf := float64(math.Float32frombits(x))
	a := math.Abs(xf)
	var hi, lo, err float64
	switch {
	case a > 100:
		v := expOutside(a) / 2
		return kres{v: DD{math.Copysign(v, xf), 0}, rep: math.Copysign(0x1p200, xf)}
	case a <= 1:
		t := a * a
		a3 := float64(a * t)
		tail := float64(a3 * horner(sinhCoef[:], t))
		hi, lo = fastTwoSum(a, tail)
		err = 0x1p-48*tail + 0x1p-74*a3
	default:
		k, sh, sl := expReduce(a)
		eh, el := expCore(k, sh, sl)
		k, sh, sl = expReduce(-a)
		fh, fl := expCore(k, sh, sl)
		s, e := twoSum(eh, -fh)
		hi, lo = fastTwoSum(s, e+(el-fl))
		hi, lo = hi/2, lo/2
		err = 0x1p-65 * hi
	}
	if xf < 0 {
		hi, lo = -hi, -lo
	}
	return kres{v: DD{hi, lo}, err: err}
}

// coshKernel: cosh x, even, evaluated on a = |x|.
//
//	a > 100: cosh x > 2^143, rounds as 2^200 (Value: e^a/2)
//	a ≤ 1: cosh a = 1 + T, T = t·Σ_k t^k/(2k+2)!, t = a² exact; the tail
//	  beyond k = 9 is ≤ t^11·1.01/22! < 2^-69.9·t; the positive Horner sum and
//	  the product give T within 2^-48.5·T (as for sinh); 1 + T is exact as a
//	  double-double (T < 0.55): err = 2^-48·T + 2^-69·t
//	1 < a ≤ 100: (E + F)/2 with E, F within 2^-65.9 relative, a sum of
//	  positive terms: err = 2^-65·hi
//
// Value's relative error is below 2^-50.
func coshKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsInf(x):
		return exactRes(math.Inf(1))
	case f32.IsZero(x):
		return exactRes(1)
	}
	a := math.Abs(float64(math.Float32frombits(x)))
	switch {
	case a > 100:
		return kres{v: DD{expOutside(a) / 2, 0}, rep: 0x1p200}
	case a <= 1:
		t := a * a
		tail := float64(t * horner(coshCoef[:], t))
		hi, lo := fastTwoSum(1, tail)
		return kres{v: DD{hi, lo}, err: 0x1p-48*tail + 0x1p-69*t}
	}
	k, sh, sl := expReduce(a)
	eh, el := expCore(k, sh, sl)
	k, sh, sl = expReduce(-a)
	fh, fl := expCore(k, sh, sl)
	s, e := fastTwoSum(eh, fh)
	hi, lo := fastTwoSum(s, e+(el+fl))
	hi, lo = hi/2, lo/2
	return kres{v: DD{hi, lo}, err: 0x1p-65 * hi}
}

// expm1Kernel: e^x − 1.
//
//	x > 100: rounds as 2^200 (Value: expOutside)
//	x < −20: −1 < e^x − 1 < −1 + 2^-28, rounds as −(1 − 2^-30) in every mode
//	  (Value: −1 + e^x)
//	|x| ≤ 1/2: e^x − 1 = x + T, T = x²·R(x), R = Σ_k x^k/(k+2)! to k = 16;
//	  the tail is ≤ |x|^17·1.1/19! < 2^-73 (times x²). The Horner sum of an
//	  alternating series errs by at most 35·2^-53·R(|x|) ≤ 35·2^-53·1.4·|R(x)|
//	  (R(|x|) ≤ R(1/2) < 0.595, R(x) ≥ R(−1/2) > 0.426), and x² (exact) times
//	  R adds 2^-53: T within 2^-47.3·|T|; x + T is exact as a double-double
//	  (|T| ≤ 0.3·|x|): err = 2^-47·|T| + 2^-73·x²
//	otherwise: E = e^x within 2^-65.9·E; E − 1 by twoSum: relative error ≤
//	  2^-65.9·E/|E − 1| + 2^-104 ≤ 2^-64.5 (E/|E−1| ≤ 2.55 for |x| ≥ 1/2):
//	  err = 2^-64·|hi|
//
// Value's relative error is below 2^-48 (|e^x − 1| ≥ 0.78·|x| for |x| ≤ 1/2).
func expm1Kernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case x == f32.InfBits:
		return exactRes(math.Inf(1))
	case x == f32.NegInfBits:
		return exactRes(-1)
	case f32.IsZero(x):
		return exactRes(float64(math.Float32frombits(x)))
	}
	xf := float64(math.Float32frombits(x))
	switch {
	case xf > 100:
		return kres{v: DD{expOutside(xf), 0}, rep: 0x1p200}
	case xf < -20:
		return kres{v: DD{-1, expOutside(xf)}, rep: -(1 - 0x1p-30)}
	case math.Abs(xf) <= 0.5:
		x2 := xf * xf
		tail := float64(x2 * horner(expm1Coef[:], xf))
		hi, lo := fastTwoSum(xf, tail)
		return kres{v: DD{hi, lo}, err: 0x1p-47*math.Abs(tail) + 0x1p-73*x2}
	}
	k, sh, sl := expReduce(xf)
	eh, el := expCore(k, sh, sl)
	s, e := twoSum(eh, -1)
	hi, lo := fastTwoSum(s, e+el)
	return kres{v: DD{hi, lo}, err: 0x1p-64 * math.Abs(hi)}
}

// cbrtCore returns ∛a for a finite a > 0 as hi + lo with |∛a − (hi + lo)|
// ≤ err (err = +Inf when the start is too far off to bound).
//
// y = math.Cbrt(a) is any start; D = a − y³ is evaluated as
// twoSum(a, −p1) + ((e − p1l) − p2) with y² = y2h + y2l and y·y2h = p1 + p1l
// exact (twoProd) and p2 = fl(y·y2l): the rounding of p2 is ≤ 2^-53·|p2|,
// each of the three additions of the low part errs by ≤ 2^-53 of its
// result, so |d − D| ≤ εd = 2^-52·(|d| + |e| + |p1l| + |p2|). With u = D/y³,
// ∛a = y·(1+u)^(1/3) = y + D/(3y²) + δ with |δ| ≤ y·u²/8.9 for |u| ≤
// 2^-20; c = d/(3·y2h) has relative error ≤ 3·2^-53 against d/(3y²); so
// err = 2^-51·|c| + εd/(3·y2h)·1.01 + y·u²/8 (with |u| ≤ 1.01·(|d| + εd)/p1).
// Go's math.Cbrt (FreeBSD's s_cbrt.c, "error < 0.667 ulps") gives u ≈ 2^-52
// and err ≈ 2^-100·y.
func cbrtCore(a float64) (hi, lo, err float64) {
	y := math.Cbrt(a)
	y2h, y2l := twoProd(y, y)
	p1, p1l := twoProd(y, y2h)
	p2 := y * y2l
	s, e := twoSum(a, -p1)
	d := s + ((e - p1l) - p2)
	ed := 0x1p-52 * (math.Abs(d) + math.Abs(e) + math.Abs(p1l) + math.Abs(p2))
	u := 1.01 * (math.Abs(d) + ed) / p1
	if !(u <= 0x1p-20) {
		return y, 0, math.Inf(1)
	}
	c := d / (3 * y2h)
	hi, lo = fastTwoSum(y, c)
	return hi, lo, 0x1p-51*math.Abs(c) + 1.01*ed/(3*y2h) + y*u*u/8
}

// cbrtKernel: ∛x, odd: cbrtCore(|x|) (|x| as a float64 is exact and
// normal). Value's relative error is below 2^-80 when math.Cbrt is within
// 2^-30 of ∛|x| (u ≤ 2^-28: err ≤ 2^-51·2^-28·y/3 + 2^-100·y + 2^-59·y).
func cbrtKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsInf(x), f32.IsZero(x):
		return exactRes(float64(math.Float32frombits(x)))
	}
	xf := float64(math.Float32frombits(x))
	hi, lo, err := cbrtCore(math.Abs(xf))
	if xf < 0 {
		hi, lo = -hi, -lo
	}
	return kres{v: DD{hi, lo}, err: err}
}

// recipDD returns 1/(hi + lo) as a double-double and its error bound, for
// hi > 0 with |(hi + lo) − v| ≤ err ≤ 2^-40·hi for the true v: q = fl(1/hi),
// r = 1 − q·hi exactly (math.FMA: the remainder of a correctly rounded
// quotient is representable), ql = (r − q·lo)/hi, whose two roundings and
// the dropped second-order term lo²/hi³ cost ≤ 2^-103·q; the error of v
// propagates as ≤ q·err/hi·1.01.
func recipDD(hi, lo, err float64) (qh, ql, qerr float64) {
	q := 1 / hi
	r := math.FMA(-q, hi, 1)
	ql = (r - q*lo) / hi
	qh, ql = fastTwoSum(q, ql)
	return qh, ql, 1.01*q*err/hi + 0x1p-103*q
}

// rcbrtKernel: 1/∛x, odd: recipDD of cbrtCore(|x|).
func rcbrtKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsZero(x):
		return exactRes(math.Copysign(math.Inf(1), float64(math.Float32frombits(x))))
	case f32.IsInf(x):
		return exactRes(math.Copysign(0, float64(math.Float32frombits(x))))
	}
	xf := float64(math.Float32frombits(x))
	hi, lo, err := cbrtCore(math.Abs(xf))
	if !(err <= 0x1p-40*hi) {
		return kres{v: DD{math.Copysign(1/hi, xf), 0}, err: math.Inf(1)}
	}
	hi, lo, err = recipDD(hi, lo, err)
	if xf < 0 {
		hi, lo = -hi, -lo
	}
	return kres{v: DD{hi, lo}, err: err}
}

// sqrtSum returns √(s + t) as hi + lo with error ≤ err, for the exact sum
// of s ≥ |t| ≥ 0 (s > 0) given by twoSum: r = √s correctly rounded, rem =
// s − r² exactly (math.FMA, the remainder of a correctly rounded root), R =
// rem + t (one rounding); √(r² + R) = r + R/(2r) − δ with 0 ≤ δ ≤ R²/(8r³)
// ≤ 2^-104·r (|R| ≤ 2^-51·r²); c = R/(2r) errs by ≤ 2^-52·|c| from the two
// roundings: err = 2^-51·|c| + 2^-104·r.
func sqrtSum(s, t float64) (hi, lo, err float64) {
	r := math.Sqrt(s)
	rem := math.FMA(-r, r, s)
	c := (rem + t) / (2 * r)
	hi, lo = fastTwoSum(r, c)
	return hi, lo, 0x1p-51*math.Abs(c) + 0x1p-104*r
}

// hypotEdge answers the special cases of hypot and rhypot: a ±Inf argument
// (even with a NaN), a NaN argument, two zeros.
func hypotEdge(x, y uint32, inf, zero float64) (kres, bool) {
	switch {
	case f32.IsInf(x) || f32.IsInf(y):
		return exactRes(inf), true
	case f32.IsNaN(x) || f32.IsNaN(y):
		return exactRes(math.NaN()), true
	case f32.IsZero(x) && f32.IsZero(y):
		return exactRes(zero), true
	}
	return kres{}, false
}

// hypotSquares returns x² + y² as the exact double-double twoSum(x², y²):
// the squares of binary32 values are exact in binary64 (48 bits, exponents
// in [-298, 256]), and so is their twoSum.
func hypotSquares(x, y uint32) (s, t float64) {
	xf, yf := float64(math.Float32frombits(x)), float64(math.Float32frombits(y))
	a, b := xf*xf, yf*yf
	if a < b {
		a, b = b, a
	}
	return fastTwoSum(a, b)
}

// hypotKernel: √(x² + y²) = sqrtSum of the exact sum of squares; Value's
// relative error ≤ 2^-51·2^-52 + 2^-104 < 2^-100.
func hypotKernel(x, y uint32) kres {
	if r, ok := hypotEdge(x, y, math.Inf(1), 0); ok {
		return r
	}
	hi, lo, err := sqrtSum(hypotSquares(x, y))
	return kres{v: DD{hi, lo}, err: err}
}

// rhypotKernel: 1/√(x² + y²) = recipDD of hypotKernel's value; Value's
// relative error ≤ 1.01·2^-100 + 2^-103 < 2^-98.
func rhypotKernel(x, y uint32) kres {
	if r, ok := hypotEdge(x, y, 0, math.Inf(1)); ok {
		return r
	}
	hi, lo, err := sqrtSum(hypotSquares(x, y))
	hi, lo, err = recipDD(hi, lo, err)
	return kres{v: DD{hi, lo}, err: err}
}

// Norm3 is the reference of √(x² + y² + z²) (ternary: use Round3, Value3).
//
// Special cases are (in order):
//
//	Norm3(x, y, z) = +Inf if an argument is ±Inf, even with a NaN
//	Norm3(x, y, z) = NaN if an argument is NaN
//	Norm3(±0, ±0, ±0) = +0
//
// Value: relative error < 2^-100.
var Norm3 = &Ref{name: "norm3", arity: 3, modes: rnOnly, valueBits: 100, orc3: oracle.Norm3, k3: norm3Kernel}

// Rnorm3 is the reference of 1/√(x² + y² + z²) (ternary).
//
// Special cases are (in order):
//
//	Rnorm3(x, y, z) = +0 if an argument is ±Inf, even with a NaN
//	Rnorm3(x, y, z) = NaN if an argument is NaN
//	Rnorm3(±0, ±0, ±0) = +Inf
//
// Value: relative error < 2^-98.
var Rnorm3 = &Ref{name: "rnorm3", arity: 3, modes: rnOnly, valueBits: 98, orc3: oracle.Rnorm3, k3: rnorm3Kernel}

// refs3 lists the ternary references, which Lookup finds too.
var refs3 = []*Ref{Norm3, Rnorm3}

// Round3 returns f(x, y, z) correctly rounded in mode m (ternary f).
func (r *Ref) Round3(x, y, z uint32, m rounding.Mode) uint32 {
	b, _, _ := r.eval3(x, y, z, m)
	return b
}

// Value3 returns a double-double approximation of f(x, y, z) (ternary f).
func (r *Ref) Value3(x, y, z uint32) DD {
	r.check(3)
	return r.k3(x, y, z).v
}

func (r *Ref) eval3(x, y, z uint32, m rounding.Mode) (uint32, DD, bool) {
	r.check(3)
	k := r.k3(x, y, z)
	if b, ok := k.round(m); ok {
		return b, k.v, false
	}
	r.fallbacks.Add(1)
	return r.orc3.Round3(x, y, z, m), k.v, true
}

// normEdge answers the special cases of norm3 and rnorm3: a ±Inf argument
// (even with a NaN), a NaN argument, three zeros.
func normEdge(x, y, z uint32, inf, zero float64) (kres, bool) {
	switch {
	case f32.IsInf(x) || f32.IsInf(y) || f32.IsInf(z):
		return exactRes(inf), true
	case f32.IsNaN(x) || f32.IsNaN(y) || f32.IsNaN(z):
		return exactRes(math.NaN()), true
	case f32.IsZero(x) && f32.IsZero(y) && f32.IsZero(z):
		return exactRes(zero), true
	}
	return kres{}, false
}

// normSquares returns x² + y² + z² as s + t: the squares a ≥ b ≥ c are
// exact in binary64, twoSum(a, b) = s1 + e1 and twoSum(s1, c) = s + e2 are
// exact, and t = e1 + e2 rounds once: |t − (e1 + e2)| ≤ 2^-53·|t| ≤ 2^-104·s
// (|e1|, |e2| ≤ 2^-53·s), an error that sqrtSum's root turns into ≤
// 2^-105·√(s + t) and that norm3Kernel adds to err.
func normSquares(x, y, z uint32) (s, t float64) {
	sq := func(u uint32) float64 { v := float64(math.Float32frombits(u)); return v * v }
	a, b, c := sq(x), sq(y), sq(z)
	s1, e1 := twoSum(a, b)
	s, e2 := twoSum(s1, c)
	return fastTwoSum(s, e1+e2)
}

// norm3Kernel: √(x² + y² + z²) = sqrtSum of normSquares; err grows by
// 2^-104·hi for the rounding of the low part; Value's relative error <
// 2^-100.
func norm3Kernel(x, y, z uint32) kres {
	if r, ok := normEdge(x, y, z, math.Inf(1), 0); ok {
		return r
	}
	hi, lo, err := sqrtSum(normSquares(x, y, z))
	return kres{v: DD{hi, lo}, err: err + 0x1p-104*hi}
}

// rnorm3Kernel: 1/√(x² + y² + z²) = recipDD of norm3Kernel's value.
func rnorm3Kernel(x, y, z uint32) kres {
	if r, ok := normEdge(x, y, z, 0, math.Inf(1)); ok {
		return r
	}
	hi, lo, err := sqrtSum(normSquares(x, y, z))
	hi, lo, err = recipDD(hi, lo, err+0x1p-104*hi)
	return kres{v: DD{hi, lo}, err: err}
}

// Norm4 is the reference of √(x² + y² + z² + w²) (four arguments: use
// RoundN, ValueN).
//
// Special cases are (in order):
//
//	Norm4(x, y, z, w) = +Inf if an argument is ±Inf, even with a NaN
//	Norm4(x, y, z, w) = NaN if an argument is NaN
//	Norm4(±0, ±0, ±0, ±0) = +0
//
// Value: relative error < 2^-100.
var Norm4 = &Ref{name: "norm4", arity: 4, modes: rnOnly, valueBits: 100, orcN: oracle.Norm, kN: normKernelN}

// Rnorm4 is the reference of 1/√(x² + y² + z² + w²) (four arguments).
//
// Special cases are (in order):
//
//	Rnorm4(x, y, z, w) = +0 if an argument is ±Inf, even with a NaN
//	Rnorm4(x, y, z, w) = NaN if an argument is NaN
//	Rnorm4(±0, ±0, ±0, ±0) = +Inf
//
// Value: relative error < 2^-98.
var Rnorm4 = &Ref{name: "rnorm4", arity: 4, modes: rnOnly, valueBits: 98, orcN: oracle.Rnorm, kN: rnormKernelN}

// Norm is the reference of the Euclidean norm √(a0² + … + a(d−1)²) of an
// array, as CUDA's normf(d, a): through Eval its Input is the count d (X)
// and up to MaxArray elements (Y, Z, More); RoundN and ValueN take the
// elements themselves, any number of them (Norm of none is +0).
//
// Special cases are (in order):
//
//	Norm(a) = +Inf if an element is ±Inf, even with a NaN
//	Norm(a) = NaN if an element is NaN
//	Norm(a) = +0 if every element is ±0, or there is none
//
// Value: relative error < 2^-99 for up to 8 elements (n²·2^-106 + 2^-103 for n).
var Norm = &Ref{name: "norm", arity: MaxArgs, array: true, modes: rnOnly, valueBits: 99, orcN: oracle.Norm, kN: normKernelN}

// Rnorm is the reference of 1/√(a0² + … + a(d−1)²) of an array, as CUDA's
// rnormf(d, a), with Norm's arguments.
//
// Special cases are (in order):
//
//	Rnorm(a) = +0 if an element is ±Inf, even with a NaN
//	Rnorm(a) = NaN if an element is NaN
//	Rnorm(a) = +Inf if every element is ±0, or there is none
//
// Value: relative error < 2^-97 for up to 8 elements.
var Rnorm = &Ref{name: "rnorm", arity: MaxArgs, array: true, modes: rnOnly, valueBits: 97, orcN: oracle.Rnorm, kN: rnormKernelN}

// refsN lists the references of four arguments and of an array, which
// Lookup finds too.
var refsN = []*Ref{Norm4, Rnorm4, Norm, Rnorm}

// argsOf returns the arguments of in that r's kernel takes, in buf: the
// first Arity() words, or for an array reference the elements Y, Z, More…
// that its count X (clamped to [0, MaxArray]) selects.
func (r *Ref) argsOf(in Input, buf *[MaxArgs]uint32) []uint32 {
	if !r.array {
		for j := range r.arity {
			buf[j] = in.Word(j)
		}
		return buf[:r.arity]
	}
	n := int(max(0, min(int32(in.X), MaxArray)))
	for j := range n {
		buf[j] = in.Word(1 + j)
	}
	return buf[:n]
}

// RoundN returns f(us…) correctly rounded in mode m: the four arguments of
// Norm4 and Rnorm4, or the elements of Norm's and Rnorm's array.
func (r *Ref) RoundN(us []uint32, m rounding.Mode) uint32 {
	b, _, _ := r.evalN(us, m)
	return b
}

// ValueN returns a double-double approximation of f(us…) (see RoundN).
func (r *Ref) ValueN(us []uint32) DD {
	r.checkN(us)
	return r.kN(us).v
}

func (r *Ref) checkN(us []uint32) {
	if r.kN == nil || !r.array && len(us) != r.arity {
		panic("ulp: " + r.name + " called with the wrong number of arguments")
	}
}

func (r *Ref) evalN(us []uint32, m rounding.Mode) (uint32, DD, bool) {
	r.checkN(us)
	k := r.kN(us)
	if b, ok := k.round(m); ok {
		return b, k.v, false
	}
	r.fallbacks.Add(1)
	return r.orcN.RoundN(us, m), k.v, true
}

// normEdgeN answers the special cases of the norms of any number of
// arguments: a ±Inf argument (even with a NaN), a NaN argument, all zeros
// (or no argument).
func normEdgeN(us []uint32, inf, zero float64) (kres, bool) {
	nan, allZero := false, true
	for _, u := range us {
		if f32.IsInf(u) {
			return exactRes(inf), true
		}
		nan = nan || f32.IsNaN(u)
		allZero = allZero && f32.IsZero(u)
	}
	switch {
	case nan:
		return exactRes(math.NaN()), true
	case allZero:
		return exactRes(zero), true
	}
	return kres{}, false
}

// normSquaresN returns Σ u² over n finite arguments as s + t, and a bound
// on |s + t − Σ u²|: the squares are exact in binary64 (as in
// normSquares), each twoSum(s, u²) = s' + e is exact with |e| ≤ 2^-53·s' ≤
// 2^-53·Σ, and the n−1 additions of the e's into t round n−1 times, each by
// at most 2^-53·|t| ≤ 2^-53·n·2^-53·Σ: |t − Σe| ≤ n²·2^-106·Σ, which bounds
// the error of s + t, and Σ ≤ (1 + 2^-52)·(s + t).
func normSquaresN(us []uint32) (s, t, err float64) {
	for _, u := range us {
		v := float64(math.Float32frombits(u))
		var e float64
		s, e = twoSum(s, v*v)
		t += e
	}
	s, t = fastTwoSum(s, t)
	n := float64(len(us))
	return s, t, n * n * 0x1p-105 * s
}

// normKernelN: √(Σ u²) = sqrtSum of normSquaresN; the sum's error e moves
// the root by at most e/(2·hi) (√ is 1/(2√)-Lipschitz above the smaller
// root, and e's bound keeps a factor 2 for it), added to err. Value's
// relative error is 2^-103 + n²·2^-106 + tiny: < 2^-101 for four
// arguments, < 2^-99 for up to 8 elements.
func normKernelN(us []uint32) kres {
	if r, ok := normEdgeN(us, math.Inf(1), 0); ok {
		return r
	}
	s, t, e := normSquaresN(us)
	hi, lo, err := sqrtSum(s, t)
	return kres{v: DD{hi, lo}, err: err + e/(2*hi)}
}

// rnormKernelN: 1/√(Σ u²) = recipDD of normKernelN's value.
func rnormKernelN(us []uint32) kres {
	if r, ok := normEdgeN(us, 0, math.Inf(1)); ok {
		return r
	}
	s, t, e := normSquaresN(us)
	hi, lo, err := sqrtSum(s, t)
	hi, lo, err = recipDD(hi, lo, err+e/(2*hi))
	return kres{v: DD{hi, lo}, err: err}
}
