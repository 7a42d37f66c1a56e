package ulp

import (
	"math"

	fp64 "github.com/cudafp/cudafp/internal/f64"
)

// Binary64 kernels of x^y, ∛x, 1/∛x, 1/√x, √(x² + y²) and 1/√(x² + y²).

// powKernel64: x^y, with the special cases of the oracle's Pow (C99
// F.9.4.4; Pow's table in ref.go), in its order. Then, for finite nonzero x
// and y:
//
//	y = 1: x exactly
//	|y| > 2^1000: |t| > 2^946, far outside the range: ±2^2000 or ±2^-3000
//	t = y·ln|x| (logD, mulD): |t − y·ln|x|| ≤ t.err
//	|t| < 2^-54 for certain: 1 + ε on the side of t (see the code)
//	t certainly above 709.79 (below −745.2): the result rounds as ±2^2000
//	  (±2^-3000); straddling a threshold: the oracle
//	otherwise: e^t = expX(t), whose bound includes t.err (relatively
//	  |t|·2^-103 < 2^-93.4 at most)
//	negated for x < 0 and an odd integer y
//
// Exact results (binary64 numbers or midpoints, such as 3^20 or 2^-0.5·…)
// give enclosures that contain a boundary in the modes where they are one;
// the oracle rounds those.
func powKernel64(x, y uint64) kres64 {
	xf, yf := math.Float64frombits(x), math.Float64frombits(y)
	yInt := yf == math.Trunc(yf) && !math.IsInf(yf, 0)
	yOdd := yInt && math.Abs(yf) < 0x1p53 && int64(yf)&1 != 0
	yNeg := yf < 0
	switch {
	case yf == 0, xf == 1:
		return exact64(1)
	case xf != xf, yf != yf:
		return exact64(math.NaN())
	case xf == 0:
		switch {
		case yNeg && yOdd:
			return exact64(math.Copysign(math.Inf(1), xf))
		case yNeg:
			return exact64(math.Inf(1))
		case yOdd:
			return exact64(xf)
		}
		return exact64(0)
	case math.IsInf(yf, 0):
		ax := math.Abs(xf)
		switch {
		case ax == 1:
			return exact64(1)
		case (ax < 1) == yNeg:
			return exact64(math.Inf(1))
		}
		return exact64(0)
	case math.IsInf(xf, -1):
		switch {
		case yNeg && yOdd:
			return exact64(math.Copysign(0, -1))
		case yNeg:
			return exact64(0)
		case yOdd:
			return exact64(xf)
		}
		return exact64(math.Inf(1))
	case math.IsInf(xf, 1):
		if yNeg {
			return exact64(0)
		}
		return exact64(xf)
	}
	neg := false
	if xf < 0 {
		if !yInt {
			return exact64(math.NaN())
		}
		neg = yOdd
	}
	if yf == 1 {
		return exact64(xf)
	}
	if math.Abs(yf) > 0x1p1000 {
		// |t| ≥ 2^1000·|ln|x|| ≥ 2^1000·2^-53·0.99 (|x| ≠ 1 is at least an
		// ulp from 1): far beyond the range, on the side of sign(y)·sign(ln|x|).
		if (yf > 0) == (math.Abs(xf) > 1) {
			return repRes(2000, neg)
		}
		return repRes(-3000, neg)
	}
	t := logD(math.Abs(xf)).mulD(yf)
	switch {
	case math.Abs(t.hi)+t.err < 0x1p-54:
		// e^t = 1 + t + δ, 0 < δ < t²: 1 + ε on the side of t, whose sign
		// is sign(y)·sign(ln|x|) (|x| ≠ 1), even where t's enclosure is wider
		// than t (a subnormal y).
		side := sign8(yf)
		if math.Abs(xf) < 1 {
			side = -side
		}
		if neg {
			return sided(-1, -side)
		}
		return sided(1, side)
	case t.hi != t.hi:
		return slowRes
	case t.hi-t.err > 709.79:
		if neg {
			return negHugeRes
		}
		return hugeRes
	case t.hi+t.err < -745.2:
		if neg {
			return negTinyRes
		}
		return tinyRes
	case !(math.Abs(t.hi) < 745.2) || t.err > 0x1p-40:
		return slowRes
	}
	v, s := expX(t)
	return kres64{v: signed(v, neg), scale: s}
}

// scaled3 returns m ∈ [1, 8) and k with a = m·2^(3k), for a finite a > 0
// (m is exact: a scaling by a power of two into the normal range).
func scaled3(a float64) (m float64, k int) {
	_, e := math.Frexp(a) // a = f·2^e, f ∈ [1/2, 1)
	k = (e - 1) / 3
	if e-1 < 0 && (e-1)%3 != 0 {
		k--
	}
	return math.Ldexp(a, -3*k), k
}

// cbrtX returns ∛m for m ∈ [1, 8) as an xdd: c = c1 + (m − c1³)/(3c1²)
// from c1 = math.Cbrt(m) (an approximation only), and a posteriori: for m
// > 0 and c > 0, |∛m − c| = |m − c³|/(∛m² + ∛m·c + c²) ≤ |m − c³|/c², with
// m − c³ the xdd r within r.err.
func cbrtX(m float64) xdd {
	c1 := math.Cbrt(m)
	p := xexact(c1).sqr()
	r1 := xexact(m).sub(p.mulD(c1))
	d := r1.hi / (3 * p.hi)
	hi, lo := fastTwoSum(c1, d)
	c := xdd{hi: hi, lo: lo}
	r := xexact(m).sub(c.sqr().mul(c))
	c2 := hi * hi * (1 - 0x1p-50)
	c.err = (math.Abs(r.hi)*(1+0x1p-52)+r.err)/c2*errUp + errFloor
	return c
}

// cbrtKernel64: ∛x.
//
//	NaN, ±0, ±Inf: themselves
//	otherwise: |x| = m·2^(3k) with m ∈ [1, 8) exact; ±cbrtX(m)·2^k
//	(exact cubes give enclosures around their root, which the oracle rounds
//	in the directed modes)
func cbrtKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf, xf == 0, math.IsInf(xf, 0):
		return exact64(xf)
	}
	m, k := scaled3(math.Abs(xf))
	return kres64{v: signed(cbrtX(m), xf < 0), scale: k}
}

// rcbrtKernel64: 1/∛x.
//
//	NaN: NaN; ±0: ±Inf; ±Inf: ±0
//	|x| = 2^(3k): 2^-k exactly; otherwise ±1/cbrtX(m)·2^-k
func rcbrtKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf:
		return exact64(xf)
	case xf == 0:
		return exact64(math.Copysign(math.Inf(1), xf))
	case math.IsInf(xf, 0):
		return exact64(math.Copysign(0, xf))
	}
	m, k := scaled3(math.Abs(xf))
	if m == 1 {
		return kres64{v: xexact(math.Copysign(1, xf)), scale: -k}
	}
	return kres64{v: signed(cbrtX(m).recip(), xf < 0), scale: -k}
}

// rsqrtKernel64: 1/√x.
//
//	NaN: NaN; ±0: ±Inf; x < 0: NaN; +Inf: +0
//	x = m·2^(2k), m ∈ [1, 4): m = 1 gives 2^-k exactly (1/√m for any other
//	  m is irrational or not dyadic); otherwise 1/√m (xdd.sqrt, recip)·2^-k
func rsqrtKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf:
		return exact64(xf)
	case xf == 0:
		return exact64(math.Copysign(math.Inf(1), xf))
	case xf < 0:
		return exact64(math.NaN())
	case math.IsInf(xf, 1):
		return exact64(0)
	}
	_, e := math.Frexp(xf) // x = f·2^e, f ∈ [1/2, 1)
	k := (e - 1) >> 1      // floor((e−1)/2)
	m := math.Ldexp(xf, -2*k)
	if m == 1 {
		return kres64{v: xexact(1), scale: -k}
	}
	return kres64{v: xexact(m).sqrt().recip(), scale: -k}
}

// hypotParts handles the special cases of hypot and rhypot (the oracle's
// Hypot and Rhypot tables) and returns a = max(|x|, |y|), b = min, with ok
// false when the result is special (res).
func hypotParts(x, y uint64, recip bool) (a, b float64, res kres64, ok bool) {
	xf, yf := math.Abs(math.Float64frombits(x)), math.Abs(math.Float64frombits(y))
	inf, zero := math.Inf(1), 0.0
	if recip {
		inf, zero = zero, inf
	}
	switch {
	case math.IsInf(xf, 0) || math.IsInf(yf, 0):
		return 0, 0, exact64(inf), false
	case xf != xf || yf != yf:
		return 0, 0, exact64(math.NaN()), false
	case xf == 0 && yf == 0:
		return 0, 0, exact64(zero), false
	}
	return max(xf, yf), min(xf, yf), kres64{}, true
}

// hypotSum returns √(a² + b²)·2^-e as an xdd for a ≥ b > 0, b/a ≥ 2^-60,
// with e = the exponent of a: a·2^-e ∈ [1, 2) and b·2^-e ≥ 2^-61 are exact.
func hypotSum(a, b float64) (v xdd, e int) {
	_, e = math.Frexp(a)
	e--
	as, bs := math.Ldexp(a, -e), math.Ldexp(b, -e)
	return xexact(as).sqr().add(xexact(bs).sqr()).sqrt(), e
}

// hypotKernel64: √(x² + y²).
//
//	(the oracle's Hypot special cases)
//	b = 0: a exactly
//	b/a < 2^-27: a·√(1 + (b/a)²) = a + ε (the excess, below a·(b/a)²/2 <
//	  2^-55·a, is under every half-gap above a)
//	otherwise: hypotSum scaled back
func hypotKernel64(x, y uint64) kres64 {
	a, b, res, ok := hypotParts(x, y, false)
	switch {
	case !ok:
		return res
	case b == 0:
		return exact64(a)
	case b < a*0x1p-27:
		return sided(a, 1)
	}
	v, e := hypotSum(a, b)
	return kres64{v: v, scale: e}
}

// rhypotKernel64: 1/√(x² + y²): 1/a for b = 0 (xdd.recip), otherwise 1/hypotSum
// (for b/a < 2^-60 the sum keeps b²'s share or bounds it: b² < 2^-120·a²).
func rhypotKernel64(x, y uint64) kres64 {
	a, b, res, ok := hypotParts(x, y, true)
	if !ok {
		return res
	}
	if b < a*0x1p-60 {
		_, e := math.Frexp(a)
		e--
		v := xexact(math.Ldexp(a, -e)).recip()
		v.err += math.Abs(v.hi) * 0x1p-120
		return kres64{v: v, scale: -e}
	}
	v, e := hypotSum(a, b)
	return kres64{v: v.recip(), scale: -e}
}

// normKernel64: √(u0² + u1² + …) (recip: its reciprocal), with the oracle's
// Norm and Rnorm special cases (Inf before NaN, all zeros); otherwise, with a
// = max |u_i| = m·2^e (m ∈ [1, 2)) and the others scaled by 2^-e (exact for
// those at least 2^-500·… above the subnormals; a scaled one below 2^-500
// is left out, its square, below 2^-1000, added to the bound):
//
//	norm, the others' squares below 2^-56·m²: a·√(1 + r), 0 < r < 2^-56, is
//	  a + ε (the excess, below 2^-57·a, is under every half-gap above a)
//	otherwise: √(m² + Σ others²) (xdd), its reciprocal for rnorm, scaled
//	  back by 2^±e
func normKernel64(us []uint64, recip bool) kres64 {
	inf, zero := math.Inf(1), 0.0
	if recip {
		inf, zero = zero, inf
	}
	allZero := true
	for _, u := range us {
		if fp64.IsInf(u) {
			return exact64(inf)
		}
		allZero = allZero && fp64.IsZero(u)
	}
	for _, u := range us {
		if fp64.IsNaN(u) {
			return exact64(math.NaN())
		}
	}
	if allZero {
		return exact64(zero)
	}
	im := 0
	for i, u := range us {
		if u&^fp64.SignMask > us[im]&^fp64.SignMask {
			im = i
		}
	}
	a := math.Abs(math.Float64frombits(us[im]))
	_, e := math.Frexp(a)
	e--
	m := math.Ldexp(a, -e)
	var rest xdd
	others := false
	for i, u := range us {
		if i == im || fp64.IsZero(u) {
			continue
		}
		others = true
		v := math.Ldexp(math.Abs(math.Float64frombits(u)), -e)
		if v < 0x1p-500 {
			rest.err += 0x1p-1000
			continue
		}
		rest = rest.add(xexact(v).sqr())
	}
	if !others {
		if recip {
			return kres64{v: xexact(m).recip(), scale: -e}
		}
		return exact64(a)
	}
	if !recip && math.Abs(rest.hi)+rest.err < 0x1p-56 {
		return sided(a, 1)
	}
	s := xexact(m).sqr().add(rest).sqrt()
	if recip {
		return kres64{v: s.recip(), scale: -e}
	}
	return kres64{v: s, scale: e}
}
