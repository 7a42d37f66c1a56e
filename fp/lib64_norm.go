package fp

import (
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// CUDA's double Euclidean norms (issue 18): hypot, rhypot, norm3d,
// rnorm3d, norm4d, rnorm4d, norm and rnorm follow kernels hypot_, …,
// rnorm_ of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88, sm_90). Each scales
// its elements by a power of two taken from the largest one's high word
// (0x7fd00000 − (hi & 0xffc00000)), sums their squares in fma.rn.f64,
// and takes the root from rsqrt.approx.ftz.f64 refined by one Newton step
// (the norms) or from rsqrt.approx.f64 (rnorm). They work on encodings
// with package rounding's binary64 operations, which return the device's
// NaNs. The PTX under -fmad=false only respells the mul.f64 as mul.rn.f64
// (ptxas contracts none of them: the SASS of the six flag sets has the
// same DFMA, DMUL and DADD), and -ftz=true touches no double instruction:
// no flag changes a result.

// normScale64 returns the scale 2^(1021 − E) of the largest element's
// high word h (E its exponent rounded down to even: and.b32 h,
// 0xffc00000, sub.s32 from 0x7fd00000) and that masked high word, which
// gives the inverse scale as e | 0x00100000.
func normScale64(h uint32) (scale uint64, e uint32) {
	e = h & 0xffc00000
	return uint64(0x7fd00000-e) << 32, e
}

// normRoot64 returns √s·2^k for the scaled sum s (e the masked high word of
// normScale64): min.f64 s, DBL_MAX; rsqrt.approx.ftz.f64; one Newton step
// r + r·e·(1/2 + 3e/8); s·r; times the inverse scale.
func normRoot64(s uint64, e uint32) uint64 {
	return rounding.Mul64RN(rounding.Mul64RN(s, normRsqrt64(ptx.MinF64(s, f64.MaxFiniteBits))), uint64(e|0x00100000)<<32)
}

// normRsqrt64 is the refined reciprocal square root of the norms:
// rsqrt.approx.ftz.f64 r, then fma(3/8, d, 1/2)·(d·r) + r with
// d = 1 − t·r², every operation rounded to nearest.
func normRsqrt64(t uint64) uint64 {
	const (
		one        = f64.OneBits
		half       = 0x3fe0000000000000
		threeEight = 0x3fd8000000000000
	)
	r := ptx.RsqrtApproxFTZF64(t)
	d := rounding.Fma64RN(t, neg64(rounding.Mul64RN(r, r)), one)
	c := rounding.Fma64RN(threeEight, d, half)
	return rounding.Fma64RN(c, rounding.Mul64RN(d, r), r)
}

// hypotPrep64 orders |x| and |y| by their encodings (min.u64, max.u64 of
// abs.f64) and returns them with the scaled sum of squares and the masked
// high word of the larger.
func hypotPrep64(x, y uint64) (lo, hi, s uint64, e uint32) {
	a, b := ptx.AbsF64(x), ptx.AbsF64(y)
	lo, hi = min(a, b), max(a, b)
	scale, e := normScale64(uint32(hi >> 32))
	l := rounding.Mul64RN(scale, lo)
	h := rounding.Mul64RN(scale, hi)
	s = rounding.Fma64RN(h, h, rounding.Mul64RN(l, l))
	return lo, hi, s, e
}

// Hypot returns √(x² + y²) as CUDA's hypot computes it under fl, without
// undue overflow or underflow.
//
// Special cases are (in order):
//
//	Hypot(x, y) = +Inf if x or y is ±Inf, even with a NaN
//	Hypot(x, y) = NaN if x and y are NaNs: the smaller encoding of |x|, |y| (abs.f64 keeps a NaN's sign), quieted
//	Hypot(±0, y) = |y| and Hypot(x, ±0) = |x|
//	Hypot(x, y) = NaN if x or y is NaN: the NaN quieted
//
// Accuracy: bit-exact with the H100's hypot (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Hypot(x, y float64) float64 { return Hypot(x, y) }

// Hypot returns hypot(x, y) under nvcc's default flags (Flags{}.Hypot).
func Hypot(x, y float64) float64 {
	lo, hi, s, e := hypotPrep64(b64(x), b64(y))
	switch {
	case uint32(lo>>32) >= 0x7ff00000:
		return f64b(lo)
	case lo&f64.AbsMask == 0:
		return f64b(hi)
	}
	return f64b(normRoot64(s, e))
}

// Rhypot returns 1/√(x² + y²) as CUDA's rhypot computes it under fl.
//
// Special cases are (in order):
//
//	Rhypot(x, y) = +0 if x or y is ±Inf, even with a NaN
//	Rhypot(x, y) = NaN if x or y is NaN: the larger encoding of |x|, |y| quieted when both are
//	Rhypot(±0, ±0) = +Inf
//
// Accuracy: bit-exact with the H100's rhypot (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Rhypot(x, y float64) float64 { return Rhypot(x, y) }

// Rhypot returns rhypot(x, y) under nvcc's default flags (Flags{}.Rhypot).
func Rhypot(x, y float64) float64 {
	lo, hi, s, e := hypotPrep64(b64(x), b64(y))
	scale := uint64(0x7fd00000-e) << 32
	r := rounding.Mul64RN(scale, normRsqrt64(s))
	if uint32(r>>32) < 0x7ff00000 {
		return f64b(r)
	}
	switch {
	case lo == f64.InfBits:
		return 0
	case f64.IsNaN(hi):
		// add.rn.f64 hi, lo: the special grid's kernel returns hi's NaN
		// first, as DADD lo, hi does (ptxas exchanged the operands).
		return f64b(rounding.Add64RN(lo, hi))
	case hi == f64.InfBits:
		return 0
	}
	return f64b(f64.InfBits)
}

// normSum64 returns the abs.f64 of the elements' sum in order (add.f64),
// their maximum and the minima of the kernels' max/min chain, smallest
// stage first: for a, b, c, d: min(a,b), min(max(a,b),c), … and the
// scaled sum of squares (the largest's square added last) with the
// masked high word of the maximum.
func normSum64(a []uint64) (sum, m, s uint64, e uint32) {
	var mins [3]uint64
	sum = ptx.AbsF64(a[0])
	m = sum
	for i, u := range a[1:] {
		v := ptx.AbsF64(u)
		sum = rounding.Add64RN(sum, v)
		mins[i] = ptx.MinF64(m, v)
		m = ptx.MaxF64(m, v)
	}
	scale, e := normScale64(uint32(m >> 32))
	// The squares, smallest stage's last minimum first: for three elements
	// fma(m0, m0, m1²) then the maximum's.
	n := len(a) - 1
	t := rounding.Mul64RN(mins[n-1], scale)
	s = rounding.Mul64RN(t, t)
	for i := n - 2; i >= 0; i-- {
		t = rounding.Mul64RN(mins[i], scale)
		s = rounding.Fma64RN(t, t, s)
	}
	t = rounding.Mul64RN(m, scale)
	return sum, m, rounding.Fma64RN(t, t, s), e
}

// norm34 is norm3d_'s and norm4d_'s ending: the root if the sum of the
// elements exceeds the largest, else that sum (one element nonzero, or a
// NaN), and the largest when its high word is at least +Inf's.
func norm34(a []uint64) uint64 {
	sum, m, s, e := normSum64(a)
	r := sum
	if ptx.SetpF64(ptx.GT, sum, m) {
		r = normRoot64(s, e)
	}
	if uint32(m>>32) >= 0x7ff00000 {
		return m
	}
	return r
}

// rnorm34 is rnorm3d_'s and rnorm4d_'s ending: the refined reciprocal
// root (no DBL_MAX clamp) times the scale if the sum of the elements is
// positive, else that sum + Inf (+Inf for zeros, the NaN for a NaN), and
// +0 when the largest is +Inf.
func rnorm34(a []uint64) uint64 {
	sum, m, s, e := normSum64(a)
	if m == f64.InfBits {
		return 0
	}
	if ptx.SetpF64(ptx.GT, sum, 0) {
		return rounding.Mul64RN(uint64(0x7fd00000-e)<<32, normRsqrt64(s))
	}
	return rounding.Add64RN(sum, f64.InfBits)
}

// Norm3d returns √(x² + y² + z²) as CUDA's norm3d computes it under fl,
// without undue overflow or underflow.
//
// Special cases are (in order):
//
//	Norm3d(x, y, z) = +Inf if an operand is ±Inf, even with a NaN
//	Norm3d(x, y, z) = NaN if an operand is NaN: |x| + |y| + |z|, that sum's NaN (a max.f64 of NaNs when all are)
//	Norm3d(x, y, z) = |x| + |y| + |z| when at most one operand is nonzero
//
// Accuracy: bit-exact with the H100's norm3d (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Norm3d(x, y, z float64) float64 { return Norm3d(x, y, z) }

// Norm3d returns norm3d(x, y, z) under nvcc's default flags (Flags{}.Norm3d).
func Norm3d(x, y, z float64) float64 { return f64b(norm34([]uint64{b64(x), b64(y), b64(z)})) }

// Rnorm3d returns 1/√(x² + y² + z²) as CUDA's rnorm3d computes it under fl.
//
// Special cases are (in order):
//
//	Rnorm3d(x, y, z) = +0 if an operand is ±Inf, even with a NaN
//	Rnorm3d(x, y, z) = NaN if an operand is NaN: |x| + |y| + |z|, that sum's NaN
//	Rnorm3d(±0, ±0, ±0) = +Inf
//
// Accuracy: bit-exact with the H100's rnorm3d (sm_90, CUDA 13.0) under
// each of the six captured flag sets. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Rnorm3d(x, y, z float64) float64 { return Rnorm3d(x, y, z) }

// Rnorm3d returns rnorm3d(x, y, z) under nvcc's default flags (Flags{}.Rnorm3d).
func Rnorm3d(x, y, z float64) float64 { return f64b(rnorm34([]uint64{b64(x), b64(y), b64(z)})) }

// Norm4d returns √(x² + y² + z² + t²) as CUDA's norm4d computes it under
// fl, without undue overflow or underflow.
//
// Special cases are (in order):
//
//	Norm4d(x, y, z, t) = +Inf if an operand is ±Inf, even with a NaN
//	Norm4d(x, y, z, t) = NaN if an operand is NaN: |x| + |y| + |z| + |t|, that sum's NaN (a max.f64 of NaNs when all are)
//	Norm4d(x, y, z, t) = |x| + |y| + |z| + |t| when at most one operand is nonzero
//
// Accuracy: bit-exact with the H100's norm4d (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Norm4d(x, y, z, t float64) float64 { return Norm4d(x, y, z, t) }

// Norm4d returns norm4d(x, y, z, t) under nvcc's default flags (Flags{}.Norm4d).
func Norm4d(x, y, z, t float64) float64 {
	return f64b(norm34([]uint64{b64(x), b64(y), b64(z), b64(t)}))
}

// Rnorm4d returns 1/√(x² + y² + z² + t²) as CUDA's rnorm4d computes it
// under fl.
//
// Special cases are (in order):
//
//	Rnorm4d(x, y, z, t) = +0 if an operand is ±Inf, even with a NaN
//	Rnorm4d(x, y, z, t) = NaN if an operand is NaN: |x| + |y| + |z| + |t|, that sum's NaN
//	Rnorm4d(±0, ±0, ±0, ±0) = +Inf
//
// Accuracy: bit-exact with the H100's rnorm4d (sm_90, CUDA 13.0) under
// each of the six captured flag sets. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Rnorm4d(x, y, z, t float64) float64 { return Rnorm4d(x, y, z, t) }

// Rnorm4d returns rnorm4d(x, y, z, t) under nvcc's default flags (Flags{}.Rnorm4d).
func Rnorm4d(x, y, z, t float64) float64 {
	return f64b(rnorm34([]uint64{b64(x), b64(y), b64(z), b64(t)}))
}

// normArray64 is the body of kernels norm_ and rnorm_ on the encodings'
// absolute values: their maximum m (max.f64, +0 for an empty array), the
// sum of the squares of the scaled elements but the first one equal to the
// scaled maximum, then that maximum's square added.
func normArray64(a []float64) (m, sum, s uint64, e uint32) {
	for i, x := range a {
		v := ptx.AbsF64(b64(x))
		if i == 0 {
			m = v
			continue
		}
		m = ptx.MaxF64(v, m)
	}
	scale, e := normScale64(uint32(m >> 32))
	mm := rounding.Mul64RN(m, scale)
	skipped := false
	for _, x := range a {
		t := rounding.Mul64RN(scale, ptx.AbsF64(b64(x)))
		if !skipped && ptx.SetpF64(ptx.EQ, t, mm) {
			skipped = true // the first maximum is left out
			continue
		}
		sum = rounding.Fma64RN(t, t, sum)
	}
	return m, sum, rounding.Fma64RN(mm, mm, sum), e
}

// Norm returns √(a[0]² + … + a[dim−1]²) for dim = len(a) as CUDA's
// norm(dim, a) computes it under fl, without undue overflow or underflow.
//
// Special cases are (in order):
//
//	Norm(a) = max |a[i]| (max.f64) if its encoding's high word is at least +Inf's: +Inf if an element is ±Inf, even with a NaN; a NaN if all are NaN
//	Norm(a) = max |a[i]| when it is the only nonzero element, and for an empty array (dim = 0): +0
//	Norm(a) = NaN if an element is NaN: the last NaN element quieted
//
// The result depends on the order of the elements (the sum of squares is
// rounded in order).
//
// Accuracy: bit-exact with the H100's norm (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "An error bound cannot be
// provided because a fast algorithm is used with accuracy loss due to
// round-off."
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Norm(a []float64) float64 { return Norm(a) }

// Norm returns norm(len(a), a) under nvcc's default flags (Flags{}.Norm).
func Norm(a []float64) float64 {
	m, sum, s, e := normArray64(a)
	if ptx.SetpF64(ptx.EQ, sum, 0) || uint32(m>>32) >= 0x7ff00000 {
		return f64b(m)
	}
	return f64b(normRoot64(s, e))
}

// Rnorm returns 1/√(a[0]² + … + a[dim−1]²) for dim = len(a) as CUDA's
// rnorm(dim, a) computes it under fl: rsqrt.approx.f64 of the scaled sum
// of squares, times the scale.
//
// Special cases are (in order):
//
//	Rnorm(a) = +0 if an element is ±Inf, even with a NaN
//	Rnorm(a) = NaN if an element is NaN
//	Rnorm(a) = +Inf when every element is ±0, and for an empty array (dim = 0)
//
// The result depends on the order of the elements, as Norm's does.
//
// Accuracy: bit-exact with the H100's rnorm (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "An error bound cannot be
// provided because a fast algorithm is used with accuracy loss due to
// round-off."
//
// Flags: none changes the result (see lib64_norm.go).
func (fl Flags) Rnorm(a []float64) float64 { return Rnorm(a) }

// Rnorm returns rnorm(len(a), a) under nvcc's default flags (Flags{}.Rnorm).
func Rnorm(a []float64) float64 {
	m, _, s, e := normArray64(a)
	if m == f64.InfBits {
		return 0
	}
	return f64b(rounding.Mul64RN(uint64(0x7fd00000-e)<<32, ptx.RsqrtApproxF64(s)))
}
