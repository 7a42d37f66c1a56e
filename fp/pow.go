package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Powf returns x^y as CUDA's powf computes it under fl.
//
// Special cases are (in order):
//
//	Powf(1, y) = Powf(x, ±0) = 1 for every x and y, NaN included
//	Powf(x, y) = NaN if x or y is NaN (canonical 0x7fffffff)
//	Powf(±0, y) = ±Inf for y an odd integer < 0
//	Powf(±0, y) = +Inf for other y < 0, -Inf included
//	Powf(±0, y) = ±0 for y an odd integer > 0
//	Powf(±0, y) = +0 for other y > 0, +Inf included
//	Powf(-Inf, y) = -0 for y an odd integer < 0, +0 for other y < 0
//	Powf(-Inf, y) = -Inf for y an odd integer > 0, +Inf for other y > 0
//	Powf(+Inf, y) = +0 for y < 0, +Inf for y > 0
//	Powf(-1, ±Inf) = 1
//	Powf(x, +Inf) = +Inf for |x| > 1, +0 for |x| < 1
//	Powf(x, -Inf) = +0 for |x| > 1, +Inf for |x| < 1
//	Powf(x, y) = NaN for finite x < 0 and finite non-integer y
//	Powf(x, y) = -Powf(-x, y) for finite x < 0 and y an odd integer
//
// With -ftz=true a subnormal x or y is read as ±0 first (so Powf(x, 0x1p-149)
// = 1). Under -use_fast_math none of these rows is special-cased:
// __powf(x, y) is ex2(y·lg2(x)), with NaN for negative normal x (see
// intrinsics.Powf).
//
// Accuracy: bit-exact with the H100's powf (sm_90, CUDA 13.0) under each of
// the six captured flag sets, on the device's special-value grid and 2^24
// generated inputs. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 4 (full range)".
// Under -use_fast_math it is __powf, documented (Table 21): "This intrinsic
// function's maximum error is derived from its implementation as
// exp2f(y * __log2f(x))".
//
// Flags: -use_fast_math: __powf (lg2.approx.ftz, mul, ex2.approx.ftz;
// intrinsics.Target.Powf), which differs from powf on most inputs.
// -ftz=true: the .ftz forms throughout, and a subnormal |x| is no longer
// scaled by 2^24 before the logarithm (it compares equal to 0 instead).
// -fmad=false: add.rn/sub.rn/mul.rn in place of add/sub/mul, with the same
// results (the one multiply that feeds a subtraction is not contracted by
// ptxas: see arith.go). -prec-div and -prec-sqrt do not change it.
func (fl Flags) Powf(x, y float32) float32 {
	if fl.FastLib {
		return intrinsics.Target{FTZ: fl.FTZ}.Powf(x, y)
	}
	// powf written out: one call fewer on the common path.
	if z, ok := powfFast(toBits(x), toBits(y)); ok { // fastkern.go
		return fromBits(z)
	}
	return fromBits(powfSeq(toBits(x), toBits(y), fl.FTZ))
}

// Powf returns powf(x, y) under nvcc's default flags (Flags{}.Powf).
func Powf(x, y float32) float32 { return Flags{}.Powf(x, y) }

// powf is the PTX of kernel powf_ in ../shared/reference/ptx/default.ptx
// (CUDA 13.0.88 libdevice, sm_90), one Go statement per PTX instruction;
// with ftz every float instruction takes its .ftz form but the
// cvt.rzi/cvt.rni to float, and the scaling of subnormal |x| is gone
// (ftz.ptx). Algorithm (libdevice): log2|x| as a double-float l + ll from
// |x| = 2^e·m, m in [1/√2, √2), u = 2(m−1)/(m+1) with an approximate
// reciprocal and one correction, log2(m) = u·log2(e) + u³·P(u²); then
// y·log2|x| as a double-float z + zl, n = rint(z), 2^(z−n+zl) by a degree-6
// polynomial, and the scaling by 2^n in two multiplies (2^n may not be
// representable). The special cases of C99 Annex F F.9.4.4 follow on
// predicates of the inputs. powfFast (fastkern.go) answers the common
// arguments; powfSeq is the sequence.
func powf(x, y uint32, ftz bool) uint32 {
	if r, ok := powfFast(x, y); ok { // fastkern.go
		return r
	}
	return powfSeq(x, y, ftz)
}

// powfSeq is powf's sequence, instruction by instruction.
func powfSeq(x, y uint32, ftz bool) uint32 {
	const one = f32.OneBits

	// odd = |y − 2·trunc(y/2)|, 1 exactly when y is an odd integer.
	h := mul(y, 0x3f000000, ftz)               // mul.f32 y·0x1p-01
	h = ptx.CvtRoundF32(h, rounding.RZ, false) // cvt.rzi.f32.f32
	odd := ptx.Abs(sub(y, add(h, h, ftz), ftz), ftz)

	// log2|x| = l + ll.
	ax := ptx.Abs(x, ftz)
	xs, e0 := ax, uint32(f32.ZeroBits)
	if !ftz && ptx.Setp(ptx.LT, ax, twoM126, false) {
		xs, e0 = mul(ax, 0x4b800000, false), 0xc1c00000 // ·0x1p+24; e0 = -0x1.8p+04 (-24)
	}
	r4 := (xs - 0x3f3504f3) & 0xff800000 // exponent, offset by 0x1.6a09e6p-01 ≈ 1/√2
	m := xs - r4                         // m in [1/√2, √2)
	e := fma(ptx.CvtF32S32(int32(r4), rounding.RN), twoM23, e0, ftz)
	fm1 := add(m, minusOne, ftz)                                    // m − 1
	rc := ptx.RcpApprox(add(m, one, ftz), true)                     // rcp.approx.ftz.f32 (m + 1)
	u := mul(add(fm1, fm1, ftz), rc, ftz)                           // u = 2(m−1)/(m+1)
	u2 := mul(u, u, ftz)                                            //
	t := sub(fm1, u, ftz)                                           // mul feeding sub: not contracted (arith.go)
	t = fma(ptx.Neg(u, ftz), fm1, add(t, t, ftz), ftz)              //
	ul := mul(rc, t, ftz)                                           // mul.rn: the correction of u
	p := fma(0x3a2c32e4, u2, 0x3b52e7db, ftz)                       // 0x1.5865c8p-11·u² + 0x1.a5cfb6p-09
	p = fma(p, u2, 0x3c93bb73, ftz)                                 // 0x1.2776e6p-06
	p = fma(p, u2, 0x3df6384f, ftz)                                 // 0x1.ec709ep-04
	p = mul(p, u2, ftz)                                             // mul.rn
	hi := fma(u, log2e, e, ftz)                                     //
	s := fma(u, log2e, sub(e, hi, ftz), ftz)                        //
	s = fma(ul, log2e, s, ftz)                                      //
	s = fma(u, 0x32a55e34, s, ftz)                                  // log2(e) − 0x1.715476p+00 = 0x1.4abc68p-26
	s = fma(mul(p, 0x40400000, ftz), ul, s, ftz)                    // 3·p·ul
	lo := fma(p, u, s, ftz)                                         //
	l := add(hi, lo, ftz)                                           // add.rn
	ll := add(lo, ptx.Neg(add(l, ptx.Neg(hi, ftz), ftz), ftz), ftz) // add.rn, add.rn

	// y·log2|x| = z + zl; 2^(z+zl) = 2^n · 2^(z−n+zl).
	z := mul(l, y, ftz)                         // mul.rn
	zl := fma(l, y, ptx.Neg(z, ftz), ftz)       //
	zl = fma(ll, y, zl, ftz)                    //
	n := ptx.CvtRoundF32(z, rounding.RN, false) // cvt.rni.f32.f32
	fr := add(zl, sub(z, n, ftz), ftz)          //
	q := fma(0x391fcb8e, fr, 0x3aaf85ed, ftz)   // 0x1.3f971cp-13·fr + 0x1.5f0bdap-10
	q = fma(q, fr, 0x3c1d9856, ftz)             // 0x1.3b30acp-07
	q = fma(q, fr, 0x3d6357bb, ftz)             // 0x1.c6af76p-05
	q = fma(q, fr, 0x3e75fdec, ftz)             // 0x1.ebfbd8p-03
	q = fma(q, fr, ln2, ftz)                    //
	q = fma(q, fr, one, ftz)                    //
	ni := ptx.CvtS32(n, rounding.RZ, ftz)       // cvt.rzi.s32.f32
	b := uint32(0x83000000)                     // -0x1p-121 as an exponent offset
	if ptx.Setp(ptx.GT, n, f32.ZeroBits, ftz) { //
		b = 0 //
	} //
	r := mul(mul(q, b+0x7f000000, ftz), uint32(ni)<<23-b, ftz) // ·2^(127 or 1), ·2^(n−127 or n−1)
	if ptx.Setp(ptx.GT, ptx.Abs(z, ftz), 0x43180000, ftz) {    // |z| > 152
		r = infBits
		if ptx.Setp(ptx.LT, z, f32.ZeroBits, ftz) {
			r = f32.ZeroBits
		}
	}

	// Special cases.
	if ptx.Setp(ptx.EQ, x, one, ftz) || ptx.Setp(ptx.EQ, y, f32.ZeroBits, ftz) {
		return one
	}
	ay := ptx.Abs(y, ftz)
	if ptx.Setp(ptx.GTU, ax, infBits, ftz) || ptx.Setp(ptx.GTU, ay, infBits, ftz) {
		return add(x, y, ftz) // add.rn: NaN
	}
	if ptx.Setp(ptx.EQ, x, f32.ZeroBits, ftz) || ptx.Setp(ptx.EQ, ax, infBits, ftz) {
		v := add(x, x, ftz) // ±0 or ±Inf
		if ptx.Setp(ptx.LT, y, f32.ZeroBits, ftz) {
			v ^= 0x7f800000 // ±0 ↔ ±Inf
		}
		if ptx.Setp(ptx.EQ, odd, one, ftz) {
			return v
		}
		return v & 0x7fffffff
	}
	if ptx.Setp(ptx.EQ, x, f32.NegOneBits, ftz) && ptx.Setp(ptx.EQ, ay, infBits, ftz) {
		return one
	}
	if ptx.Setp(ptx.GEU, x, f32.ZeroBits, ftz) {
		return r
	}
	// x < 0
	if ptx.Setp(ptx.EQ, odd, one, ftz) {
		r = ptx.Neg(r, ftz)
	}
	if ptx.Setp(ptx.NEU, ptx.CvtRoundF32(y, rounding.RD, ftz), y, ftz) {
		return f32.CanonicalNaNBits // y not an integer
	}
	return r
}
