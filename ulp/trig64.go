package ulp

import (
	"math"
	"math/big"
	"math/bits"
)

// Binary64 kernels of sin, cos, tan, sin(πx) and cos(πx).
//
// x is reduced to x = 2π·N + j·π/32 + s with an integer j (mod 64) and |s| ≤
// π/64·(1 + 2^-190): |x| < π/64 gives j = 0, s = x; otherwise Payne–Hanek
// in integer arithmetic (reduceTwoPi). Then, with S_j = sin(jπ/32) and C_j =
// cos(jπ/32) = S_{j+16} (sinTab, gen_tables.go, within 2^-105 relatively;
// 0 and ±1 exact),
//
//	sin x = S_j·cos s + C_j·sin s,   cos x = C_j·cos s − S_j·sin s,
//
// sin s and cos s by their Taylor polynomials (sinCosSeries). Where S_j or
// C_j is 0 the sum is a single term, so results near the zeros of sin and
// cos keep their relative accuracy; elsewhere |sin x| and |cos x| exceed
// sin(π/64) > 2^-4.4, and the absolute errors (about 2^-104) are relatively
// small.

var (
	sinCof = ratTable(16, func(k int64) *big.Rat { return signedRecipFact(2*k+1, k) })
	cosCof = ratTable(16, func(k int64) *big.Rat { return signedRecipFact(2*k, k) })
)

// signedRecipFact returns (−1)^k/n!.
func signedRecipFact(n, k int64) *big.Rat {
	r := new(big.Rat).SetFrac(big.NewInt(1), factorial(n))
	if k%2 == 1 {
		r.Neg(r)
	}
	return r
}

// sinCosSeries returns sin s and cos s for an xdd s within 2^-4.3 of 0.
//
// sin s = s·Σ_{k<K} (−w)^k/(2k+1)!, cos s = Σ_{k<K} (−w)^k/(2k)! (w = s²):
// alternating series whose terms decrease (w < 1), so each remainder is at
// most its first omitted term: ρ^(2K)/(2K+1)! relative to |s| for sin,
// ρ^(2K)/(2K)! for cos (ρ ≥ |s| over s's enclosure). K is the least with
// ρ^(2K)/(2K)! below 2^-112 (estimated in float64; the bound added is
// computed for the K chosen, from a lower bound of (2K)!).
func sinCosSeries(s xdd) (sin, cos xdd) {
	rho := (math.Abs(s.hi) + math.Abs(s.lo) + s.err) * errUp
	w := s.sqr()
	k, term := 1, rho*rho/2
	for term > 0x1p-112 && k < len(sinCof) {
		k++
		term *= rho * rho / float64((2*k-1)*(2*k))
	}
	rk := math.Pow(rho, float64(2*k)) / fact(2*k) * errUp
	sin = xpoly(w, sinCof[:k])
	sin.err += rk
	sin = sin.mul(s)
	cos = xpoly(w, cosCof[:k])
	cos.err += rk
	return sin, cos
}

// fact returns n! rounded down a little (a lower bound, for remainder
// bounds): float64 products of integers, each rounding by at most 2^-53.
func fact(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	return f * (1 - 0x1p-48)
}

// reduceTwoPi returns j and s with |x| = 2π·N + j·π/32 + s (N an integer, 0 ≤
// j < 64) for a finite |x| ≥ π/64 (Payne–Hanek).
//
// |x| = m·2^E with m < 2^53 an integer. With B = 1/(2π) = Σ_{i≥1} b_i·2^-i
// (invTwoPi), |x|/(2π) = m·2^E·B; the bits b_i with i ≤ E contribute
// integers, which do not change j; the next 256 bits, W = Σ_{E<i≤E+256}
// b_i·2^(E+256−i), give m·W·2^-256, whose fractional part F = (m·W mod
// 2^256)·2^-256 differs from frac(|x|/(2π)) by less than m·2^E·2^-(E+256) <
// 2^-203 (the omitted bits), and F underestimates it. Then 64·F = j + f,
// f ∈ [−1/2, 1/2) (j rounded to nearest), and s = f·π/32: the truncation
// leaves |s − (|x| − 2πN − jπ/32)| < 2^-203·64·π/32 < 2^-200. f is read off
// the fixed-point word to 128 significant bits (error < 2^-127·|f|),
// rounded to a double-double (hi exact, lo within 2^-53·|lo|).
func reduceTwoPi(ax float64) (j int, s xdd) {
	b := math.Float64bits(ax)
	m := b&fracMask64 | 1<<52
	E := int(b>>52) - 1023 - 52
	// Window of 256 bits of B starting at bit E+1, from invTwoPi (word 0
	// is padding for E+1 ≤ 0: E ≥ −57 here).
	var w [4]uint64
	start := E + 1 + 64 // bit index into invTwoPi counted from bit 1 of word 0
	for k := range w {
		w[k] = bitsAt(start - 1 + 64*k)
	}
	// m·W mod 2^256: w[0] is the most significant word.
	var f [4]uint64
	var carry uint64
	for k := 3; k >= 0; k-- {
		hi, lo := bits.Mul64(m, w[k])
		var c uint64
		f[k], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	// 64·F = j + f: j = the top 6 bits; the rest is f ∈ [0, 1), recentred.
	j = int(f[0] >> 58)
	f[0] &= 1<<58 - 1
	neg := false
	if f[0]>>57 != 0 { // f ≥ 1/2: f − 1, and j + 1
		j = (j + 1) & 63
		neg = true
		// two's complement of the 250-bit fraction: 2^250 − f
		var br uint64
		for k := 3; k >= 0; k-- {
			f[k], br = bits.Sub64(0, f[k], br)
		}
		f[0] &= 1<<58 - 1
	}
	// |f| = N·2^-250 for the 256-bit N = f[0..3] (f[0] most significant).
	// With L its leading zeros, the top 128 bits of N·2^L are H = hi·2^64 +
	// lo (bit 127 set) and |f| = H·2^(−122−L) + t, 0 ≤ t < 2^(−122−L):
	// relatively below 2^-127. H is split as h (the top 53 bits, exact) +
	// l (the other 75: fl(lo) errs by ≤ 2^11, the sum by ≤ 2^22; H ≥ 2^127):
	// relatively below 2^-104.9 in all.
	L := 0
	for _, w := range f {
		L += bits.LeadingZeros64(w)
		if w != 0 {
			break
		}
	}
	if L == 256 {
		return j, xdd{0, 0, 0x1p-200}
	}
	hi, lo := shiftField(f, L)
	h := float64(hi&^(1<<11-1)) * 0x1p64
	l := float64(hi&(1<<11-1))*0x1p64 + float64(lo)
	hh, ll := fastTwoSum(h, l)
	sc := -122 - L
	v := xdd{math.Ldexp(hh, sc), math.Ldexp(ll, sc), 0}
	v.err = math.Abs(v.hi) * 0x1p-104
	if neg {
		v = v.neg()
	}
	s = v.mul(xconst(piOver32Hi, piOver32Lo, 0x1p-105))
	s.err += 0x1p-200
	return j, s
}

// bitsAt returns the 64 bits of invTwoPi starting at bit index i (bit 0 is
// the most significant bit of word 0); bits past the table are 0.
func bitsAt(i int) uint64 {
	w, o := i/64, uint(i%64)
	word := func(k int) uint64 {
		if k < 0 || k >= len(invTwoPi) {
			return 0
		}
		return invTwoPi[k]
	}
	if o == 0 {
		return word(w)
	}
	return word(w)<<o | word(w+1)>>(64-o)
}

// shiftField returns the top 128 bits of the 256-bit number f (f[0] most
// significant) shifted left by sh bits.
func shiftField(f [4]uint64, sh int) (hi, lo uint64) {
	g := func(i int) uint64 { // bits [64i, 64i+64) of f << sh
		bit := 64*i + sh
		w, o := bit/64, uint(bit%64)
		get := func(k int) uint64 {
			if k >= 4 {
				return 0
			}
			return f[k]
		}
		if o == 0 {
			return get(w)
		}
		return get(w)<<o | get(w+1)>>(64-o)
	}
	return g(0), g(1)
}

// trigReduce returns j and s for a finite x (see the file comment), with the
// sign of x folded into j and s: x = 2πN + jπ/32 + s.
func trigReduce(x float64) (j int, s xdd) {
	ax := math.Abs(x)
	if ax < math.Pi/64 {
		return 0, xexact(x)
	}
	j, s = reduceTwoPi(ax)
	if x < 0 {
		return (64 - j) & 63, s.neg()
	}
	return j, s
}

// sinCosJ returns sin(jπ/32 + s) and cos(jπ/32 + s).
func sinCosJ(j int, s xdd) (sin, cos xdd) {
	ss, cs := sinCosSeries(s)
	sj, cj := sinTab[j&63], sinTab[(j+16)&63]
	S := xconst(sj[0], sj[1], 0x1p-105)
	C := xconst(cj[0], cj[1], 0x1p-105)
	switch {
	case sj[0] == 0:
		return ss.mulD(cj[0]), cs.mulD(cj[0]) // C_j = ±1
	case cj[0] == 0:
		return cs.mulD(sj[0]), ss.mulD(-sj[0]) // S_j = ±1
	}
	return S.mul(cs).add(C.mul(ss)), C.mul(cs).sub(S.mul(ss))
}

// trigSpecial64 handles the special cases of sin, cos and tan.
//
// Special cases are:
//
//	f(NaN) = NaN
//	f(±Inf) = NaN
//	sin(±0) = ±0, tan(±0) = ±0, cos(±0) = 1
func trigSpecial64(x float64, zero float64) (kres64, bool) {
	switch {
	case x != x || math.IsInf(x, 0):
		return exact64(math.NaN()), true
	case x == 0:
		return exact64(zero), true
	}
	return kres64{}, false
}

// sinKernel64: sin x.
//
//	|x| < 2^-26: x − x³/6 + … : x − ε·sign(x) (x²/6 < 2^-54.5)
//	otherwise: trigReduce, sinCosJ
func sinKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := trigSpecial64(xf, xf); ok {
		return r
	}
	if math.Abs(xf) < 0x1p-26 {
		return sided(xf, -sign8(xf))
	}
	s, _ := sinCosJ(trigReduce(xf))
	return kres64{v: s}
}

// cosKernel64: cos x.
//
//	|x| < 2^-27: 1 − x²/2 + … : 1 − ε (x²/2 < 2^-55)
//	otherwise: trigReduce, sinCosJ
func cosKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := trigSpecial64(xf, 1); ok {
		return r
	}
	if math.Abs(xf) < 0x1p-27 {
		return sided(1, -1)
	}
	_, c := sinCosJ(trigReduce(xf))
	return kres64{v: c}
}

// tanKernel64: tan x.
//
//	|x| < 2^-27: x + x³/3 + … : x + ε·sign(x) (x²/3 < 2^-55.5)
//	otherwise: sin/cos (xdd.div; near the poles cos keeps its relative
//	  accuracy, see the file comment)
func tanKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := trigSpecial64(xf, xf); ok {
		return r
	}
	if math.Abs(xf) < 0x1p-27 {
		return sided(xf, sign8(xf))
	}
	s, c := sinCosJ(trigReduce(xf))
	return kres64{v: s.div(c)}
}

// Sin(πx) and cos(πx): x' = x mod 2 (math.Mod is exact), 32·x' = n + g with
// n = round(32x') and g = 32x' − n exact (32x' is exact, |32x'| < 64, and g
// is its fraction bits), |g| ≤ 1/2; πx ≡ n·π/32 + g·π/32 (mod 2π), j = n mod
// 64, s = g·(π/32) (mulD). g = 0 with n a multiple of 16 (2x an integer)
// gives the exact ±0, ±1 of the oracle's table (elem_trigpi.go); other
// multiples of 1/32 give irrational values. Tiny |x| < 2^-900 are scaled by
// 2^600 first (sin πx = πx·(1 − (πx)²/6 + …): the relative error (πx)² <
// 2^-1796 is added), so that the subnormal results keep their precision.

func trigPiReduce(x float64) (j int, s xdd, exact bool) {
	t := 32 * math.Mod(x, 2)
	n := math.RoundToEven(t)
	g := t - n
	j = int(n) & 63
	if g == 0 {
		return j, xdd{}, j%16 == 0
	}
	return j, xconst(piOver32Hi, piOver32Lo, 0x1p-105).mulD(g), false
}

// sinpiKernel64: sin(πx), with the special cases of the oracle's Sinpi.
func sinpiKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := trigSpecial64(xf, xf); ok {
		return r
	}
	if math.Abs(xf) < 0x1p-900 {
		v := xconst(piOver32Hi, piOver32Lo, 0x1p-105).mulD(xf * 0x1p605) // π·x·2^600
		v.err += math.Abs(v.hi) * 0x1p-1790
		return kres64{v: v, scale: -600}
	}
	j, s, ex := trigPiReduce(xf)
	if ex {
		v := sinTab[j][0]
		if v == 0 {
			v = math.Copysign(0, xf) // sinpi(n) = ±0 with the sign of x
		}
		return exact64(v)
	}
	sn, _ := sinCosJ(j, s)
	return kres64{v: sn}
}

// cospiKernel64: cos(πx), with the special cases of the oracle's Cospi.
func cospiKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := trigSpecial64(xf, 1); ok {
		return r
	}
	if math.Abs(xf) < 0x1p-30 {
		return sided(1, -1) // 1 − (πx)²/2 + …, (πx)²/2 < 2^-56
	}
	j, s, ex := trigPiReduce(xf)
	if ex {
		return exact64(sinTab[(j+16)&63][0] + 0) // +0 for the zeros
	}
	_, c := sinCosJ(j, s)
	return kres64{v: c}
}
