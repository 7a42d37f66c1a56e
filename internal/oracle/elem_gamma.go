package oracle

import (
	"math/big"
	"sync"

	"github.com/cudafp/cudafp/internal/f32"
)

// The references of ln|Γ(x)|, Γ(x) and the modified Bessel functions I0 and
// I1. None has a closed-form reduction; each enclosure is a truncated
// series or expansion with a rigorous bound on what it leaves out, in the
// interval arithmetic of elem_ival.go:
//
//   - ln Γ(z) for z ≥ Z: Stirling's expansion (z − 1/2)·ln z − z + ln(2π)/2
//     + Σ_{k=1..N} B_2k/(2k(2k−1)·z^(2k−1)), whose remainder for real z > 0
//     has the sign of the first omitted term and is at most its magnitude,
//     |B_2N+2|/((2N+2)(2N+1)·z^(2N+1)) (DLMF 5.11.ii; Whittaker & Watson
//     §12.33). The Bernoulli numbers are exact rationals (Bernoulli's
//     recurrence on big.Rat). Smaller z are shifted up: ln Γ(a) = ln Γ(a+n)
//     − ln(a(a+1)···(a+n−1)), the product in interval arithmetic.
//   - negative x: the reflection ln|Γ(x)| = ln π − ln(|x|·|sin πx|) −
//     ln Γ(|x|), with sin π|x| = sin πg (g = |x| − ⌊|x|⌋ exact, and cos π(1/2
//     − g) for g > 1/4) from sinCosSmall's Taylor polynomials with their
//     Lagrange remainders. Γ(x) is ±exp of it, with the sign (−1)^(⌊|x|⌋+1).
//   - I_ν(x) = (x/2)^ν Σ_k (x²/4)^k/(k!·(k+ν)!) for ν = 0, 1: positive terms,
//     no cancellation. The ratio of consecutive terms, (x²/4)/((k+1)(k+1+ν)),
//     decreases with k; once it is at most 1/2 the tail after term t_K is at
//     most 2·t_K, which widens the sum.
//
// Cancellation (ln Γ near its zeros, where the shift and the reflection
// subtract nearly equal logarithms) only widens the enclosure: the Ziv loop
// raises the precision until the rounding is decided. Exact cases taken out
// before the loop: ln Γ(1) = ln Γ(2) = 0 and Γ(n) = (n−1)! for integers
// 1 ≤ n ≤ 35; I0(0) = 1, I1(±0) = ±0. Elsewhere the values are taken to be
// transcendental (Siegel: I0 and I1 at nonzero algebraic arguments; for Γ
// at non-integer rationals this is conjectured beyond 1/2, 1/3, 1/4, 1/6),
// so the loop terminates.

// Lgamma is the reference of ln|Γ(x)|.
//
// Special cases are:
//
//	Lgamma(NaN) = NaN
//	Lgamma(±Inf) = +Inf
//	Lgamma(x) = +Inf for x = ±0 and the negative integers
//	Lgamma(1) = Lgamma(2) = +0
//	Lgamma(x) for x > 2^124 rounds as 2^200 (the value exceeds 2^130)
var Lgamma = &Func{Name: "lgamma", Arity: 1, eval: eval32(lgammaEval)}

// f64Lgamma is Lgamma for binary64 (Func64): it rounds as 2^2000 for x >
// 2^1017 (ln Γ(x) > x·(ln x − 1.01) > 2^1026).
var f64Lgamma = &Func64{Name: "lgamma", Arity: 1, eval: eval64(lgammaEval)}

// Tgamma is the reference of Γ(x).
//
// Special cases are:
//
//	Tgamma(NaN) = NaN
//	Tgamma(+Inf) = +Inf
//	Tgamma(-Inf) = NaN
//	Tgamma(±0) = ±Inf
//	Tgamma(x) = NaN for the negative integers
//	Tgamma(n) = (n−1)! for integers 1 ≤ n ≤ 35 (exact)
//	Tgamma(x) rounds as ±2^200 for x > 36 and for 0 < |x| < 2^-130 (|Γ(x)| > 2^129)
//	Tgamma(x) rounds as ±2^-300 for x < −50 (|Γ(x)| < 2^-190)
var Tgamma = &Func{Name: "tgamma", Arity: 1, eval: eval32(tgammaEval)}

// f64Tgamma is Tgamma for binary64 (Func64): exact (n−1)! for integers 1 ≤ n
// ≤ 171; ±2^2000 for x > 172 (Γ(172) = 171! > 2^1024) and for 0 < |x| <
// 2^-1025; ±2^-3000 for x < −190 (|sin πx| ≥ 2^-51 for a binary64 x that is
// not an integer, Γ(190) > 2^1159).
var f64Tgamma = &Func64{Name: "tgamma", Arity: 1, eval: eval64(tgammaEval)}

// I0 is the reference of the modified Bessel function of the first kind of
// order 0.
//
// Special cases are:
//
//	I0(NaN) = NaN
//	I0(±Inf) = +Inf
//	I0(±0) = 1
//	I0(x) for |x| > 100 rounds as 2^200 (I0(x) > (x/2)^100/(50!)² > 2^135)
var I0 = &Func{Name: "i0", Arity: 1, eval: func(x, _ uint32) evalCase { return besselIEval(x, 0) }}

// I1 is the reference of the modified Bessel function of the first kind of
// order 1 (odd).
//
// Special cases are:
//
//	I1(NaN) = NaN
//	I1(±Inf) = ±Inf
//	I1(±0) = ±0
//	I1(x) for |x| > 100 rounds as ±2^200 (|I1(x)| > (|x|/2)^101/(50!·51!) > 2^135)
var I1 = &Func{Name: "i1", Arity: 1, eval: func(x, _ uint32) evalCase { return besselIEval(x, 1) }}

// bernoulli holds B_0, B_1, …, B_n (exact), grown on demand.
var bernoulli struct {
	sync.Mutex
	b []*big.Rat
}

// bernoulliB returns B_m exactly, from B_m = −1/(m+1)·Σ_{k<m} C(m+1, k)·B_k.
func bernoulliB(m int) *big.Rat {
	bernoulli.Lock()
	defer bernoulli.Unlock()
	for n := len(bernoulli.b); n <= m; n++ {
		s := new(big.Rat)
		c := big.NewInt(1) // C(n+1, k), k = 0
		for k := 0; k < n; k++ {
			s.Add(s, new(big.Rat).Mul(new(big.Rat).SetInt(c), bernoulli.b[k]))
			c.Mul(c, big.NewInt(int64(n+1-k)))
			c.Quo(c, big.NewInt(int64(k+1)))
		}
		if n == 0 {
			s.SetInt64(-1) // B_0 = 1
		}
		bernoulli.b = append(bernoulli.b, s.Neg(s).Quo(s, big.NewRat(int64(n+1), 1)))
	}
	return bernoulli.b[m]
}

// ratIval encloses a rational.
func ratIval(r *big.Rat, p uint) ival {
	n, d := new(big.Float).SetInt(r.Num()), new(big.Float).SetInt(r.Denom())
	q, _ := ival{n, n}.div(pt(d), p)
	return q
}

// stirlingZ is the smallest argument of Stirling's expansion at working
// precision p: there the terms fall below 2^-p within about p/8 of them.
func stirlingZ(p uint) int64 { return int64(p/2) + 8 }

// lnGammaPos returns an enclosure of ln Γ(a) for an exact a > 0 of at
// most 64 significant bits (a + n is formed exactly: at 400 bits for a ≥
// 2^-300, at a's span above 1 plus 128 bits below).
func lnGammaPos(a *big.Float, p uint) ival {
	wp := p + 32
	zmin := stirlingZ(wp)
	z := new(big.Float).SetPrec(max(400, uint(-a.MantExp(nil))+128)).Set(a)
	prod := one()
	shifted := false
	for z.Cmp(big.NewFloat(float64(zmin))) < 0 {
		prod = prod.mul(pt(new(big.Float).Set(z)), wp)
		z.Add(z, big.NewFloat(1))
		shifted = true
	}
	zi := pt(z)
	lz := logPoint(z, wp)
	half := big.NewFloat(0.5)
	s := pt(new(big.Float).SetPrec(401).Sub(z, half)).mul(lz, wp).sub(zi, wp)
	// ln(2π)/2 = (ln 2 + ln π)/2.
	s = s.add(ln2Ival(wp).add(logIval(piIval(wp), wp), wp).scale(-1), wp)
	rz, _ := zi.recip(wp)
	rz2 := rz.sqr(wp)
	pw := rz // z^-(2k−1)
	bound := new(big.Float).SetMantExp(big.NewFloat(1), -int(wp)-8)
	for k := 1; ; k++ {
		c := ratIval(new(big.Rat).Quo(bernoulliB(2*k), big.NewRat(int64(2*k*(2*k-1)), 1)), wp)
		t := c.mul(pw, wp)
		if t.mag().Cmp(bound) < 0 {
			// t is the first omitted term: the remainder is at most |t|.
			s = s.widen(t.mag(), wp)
			break
		}
		s = s.add(t, wp)
		pw = pw.mul(rz2, wp)
	}
	if shifted {
		s = s.sub(logIval(prod, wp), wp)
	}
	return s
}

// gammaNegPositive reports whether Γ(x) > 0 for a negative non-integer x
// = −a: its sign is (−1)^(⌊a⌋+1).
func gammaNegPositive(a *big.Float) bool {
	fl, _ := a.Int(nil)
	return fl.Bit(0) == 1
}

// lnGammaNeg returns an enclosure of ln|Γ(x)| for a negative non-integer
// x = −a (a < 2^52, at most 53 significant bits: a − ⌊a⌋ and 1/2 − that
// are exact at 400 bits where they are used).
func lnGammaNeg(a *big.Float, p uint) ival {
	wp := p + 32
	fl, _ := a.Int(nil) // ⌊|x|⌋
	g := new(big.Float).SetPrec(400).Sub(a, new(big.Float).SetInt(fl))
	pi := piIval(wp)
	var s ival
	if g.Cmp(big.NewFloat(0.25)) <= 0 {
		s, _ = sinCosSmall(pi.mulExact(g, wp), wp)
	} else {
		h := new(big.Float).SetPrec(400).Sub(big.NewFloat(0.5), g)
		_, s = sinCosSmall(pi.mulExact(h, wp), wp)
	}
	l := logIval(pi, wp).sub(logIval(s.mulExact(a, wp), wp), wp).sub(lnGammaPos(a, wp), wp)
	return l
}

// gammaInt returns (n−1)! for an integer-valued x = n ≥ 1 as an exact big.Float.
func gammaInt(n int64) *big.Float {
	f := new(big.Int).MulRange(1, max(n-1, 1))
	return new(big.Float).SetInt(f)
}

func lgammaEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isInf(x), fm.isZero(x):
		return fixed64(fm.inf)
	}
	isInt, _ := fm.intClass(x)
	if fm.isNeg(x) {
		if isInt {
			return fixed64(fm.inf)
		}
		a := fm.value(fm.abs(x))
		return zivCase(always(func(p uint) ival { return lnGammaNeg(a, p) }))
	}
	if x == fm.one || x == fm.two() {
		return exactCase(new(big.Float))
	}
	a := fm.value(x)
	enc := always(func(p uint) ival { return lnGammaPos(a, p) })
	if fm.cmp(x, fm.pick(0x1p124, 0x1p1017)) > 0 {
		// ln Γ(x) ≥ (x − 1/2)·ln x − x > x·(ln x − 1.01) > 2^124·84 > 2^130.
		return fm.hugeCase(false, nil)
	}
	return zivCase(enc)
}

func tgammaEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x), x == fm.negInf():
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(fm.inf)
	case fm.isZero(x):
		return fixed64(fm.signOf(x) | fm.inf)
	}
	isInt, _ := fm.intClass(x)
	tiny := fm.pick(0x1p-130, 0x1p-1025)
	if fm.isNeg(x) {
		if isInt {
			return fm.nanCase()
		}
		a := fm.value(fm.abs(x))
		pos := gammaNegPositive(a)
		enc := always(func(p uint) ival {
			e := expIval(lnGammaNeg(a, p+16), p+16)
			if !pos {
				e = e.neg()
			}
			return e
		})
		if fm.cmp(fm.abs(x), tiny) < 0 {
			// Γ(x) = Γ(1+x)/x with Γ(1+x) > 1 on (−1, 0): |Γ(x)| > 1/|x|.
			return fm.hugeCase(true, nil)
		}
		if fm.cmp(x, fm.pick(-50, -190)) < 0 {
			// |Γ(x)| = π/(|sin πx|·|x|·Γ(|x|)) with |sin πx| ≥ 2·2^-18 (x is at
			// least one ulp, 2^-18 or more, from an integer) and Γ(50) > 2^208.
			return fm.tinyCase(!pos, nil)
		}
		return zivCase(enc)
	}
	if isInt && fm.cmp(x, fm.pick(35, 171)) <= 0 {
		n, _ := fm.value(x).Int64()
		return exactCase(gammaInt(n))
	}
	a := fm.value(x)
	enc := always(func(p uint) ival { return expIval(lnGammaPos(a, p+16), p+16) })
	switch {
	case fm.cmp(x, fm.pick(36, 172)) > 0:
		// Γ increases beyond 1.47 and Γ(36) = 35! > 2^133.
		return fm.hugeCase(false, nil)
	case fm.cmp(x, tiny) < 0:
		// Γ(x) = Γ(1+x)/x > 0.88/x > 2^129.
		return fm.hugeCase(false, nil)
	}
	return zivCase(enc)
}

// besselIPoint encloses I_ν(a) for an exact a > 0, ν = 0 or 1.
func besselIPoint(a *big.Float, nu int, p uint) ival {
	wp := p + 32
	h := pt(a).scale(-1) // a/2, exact
	q := h.sqr(wp)       // a²/4
	t := one()
	if nu == 1 {
		t = h
	}
	s := t
	for k := 0; ; k++ {
		t = t.mul(q, wp).divInt(int64((k+1)*(k+1+nu)), wp) // t_{k+1}
		// ratio of the terms after t_{k+1}: q/((k+2)(k+2+ν)), decreasing.
		r := up(wp).Quo(q.hi, exactInt(int64((k+2)*(k+2+nu))))
		if r.Cmp(big.NewFloat(0.5)) <= 0 {
			tail := up(wp).Mul(t.hi, exactInt(2)) // Σ_{j>k} t_j ≤ 2·t_{k+1}
			if new(big.Float).SetMantExp(tail, int(wp)+4).Cmp(s.lo) < 0 {
				return s.widenUp(tail, wp)
			}
		}
		s = s.add(t, wp)
	}
}

func besselIEval(x uint32, nu int) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsInf(x):
		if nu == 0 {
			return fixed(f32.InfBits)
		}
		return fixed(x)
	case f32.IsZero(x):
		if nu == 0 {
			return exactCase(big.NewFloat(1))
		}
		return fixed(x)
	}
	neg := nu == 1 && isNeg(x)
	a := Value(x & f32.AbsMask)
	enc := always(func(p uint) ival {
		v := besselIPoint(a, nu, p)
		if neg {
			v = v.neg()
		}
		return v
	})
	if cmpValue(x&f32.AbsMask, 100) > 0 {
		// The series' term k = 50 alone: (x/2)^100/(50!)² > 2^135 for I0,
		// (x/2)^101/(50!·51!) > 2^135 for I1.
		return hugeCase(neg, nil)
	}
	return zivCase(enc)
}

// ZetaInterval returns an enclosure of ζ(s) for an integer s ≥ 2, by the
// Euler–Maclaurin formula Σ_{n<N} n^-s + N^(1−s)/(s−1) + N^-s/2 +
// Σ_{j=1..J} B_2j/(2j)!·s(s+1)···(s+2j−2)·N^(−s−2j+1), whose remainder for
// real s is at most the first omitted term in magnitude (Edwards, Riemann's
// Zeta Function, §6.4). J grows until that term is below 2^-(prec+8); the
// terms shrink to about e^(−2πN) before they grow, so N = wp/8 + 4 (e^(−2πN)
// < 2^(−9N)) lets them reach it. The fast kernels of package ulp take their Taylor
// coefficients of ln Γ near 1 and 2 from it.
func ZetaInterval(s int, prec uint) Interval {
	if s < 2 {
		panic("oracle: ZetaInterval needs s ≥ 2")
	}
	wp := prec + 32
	N := int64(wp/8 + 4)
	acc := pt(new(big.Float))
	for n := int64(1); n < N; n++ {
		acc = acc.add(recipPow(n, s, wp), wp)
	}
	nPow := recipPow(N, s, wp) // N^-s
	acc = acc.add(nPow.mulExact(exactInt(N), wp).divInt(int64(s-1), wp), wp)
	acc = acc.add(nPow.scale(-1), wp)
	bound := new(big.Float).SetMantExp(big.NewFloat(1), -int(wp)-8)
	rising := new(big.Rat).SetInt64(int64(s)) // s(s+1)···(s+2j−2)
	fact := big.NewRat(2, 1)                  // (2j)!
	npw := nPow.mulExact(exactInt(N), wp)     // N^(−s−2j+1), j = 0
	for j := 1; ; j++ {
		npw = npw.divInt(N*N, wp)
		c := ratIval(new(big.Rat).Quo(new(big.Rat).Mul(bernoulliB(2*j), rising), fact), wp)
		t := c.mul(npw, wp)
		if t.mag().Cmp(bound) < 0 {
			return acc.widen(t.mag(), wp).exported()
		}
		acc = acc.add(t, wp)
		rising.Mul(rising, big.NewRat(int64((s+2*j-1)*(s+2*j)), 1))
		fact.Mul(fact, big.NewRat(int64((2*j+1)*(2*j+2)), 1))
	}
}

// recipPow encloses n^-s.
func recipPow(n int64, s int, p uint) ival {
	v := one()
	for range s {
		v = v.divInt(n, p)
	}
	return v
}
