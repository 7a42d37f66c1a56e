// Package rounding holds cudafp's correctly rounded IEEE-754 binary32
// operations and conversions, parameterised by rounding Mode and the PTX
// .ftz flag, with CUDA's NaN policy.
//
// Every operation takes and returns uint32 (and, for the conversions, uint64
// and integer) encodings. The exported operations compute on host floating
// point wherever IEEE 754 and the Go specification make the result exact
// (host.go states the facts and proves each path): binary32 arithmetic for
// RN; in the directed modes the RN result moved one step toward the exact
// value, whose side comes from the exact error (binary64 products and sums
// of binary32 values, TwoSum, FMA remainders: stepNearest), or from the
// difference of an exact binary64 value and its RN conversion (narrow: exact
// products, F64ToF32, the integer conversions). Results are identical on every GOARCH (CI runs
// the tests on arm64 too). The integer kernels stay beside them — each
// floating-point result through one rounding funnel, roundPack
// (roundpack.go), each integer result of a float-to-integer conversion
// through one integer rounding step, roundToInt (convert.go) — as the
// oracle the host paths are tested against bit for bit (host_test.go) and
// for the rare cases a host path hands back. The CUDA specifics (canonical
// NaN, what .ftz flushes, NaN results of conversions) live in cuda.go and
// nowhere else.
//
// AddRN, SubRN, MulRN, DivRN, RcpRN and SqrtRN (on float32 values) and
// Add32RN, …, Sqrt32RN (on encodings) are the RN operations without .ftz in
// a form the compiler inlines (no call): the default-target _rn intrinsics
// and fp's default-flag operators use them. AddMode, SubMode, MulMode,
// DivMode, RcpMode, SqrtMode and FmaMode are the operations without .ftz on
// float32 values in any mode, one call each: the default-target intrinsics
// of the other modes, and fma, use them. Add32, Sub32, Mul32, Div32, Rcp32
// and Sqrt32 (encodings, any mode, .ftz) are one call too, which in RN
// makes no further call: the PTX sequences of the library under every flag
// set run on them.
//
// Binary64 (binary64.go, convert64.go): Add64, Sub64, Mul64, Div64, Rcp64,
// Sqrt64 and Fma64 on uint64 encodings in the four modes (PTX has no .ftz
// for .f64), their inlinable RN entries Add64RN, …, and the conversions
// between float64 and the 32- and 64-bit integers. On float64 values, as
// binary32 has them: AddRN64, …, FmaRN64 (inlined) and AddMode64, …,
// FmaMode64 (one call), which the double intrinsics and fp's double
// operators use; the encodings' functions wrap them. Their integer kernels
// share one generic source with binary32's shape where the shape is the
// same (format.go, funnel.go, arithg.go: the funnel roundPackG, add, mul,
// div); binary32 keeps its own kernels, which measure faster
// (BenchmarkGeneric32), and TestGenericMatches32 holds the two to the same
// bits. The host paths (host64.go) state their proofs as host.go does.
// RoundInt64 is cvt.r?i.f64.f64.
//
// Binary16 and bfloat16 (half.go, zhalf.go): AddF16, SubF16, MulF16, FmaF16
// (with .ftz) and AddBF16, …, FmaBF16 in the four modes (PTX has .rn only),
// SatF16/ReluF16 for .sat and .relu, the conversions from float32 and
// float64 (F32ToF16, F64ToBF16, …), to them (F16ToF32, BF16ToF64), to and
// from the six integer types (F16ToI32, U64ToBF16, …) and RoundIntF16. Each
// kernel is written once for both formats, parameterised by a format value
// (funnel.go: every result goes through the one funnel, roundPackF), and
// gen_half.go generates the named entry points. The arithmetic widens its
// operands exactly and runs the generic kernels (addTo, mulTo, fmaTo64),
// rounding once to the 16-bit format; host16.go's host paths compute the
// exact result, or its binary64 rounding and TwoSum error, on the host.
//
// NaN results, as the H100 computes them (binary32: cuda-facts.md §6;
// binary64: gpu/probe_f64.cu, testdata/golden/f64probe, replayed by
// TestProbeF64). "Quieted": sign and payload kept, quiet bit set.
//
//	binary32 arithmetic, cvt.r?i.f32.f32   0x7fffffff, whatever the operands
//	binary64 add, sub, mul (x op y)         y quieted if a NaN, else x quieted
//	binary64 div (x / y)                    x quieted if a NaN, else y quieted
//	binary64 fma (x·y + z)                  first NaN of y, z, x, quieted
//	binary64 rcp, sqrt, cvt.r?i.f64.f64     x quieted
//	binary64 invalid, no NaN operand        0xfff8000000000000
//	cvt.f64.f32 / cvt.r?.f32.f64            quieted, payload shifted / its top 22 bits
//	cvt.r?i.{s32,u32}.f32                   0
//	cvt.r?i.{s32,u32}.f64                   0x80000000
//	cvt.r?i.{s64,u64}.f32 and .f64          0x8000000000000000
//
// The 16-bit rules, as the H100's golden16 data shows them (cuda.go):
//
//	16-bit arithmetic, cvt.r?i.f16.f16, cvt.r?.{f16,bf16}.f32   0x7fff
//	cvt.r?.{f16,bf16}.f64                   quieted, its top payload bits
//	cvt.f32.f16 / cvt.f32.bf16              0x7fffffff / x<<16 (bits kept)
//	cvt.ftz.f64.f32 (any NaN)               0x7fffffffe0000000
//	cvt.r?i.{s16,u16,s32,u32}.{f16,bf16}    0
//	cvt.r?i.{s64,u64}.{f16,bf16}            0x8000000000000000
//
// Signalling NaNs have no priority over quiet ones. The cuda.go constants
// and functions (canonicalNaN, defaultNaN64, nanAddMul64, nanDiv64,
// nanFma64, nanToI32, nanF64ToI32, …) are the one place each rule is set.
//
// Kernels are total: they are defined on every encoding, allocate nothing
// and never panic, except on an invalid Mode, which panics with the constant
// message "rounding: invalid Mode".
package rounding
