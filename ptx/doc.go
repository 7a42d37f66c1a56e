// Package ptx gives the semantics of the PTX .f32 instruction forms CUDA
// math uses, as sm_90 executes them (NVIDIA H100, CUDA 13.0): each function
// takes and returns binary32 encodings (uint32), is total, and is bit-exact
// with the device.
//
// The IEEE forms (add, sub, mul, fma, div.rn, rcp.rn, sqrt.rn, cvt, …) are
// the correctly rounded operations of package rounding under their PTX
// names. The approximate forms run on the multifunction unit (MUFU), modelled
// here datapath and all: ex2.approx, lg2.approx, rcp.approx, rsqrt.approx
// and sqrt.approx (Ex2Approx, Lg2Approx, RcpApprox, RsqrtApprox,
// SqrtApprox: table-based quadratic interpolation with coefficients derived
// from device data, see mufu.go), sin.approx, cos.approx and tanh.approx,
// and the divisions built on MUFU.RCP, div.approx and div.full (DivApprox,
// DivFull).
//
// The MUFU cores flush: they read subnormal inputs as zeros of the same sign
// and return zero for results below 2^-126. The .ftz forms are the bare
// MUFU operations; the forms without .ftz are the fix-up code ptxas wraps
// around them (scaling subnormal operands by 2^24 and the result back,
// halving ex2's argument below -126 and squaring the result), whose IEEE
// multiplies and adds round to nearest without flushing. Each function's
// ftz argument selects the form, and its documentation gives the sequence.
//
// NaN results are the canonical NaN 0x7fffffff, as on the device.
package ptx
