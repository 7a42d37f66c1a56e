package rounding

import "math"

// Binary64 on the host (DESIGN.md, "Host floating point"): host.go's facts
// 1, 3 and 5 hold for float64 as for float32 — Go's float64 + − × ÷ and
// math.Sqrt are IEEE binary64 operations rounded to nearest even with
// gradual underflow on every port, math.FMA is correctly rounded on every
// port — and replace fact 2 (binary32's exact binary64 products), which has
// no binary64 analogue, by exact error terms:
//
//  6. The error of a binary64 sum is exact (TwoSum, six operations, no
//     condition on the operands, as long as nothing overflows) and zero when
//     the sum is subnormal; a sum rounds to zero only when it is exactly
//     zero (every sum is a multiple of 2^-1074).
//  7. The error a·b − RN(a·b) of a product is a binary64 value when
//     e_a + e_b ≥ emin + p − 1 = −970 (Boldo and Muller), so math.FMA(a, b,
//     −p) returns it exactly; |p| ≥ 2^-968 implies that bound. Likewise the
//     remainder a − q·b of q = RN(a/b) is a binary64 value, returned exactly
//     by math.FMA(−q, b, a), when q is normal and |a| ≥ 2^-968 (its bits lie
//     between 2^(e_a−106) and 2^(e_a−51)), and a − r·r of r = RN(√a) when
//     a ≥ 2^-968.
//  8. One step from nearest (binary64 form of fact 4): if r = RN(v) is
//     finite, the rounding of v in a directed mode is r or r's neighbour on
//     v's side, decided by the mode and the sign of v − r; r = ±Inf from a
//     finite v (overflow) is the same with v − r of r's opposite sign.
//
// Results the error terms cannot certify (an Inf or NaN among them, or
// operands in the ranges that facts 6 and 7 exclude) go to the integer
// kernels, which stay the tests' oracle (host64_test.go).

// f64v returns the float64 encoded by u, every bit kept.
func f64v(u uint64) float64 { return math.Float64frombits(u) }

// stepNearest64 is fact 8: the rounding in mode m of v from r = RN(v) and
// d, a finite or infinite float64 with the sign of v − r (zero when v = r).
// r must not be a NaN. Branch-free, as stepNearest.
func stepNearest64(r, d float64, m Mode) uint64 {
	z := math.Float64bits(r)
	ud := math.Float64bits(d)
	step := nearestStep64[m&3][ud>>63][z>>63] // loaded before the test: a conditional move, no branch on d's sign
	if ud<<1 != 0 {
		z += step
	}
	return z
}

// nearestStep64 is nearestStep for binary64 encodings.
var nearestStep64 = [4][2][2]uint64{
	RN: {},
	RZ: {{0, minusOne64}, {minusOne64, 0}},
	RU: {{1, minusOne64}, {0, 0}},
	RD: {{0, 0}, {minusOne64, 1}},
}

const minusOne64 = ^uint64(0)

// finite reports whether v is neither ±Inf nor NaN.
func finite(v float64) bool { return math.Float64bits(v)&^f64SignMask < f64InfBits }

// zeroSum64 is zeroSum for binary64 sign bits sa, sb (in place).
func zeroSum64(sa, sb uint64, m Mode) uint64 {
	if m == RD {
		return (sa | sb) & f64SignMask
	}
	return sa & sb & f64SignMask
}

// AddMode64 is Add64 on float64 values, the entry of the double
// intrinsics (__dadd_rz is AddMode64(x, y, RZ)): operands and result stay
// in floating-point registers, and the encodings are read only on the rare
// paths.
//
// On the host: r = a + b rounded to nearest; in a directed mode the TwoSum
// error e = (a + b) − r is exact (fact 6) and gives the side (fact 8). A
// zero r is an exact zero: its sign follows IEEE's rule in the mode. An Inf
// or NaN error (an Inf or NaN operand, or an overflow) goes to the integer
// kernel, a NaN result in RN to the NaN rules, through addRare64, as a bad
// mode does.
func AddMode64(a, b float64, m Mode) float64 {
	r := a + b
	if m == RN && r == r {
		return r
	}
	e := twoSumErr(a, b, r)
	if m > RD || !finite(e) || r == 0 {
		return f64v(addRare64(math.Float64bits(a), math.Float64bits(b), r, e, m))
	}
	return f64v(stepNearest64(r, e, m))
}

// SubMode64 is Sub64 on float64 values: AddMode64(a, −b, m), but for the
// NaN rules, which see b as given.
func SubMode64(a, b float64, m Mode) float64 {
	r := a - b
	if m == RN && r == r {
		return r
	}
	nb := -b
	e := twoSumErr(a, nb, r)
	if m > RD || !finite(e) || r == 0 {
		return f64v(subRare64(math.Float64bits(a), math.Float64bits(b), r, e, m))
	}
	return f64v(stepNearest64(r, e, m))
}

// subRare64 is addRare64 for SubMode64: a NaN operand propagates as Sub64
// says (y's sign as given), anything else is addRare64 of x and −y.
func subRare64(x, y uint64, r, e float64, m Mode) uint64 {
	if x&^f64SignMask > f64InfBits || y&^f64SignMask > f64InfBits {
		checkMode(m)
		return nanAddMul64(x, y)
	}
	return addRare64(x, y^f64SignMask, r, e, m)
}

// addRare64 is AddMode64 for a NaN result in RN, a zero or non-finite
// result or error in a directed mode, and a bad mode.
func addRare64(x, y uint64, r, e float64, m Mode) uint64 {
	checkMode(m)
	switch {
	case m == RN: // r is a NaN
		return nanAddMul64(x, y)
	case !finite(e):
		return add64(x, y, m)
	}
	return zeroSum64(x, y, m) // r = 0: an exact zero sum
}

// MulMode64 is Mul64 on float64 values, the entry of the double
// intrinsics, as AddMode64 is Add64's.
//
// On the host: p = a·b rounded to nearest; in a directed mode
// math.FMA(a, b, −p) is the exact error (fact 7) when 2^-968 ≤ |p| < Inf;
// other products (zeros, tiny or overflowing ones, Inf and NaN operands) go
// to the integer kernel, a NaN product in RN to the NaN rules, through
// mulRare64, as a bad mode does.
func MulMode64(a, b float64, m Mode) float64 {
	p := a * b
	if m == RN && p == p {
		return p
	}
	if ap := math.Abs(p); m > RD || !(ap >= 0x1p-968 && ap <= math.MaxFloat64) {
		return f64v(mulRare64(math.Float64bits(a), math.Float64bits(b), m))
	}
	return f64v(stepNearest64(p, math.FMA(a, b, -p), m))
}

// mulRare64 is MulMode64 for a NaN product in RN, the products a directed
// mode cannot certify on the host, and a bad mode.
func mulRare64(x, y uint64, m Mode) uint64 {
	checkMode(m)
	if m == RN { // a NaN product
		return nanAddMul64(x, y)
	}
	return mul64(x, y, m)
}

// DivMode64 is Div64 on float64 values, the entry of the double
// intrinsics, as AddMode64 is Add64's.
//
// On the host: q = a/b rounded to nearest; in a directed mode the sign of
// a/b − q is that of the remainder a − q·b, exact by math.FMA (fact 7) for
// q normal and |a| ≥ 2^-968, times b's sign; other quotients go to the
// integer kernel.
func DivMode64(a, b float64, m Mode) float64 {
	checkMode(m)
	q := a / b
	if m == RN {
		if q != q {
			return f64v(nanDiv64(math.Float64bits(a), math.Float64bits(b)))
		}
		return q
	}
	if aq := math.Abs(q); !(aq >= 0x1p-1022 && aq <= math.MaxFloat64 && math.Abs(a) >= 0x1p-968) {
		return f64v(div64(math.Float64bits(a), math.Float64bits(b), m))
	}
	rem := math.FMA(-q, b, a)
	return f64v(stepNearest64(q, f64v(math.Float64bits(rem)^math.Float64bits(b)&f64SignMask), m))
}

// RcpMode64 is Rcp64 on float64 values: DivMode64(1, a, m), but for a NaN
// a, which propagates as an operand of rcp does.
func RcpMode64(a float64, m Mode) float64 {
	if a != a {
		checkMode(m)
		x := math.Float64bits(a)
		return f64v(nan64(x, x, x))
	}
	return DivMode64(1, a, m)
}

// SqrtMode64 is Sqrt64 on float64 values, the entry of the double
// intrinsics, as AddMode64 is Add64's.
//
// On the host: r = math.Sqrt(a), correctly rounded to nearest; in a
// directed mode the sign of √a − r is that of a − r·r, exact by math.FMA
// for a ≥ 2^-968 (fact 7); ±0, negative, tiny, Inf and NaN operands go to
// the integer kernel.
func SqrtMode64(a float64, m Mode) float64 {
	checkMode(m)
	r := math.Sqrt(a)
	if m == RN {
		if r != r {
			x := math.Float64bits(a)
			return f64v(nan64(x, x, x))
		}
		return r
	}
	if !(a >= 0x1p-968 && a <= math.MaxFloat64) {
		return f64v(sqrt64(math.Float64bits(a), m))
	}
	return f64v(stepNearest64(r, math.FMA(-r, r, a), m))
}

// FmaMode64 is Fma64 on float64 values, the entry of the double
// intrinsics, as AddMode64 is Add64's.
//
// On the host. RN: math.FMA, correctly rounded. In a directed mode, s = math.FMA(a, b, c) = RN(v) with v = a·b + c exact, and
// fact 8 needs the sign of v − s. Two ways, for |RN(a·b)| ≥ 2^-968 (so
// that a·b, c and s are all multiples of 2^-1074) and s finite and
// nonzero; anything else goes to the integer kernel.
//
// Fast: g = RN(c − s) with its TwoSum error eg (fact 6: g + eg = c − s
// exactly), and w = math.FMA(a, b, g) = RN(a·b + g) with some error ew, so
// v − s = a·b + g + eg = w + ew + eg. a·b + g is a multiple of 2^-1074, so
// w = 0 only when a·b + g = 0 (then v − s = eg exactly), and when w is
// subnormal it is exact (ew = 0); otherwise |ew| ≤ 2^-53·|w|. Hence
// |w| > 2·|eg| gives |v − s| ≥ |w|·(1/2 − 2^-53) > 0 with w's sign, and w = 0
// gives eg's (zero: v = s). This decides whenever c − s is exact (eg = 0:
// z dominates, or cancels the product) and most other inputs; the rest
// take the general way.
//
// General: v − s is the exact sum of four binary64 values:
//
//	ph = RN(a·b), pl = a·b − ph          (exact by fact 7 for |ph| ≥ 2^-968)
//	h = RN(ph + c), e1 = ph + c − h      (TwoSum, fact 6)
//	d = RN(h − s), e2 = h − s − d        (TwoSum)
//	v − s = d + e2 + e1 + pl.
//
// Summed left to right in binary64 (t = ((d + e2) + e1) + pl), the
// computed t differs from the exact sum by at most γ3·Σ|terms| with
// γ3 = 3u/(1 − 3u) < 2^-51, u = 2^-53 (Higham, Accuracy and Stability of
// Numerical Algorithms, 2nd ed., §4.2; additions add no underflow error,
// fact 6). So when |t| > 2^-51·Σ|terms|, t has the sign of v − s (fact 8
// then decides), and when every term is zero v = s. Anything else — the
// filter undecided, Σ|terms| below 2^-900 (where the bound's own product
// could round), a tiny or overflowing product, a zero result, an Inf or
// NaN anywhere — goes to the integer kernel.
func FmaMode64(a, b, c float64, m Mode) float64 {
	checkMode(m)
	s := math.FMA(a, b, c)
	if m == RN {
		if s != s {
			return f64v(nanFma64(math.Float64bits(a), math.Float64bits(b), math.Float64bits(c)))
		}
		return s
	}
	if ph := math.Abs(float64(a * b)); !(ph >= 0x1p-968 && finite(s)) || s == 0 {
		return f64v(fma64(math.Float64bits(a), math.Float64bits(b), math.Float64bits(c), m))
	}
	g := c - s
	eg := twoSumErr(c, -s, g) // NaN when g overflows: neither test below holds
	w := math.FMA(a, b, g)
	switch {
	case math.Abs(w) > 2*math.Abs(eg):
		return f64v(stepNearest64(s, w, m))
	case w == 0:
		return f64v(stepNearest64(s, eg, m))
	}
	return f64v(fmaGeneral64(a, b, c, s, m))
}

// fmaGeneral64 is FmaMode64's general way in a directed mode, s = RN(v)
// finite and nonzero, the product |RN(a·b)| ≥ 2^-968.
func fmaGeneral64(a, b, c, s float64, m Mode) uint64 {
	ph := float64(a * b) // the conversion keeps it apart from the add (fact 5)
	pl := math.FMA(a, b, -ph)
	h := ph + c
	e1 := twoSumErr(ph, c, h)
	d := h - s
	e2 := twoSumErr(h, -s, d)
	t := ((d + e2) + e1) + pl
	sum := math.Abs(d) + math.Abs(e2) + math.Abs(e1) + math.Abs(pl)
	switch {
	case !(math.Abs(ph) >= 0x1p-968 && finite(sum) && finite(s)) || s == 0:
		return fma64(math.Float64bits(a), math.Float64bits(b), math.Float64bits(c), m)
	case sum == 0:
		return math.Float64bits(s) // v = s
	case sum >= 0x1p-900 && math.Abs(t) > sum*0x1p-51:
		// sum·2^-51 is normal, so exact; sum itself is computed with a
		// relative error below 3u, which γ3 ≈ 0.75·2^-51 leaves room for.
		return stepNearest64(s, t, m)
	}
	return fma64(math.Float64bits(a), math.Float64bits(b), math.Float64bits(c), m)
}
