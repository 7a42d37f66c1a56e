package fp

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels j0f_, j1f_, y0f_ and y1f_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction; with ftz every float instruction takes
// its .ftz form (ftz.ptx; fast.ptx is the same text for j0f, j1f and y0f,
// none of them is among -use_fast_math's swaps). fmad0.ptx spells each
// mul.f32 and add.f32 as mul.rn and add.rn, with the same results: no
// multiply of these kernels feeds an add (the SASS of the default build has
// as many FFMA as the PTX has fma.rn for j0f, j1f and y0f; y1f's extra FFMA
// are those of div.rn's subroutine). Only y1f reads -prec-div: its two
// quotients are div.rn.f32, div.full.f32 with -prec-div=false (and under
// -use_fast_math, which does not swap library code's divisions for
// div.approx).
//
// Algorithm (libdevice): for |x| ≤ 8 (j0f, j1f), or up to 0x1.14ef3p+03 ≈
// 8.654 (y0f) and 0x1.4585c6p+03 ≈ 10.17 (y1f), a polynomial in x − z
// around the zero z of the interval, z split into two floats (z = zh + zl,
// subtracted in two add.f32 steps) so that the relative error stays small
// near the zero; J0 multiplies in its first three zeros as factors
// (x − z1)(x − z2)(x − z3), J1 the factors x(x − z1)(x − z2), and Y0 and
// Y1 take one polynomial per interval between their small-x form and the
// asymptotic form, one zero in each.
// Y0 and Y1 below their first zero combine J0 or J1 with logf:
// Y0(x) = (2/π)·ln x·J0(x) + R(x²) and Y1(x) = (2/π)·(J1(x)·ln x − 1/x) +
// x·S(x²); Y1 of a subnormal or zero x is −(2/π)/x. Beyond, Hankel's
// asymptotic form: with w = 1/x² (rcp.approx.ftz squared),
// J_n(x), Y_n(x) ≈ √(2/(πx))·P(w)·cos(θ − φ), θ = x + Q(w)/x, where √(2/(πx))
// is rsqrt.approx times √(2/π) (0x3f4c422a) and the phase shift φ is π/4
// (J0), 3π/4 (J1, and Y0: sin(θ − π/4) = cos(θ − 3π/4)) or 5π/4 (Y1).
// θ is reduced as sinf reduces its argument (trigReduce, Payne–Hanek
// included), q·π/2 − φ (q the quadrant mod 4) is added to the remainder,
// and the sum, now below 2π in magnitude, is reduced again with a
// two-constant Cody–Waite step and fed to sinf's polynomials.

// Constants shared by the kernels (PTX immediates).
const (
	besselEight  uint32 = 0x41000000 // 8: j0f and j1f switch to the asymptotic form above it
	sqrt2OverPi  uint32 = 0x3f4c422a // 0x1.988454p-01 ≈ √(2/π)
	pio2F32      uint32 = 0x3fc90fdb // 0x1.921fb6p+00 ≈ π/2
	besselTiny   uint32 = 0x0da24260 // 0x1.4484cp-100 ≈ 1e-30: j1f copies the sign of x below it
	negTwoOverPi uint32 = 0xbf22f983 // -0x1.45f306p-01 ≈ -2/π
)

// The phase shifts −φ of the asymptotic forms.
const (
	shiftPio4  uint32 = 0xbf490fdb // -0x1.921fb6p-01 ≈ -π/4 (j0f)
	shift3Pio4 uint32 = 0xc016cbe4 // -0x1.2d97c8p+01 ≈ -3π/4 (j1f, y0f)
	shift5Pio4 uint32 = 0xc07b53d1 // -0x1.f6a7a2p+01 ≈ -5π/4 (y1f)
)

// besselAsym holds the two polynomials of one asymptotic form in w = 1/x²,
// in horner's order: the amplitude P (last coefficient 1) and the phase
// correction Q, with θ = x + Q(w)/x.
type besselAsym struct {
	p, q  []uint32
	shift uint32
}

var (
	j0Asym = besselAsym{
		p:     []uint32{0x4056fe93, 0xbf03b7c2, 0x3dd3b3f3, 0xbd7fffb6, oneBits},
		q:     []uint32{0x3f91e009, 0xbe52412d, 0x3d854ed1, 0xbdffffff},
		shift: shiftPio4,
	}
	j1Asym = besselAsym{
		p:     []uint32{0xc082cb37, 0x3f3ff7e9, 0xbe458bae, 0x3e3fff8b, oneBits},
		q:     []uint32{0xbfca3ba2, 0x3eb914ad, 0xbe27f2ec, 0x3ebffffd},
		shift: shift3Pio4,
	}
	y0Asym = besselAsym{
		p:     []uint32{0xbecc69f3, 0x3dd0d5f0, 0xbd7ff855, oneBits},
		q:     []uint32{0x3f8ccd61, 0xbe50d31c, 0x3d854783, 0xbdfffffb},
		shift: shift3Pio4,
	}
	y1Asym = besselAsym{
		p:     []uint32{0x3f267f60, 0xbe44ab90, 0x3e3ffebf, oneBits},
		q:     []uint32{0xbfe4e1ab, 0x3ebb73ab, 0xbe27fb6e, 0x3ebfffff},
		shift: shift5Pio4,
	}
)

// asym evaluates the asymptotic form c at a = |x|, a finite or NaN: the
// blocks from rcp.approx.ftz.f32 to the final mul.f32 of the kernels' large
// branch.
func (c *besselAsym) asym(a uint32, ftz bool) uint32 {
	r := ptx.RcpApprox(a, true) // rcp.approx.ftz.f32 1/x
	w := mul(r, r, ftz)         // mul.f32 w = 1/x²
	p := horner(c.p, w, ftz)
	q := horner(c.q, w, ftz)
	theta := fma(q, r, a, ftz)   // fma.rn θ = x + Q(w)/x
	s := ptx.RsqrtApprox(a, ftz) // rsqrt.approx.f32 1/√x
	s = mul(s, sqrt2OverPi, ftz) // mul.f32 √(2/(πx))
	amp := mul(p, s, ftz)        // mul.f32 P(w)·√(2/(πx))
	red, quad := trigReduce(theta, ftz)
	return mul(amp, besselCos(red, quad, c.shift, ftz), ftz) // mul.f32
}

// besselCos returns cos(r + (q mod 4)·π/2 + shift) for θ's remainder r and
// quadrant q, as the kernels compute it: the sum, reduced once more by
// Cody–Waite with π/2's first two parts, then sinf's polynomials.
func besselCos(r, q, shift uint32, ftz bool) uint32 {
	qf := cvtRNF32S32(int32(q & 3))                  // and.b32, cvt.rn.f32.u32 (exact)
	t := fma(qf, pio2F32, shift, ftz)                // fma.rn (q mod 4)·π/2 − φ
	u := add(r, t, ftz)                              // add.f32
	k := cvtRNIS32(mulRN(u, twoOverPiF32, ftz), ftz) // mul.f32, cvt.rni.s32.f32
	kf := cvtRNF32S32(k)                             // cvt.rn.f32.s32 (exact)
	u = fmaRN(kf, negPio2Hi, u, ftz)                 // fma.rn
	u = fmaRN(kf, negPio2Mid, u, ftz)                // fma.rn
	k++                                              // add.s32: the cosine
	return sincosPoly(u, k&1 != 0, k&2 != 0, ftz)
}

// Near-zero forms: around the zero z = zh + zl of its interval, t = (x −
// zh) − zl (two add.f32) and the result is t·P(t).
type besselZero struct {
	negZh, negZl uint32
	p            []uint32
}

// poly returns t and P(t) at a: the add.f32 pair and the fma chain.
func (z *besselZero) poly(a uint32, ftz bool) (t, p uint32) {
	t = add(add(a, z.negZh, ftz), z.negZl, ftz)
	return t, horner(z.p, t, ftz)
}

var (
	// J0 on [0, 8]: (x − z1)·P(x − z1)·(x − z2)·(x − z3), z1, z2, z3 its
	// first three zeros.
	j0Near = besselZero{0xc019e8a9, 0xb3e971b3, []uint32{
		0xa6b3b8e7, 0xa9aca9b3, 0x2c3f0e18, 0xacd41781, 0xafe90f38, 0x3020305b, 0x33797143,
		0x30f76f85, 0xb6b6dfc6, 0xb6f665c9, 0x399e2deb, 0x3a4ae334, 0xbbeeaa1b, 0xbcda7747,
	}}
	j0Z2 = [2]uint32{0xc0b0a47b, 0x339a7a37} // -z2 = -0x1.6148f6p+02 + 0x1.34f46ep-24
	j0Z3 = [2]uint32{0xc10a75ab, 0xb4cccded} // -z3

	// J1 on [0, 8]: x·(x − z1)·(x − z2)·P(x − z1).
	j1Near = besselZero{0xc0753aac, 0x33a5090f, []uint32{
		0x29af3463, 0x2b81bf42, 0xade21ec1, 0xaf5ddeff, 0x319b0c9d, 0x32e81173, 0xb50f8dc8,
		0xb61e653d, 0x382cd9c5, 0x38f9eb10, 0xbaeceb9c, 0xbb276ffd, 0x3d073993,
	}}
	j1Z2 = [2]uint32{0xc0e07fb0, 0x3444b8db}

	// Y0 near its first three zeros, and the even polynomial R(x²) of its
	// small-x form.
	y0Near = [3]besselZero{
		{0xbf64c176, 0x32657d03, []uint32{
			0x3cddc8b3, 0xbe02574c, 0x3e7f2cc9, 0xbe8bf29b, 0x3e5bce93, 0xbe38c4ff, 0x3e42774d,
			0xbe525cb2, 0x3e60f43d, 0xbe679145, 0x3e61d24a, 0xbefbf1ad, 0x3f6121bb,
		}},
		{0xc07d4a9a, 0xb3d9856a, []uint32{
			0xb449dd3f, 0xb45e2607, 0xb6857064, 0x38554610, 0x394aced7, 0xbb0f1a0c, 0xbbe07f2e,
			0x3d6fb6b5, 0x3d504df1, 0xbece1a13,
		}},
		{0xc0e2c0ee, 0xb39ce420, []uint32{
			0x3510cebe, 0x3629da6c, 0xb84054c0, 0xb91318ab, 0x3b0e9921, 0x3b5974d5, 0xbd44b4d7,
			0xbcad7799, 0x3e99a665,
		}},
	}
	y0Ends  = [4]uint32{0x3ee4c176, 0x3ff67af8, 0x40b0b31e, 0x410a7798} // 0x1.c982ecp-02, 0x1.ecf5fp+00, 0x1.61663cp+02, 0x1.14ef3p+03
	y0Small = []uint32{0x33dbe5ac, 0xb71f49b6, 0x3a0d3100, 0xbc83ad8e, 0x3e35de5a, 0xbd9726b5}

	// Y1 near its first three zeros, and the even polynomial S(x²) of its
	// small-x form.
	y1Near = [3]besselZero{
		{0xc00c9df7, 0x33b200dc, []uint32{
			0xb789e29d, 0x39064a88, 0xb9f0ab0d, 0x3a8f6102, 0xbb2c7045, 0x3bf35df7, 0xbb9d097c,
			0xbd06968a, 0xbdf2b7df, 0x3f055242,
		}},
		{0xc0adbff2, 0xb4687b03, []uint32{
			0x32be57d0, 0xb508a416, 0xb63f8a14, 0x38427e02, 0x3919bb1c, 0xbb0df1fd, 0xbb885189,
			0x3d50aec1, 0x3d005cfc, 0xbeae3e2b,
		}},
		{0xc109893d, 0xb4e6169b, []uint32{
			0x350cf383, 0x3602902e, 0xb8375f71, 0xb8d9faa8, 0x3b03d19a, 0x3b1e736d, 0xbd31cae5,
			0xbc8159b6, 0x3e8afcca,
		}},
	}
	y1Ends  = [4]uint32{0x3fd96ac4, 0x40740eee, 0x40e06937, 0x4122c2e3} // 0x1.b2d588p+00, 0x1.e81ddcp+01, 0x1.c0d26ep+02, 0x1.4585c6p+03
	y1Small = []uint32{0x321462cc, 0xb58527da, 0x38963e95, 0xbb41adcb, 0x3d5e9cbb, 0xbe48c331}
)

// j0Abs is J0 of a = |x| (abs.f32 already applied): the body of j0f_ after
// its abs.f32, which y0f_ inlines.
func j0Abs(a uint32, ftz bool) uint32 {
	if !ptx.Setp(ptx.GTU, a, besselEight, ftz) { // setp.gtu.f32 a > 8 or NaN
		t, p := j0Near.poly(a, ftz)
		p = mul(t, p, ftz)                            // mul.f32
		t2 := add(add(a, j0Z2[0], ftz), j0Z2[1], ftz) // add.f32 ×2: x − z2
		p = mul(t2, p, ftz)                           // mul.f32
		t3 := add(add(a, j0Z3[0], ftz), j0Z3[1], ftz) // add.f32 ×2: x − z3
		return mul(t3, p, ftz)                        // mul.f32
	}
	if ptx.Setp(ptx.EQ, ptx.Abs(a, ftz), infBits, ftz) { // abs.f32, setp.eq.f32 |a| = Inf
		return 0
	}
	return j0Asym.asym(a, ftz)
}

// j0f is kernel j0f_.
func j0f(x uint32, ftz bool) uint32 { return j0Abs(ptx.Abs(x, ftz), ftz) }

// j1f is kernel j1f_ (which y1f_ inlines with x = |x|).
func j1f(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	var r uint32
	switch {
	case !ptx.Setp(ptx.GTU, a, besselEight, ftz): // setp.gtu.f32 a > 8 or NaN
		t, p := j1Near.poly(a, ftz)
		t2 := add(add(a, j1Z2[0], ftz), j1Z2[1], ftz) // add.f32 ×2: x − z2
		p = mul(t2, p, ftz)                           // mul.f32
		p = mul(t, p, ftz)                            // mul.f32
		r = mul(a, p, ftz)                            // mul.f32
	case ptx.Setp(ptx.EQ, ptx.Abs(a, ftz), infBits, ftz): // abs.f32, setp.eq.f32
		r = 0
	default:
		r = j1Asym.asym(a, ftz)
	}
	n := ptx.Neg(r, ftz) // neg.f32
	if ptx.Setp(ptx.LT, x, 0, ftz) {
		r = n // setp.lt.f32 x < 0, selp: J1 is odd
	}
	if ptx.Setp(ptx.LT, a, besselTiny, ftz) {
		r = ptx.Copysign(r, x) // copysign.f32, selp: the sign of a tiny x on an underflowed result
	}
	return r
}

// secondKind is the part of y0f_ and y1f_ beyond their small-x form: the
// near-zero form of a's interval (setp.gtu.f32 against the interval ends),
// +0 at +Inf, and the asymptotic form c beyond the last interval (and for
// NaN).
func secondKind(a uint32, ends *[4]uint32, forms *[3]besselZero, c *besselAsym, ftz bool) uint32 {
	for i := range forms {
		if !ptx.Setp(ptx.GTU, a, ends[i+1], ftz) {
			t, p := forms[i].poly(a, ftz)
			return mul(t, p, ftz) // mul.f32
		}
	}
	if ptx.Setp(ptx.EQ, ptx.Abs(a, ftz), infBits, ftz) { // abs.f32, setp.eq.f32
		return 0
	}
	return c.asym(a, ftz)
}

// y0f is kernel y0f_.
func y0f(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	var r uint32
	if !ptx.Setp(ptx.GTU, a, y0Ends[0], ftz) { // setp.gtu.f32 a > 0x1.c982ecp-02 or NaN
		a2 := mul(a, a, ftz)                      // mul.f32 x²
		l := mul(logf(a, ftz), twoOverPiF32, ftz) // logf inlined, mul.f32 (2/π)·ln x; -Inf at 0
		j := j0Abs(ptx.Abs(a, ftz), ftz)          // abs.f32, j0f inlined
		r = fma(l, j, horner(y0Small, a2, ftz), ftz)
	} else {
		r = secondKind(a, &y0Ends, &y0Near, &y0Asym, ftz)
	}
	if ptx.Setp(ptx.LT, x, 0, ftz) { // setp.lt.f32 x < 0, selp
		return 0x7fffffff
	}
	return r
}

// y1f is kernel y1f_; fl.libDiv is its division (div.rn.f32, or
// div.full.f32 with -prec-div=false).
func y1f(x uint32, fl Flags) uint32 {
	ftz := fl.FTZ
	a := ptx.Abs(x, ftz) // abs.f32
	var r uint32
	switch {
	case ptx.Setp(ptx.LT, a, twoM126, ftz): // setp.lt.f32 a < 2^-126: zero or subnormal
		r = fl.libDiv(negTwoOverPi, a) // div.rn.f32 −(2/π)/x
	case !ptx.Setp(ptx.GTU, a, y1Ends[0], ftz): // setp.gtu.f32 a > 0x1.b2d588p+00 or NaN
		j := j1f(a, ftz)     // j1f inlined on |x|
		l := logf(a, ftz)    // logf inlined (a is normal here)
		a2 := mul(a, a, ftz) // mul.f32 x²
		if ptx.Setp(ptx.EQ, a, 0, ftz) {
			l = ninfBits // setp.eq.f32, selp
		}
		d := fl.libDiv(minusOne, a)                  // div.rn.f32 −1/x
		v := fma(j, l, d, ftz)                       // fma.rn J1(x)·ln x − 1/x
		v = mul(v, twoOverPiF32, ftz)                // mul.f32 ·2/π
		r = fma(horner(y1Small, a2, ftz), a, v, ftz) // fma.rn x·S(x²) + …
	default:
		r = secondKind(a, &y1Ends, &y1Near, &y1Asym, ftz)
	}
	if ptx.Setp(ptx.LT, x, 0, ftz) { // setp.lt.f32 x < 0, selp
		return 0x7fffffff
	}
	return r
}

// libDiv is a division of library code: div.rn.f32, or div.full.f32 with
// -prec-div=false (-use_fast_math included: its __fdividef swap applies to
// the user's x/y, not to the library's own quotients).
func (fl Flags) libDiv(x, y uint32) uint32 {
	if fl.ApproxDiv {
		return ptx.DivFull(x, y, fl.FTZ)
	}
	return ptx.Div(x, y, rounding.RN, fl.FTZ)
}
