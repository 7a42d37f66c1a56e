package oracle

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
)

// References of the Bessel functions of the first and second kind of
// integer order: J0, J1, Y0, Y1 (unary) and Jn, Yn (binary: the order n is
// the int32 whose bit pattern is the first argument, x the second).
//
// Every enclosure below is an interval computation (elem_ival.go) plus a
// rigorous bound on each truncated series, so the Ziv loop is certified
// whatever the cancellation; cancellation only widens the interval, and the
// loop raises the precision until the ends round alike. That includes the
// neighbourhoods of the zeros, where the value is tiny but never zero: every
// zero of J_n (n integer) is transcendental (Siegel 1929: J_n(α) ≠ 0 is
// transcendental for algebraic α ≠ 0, so J_n has no nonzero algebraic zero
// and takes no dyadic value), and the only exact cases taken out before the
// loop are J_0(0) = 1 and J_n(0) = 0. Y_n(x) at a binary32 x > 0 is not a
// binary32 number nor a midpoint either: no such case exists among the
// inputs the tests draw, and one would show as the loop's panic at
// maxZivPrec bits.
//
// Methods (n ≥ 0, x > 0; negative orders and arguments by the reflections
// J_{-n} = (−1)^n J_n, Y_{-n} = (−1)^n Y_n, J_n(−x) = (−1)^n J_n(x)):
//
//   - Power series (DLMF 10.2.2 and 10.8.1) for x below the range of the
//     asymptotic expansion: see besselSeries for the truncation bounds. The
//     terms reach e^x/… while the sum is O(1/√x), so the working precision
//     carries ⌈1.45·x⌉ extra bits (log2 e < 1.45; Σ|terms| ≤ e^x).
//   - Hankel's expansion (DLMF 10.17.3, 10.17.4) for large x, with the
//     remainder of each of its two sums bounded by the first neglected term
//     (DLMF 10.17(iii), ν ≥ 0, z > 0, enough terms): see besselHankel. The
//     phase ω = x − (2n+1)π/4 comes from sin x and cos x (sinCosPoint, whose
//     reduction by π/2 is exact for every binary32 x) and the exact rotation
//     by −(2n+1)π/4.
//   - Euler's constant γ from the exponential integral (eulerIval).
//
// The tiny and huge ranges: |J_n(x)| ≤ |x/2|^n/n! (DLMF 10.14.4) settles
// J_n(x) below 2^-151 without computing it; Y_n(x) for n > x is decreasing in
// n once negative and decreasing (the forward recurrence argument at
// besselYHuge), which settles Y_n(x) below −2^200.

// J0 is the reference of the Bessel function of the first kind of order 0.
//
// Special cases are:
//
//	J0(NaN) = NaN
//	J0(±Inf) = +0
//	J0(±0) = 1 (exact)
var J0 = &Func{Name: "j0", Arity: 1, eval: func(x, _ uint32) evalCase { return besselJEval(0, x) }}

// J1 is the reference of the Bessel function of the first kind of order 1.
//
// Special cases are:
//
//	J1(NaN) = NaN
//	J1(±Inf) = ±0
//	J1(±0) = ±0
var J1 = &Func{Name: "j1", Arity: 1, eval: func(x, _ uint32) evalCase { return besselJEval(1, x) }}

// Y0 is the reference of the Bessel function of the second kind of order 0.
//
// Special cases are:
//
//	Y0(NaN) = NaN
//	Y0(±0) = -Inf
//	Y0(x < 0) = NaN (-Inf included)
//	Y0(+Inf) = +0
var Y0 = &Func{Name: "y0", Arity: 1, eval: func(x, _ uint32) evalCase { return besselYEval(0, x) }}

// Y1 is the reference of the Bessel function of the second kind of order 1,
// with Y0's special cases.
var Y1 = &Func{Name: "y1", Arity: 1, eval: func(x, _ uint32) evalCase { return besselYEval(1, x) }}

// Jn is the reference of J_n(x) (binary: Round2(uint32(n), x) with n the
// int32 order, x the binary32 argument), for |n| ≤ MaxBesselOrder; beyond,
// only where the tiny bound settles it (NaN elsewhere: see MaxBesselOrder).
//
// Special cases are (s = −1 when n is odd and exactly one of n, x is
// negative, else +1):
//
//	Jn(n, NaN) = NaN
//	Jn(n, ±Inf) = s·0
//	Jn(0, ±0) = 1
//	Jn(n, ±0) = s·0 for n ≠ 0
var Jn = &Func{Name: "jn", Arity: 2, eval: func(n, x uint32) evalCase { return besselJEval(int64(int32(n)), x) }}

// Yn is the reference of Y_n(x) (binary: Round2(uint32(n), x)), for |n| ≤
// MaxBesselOrder (beyond: see MaxBesselOrder).
//
// Special cases are (s = −1 when n is negative and odd, else +1):
//
//	Yn(n, NaN) = NaN
//	Yn(n, ±0) = −s·Inf
//	Yn(n, x < 0) = NaN (-Inf included)
//	Yn(n, +Inf) = s·0
var Yn = &Func{Name: "yn", Arity: 2, eval: func(n, x uint32) evalCase { return besselYEval(int64(int32(n)), x) }}

// MaxBesselOrder is the largest |n| for which Jn and Yn compute J_n(x) and
// Y_n(x) everywhere. Beyond it they answer only where a bound settles the
// rounding (J_n(x) below 2^-200; Y_n(x) below −2^200 for x ≤ 2^10) and
// return NaN elsewhere: the series, the recurrences and Hankel's expansion
// (which needs |n| + 1 terms) all cost in proportion to |n| or worse there.
const MaxBesselOrder = 4096

// signedIval negates v when neg.
func signedIval(v ival, neg bool) ival {
	if neg {
		return v.neg()
	}
	return v
}

func besselJEval(n int64, x uint32) evalCase {
	m := n
	if m < 0 {
		m = -m
	}
	odd := m&1 == 1
	neg := odd && (n < 0) != isNeg(x)
	var sign uint32
	if neg {
		sign = f32.SignMask
	}
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsInf(x):
		return fixed(sign)
	case f32.IsZero(x):
		if m == 0 {
			return exactCase(big.NewFloat(1))
		}
		return fixed(sign)
	}
	ax := Value(x & f32.AbsMask)
	enc := always(func(p uint) ival { return signedIval(besselJ(int(m), ax, p), neg) })
	if m >= 2 {
		// |J_m(x)| ≤ (x/2)^m/m! ≤ (e·x/(2m))^m since m! ≥ (m/e)^m: below
		// 2^-200 the result rounds as ±2^-300. The float64 logarithm's
		// relative error (< 2^-50 on a value < 2^40) is far below the margin.
		xf, _ := ax.Float64()
		if float64(m)*math.Log2(math.E*xf/(2*float64(m))) < -200 {
			if m > MaxBesselOrder {
				enc = nil
			}
			return tinyCase(neg, enc)
		}
	}
	if m > MaxBesselOrder {
		return nanCase
	}
	return zivCase(enc)
}

func besselYEval(n int64, x uint32) evalCase {
	m := n
	if m < 0 {
		m = -m
	}
	flip := n < 0 && m&1 == 1
	var sign uint32
	if flip {
		sign = f32.SignMask
	}
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(f32.NegInfBits ^ sign)
	case isNeg(x):
		return nanCase
	case f32.IsInf(x):
		return fixed(sign)
	}
	ax := Value(x)
	enc := always(func(p uint) ival { return signedIval(besselY(int(m), ax, p), flip) })
	if m > MaxBesselOrder {
		if ax.Cmp(big.NewFloat(1<<10)) <= 0 && besselYHuge(int(m), ax) {
			return hugeCase(!flip, nil)
		}
		return nanCase
	}
	return zivCase(enc)
}

// besselYHuge reports whether Y_n(x) < −2^200 certainly, by the forward
// recurrence Y_{k+1} = (2k/x)·Y_k − Y_{k−1} from Y_0, Y_1 in interval
// arithmetic. Once k ≥ x (so 2k/x ≥ 2) and Y_k ≤ Y_{k−1} ≤ 0, the
// sequence keeps decreasing: Y_{k+1} ≤ 2Y_k − Y_{k−1} ≤ Y_k. So the first such
// k with Y_k < −2^200 proves Y_n < −2^200 for every n ≥ k.
//
// The interval widths grow by at most 1 + √2 per step (q < 2) while k < x,
// so the precision carries 2 bits per unit of x; the loop gives up (false)
// after 4x + 2000 steps, far beyond where Y_k passes −2^200 for x ≤ 2^10.
func besselYHuge(n int, x *big.Float) bool {
	xf, _ := x.Float64()
	p := 128 + 2*uint(math.Ceil(xf))
	lim := pow2(200)
	lim.Neg(lim)
	ym, y := besselY(0, x, p), besselY(1, x, p)
	for k := 1; k < min(n, int(4*xf)+2000); k++ {
		if float64(k) >= xf && x.Cmp(exactInt(int64(k))) <= 0 && y.hi.Cmp(ym.lo) <= 0 && ym.hi.Sign() <= 0 && y.hi.Cmp(lim) < 0 {
			return true
		}
		q, _ := pt(exactInt(int64(2*k))).div(pt(x), p)
		ym, y = y, q.mul(y, p).sub(ym, p)
	}
	return false
}

// besselJ returns an enclosure of J_n(x) for n ≥ 0 and an exact x > 0.
func besselJ(n int, x *big.Float, p uint) ival {
	if j, _, ok := besselHankel(n, x, p, false); ok {
		return j
	}
	j, _ := besselSeries(n, x, p, false)
	return j
}

// besselY returns an enclosure of Y_n(x) for n ≥ 0 and an exact x > 0.
func besselY(n int, x *big.Float, p uint) ival {
	if _, y, ok := besselHankel(n, x, p, true); ok {
		return y
	}
	_, y := besselSeries(n, x, p, true)
	return y
}

// besselSeries returns enclosures of J_n(x) and, when wantY, Y_n(x), for
// n ≥ 0 and an exact x > 0, from the power series (w = x²/4, exact):
//
//	J_n(x) = (x/2)^n·S,  S = Σ_{k≥0} (−w)^k·t_k,  t_k = 1/(k!·(n+k)!)         (DLMF 10.2.2)
//	Y_n(x) = (2/π)·(ln(x/2) + γ)·J_n(x) − (x/2)^-n/π·F − (x/2)^n/π·G           (DLMF 10.8.1)
//	F = Σ_{k<n} (n−k−1)!/k!·w^k,  G = Σ_{k≥0} (H_k + H_{n+k})·(−w)^k·t_k
//
// (10.8.1 with ψ(m+1) = H_m − γ, H_m the harmonic numbers: its −2γ part of
// ψ(k+1) + ψ(n+k+1) joins the logarithm's term.) Truncation: S and G are
// alternating. The ratio of consecutive magnitudes in S is w/((k+1)(n+k+1)),
// decreasing in k, and in G at most twice that (for k ≥ 1, H_k + H_{n+k} ≥ 1
// grows by at most 1/(k+1) + 1/(n+k+1) ≤ 1). So once 2w < (K+1)(n+K+1) with
// K ≥ 1 both tails decrease monotonically, and the remainder after the terms
// k < K is at most the first omitted term: w^K·t_K and (H_K + H_{n+K})·w^K·t_K
// (Leibniz). F is a finite sum.
func besselSeries(n int, x *big.Float, p uint, wantY bool) (j, y ival) {
	xf, _ := x.Float64()
	wp := p + uint(math.Ceil(1.45*xf)) + 48
	half := new(big.Float).SetMantExp(x, -1)                      // x/2, exact
	w := pt(new(big.Float).SetPrec(2*x.Prec()+2).Mul(half, half)) // exact
	wf, _ := w.lo.Float64()
	// t = w^k/(k!(n+k)!) for k = 0.
	t := one()
	for i := 2; i <= n; i++ {
		t = t.divInt(int64(i), wp)
	}
	eps := up(wp).Mul(t.hi, pow2(-int(wp)))
	var hk, hnk ival // H_k, H_{n+k}
	hk = pt(new(big.Float))
	hnk = pt(new(big.Float))
	for i := 1; i <= n; i++ {
		hnk = hnk.add(recipInt(int64(i), wp), wp)
	}
	s := pt(new(big.Float))
	g := pt(new(big.Float))
	for k := 0; ; k++ {
		kf := float64(k)
		if k >= 1 && 2*wf < (kf+1)*(float64(n)+kf+1)*(1-0x1p-40) && t.hi.Cmp(eps) < 0 {
			s = s.widen(t.hi, wp)
			if wantY {
				g = g.widen(up(wp).Mul(t.hi, hk.add(hnk, wp).hi), wp)
			}
			break
		}
		if k%2 == 0 {
			s = s.add(t, wp)
		} else {
			s = s.sub(t, wp)
		}
		if wantY {
			gt := t.mul(hk.add(hnk, wp), wp)
			if k%2 == 0 {
				g = g.add(gt, wp)
			} else {
				g = g.sub(gt, wp)
			}
			hk = hk.add(recipInt(int64(k+1), wp), wp)
			hnk = hnk.add(recipInt(int64(n+k+1), wp), wp)
		}
		t = t.mul(w, wp).divInt(int64(k+1), wp).divInt(int64(n+k+1), wp)
	}
	hn := one() // (x/2)^n
	for range n {
		hn = hn.mulExact(half, wp)
	}
	j = hn.mul(s, wp)
	if !wantY {
		return j, ival{}
	}
	// F = Σ_{k<n} f_k, f_0 = (n−1)!, f_{k+1} = f_k·w/((k+1)(n−k−1)).
	f := pt(new(big.Float))
	if n > 0 {
		fk := one()
		for i := 2; i < n; i++ {
			fk = fk.mulExact(exactInt(int64(i)), wp)
		}
		for k := 0; k < n; k++ {
			f = f.add(fk, wp)
			if k+1 < n {
				fk = fk.mul(w, wp).divInt(int64(k+1), wp).divInt(int64(n-k-1), wp)
			}
		}
	}
	pi := piIval(wp)
	lg := logPoint(half, wp).add(eulerIval(wp), wp)
	a := lg.mul(j, wp).scale(1) // 2·(ln(x/2) + γ)·J_n
	b := hn.mul(g, wp)          // (x/2)^n·G
	if n > 0 {
		fh, _ := f.div(hn, wp) // (x/2)^-n·F
		b = b.add(fh, wp)
	}
	y, _ = a.sub(b, wp).div(pi, wp)
	return j, y
}

// besselHankel returns enclosures of J_n(x) and Y_n(x) for n ≥ 0 and an exact
// x ≥ 16 from Hankel's expansion (DLMF 10.17.3, 10.17.4), or ok = false when
// the expansion does not reach 2^-(p+32) there:
//
//	J_n(x) = √(2/(πx))·(P·cos ω − Q·sin ω),  Y_n(x) = √(2/(πx))·(P·sin ω + Q·cos ω),
//	P = Σ_k (−1)^k u_{2k},  Q = Σ_k (−1)^k u_{2k+1},  u_k = a_k(n)/x^k,
//	a_k(n) = (4n² − 1²)(4n² − 3²)…(4n² − (2k−1)²)/(k!·8^k),  ω = x − (2n+1)π/4.
//
// The terms u_0 … u_{K−1} are summed. By DLMF 10.17(iii) (ν = n ≥ 0, z = x >
// 0), the remainder of P's ℓ = ⌈K/2⌉ terms is at most the first neglected
// term provided ℓ ≥ max(n/2 − 1/4, 1), and that of Q's ℓ' = ⌊K/2⌋ terms
// provided ℓ' ≥ max(n/2 − 3/4, 1); both hold for K ≥ max(n + 1, 2). The
// first neglected terms are u_K and u_{K+1} (one of P, one of Q); K is the
// first index past that bound where both are below 2^-(wp).
//
// With s = sin x and c = cos x: √2·cos(x − π/4) = c + s and √2·sin(x − π/4)
// = s − c, then the rotation by −n·π/2 permutes and negates them; the √2
// joins the amplitude: √(2/(πx))/√2 = 1/√(πx).
func besselHankel(n int, x *big.Float, p uint, wantY bool) (j, y ival, ok bool) {
	if x.Cmp(big.NewFloat(16)) < 0 {
		return ival{}, ival{}, false
	}
	wp := p + 32
	xf, _ := x.Float64()
	kmin := max(n+1, 2)
	kmax := kmin + int(min(4*xf, 1<<20)) + 64
	eps := pow2(-int(wp))
	mu := new(big.Int).Mul(big.NewInt(int64(n)), big.NewInt(int64(4*n))) // 4n²
	u := one()
	pSum, qSum := pt(new(big.Float)), pt(new(big.Float))
	var rem [2]*big.Float
	for k := 0; ; k++ {
		if k >= kmin && u.mag().Cmp(eps) < 0 {
			// u = u_k is below eps; check u_{k+1} too.
			nx := hankelNext(u, mu, k+1, x, wp)
			if nx.mag().Cmp(eps) < 0 {
				rem[k%2] = u.mag()
				rem[(k+1)%2] = nx.mag()
				break
			}
		}
		if k > kmax {
			return ival{}, ival{}, false
		}
		term := u
		if (k/2)%2 == 1 {
			term = u.neg()
		}
		if k%2 == 0 {
			pSum = pSum.add(term, wp)
		} else {
			qSum = qSum.add(term, wp)
		}
		u = hankelNext(u, mu, k+1, x, wp)
	}
	pSum = pSum.widen(rem[0], wp)
	qSum = qSum.widen(rem[1], wp)
	s, c := sinCosPoint(x, wp)
	cs := c.add(s, wp) // √2·cos(x − π/4)
	sn := s.sub(c, wp) // √2·sin(x − π/4)
	// Rotate by −n·π/2: cos(θ − nπ/2), sin(θ − nπ/2).
	switch n % 4 {
	case 1:
		cs, sn = sn, cs.neg()
	case 2:
		cs, sn = cs.neg(), sn.neg()
	case 3:
		cs, sn = sn.neg(), cs
	}
	amp := sqrtIval(piIval(wp).mulExact(x, wp), wp) // √(πx)
	j, _ = pSum.mul(cs, wp).sub(qSum.mul(sn, wp), wp).div(amp, wp)
	if wantY {
		y, _ = pSum.mul(sn, wp).add(qSum.mul(cs, wp), wp).div(amp, wp)
	}
	return j, y, true
}

// hankelNext returns u_k = u_{k−1}·(4n² − (2k−1)²)/(8k·x).
func hankelNext(u ival, mu *big.Int, k int, x *big.Float, p uint) ival {
	d := new(big.Int).Sub(mu, big.NewInt(int64((2*k-1)*(2*k-1))))
	num := pt(new(big.Float).SetInt(d))
	den := pt(new(big.Float).SetPrec(x.Prec()+64).Mul(x, exactInt(int64(8*k)))) // exact
	q, _ := u.mul(num, p).div(den, p)
	return q
}

// eulerIval returns an enclosure of Euler's constant γ.
//
// Method: E1(N) = −γ − ln N + Ein(N), Ein(N) = Σ_{k≥1} (−1)^(k−1)·N^k/(k·k!)
// (DLMF 6.2.3, 6.6.2), and 0 < E1(N) < e^-N·ln(1 + 1/N) < e^-N/N (DLMF
// 6.8.1), so γ ∈ [Ein(N) − ln N − e^-N/N, Ein(N) − ln N]. With N =
// ⌈0.7·(p + 8)⌉, e^-N < 2^-(1.0099·(p+8)) ≤ 2^-(p+8). The series alternates
// and its terms decrease from k = N on (ratio N·k/(k+1)² < 1), so the
// remainder after k < K ≥ N is at most the first omitted term; its terms reach
// e^N, so the sum is formed at p + 1.45·N + 32 bits.
func eulerIval(prec uint) ival {
	return cachedConst('g', prec, func(p uint) ival {
		N := int64(math.Ceil(0.7 * float64(p+8)))
		wp := p + uint(math.Ceil(1.45*float64(N))) + 32
		nb := exactInt(N)
		t := pt(nb) // N^k/k!
		sum := pt(new(big.Float))
		eps := pow2(-int(wp))
		for k := int64(1); ; k++ {
			if k > N && t.hi.Cmp(eps) < 0 {
				sum = sum.widen(up(wp).Quo(t.hi, exactInt(k)), wp)
				break
			}
			term := t.divInt(k, wp)
			if k%2 == 1 {
				sum = sum.add(term, wp)
			} else {
				sum = sum.sub(term, wp)
			}
			t = t.mulExact(nb, wp).divInt(k+1, wp)
		}
		g := sum.sub(logPoint(nb, wp), wp)
		// e^-N/N < 2^-(p+8)/N: subtract [0, 2^-(p+8)].
		return ival{down(wp).Sub(g.lo, pow2(-int(p)-8)), g.hi}
	})
}

// EulerGamma returns an enclosure of Euler's constant γ whose width is at
// most about 2^-prec.
func EulerGamma(prec uint) Interval { return eulerIval(prec).exported() }

// BesselJInterval and BesselYInterval return enclosures of J_n(x) and
// Y_n(x) for n ≥ 0 and an exact x > 0 (tests and table generators).
func BesselJInterval(n int, x *big.Float, prec uint) Interval { return besselJ(n, x, prec).exported() }

// BesselYInterval: see BesselJInterval.
func BesselYInterval(n int, x *big.Float, prec uint) Interval { return besselY(n, x, prec).exported() }

// BesselSeriesInterval and BesselHankelInterval expose the two methods
// separately, for tests that compare them where both apply; ok is false
// where Hankel's expansion does not reach the precision.
func BesselSeriesInterval(n int, x *big.Float, prec uint) (j, y Interval) {
	jj, yy := besselSeries(n, x, prec, true)
	return jj.exported(), yy.exported()
}

// BesselHankelInterval: see BesselSeriesInterval.
func BesselHankelInterval(n int, x *big.Float, prec uint) (j, y Interval, ok bool) {
	jj, yy, ok := besselHankel(n, x, prec, true)
	if !ok {
		return Interval{}, Interval{}, false
	}
	return jj.exported(), yy.exported(), true
}
