package reports

import (
	"math"
	"math/big"
	"strings"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The binary64 functions with an exact reference: the double intrinsics
// with a rounding suffix and the C operators on double (correctly rounded:
// the math/big result of internal/oracle, rounded in the function's mode),
// the conversions between double and the integers (exact) and the
// reinterpretations (the bits), and the double library functions
// (correctly rounded: package ulp's Ref64). Their results are 64 bits wide, which
// package ulp's binary32 metrics do not measure: a row measures, as for an
// integer result, the indicator of a result that differs from the
// reference (NaNs of any payload agree) and, where one does, its distance
// in binary64 ulps (the count of doubles between the two encodings on the
// ordered line) or integer units.

// Kinds of reference of the binary64 rows (Row.RefKind).
const (
	kindCR64    = "correctly rounded (binary64)" // math/big, rounded to binary64 in the function's mode
	kindExact64 = "exact (binary64)"             // the exact double result
)

// Sample sizes of the binary64 rows, whose references compute on math/big:
// a default report measures DefaultGenerated64 generated inputs of each
// (plus its special grid), an exhaustive one the ExhaustiveGenerated64
// inputs of the device capture. The exhaustive rows of a 32-bit argument
// (__int2double_rn, __uint2double_rn) measure all 2^32 inputs.
const (
	DefaultGenerated64 = 1 << 14
	// DefaultGeneratedSlow64 is DefaultGenerated64 for the rows whose
	// reference has no fast path yet (ulp.Ref64.FastPath: the erf family,
	// the gamma and Bessel functions), whose every evaluation runs the
	// oracle's Ziv loop: at 2^14 inputs, erfcinv's and normcdfinv's rows
	// alone took 85 and 93 CPU-seconds of the default report.
	DefaultGeneratedSlow64 = 1 << 10
	ExhaustiveGenerated64  = spec.GenCount
)

// isBinary64Row reports whether f is measured by the binary64 path: a
// double result, or a double argument (but the conversions to float).
func isBinary64Row(f *spec.Func) bool {
	return f.D64() || len(f.Out) == 1 && f.Out[0] == spec.F64
}

// components64 returns the components of a binary64 function, or the reason
// why it cannot be measured.
func components64(f *spec.Func) ([]component, string) {
	if len(f.Out) != 1 {
		return pairComponents64(f)
	}
	r, kind := ref64Of(f)
	if r == nil {
		return nil, reasonNoRef
	}
	if f.Out[0] != spec.F64 {
		kind = kindExactInt
	}
	pick := low32
	if f.Out[0].Wide() {
		pick = whole
	}
	return []component{{name: "", kind: kind, ref: zeroRef{r.name, r.arity}, iref: r, pickInt: pick}}, ""
}

// ref64Of returns the reference of a binary64 function with one result
// and its kind, or nil.
func ref64Of(f *spec.Func) (*intRef, string) {
	mode := f.Mode // RN for the operators
	args := func(in ulp.Input) spec.Args { return kernelArgs(f.In, in) }
	ref := func(name string, kind string, g func(a spec.Args) uint64) (*intRef, string) {
		return &intRef{name, len(f.In), f.Out[0], func(in ulp.Input) uint64 { return g(args(in)) }}, kind
	}
	if b, ok := bitRefs64[f.ID]; ok {
		return ref("bits", kindExact64, b)
	}
	if b, ok := libRefs64[f.ID]; ok {
		return ref(f.ID, kindExact64, b)
	}
	switch f.Ref {
	case "add":
		return ref("add", kindCR64, func(a spec.Args) uint64 { return oracle.Add64(a[0], a[1], mode) })
	case "sub":
		return ref("sub", kindCR64, func(a spec.Args) uint64 { return oracle.Sub64(a[0], a[1], mode) })
	case "mul":
		return ref("mul", kindCR64, func(a spec.Args) uint64 { return oracle.Mul64(a[0], a[1], mode) })
	case "div":
		return ref("div", kindCR64, func(a spec.Args) uint64 { return oracle.Div64(a[0], a[1], mode) })
	case "rcp":
		return ref("rcp", kindCR64, func(a spec.Args) uint64 { return oracle.Rcp64(a[0], mode) })
	case "sqrt":
		return ref("sqrt", kindCR64, func(a spec.Args) uint64 { return oracle.Sqrt64(a[0], mode) })
	case "fma":
		return ref("fma", kindCR64, func(a spec.Args) uint64 { return oracle.Fma64(a[0], a[1], a[2], mode) })
	case "fms":
		return ref("fms", kindCR64, func(a spec.Args) uint64 { return oracle.Fma64(a[0], a[1], a[2]^f64.SignMask, mode) })
	case "cvt":
		switch f.In[0] {
		case spec.I32: // every int32 is a double: float64(v) is exact
			return ref("cvt", kindExact64, func(a spec.Args) uint64 { return math.Float64bits(float64(int32(uint32(a[0])))) })
		case spec.U32:
			return ref("cvt", kindExact64, func(a spec.Args) uint64 { return math.Float64bits(float64(uint32(a[0]))) })
		case spec.I64:
			return ref("cvt", kindCR64, func(a spec.Args) uint64 { return oracle.IntToF64(big.NewInt(int64(a[0])), mode) })
		case spec.U64:
			return ref("cvt", kindCR64, func(a spec.Args) uint64 { return oracle.IntToF64(new(big.Int).SetUint64(a[0]), mode) })
		}
	}
	if strings.HasPrefix(f.ID, "i_double2") && len(f.In) == 1 && f.In[0] == spec.F64 {
		lo, hi, nan := intRange64(f.Out[0])
		return ref("cvt", kindExactInt, func(a spec.Args) uint64 { return double2Int(a[0], mode, lo, hi, nan, f.Out[0]) })
	}
	// A double library function with a certified reference (exp …
	// rhypot, the norms, the erf family): its correctly rounded result,
	// against which NVIDIA states the bound.
	r, ok := ulp.Lookup64(f.Ref)
	if ok && f.Kind == spec.Library && f.Out[0] == spec.F64 && f.Array {
		// norm(dim, a), rnorm(dim, a): the first ArrayLen elements.
		return ref(f.Ref, kindCR64, func(a spec.Args) uint64 { return r.RoundN(a[1:1+spec.ArrayLen(&a)], mode) })
	}
	if ok && f.Kind == spec.Library && f.Out[0] == spec.F64 && r.Arity() == len(f.In) {
		switch len(f.In) {
		case 1:
			return ref(f.Ref, kindCR64, func(a spec.Args) uint64 { return r.Round(a[0], mode) })
		case 2:
			return ref(f.Ref, kindCR64, func(a spec.Args) uint64 { return r.Round2(a[0], a[1], mode) })
		}
		n := len(f.In)
		return ref(f.Ref, kindCR64, func(a spec.Args) uint64 { return r.RoundN(a[:n], mode) })
	}
	return nil, ""
}

// bitRefs64 are the references of the reinterpretations: the bits.
var bitRefs64 = map[string]func(a spec.Args) uint64{
	"i_double_as_longlong": func(a spec.Args) uint64 { return a[0] },
	"i_longlong_as_double": func(a spec.Args) uint64 { return a[0] },
	"i_double2hiint":       func(a spec.Args) uint64 { return a[0] >> 32 },
	"i_double2loint":       func(a spec.Args) uint64 { return a[0] & 0xffffffff },
	"i_hiloint2double":     func(a spec.Args) uint64 { return a[0]<<32 | a[1]&0xffffffff },
}

// intRange64 returns the range of an integer type and the result of
// converting a NaN from a .f64 source: 1 << (BitWidth(dst) − 1) (PTX ISA
// 9.1, §9.7.9.21 cvt; the H100's f64 probe agrees).
func intRange64(t spec.Type) (lo, hi *big.Int, nan uint64) {
	switch t {
	case spec.I32:
		return big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32), 1 << 31
	case spec.U32:
		return new(big.Int), big.NewInt(math.MaxUint32), 1 << 31
	case spec.I64:
		return big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64), 1 << 63
	}
	return new(big.Int), new(big.Int).SetUint64(math.MaxUint64), 1 << 63
}

// double2Int is the exact conversion of x to an integer in mode m,
// saturated to [lo, hi], as t's encoding.
func double2Int(x uint64, m rounding.Mode, lo, hi *big.Int, nan uint64, t spec.Type) uint64 {
	var n *big.Int
	switch {
	case f64.IsNaN(x):
		return nan
	case x == f64.InfBits:
		n = hi
	case x == f64.SignMask|f64.InfBits:
		n = lo
	default:
		n = oracle.Saturate(oracle.RoundValueToInt(oracle.Value64(x), m), lo, hi)
	}
	if n.Sign() < 0 {
		v := uint64(n.Int64())
		if t == spec.I32 {
			return v & 0xffffffff
		}
		return v
	}
	return n.Uint64()
}

// sameResult reports whether a result equals its reference: the same
// encoding, or two NaNs for a double result.
func sameResult(t spec.Type, a, b uint64) bool {
	return a == b || t == spec.F64 && f64.IsNaN(a) && f64.IsNaN(b)
}

// dist64 returns the number of doubles between a and b on the ordered line
// (0 for two NaNs, MaxUint64 for a NaN and a number).
func dist64(a, b uint64) uint64 {
	switch na, nb := f64.IsNaN(a), f64.IsNaN(b); {
	case na && nb:
		return 0
	case na || nb:
		return math.MaxUint64
	}
	ka, kb := key64(a), key64(b)
	if ka < kb {
		ka, kb = kb, ka
	}
	return uint64(ka - kb)
}

// slowRef64 reports whether f is a double library function whose reference
// has no fast path (DefaultGeneratedSlow64).
func slowRef64(f *spec.Func) bool {
	r, ok := ulp.Lookup64(f.Ref)
	return ok && f.Kind == spec.Library && !r.FastPath()
}
