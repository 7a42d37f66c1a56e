package fp

import "math"

// CUDA's double gamma functions (issue 18): lgamma and tgamma follow
// kernels lgamma_ and tgamma_ of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88,
// sm_90) and the function __internal_lgamma_pos they call, with the host's
// float64 arithmetic for their binary64 operations as in lib64_exp.go.
// ptxas contracts none of their mul/add. Their logarithms are kernel log_'s
// (log64Core, with its -fmad=false form of one fma and its .ftz zero test),
// and the sine of the reflection formula is CUDA's sin polynomial pair on
// __cudart_sin_cos_coeffs (gammaSinpi64; a private copy here, as the double
// sin and cos are ported on another branch).

// lgammaPos64 is __internal_lgamma_pos: ln Γ(a) for a ≥ 0 (+Inf included):
// -ln(a + a²·p(a)) below 0.7, polynomials in 1 − a and a − 2 below 3, a
// rational function of a − 3 below 8, and Stirling's series above.
func lgammaPos64(a float64, ftz, noFMAD bool) float64 {
	h := int32(math.Float64bits(a) >> 32)
	switch {
	case h > 0x401fffff: // a ≥ 8
		l := log64Core(a, ftz, noFMAD)
		rc := erfRcp64(a)
		r2 := float64(rc * rc)
		// ln(a)/2: the high word less one in the exponent.
		lh := math.Float64frombits(math.Float64bits(l) - 0x100000<<32)
		d := a + -0.5
		p := math.FMA(-0x1.ac321034783f9p-10, r2, 0x1.b68b992738fbfp-11)
		p = math.FMA(p, r2, -0x1.380d01e4f7b8cp-11)
		p = math.FMA(p, r2, 0x1.a019fa29f7264p-11)
		p = math.FMA(p, r2, -0x1.6c16c16b2acecp-09)
		p = math.FMA(p, r2, 0x1.5555555555545p-04)
		q := math.FMA(p, rc, 0x1.d67f1c864beaep-01)
		y := math.FMA(lh, d, q) + math.FMA(lh, d, -a)
		if a == math.Inf(1) {
			return a
		}
		return y
	case h > 0x4007ffff: // a ≥ 3
		w := a + -3
		n := math.FMA(-0x1.f7040bb18fb05p+11, w, -0x1.22b7730207ef3p+18)
		n = math.FMA(n, w, -0x1.85a0db81de7d0p+22)
		n = math.FMA(n, w, -0x1.a992b8ba94677p+25)
		n = math.FMA(n, w, -0x1.ac5cb6957cc20p+27)
		n = math.FMA(n, w, -0x1.c0e2b308774bep+28)
		n = math.FMA(n, w, -0x1.6ba13dcae7f67p+29)
		n = math.FMA(n, w, -0x1.cf33b9c3d120cp+29)
		d := math.FMA(w+-0x1.ff62e0be189fep+09, w, -0x1.074face10c93fp+17)
		d = math.FMA(d, w, -0x1.1b662f8d75791p+22)
		d = math.FMA(d, w, -0x1.ee64ab4d207f7p+25)
		d = math.FMA(d, w, -0x1.9051687c9951ap+28)
		d = math.FMA(d, w, -0x1.2b866bf0b853dp+30)
		d = math.FMA(d, w, -0x1.4e2130e9dc133p+30)
		return w + n/d
	case h > 0x3ff7ffff: // a ≥ 1.5
		w := a + -2
		p := math.FMA(0x1.52636124338b3p-27, w, -0x1.1fa71d78c0ee2p-24)
		p = math.FMA(p, w, 0x1.d111f31e61306p-23)
		p = math.FMA(p, w, -0x1.0502bbe1b2706p-21)
		p = math.FMA(p, w, 0x1.06850b2970292p-20)
		p = math.FMA(p, w, -0x1.108474875033dp-19)
		p = math.FMA(p, w, 0x1.24accc62909dcp-18)
		p = math.FMA(p, w, -0x1.3cb25209e63bep-17)
		p = math.FMA(p, w, 0x1.581cbbc8cdc7bp-16)
		p = math.FMA(p, w, -0x1.78e04b85c7597p-15)
		p = math.FMA(p, w, 0x1.a12730cf45051p-14)
		p = math.FMA(p, w, -0x1.d3fd354062012p-13)
		p = math.FMA(p, w, 0x1.0b36b0b4de323p-11)
		p = math.FMA(p, w, -0x1.38ac5c6d0317ap-10)
		p = math.FMA(p, w, 0x1.7add6eaab19fcp-09)
		p = math.FMA(p, w, -0x1.e404fc20e4d5bp-08)
		p = math.FMA(p, w, 0x1.51322ac7da390p-06)
		p = math.FMA(p, w, -0x1.13e001a5578a3p-04)
		p = math.FMA(p, w, 0x1.4a34cc4a60fa3p-02)
		p = math.FMA(p, w, 0x1.b0ee6072093cfp-02)
		return float64(w * p)
	case h > 0x3fe66665: // a ≥ 0.7
		w := 1 - a
		p := math.FMA(0x1.81f6d2a4c4310p-07, w, 0x1.3eb504359eb88p-05)
		p = math.FMA(p, w, 0x1.e35d8deb06317p-05)
		p = math.FMA(p, w, 0x1.ed469a8b6eccep-05)
		p = math.FMA(p, w, 0x1.cc1b1c357befep-05)
		p = math.FMA(p, w, 0x1.d7154db67f79fp-05)
		p = math.FMA(p, w, 0x1.fcc622cf2f7bbp-05)
		p = math.FMA(p, w, 0x1.11747a4d1cc43p-04)
		p = math.FMA(p, w, 0x1.24ce16a21b8acp-04)
		p = math.FMA(p, w, 0x1.3b1c21a7bcb00p-04)
		p = math.FMA(p, w, 0x1.556723452ed57p-04)
		p = math.FMA(p, w, 0x1.748c00891544fp-04)
		p = math.FMA(p, w, 0x1.9a0207808cf40p-04)
		p = math.FMA(p, w, 0x1.c80673b8ae26bp-04)
		p = math.FMA(p, w, 0x1.010b364b7e555p-03)
		p = math.FMA(p, w, 0x1.2703a1d239658p-03)
		p = math.FMA(p, w, 0x1.5b40cb1137e6ep-03)
		p = math.FMA(p, w, 0x1.a8b9c17ac4f03p-03)
		p = math.FMA(p, w, 0x1.151322ac7cb52p-02)
		p = math.FMA(p, w, 0x1.9a4d55beab1d4p-02)
		p = math.FMA(p, w, 0x1.a51a6625307d6p-01)
		p = math.FMA(p, w, 0x1.2788cfc6fb619p-01)
		return float64(w * p)
	}
	p := math.FMA(-0x1.844988bfe6590p-24, a, 0x1.7b77ceb0625e8p-21)
	p = math.FMA(p, a, -0x1.98c69c8710cc4p-22)
	p = math.FMA(p, a, -0x1.6527a5a11cf6ep-16)
	p = math.FMA(p, a, 0x1.0ec2950b1b5dep-13)
	p = math.FMA(p, a, -0x1.c4d80c24ba278p-13)
	p = math.FMA(p, a, -0x1.315b4e8cc0d09p-10)
	p = math.FMA(p, a, 0x1.d917f15d50020p-08)
	p = math.FMA(p, a, -0x1.3b4abb41cb6fap-07)
	p = math.FMA(p, a, -0x1.59af1275b7120p-05)
	p = math.FMA(p, a, 0x1.5512321a168a0p-03)
	p = math.FMA(p, a, -0x1.5815e8fdce74cp-05)
	p = math.FMA(p, a, -0x1.4fcf4026add1ap-01)
	p = math.FMA(p, a, 0x1.2788cfc6fb5c8p-01)
	return negDADD(log64Core(math.FMA(float64(p*a), a, a), ftz, noFMAD))
}

// gammaSinpi64 returns sin(π·x) for |x| ≥ 2^-63 as kernels lgamma_ and
// tgamma_ compute it: k = rint(2x) (cvt.rni.f64.f64 of x with its exponent
// incremented), r = π·(x − k/2) as an fma with π = hi + lo, and the sin
// (k even) or cos (k odd) polynomial of __cudart_sin_cos_coeffs, negated
// when k&2 is set: the double sine's trig64Quadrant.
func gammaSinpi64(x float64) float64 {
	k := math.RoundToEven(x + x)
	r := math.FMA(-k, 0.5, x)
	r = math.FMA(r, 0x1.921fb54442d18p+01, float64(r*0x1.1a62633145c07p-53))
	return trig64Quadrant(r, uint32(int64(k)))
}

// Lgamma returns the natural logarithm of |Γ(x)| as CUDA's lgamma computes
// it under fl.
//
// Special cases are:
//
//	Lgamma(±Inf) = +Inf
//	Lgamma(NaN) = NaN: x quieted, sign and payload kept
//	Lgamma(x) = +Inf for x a non-positive integer, -0 included
//	Lgamma(1) = Lgamma(2) = +0
//
// Accuracy: bit-exact with the H100's lgamma (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "4 (outside interval -23.0001
// … -2.2637; larger inside)".
//
// Flags: none changes the result. -ftz=true and -use_fast_math give the
// zero tests of its logarithms' special paths their .ftz forms, but those
// see only +0 and +Inf; -fmad=false changes one fma of each logarithm
// (log64Core) to mul.rn and add.rn, and the golden data shows no result
// that changes.
func (fl Flags) Lgamma(x float64) float64 { return lgamma64(x, fl.FTZ, fl.NoFMAD) }

// Lgamma returns lgamma(x) under nvcc's default flags (Flags{}.Lgamma).
func Lgamma(x float64) float64 { return lgamma64(x, false, false) }

func lgamma64(x float64, ftz, noFMAD bool) float64 {
	a := math.Abs(x)
	if a != a {
		return quiet64(x)
	}
	y := lgammaPos64(a, ftz, noFMAD)
	if math.Float64bits(x)>>63 == 0 {
		return y
	}
	if a == math.Trunc(a) {
		return math.Inf(1)
	}
	if math.Float64bits(a)>>32 < 0x3c000000 { // a < 2^-63: -ln a
		return negDADD(log64Core(a, ftz, noFMAD))
	}
	// Reflection: ln|Γ(x)| = ln(π/(a·|sin πa|)) − ln Γ(a).
	return log64Core(math.Pi/float64(a*math.Abs(gammaSinpi64(a))), ftz, noFMAD) - y
}

// tgamma64Poly is kernel tgamma_'s polynomial 1/Γ(1+w) ≈ 1 + w·(…) for
// |w| ≤ 1/2.
func tgamma64Poly(w float64) float64 {
	p := math.FMA(0x1.81b4960fcf5c9p-28, w, -0x1.af7049ae8a594p-23)
	p = math.FMA(p, w, 0x1.301d46d4b22f5p-20)
	p = math.FMA(p, w, -0x1.50272aeed0fc4p-20)
	p = math.FMA(p, w, -0x1.51ce1a40516f8p-16)
	p = math.FMA(p, w, 0x1.0c8aa7419084cp-13)
	p = math.FMA(p, w, -0x1.c3650196bad8ap-13)
	p = math.FMA(p, w, -0x1.31711365a3e26p-10)
	p = math.FMA(p, w, 0x1.d919c52a7df35p-08)
	p = math.FMA(p, w, -0x1.3b4af28386f4dp-07)
	p = math.FMA(p, w, -0x1.59af103c37b4dp-05)
	p = math.FMA(p, w, 0x1.5512320b439efp-03)
	p = math.FMA(p, w, -0x1.5815e8fa26f4fp-05)
	p = math.FMA(p, w, -0x1.4fcf4026afa2bp-01)
	p = math.FMA(p, w, 0x1.2788cfc6fb619p-01)
	return math.FMA(p, w, 1)
}

// tgamma64Stirling is kernel tgamma_'s Stirling series 1 + r·s(r) in
// r = 1/a, returned as r·s(r) for the caller's fma.
func tgamma64Stirling(r float64) float64 {
	p := math.FMA(-0x1.4bee47c38a637p-09, r, 0x1.3c25da81303d5p-08)
	p = math.FMA(p, r, -0x1.b7c37a96cfc72p-09)
	p = math.FMA(p, r, 0x1.5a85abde1e324p-12)
	p = math.FMA(p, r, 0x1.a8b28f07b3f05p-11)
	p = math.FMA(p, r, -0x1.a15d1d45a282fp-15)
	p = math.FMA(p, r, -0x1.367d3468cb5bep-11)
	p = math.FMA(p, r, 0x1.2471b0e9f1005p-14)
	p = math.FMA(p, r, 0x1.9b1004744d5c4p-11)
	p = math.FMA(p, r, -0x1.e13ce69ab4b7fp-13)
	p = math.FMA(p, r, -0x1.5f7268ecf8a01p-09)
	p = math.FMA(p, r, 0x1.c71c71c71ace0p-09)
	p = math.FMA(p, r, 0x1.5555555555556p-04)
	return float64(r * p)
}

// Tgamma returns the gamma function Γ(x) as CUDA's tgamma computes it
// under fl.
//
// Special cases are:
//
//	Tgamma(+Inf) = +Inf
//	Tgamma(±0) = ±Inf
//	Tgamma(x) = NaN (0xfff8000000000000) for x a negative integer, -Inf included
//	Tgamma(NaN) = NaN: x quieted, sign and payload kept
//	Tgamma(x) = +Inf for x ≥ 0x1.573fae561f648p+07 (≈ 171.62437695630274)
//	Tgamma(x) = ±0 for x ≤ -185 (the sign of Γ(x))
//
// Accuracy: bit-exact with the H100's tgamma (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "10 (full range)".
//
// Flags: none changes the result. -ftz=true and -use_fast_math give its
// range tests on x's high word (read as a float32) their .ftz forms: a high
// word that reads as a float32 subnormal belongs to |x| < 2^-1014, on the
// same side of every threshold flushed or not. -fmad=false changes three
// fmas of its double-double logarithm (log64DD) to mul.rn and add.rn, and
// the golden data shows no result that changes.
func (fl Flags) Tgamma(x float64) float64 { return tgamma64(x, fl.NoFMAD) }

// Tgamma returns tgamma(x) under nvcc's default flags (Flags{}.Tgamma).
func Tgamma(x float64) float64 { return tgamma64(x, false) }

func tgamma64(x float64, noFMAD bool) float64 {
	f := hiWordF32(x) // the float32 of the range tests
	switch {
	case x != x:
		return quiet64(x)
	case x >= 0 && f < 2.25: // 0 ≤ x < 4: (x−1)(x−2)… / (1/Γ(1+w))
		num, z := 1.0, x
		if f >= 0x1.18p+01 { // x ≥ 3.5
			num = math.FMA(x, 1, -1)
			z = x + -1
		}
		if f >= 0x1.08p+01 { // x ≥ 2.5
			num = math.FMA(z, num, -num)
			z += -1
		}
		if f >= 0x1.fp+00 { // x ≥ 1.5
			num = math.FMA(z, num, -num)
			z += -1
		}
		if f >= 0x1.cp+00 { // x ≥ 0.5
			return num / tgamma64Poly(z+-1)
		}
		return num / float64(x*tgamma64Poly(z))
	case x >= 0: // x ≥ 4: √(2π)·x^(x−1/2)·e^−x·(1 + s(1/x))
		lh, ll := log64DD(x, noFMAD)
		d := x + -0.5
		ph := float64(lh * d)
		pl := math.FMA(ll, d, math.FMA(lh, d, -ph))
		th := ph + pl
		tl := pl + (ph - th)
		// (x − 1/2)·ln x − x as (e, el).
		u := th - x
		v := tl + ((th - u) - x)
		e := u + v
		el := v + (u - e)
		t := math.FMA(e, exp64Log2e, exp64Shifter)
		k := int32(uint32(math.Float64bits(t)))
		kf := t - exp64Shifter
		r := math.FMA(kf, -exp64Ln2Hi, e)
		r = math.FMA(kf, -exp64Ln2Lo, r)
		g := exp64Scale(exp64Poly(r), k, e, hiAbs64(e), 0x4086232b, 0x40874800)
		g = math.FMA(el, g, g)
		g = math.FMA(g, 0x1.40d931ff62706p+01, float64(g*-0x1.a6a0d6f814637p-53))
		y := math.FMA(tgamma64Stirling(erfRcp64(x)), g, g)
		if x >= 0x1.573fae561f648p+07 {
			return math.Inf(1)
		}
		return y
	case math.Trunc(x) == x: // a negative integer or -Inf
		return math.Float64frombits(0xfff8000000000000)
	case f > -2.25: // -4 < x < 0: 1/(x(x+1)…·(1/Γ(1+z)))
		acc, z := x, x
		if !(f > -0x1.18p+01) { // x ≤ -3.5
			acc = math.FMA(x, x, x)
			z = x + 1
		}
		if !(f > -0x1.08p+01) { // x ≤ -2.5
			acc = math.FMA(z, acc, acc)
			z++
		}
		if !(f > -0x1.fp+00) { // x ≤ -1.5
			acc = math.FMA(z, acc, acc)
			z++
		}
		if !(f > -0x1.cp+00) { // x ≤ -0.5
			acc = math.FMA(z, acc, acc)
			z++
		}
		return 1 / float64(acc*tgamma64Poly(z)) // rcp.rn.f64
	case f > -0x1.ce4p+01: // -185 < x ≤ -4: reflection
		return tgamma64Reflect(x, f, noFMAD)
	}
	// x ≤ -185: ±0 with the sign of Γ(x), (−1)^⌈x⌉.
	fl := math.Floor(x)
	if fl-(math.Floor(float64(fl*0.5))+math.Floor(float64(fl*0.5))) == 1 {
		return math.Copysign(0, -1)
	}
	return 0
}

// tgamma64Reflect is kernel tgamma_ for -185 < x ≤ -4: Γ(x) = −π/(a·sin(πa)·Γ(a))
// with a = −x, Γ(a) by Stirling's formula with a^(a−1/2) from
// __internal_accurate_pow (powAccurate), split in two factors below -143
// so that neither overflows.
func tgamma64Reflect(x float64, f float32, noFMAD bool) float64 {
	sn := gammaSinpi64(x)
	a := math.Abs(x)
	// e^a = p·2^n, the scale split in two when |n| ≥ 1023.
	t := math.FMA(a, exp64Log2e, exp64Shifter)
	n := int32(uint32(math.Float64bits(t)))
	kf := t - exp64Shifter
	rr := math.FMA(kf, -exp64Ln2Hi, a)
	rr = math.FMA(kf, -exp64Ln2Lo, rr)
	e := exp64Poly(rr)
	sh := uint32(n)<<20 + 0x3ff00000
	if n >= 1023 || n <= -1023 {
		m := uint32(n + 2046)
		lo := m << 19 & 0xfff00000
		sh = m<<20 - lo
		e = float64(e * math.Float64frombits(uint64(lo)<<32))
	}
	e = float64(e * math.Float64frombits(uint64(sh)<<32))
	// √(2π)/2·e^a / (a·sin(πx)·(1 + s(1/a))).
	num := math.FMA(e, 0x1.40d931ff62706p+00, float64(e*-0x1.a6a0d6f814637p-54))
	q := num / float64(a*math.FMA(tgamma64Stirling(erfRcp64(a)), sn, sn))
	h := a + -0.5
	if !(f > -0x1.c3c8p+01) { // x ≤ -143: a^−(a−1/2)/2 twice
		h = math.Float64frombits(math.Float64bits(h) - 0x100000<<32)
	}
	pw := powAccurate(a, negDADD(h), noFMAD)
	if f <= -0x1.c3c8p+01 {
		q = float64(q * pw)
	}
	return float64(pw * q)
}
