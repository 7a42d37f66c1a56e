package ulp

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
)

// References of the Bessel functions J0, J1, Y0, Y1 (unary) and Jn, Yn
// (binary: the first argument is the bit pattern of the int32 order n, the
// second the binary32 x; a report measuring jnf(int n, float x) passes
// Input{X: uint32(n), Y: x}, and Round2(uint32(n), x) / Value2 the same).
//
// The fast kernels work in double-double arithmetic (u = 2^-53; every
// double-double operation below, ddMul1, ddAdd, ddMul, ddDiv1, has absolute
// error at most 2^-102 times the sum of its operands' magnitudes, or of the
// product's, see each) with an absolute error bound computed alongside:
//
//   - |x| ≤ besselSerMax: the power series of internal/oracle's besselSeries
//     (DLMF 10.2.2, 10.8.1) by Horner's rule in w = x²/4 (exact), with the
//     coefficients 1/(k!(n+k)!) and (H_k + H_{n+k})/(k!(n+k)!) rounded to
//     double-double from exact rationals (relative error ≤ 2^-105). The
//     Horner error is at most (K+1)·2^-101·A, A = Σ|terms| (the same series
//     with w ≥ 0, so A ≤ e^x: the cancellation is in the bound), and the
//     alternating tail after K terms is at most its first term (Leibniz; the
//     ratio condition 2w < (K+1)(n+K+1) is checked, see besselSeries).
//   - |x| > besselSerMax: Hankel's expansion (DLMF 10.17.3, 10.17.4) with the
//     remainder of each sum bounded by its first neglected term (DLMF
//     10.17(iii): ν = n ≥ 0, z > 0, and K ≥ n + 1 terms), its terms in
//     binary64 with their rounding bounded, and ω = x − (2n+1)π/4 from the
//     Payne–Hanek reduction of sin/cos (trig.go's reduce, exact for every
//     binary32 x) and sinK.
//
// Each kernel returns its value with that absolute bound; Ref's rounding
// test falls back to internal/oracle's Ziv loop when the enclosure holds a
// rounding boundary (next to the zeros, where the value is tiny and the
// absolute bound large in relative terms, and about once in 2^25 inputs
// elsewhere).
//
// Value's relative error: the absolute bound is below 2^-56 of the
// function's envelope max(|f|, √(2/(π|x|))) for every x; near a zero the
// relative error grows as the value shrinks. ValueBits (20) holds for every
// input TestRefProperty and TestBesselFastVsOracle draw.

// J0 is the reference of the Bessel function J0.
//
// Special cases are:
//
//	J0(NaN) = NaN
//	J0(±Inf) = +0
//	J0(±0) = 1
var J0 = &Ref{name: "j0", arity: 1, modes: rnOnly, valueBits: 20, orc: oracle.J0, k1: func(x uint32) kres { return besselKernel(0, false, x) }}

// J1 is the reference of the Bessel function J1.
//
// Special cases are:
//
//	J1(NaN) = NaN
//	J1(±Inf) = ±0
//	J1(±0) = ±0
var J1 = &Ref{name: "j1", arity: 1, modes: rnOnly, valueBits: 20, orc: oracle.J1, k1: func(x uint32) kres { return besselKernel(1, false, x) }}

// Y0 is the reference of the Bessel function Y0.
//
// Special cases are:
//
//	Y0(NaN) = NaN
//	Y0(±0) = -Inf
//	Y0(x < 0) = NaN (-Inf included)
//	Y0(+Inf) = +0
var Y0 = &Ref{name: "y0", arity: 1, modes: rnOnly, valueBits: 20, orc: oracle.Y0, k1: func(x uint32) kres { return besselKernel(0, true, x) }}

// Y1 is the reference of the Bessel function Y1, with Y0's special cases.
var Y1 = &Ref{name: "y1", arity: 1, modes: rnOnly, valueBits: 20, orc: oracle.Y1, k1: func(x uint32) kres { return besselKernel(1, true, x) }}

func init() { refs = append(refs, J0, J1, Y0, Y1) }

// besselSerMax is the largest |x| the series kernels take: there A ≤ e^25 <
// 2^36.1 and K ≤ 64, so the Horner bound is below 2^-58.9, about 2^-56.4 of
// the envelope √(2/(25π)).
const besselSerMax = 25

// besselTerms is the length of the coefficient tables (K ≤ 64 at x = 25:
// the terms w^k/k!² fall below 2^-110 by k = 62).
const besselTerms = 72

// Double-double coefficients for n = 0, 1: serC[n][k] = 1/(k!(n+k)!),
// serG[n][k] = (H_k + H_{n+k})/(k!(n+k)!), and constants, rounded from exact
// rationals or 300-bit enclosures (relative error ≤ 2^-105).
var (
	serC, serG [2][besselTerms]DD
	gammaLn2   DD // γ − ln 2
	invPiDD    DD // 1/π
	twoPiDD    DD // 2/π
)

// ddOf returns x rounded to a double-double: hi = RN(x), lo = RN(x − hi).
func ddOf(x *big.Float) DD {
	hi, _ := x.Float64()
	r := new(big.Float).SetPrec(x.Prec()+64).Sub(x, new(big.Float).SetFloat64(hi))
	lo, _ := r.Float64()
	return DD{hi, lo}
}

func init() {
	for n := range 2 {
		h := new(big.Rat) // H_k
		hn := new(big.Rat)
		if n == 1 {
			hn.SetInt64(1)
		}
		fk := big.NewInt(1)  // k!
		fnk := big.NewInt(1) // (n+k)!
		for k := range besselTerms {
			if k > 0 {
				fk.Mul(fk, big.NewInt(int64(k)))
				fnk.Mul(fnk, big.NewInt(int64(n+k)))
				h.Add(h, big.NewRat(1, int64(k)))
				hn.Add(hn, big.NewRat(1, int64(n+k)))
			}
			den := new(big.Int).Mul(fk, fnk)
			c := new(big.Rat).SetFrac(big.NewInt(1), den)
			g := new(big.Rat).Mul(new(big.Rat).Add(h, hn), c)
			serC[n][k] = ddOf(new(big.Float).SetPrec(300).SetRat(c))
			serG[n][k] = ddOf(new(big.Float).SetPrec(300).SetRat(g))
		}
	}
	mid := func(iv oracle.Interval) *big.Float {
		return new(big.Float).SetPrec(400).SetMantExp(new(big.Float).SetPrec(400).Add(iv.Lo, iv.Hi), -1)
	}
	gm := oracle.EulerGamma(300)
	l2 := oracle.Ln2(300)
	pi := mid(oracle.Pi(300))
	gammaLn2 = ddOf(new(big.Float).SetPrec(400).Sub(mid(gm), mid(l2)))
	invPiDD = ddOf(new(big.Float).SetPrec(400).Quo(big.NewFloat(1), pi))
	twoPiDD = ddOf(new(big.Float).SetPrec(400).Quo(big.NewFloat(2), pi))
}

// Double-double operations (operands normalized: |lo| ≤ ulp(hi)/2).

// ddMul1 returns a·b: the product's error ≤ u·|a.Lo·b| + u·|e| ≤ 2^-103·|a·b|.
func ddMul1(a DD, b float64) DD {
	p, e := twoProd(a.Hi, b)
	e += a.Lo * b
	p, e = fastTwoSum(p, e)
	return DD{p, e}
}

// ddMul returns a·b with error ≤ 2^-102·|a·b|.
func ddMul(a, b DD) DD {
	p, e := twoProd(a.Hi, b.Hi)
	e += a.Hi*b.Lo + a.Lo*b.Hi
	p, e = fastTwoSum(p, e)
	return DD{p, e}
}

// ddAdd returns a + b with error ≤ 2^-103·(|a| + |b|): twoSum is exact,
// the low parts' sum and the final addition round twice, each below
// u·(u·|a| + u·|b|)·2.
func ddAdd(a, b DD) DD {
	s, e := twoSum(a.Hi, b.Hi)
	e += a.Lo + b.Lo
	s, e = fastTwoSum(s, e)
	return DD{s, e}
}

// ddDiv1 returns a/b with error ≤ 2^-103·|a/b|: q = RN(a.Hi/b), the
// remainder a.Hi − q·b exact (FMA), the correction (r + a.Lo)/b rounded
// twice.
func ddDiv1(a DD, b float64) DD {
	q := a.Hi / b
	r := math.FMA(-q, b, a.Hi)
	l := (r + a.Lo) / b
	q, l = fastTwoSum(q, l)
	return DD{q, l}
}

func (d DD) neg() DD      { return DD{-d.Hi, -d.Lo} }
func (d DD) abs() float64 { return math.Abs(d.Hi) * (1 + 0x1p-52) }

// besselSpecial handles NaN, ±Inf, ±0 and Y of a negative argument for
// order n ∈ {0, 1} (see the doc tables of J0 … Y1; the sign of J1 follows x).
func besselSpecial(n int, y bool, x uint32) (kres, bool) {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN()), true
	case y && f32.IsZero(x):
		return exactRes(math.Inf(-1)), true
	case y && isNegBits(x):
		return exactRes(math.NaN()), true
	case f32.IsInf(x):
		if n == 1 {
			return exactRes(math.Copysign(0, f64of(x))), true
		}
		return exactRes(0), true
	case f32.IsZero(x):
		if n == 0 {
			return exactRes(1), true
		}
		return exactRes(f64of(x)), true
	}
	return kres{}, false
}

func isNegBits(x uint32) bool { return x&f32.SignMask != 0 }

// besselKernel: J_n(x) (y false) or Y_n(x) (y true) for n ∈ {0, 1}.
// J1 is odd and J0 even; Y is computed for x > 0.
func besselKernel(n int, y bool, x uint32) kres {
	if r, ok := besselSpecial(n, y, x); ok {
		return r
	}
	a := math.Abs(f64of(x))
	var v DD
	var err float64
	switch {
	case a > besselSerMax:
		v, err = besselHankel(n, y, x&f32.AbsMask)
	case y:
		v, err = besselSerY(n, x)
	case a < besselTiny:
		v, err = besselTinyJ(n, a)
	default:
		v, err = besselSerJ(n, a)
	}
	if n == 1 && !y && isNegBits(x) {
		v = v.neg()
	}
	return kres{v: v, err: err}
}

// besselTiny bounds the arguments of besselTinyJ.
const besselTiny = 0x1p-20

// besselTinyJ: J0(a) = 1 − w + w²/4 − …, J1(a) = (a/2)·(1 − w/2 + w²/12 − …)
// for a < 2^-20, w = a²/4 exact: alternating series with decreasing terms,
// so the truncation is at most the first omitted term; a/2 and w are exact
// and (a/2)·(w/2) is rounded once (2^-53 relative). The value is formed by
// fastTwoSum, exact. Unlike the Horner bound, this one shrinks with the
// correction itself, so results next to a binary32 number or a midpoint (J1
// of a subnormal-range argument is just below a/2, often a midpoint) are
// decided here instead of in the oracle.
func besselTinyJ(n int, a float64) (DD, float64) {
	w := a * a * 0.25
	if n == 0 {
		hi, lo := fastTwoSum(1, -w)
		return DD{hi, lo}, w * w * 0.25 * 1.01
	}
	h := a * 0.5
	c := float64(h*w) * 0.5
	hi, lo := fastTwoSum(h, -c)
	return DD{hi, lo}, (0x1p-53*c + h*w*w/12) * 1.01
}

// besselSeries evaluates S = Σ_{k<K} (−w)^k·serC[n][k] and, when wantG,
// G = Σ_{k<K} (−w)^k·serG[n][k] by Horner's rule, with K the first k ≥ 1
// where 2w < (k+1)(n+k+1) and the term w^k·c_k < 2^-110 (the term t, a
// binary64 product within 3k·u of w^k·c_k). Returned: S, G and their bounds
//
//	es = (K+1)·2^-101·A + 1.01·t_K,  eg = (K+1)·2^-101·AG + 1.01·t_K·(H_K + H_{n+K}),
//
// A = Σ_{k<K} w^k·c_k and AG its G counterpart, taken with a factor 1.01 for
// their own rounding. Horner step k rounds twice (ddMul1, ddAdd), each
// below 2^-103 of (|c_k| + w·|acc|), which after the multiplication by w^k is
// at most 2^-102·(w^k·c_k + Σ_{j>k} w^j·c_j) ≤ 2^-102·A; the tables' errors
// add 2^-105·A. ok is false when K would exceed the tables.
func besselSeries(n int, w float64, wantG bool) (s, g DD, es, eg float64, ok bool) {
	t, A, AG := 1.0, 0.0, 0.0
	if n == 1 {
		t = 1 // 1/(0!·1!)
	}
	K := 0
	for k := 0; ; k++ {
		kf := float64(k)
		if k >= 1 && 2*w < (kf+1)*(float64(n)+kf+1) && t < 0x1p-110 {
			K = k
			break
		}
		if k+1 >= besselTerms {
			return DD{}, DD{}, 0, 0, false
		}
		A += t
		AG += t * serG[n][k].Hi / serC[n][k].Hi
		t = float64(t*w) / ((kf + 1) * (float64(n) + kf + 1))
	}
	acc := serC[n][K-1]
	for k := K - 2; k >= 0; k-- {
		acc = ddAdd(serC[n][k], ddMul1(acc, -w))
	}
	es = (float64(K+1)*0x1p-101*A + t) * 1.01
	if wantG {
		gacc := serG[n][K-1]
		for k := K - 2; k >= 0; k-- {
			gacc = ddAdd(serG[n][k], ddMul1(gacc, -w))
		}
		g = gacc
		eg = (float64(K+1)*0x1p-101*AG + t*serG[n][K].Hi/serC[n][K].Hi) * 1.01
	}
	return acc, g, es, eg, true
}

// besselSerJ: J0(a) = S, J1(a) = (a/2)·S (a/2 exact), with the product's
// rounding 2^-103·|J1|.
func besselSerJ(n int, a float64) (DD, float64) {
	w := a * a * 0.25 // exact: a has 24 bits, a² ≥ 2^-298
	s, _, es, _, ok := besselSeries(n, w, false)
	if !ok {
		return DD{s.Hi, 0}, math.Inf(1)
	}
	if n == 0 {
		return s, es
	}
	v := ddMul1(s, a*0.5)
	return v, a*0.5*es*1.01 + 0x1p-103*v.abs()
}

// besselSerY: with L = ln(x/2) + γ = ln x + (γ − ln 2) (logCore, whose bound
// is eL0; x = 1 gives ln x = 0 exactly),
//
//	Y0(x) = (2L·S − G)/π,  Y1(x) = ((x/2)·(2L·S − G) − 2/x)/π
//
// (besselSeries' Y formula for n = 0, 1: F = 0 and F = 1). Errors: L within
// eL = eL0 + 2^-103·(|ln x| + |γ − ln 2|) + 2^-105; the product L·S within
// |L|·es + |S|·eL + eL·es + 2^-102·|L·S|; D = 2L·S − G adds eg and 2^-103·(2|LS|
// + |G|); for n = 1, (x/2)·D and 2/x add (x/2)·eD + 2^-103·|…| + 2^-103·|2/x|
// and the subtraction 2^-103·(sum); the division by π (1/π within 2^-105)
// 2^-102·|Y|, and the error so far is divided by π (< 1/3).
func besselSerY(n int, x uint32) (DD, float64) {
	a := f64of(x)
	w := a * a * 0.25
	s, g, es, eg, ok := besselSeries(n, w, true)
	if !ok {
		return DD{}, math.Inf(1)
	}
	var lnx DD
	var eL float64
	if x != f32.OneBits {
		hi, lo, e, _ := logCore(x)
		lnx, eL = DD{hi, lo}, e
	}
	L := ddAdd(lnx, gammaLn2)
	eL += 0x1p-103*(lnx.abs()+gammaLn2.abs()) + 0x1p-105
	ls := ddMul(L, s)
	els := L.abs()*es + s.abs()*eL + eL*es + 0x1p-102*ls.abs()
	d := ddAdd(DD{2 * ls.Hi, 2 * ls.Lo}, g.neg())
	ed := 2*els + eg + 0x1p-103*(2*ls.abs()+g.abs())
	if n == 1 {
		hx := a * 0.5
		e1 := ddMul1(d, hx)
		r := ddDiv1(DD{2, 0}, a)
		d = ddAdd(e1, r.neg())
		ed = hx*ed*1.01 + 0x1p-103*e1.abs() + 0x1p-103*r.abs() + 0x1p-103*(e1.abs()+r.abs())
	}
	v := ddMul(d, invPiDD)
	return v, ed*0.3184 + 0x1p-101*v.abs()
}

// besselHankel: J_n(a) or Y_n(a) for a = |x| > besselSerMax, n ∈ {0, 1},
// from Hankel's expansion (see oracle.besselHankel for the formulas and the
// remainder theorem).
//
// Terms: u_k = u_{k−1}·(4n² − (2k−1)²)/(8k·a); the numerator (an integer <
// 2^53) and 8k·a (a has 24 bits) are exact, so u_k carries two roundings
// per step: relative error ≤ 2.01·k·u. The terms are summed into P' = P − 1
// and Q from the smallest up (reverse order), each addition's error at
// most u times the computed partial sum's magnitude. K is the first index
// ≥ max(n+1, 2) with |u_K|, |u_{K+1}| < 2^-80 (or where the terms stop
// decreasing, whose remainder bound then only widens the enclosure):
//
//	eP = u·Σ|partials of P'| + 2^-51·Σ_k k·|u_k| (k even) + |first neglected even term|
//
// and eQ likewise. Then with S = sin ω, C = cos ω from sinK (errors eS, eC),
// |S|, |C| ≤ 1 + eS:
//
//	J: s = C·(1 + P') − Q·S,  Y: s = S·(1 + P') + Q·C
//
// formed as twoSum(C, −Q·Sh) plus the small terms, each product rounded
// once: error ≤ (1+|P'|)·eC + |Q|·eS + eP + eQ + 2^-52·(|P'| + |Q|) + 2^-104.
// The envelope √(2/(πa)) is (2/π)/a (ddDiv1) then a double-double square
// root (h = √hi, e = hi − h² exact by FMA, l = (e + lo)/(2h)): relative
// error ≤ 2^-101; times s (ddMul): err = amp·es·1.01 + 2^-100·|v|.
func besselHankel(n int, y bool, ax uint32) (DD, float64) {
	a := f64of(ax)
	const u = 0x1p-53
	mu := float64(4 * n * n)
	var terms [64]float64
	kmin := max(n+1, 2)
	terms[0] = 1
	K := 0
	for k := 1; ; k++ {
		t := terms[k-1] * (mu - float64((2*k-1)*(2*k-1))) / (8 * float64(k) * a)
		if k >= len(terms)-1 || (k > kmin && math.Abs(t) > math.Abs(terms[k-1])) {
			K = k // the terms grow or the table is full: stop, bounded below
			terms[k] = t
			break
		}
		terms[k] = t
		if k >= kmin+1 && math.Abs(t) < 0x1p-80 && math.Abs(terms[k-1]) < 0x1p-80 {
			K = k - 1
			break
		}
	}
	// terms[K] and terms[K+1] (when computed) are the first neglected ones.
	next := terms[K] * (mu - float64((2*K+1)*(2*K+1))) / (8 * float64(K+1) * a)
	var p, q, pPart, qPart, pRel, qRel float64
	for k := K - 1; k >= 1; k-- {
		t := terms[k]
		if (k/2)%2 == 1 {
			t = -t
		}
		if k%2 == 0 {
			p += t
			pPart += math.Abs(p)
			pRel += float64(k) * math.Abs(t)
		} else {
			q += t
			qPart += math.Abs(q)
			qRel += float64(k) * math.Abs(t)
		}
	}
	var remP, remQ float64
	if K%2 == 0 {
		remP, remQ = math.Abs(terms[K]), math.Abs(next)
	} else {
		remQ, remP = math.Abs(terms[K]), math.Abs(next)
	}
	eP := (u*pPart + 0x1p-51*pRel + remP) * 1.01
	eQ := (u*qPart + 0x1p-51*qRel + remQ) * 1.01

	j, rh, rl := reduce(ax)
	j = (j - 8*(2*n+1)) & 63
	sh, sl, eS := sinK(j, rh, rl)
	ch, cl, eC := sinK((j+16)&63, rh, rl)
	if y {
		// Y: S·(1 + P') + Q·C: the same form with (C, S) → (S, −C).
		ch, cl, sh, sl = sh, sl, -ch, -cl
		eC, eS = eS, eC
	}
	qs, qse := twoProd(q, sh)
	hi, e1 := twoSum(ch, -qs)
	lo := e1 + ((cl + p*ch) - (qse + q*sl))
	hi, lo = fastTwoSum(hi, lo)
	es := (1+math.Abs(p))*eC + math.Abs(q)*eS + eP*(1+eC) + eQ*(1+eS) +
		0x1p-52*(math.Abs(p)+math.Abs(q)) + 0x1p-104
	// amp = √((2/π)/a).
	r := ddDiv1(twoPiDD, a)
	h := math.Sqrt(r.Hi)
	e := math.FMA(-h, h, r.Hi)
	amp := DD{h, (e + r.Lo) / (2 * h)}
	v := ddMul(amp, DD{hi, lo})
	return v, amp.Hi*es*1.01 + 0x1p-100*v.abs()
}

// Jn is the reference of J_n(x) for every int32 order n (binary:
// Round2(uint32(n), x), Value2, Eval with Input{X: uint32(n), Y: x}), with
// oracle.Jn's special cases and domain: |n| ≤ oracle.MaxBesselOrder (4096),
// beyond which it answers NaN unless J_n(x) < 2^-200. Value: as J0's.
var Jn = &Ref{name: "jn", arity: 2, modes: rnOnly, valueBits: 20, orc: oracle.Jn, k2: jnKernel}

// Yn is the reference of Y_n(x) for |n| ≤ oracle.MaxBesselOrder (as Jn;
// beyond, NaN unless x ≤ 2^10 and Y_n(x) < −2^200), with oracle.Yn's special
// cases. Value: as Y0's.
var Yn = &Ref{name: "yn", arity: 2, modes: rnOnly, valueBits: 20, orc: oracle.Yn, k2: ynKernel}

func init() { refs = append(refs, Jn, Yn) }

// order returns |n| and whether n < 0 for the order's bit pattern.
func order(nb uint32) (m int64, negN bool) {
	n := int64(int32(nb))
	if n < 0 {
		return -n, true
	}
	return n, false
}

// jnKernel: J_n(x) = s·J_m(|x|), m = |n|, s = −1 when m is odd and exactly
// one of n, x is negative (J_{-n} = (−1)^n J_n, J_n(−x) = (−1)^n J_n(x)).
//
//	m ≤ 1: besselKernel
//	m·log2(e·|x|/(2m)) < −200: |J_m(x)| ≤ (|x|/2)^m/m! ≤ (e|x|/(2m))^m < 2^-200
//	  (DLMF 10.14.4, m! ≥ (m/e)^m), rounds as s·2^-300 (the float64 logarithm
//	  errs by far less than the margin of 49)
//	|x| > besselSerMax and m ≤ |x|: the forward recurrence from J0, J1
//	  (besselRecur), stable while k < |x|
//	otherwise: the series besselSerN
func jnKernel(nb, x uint32) kres {
	m, negN := order(nb)
	neg := m&1 == 1 && negN != isNegBits(x)
	sgn := func(k kres) kres {
		if neg {
			k.v, k.rep = k.v.neg(), -k.rep
		}
		return k
	}
	if f32.IsNaN(x) {
		return exactRes(math.NaN())
	}
	switch {
	case f32.IsInf(x), f32.IsZero(x) && m > 0:
		return sgn(exactRes(0))
	case m <= 1:
		k := besselKernel(int(m), false, x&f32.AbsMask)
		return sgn(k)
	}
	a := math.Abs(f64of(x))
	if float64(m)*math.Log2(math.E*a/(2*float64(m))) < -200 {
		return sgn(kres{v: DD{0x1p-300, 0}, rep: 0x1p-300})
	}
	if m > oracle.MaxBesselOrder {
		return exactRes(math.NaN()) // outside the references' domain, as oracle.Jn
	}
	var v DD
	var err float64
	if a > besselSerMax && float64(m) <= a {
		j0 := besselKernel(0, false, x&f32.AbsMask)
		j1 := besselKernel(1, false, x&f32.AbsMask)
		v, err, _ = besselRecur(int(m), a, j0.v, j0.err, j1.v, j1.err, false)
	} else {
		v, err = besselSerN(int(m), a)
	}
	return sgn(kres{v: v, err: err})
}

// ynKernel: Y_n(x) = s·Y_m(x), m = |n|, s = −1 for negative odd n.
//
//	m ≤ 1: besselKernel
//	otherwise the forward recurrence from Y0, Y1 (besselRecur), which also
//	  settles Y_m(x) < −2^200 (rounds as −2^200) by oracle.besselYHuge's
//	  monotonicity argument
func ynKernel(nb, x uint32) kres {
	m, negN := order(nb)
	flip := negN && m&1 == 1
	sgn := func(k kres) kres {
		if flip {
			k.v, k.rep = k.v.neg(), -k.rep
		}
		return k
	}
	if m <= 1 || f32.IsNaN(x) || f32.IsZero(x) || isNegBits(x) || f32.IsInf(x) {
		if m > 1 {
			m = 1 // the special cases are those of Y1
		}
		return sgn(besselKernel(int(m), true, x))
	}
	a := f64of(x)
	if m > oracle.MaxBesselOrder && a > 1<<10 {
		return exactRes(math.NaN()) // outside the references' domain, as oracle.Yn
	}
	y0 := besselKernel(0, true, x)
	y1 := besselKernel(1, true, x)
	v, err, huge := besselRecur(int(m), a, y0.v, y0.err, y1.v, y1.err, true)
	if huge {
		return sgn(kres{v: DD{-0x1p200, 0}, rep: -0x1p200})
	}
	if m > oracle.MaxBesselOrder {
		// Not proven huge here (the bound below is pessimistic): the oracle's
		// 128-bit recurrence decides between −2^200 and NaN.
		return kres{v: DD{math.NaN(), 0}, err: math.Inf(1)}
	}
	return sgn(kres{v: v, err: err})
}

// besselRecur runs C_{k+1} = (2k/a)·C_k − C_{k−1} from C_0 = v0 ± e0, C_1 =
// v1 ± e1 to C_m in double-double and returns C_m with its bound. Each
// step's rounding error is |η_k| ≤ 2^-100·(q·|C_k| + |C_{k−1}|) with q = 2k/a
// (ddDiv1, 2^-103·q; ddMul, 2^-102; ddAdd, 2^-103 of the operands: below the
// 2^-100 taken), and the error δ_k = Ĉ_k − C_k obeys the recurrence itself,
// δ_{k+1} = q_k·δ_k − δ_{k−1} + η_k. Two regimes bound it:
//
//   - oscillating, q_k ≤ besselQOsc (< 2): the step matrix T_k = [q_k −1; 1 0]
//     keeps Q_k(x, y) = x² − q_k·x·y + y² invariant, a positive definite
//     form for q_k < 2, so N_k = √Q_k of (δ_{k+1}, δ_k) grows by at most
//     |η_k| per step; moving to Q_{k+1} = Q_k − (2/a)·x·y multiplies N by at
//     most √(1 + (2/a)/(2 − q_k)), as |x·y| ≤ Q_k/(2 − q_k). It starts at
//     N_1 ≤ e0 + e1 and ends with |δ| ≤ N/√(1 − q²/4), the minimum of Q_k
//     over the other component. The growth is polynomial, ≈ √(a/(a − m)),
//     where the magnitude bound below grows like the root of r² = q·r + 1.
//   - growing, q_k > besselQOsc: E_{k+1} = q·E_k + E_{k−1} + |η_k|. For Y
//     (yHuge), it stops with huge = true once k ≥ a, C_k + E_k < −2^200 and
//     C_k + E_k ≤ C_{k−1} − E_{k−1} ≤ 0: from there the sequence decreases
//     (oracle.besselYHuge).
//
// Every bound is computed with a relative margin of at least 2^-40 per
// operation, far above float64's rounding of it.
func besselRecur(m int, a float64, v0 DD, e0 float64, v1 DD, e1 float64, yHuge bool) (DD, float64, bool) {
	const up = 1 + 0x1p-40 // rounds a bound's float64 arithmetic up
	cm, em, c, e := v0, e0, v1, e1
	osc := m > 1 && 2/a <= besselQOsc
	nrm := (e0 + e1) * up // N_1 of (δ_1, δ_0)
	for k := 1; k < m; k++ {
		kf := float64(k)
		if !osc && yHuge && kf >= a && c.Hi+e < -0x1p200 && c.Hi+e <= cm.Hi-em && cm.Hi+em <= 0 {
			return c, e, true
		}
		q := ddDiv1(DD{2 * kf, 0}, a)
		n := ddAdd(ddMul(q, c), cm.neg())
		eta := 0x1p-100 * (q.Hi*c.abs() + cm.abs()) * up
		if osc {
			nrm = (nrm + eta) * up // N_k of (δ_{k+1}, δ_k)
			qn := 2 * (kf + 1) / a
			if k+1 < m && qn <= besselQOsc {
				nrm *= math.Sqrt(1+(2/a)/(2-q.Hi)*up) * up * up // N_{k+1}
			} else {
				// Leave the oscillating regime: both components of
				// (δ_{k+1}, δ_k) are within N_k/√(1 − q_k²/4).
				d := nrm / math.Sqrt((1-q.Hi*q.Hi/4)/up) * up * up
				e, osc = d, false
				cm, em, c = c, d, n
				continue
			}
			cm, c = c, n
		} else {
			ne := (q.Hi*e+em)*1.01 + eta
			cm, em, c, e = c, e, n, ne
		}
		if math.IsInf(c.Hi, 0) || c.Hi != c.Hi {
			return c, math.Inf(1), false
		}
	}
	return c, e, false
}

// besselQOsc is the largest q = 2k/a that besselRecur treats as
// oscillating: the conversion 1/√(1 − q²/4) from its norm to the error
// stays below 3.3.
const besselQOsc = 1.9

// besselSerN: J_m(a) = P·S for m ≥ 2, P = (a/2)^m/m! = Π_{i≤m} (a/2)/i
// (ddMul1 by a/2, exact, then ddDiv1 by i: relative error ≤ 2m·2^-102.5),
// S = Σ_k (−w)^k·τ_k, τ_0 = 1, τ_{k+1} = τ_k·w/((k+1)(m+k+1)) (two
// roundings per step: τ_k within 2k·2^-102.5), summed in double-double
// (each ddAdd 2^-103 of its operands): with A = Σ|τ_k|, the error is at
// most (3K + 2)·2^-102·A plus the first omitted term (Leibniz, once w <
// (k+1)(m+k+1)), and J's err = |P|·eS + 2^-101·m·|P·S| + 2^-102·|P·S|.
// The partial products of P stay within [2^-200, e^(a/2)] (the tiny case is
// taken out, and a ≤ 2m here or a ≤ 25): no overflow or underflow.
func besselSerN(m int, a float64) (DD, float64) {
	h := a * 0.5
	w := a * a * 0.25
	p := DD{1, 0}
	for i := 1; i <= m; i++ {
		p = ddDiv1(ddMul1(p, h), float64(i))
	}
	tau := DD{1, 0}
	s := DD{1, 0}
	A := 1.0
	K := 0
	for k := 0; k < 2000; k++ {
		kf := float64(k)
		r := (kf + 1) * (float64(m) + kf + 1)
		tau = ddDiv1(ddMul1(tau, w), r)
		if w < r && tau.Hi < 0x1p-110 {
			K = k + 1
			break
		}
		if k%2 == 0 {
			s = ddAdd(s, tau.neg())
		} else {
			s = ddAdd(s, tau)
		}
		A += tau.Hi
	}
	if K == 0 {
		return s, math.Inf(1)
	}
	eS := (float64(3*K+2)*0x1p-102*A + tau.Hi) * 1.01
	v := ddMul(p, s)
	return v, p.abs()*eS*1.01 + 0x1p-101*float64(m+1)*v.abs()
}
