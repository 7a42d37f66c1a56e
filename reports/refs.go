package reports

import (
	"math"
	"strings"

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

// component is one result of a measured function.
type component struct {
	name string // "" for a function with one result; "sin", "cos", "frac", "int", "exp", "rem", "quo" for two
	kind string // kindCR, kindExact, kindExactInt, kindCR64 or kindExact64
	// ref is what the sweep measures against: for an integer result the
	// zeroRef of its indicator of inexact results (see zeroRef).
	ref  ulp.Reference
	pick func(packed uint64) uint32 // a float result
	// An integer result: its exact value and its encoding in the kernel's
	// packed result.
	iref    *intRef
	pickInt func(packed uint64) uint64
	// second selects the second result of a pair-wide function (its
	// spec.PairKernel's r1; r0 otherwise), which the sweep measures in
	// place of the folded kernel result.
	second bool
}

func floatComp(name, kind string, ref ulp.Reference, pick func(uint64) uint32) component {
	return component{name: name, kind: kind, ref: ref, pick: pick}
}

func intComp(name string, r *intRef, pick func(uint64) uint64) component {
	return component{name: name, kind: kindExactInt, ref: zeroRef{r.name, r.arity}, iref: r, pickInt: pick}
}

// Halves of a kernel's packed result: two results are first<<32 | second,
// one 32-bit result is in the low half, a 64-bit one whole.
func hiHalf(p uint64) uint32  { return uint32(p >> 32) }
func lowHalf(p uint64) uint32 { return uint32(p) }
func low32(p uint64) uint64   { return uint64(uint32(p)) }
func whole(p uint64) uint64   { return p }

// components returns the results of f with their references, or the reason
// why f cannot be measured.
func components(f *spec.Func) ([]component, string) {
	if !f.Implemented() {
		return nil, reasonNotImplemented
	}
	if isBinary64Row(f) {
		return components64(f)
	}
	if len(f.Out) == 2 {
		switch f.ID {
		case "frexpf":
			return []component{floatComp("frac", kindExact, refFrexpFrac, hiHalf), intComp("exp", refFrexpExp, low32)}, ""
		case "modff":
			return []component{floatComp("frac", kindExact, refModfFrac, hiHalf), floatComp("int", kindExact, refModfInt, lowHalf)}, ""
		case "remquof":
			return []component{floatComp("rem", kindExact, refRemquoRem, hiHalf), intComp("quo", refRemquoQuo, low32)}, ""
		}
		sin, cos := refByName(f.Ref)
		if f.Ref == "" {
			sin, cos = refByName(strings.TrimSuffix(f.Name, "f"))
		}
		if sin == nil || cos == nil || sin.Arity() != f.Arity() {
			return nil, reasonNoRef
		}
		return []component{floatComp("sin", kindCR, sin, hiHalf), floatComp("cos", kindCR, cos, lowHalf)}, ""
	}
	if t := f.Out[0]; t != spec.F32 {
		r := intRefOf(f)
		if r == nil {
			return nil, reasonNoRef
		}
		pick := low32
		if t.Wide() {
			pick = whole
		}
		return []component{intComp("", r, pick)}, ""
	}
	if r, ok := exactFloatIDs[f.ID]; ok {
		return []component{floatComp("", kindExact, r, lowHalf)}, ""
	}
	var ref ulp.Reference
	switch f.Ref {
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
	case "":
		if r, ok := roundedIDs[f.ID]; ok {
			ref = r
			break
		}
		// A reference named after the function (erff: erf; cyl_bessel_i0f:
		// i0), as package ulp names them.
		name := strings.TrimPrefix(strings.TrimSuffix(f.Name, "f"), "cyl_bessel_")
		r, ok := ulp.Lookup(name)
		if !ok {
			return nil, reasonNoRef
		}
		ref = r
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
	return []component{floatComp("", kindCR, ref, lowHalf)}, ""
}

// refByName returns the references of the two results of a sine-cosine
// pair ("sincos": sin and cos; "sincospi": sinpi and cospi).
func refByName(name string) (sin, cos ulp.Reference) {
	base, ok := strings.CutPrefix(name, "sincos")
	if !ok {
		return nil, nil
	}
	s, ok1 := ulp.Lookup("sin" + base)
	c, ok2 := ulp.Lookup("cos" + base)
	if !ok1 || !ok2 {
		return nil, nil
	}
	return s, c
}

// intRefOf returns the reference of a function with one integer result.
func intRefOf(f *spec.Func) *intRef {
	t := f.Out[0]
	conv := func(name string, m intMode) *intRef {
		return &intRef{name, 1, t, func(in ulp.Input) uint64 { return toInt(in.X, m, t) }}
	}
	switch {
	case f.ID == "i_float_as_int" || f.ID == "i_float_as_uint":
		return &intRef{"bits", 1, t, func(in ulp.Input) uint64 { return uint64(in.X) }}
	case f.ID == "ilogbf":
		return refIlogb
	case f.ID == "lrintf" || f.ID == "llrintf":
		return conv("lrint", toEven)
	case f.ID == "lroundf" || f.ID == "llroundf":
		return conv("lround", tiesAway)
	case strings.HasPrefix(f.ID, "i_float2") && len(f.In) == 1 && f.In[0] == spec.F32:
		return conv("cvt", modeOf(f.Mode))
	}
	return nil
}

// Why a catalogued function is left out of a report.
const (
	reasonNotImplemented = "not implemented"
	reasonNoRef          = "no reference"
)
