package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// Fast kernels of e^x, 2^x and 10^x.
//
// All three reduce to 2^(k/128)·e^s with an integer k and |s| ≤ ln2/256·(1 +
// 2^-40) < 0x1.7p-9, given as a double-double sh + sl, and evaluate that with
// expCore. The tables and split constants come from gen_tables.go.

const (
	expCoreRelErr = 0x1p-66 // relative error of expCore, derived below
	shiftRound    = 0x1.8p52
)

// roundHalf returns round(v) for |v| < 2^51 as an integer: adding 1.5·2^52
// leaves the rounded integer in the low bits (the usual shifter trick;
// ties go to even, which is as good as any rounding here).
func roundHalf(v float64) int {
	return int(int32(math.Float64bits(v + shiftRound)))
}

// expCore returns 2^(k/128)·e^(sh+sl) as a double-double for |k| < 2^15,
// |sh| < 0x1.7p-9, |sl| ≤ 2^-45, with relative error at most expCoreRelErr =
// 2^-66 (not counting an error already present in sh + sl).
//
// With T = 2^(j/128) = th + tl (j = k mod 128, |tl| ≤ 2^-53·th, th + tl within
// 2^-106·T), q = e^sh − 1 − sh = sh²·(1/2 + sh/6 + … + sh⁵/5040) up to sh⁸/8!
// < 2^-83, and e^sl = 1 + sl + δ, |δ| ≤ sl² < 2^-90:
//
//	p = e^(sh+sl) − 1 = sh + q + sl·(1 + sh + q) + O(2^-89)
//	T·(1+p) = th + th·sh + [th·(q + sl·(1 + sh + q)) + tl·(1 + sh)] (+ tl·q < 2^-70·th)
//
// th·sh is split exactly (twoProd) and th + a exactly (fastTwoSum, |a| <
// th). Errors, with |q| ≤ sh²·0.501 < 2^-18: q's Horner evaluation ≤ 3.5·2^-53·|q|
// < 2^-69.3; rounding the bracket's inner sum ≤ 2^-53·(|q| + 2|sl|) < 2^-71;
// the product by th < 2 ≤ 2^-70; the small sum (|terms| ≤ 2^-50·th) ≤ 2^-100;
// the final addition ≤ 2^-53·|lo| ≤ 2^-70; the omitted tl·q ≤ 2^-70·th. Their sum
// is below 2^-67·th, and the result is at least 0.997·th: relative error < 2^-66.
func expCore(k int, sh, sl float64) (hi, lo float64) {
	j := k & 127
	e := k >> 7 // floor division
	th, tl := expTab[j][0], expTab[j][1]
	q := float64(sh*sh) * (0.5 + sh*(1.0/6+sh*(1.0/24+sh*(1.0/120+sh*(1.0/720+sh*(1.0/5040))))))
	a, ae := twoProd(th, sh)
	s, se := fastTwoSum(th, a)
	lo = th*(q+sl*((1+sh)+q)) + (((se + ae) + tl) + tl*sh)
	s, lo = fastTwoSum(s, lo) // normalize: |lo| < 2^-16·s before, exact
	// 2^e is a normal float64 for every k used here (|e| < 2^8).
	sc := math.Float64frombits(uint64(e+1023) << 52)
	return s * sc, lo * sc
}

// expReduce returns k and s = sh + sl with t = k·ln2/128 + s for a float64 t
// with at most 25 significant bits and |t| < 177 (so |k| < 2^15).
//
// r1 = t − k·ln2N1 is exact: k·ln2N1 is exact (37 + 15 bits) and a multiple of
// 2^-44 (ln2N1's last bit); for k ≠ 0, |t| ≥ ln2/256·(1 − 2^-40) > 2^-9, so t (25
// bits) is a multiple of 2^-33; |r1| < 2^-8: r1 is a multiple of 2^-44 below
// 2^36·2^-44, representable. Then s = r1 − k·ln2N2 is formed exactly by twoProd
// and twoSum, and the split constant's own error, |k|·|ln2N1 + ln2N2 −
// ln2/128| ≤ 2^15·2^-98, is the only error: |s − (t − k·ln2/128)| ≤ 2^-83.
func expReduce(t float64) (k int, sh, sl float64) {
	k = roundHalf(t * invLn2N)
	kf := float64(k)
	r1 := t - kf*ln2N1
	p, pe := twoProd(kf, ln2N2)
	sh, s2 := twoSum(r1, -p)
	return k, sh, s2 - pe
}

// expOutside returns e^t for the Value of results outside the binary32 range,
// where only their order of magnitude matters to Err: +Inf beyond the float64
// range, 0 below it (math.Exp is not called there), math.Exp in between
// (fdlibm's bound: < 1 ulp; with t = x·ln b rounded, relative error ≤
// |t|·2^-52 < 2^-42; TestExpOutside checks 2^-42). Go's amd64 math.Exp
// overflows below the float64 limit (at about 709.44), so e^t = e^(t−16)·e^16
// above 700.
func expOutside(t float64) float64 {
	switch {
	case t > 709.78:
		return math.Inf(1)
	case t < -745.2:
		return 0
	case t > 700:
		return math.Exp(t-16) * e16
	}
	return math.Exp(t)
}

var e16 = math.Exp(16)

// expSpecial handles the special cases shared by the exponentials.
//
// Special cases are:
//
//	f(NaN) = NaN
//	f(+Inf) = +Inf
//	f(-Inf) = +0
//	f(±0) = 1
func expSpecial(x uint32) (kres, bool) {
	switch {
	case f32.IsNaN(x):
		return exactRes(math.NaN()), true
	case x == f32.InfBits:
		return exactRes(math.Inf(1)), true
	case x == f32.NegInfBits:
		return exactRes(0), true
	case f32.IsZero(x):
		return exactRes(1), true
	}
	return kres{}, false
}

// expKernel: e^x.
//
//	x > 100: e^x > 2^144, rounds as 2^200 (Value: expOutside)
//	x < -110: 0 < e^x < 2^-158, rounds as 2^-300 (Value: expOutside)
//	|x| < 2^-40: e^x = 1 + x + δ, 0 ≤ δ ≤ x²·0.51 < 2^-40.9·|x|: err = 2^-40·|x|
//	otherwise: expReduce(x), expCore; relative error ≤ 2^-66 + 2^-83/0.99 < 2^-65.9
func expKernel(x uint32) kres {
	// The common classes first, on the encoding: 0 < |x| < 2^-40 and |x| > 100
	// (NaN and ±Inf included) make up 82% of all inputs.
	ax := x & f32.AbsMask
	if ax-1 < 0x2b800000-1 { // 0 < |x| < 2^-40
		xf := float64(math.Float32frombits(x))
		return kres{v: DD{1, xf}, err: 0x1p-40 * math.Abs(xf)}
	}
	if r, ok := expSpecial(x); ok {
		return r
	}
	xf := float64(math.Float32frombits(x))
	switch {
	case xf > 100:
		return kres{v: DD{expOutside(xf), 0}, rep: 0x1p200}
	case xf < -110:
		return kres{v: DD{expOutside(xf), 0}, rep: 0x1p-300}
	}
	k, sh, sl := expReduce(xf)
	hi, lo := expCore(k, sh, sl)
	return kres{v: DD{hi, lo}, err: 0x1.01p-66 * hi}
}

// exp2Kernel: 2^x.
//
//	x > 130: rounds as 2^200; x < -160: rounds as 2^-300 (Value: expOutside)
//	x an integer: 2^x exactly
//	|x| < 2^-40: 2^x = 1 + x·ln2 + δ, δ < 2^-41·|x|; x·ln2Hi has relative error
//	  ≤ 2^-53 + 2^-106: err = 2^-40·|x|
//	otherwise: k = round(128·x) (exact), r = x − k/128 exact (|r| ≤ 2^-8, x has 24
//	  bits), s = r·ln2 as twoProd(r, ln2Hi) + r·ln2Lo with error ≤ 2^-106·|s| +
//	  2^-53·|r·ln2Lo| < 2^-110; expCore: relative error < 2^-65.9
func exp2Kernel(x uint32) kres {
	if r, ok := expSpecial(x); ok {
		return r
	}
	xf := float64(math.Float32frombits(x))
	switch ax := math.Abs(xf); {
	case xf > 130:
		return kres{v: DD{expOutside(xf * ln2Hi), 0}, rep: 0x1p200}
	case xf < -160:
		return kres{v: DD{expOutside(xf * ln2Hi), 0}, rep: 0x1p-300}
	case xf == math.Trunc(xf):
		return exactRes(math.Ldexp(1, int(xf)))
	case ax < 0x1p-40:
		return kres{v: DD{1, xf * ln2Hi}, err: 0x1p-40 * ax}
	}
	k := roundHalf(xf * 128)
	r := xf - float64(k)*(1.0/128)
	sh, e1 := twoProd(r, ln2Hi)
	sl := e1 + r*ln2Lo
	hi, lo := expCore(k, sh, sl)
	return kres{v: DD{hi, lo}, err: 0x1.01p-66 * hi}
}

// pow10Exact[n] = 10^n, the powers of ten that are binary32 numbers (n ≤ 10:
// 10^n = 5^n·2^n and 5^10 < 2^24).
var pow10Exact = func() (p [11]float64) {
	v := 1.0
	for n := range p {
		p[n] = v
		v *= 10 // exact: integers below 2^53
	}
	return p
}()

// exp10Kernel: 10^x.
//
//	x > 40: 10^x > 2^132, rounds as 2^200; x < -50: rounds as 2^-300 (Value: expOutside)
//	x an integer in [0, 10]: 10^x exactly (other integers give exact values that
//	  are never rounding boundaries, and non-integers irrational values)
//	|x| < 2^-40: 10^x = 1 + x·ln10 + δ, δ < 2.7·x² < 2^-38.5·|x|: err = 2^-38·|x|
//	otherwise: k = round(x·128·log2(10)), r = x − k·log10(2)/128 with the same
//	  exactness argument as expReduce (lg2N1 has 37 bits, its last of weight
//	  2^-45; |k| < 2^15; for k ≠ 0, |x| > 2^-10, a multiple of 2^-33): |r − (x − k·lg2/128)| ≤ 2^-83; s = r·ln10 as a double-double
//	  product, error ≤ 2^-104·|s| + 2.31·2^-83 < 2^-81; expCore: < 2^-65.9
func exp10Kernel(x uint32) kres {
	if r, ok := expSpecial(x); ok {
		return r
	}
	xf := float64(math.Float32frombits(x))
	switch ax := math.Abs(xf); {
	case xf > 40:
		return kres{v: DD{expOutside(xf * ln10Hi), 0}, rep: 0x1p200}
	case xf < -50:
		return kres{v: DD{expOutside(xf * ln10Hi), 0}, rep: 0x1p-300}
	case xf >= 0 && xf <= 10 && xf == math.Trunc(xf):
		return exactRes(pow10Exact[int(xf)])
	case ax < 0x1p-40:
		return kres{v: DD{1, xf * ln10Hi}, err: 0x1p-38 * ax}
	}
	k := roundHalf(xf * log2of10N)
	kf := float64(k)
	r1 := xf - kf*lg2N1
	p, pe := twoProd(kf, lg2N2)
	rh, rt := twoSum(r1, -p)
	rl := rt - pe
	sh, e1 := twoProd(rh, ln10Hi)
	sl := e1 + (rh*ln10Lo + rl*ln10Hi)
	hi, lo := expCore(k, sh, sl)
	return kres{v: DD{hi, lo}, err: 0x1.01p-66 * hi}
}

// expClasses are the classes of an exponential's kernel that evalRun1 fills
// a run of consecutive inputs of in one pass (expRun): beyond the binary32
// range (the kernel's rep cases), NaN, and 0 < |x| < 2^-40 (in RN).
type expClasses struct {
	c float64 // t = x·c is the exponent of e (1, ln2Hi, ln10Hi)
	// over and under are the encodings of the kernel's thresholds: x above
	// over rounds as 2^200, x below −under as 2^-300.
	over, under uint32
}

var (
	expRunExp   = expClasses{1, 0x42c80000, 0x42dc0000}      // 100, 110
	expRunExp2  = expClasses{ln2Hi, 0x43020000, 0x43200000}  // 130, 160
	expRunExp10 = expClasses{ln10Hi, 0x42200000, 0x42480000} // 40, 50
	tinyExpEnc  = uint32(0x2b800000)                         // 2^-40
)

// run fills want and val for the inputs x0, x0+1, … (at least one, one
// sign: x0 and the last input agree in bit 31) and returns true when they
// all lie in one of the classes below, giving exactly what the kernel and
// its rounding in mode m give (never a fallback); it returns false
// otherwise. Within a sign the encodings are ordered by magnitude, so the
// class of the ends is the class of the run.
//
//	NaN: NaN, rounding to the canonical NaN (expSpecial).
//	x > over (+Inf excluded): the kernel's rep 2^200, Value expOutside(x·c).
//	x < −under (−Inf excluded): rep 2^-300, Value expOutside(x·c).
//	0 < |x| < 2^-40, RN only: Value 1 + x·c (kernel: DD{1, x·c}), and f(x)
//	  = 1 + d with |d| < 2^-39 (the kernel's err bound is ≤ 2^-38·|x|
//	  around |x·c| < 2.31·2^-40): inside (1 − 2^-25, 1 + 2^-24), the half-ulp
//	  neighbourhood of 1 that RN sends to 1 (the midpoint below 1 is 1 −
//	  2^-25, ulp(1⁻) being 2^-24), as decideRN finds.
func (e *expClasses) run(x0 uint32, m rounding.Mode, want []uint32, val []DD) bool {
	n := len(want)
	val = val[:n]
	a0, a1 := x0&f32.AbsMask, (x0+uint32(n-1))&f32.AbsMask
	neg := x0&f32.SignMask != 0
	var w uint32
	switch {
	case a0 > f32.InfBits: // NaN
		w = f32.CanonicalNaNBits
		v := DD{math.NaN(), 0}
		for i := range val {
			val[i] = v
		}
	case !neg && a0 > e.over && a1 < f32.InfBits:
		w = round64(0x1p200, m)
		for i := range val {
			val[i] = DD{expOutside(float64(math.Float32frombits(x0+uint32(i))) * e.c), 0}
		}
	case neg && a0 > e.under && a1 < f32.InfBits:
		w = round64(0x1p-300, m)
		for i := range val {
			val[i] = DD{expOutside(float64(math.Float32frombits(x0+uint32(i))) * e.c), 0}
		}
	case m == rounding.RN && a0 != 0 && a1 < tinyExpEnc:
		w = f32.OneBits
		for i := range val {
			val[i] = DD{1, float64(math.Float32frombits(x0+uint32(i))) * e.c}
		}
	default:
		return false
	}
	for i := range want {
		want[i] = w
	}
	return true
}
