package rounding

import "github.com/cudafp/cudafp/internal/f32"

// This file is cudafp's "specialize.h" (Berkeley SoftFloat): every decision
// where CUDA on sm_90 picks one of the behaviours IEEE 754 allows, or departs
// from IEEE 754, is a named constant or helper here and nowhere else, so that
// a device measurement flips it in one place. The golden data captured on the
// device (testdata/golden, DESIGN.md) is the judge of every entry; the
// sources given are where each default comes from until then.

// canonicalNaN is the NaN every float32 arithmetic result that is a NaN
// takes (add, sub, mul, div, fma, sqrt, rcp, and cvt.rni.f32.f32 and its
// siblings), whatever the operands' signs and payloads; signalling NaN
// inputs behave as quiet ones. Source: cuda-facts.md §6 (CUDA Programming
// Guide v1.1, the Maxwell SASS manual's MUFU note, and this project's H100
// run of 1.5 M IEEE conformance cases, all four modes).
const canonicalNaN = f32.CanonicalNaNBits // 0x7fffffff

// ftzInput is the .ftz rule for operands: a subnormal input is read as the
// zero of the same sign (PTX ISA "sign-preserving zero"; cuda-facts.md §6).
// Other encodings pass unchanged.
func ftzInput(u uint32) uint32 {
	if u&f32.ExpMask == 0 {
		return u & f32.SignMask
	}
	return u
}

// tininessAfterRounding selects which results .ftz flushes to the zero of
// the same sign:
//
//	true:  the result rounded to 24 bits in the operation's mode, with an
//	       unbounded exponent, is below 2^-126 in magnitude (IEEE 754
//	       "tininess after rounding"); so a value just below 2^-126 that
//	       rounds up to 2^-126 is returned as MinNormal, not flushed.
//	false: the exact result is below 2^-126 (tininess before rounding).
//
// Both differ only for exact results in [2^-126·(1-2^-24), 2^-126) in
// magnitude, rounded away from zero. The device detects tininess after
// rounding: under -ftz=true it returns __fmul_rn(0x00800001, 0x3f7ffffe) =
// 2^-126·(1 - 2^-46) rounded = 0x00800000 (MinNormal) and __fmul_rz of the
// same pair = +0, and __double2float_rn(0x380ffffff0000000) = 0x00800000
// (testdata/golden/ftz/i_fmul_rn, i_fmul_rz, i_double2float_rn: special grid).
const tininessAfterRounding = true

// ftzFlushes reports whether .ftz flushes a result that roundPack found
// below 2^-126 before rounding: biased exponent bexp ≤ 0 of the leading bit,
// significand sig with its leading bit at sigTop and sticky bits below, and
// inc the rounding increment of the mode (roundpack.go).
func ftzFlushes(bexp int32, sig, inc uint64) bool {
	if !tininessAfterRounding || bexp < 0 {
		return true
	}
	// bexp == 0: the exact value lies in [2^-127, 2^-126). Rounded to 24
	// bits it reaches 2^-126 exactly when the increment carries out of the
	// kept bits (ties-to-even keeps the carry: the carried value is even).
	return sig+inc < 1<<(sigTop+1)
}

// exactZeroSign is the sign of an exact zero sum x + y with x = -y ≠ 0, or
// of (+0) + (-0): +0 in every mode except RD, where it is -0 (IEEE 754
// §6.3; the same for fma's exact zero sums). CUDA follows IEEE here.
func exactZeroSign(m Mode) uint32 {
	if m == RD {
		return f32.SignMask
	}
	return 0
}

// f64 field widths used by the NaN rules below and by convert.go.
const (
	f64FracBits        = 52
	f64Bias            = 1023
	f64MaxBexp         = 0x7ff
	f64SignMask uint64 = 1 << 63
	f64FracMask uint64 = 1<<f64FracBits - 1
	f64QuietBit uint64 = 1 << (f64FracBits - 1)
	f64InfBits  uint64 = 0x7ff0000000000000
)

// nanF32ToF64 is cvt.f64.f32 of a NaN: sign and payload kept, the quiet bit
// set (IEEE 754 §6.2.3; PTX: "f64 supports NaN payloads"; the probe's 7
// cvt.f64.f32 rows, signalling NaNs included: 0x7f800001 → 0x7ff8000020000000).
func nanF32ToF64(x uint32) uint64 {
	return uint64(x&f32.SignMask)<<32 | f64InfBits | f64QuietBit | uint64(x&f32.FracMask)<<(f64FracBits-f32.FracBits)
}

// nanF32ToF64FTZ is cvt.ftz.f64.f32 of a NaN: the canonical NaN widened,
// 0x7fffffffe0000000, whatever the NaN's sign and payload. Device data:
// testdata/golden16/ftz/bf16_cast_to_double ((double) of a bfloat16, which
// nvcc compiles to cvt.f32.bf16, a shift that keeps every payload, then
// cvt.ftz.f64.f32 under -ftz=true): all 254 bfloat16 NaNs, both signs,
// quiet and signalling, give it; without .ftz the same inputs keep sign
// and payload (nanF32ToF64; the default flag set's file).
const nanF32ToF64FTZ uint64 = 0x7fffffffe0000000

// nanF64ToF32 is cvt.{rn,rz,rp,rm}.f32.f64 of a NaN: the sign and the top 22
// payload bits kept, the quiet bit set. Device-measured on this project's
// H100, CUDA 13.0 (cuda-facts.md §6): 0x7ff0f9c7ff5fb763 → 0x7fc7ce3f,
// 0xfff0000000004020 → 0xffc00000; the probe's 48 cvt.r?.f32.f64 NaN rows,
// e.g. 0xfff80000deadbeef → 0xffc00006, in every mode. This conversion does
// not canonicalize.
func nanF64ToF32(x uint64) uint32 {
	return uint32(x>>32)&f32.SignMask | f32.InfBits | f32.QuietBit | uint32(x>>(f64FracBits-f32.FracBits))&f32.FracMask
}

// Results of cvt.{rni,rzi,rpi,rmi}.{s32,u32,s64,u64}.f32 for a NaN source:
// 0 for 32-bit destinations, 1<<63 for 64-bit destinations, signed and
// unsigned alike (PTX ISA §9.7.9.21 and the SASS F2I description agree;
// cuda-facts.md §5). Out-of-range values saturate to the destination range.
const (
	nanToI32 int32  = 0
	nanToU32 uint32 = 0
	nanToI64 int64  = -1 << 63
	nanToU64 uint64 = 1 << 63
)

// Binary64. PTX has no .ftz for .f64 arithmetic (PTX ISA, add/sub/mul/fma/
// div/rcp/sqrt .f64: "subnormal numbers are supported"; the .ftz modifier
// is .f32-only), so the binary64 operations take no ftz flag.

// The binary64 NaN rules, measured on the H100 (sm_90, CUDA 13.0) by
// gpu/probe_f64.cu: testdata/golden/f64probe/probe_f64.txt.gz, replayed row
// by row by TestProbeF64. Unlike binary32, binary64 arithmetic propagates a
// NaN operand: its sign and payload kept, the quiet bit set (a signalling
// NaN is quieted and then treated as any other NaN: it has no priority over
// a quiet one). With two or three NaN operands, one fixed operand position
// wins, per instruction, in every rounding mode, for the operands in PTX's
// order (the probe's inline PTX; a compiled kernel's add, sub, mul or fma
// may have x and y exchanged by ptxas: NaNOrder):
//
//	add, sub, mul   y, then x           (sub: y's sign as given, not flipped)
//	div             x, then y
//	fma(x, y, z)    y, then z, then x
//	rcp, sqrt       x
//	cvt.r?i.f64.f64 x
//
// An invalid operation on non-NaN operands (∞ − ∞, 0·∞ in mul or fma, 0/0,
// ∞/∞, √negative) gives defaultNaN64. The probe's data: 4,200 rows with a
// NaN operand (every one of 12 NaNs — both signs, quiet and signalling,
// empty to full payloads — in every operand position against 7 ordinary
// values, every ordered pair of 6 of them, fma's pairs and triples) and 100
// invalid-operation rows, all four modes; no exception.

// defaultNaN64 is the NaN a binary64 operation creates from operands that
// are not NaNs: the negative quiet NaN with an empty payload, 0xfff8…0
// (probe rows add(+Inf, -Inf), mul(+Inf, 0), div(0, 0), sqrt(-1),
// fma(+Inf, 0, 1), … in every mode). Not binary32's 0x7fffffff analogue.
const defaultNaN64 uint64 = 0xfff8000000000000

// nan64 returns the first NaN of p, q, r — the operands in the
// instruction's priority order (nanAddMul64, nanDiv64, nanFma64; a unary
// operation passes its operand three times) — with its sign and payload
// kept and the quiet bit set, or defaultNaN64 when none is a NaN (an
// invalid operation).
func nan64(p, q, r uint64) uint64 {
	for _, u := range [...]uint64{p, q, r} {
		if u&^f64SignMask > f64InfBits {
			return u | f64QuietBit
		}
	}
	return defaultNaN64
}

// nanAddMul64 is the NaN of add, sub and mul .f64 on x, y (PTX operand
// order, sub's y as given): y's NaN if y is one, else x's.
func nanAddMul64(x, y uint64) uint64 { return nan64(y, x, x) }

// nanDiv64 is the NaN of div .f64 on x, y: x's NaN if x is one, else y's.
func nanDiv64(x, y uint64) uint64 { return nan64(x, y, y) }

// nanFma64 is the NaN of fma .f64 on x, y, z (x·y + z): y's, else z's,
// else x's.
func nanFma64(x, y, z uint64) uint64 { return nan64(y, z, x) }

// Results of cvt.{rni,rzi,rpi,rmi}.{s32,u32}.f64 for a NaN source: 1<<31,
// signed and unsigned alike, whatever the NaN's sign, payload or quietness
// (probe rows cvt.s32.f64.*, cvt.u32.f64.*: 96 NaN rows, all 0x80000000),
// as PTX ISA 9.0 cvt says ("NaN input results in ... Zero if source is not
// .f64 and destination is not .s64, .u64. Otherwise 1 << (BitWidth(dst) -
// 1)"). Unlike the .f32 sources, whose 32-bit results are 0 (nanToI32).
// The 64-bit destinations take nanToI64 and nanToU64, 1<<63, as from .f32
// (probe rows cvt.s64.f64.*, cvt.u64.f64.*: 96 NaN rows, all
// 0x8000000000000000). Out-of-range values saturate (the probe's limit
// rows: ±2^31, 2^32, ±2^63, 2^64, ±MaxFinite, ±Inf).
const (
	nanF64ToI32 int32  = -1 << 31
	nanF64ToU32 uint32 = 1 << 31
)

// NaNOrder is how ptxas placed the two commutative operands (x and y) of
// one binary64 add, sub, mul or fma in the SASS instruction. The hardware
// picks among NaN operands by operand slot, so the order decides which NaN
// the instruction returns when two or three operands are NaNs, and nothing
// else (add, mul and the exact product of fma commute; sub is x + (−y)).
// ptxas chooses it per instruction of a compiled kernel, like contraction:
// it is not a function of the PTX or C++ source. The device's captures show
// both (testdata/golden/README.md, "NaN operand order"): one build of the
// capture harness evaluates the special-value grid with every instruction
// AsWritten and the generated inputs with Swapped ones.
type NaNOrder uint8

const (
	// AsWritten is PTX's operand order, the one of the f64 probe's inline
	// PTX and of Add64, Sub64, Mul64 and Fma64: add, sub and mul return
	// y's NaN before x's, fma y's, then z's, then x's (nanAddMul64,
	// nanFma64).
	AsWritten NaNOrder = iota
	// Swapped has x and y exchanged: add, sub and mul return x's NaN
	// before y's (sub: y's sign as given), fma x's, then z's, then y's.
	Swapped
)

// bothNaN64 reports whether x and y are both NaNs.
func bothNaN64(x, y uint64) bool {
	return x&^f64SignMask > f64InfBits && y&^f64SignMask > f64InfBits
}

// Add64 is Add64(x, y, m) compiled with operand order o (Swapped: the
// device adds y + x; every result but the NaN of two NaN operands is the
// same). Any o other than AsWritten reads as Swapped.
func (o NaNOrder) Add64(x, y uint64, m Mode) uint64 {
	if o != AsWritten {
		return Add64(y, x, m)
	}
	return Add64(x, y, m)
}

// Sub64 is Sub64(x, y, m) compiled with operand order o (Swapped: the
// device adds −y + x, so a NaN x wins over a NaN y). Any o other than
// AsWritten reads as Swapped.
func (o NaNOrder) Sub64(x, y uint64, m Mode) uint64 {
	if o != AsWritten && bothNaN64(x, y) {
		checkMode(m)
		return nan64(x, y, y)
	}
	return Sub64(x, y, m)
}

// Mul64 is Mul64(x, y, m) compiled with operand order o (Swapped: the
// device multiplies y × x). Any o other than AsWritten reads as Swapped.
func (o NaNOrder) Mul64(x, y uint64, m Mode) uint64 {
	if o != AsWritten {
		return Mul64(y, x, m)
	}
	return Mul64(x, y, m)
}

// Fma64 is Fma64(x, y, z, m) compiled with operand order o (Swapped: the
// device computes y × x + z, the first NaN of x, z, y wins). Any o other
// than AsWritten reads as Swapped.
func (o NaNOrder) Fma64(x, y, z uint64, m Mode) uint64 {
	if o != AsWritten {
		return Fma64(y, x, z, m)
	}
	return Fma64(x, y, z, m)
}

// NegOperand64 is the negation modifier of a binary64 SASS operand, as in
// the DFMA x, y, −z that ptxas makes of x*y − z (mul.f64 and sub.f64
// contracted) and DADD x, −y of sub.f64: the sign of a non-NaN operand is
// flipped; a NaN is left as it is, so the instruction returns it with its
// own sign. Device data: testdata/golden/*/f64_op_msub (fused: a NaN z
// comes back with z's sign; negated, 240 of the 4,096 grid points and 97
// recorded outputs would differ) and the probe's sub rows (Sub64).
func NegOperand64(z uint64) uint64 {
	if z&^f64SignMask > f64InfBits {
		return z
	}
	return z ^ f64SignMask
}

// The 16-bit formats (half.go). PTX has add, sub, mul and fma for .f16
// (with .ftz and .sat; fma also .relu) and .bf16 (fma .relu), .rn only,
// and cvt in all four modes. The NaN rules below were first taken from
// CUDA 13.0's host emulation in cuda_fp16.hpp and cuda_bf16.hpp
// (__internal_float2half, __internal_float2bfloat16: 0x7fff for a NaN,
// sign dropped) and binary32's canonical NaN; the H100's 16-bit golden data
// (testdata/golden16) confirms them where each says so.

// canonicalNaN16 is the NaN every 16-bit arithmetic result and every
// conversion from float32 to binary16 or bfloat16 returns for a NaN: 0x7fff
// for both formats (testdata/golden16: add, sub, mul, fma and the
// cvt.r?.{f16,bf16}.f32 files of both formats are bit-exact with it).
const canonicalNaN16 uint16 = 0x7fff

// nanF64To16 is cvt.{rn,rz,rp,rm}.{f16,bf16}.f64 of a NaN (F2F.F16.F64,
// F2F.BF16.F64): as nanF64ToF32, the sign and the top payload bits kept,
// the quiet bit set; unlike the conversions from float32. Device data:
// testdata/golden16/*/f16_double2half, bf16_double2bfloat16 and the
// (__half)(double)x casts: 0x7ff0f9c7ff5fb763 → 0x7e3e (binary16), 0x7fc7
// (bfloat16); 0xfff0000000004020 → 0xfe00, 0xffc0.
func nanF64To16(f format, x uint64) uint16 {
	sign := uint16(x>>63) << 15
	return sign | uint16(f.inf()) | 1<<(f.fracBits-1) | uint16(x>>(f64FracBits-f.fracBits))&(1<<f.fracBits-1)
}

// nanF16ToF32 is cvt.f32.f16 of a NaN, HADD2.F32 on sm_90 (-0 + x, an
// arithmetic instruction): it canonicalises as binary32 arithmetic does
// (testdata/golden16/*/f16_half2float: the whole table).
func nanF16ToF32(uint16) uint32 { return canonicalNaN }

// nanBF16ToF32 is cvt.f32.bf16 of a NaN: on sm_90 a 16-bit shift (SHF.L.U32
// by 16), so sign and payload are kept and a signalling NaN stays
// signalling (the SASS of bf16_bfloat162float, gpu/ref/funcs16; the whole
// table of testdata/golden16/*/bf16_bfloat162float).
func nanBF16ToF32(x uint16) uint32 { return uint32(x) << 16 }

// reluNegZero selects what fma.rn.relu does with a -0 result: true gives
// +0 (PTX ISA: ".relu clamps the result to 0 if negative"; -0 is read as
// negative). Device data: testdata/golden16/*/f16_hfma_relu,
// bf16_hfma_relu and f16_hfma2_relu match with true and not with false.
const reluNegZero = true
