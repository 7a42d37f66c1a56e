package fp

import (
	"math"
	"math/bits"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double trigonometric functions (issue 18): sin, cos, tan, sincos,
// sinpi, cospi and sincospi follow kernels sin_, cos_, tan_, sincos_,
// sinpi_, cospi_ and sincospi_ of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88,
// sm_90), with the .func __internal_trig_reduction_slowpathd they call.
// Their binary64 fma.rn, add and mul are IEEE operations rounded to
// nearest, which the host's float64 arithmetic performs identically
// (math.FMA for fma.rn.f64; a lone product in float64(...) so that no port
// fuses it); NaN and infinite operands, the only ones from which a NaN can
// reach an operation, return the device's NaN explicitly.
//
// Flags: -fmad=false turns the kernels' few mul.f64/sub.f64 into their .rn
// forms, but ptxas contracts none of them (the SASS of the default and the
// -fmad=false builds has the same DFMA, DMUL and DADD counts: sin_ 12/3/0,
// tan_ 25/4/1, sinpi_ 11/3/0, sincospi_ 16/4/1), so no flag changes a
// result; -ftz=true, -prec-div=false, -prec-sqrt=false and -use_fast_math
// leave these kernels' PTX unchanged. The golden data of all six flag sets
// checks it.
//
// Argument reduction of sin, cos, tan and sincos, x = q·π/2 + r:
//
//   - |x| < 2^31: q = rint(x·2/π) (mul.f64, cvt.rni.s32.f64), then
//     r = x − q·π/2 in three fma.rn with π/2 split into three doubles.
//   - finite |x| ≥ 2^31: Payne–Hanek in 64-bit integer arithmetic
//     (trig64Slow): the 53-bit significand times 192 or 256 bits of the 2/π
//     table __cudart_i2opi_d, the fraction times π/2 rounded by hand.
//   - ±Inf: r = x·0, the device's default NaN, q = 0.

// The Cody–Waite constants of the reduction (PTX immediates).
const (
	trig64TwoOverPi = 0x1.45f306dc9c883p-01 // 0x3FE45F306DC9C883 ≈ 2/π
	trig64Pio2Hi    = 0x1.921fb54442d18p+00 // 0x3FF921FB54442D18
	trig64Pio2Mid   = 0x1.1a62633145cp-54   // 0x3C91A62633145C00
	trig64Pio2Lo    = 0x1.b839a252049cp-104 // 0x397B839A252049C0
	trig64PiHi      = 0x1.921fb54442d18p+01 // 0x400921FB54442D18: π, sinpi's
	trig64PiLo      = 0x1.1a62633145c07p-53 // 0x3CA1A62633145C07: π − trig64PiHi
	trig64SlowMin   = 0x1p31                // 0x41E0000000000000: |x| from here takes Payne–Hanek
	trig64DefNaN    = 0xfff8000000000000    // the device's NaN of an invalid operation (Inf·0)
	trig64Pio2Fix   = 0xc90fdaa22168c235    // π/2·2^63, rounded (the PTX's -3958705157555305931)
	trig64HalfBits  = 0x3fe0000000000000    // 0.5
)

// i2opi64 are the first 1152 bits of the fraction of 2/π, least significant
// word first (2/π = 0x0.a2f9836e4e441529 fc2757d1f534ddc0 …). Provenance:
// the .global table __cudart_i2opi_d[144] (bytes, little-endian) of
// gpu/ref/funcs64/default.ptx.xz, identical in every flag set's PTX;
// TestI2opi64 recomputes it from π in math/big.
var i2opi64 = [18]uint64{
	0x6bfb5fb11f8d5d08, 0x3d0739f78a5292ea, 0x7527bac7ebe5f17b, 0x4f463f669e5fea2d,
	0x6d367ecf27cb09b7, 0xef2f118b5a0a6d1f, 0x1ff897ffde05980f, 0x9c845f8bbdf9283b,
	0x3991d639835339f4, 0xe99c7026b45f7e41, 0xe88235f52ebb4484, 0xfe1deb1cb129a73e,
	0x06492eea09d1921c, 0xb7246e3a424dd2e0, 0xfe5163abdebbc561, 0xdb6295993c439041,
	0xfc2757d1f534ddc0, 0xa2f9836e4e441529,
}

// trig64NaN returns the kernels' result for a NaN or infinite x: x quieted
// (sign and payload kept) for a NaN, the default NaN of x·0 for ±Inf.
func trig64NaN(x float64) float64 {
	if x != x {
		return math.Float64frombits(math.Float64bits(x) | 1<<51)
	}
	return math.Float64frombits(trig64DefNaN)
}

// trig64Reduce returns r and the quadrant q of a finite x as kernels sin_,
// cos_, tan_ and sincos_ compute them.
func trig64Reduce(x float64) (r float64, q uint32) {
	if !(math.Abs(x) < trig64SlowMin) {
		return trig64Slow(math.Float64bits(x))
	}
	return trig64Fast(x)
}

// trig64Fast is trig64Reduce for |x| < 2^31 (small enough to inline).
func trig64Fast(x float64) (r float64, q uint32) {
	// cvt.rni.s32.f64 of t = x·2/π, |t| < 2^31: t + 1.5·2^52 lies in
	// (2^52, 2^53), where doubles are the integers, so the sum is t
	// rounded to an integer, ties to even (1.5·2^52 is even); its low word
	// is that integer's, and subtracting 1.5·2^52 back is exact. nq is
	// then -cvt.rn.f64.s32 of q, exactly (-0 for q = 0, as there).
	t := float64(x*trig64TwoOverPi) + exp64Shifter
	q = uint32(math.Float64bits(t))
	nq := -(t - exp64Shifter)
	r = math.FMA(nq, trig64Pio2Hi, x)
	r = math.FMA(nq, trig64Pio2Mid, r)
	return math.FMA(nq, trig64Pio2Lo, r), q
}

// trig64Slow is __internal_trig_reduction_slowpathd for finite |x| ≥ 2^31
// (encoding ux), statement for statement: it returns r and q.
func trig64Slow(ux uint64) (float64, uint32) {
	hi := uint32(ux >> 32)
	e := hi >> 20 & 0x7ff // 1054 to 2046 here
	k := (e - 1024) >> 6  // %r14, in [0, 15]
	first := 15 - k       // %r3: the first table word
	end := 19 - k         // %r4: one past the last
	if k < 2 {
		end = 18
	}
	sig := ux<<11 | 1<<63 // the significand, left-aligned
	// The product sig · i2opi64[first:end], 64 bits a word (the local
	// array __local_depot of the PTX: a fixed-size array, no allocation).
	// Only words 1 to 3 are read.
	var w [5]uint64
	var carry uint64
	n := 0
	for i := first; i < end; i++ {
		ph, pl := bits.Mul64(i2opi64[i], sig)
		var c uint64
		w[n], c = bits.Add64(pl, carry, 0)
		carry = ph + c
		n++
	}
	w[n] = carry
	mid, top := w[2], w[3] // %rd76, %rd75
	if sh := e & 63; sh != 0 {
		top = top<<sh | mid>>(64-sh)
		mid = mid<<sh | w[1]>>(64-sh)
	}
	half := uint32(top>>61) & 1 // the fraction is ≥ 1/2: round q up
	q := uint32(top>>62) + half
	sign := hi & 0x80000000
	if sign != 0 {
		q = -q
	}
	// The 128-bit fraction fh:fl after the quadrant bits, negated (two's
	// complement) when q was rounded up, the sign then flipped.
	fh, fl := top<<2|mid>>62, mid<<2
	if half != 0 {
		var b uint64
		fl, b = bits.Sub64(0, fl, 0)
		fh, _ = bits.Sub64(0, fh, b)
		sign ^= 0x80000000
	}
	// Normalize (clz.b64; Go's shifts by 64 give 0 as PTX's clamped ones
	// do), multiply by π/2, renormalize once and round by hand.
	z := uint64(bits.LeadingZeros64(fh))
	m := fh<<z | fl>>(64-z)
	ph, pl := bits.Mul64(m, trig64Pio2Fix)
	if int64(ph) > 0 {
		ph = ph<<1 | pl>>63
		z++
	}
	r := trig64HalfBits - z<<52 + ((ph+1)>>10+1)>>1
	return math.Float64frombits(r | uint64(sign)<<32), q
}

// sin64Poly returns sin(r) of the kernels, s = r·r: the odd polynomial of
// __cudart_sin_cos_coeffs[0:6] after 0x1.5db65f9785ebap-33, in fma.rn.
func sin64Poly(r, s float64) float64 {
	p := math.FMA(0x1.5db65f9785ebap-33, s, -0x1.ae5f12cb0d246p-26)
	p = math.FMA(p, s, 0x1.71de369ace392p-19)
	p = math.FMA(p, s, -0x1.a01a019db62a1p-13)
	p = math.FMA(p, s, 0x1.1111111110818p-07)
	p = math.FMA(p, s, -0x1.5555555555554p-03)
	p = math.FMA(p, s, 0)
	return math.FMA(p, r, r)
}

// cos64Poly returns cos(r) of the kernels, s = r·r: the even polynomial of
// __cudart_sin_cos_coeffs[8:14] after -0x1.8ff8320fd8164p-37, in fma.rn.
func cos64Poly(s float64) float64 {
	p := math.FMA(-0x1.8ff8320fd8164p-37, s, 0x1.1eea7c1ef8528p-29)
	p = math.FMA(p, s, -0x1.27e4f8e06e6d9p-22)
	p = math.FMA(p, s, 0x1.a01a019ddbce9p-16)
	p = math.FMA(p, s, -0x1.6c16c16c15d47p-10)
	p = math.FMA(p, s, 0x1.5555555555551p-05)
	p = math.FMA(p, s, -0.5)
	return math.FMA(p, s, 1)
}

// trig64Quadrant returns sin(q·π/2 + r): the sine polynomial for even q,
// the cosine one for odd q, negated by fma.rn(y, -1, 0) when q&2 is set.
// fma.rn(y, -1, 0) is 0 − y for every y that is not a NaN (the product is
// exact, and both give +0 for y = ±0), and no NaN reaches it: a NaN r
// comes with q = 0.
func trig64Quadrant(r float64, q uint32) float64 {
	s := float64(r * r)
	var y float64
	if q&1 == 0 {
		y = sin64Poly(r, s)
	} else {
		y = cos64Poly(s)
	}
	if q&2 != 0 {
		y = 0 - y
	}
	return y
}

// sin64Kernel is kernel sin_ (off = 0) and kernel cos_ (off = 1, the
// quadrant advanced by one) in one function: a single call on the common
// path.
func sin64Kernel(x float64, off uint32) float64 {
	var r float64
	var q uint32
	switch a := math.Abs(x); {
	case a < trig64SlowMin:
		r, q = trig64Fast(x)
	case a <= math.MaxFloat64:
		r, q = trig64Slow(math.Float64bits(x))
	default:
		return trig64NaN(x)
	}
	return trig64Quadrant(r, q+off)
}

// Sin returns the sine of x (radians) as CUDA's sin computes it under fl.
//
// Special cases are:
//
//	Sin(±0) = ±0
//	Sin(±Inf) = NaN (0xfff8000000000000)
//	Sin(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's sin (sm_90, CUDA 13.0) under each of
// the six captured flag sets, the Payne–Hanek range (|x| ≥ 2^31)
// included. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (-fmad=false changes the PTX, not its
// results: see lib64_trig.go).
func (fl Flags) Sin(x float64) float64 { return Sin(x) }

// Sin returns sin(x) under nvcc's default flags (Flags{}.Sin).
func Sin(x float64) float64 { return sin64Kernel(x, 0) }

// Cos returns the cosine of x (radians) as CUDA's cos computes it under fl.
//
// Special cases are:
//
//	Cos(±0) = 1
//	Cos(±Inf) = NaN (0xfff8000000000000)
//	Cos(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's cos (sm_90, CUDA 13.0) under each of
// the six captured flag sets, the Payne–Hanek range (|x| ≥ 2^31)
// included. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_trig.go).
func (fl Flags) Cos(x float64) float64 { return Cos(x) }

// Cos returns cos(x) under nvcc's default flags (Flags{}.Cos).
func Cos(x float64) float64 { return sin64Kernel(x, 1) }

// Sincos returns the sine and cosine of x (radians) as CUDA's sincos
// computes them under fl.
//
// Special cases are:
//
//	Sincos(±0) = ±0, 1
//	Sincos(±Inf) = NaN, NaN (0xfff8000000000000 both)
//	Sincos(NaN) = NaN, NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's sincos (sm_90, CUDA 13.0) under each
// of the six captured flag sets, and equal to Sin(x), Cos(x). Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 18):
// "2 (full range)", for each result.
//
// Flags: none changes the result (see lib64_trig.go).
func (fl Flags) Sincos(x float64) (sin, cos float64) { return Sincos(x) }

// Sincos returns sincos(x) under nvcc's default flags (Flags{}.Sincos).
func Sincos(x float64) (sin, cos float64) {
	if !(math.Abs(x) <= math.MaxFloat64) {
		n := trig64NaN(x)
		return n, n
	}
	r, q := trig64Reduce(x)
	s := float64(r * r)
	sin, cos = sin64Poly(r, s), cos64Poly(s)
	// The kernel swaps for odd q and flips signs (xor of the sign bit) for
	// q&2; no NaN reaches this (NaN r has q = 0).
	if q&1 != 0 {
		sin, cos = cos, -sin
	}
	if q&2 != 0 {
		sin, cos = -sin, -cos
	}
	return sin, cos
}

// Tan returns the tangent of x (radians) as CUDA's tan computes it under
// fl.
//
// Special cases are:
//
//	Tan(±0) = ±0
//	Tan(±Inf) = NaN (0xfff8000000000000)
//	Tan(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's tan (sm_90, CUDA 13.0) under each of
// the six captured flag sets, the Payne–Hanek range (|x| ≥ 2^31)
// included. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_trig.go).
func (fl Flags) Tan(x float64) float64 { return Tan(x) }

// Tan returns tan(x) under nvcc's default flags (Flags{}.Tan).
func Tan(x float64) float64 {
	if !(math.Abs(x) <= math.MaxFloat64) {
		return trig64NaN(x)
	}
	r, q := trig64Reduce(x)
	s := float64(r * r)
	p := math.FMA(0x1.48dac2799bcb9p-17, s, -0x1.9757c5b27ebb1p-16)
	p = math.FMA(p, s, 0x1.980e90fd91e04p-15)
	p = math.FMA(p, s, -0x1.ae2b0417d7e1dp-16)
	p = math.FMA(p, s, 0x1.19f5341bfba57p-14)
	p = math.FMA(p, s, 0x1.5e791a00f6919p-14)
	p = math.FMA(p, s, 0x1.ff2e7fadec73ap-13)
	p = math.FMA(p, s, 0x1.34bc1b206da62p-11)
	p = math.FMA(p, s, 0x1.7db18ef2f83f9p-10)
	p = math.FMA(p, s, 0x1.d6d2e7ae49fbcp-09)
	p = math.FMA(p, s, 0x1.226e3a816a776p-07)
	p = math.FMA(p, s, 0x1.664f485d2566p-06)
	p = math.FMA(p, s, 0x1.ba1ba1babf31dp-05)
	p = math.FMA(p, s, 0x1.11111111105d2p-03)
	p = math.FMA(p, s, 0x1.555555555555ep-02)
	u := float64(s * p)
	t := math.FMA(u, r, r) // tan(r) = t, the head
	if q&1 == 0 {
		return t
	}
	// −1/tan(r): lo = u·r − (t − r) is the tail of t; one Newton step on
	// MUFU.RCP64H's seed gives −1/t, then one correction with the tail.
	lo := math.FMA(u, r, -(t - r))
	y := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(t)))
	e := math.FMA(-t, y, 1)
	e = math.FMA(e, e, e)
	n := -math.FMA(e, y, y)
	c := math.FMA(t, n, 1)
	c = math.FMA(n, lo, c)
	return math.FMA(c, n, n)
}

// pi64Reduce returns r = π·(x − q/2) and q = rint(2x) for a finite x of
// |x| < 2^53·(1 + 2^-20) as kernels sinpi_, cospi_ and sincospi_ compute
// them. The kernels double x by adding 2^20 to its high word: for a normal
// x that is 2x, exactly; for a subnormal or zero x it is a normal number
// below 2^-1021 of x's sign, which rounds (cvt.rni.f64.f64) to the zero of
// x's sign as 2x does.
func pi64Reduce(x float64) (float64, uint32) {
	t := math.RoundToEven(2 * x)
	q := uint32(int64(t)) // cvt.rzi.s64.f64 of an integer below 2^54
	d := math.FMA(-t, 0.5, x)
	return math.FMA(d, trig64PiHi, float64(d*trig64PiLo)), q
}

// Sinpi returns sin(π·x) as CUDA's sinpi computes it under fl.
//
// Special cases are:
//
//	Sinpi(±0) = ±0
//	Sinpi(n) = ±0 for an integer n: the sign of n
//	Sinpi(±Inf) = NaN (0xfff8000000000000)
//	Sinpi(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's sinpi (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_trig.go).
func (fl Flags) Sinpi(x float64) float64 { return Sinpi(x) }

// Sinpi returns sinpi(x) under nvcc's default flags (Flags{}.Sinpi).
func Sinpi(x float64) float64 {
	if !(math.Abs(x) <= math.MaxFloat64) {
		return trig64NaN(x)
	}
	// The kernel's last step replaces the result by x·0 for an integral
	// x (cvt.rzi.f64.f64 x == x): every |x| ≥ 2^52 is one.
	if math.Trunc(x) == x {
		return math.Copysign(0, x)
	}
	r, q := pi64Reduce(x)
	return trig64Quadrant(r, q)
}

// cospi64Arg returns x as kernels cospi_ and sincospi_ use it: x·0 for a
// high word of magnitude at least 0x43400001 (|x| > 2^53, in effect), x
// otherwise; ok is false for a NaN or infinite x, whose results are
// trig64NaN's.
func cospi64Arg(x float64) (float64, bool) {
	if uint32(math.Float64bits(x)>>32)<<1 >= 0x86800001 {
		if !(math.Abs(x) <= math.MaxFloat64) {
			return x, false
		}
		return math.Copysign(0, x), true
	}
	return x, true
}

// Cospi returns cos(π·x) as CUDA's cospi computes it under fl.
//
// Special cases are:
//
//	Cospi(±0) = 1
//	Cospi(n + 1/2) = +0 for an integer n
//	Cospi(x) = 1 for |x| > 2^53
//	Cospi(±Inf) = NaN (0xfff8000000000000)
//	Cospi(NaN) = NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's cospi (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result (see lib64_trig.go).
func (fl Flags) Cospi(x float64) float64 { return Cospi(x) }

// Cospi returns cospi(x) under nvcc's default flags (Flags{}.Cospi).
func Cospi(x float64) float64 {
	x, ok := cospi64Arg(x)
	if !ok {
		return trig64NaN(x)
	}
	r, q := pi64Reduce(x)
	return trig64Quadrant(r, q+1)
}

// Sincospi returns sin(π·x) and cos(π·x) as CUDA's sincospi computes them
// under fl.
//
// Special cases are:
//
//	Sincospi(±0) = ±0, 1
//	Sincospi(n) = ±0 (the sign of n), ±1 for an integer n
//	Sincospi(x) = ±0 (the sign of x), 1 for |x| > 2^53
//	Sincospi(±Inf) = NaN, NaN (0xfff8000000000000 both)
//	Sincospi(NaN) = NaN, NaN: x quieted, sign and payload kept
//
// Accuracy: bit-exact with the H100's sincospi (sm_90, CUDA 13.0) under
// each of the six captured flag sets, and equal to Sinpi(x), Cospi(x).
// Documented (CUDA C++ Programming Guide 13.0, Mathematical Functions,
// Table 18): "2 (full range)", for each result.
//
// Flags: none changes the result (see lib64_trig.go).
func (fl Flags) Sincospi(x float64) (sin, cos float64) { return Sincospi(x) }

// Sincospi returns sincospi(x) under nvcc's default flags
// (Flags{}.Sincospi).
func Sincospi(x float64) (sin, cos float64) {
	x, ok := cospi64Arg(x)
	if !ok {
		n := trig64NaN(x)
		return n, n
	}
	r, q := pi64Reduce(x)
	s := float64(r * r)
	sin, cos = sin64Poly(r, s), cos64Poly(s)
	// Swap for odd q, sign flips (xor) for q&2, as sincos.
	if q&1 != 0 {
		sin, cos = cos, -sin
	}
	if q&2 != 0 {
		sin, cos = -sin, -cos
	}
	if math.Trunc(x) == x { // x·0 for an integral x
		sin = math.Copysign(0, x)
	}
	// add.rn.f64 cos + 0: -0 becomes +0; the result is exact otherwise.
	return sin, cos + 0
}
