package reports

import (
	"math"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The IEEE operations (add, sub, mul, fma, fms) and the conversions to float
// are correctly rounded by construction: their references are package
// rounding's operations in the reference's mode, applied to the exact
// operands without flushing, and their values are exact double-doubles.

// ieeeRef is an ulp.Reference for an IEEE operation of float32 operands.
type ieeeRef struct {
	name  string
	arity int
	round func(x, y, z uint32, m rounding.Mode) uint32
	value func(x, y, z float64) ulp.DD
}

func (r *ieeeRef) Name() string { return r.name }
func (r *ieeeRef) Arity() int   { return r.arity }

// Eval implements ulp.Reference: never slow.
func (r *ieeeRef) Eval(in ulp.Input, m rounding.Mode) (uint32, ulp.DD, bool) {
	return r.round(in.X, in.Y, in.Z, m), r.value(f32to64(in.X), f32to64(in.Y), f32to64(in.Z)), false
}

func f32to64(u uint32) float64 { return float64(math.Float32frombits(u)) }

// twoSum returns a + b as an exact double-double (Knuth); infinities and
// NaNs are returned in Hi with Lo = 0.
func twoSum(a, b float64) ulp.DD {
	s := a + b
	if math.IsInf(s, 0) || s != s {
		return ulp.DD{Hi: s}
	}
	bb := s - a
	return ulp.DD{Hi: s, Lo: (a - (s - bb)) + (b - bb)}
}

// The products of two float32 values are exact in float64 (48 significant
// bits, exponents within ±300), and so are their sums with a float32 as a
// double-double: twoSum is exact without overflow.
var (
	refAdd = &ieeeRef{"add", 2,
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Add32(x, y, m, false) },
		func(x, y, _ float64) ulp.DD { return twoSum(x, y) }}
	refSub = &ieeeRef{"sub", 2,
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Sub32(x, y, m, false) },
		func(x, y, _ float64) ulp.DD { return twoSum(x, -y) }}
	refMul = &ieeeRef{"mul", 2,
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Mul32(x, y, m, false) },
		func(x, y, _ float64) ulp.DD { return ulp.DD{Hi: x * y} }}
	refFma = &ieeeRef{"fma", 3,
		func(x, y, z uint32, m rounding.Mode) uint32 { return rounding.Fma32(x, y, z, m, false) },
		func(x, y, z float64) ulp.DD { return twoSum(float64(x*y), z) }}
	refFms = &ieeeRef{"fms", 3,
		func(x, y, z uint32, m rounding.Mode) uint32 { return rounding.Fma32(x, y, z^0x80000000, m, false) },
		func(x, y, z float64) ulp.DD { return twoSum(float64(x*y), -z) }}
)

// cvtRef is the reference of a conversion to float from the argument type
// in: the measured function's argument is a 32-bit pattern in Input.X, or a
// 64-bit one split into Input.X (low half) and Input.Y (high half).
type cvtRef struct{ in spec.Type }

func (r cvtRef) Name() string { return "cvt" }
func (r cvtRef) Arity() int   { return 1 }

// Eval implements ulp.Reference: never slow.
func (r cvtRef) Eval(in ulp.Input, m rounding.Mode) (uint32, ulp.DD, bool) {
	v := uint64(in.Y)<<32 | uint64(in.X)
	switch r.in {
	case spec.I32:
		return rounding.I32ToF32(int32(in.X), m), ulp.DD{Hi: float64(int32(in.X))}, false
	case spec.U32:
		return rounding.U32ToF32(in.X, m), ulp.DD{Hi: float64(in.X)}, false
	case spec.I64:
		// hi·2^32 and lo are exact in float64; their sum is exact as a DD.
		return rounding.I64ToF32(int64(v), m), twoSum(float64(int64(v)>>32)*0x1p32, float64(uint32(v))), false
	case spec.U64:
		return rounding.U64ToF32(v, m), twoSum(float64(v>>32)*0x1p32, float64(uint32(v))), false
	case spec.F64:
		return rounding.F64ToF32(v, m, false), ulp.DD{Hi: math.Float64frombits(v)}, false
	}
	panic(badType)
}

// component is one float result of a measured function.
type component struct {
	name string        // "" for a function with one result; "sin", "cos" for sincosf
	ref  ulp.Reference // what it is measured against
	pick func(packed uint64) uint32
}

// components returns the measurable float results of f with their
// references, or the reason why f is left out.
func components(f *spec.Func) ([]component, string) {
	if !f.Implemented() {
		return nil, reasonNotImplemented
	}
	for _, t := range f.Out {
		if t != spec.F32 {
			return nil, reasonIntResult
		}
	}
	low := func(p uint64) uint32 { return uint32(p) }
	if len(f.Out) == 2 {
		if f.Ref != "sincos" {
			return nil, reasonNoRef
		}
		return []component{
			{"sin", ulp.Sin, func(p uint64) uint32 { return uint32(p >> 32) }},
			{"cos", ulp.Cos, low},
		}, ""
	}
	var ref ulp.Reference
	switch f.Ref {
	case "":
		return nil, reasonNoRef
	case "add":
		ref = refAdd
	case "sub":
		ref = refSub
	case "mul":
		ref = refMul
	case "fma":
		ref = refFma
	case "fms":
		ref = refFms
	case "cvt":
		ref = cvtRef{f.In[0]}
	default:
		r, ok := ulp.Lookup(f.Ref)
		if !ok {
			return nil, reasonNoRef
		}
		ref = r
	}
	if ref.Arity() != f.Arity() {
		return nil, reasonNoRef
	}
	return []component{{"", ref, low}}, ""
}

// Why a catalogued function is left out of a report.
const (
	reasonNotImplemented = "not implemented"
	reasonIntResult      = "integer result"
	reasonNoRef          = "no reference"
)
