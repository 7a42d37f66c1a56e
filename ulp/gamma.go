package ulp

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
)

// References of ln|Γ(x)| and Γ(x): float64 kernels with the error bounds
// proved below, internal/oracle's Ziv loops (Stirling's expansion with its
// remainder bound, the shift and the reflection) as the fallback.
//
// u = 2^-53 is the unit roundoff. math.Log is FreeBSD's fdlibm ("error <
// 1 ulp": at most 2u relative, as inv.go takes it; amd64's assembly has the
// same algorithm and constants). math.Exp is fdlibm's too, except on amd64
// and arm64, where Go uses SLEEF's method without a stated bound: tgamma's
// kernel allows it 2^-49 relative, 16 times fdlibm's, and TestRefProperty
// checks every bound against a 256-bit enclosure on each input it draws.

// Lgamma is the reference of ln|Γ(x)|.
//
// Special cases are:
//
//	Lgamma(NaN) = NaN
//	Lgamma(±Inf) = +Inf
//	Lgamma(x) = +Inf for x = ±0 and the negative integers
//	Lgamma(1) = Lgamma(2) = +0
//
// Value: relative error < 2^-36 (the kernel asks the oracle for a narrow
// enclosure where its own bound is wider, next to the zeros of ln|Γ|
// between −2 and −11).
var Lgamma = &Ref{name: "lgamma", arity: 1, modes: rnOnly, valueBits: 36, orc: oracle.Lgamma, k1: lgammaKernel}

// Tgamma is the reference of Γ(x).
//
// Special cases are:
//
//	Tgamma(NaN) = NaN
//	Tgamma(+Inf) = +Inf
//	Tgamma(-Inf) = NaN
//	Tgamma(±0) = ±Inf
//	Tgamma(x) = NaN for the negative integers
//
// Value: relative error < 2^-38.
var Tgamma = &Ref{name: "tgamma", arity: 1, modes: rnOnly, valueBits: 38, orc: oracle.Tgamma, k1: tgammaKernel}

func init() { refs = append(refs, Lgamma, Tgamma) }

// lnGammaOne and lnGammaTwo are the Taylor coefficients of ln Γ(1+t) and
// ln Γ(2+t) in t (DLMF 5.7.3): c1 = −γ, c_k = (−1)^k·ζ(k)/k, and d1 = 1 − γ,
// d_k = (−1)^k·(ζ(k) − 1)/k for k ≥ 2, each the float64 nearest the
// midpoint of a 120-bit enclosure of ζ(k) (oracle.ZetaInterval), so within
// u of its exact value (relative); γ is eulerGamma. TestLgammaTaylor checks
// the series against the oracle.
var lnGammaOne, lnGammaTwo = lnGammaCoefs()

// eulerGamma is γ rounded to float64 (0x1.2788cfc6fb619p-01; OEIS A001620:
// 0.57721566490153286060651209…).
const eulerGamma = 0x1.2788cfc6fb619p-01

const (
	lgOneTerms = 32 // ln Γ(1+t), |t| ≤ 1/4: remainder ≤ ζ(33)/33·4^-33/(1 − 1/4) < 2^-70
	lgTwoTerms = 24 // ln Γ(2+t), |t| ≤ 1/4: remainder ≤ (ζ(25)−1)/25·4^-25·(4/3) < 2^-78
)

func lnGammaCoefs() (c1, c2 []float64) {
	c1 = make([]float64, lgOneTerms+1)
	c2 = make([]float64, lgTwoTerms+1)
	c1[1], c2[1] = -eulerGamma, 1-eulerGamma // 1 − γ: exact subtraction of a float64 in [1/2, 1) from 1 (Sterbenz)
	for k := 2; k <= lgOneTerms; k++ {
		z := oracle.ZetaInterval(k, 120)
		mid := new(big.Float).SetPrec(200).Add(z.Lo, z.Hi)
		mid.Quo(mid, big.NewFloat(float64(2*k)))
		v, _ := mid.Float64()
		mid.Sub(mid, new(big.Float).SetPrec(200).Quo(big.NewFloat(1), big.NewFloat(float64(k))))
		w, _ := mid.Float64()
		if k%2 == 1 {
			v, w = -v, -w
		}
		c1[k] = v
		if k <= lgTwoTerms {
			c2[k] = w
		}
	}
	return c1, c2
}

// taylorLnGamma evaluates t·Σ c_k·t^(k−1) by Horner's rule, for |t| ≤ 1/4.
// The rounding error is at most γ_2K·Σ|c_k|·|t|^k ≤ 2K·u·1.01·0.9·|t| <
// 2^-47·|t| with K ≤ 32 (the sums Σ|c_k|·4^(1−k) are below 0.9 for both
// tables), the coefficients' own errors add u·0.9·|t|, and the remainder
// after K terms is below |t|·4^-K·(4/3)/(K+1) < 2^-68·|t| (ζ(k) ≤ 1.0001
// there): err = 2^-45·|t| covers the sum. |ln Γ(1+t)| ≥ 0.39·|t| and
// |ln Γ(2+t)| ≥ 0.33·|t| on |t| ≤ 1/4, so the relative error is below
// 2^-43.4, with no cancellation at the zeros t = 0.
func taylorLnGamma(c []float64, t float64) (v, err float64) {
	p := c[len(c)-1]
	for k := len(c) - 2; k >= 1; k-- {
		p = float64(p*t) + c[k]
	}
	return float64(p * t), 0x1p-45 * math.Abs(t)
}

// stirlingCoef are B_2k/(2k(2k−1)), k = 1…8 (1/12, −1/360, 1/1260, …), rounded.
var stirlingCoef = [...]float64{1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360, 1.0 / 156, -3617.0 / 122400}

// lnGammaF64 returns ln Γ(a) and an absolute error bound for a float32 value
// a > 0 (as float64).
//
// a ≥ 8: Stirling's expansion with the 8 terms of stirlingCoef, remainder
// ≤ |B_18|/(18·17·a^17) = 0.18·a^-17 < 2^-53. With l = math.Log(a) (error
// ≤ 2u·l), b = a − 1/2 (exact below 2^52, else one rounding), m = b·l, m −
// a, + ln(2π)/2 and + the series (|series| < 0.011, its own error below
// 20u·0.011), at most 8 roundings or equivalents of u·M each, M = |m| + a
// + 1 bounding every partial result: err = 2^-49·M.
//
// a < 8: the shift ln Γ(a) = ln Γ(a+n) − ln P, P = a(a+1)···(a+n−1), n ≤
// 8 (the first n with fl(n + a) ≥ 8). Each factor j + a and each product
// rounds once (relative γ_16 ≤ 16.1u on P), math.Log adds 2u·|ln P|; z =
// fl(n + a) is within u·9 of n + a, and ln Γ's slope on [8 − 8u, 9] is
// below 2.2, which adds 20u; the final subtraction rounds once. (z ≥ 8 − 8u
// keeps Stirling's remainder below u.)
func lnGammaF64(a float64) (v, err float64) {
	if a >= 8 {
		l := math.Log(a)
		m := float64((a - 0.5) * l)
		r := 1 / a
		r2 := float64(r * r)
		s := stirlingCoef[7]
		for k := 6; k >= 0; k-- {
			s = float64(s*r2) + stirlingCoef[k]
		}
		s = float64(s * r)
		v = m - a + 0x1.d67f1c864beb5p-01 + s // ln(2π)/2 = 0.9189385332046727…
		return v, 0x1p-49 * (math.Abs(m) + a + 1)
	}
	p := a
	j := 1.0
	for ; j+a < 8; j++ {
		p = float64(p * (j + a))
	}
	z := j + a
	lz, ez := lnGammaF64(z)
	lp := math.Log(p)
	v = lz - lp
	return v, ez + 0x1p-53*(20+16.2+2*math.Abs(lp)+math.Abs(v)+1)
}

// lnGammaNegF64 returns ln|Γ(x)| and an absolute error bound for a
// negative non-integer float32 x = −a (|x| < 2^23), by the reflection
// ln|Γ(x)| = ln π − ln(a·sin πg) − ln Γ(a), g = |a − rint(a)| ≤ 1/2 exact.
// gammaSinPi's relative error is at most 128u, the product a·sin adds u,
// math.Log 2u·|ln T|, ln π's rounding u and the two subtractions u each of
// their results.
func lnGammaNegF64(a float64) (v, err float64) {
	g := math.Abs(a - math.RoundToEven(a))
	t := float64(a * gammaSinPi(g))
	lt := math.Log(t)
	la, ea := lnGammaF64(a)
	const lnPi = 0x1.250d048e7a1bdp+00 // ln π = 1.1447298858494002…
	v = lnPi - lt - la
	return v, ea + 0x1p-53*(132+2*math.Abs(lt)+2+2*(lnPi+math.Abs(lt)+math.Abs(v)))
}

// gammaSinPi returns sin(π·g) for 0 ≤ g ≤ 1/2 with relative error below
// 128u: y = π·g (π rounded, and the product: 2.01u relative, which moves
// sin y by at most 2.01u·y·cot(y) ≤ 2.01u relative), then the Taylor
// polynomial Σ_{k<13} (−1)^k y^(2k+1)/(2k+1)! by the nested form p = 1 −
// p·y²/((2k)(2k+1)): its remainder is below (π/2)^27/27! < 2^-75 relative
// to sin y ≥ 2y/π; its 36 roundings (3 a step) and y²'s (5u relative)
// cost at most (36u + 5u·1.5)·sinh(y)/sin(y) ≤ 44u·2.3 relative, and the
// final product by y u more.
func gammaSinPi(g float64) float64 {
	y := float64(math.Pi * g)
	y2 := float64(y * y)
	p := 1.0
	for k := 12; k >= 1; k-- {
		p = 1 - float64(float64(p*y2)/float64((2*k)*(2*k+1)))
	}
	return float64(p * y)
}

// lgammaRefine replaces a kernel result whose bound exceeds 2^-36 of its
// value by the midpoint of the oracle's enclosure at 96 bits, or 192 if that
// one is wider than 2^-40 of its value (rare: within about 2^-8 of the zeros
// of ln|Γ| at negative x; for x > 0 the bounds stay below 2^-40).
func lgammaRefine(x uint32, v, err float64) kres {
	if err <= 0x1p-36*math.Abs(v) {
		return kres{v: DD{v, 0}, err: err}
	}
	k := kres{v: DD{v, 0}, err: err}
	for _, p := range []uint{96, 192} {
		iv, ok := oracle.Lgamma.Enclose(x, 0, p)
		if !ok {
			return k
		}
		k = lgammaDD(iv)
		if k.err <= 0x1p-40*math.Abs(k.v.Hi) {
			break
		}
	}
	return k
}

// lgammaDD returns the midpoint of an enclosure as a DD and a bound
// covering the half-width and the DD's own rounding (2^-104 relative).
func lgammaDD(iv oracle.Interval) kres {
	mid := new(big.Float).SetPrec(256).Add(iv.Lo, iv.Hi)
	mid.SetMantExp(mid, -1)
	hi, _ := mid.Float64()
	lo, _ := new(big.Float).SetPrec(256).Sub(mid, big.NewFloat(hi)).Float64()
	w, _ := new(big.Float).SetPrec(64).SetMode(big.AwayFromZero).Sub(iv.Hi, iv.Lo).Float64()
	return kres{v: DD{hi, lo}, err: w + 0x1p-104*math.Abs(hi)}
}

// lgammaKernel: ln|Γ(x)|: the Taylor series near 1 and 2 (|x − 1|, |x − 2|
// ≤ 1/4, no cancellation at the zeros), lnGammaF64 elsewhere for x > 0,
// the reflection for x < 0; x > 2^124 rounds as 2^200 (the oracle's
// bound).
func lgammaKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN())
	case f32.IsInf(x), f32.IsZero(x):
		return exactRes(math.Inf(1))
	}
	a := f64of(x & f32.AbsMask)
	if x&f32.SignMask != 0 {
		if a == math.Floor(a) {
			return exactRes(math.Inf(1))
		}
		v, err := lnGammaNegF64(a)
		return lgammaRefine(x, v, err)
	}
	switch {
	case a == 1 || a == 2:
		return exactRes(0)
	case a > 0x1p124:
		return kres{v: DD{math.Inf(1), 0}, rep: 0x1p200}
	case math.Abs(a-1) <= 0.25:
		v, err := taylorLnGamma(lnGammaOne, a-1) // a − 1 exact (Sterbenz)
		return kres{v: DD{v, 0}, err: err}
	case math.Abs(a-2) <= 0.25:
		v, err := taylorLnGamma(lnGammaTwo, a-2) // a − 2 exact (Sterbenz)
		return kres{v: DD{v, 0}, err: err}
	}
	v, err := lnGammaF64(a)
	return lgammaRefine(x, v, err)
}

// tgammaKernel: Γ(x) = ±exp(ln|Γ(x)|). An absolute error e of the
// logarithm becomes a relative error below e·1.01, and math.Exp adds 2^-49
// (see the top of this file); the
// integers 1…35 take the factorial's product instead (exact up to 19, at
// most n roundings beyond). x > 36 and 0 < |x| < 2^-130 round as ±2^200,
// x < −50 as ±2^-300 (the oracle's bounds).
func tgammaKernel(x uint32) kres {
	switch {
	case f32.IsNaN(x), x == f32.NegInfBits:
		return exactRes(math.NaN())
	case x == f32.InfBits:
		return exactRes(math.Inf(1))
	case f32.IsZero(x):
		return exactRes(math.Copysign(math.Inf(1), f64of(x)))
	}
	a := f64of(x & f32.AbsMask)
	if x&f32.SignMask != 0 {
		fl := math.Floor(a)
		if a == fl {
			return exactRes(math.NaN())
		}
		sign := -1.0 // (−1)^(⌊a⌋+1)
		if math.Mod(fl, 2) == 1 {
			sign = 1
		}
		if a > 50 {
			return kres{v: DD{0, 0}, rep: sign * 0x1p-300}
		}
		if a < 0x1p-130 {
			return kres{v: DD{math.Inf(-1), 0}, rep: -0x1p200}
		}
		l, e := lnGammaNegF64(a)
		v := sign * math.Exp(l)
		return kres{v: DD{v, 0}, err: (1.01*e + 0x1p-49) * math.Abs(v)}
	}
	switch {
	case a > 36 || a < 0x1p-130:
		return kres{v: DD{math.Inf(1), 0}, rep: 0x1p200}
	case a == math.Floor(a):
		f := 1.0
		for k := 2.0; k < a; k++ {
			f *= k
		}
		if a <= 19 {
			return exactRes(f)
		}
		return kres{v: DD{f, 0}, err: a * 0x1p-53 * f}
	}
	var l, e float64
	switch {
	case math.Abs(a-1) <= 0.25:
		l, e = taylorLnGamma(lnGammaOne, a-1)
	case math.Abs(a-2) <= 0.25:
		l, e = taylorLnGamma(lnGammaTwo, a-2)
	default:
		l, e = lnGammaF64(a)
	}
	v := math.Exp(l)
	return kres{v: DD{v, 0}, err: (1.01*e + 0x1p-49) * v}
}
