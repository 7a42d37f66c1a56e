package ulp

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
)

// References of erf, erfc, erfcx, erfinv, erfcinv, normcdf and normcdfinv:
// fast float64 kernels with the error bounds argued here, and
// internal/oracle's certified Ziv loops (elem_erf.go) as the fallback.
//
// The forward kernels rest on Go's math.Erf and math.Erfc, FreeBSD's
// fdlibm s_erf.c, whose source states the error of each rational
// approximation (2^-57.90 relative for erf on [0, 0.84375], 2^-59.06 on
// [0.84375, 1.25], 2^-62.57 and 2^-61.52 absolute in the exponent of
// erfc(x)·x·e^(x²+0.5625) beyond) and forms the exponent −s² − 0.5625
// exactly (s is x with its low 32 bits cleared). What remains is a few
// roundings of 2^-53 and two math.Exp calls (< 1 ulp each, Go's exp.go),
// without cancellation (erfc = (1 − c) − P/Q on [0.84375, 1.25] loses one
// bit at most): below 2^-50 relative. The kernels claim erfRelErr = 2^-46,
// 16 times that, which TestRefProperty and TestErfFast check against the
// oracle's 256-bit enclosures. The inverses take a candidate from
// math.Erfinv (or oracle.ErfcinvStart) and Newton's iteration, and prove
// it by a bracket check on the forward kernels: with F(y) within erfRelErr
// of erf y or erfc y, the root lies in [y − δ, y + δ] once F at the two
// ends, widened by that bound, lies on either side of the target (erf
// increases, erfc decreases); otherwise the kernel hands the input to the
// oracle.
const erfRelErr = 0x1p-46

// erfcxRelErr bounds erfcx, normcdf and the compositions that multiply a
// forward kernel by an exponential or add a few roundings (argued at each).
const erfcxRelErr = 0x1p-44

// Erf is the reference of the error function.
//
// Special cases are:
//
//	Erf(NaN) = NaN
//	Erf(±0) = ±0
//	Erf(±Inf) = ±1
//
// Value: relative error < 2^-46.
var Erf = &Ref{name: "erf", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Erf, k1: erfKernel}

// Erfc is the reference of the complementary error function.
//
// Special cases are:
//
//	Erfc(NaN) = NaN
//	Erfc(+Inf) = +0
//	Erfc(-Inf) = 2
//	Erfc(±0) = 1
//
// Value: relative error < 2^-46.
var Erfc = &Ref{name: "erfc", arity: 1, modes: rnOnly, valueBits: 46, orc: oracle.Erfc, k1: erfcKernel}

// Erfcx is the reference of the scaled complementary error function
// e^(x²)·erfc x.
//
// Special cases are:
//
//	Erfcx(NaN) = NaN
//	Erfcx(+Inf) = +0
//	Erfcx(-Inf) = +Inf
//	Erfcx(±0) = 1
//
// Value: relative error < 2^-44.
var Erfcx = &Ref{name: "erfcx", arity: 1, modes: rnOnly, valueBits: 44, orc: oracle.Erfcx, k1: erfcxKernel}

// Erfinv is the reference of the inverse error function.
//
// Special cases are:
//
//	Erfinv(NaN) = NaN
//	Erfinv(±0) = ±0
//	Erfinv(±1) = ±Inf
//	Erfinv(x) = NaN for |x| > 1, ±Inf included
//
// Value: relative error < 2^-40 (the proven bracket; usually far less).
var Erfinv = &Ref{name: "erfinv", arity: 1, modes: rnOnly, valueBits: 40, orc: oracle.Erfinv, k1: erfinvKernel}

// Erfcinv is the reference of the inverse complementary error function.
//
// Special cases are:
//
//	Erfcinv(NaN) = NaN
//	Erfcinv(±0) = +Inf
//	Erfcinv(1) = +0
//	Erfcinv(2) = -Inf
//	Erfcinv(x) = NaN for x < 0 or x > 2, ±Inf included
//
// Value: relative error < 2^-40.
var Erfcinv = &Ref{name: "erfcinv", arity: 1, modes: rnOnly, valueBits: 40, orc: oracle.Erfcinv, k1: erfcinvKernel}

// Normcdf is the reference of the standard normal distribution function
// Φ(x) = erfc(−x/√2)/2.
//
// Special cases are:
//
//	Normcdf(NaN) = NaN
//	Normcdf(+Inf) = 1
//	Normcdf(-Inf) = +0
//	Normcdf(±0) = 1/2
//
// Value: relative error < 2^-44.
var Normcdf = &Ref{name: "normcdf", arity: 1, modes: rnOnly, valueBits: 44, orc: oracle.Normcdf, k1: normcdfKernel}

// Normcdfinv is the reference of the inverse of Φ, −√2·erfcinv(2x).
//
// Special cases are:
//
//	Normcdfinv(NaN) = NaN
//	Normcdfinv(±0) = -Inf
//	Normcdfinv(1/2) = +0
//	Normcdfinv(1) = +Inf
//	Normcdfinv(x) = NaN for x < 0 or x > 1, ±Inf included
//
// Value: relative error < 2^-40.
var Normcdfinv = &Ref{name: "normcdfinv", arity: 1, modes: rnOnly, valueBits: 40, orc: oracle.Normcdfinv, k1: normcdfinvKernel}

func init() { refs = append(refs, Erf, Erfc, Erfcx, Erfinv, Erfcinv, Normcdf, Normcdfinv) }

// relRes returns v with the relative error bound e.
func relRes(v, e float64) kres { return kres{v: DD{v, 0}, err: e * math.Abs(v)} }

// Thresholds of the representative cases (oracle/elem_erf.go proves them):
// |erf x| within 2^-31 of 1 beyond 4.5, erfc x below 2^-151 beyond 10.1,
// erfcx x above 2^144 below -10, Φ(x) within 2^-33 of 1 beyond 6.5 and
// below 2^-155 below -15.
const (
	erfNearOne     = 4.5
	erfcTiny       = 10.1
	erfcxHuge      = -10
	normcdfNearOne = 6.5
	normcdfTiny    = -15
	nearOneRep     = 1 - 0x1p-30 // rounds as every real in (1 − 2^-26, 1)
)

// erfKernel: math.Erf.
func erfKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsZero(x):
		return exactRes(f64of(x))
	case f32.IsInf(x):
		return exactRes(math.Copysign(1, f64of(x)))
	}
	xf := f64of(x)
	v := math.Erf(xf)
	if math.Abs(xf) > erfNearOne {
		return kres{v: DD{v, 0}, rep: math.Copysign(nearOneRep, xf)}
	}
	return relRes(v, erfRelErr)
}

// erfcKernel: math.Erfc.
func erfcKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case x == f32.InfBits:
		return exactRes(0)
	case x == f32.NegInfBits:
		return exactRes(2)
	case f32.IsZero(x):
		return exactRes(1)
	}
	xf := f64of(x)
	v := math.Erfc(xf)
	switch {
	case xf > erfcTiny:
		return kres{v: DD{v, 0}, rep: 0x1p-300}
	case xf < -erfNearOne:
		return kres{v: DD{v, 0}, rep: 1 + nearOneRep}
	}
	if r := nearOneTiny(xf); r != 0 {
		return kres{v: DD{v, 0}, rep: r}
	}
	return relRes(v, erfRelErr)
}

// nearOneTiny returns the representative of erfc x and erfcx x for 0 < |x|
// < 2^-30, where both lie within 2|x|/√π < 2^-29 of 1 on the side opposite
// to x's sign: 1 ∓ 2^-30 round as every real in (1 − 2^-26, 1) and (1, 1 +
// 2^-25) do (the binary32 spacing is 2^-24 below 1 and 2^-23 above). It
// returns 0 otherwise. (Without it the directed modes of these inputs would
// all go to the oracle: 1 is a rounding boundary.)
func nearOneTiny(x float64) float64 {
	if math.Abs(x) >= 0x1p-30 {
		return 0
	}
	return 1 - math.Copysign(0x1p-30, x)
}

// erfcxKernel: erfcx x = e^(x²)·erfc x.
//
//	0 < x < 26: math.Exp(x²)·math.Erfc(x). x² is exact (48 bits) and below
//	  676, so math.Exp is within 2^-52 and erfc x ≥ 2^-984 is a normal
//	  float64: error ≤ 2^-52 + 2^-46 + 2^-53 < 2^-45.9
//	x ≥ 26: the asymptotic series 1/(x√π)·Σ_{n<8} (−1)^n·(2n−1)!!/(2x²)^n,
//	  whose remainder is below its first omitted term (A&S 7.1.24),
//	  15!!/1352^8 < 2^-62; the Horner sum of alternating terms below 2^-10
//	  beyond the first and the final product and quotient add < 2^-50
//	x < 0: 2·e^(x²) − erfcx|x| with erfcx|x| ≤ 1 ≤ e^(x²)/1 from the branches
//	  above: |error| ≤ 2^-51·e^(x²) + 2^-45.9 ≤ 2^-45.5·(2e^(x²) − 1)
//	x < -10: the result exceeds e^100 > 2^144 and rounds as 2^200
//
// The claim is erfcxRelErr = 2^-44.
func erfcxKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case x == f32.InfBits:
		return exactRes(0)
	case x == f32.NegInfBits:
		return exactRes(math.Inf(1))
	case f32.IsZero(x):
		return exactRes(1)
	}
	xf := f64of(x)
	a := math.Abs(xf)
	if xf < erfcxHuge {
		return kres{v: DD{2 * expOutside(a*a), 0}, rep: 0x1p200}
	}
	v := erfcxPos(a)
	if xf < 0 {
		v = 2*math.Exp(a*a) - v
	}
	if r := nearOneTiny(xf); r != 0 {
		return kres{v: DD{v, 0}, rep: r}
	}
	return relRes(v, erfcxRelErr)
}

// erfcxPos is erfcxKernel's value for a > 0 (first two branches).
func erfcxPos(a float64) float64 {
	if a < 26 {
		return math.Exp(a*a) * math.Erfc(a)
	}
	q := 1 / (2 * float64(a*a))
	s := 1.0
	for n := 7; n >= 1; n-- {
		s = 1 - float64(float64(2*n-1)*q)*s
	}
	return s / (a * math.SqrtPi)
}

// invSqrt2 is 1/√2 as a double-double (hi the rounded value, lo the
// rounded remainder, computed at 200 bits in init).
var invSqrt2 [2]float64

func init() {
	h := math.Sqrt2 / 2 // exact halving of the rounded √2: the rounded 1/√2
	r := new(big.Float).SetPrec(200).Sqrt(big.NewFloat(0.5))
	l, _ := r.Sub(r, big.NewFloat(h)).Float64()
	invSqrt2 = [2]float64{h, l}
}

// normcdfKernel: Φ(x) = erfc(u)/2, u = −x/√2 = uh + ul as a double-double
// (twoProd with 1/√2's head, plus x times its tail: |u − (uh + ul)| ≤
// 2^-104·|u|). erfc(uh + ul) = erfc(uh) − ul·(2/√π)·e^(−uh²) + R, |R| ≤
// ul²·|u|·e^(−u²)·2/√π, negligible; the correction is below 2^-45 of
// erfc(uh) (|ul| ≤ 2^-53·|u|, (2/√π)e^(−u²)·|u| ≤ (u² + 1)·erfc u for u ≥
// 0, and erfc u ≥ 1 for u < 0) and its own relative error (the exponent's
// rounding 2^-53·u² < 2^-46) adds below 2^-90. With math.Erfc within 2^-46:
// error < 2^-45.9, claimed as erfcxRelErr = 2^-44.
func normcdfKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case x == f32.InfBits:
		return exactRes(1)
	case x == f32.NegInfBits:
		return exactRes(0)
	case f32.IsZero(x):
		return exactRes(0.5)
	}
	xf := f64of(x)
	uh, ul := twoProd(-xf, invSqrt2[0])
	ul += -xf * invSqrt2[1]
	e := math.Erfc(uh)
	v := (e - ul*(2/math.SqrtPi)*math.Exp(-uh*uh)) / 2
	switch {
	case xf > normcdfNearOne:
		return kres{v: DD{v, 0}, rep: nearOneRep}
	case xf < normcdfTiny:
		return kres{v: DD{v, 0}, rep: 0x1p-300}
	case math.Abs(xf) < 0x1p-30:
		// Φ(x) within |x|/√(2π) < 2^-31 of 1/2, on x's side: 1/2 ± 2^-40
		// round as every real in (1/2 − 2^-27, 1/2) and (1/2, 1/2 + 2^-26).
		return kres{v: DD{v, 0}, rep: 0.5 + math.Copysign(0x1p-40, xf)}
	}
	return relRes(v, erfcxRelErr)
}

// erfSolve returns y > 0 and err with the root of erf y = t (comp false)
// or erfc y = t (comp true) proven within err of y, starting from y0, or ok
// = false when the bracket check fails. Two Newton steps refine y0 (enough
// from math.Erfinv's ~2^-50; from oracle.ErfcinvStart, up to four).
func erfSolve(t float64, comp bool, y0 float64) (y, err float64, ok bool) {
	f := math.Erf
	if comp {
		f = math.Erfc
	}
	y = y0
	for range 4 {
		r := f(y) - t
		d := (2 / math.SqrtPi) * math.Exp(-y*y)
		step := r / d
		if comp {
			step = -step
		}
		y -= step
		if math.Abs(step) <= 0x1p-50*y {
			break
		}
	}
	if !(y > 0) || math.IsInf(y, 0) {
		return 0, 0, false
	}
	delta := y * 0x1p-42
	lo, hi := y-delta, y+delta
	fl, fh := f(lo), f(hi)
	const e = erfRelErr
	if comp { // decreasing: erfc lo > t > erfc hi
		ok = fl*(1-e) > t && fh*(1+e) < t
	} else {
		ok = fl*(1+e) < t && fh*(1-e) > t
	}
	// The products and the comparison are exact up to a factor 1 ± 2^-52,
	// far inside e. The root lies in [lo, hi]: |root − y| ≤ max(y − lo, hi −
	// y), each computed with one rounding.
	err = math.Max(y-lo, hi-y) * (1 + 0x1p-50)
	return y, err, ok
}

// erfcinvPos returns erfcinv c for 0 < c < 1 as erfSolve does: erfc y = c
// for c ≤ 1/2, erf y = 1 − c (exact: Sterbenz) above.
func erfcinvPos(c float64) (y, err float64, ok bool) {
	if c > 0.5 {
		t := 1 - c
		return erfSolve(t, false, math.Erfinv(t))
	}
	return erfSolve(c, true, oracle.ErfcinvStart(c))
}

// failRes is a kres that no mode can round: the input goes to the oracle.
func failRes(v float64) kres { return kres{v: DD{v, 0}, err: math.Inf(1)} }

// erfinvKernel: erf y = |x| below 1/2, erfcinvPos(1 − |x|) (exact) above,
// with the sign of x.
func erfinvKernel(x uint32) kres {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x) || ax > f32.OneBits:
		return exactRes(math.NaN())
	case f32.IsZero(x):
		return exactRes(f64of(x))
	case ax == f32.OneBits:
		return exactRes(math.Copysign(math.Inf(1), f64of(x)))
	}
	var y, err float64
	var ok bool
	if t := f64of(ax); t < 0.5 {
		y, err, ok = erfSolve(t, false, math.Erfinv(t))
	} else {
		y, err, ok = erfcinvPos(1 - t) // exact: Sterbenz
	}
	y = math.Copysign(y, f64of(x))
	if !ok {
		return failRes(y)
	}
	return kres{v: DD{y, 0}, err: err}
}

// erfcinvKernel: ±erfcinvPos(min(x, 2 − x)) (2 − x exact for x in [1, 2]).
func erfcinvKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsZero(x):
		return exactRes(math.Inf(1))
	case x&f32.SignMask != 0 || x > 0x40000000:
		return exactRes(math.NaN())
	case x == f32.OneBits:
		return exactRes(0)
	case x == 0x40000000:
		return exactRes(math.Inf(-1))
	}
	c, s := f64of(x), 1.0
	if c > 1 {
		c, s = 2-c, -1
	}
	y, err, ok := erfcinvPos(c)
	if !ok {
		return failRes(s * y)
	}
	return kres{v: DD{s * y, 0}, err: err}
}

// normcdfinvKernel: ∓√2·erfcinvPos(c), c = min(2x, 2 − 2x) (exact); the
// product by math.Sqrt2 adds 2^-53 of √2 and one rounding: err =
// √2·err(y)·(1 + 2^-52) + 2^-52·|v|.
func normcdfinvKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsZero(x):
		return exactRes(math.Inf(-1))
	case x&f32.SignMask != 0 || x > f32.OneBits:
		return exactRes(math.NaN())
	case x == 0x3f000000:
		return exactRes(0)
	case x == f32.OneBits:
		return exactRes(math.Inf(1))
	}
	c, s := 2*f64of(x), -1.0
	if c > 1 {
		c, s = 2-c, 1
	}
	y, err, ok := erfcinvPos(c)
	v := s * math.Sqrt2 * y
	if !ok {
		return failRes(v)
	}
	return kres{v: DD{v, 0}, err: math.Sqrt2*err*(1+0x1p-52) + 0x1p-52*math.Abs(v)}
}
