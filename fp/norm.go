package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

// The kernels below are the PTX of kernels norm4df_, rnorm4df_, normf_ and
// rnormf_ in ../shared/reference/ptx/default.ptx (CUDA 13.0.88, sm_90), one
// Go statement per PTX instruction, with hypot.go's scaling (hypotScale) and
// square root (sqrtOp). Under -ftz=true every float instruction takes its
// .ftz form (ftz.ptx, fast.ptx); -prec-sqrt=false turns norm4df's and
// normf's sqrt.rn.f32 into sqrt.approx.f32 (precsqrt0.ptx, fast.ptx);
// -fmad=false spells mul.f32 and add.f32 as mul.rn and add.rn (fmad0.ptx):
// no mul feeds an add there (the squares feed fma addends or multiplicands,
// which ptxas does not fuse; default.sass has the PTX's FMULs and FFMAs one
// for one), so the results are the same. -prec-div changes none of them.
//
// norm4df and rnorm4df are norm3df's algorithm on four magnitudes: a
// min/max network sorts them partially, the squares of the scaled
// magnitudes are summed smallest-first (one mul.f32, then fma.rn), and the
// plain sum |x| + |y| + |w| + |z| replaces the result when it is not above
// the maximum (at most one nonzero magnitude, or a NaN).
//
// normf(dim, a) and rnormf(dim, a) are a loop over the array. The reference
// kernel calls normf(4, p), which nvcc unrolls; the loop below is that
// unrolled code read back (the device capture runs dims 1 to 8 with a run-
// time count, so the golden data checks the loop, not one unrolled length):
//
//	m = |a[0]|; m = max.f32(|a[i]|, m) for i = 1 … dim−1
//	s, back = hypotScale(m); M = m·s
//	sum = 0; the first i whose |a[i]|·s equals M (setp.eq) is skipped,
//	every other one adds fma.rn(t, t, sum), in index order
//	normf:  sqrt(fma.rn(M, M, sum))·back; m itself when m = +Inf or sum = 0
//	rnormf: rsqrt.approx(fma.rn(M, M, sum))·s; +0 when m = +Inf
//
// For dim = 0 (an empty slice) the loop reads nothing and m = +0 (so normf
// returns +0 and rnormf +Inf); the catalog and the device capture use dims 1
// to 8 only.

// norm4Seq is kernel norm4df_ (rsqrt: rnorm4df_), instruction by instruction.
func norm4Seq(x, y, z, w uint32, fl Flags, rsqrt bool) uint32 {
	ftz := fl.FTZ
	a := ptx.Abs(x, ftz)      // abs.f32
	b := ptx.Abs(y, ftz)      // abs.f32
	c := ptx.Abs(z, ftz)      // abs.f32
	d := ptx.Abs(w, ftz)      // abs.f32
	sum := add(a, b, ftz)     // add.f32 |x| + |y|
	sum = add(sum, d, ftz)    // add.f32 + |w|
	sum = add(c, sum, ftz)    // add.f32 |z| + …
	m1 := ptx.Min(a, b, ftz)  // min.f32
	m2 := ptx.Max(a, b, ftz)  // max.f32
	m3 := ptx.Min(m2, c, ftz) // min.f32
	m4 := ptx.Max(m2, c, ftz) // max.f32
	m5 := ptx.Min(m4, d, ftz) // min.f32
	hi := ptx.Max(m4, d, ftz) // max.f32
	s, back := hypotScale(hi) // and.b32, sub.s32 (or.b32 below)
	u := mul(m5, s, ftz)      // mul.f32
	v := mul(m3, s, ftz)      // mul.f32
	t := mul(m1, s, ftz)      // mul.f32
	h := mul(hi, s, ftz)      // mul.f32
	q := mul(u, u, ftz)       // mul.f32
	q = fma(v, v, q, ftz)     // fma.rn
	q = fma(t, t, q, ftz)     // fma.rn
	q = fma(h, h, q, ftz)     // fma.rn
	return normFinish(q, s, back, sum, hi, fl, rsqrt)
}

// normFinish is the tail norm3df_ and norm4df_ share (and their r forms):
// the root of the scaled sum of squares q, scaled back, and the selections
// of the plain sum and of +Inf.
func normFinish(q, s, back, sum, hi uint32, fl Flags, rsqrt bool) uint32 {
	ftz := fl.FTZ
	if rsqrt {
		r := mul(ptx.RsqrtApprox(q, ftz), s, ftz)                   // rsqrt.approx{.ftz}.f32, mul.f32
		if ptx.Setp(ptx.GTU, ptx.Abs(sum, ftz), f32.InfBits, ftz) { // abs, setp.gtu: NaN
			r = sum
		}
		if ptx.Setp(ptx.EQ, hi, f32.InfBits, ftz) {
			r = f32.ZeroBits // setp.eq hi = +Inf, selp
		}
		return r
	}
	r := mul(fl.sqrtOp(q), back, ftz)    // sqrt, mul.f32
	if !ptx.Setp(ptx.GT, sum, hi, ftz) { // setp.gt sum > hi, selp
		r = sum
	}
	if ptx.Setp(ptx.EQ, hi, f32.InfBits, ftz) { // setp.eq hi = +Inf, selp
		r = f32.InfBits
	}
	return r
}

// normSeq is kernel normf_ (rsqrt: rnormf_) for dim = len(a), instruction
// by instruction (see the loop above).
func normSeq(a []float32, fl Flags, rsqrt bool) uint32 {
	ftz := fl.FTZ
	var m uint32 // +0 for an empty array
	for i, e := range a {
		ae := ptx.Abs(toBits(e), ftz) // abs.f32
		if i == 0 {
			m = ae
			continue
		}
		m = ptx.Max(ae, m, ftz) // max.f32 |a[i]|, m
	}
	s, back := hypotScale(m) // and.b32, sub.s32 (or.b32 below)
	mm := mul(m, s, ftz)     // mul.f32 M = m·s
	var sum uint32           // mov.f32 0
	skipped := false
	for _, e := range a {
		t := mul(ptx.Abs(toBits(e), ftz), s, ftz) // abs.f32, mul.f32
		if !skipped && ptx.Setp(ptx.EQ, t, mm, ftz) {
			skipped = true // setp.eq t = M: the first maximum is left out
			continue
		}
		sum = fma(t, t, sum, ftz) // fma.rn t² + sum
	}
	q := fma(mm, mm, sum, ftz) // fma.rn M² + sum
	if rsqrt {
		r := mul(ptx.RsqrtApprox(q, ftz), s, ftz) // rsqrt.approx{.ftz}.f32, mul.f32
		if ptx.Setp(ptx.EQ, m, f32.InfBits, ftz) {
			r = f32.ZeroBits // setp.eq m = +Inf, selp
		}
		return r
	}
	r := mul(fl.sqrtOp(q), back, ftz) // sqrt, mul.f32
	if ptx.Setp(ptx.EQ, m, f32.InfBits, ftz) || ptx.Setp(ptx.EQ, sum, f32.ZeroBits, ftz) {
		r = m // setp.eq m = +Inf, setp.eq sum = 0, or.pred, selp
	}
	return r
}

// Norm4df returns √(x² + y² + z² + w²) as CUDA's norm4df computes it under
// fl.
//
// Special cases are (in order):
//
//	Norm4df(x, y, z, w) = +Inf if an argument is ±Inf, even with a NaN
//	Norm4df(x, y, z, w) = NaN if an argument is NaN (canonical 0x7fffffff)
//	Norm4df(x, y, z, w) = |x| + |y| + |z| + |w| when at most one argument is nonzero
//
// Accuracy: bit-exact with the H100's norm4df (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 3 (full
// range)".
//
// Flags: -prec-sqrt=false (and -use_fast_math): sqrt.approx.f32 in place of
// sqrt.rn.f32. -ftz=true (and -use_fast_math): the .ftz forms, so subnormal
// arguments read as zeros. -fmad=false: mul.rn/add.rn in place of mul/add,
// with the same results. -prec-div does not change it.
func (fl Flags) Norm4df(x, y, z, w float32) float32 {
	return fromBits(norm4Seq(toBits(x), toBits(y), toBits(z), toBits(w), fl, false))
}

// Norm4df returns norm4df(x, y, z, w) under nvcc's default flags (Flags{}.Norm4df).
func Norm4df(x, y, z, w float32) float32 { return Flags{}.Norm4df(x, y, z, w) }

// Rnorm4df returns 1/√(x² + y² + z² + w²) as CUDA's rnorm4df computes it
// under fl.
//
// Special cases are (in order):
//
//	Rnorm4df(x, y, z, w) = +0 if an argument is ±Inf, even with a NaN
//	Rnorm4df(x, y, z, w) = NaN if an argument is NaN (canonical 0x7fffffff)
//	Rnorm4df(±0, ±0, ±0, ±0) = +Inf
//
// Accuracy: bit-exact with the H100's rnorm4df (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math): the .ftz forms, rsqrt.approx.ftz
// included, so subnormal arguments read as zeros and subnormal results
// flush. -fmad=false: mul.rn/add.rn in place of mul/add, with the same
// results. -prec-div and -prec-sqrt do not change it (rsqrt.approx in every
// build).
func (fl Flags) Rnorm4df(x, y, z, w float32) float32 {
	return fromBits(norm4Seq(toBits(x), toBits(y), toBits(z), toBits(w), fl, true))
}

// Rnorm4df returns rnorm4df(x, y, z, w) under nvcc's default flags (Flags{}.Rnorm4df).
func Rnorm4df(x, y, z, w float32) float32 { return Flags{}.Rnorm4df(x, y, z, w) }

// Normf returns the Euclidean norm √(a[0]² + … + a[dim−1]²) of the array a,
// dim = len(a), as CUDA's normf(dim, a) computes it under fl.
//
// Special cases are (in order):
//
//	Normf(a) = +Inf if an element is ±Inf, even with a NaN
//	Normf(a) = NaN if an element is NaN (canonical 0x7fffffff)
//	Normf(a) = max |a[i]| when the scaled squares of the other elements all round to 0
//	           (at most one nonzero element, or the others tiny next to the maximum)
//	Normf(a) = +0 for an empty array (dim = 0)
//
// The result depends on the order of the elements: the squares are summed
// in index order, leaving out the first element equal to the maximum.
//
// Accuracy: bit-exact with the H100's normf (sm_90, CUDA 13.0) under each of
// the six captured flag sets, for dim 1 to 8 (the captured counts).
// Documented (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table
// 17): "An error bound cannot be provided because a fast algorithm is used
// with accuracy loss due to round-off".
//
// Flags: -prec-sqrt=false (and -use_fast_math): sqrt.approx.f32 in place of
// sqrt.rn.f32. -ftz=true (and -use_fast_math): the .ftz forms, so subnormal
// elements read as zeros. -fmad=false: mul.rn in place of mul, with the same
// results. -prec-div does not change it.
func (fl Flags) Normf(a []float32) float32 { return fromBits(normSeq(a, fl, false)) }

// Normf returns normf(len(a), a) under nvcc's default flags (Flags{}.Normf).
func Normf(a []float32) float32 { return Flags{}.Normf(a) }

// Rnormf returns 1/√(a[0]² + … + a[dim−1]²) for dim = len(a) as CUDA's
// rnormf(dim, a) computes it under fl.
//
// Special cases are (in order):
//
//	Rnormf(a) = +0 if an element is ±Inf, even with a NaN
//	Rnormf(a) = NaN if an element is NaN (canonical 0x7fffffff)
//	Rnormf(a) = +Inf when every element is ±0, and for an empty array (dim = 0)
//
// The result depends on the order of the elements, as Normf's does.
//
// Accuracy: bit-exact with the H100's rnormf (sm_90, CUDA 13.0) under each
// of the six captured flag sets, for dim 1 to 8 (the captured counts).
// Documented (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table
// 17): "An error bound cannot be provided because a fast algorithm is used
// with accuracy loss due to round-off".
//
// Flags: -ftz=true (and -use_fast_math): the .ftz forms, rsqrt.approx.ftz
// included, so subnormal elements read as zeros and subnormal results flush.
// -fmad=false: mul.rn in place of mul, with the same results. -prec-div and
// -prec-sqrt do not change it (rsqrt.approx in every build).
func (fl Flags) Rnormf(a []float32) float32 { return fromBits(normSeq(a, fl, true)) }

// Rnormf returns rnormf(len(a), a) under nvcc's default flags (Flags{}.Rnormf).
func Rnormf(a []float32) float32 { return Flags{}.Rnormf(a) }
