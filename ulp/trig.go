package ulp

import (
	"math"
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// Fast kernels of sin, cos and tan.
//
// Argument reduction (Payne–Hanek in integer arithmetic, as CORE-MATH's
// sinf): |x| = m·2^e with m < 2^24 an integer. The bits of 2/π of weight
// 2^(1−e) and below, taken as a 128-bit window W (bits of weight ≥ 2^(2−e)
// contribute multiples of 4 to x·2/π and are dropped), give
//
//	x·2/π mod 4 = m·W·2^-126 mod 4 = (m·W mod 2^128)·2^-126,
//
// with the bits of 2/π below the window contributing less than m·2^-126 <
// 2^-102. In units of π/32 (×16): |x|·32/π mod 64 has its integer part in
// the top 6 bits of P = m·W mod 2^128 and its fraction in the other 122, with
// absolute error < 2^-98. Rounding to the nearest integer k leaves f ∈
// [−1/2, 1/2), and r = f·π/32, |r| ≤ π/64 < 2^-4.3.
//
// Then sin(|x|) = sin(jπ/32 + r) with j = k mod 64, evaluated by sinK; cos
// |x| = sin(|x| + π/2) uses j + 16.

// reduce returns j = k mod 64 and r = rh + rl with |x| = k·π/32 + r + ρ,
// |ρ| ≤ 2^-101 + 2^-104·|r|, for a finite |x| ≥ 2^-5 (ax, as bits).
//
// The conversion of the signed 128-bit fraction to a double-double: G = F/2
// (arithmetic shift; loses 2^-128), f = G·2^-127 with hi64 = G's top word in
// [−2^62, 2^62): fh = RN(hi64), rem = hi64 − fh exact, fl = (rem·2^64 + lo64)·2^-127
// with error < 2^-106 in f. r = f·π/32: twoProd(fh, piOver32Hi) plus
// fh·piOver32Lo + fl·piOver32Hi, relative error ≤ 2^-104 plus the table error
// 2^-106; the reduction error 2^-98 in f is 2^-98·π/32 < 2^-101.3 in r.
func reduce(ax uint32) (j int, rh, rl float64) {
	b := int(ax >> f32.FracBits)
	m := uint64(ax&f32.FracMask | f32.HiddenBit) // |x| ≥ 2^-5: normal
	e := b - f32.Bias - f32.FracBits             // |x| = m·2^e, e ∈ [−28, 104]
	pos := 62 + e                                // bit position of weight 2^(1−e) in twoOverPi
	w, sh := pos>>6, uint(pos&63)
	w0, w1, w2 := twoOverPi[w], twoOverPi[w+1], twoOverPi[w+2]
	whi, wlo := w0, w1
	if sh != 0 {
		whi = w0<<sh | w1>>(64-sh)
		wlo = w1<<sh | w2>>(64-sh)
	}
	h1, l1 := bits.Mul64(m, wlo)
	_, l0 := bits.Mul64(m, whi)
	phi, plo := l0+h1, l1 // P = m·W mod 2^128
	k := int(phi >> 58)
	fhi, flo := phi<<6|plo>>58, plo<<6 // F = fraction of |x|·32/π, scaled by 2^128
	if fhi>>63 != 0 {
		k++ // round up: F as a signed number is the fraction − 1
	}
	// G = F/2 as a signed 128-bit number.
	ghi := int64(fhi) >> 1
	glo := fhi<<63 | flo>>1
	fh := float64(ghi)
	rem := ghi - int64(fh)
	fl := (float64(rem)*0x1p64 + float64(glo)) * 0x1p-127
	fh *= 0x1p-63
	rh, e1 := twoProd(fh, piOver32Hi)
	rl = e1 + (fh*piOver32Lo + fl*piOver32Hi)
	return k & 63, rh, rl
}

// sinK returns sin(jπ/32 + r) as a double-double with its error bound, for
// r = rh + rl (|r| ≤ π/64 + 2^-100) known within eR.
//
// With S = sin(jπ/32), C = cos(jπ/32) = sin((j+16)π/32) from sinTab (errors
// 2^-106), z = RN(rh²):
//
//	cm = cos(r) − 1 ≈ z·(−1/2 + z/24 − z²/720 + z³/40320) − rh·rl
//	sr = sin(r) − r ≈ rh·z·(−1/6 + z/120 − z²/5040 + z³/362880)
//	sin x = S·(1 + cm) + C·(rh + rl + sr)
//	      = [Sh + Ch·rh] + Sh·cm + (Ch·(rl + sr) + Sl + Cl·rh + tails)
//
// Ch·rh and Sh + p are exact (twoProd, twoSum). Error terms: cos truncation
// z⁵/10! < 2^-65.3 and the rl² and rl·rh³ terms < 2^-100; the Horner of cm
// ≤ 4·2^-53·|cm| + 2^-53·|z|/2 (z's rounding); Sh·cm rounding ≤ 2^-53·|Sh·cm|;
// the omitted Sl·cm ≤ 2^-53·|Sh|·|cm|: all together ≤ |Sh|·(8·2^-53·|cm| + 2^-65.3),
// taken as |Sh|·(2^-49·|cm| + 2^-65).
// sr: truncation rh·z⁵/11! < 2^-68·|r|, Horner ≤ 4·2^-53·|sr| < 2^-62·|r|, the
// rl·cm term < 2^-60·|r|·|cm|, and the roundings of the small sum and of the
// final addition ≤ 2^-53·(|lo|) ≤ 2^-53·(|Sh·cm| + 2^-11|r|): ≤ 2^-60·|r| +
// 2^-53·|Sh·cm|, already counted. With eR ≤ 2^-101 + 2^-104·|r|:
//
//	err = |Sh|·(2^-49·|cm| + 2^-65) + 2^-60·|rh| + 2^-100
func sinK(j int, rh, rl float64) (hi, lo, err float64) {
	sh, sl := sinTab[j][0], sinTab[j][1]
	ch, cl := sinTab[(j+16)&63][0], sinTab[(j+16)&63][1]
	z := float64(rh * rh)
	cm := z*(-0.5+z*(1.0/24+z*(-1.0/720+z*(1.0/40320)))) - rh*rl
	sr := float64(rh*z) * (-1.0/6 + z*(1.0/120+z*(-1.0/5040+z*(1.0/362880))))
	p, pe := twoProd(ch, rh)
	hi, he := twoSum(sh, p)
	lo = sh*cm + (((he + pe) + ch*(rl+sr)) + (sl + cl*rh))
	hi, lo = fastTwoSum(hi, lo) // normalize, exact: |lo| < |hi|
	err = math.Abs(sh)*(0x1p-49*math.Abs(cm)+0x1p-65) + 0x1p-60*math.Abs(rh) + 0x1p-100
	return hi, lo, err
}

// trigSpecial handles the special cases of sin, cos and tan.
//
// Special cases are:
//
//	f(NaN) = NaN
//	f(±Inf) = NaN
//	sin(±0) = ±0, tan(±0) = ±0, cos(±0) = 1
func trigSpecial(x uint32, cos bool) (kres, bool) {
	switch {
	case f32.IsNaN(x), f32.IsInf(x):
		return exactRes(math.NaN()), true
	case f32.IsZero(x):
		if cos {
			return exactRes(1), true
		}
		return exactRes(float64(math.Float32frombits(x))), true
	}
	return kres{}, false
}

const trigTiny = 0x1p-12 // below: direct Taylor polynomials

// sinKernel: sin x.
//
//	|x| < 2^-12: sin x = x − x³/6 + x⁵/120 − …; lo = x³·(−1/6 + x²/120) with
//	  truncation ≤ |x|⁷/5040 < 2^-60·|x|³ and rounding ≤ 4·2^-53·|x|³/6:
//	  err = 2^-52·|x|³ (x³ ≥ 2^-447 does not underflow)
//	|x| < 2^-5: j = 0, r = x exactly
//	otherwise: reduce, sinK
func sinKernel(x uint32) kres {
	if r, ok := trigSpecial(x, false); ok {
		return r
	}
	xf := float64(math.Float32frombits(x))
	ax := x & f32.AbsMask
	if math.Abs(xf) < trigTiny {
		x2 := xf * xf
		x3 := float64(xf * x2)
		return kres{v: DD{xf, x3 * (-1.0/6 + x2*(1.0/120))}, err: 0x1p-52 * math.Abs(x3)}
	}
	j, rh, rl := 0, math.Abs(xf), 0.0
	if math.Abs(xf) >= 0x1p-5 {
		j, rh, rl = reduce(ax)
	}
	hi, lo, err := sinK(j, rh, rl)
	if xf < 0 {
		hi, lo = -hi, -lo
	}
	return kres{v: DD{hi, lo}, err: err}
}

// cosKernel: cos x = cos |x|.
//
//	|x| < 2^-12: cos x = 1 − x²/2 + x⁴/24 − …, truncation ≤ x⁶/720 < 2^-81·x²,
//	  rounding of lo ≤ 2^-52·x²/2: err = 2^-52·x²
//	otherwise: sinK with j + 16
func cosKernel(x uint32) kres {
	if r, ok := trigSpecial(x, true); ok {
		return r
	}
	xf := float64(math.Float32frombits(x))
	ax := math.Abs(xf)
	if ax < trigTiny {
		x2 := xf * xf
		return kres{v: DD{1, x2 * (-0.5 + x2*(1.0/24))}, err: 0x1p-52 * x2}
	}
	j, rh, rl := 0, ax, 0.0
	if ax >= 0x1p-5 {
		j, rh, rl = reduce(x & f32.AbsMask)
	}
	hi, lo, err := sinK((j+16)&63, rh, rl)
	return kres{v: DD{hi, lo}, err: err}
}

// tanKernel: tan x = sin x / cos x.
//
//	|x| < 2^-12: tan x = x + x³/3 + 2x⁵/15 + …, truncation ≤ 17|x|⁷/315·1.01 <
//	  2^-52·|x|³, rounding ≤ 4·2^-53·|x|³/3: err = 2^-51·|x|³
//	otherwise: n = sinK(j), d = sinK(j+16) with errors en, ed; the quotient as a
//	  double-double (q = nh/dh, the remainder nh − q·dh exact by FMA), relative
//	  error ≤ (en/|n| + ed/|d|)·(1 + 2^-50) + 2^-100, |n| ≥ |nh|·(1 − 2^-50) − en.
func tanKernel(x uint32) kres {
	if r, ok := trigSpecial(x, false); ok {
		return r
	}
	xf := float64(math.Float32frombits(x))
	ax := math.Abs(xf)
	if ax < trigTiny {
		x2 := xf * xf
		x3 := float64(xf * x2)
		return kres{v: DD{xf, x3 * (1.0/3 + x2*(2.0/15))}, err: 0x1p-51 * math.Abs(x3)}
	}
	j, rh, rl := 0, ax, 0.0
	if ax >= 0x1p-5 {
		j, rh, rl = reduce(x & f32.AbsMask)
	}
	nh, nl, en := sinK(j, rh, rl)
	dh, dl, ed := sinK((j+16)&63, rh, rl)
	q := nh / dh
	rem := math.FMA(-q, dh, nh) + (nl - q*dl)
	ql := rem / dh
	rel := (en/(math.Abs(nh)*(1-0x1p-50)-en)+ed/(math.Abs(dh)*(1-0x1p-50)-ed))*(1+0x1p-50) + 0x1p-100
	if !(rel < 0x1p-40) { // a denominator too close to 0: let the oracle decide
		rel = math.Inf(1)
	}
	if xf < 0 {
		q, ql = -q, -ql
	}
	return kres{v: DD{q, ql}, err: rel * math.Abs(q)}
}
