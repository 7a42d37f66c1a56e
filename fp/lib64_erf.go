package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double error functions (issue 18): erf, erfc, erfcx, normcdf,
// erfinv, erfcinv and normcdfinv follow kernels erf_, erfc_, erfcx_,
// normcdf_, erfinv_, erfcinv_ and normcdfinv_ of gpu/ref/funcs64/*.ptx.xz
// (CUDA 13.0.88, sm_90), with the host's float64 arithmetic for their
// binary64 fma.rn, add, mul and div.rn as in lib64_exp.go, and
// rcp.approx.ftz.f64 from package ptx. ptxas contracts none of their
// mul/add: each kernel's SASS has as many DFMA beyond the PTX's fma.rn as
// the inlined divisions and logarithms account for, under -fmad=true and
// -fmad=false alike. Where -fmad=false changes the PTX (nvcc's own
// contraction of a product into an fma.rn), the emulation takes the
// -fmad=false form under Flags.NoFMAD. The float32 instructions inside
// (erf's exponential, the range tests of erfcx, erfinv, erfcinv and
// normcdfinv on a high word read as a float32) take their .ftz forms under
// -ftz=true and -use_fast_math; each function's doc comment says whether
// that changes a result.

// f32Of is cvt.rn{.ftz}.f32.f64: the host's float32 conversion (RN), the
// result flushed to a signed zero under ftz where it is subnormal.
func f32Of(x float64, ftz bool) uint32 {
	u := math.Float32bits(float32(x))
	if ftz && u&0x7f800000 == 0 {
		u &= signBit
	}
	return u
}

// f64Of is cvt{.ftz}.f64.f32: exact, a subnormal operand flushed to a
// signed zero under ftz.
func f64Of(u uint32, ftz bool) float64 {
	if ftz && u&0x7f800000 == 0 {
		u &= signBit
	}
	return float64(math.Float32frombits(u))
}

// rintF32 is cvt.rni.f32.f32: round to the nearest integer, ties to even
// (the float64 rounding of a float32 value is exact and gives the same
// integer; NaN and ±Inf pass through, NaN quieted).
func rintF32(u uint32) uint32 {
	return math.Float32bits(float32(math.RoundToEven(float64(math.Float32frombits(u)))))
}

// hi32f is the high word of x, the float32 the kernels' range tests read.
func hi32f(x float64) float32 { return math.Float32frombits(uint32(math.Float64bits(x) >> 32)) }

// Erf returns the error function of x as CUDA's erf computes it under fl.
//
// Special cases are:
//
//	Erf(±Inf) = ±1
//	Erf(NaN) = NaN 0x7fffffffe0000000 with x's sign
//	Erf(±0) = ±0
//	Erf(x) = ±1 for |x| ≥ 0x1.7afb48dc96626p+02 (≈ 5.921587195794507)
//
// Accuracy: bit-exact with the H100's erf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result. -ftz=true and -use_fast_math give its
// float32 instructions (e^-t as 2^n·e^r with n = rint(float32(t)·-log2(e))
// and ex2.approx.ftz.f32(n)) their .ftz forms and -fmad=false its mul and
// add their .rn forms, which ptxas does not contract anyway: a float32(t)
// flushed to zero gives n = -0 as the unflushed one does.
func (fl Flags) Erf(x float64) float64 { return erf64(x, fl.FTZ) }

// Erf returns erf(x) under nvcc's default flags (Flags{}.Erf).
func Erf(x float64) float64 { return erf64(x, false) }

func erf64(x float64, ftz bool) float64 {
	if x != x {
		// The last fma's NaN is 2^n's: float32's canonical NaN, widened.
		return math.Copysign(math.Float64frombits(0x7fffffffe0000000), x)
	}
	a := math.Abs(x)
	// erf(a) = 1 − e^−t with t = a + a·p(a) = th + tl.
	p := math.FMA(-0x1.0679afba6f279p-48, a, 0x1.7088fdb46fa5fp-43)
	p = math.FMA(p, a, -0x1.df9f9b976a9b2p-39)
	p = math.FMA(p, a, 0x1.7f1f5590cc332p-35)
	p = math.FMA(p, a, -0x1.a28a3cd2d56c4p-32)
	p = math.FMA(p, a, 0x1.485ee67835925p-29)
	p = math.FMA(p, a, -0x1.76db45919f583p-27)
	p = math.FMA(p, a, 0x1.2d698d98c8d71p-25)
	p = math.FMA(p, a, -0x1.20a2c7155d5c6p-24)
	p = math.FMA(p, a, -0x1.1d29b37ca1397p-27)
	p = math.FMA(p, a, 0x1.2ef6cc0f67a49p-21)
	p = math.FMA(p, a, -0x1.102b892333b6fp-19)
	p = math.FMA(p, a, 0x1.a30375ba9a84ep-19)
	p = math.FMA(p, a, 0x1.aad18dedea43ep-19)
	p = math.FMA(p, a, -0x1.f05355bc5b225p-16)
	p = math.FMA(p, a, 0x1.0e37a3108bc8bp-14)
	p = math.FMA(p, a, 0x1.b292d828e5cb2p-16)
	p = math.FMA(p, a, -0x1.356626ebf9bfap-11)
	p = math.FMA(p, a, 0x1.bca68f73d6afcp-10)
	p = math.FMA(p, a, -0x1.b6b69ebbc280bp-13)
	p = math.FMA(p, a, -0x1.396685912a453p-06)
	p = math.FMA(p, a, 0x1.a4f4e2a1abef8p-04)
	p = math.FMA(p, a, 0x1.45f306dc9c8bbp-01)
	p = math.FMA(p, a, 0x1.06eba8214db69p-03)
	th := math.FMA(p, a, a)
	tl := math.FMA(p, a, a-th)
	// e^−t = 2^n·e^r, n = rint(float32(th)·−log2(e)) in float32, and
	// 1 − 2^n·e^r = (1 − 2^n) − 2^n·(e^r − 1).
	n := rintF32(mul(f32Of(th, ftz), 0xbfb8aa3b, ftz))
	nd := f64Of(n, ftz)
	r := math.FMA(-nd, exp64Ln2Hi, -th)
	q := math.FMA(0x1.ae904a4741b81p-26, r, 0x1.28a27f89b6999p-22)
	q = math.FMA(q, r, 0x1.71de715ff7e07p-19)
	q = math.FMA(q, r, 0x1.a019a6b0ac45ap-16)
	q = math.FMA(q, r, 0x1.a01a017eed94fp-13)
	q = math.FMA(q, r, 0x1.6c16c17f2a71bp-10)
	q = math.FMA(q, r, 0x1.11111111173c4p-07)
	q = math.FMA(q, r, 0x1.555555555211ap-05)
	q = math.FMA(q, r, 0x1.5555555555540p-03)
	q = math.FMA(q, r, 0x1.0000000000005p-01)
	e := r + math.FMA(float64(r*q), r, -tl)
	s := f64Of(ptx.Ex2Approx(n, true), ftz)
	y := math.FMA(-e, s, 1-s)
	if a >= 0x1.7afb48dc96626p+02 {
		y = 1
	}
	return math.Copysign(y, x)
}
