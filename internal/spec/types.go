package spec

import (
	"strings"

	"github.com/cudafp/cudafp/fp"
)

// Type is the C type of an argument or result.
type Type uint8

const (
	F32    Type = iota // float
	F64                // double
	I32                // int
	U32                // unsigned int
	I64                // long long
	U64                // unsigned long long
	F16                // __half (binary16)
	BF16               // __nv_bfloat16
	I16                // short
	U16                // unsigned short
	Bool               // bool: 0 or 1
	F16x2              // __half2: lane 0 in the low 16 bits
	BF16x2             // __nv_bfloat162: lane 0 in the low 16 bits
)

var typeNames = [...]string{"f32", "f64", "i32", "u32", "i64", "u64", "f16", "bf16", "i16", "u16", "bool", "f16x2", "bf16x2"}
var typeC = [...]string{"float", "double", "int", "unsigned int", "long long", "unsigned long long",
	"__half", "__nv_bfloat16", "short", "unsigned short", "bool", "__half2", "__nv_bfloat162"}
var typeBits = [...]int{32, 64, 32, 32, 64, 64, 16, 16, 16, 16, 1, 32, 32}

// String returns the short name: "f32", "f64", "i32", "u32", "i64", "u64",
// "f16", "bf16", "i16", "u16", "bool", "f16x2", "bf16x2".
func (t Type) String() string { return typeNames[t] }

// C returns the C++ spelling of t.
func (t Type) C() string { return typeC[t] }

// Wide reports whether t is 64 bits wide.
func (t Type) Wide() bool { return t == F64 || t == I64 || t == U64 }

// Bits returns the width of t's encoding: 1 (bool), 16, 32 or 64.
func (t Type) Bits() int { return typeBits[t] }

// Digits returns the hex digits of t's encoding in the golden files: 1, 4, 8 or 16.
func (t Type) Digits() int { return max(1, t.Bits()/4) }

// Vector reports whether t is a pair of 16-bit lanes (F16x2, BF16x2).
func (t Type) Vector() bool { return t == F16x2 || t == BF16x2 }

// Lane returns the scalar type of a vector type's lanes, and t itself otherwise.
func (t Type) Lane() Type {
	switch t {
	case F16x2:
		return F16
	case BF16x2:
		return BF16
	}
	return t
}

// ParseType is the inverse of Type.String.
func ParseType(s string) (Type, bool) {
	for i, n := range typeNames {
		if n == s {
			return Type(i), true
		}
	}
	return 0, false
}

// Kind says what a catalogued function is in CUDA.
type Kind uint8

const (
	Instruction Kind = iota // a PTX instruction form (ex2.approx.ftz.f32), reached with inline asm
	Intrinsic               // a CUDA __ intrinsic (__fmul_rz)
	Operator                // a C operator expression on float (x/y)
	Library                 // a CUDA standard math library function (expf)
)

var kindNames = [...]string{"instruction", "intrinsic", "operator", "library"}

func (k Kind) String() string { return kindNames[k] }

// Sens is the set of nvcc flags that change a function's results.
type Sens uint8

const (
	SensFTZ     Sens = 1 << iota // -ftz
	SensDiv                      // -prec-div
	SensSqrt                     // -prec-sqrt
	SensFMAD                     // -fmad
	SensFastLib                  // the -use_fast_math library-to-intrinsic swap
)

// String lists the flags, as "ftz,prec-div,prec-sqrt,fmad,fast-lib", or "none".
func (s Sens) String() string {
	var parts []string
	for i, n := range []string{"ftz", "prec-div", "prec-sqrt", "fmad", "fast-lib"} {
		if s&(1<<i) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// Effective returns f with every flag the function ignores reset to its
// default: two flag sets with the same effective flags give the same results.
func (s Sens) Effective(f fp.Flags) fp.Flags {
	var e fp.Flags
	if s&SensFTZ != 0 {
		e.FTZ = f.FTZ
	}
	if s&SensDiv != 0 {
		e.ApproxDiv = f.ApproxDiv
	}
	if s&SensSqrt != 0 {
		e.ApproxSqrt = f.ApproxSqrt
	}
	if s&SensFMAD != 0 {
		e.NoFMAD = f.NoFMAD
	}
	if s&SensFastLib != 0 {
		e.FastLib = f.FastLib
	}
	return e
}

// The six flag sets captured on the device (DESIGN.md, "Ground truth").
var (
	Default   = fp.Flags{}
	FTZ       = fp.Flags{FTZ: true}
	PrecDiv0  = fp.Flags{ApproxDiv: true}
	PrecSqrt0 = fp.Flags{ApproxSqrt: true}
	FMAD0     = fp.Flags{NoFMAD: true}
	FastMath  = fp.FastMath
)

// FlagSets lists the six captured flag sets in a fixed order.
var FlagSets = []fp.Flags{Default, FTZ, PrecDiv0, PrecSqrt0, FMAD0, FastMath}
