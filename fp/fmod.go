package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// fmodf, remainderf and remquof as nvcc (CUDA 13.0, sm_90) compiles them:
// kernels fmodf_, remainderf_ and remquof_ of ../shared/reference/ptx/*.ptx,
// which share one reduction of |x| by |y| (remCore) and differ in their
// tails. -ftz=true compiles a different tail for remainderf and remquof (2r
// computed beside r, and a subnormal r handled apart); -fmad=false only
// respells mul.f32/add.f32 as .rn (no multiply feeds an add: the products
// of the long path are exact); -prec-div and -prec-sqrt do not reach them
// (the kernels use div.approx and rcp.approx.ftz explicitly); -use_fast_math
// acts through -ftz=true.

// remCore reduces ax = |x| by ay = |y| (both from abs{.ftz}.f32) as the
// three kernels do up to their common label: it returns the remainder r of
// the truncated quotient (r = ax when ax < ay), r2 = 2r as the -ftz=true
// tail of remainderf and remquof computes it (only with ftz), and the low
// bits of the quotient that remainderf and remquof track.
//
// Two paths. For ax ≤ ay·2^23 the quotient is div.approx.f32, truncated,
// then corrected by up to two steps from the sign and size of the fma
// remainder. Otherwise (and for NaN operands) the significands are reduced
// at most 23 binades at a time: each step takes the quotient of a scaled
// significand of x by y's significand from a Newton iteration on
// rcp.approx.ftz (four fma.rn, one fma.rz), truncates it, and keeps the fma
// remainder, which is exact; the result is scaled back by y's exponent
// (mul.f32 by powers of two, exact), or made NaN when x is Inf or NaN or y
// is zero or NaN.
func remCore(ax, ay uint32, ftz bool) (r, r2, q uint32) {
	if ftz {
		r2 = add(ax, ax, true)
	}
	if ptx.Setp(ptx.LT, ax, ay, ftz) {
		return ax, r2, 0
	}
	f4 := mul(ay, 0x4b000000, ftz) // |y|·2^23
	if ptx.Setp(ptx.GTU, ax, f4, ftz) {
		const step23 = 23 << f32.FracBits // 0x0b800000
		m := ax&f32.FracMask | f32.OneBits
		d := (ax - (f4-step23)&0xff800000) & 0xff800000 // exponent difference, in the exponent field
		var qq uint32
		if d != 0 {
			my := f4&f32.FracMask | f32.OneBits
			rc := ptx.RcpApprox(my, true)
			nm := ptx.Neg(my, ftz)
			for {
				s := min(d, step23)
				a := s + m // m·2^(s>>23)
				t := fma(a, rc, f32.NegZeroBits, ftz)
				u := fma(nm, t, a, ftz)
				t = fma(u, rc, t, ftz)
				u = fma(nm, t, a, ftz)
				t = ptx.Fma(u, rc, t, rounding.RZ, ftz)
				qi := ptx.CvtRoundF32(t, rounding.RZ, false)
				m = fma(nm, qi, a, ftz)
				d -= s
				qq = qq<<(s>>f32.FracBits) + ptx.CvtU32(qi, rounding.RZ, ftz)
				if d == 0 || m == 0 {
					break
				}
			}
		}
		sh := uint32(3) // setp.lt.u32 d, 4<<23; selp: the binades left, at most 3
		if d < 4<<f32.FracBits {
			sh = d >> f32.FracBits
		}
		q = qq << sh
		scale := f4 & 0xff800000
		if ax > f32.MaxFiniteBits || ptx.Setp(ptx.LEU, ay, 0, ftz) {
			scale = f32.CanonicalNaNBits
		}
		r = mul(scale, mul(m, 0x34000000, ftz), ftz) // ·2^-23
		if ftz {
			r2 = mul(scale, mul(m, 0x34800000, true), true) // ·2^-22
		}
		return r, r2, q
	}
	qf := ptx.CvtRoundF32(ptx.DivApprox(ax, ay, ftz), rounding.RZ, false)
	nay := ptx.Neg(ay, ftz)
	e := fma(nay, qf, ax, false) // fma.rn.f32, without .ftz in every build
	switch {
	case e < ay: // 0 ≤ e < |y| (as encodings)
	case e > f32.SignMask: // e < 0: one or two steps down
		t := add(qf, f32.NegOneBits, ftz)
		t2 := add(t, f32.NegOneBits, ftz)
		qf = t
		if ptx.Setp(ptx.LT, e, nay, ftz) {
			qf = t2
		}
	default: // e ≥ |y|: one to three steps up
		qf = add(qf, f32.OneBits, ftz)
		if !ptx.Setp(ptx.LTU, e, add(ay, ay, ftz), ftz) {
			t := add(qf, f32.OneBits, ftz)
			qf = t
			if ptx.Setp(ptx.GE, fma(0xc0400000, ay, e, ftz), 0, ftz) { // e - 3|y| ≥ 0
				qf = add(t, f32.OneBits, ftz)
			}
		}
	}
	q = ptx.CvtU32(qf, rounding.RZ, ftz)
	r = fma(nay, qf, ax, ftz)
	if ftz {
		r2 = fma(0x40000000, fma(nay, qf, ax, false), 0, false) // 2·r, both without .ftz
	}
	return r, r2, q
}

// Fmodf returns the remainder of x/y with the quotient truncated toward
// zero, x − trunc(x/y)·y, with the sign of x, as CUDA's fmodf.
//
// Special cases are (in order):
//
//	Fmodf(x, y) = x for |x| < |y| (±0 included, y = ±Inf included)
//	Fmodf(±Inf, y) = NaN (canonical 0x7fffffff)
//	Fmodf(x, ±0) = NaN
//	Fmodf(x, NaN) = Fmodf(NaN, y) = NaN
//	Fmodf(x, y) = ±0 with the sign of x when y divides x
//	Fmodf(x, y) is exact for huge quotients: Fmodf(0x1p127, 3) = 2
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): the .ftz forms, so subnormal
// operands read as zeros of their sign: Fmodf(subnormal, y) = ±0 for
// y ≠ 0, Fmodf(x, subnormal) = NaN. Independent of the other flags.
func (fl Flags) Fmodf(x, y float32) float32 { return fromBits(fmodf(toBits(x), toBits(y), fl.FTZ)) }

// Fmodf returns fmodf(x, y) (Flags{}.Fmodf).
func Fmodf(x, y float32) float32 { return Flags{}.Fmodf(x, y) }

func fmodf(x, y uint32, ftz bool) uint32 {
	ay := ptx.Abs(y, ftz)
	ax := ptx.Abs(x, ftz)
	r, _, _ := remCore(ax, ay, ftz)
	if ptx.Setp(ptx.GTU, ptx.Abs(r, ftz), f32.InfBits, ftz) {
		return r
	}
	return ptx.Copysign(r, x)
}

// Remainderf returns the IEEE remainder of x/y, x − n·y with n the integer
// nearest x/y (ties to even), as CUDA's remainderf.
//
// Special cases are (in order):
//
//	Remainderf(±Inf, y) = NaN (canonical 0x7fffffff)
//	Remainderf(x, ±0) = NaN
//	Remainderf(x, NaN) = Remainderf(NaN, y) = NaN
//	Remainderf(x, ±Inf) = x for finite x
//	Remainderf(±0, y) = ±0 for y ≠ 0
//	Remainderf(x, y) = ±|y|/2 on ties with n even: Remainderf(3, 2) = -1, Remainderf(5, 2) = 1
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math) compiles another tail: the .ftz
// forms (subnormal operands read as zeros), 2r computed beside r, and a
// remainder below 2^-126 stepped as (2r − 2|y|)·0.5. Independent of the
// other flags.
func (fl Flags) Remainderf(x, y float32) float32 {
	r, _ := remquof(toBits(x), toBits(y), fl.FTZ)
	return fromBits(r)
}

// Remainderf returns remainderf(x, y) (Flags{}.Remainderf).
func Remainderf(x, y float32) float32 { return Flags{}.Remainderf(x, y) }

// Remquof returns the IEEE remainder of x/y (as Remainderf) and the low
// three bits of the rounded quotient n, with the sign of x/y, as CUDA's
// remquof.
//
// Special cases are (in order):
//
//	Remquof(±Inf, y) = NaN (canonical 0x7fffffff), 0
//	Remquof(x, ±0) = NaN, 0
//	Remquof(x, NaN) = Remquof(NaN, y) = NaN, 0
//	Remquof(x, ±Inf) = x, 0 for finite x
//	Remquof(3, 2) = -1, 2; Remquof(-5, 2) = -1, -2 (quo = ±(n mod 8))
//	Remquof(0x1p127, 1) = +0, 0 (n = 2^127: the low bits of n are exact)
//
// Accuracy: exact. The remainder is Remainderf's (bit-exact with the
// device's golden data of remainderf); quo follows the PTX of remquof_, for
// which no golden data is captured yet (gpu/capture.sh). Documented (CUDA
// C++ Programming Guide 13.0, Mathematical Functions, Table 17): "0 ulp
// (correctly rounded)".
//
// Flags: as Remainderf.
func (fl Flags) Remquof(x, y float32) (r float32, quo int32) {
	rb, q := remquof(toBits(x), toBits(y), fl.FTZ)
	return fromBits(rb), q
}

// Remquof returns remquof(x, y) (Flags{}.Remquof).
func Remquof(x, y float32) (r float32, quo int32) { return Flags{}.Remquof(x, y) }

func remquof(x, y uint32, ftz bool) (uint32, int32) {
	ay := ptx.Abs(y, ftz)
	ax := ptx.Abs(x, ftz)
	r, r2, q := remCore(ax, ay, ftz)
	if !ftz {
		r2 = add(r, r, false)
	}
	if ptx.Setp(ptx.GT, r2, ay, ftz) || !ptx.Setp(ptx.NEU, r2, ay, ftz) && q&1 == 1 {
		q++
		if ftz && ptx.Setp(ptx.LT, r, f32.MinNormalBits, true) {
			r = mul(fma(ay, 0xc0000000, r2, true), 0x3f000000, true) // (2r − 2|y|)·0.5
		} else {
			r = sub(r, ay, ftz)
		}
	}
	if int32(x) < 0 && ptx.Setp(ptx.LE, ptx.Abs(r, ftz), f32.InfBits, ftz) {
		r = ptx.Neg(r, ftz)
	}
	s := int32(x^y) >> 31
	k := (int32(q&7) ^ s) - s
	if ptx.Setp(ptx.GTU, ptx.Abs(r, ftz), f32.InfBits, ftz) {
		k = 0
	}
	return r, k
}
