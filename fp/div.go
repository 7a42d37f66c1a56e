package fp

import (
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Div returns x/y as compiled by nvcc under fl: div.rn.f32 by default,
// div.full.f32 with -prec-div=false, __fdividef (div.approx.ftz.f32) with
// -use_fast_math.
//
// Special cases are (default flags):
//
//	Div(±0, ±0) = Div(±Inf, ±Inf) = NaN (canonical 0x7fffffff)
//	Div(x, NaN) = Div(NaN, y) = NaN (canonical 0x7fffffff)
//	Div(x, ±0) = ±Inf for x ≠ 0, sign = sign(x) XOR sign(y)
//	Div(x, ±Inf) = ±0 for finite x, sign = sign(x) XOR sign(y)
//
// Under -use_fast_math, Div(x, y) = ±0 for 2^126 < |y| < 2^128 and finite x,
// and NaN for x = ±Inf (div.approx: x·(1/y)).
//
// Accuracy: correctly rounded by default; bit-exact with the H100 (sm_90,
// CUDA 13.0) under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 17): "0 ulp for
// compute capability ≥ 2 when compiled with -prec-div=true; 2 ulp (full
// range) otherwise." For __fdividef (Table 21): "For abs(y) in [2^-126,
// 2^126], the maximum ulp error is 2."
//
// Flags: -prec-div=false: div.full.f32 (ptx.DivFull). -use_fast_math:
// __fdividef, div.approx.ftz.f32 (intrinsics.Target.Fdividef); with
// -use_fast_math -prec-div=true, not captured, div.rn is assumed.
// -ftz=true: the .ftz forms. -prec-sqrt and -fmad do not change it.
func (fl Flags) Div(x, y float32) float32 { return fromBits(fl.div(toBits(x), toBits(y))) }

// Div returns x/y under nvcc's default flags (Flags{}.Div): div.rn.f32.
func Div(x, y float32) float32 { return rounding.DivRN(x, y) }

func (fl Flags) div(x, y uint32) uint32 {
	switch {
	case !fl.ApproxDiv:
		return ptx.Div(x, y, rounding.RN, fl.FTZ)
	case fl.FastLib:
		return toBits(intrinsics.Target{FTZ: fl.FTZ}.Fdividef(fromBits(x), fromBits(y)))
	}
	return ptx.DivFull(x, y, fl.FTZ)
}

// Fdividef returns CUDA's fdividef(x, y), the library function, under fl:
// nvcc compiles it exactly as x/y (div.rn.f32 by default, div.full.f32 with
// -prec-div=false, div.approx.ftz.f32 with -use_fast_math).
//
// Special cases are those of Div.
//
// Accuracy: as Div. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "as x/y: 0 ulp with -prec-div=true, 2
// ulp otherwise".
//
// Flags: as Div.
func (fl Flags) Fdividef(x, y float32) float32 { return fromBits(fl.div(toBits(x), toBits(y))) }

// Fdividef returns fdividef(x, y) under nvcc's default flags: div.rn.f32.
func Fdividef(x, y float32) float32 { return Flags{}.Fdividef(x, y) }

// Rcp returns 1.0f/x as compiled by nvcc under fl: rcp.rn.f32 by default,
// rcp.approx.f32 with -prec-div=false.
//
// Special cases are:
//
//	Rcp(±0) = ±Inf
//	Rcp(±Inf) = ±0
//	Rcp(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: correctly rounded by default; bit-exact with the H100 (sm_90,
// CUDA 13.0) under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 17): "0 ulp for
// compute capability ≥ 2 when compiled with -prec-div=true; 1 ulp (full
// range) otherwise."
//
// Flags: -prec-div=false (and -use_fast_math): rcp.approx.f32
// (ptx.RcpApprox). -ftz=true: the .ftz forms, a subnormal x is read as ±0
// (Rcp = ±Inf). -prec-sqrt and -fmad do not change it.
func (fl Flags) Rcp(x float32) float32 { return fromBits(fl.rcp(toBits(x))) }

// Rcp returns 1.0f/x under nvcc's default flags (Flags{}.Rcp): rcp.rn.f32.
func Rcp(x float32) float32 { return rounding.RcpRN(x) }

func (fl Flags) rcp(x uint32) uint32 {
	if fl.ApproxDiv {
		return ptx.RcpApprox(x, fl.FTZ)
	}
	return ptx.Rcp(x, rounding.RN, fl.FTZ)
}

// RcpSqrt returns 1.0f/sqrtf(x) as compiled by nvcc under fl: sqrtf's
// instruction then 1.0f/x's (sqrt.rn.f32 then rcp.rn.f32 by default), or one
// rsqrt.approx.f32 when both are approximate.
//
// Special cases are:
//
//	RcpSqrt(+0) = +Inf
//	RcpSqrt(-0) = -Inf
//	RcpSqrt(+Inf) = +0
//	RcpSqrt(x) = NaN for x < 0 (canonical 0x7fffffff)
//	RcpSqrt(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) under each of the six
// captured flag sets; by default two correctly rounded steps. Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 17):
// "rsqrtf(x): 2 ulp (full range); applies to 1/sqrtf(x) only when the
// compiler converts it to rsqrtf."
//
// Flags: -prec-div=false: sqrt.rn then rcp.approx. -prec-sqrt=false:
// sqrt.approx then rcp.rn. -use_fast_math: rsqrt.approx.ftz.f32
// (ptx.RsqrtApprox); with -prec-div=false -prec-sqrt=false alone, not
// captured, the same rsqrt.approx is assumed. -ftz=true: the .ftz forms.
// -fmad does not change it.
func (fl Flags) RcpSqrt(x float32) float32 {
	u := toBits(x)
	if fl.ApproxDiv && fl.ApproxSqrt {
		return fromBits(ptx.RsqrtApprox(u, fl.FTZ))
	}
	return fromBits(fl.rcp(fl.sqrt(u)))
}

// RcpSqrt returns 1.0f/sqrtf(x) under nvcc's default flags
// (Flags{}.RcpSqrt): sqrt.rn.f32 then rcp.rn.f32.
func RcpSqrt(x float32) float32 { return Flags{}.RcpSqrt(x) }

// Sqrtf returns the square root of x as CUDA's sqrtf computes it under fl:
// sqrt.rn.f32 by default, sqrt.approx.f32 with -prec-sqrt=false.
//
// Special cases are:
//
//	Sqrtf(+Inf) = +Inf
//	Sqrtf(±0) = ±0
//	Sqrtf(x) = NaN for x < 0 (canonical 0x7fffffff)
//	Sqrtf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: correctly rounded by default; bit-exact with the H100 (sm_90,
// CUDA 13.0) under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 17): "0 ulp when
// compiled with -prec-sqrt=true; otherwise 1 ulp for compute capability ≥
// 5.2".
//
// Flags: -prec-sqrt=false (and -use_fast_math): sqrt.approx.f32
// (ptx.SqrtApprox). -ftz=true: the .ftz forms, a subnormal x is read as ±0.
// -prec-div and -fmad do not change it; sqrtf is not among -use_fast_math's
// library swaps.
func (fl Flags) Sqrtf(x float32) float32 { return fromBits(fl.sqrt(toBits(x))) }

// Sqrtf returns sqrtf(x) under nvcc's default flags (Flags{}.Sqrtf).
func Sqrtf(x float32) float32 { return rounding.SqrtRN(x) }

func (fl Flags) sqrt(x uint32) uint32 {
	if fl.ApproxSqrt {
		return ptx.SqrtApprox(x, fl.FTZ)
	}
	return ptx.Sqrt(x, rounding.RN, fl.FTZ)
}

// Rsqrtf returns 1/√x as CUDA's rsqrtf computes it: one rsqrt.approx.f32
// (ptx.RsqrtApprox).
//
// Special cases are:
//
//	Rsqrtf(+0) = +Inf
//	Rsqrtf(-0) = -Inf
//	Rsqrtf(+Inf) = +0
//	Rsqrtf(x) = NaN for x < 0 (canonical 0x7fffffff)
//	Rsqrtf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's rsqrtf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 2 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): rsqrt.approx.ftz.f32, a
// subnormal x is read as ±0 (Rsqrtf = ±Inf). The other flags do not change
// it.
func (fl Flags) Rsqrtf(x float32) float32 { return fromBits(ptx.RsqrtApprox(toBits(x), fl.FTZ)) }

// Rsqrtf returns rsqrtf(x) under nvcc's default flags (Flags{}.Rsqrtf).
func Rsqrtf(x float32) float32 { return Flags{}.Rsqrtf(x) }
