//go:build ignore

// gen_intrinsics.go writes the intrinsics whose code and documentation follow
// mechanically from one table: the IEEE-754 operations with a rounding
// suffix (__fadd_rn … __fsqrt_rd, __fmaf_ieee_*), the conversions
// (__float2int_rn … __double2float_rd) and the reinterpretations
// (__float_as_int …). From the same rows it writes the special-case test
// table, so that the doc comments' "Special cases are:" rows and the test's
// rows are the same rows.
//
// Names come from spec.GoName and the documented bounds from the catalog
// (internal/spec), verbatim. The double intrinsics' table is in
// gen_intrinsics64.go. Run with go generate ./intrinsics.
//
// Output: ieee_gen.go, convert_gen.go, specials_gen_test.go, bench_gen_test.go.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
)

// Encodings used by the rows (float32 unless the name says otherwise).
const (
	pZero   = 0x00000000
	nZero   = 0x80000000
	pOne    = 0x3f800000
	nOne    = 0xbf800000
	pTwo    = 0x40000000
	nTwo    = 0xc0000000
	pHalf   = 0x3f000000
	pInf    = 0x7f800000
	nInf    = 0xff800000
	pMax    = 0x7f7fffff
	nMax    = 0xff7fffff
	pMinSub = 0x00000001
	nMinSub = 0x80000001
	qNaN    = 0x7fc00000 // the default quiet NaN of most hosts
	nNaN    = 0xffc00001 // a negative quiet NaN with a payload
	sNaN    = 0x7f800001 // a signalling NaN
	allNaN  = 0xffffffff
	cNaN    = 0x7fffffff // CUDA's canonical NaN
	p2m100  = 0x0d800000 // 0x1p-100
	n2m100  = 0x8d800000 // -0x1p-100
	p1p5    = 0x3fc00000 // 1.5
	n1p5    = 0xbfc00000 // -1.5
	p2p5    = 0x40200000 // 2.5
	n2p5    = 0xc0200000 // -2.5
	p2e31   = 0x4f000000 // 0x1p+31
	n2e31   = 0xcf000000 // -0x1p+31
	n2e31m  = 0xcf000001 // -0x1.000002p+31
	p2e32   = 0x4f800000 // 0x1p+32
	p2e63   = 0x5f000000 // 0x1p+63
	n2e63   = 0xdf000000 // -0x1p+63
	p2e64   = 0x5f800000 // 0x1p+64
	p2e24   = 0x4b800000 // 0x1p+24 = 16777216
	n2e24   = 0xcb800000
	p2e24p2 = 0x4b800001 // 16777218
	n2e24p2 = 0xcb800001 // -16777218
	p2e31m  = 0x4effffff // 0x1.fffffep+30, the float32 below 2^31
	p2e32m  = 0x4f7fffff // the float32 below 2^32
	p2e63m  = 0x5effffff // the float32 below 2^63
	p2e64m  = 0x5f7fffff // the float32 below 2^64
)

// Go types of arguments and results.
type goType string

const (
	tF32 goType = "float32"
	tF64 goType = "float64"
	tI32 goType = "int32"
	tU32 goType = "uint32"
	tI64 goType = "int64"
	tU64 goType = "uint64"
)

// tc is one test instance of a special-case row.
type tc struct {
	args []uint64
	want uint64
	// ftz is the result under -ftz=true when ftzSet; otherwise the case holds
	// in both builds (with a float32 result flushed under FTZ) if no float32
	// argument is subnormal, and only in the default build if one is.
	ftz    uint64
	ftzSet bool
}

// row is one line of a "Special cases are:" table: doc is the text with @
// standing for the function name.
type row struct {
	doc   string
	cases []tc
}

func c(want uint64, args ...uint64) tc { return tc{args: args, want: want} }

// cf is a case whose -ftz=true result is given explicitly.
func cf(want, ftz uint64, args ...uint64) tc {
	return tc{args: args, want: want, ftz: ftz, ftzSet: true}
}

// fn is one generated intrinsic.
type fn struct {
	cuda    string   // "__fadd_rn"
	in      []goType // argument types
	params  []string // argument names
	out     goType
	summary string // the first paragraph, after "<Name> "
	body    string // the method body's return expression
	// dflt, when set, is the package-level function's return expression
	// (the default target, without .ftz): a call-free form of package
	// rounding that the compiler inlines into the caller. Otherwise the
	// function calls the method on Target{}.
	dflt   string
	rows   []row
	accur  string // the Accuracy paragraph (the contract); the documented bound is appended
	flags  string // the Flags paragraph
	method string // the method's doc sentence after "<Name> is <cuda> compiled for t"
}

// rnDefault returns the package-level function's inlined form: rn in mode
// RN (a call-free float32 entry of package rounding), otherwise general,
// the mode entry of package rounding (one call instead of the method's
// two).
func rnDefault(m rounding.Mode, rn, general string) string {
	if m == rounding.RN {
		return rn
	}
	return general
}

// Mode vocabulary.
func roundWords(m rounding.Mode) string {
	return [...]string{"rounded to nearest, ties to even", "rounded toward zero", "rounded toward +Inf", "rounded toward -Inf"}[m]
}

func intWords(m rounding.Mode) string {
	return [...]string{"rounded to the nearest integer, ties to even", "truncated toward zero", "rounded up, toward +Inf", "rounded down, toward -Inf"}[m]
}

// overflow returns the results of a positive and a negative overflow in m,
// and the doc text.
func overflow(m rounding.Mode) (pos, neg uint64, text string) {
	switch m {
	case rounding.RN:
		return pInf, nInf, "±Inf"
	case rounding.RZ:
		return pMax, nMax, "±MaxFloat32 (0x7f7fffff, 0xff7fffff)"
	case rounding.RU:
		return pInf, nMax, "+Inf for a positive result, -MaxFloat32 (0xff7fffff) for a negative one"
	}
	return pMax, nInf, "+MaxFloat32 (0x7f7fffff) for a positive result, -Inf for a negative one"
}

// underflow returns the results of an exact result of magnitude below 2^-150
// (positive, negative) in m, and the doc text.
func underflow(m rounding.Mode) (pos, neg uint64, text string) {
	switch m {
	case rounding.RN:
		return pZero, nZero, "±0 (the sign of the exact result) when 0 < |exact| ≤ 2^-150"
	case rounding.RZ:
		return pZero, nZero, "±0 (the sign of the exact result) when 0 < |exact| < 2^-149"
	case rounding.RU:
		return pMinSub, nZero, "+0x1p-149 when 0 < exact < 2^-149, and -0 when -2^-149 < exact < 0"
	}
	return pZero, nMinSub, "+0 when 0 < exact < 2^-149, and -0x1p-149 when -2^-149 < exact < 0"
}

func zeroSum(m rounding.Mode) (uint64, string) {
	if m == rounding.RD {
		return nZero, "-0"
	}
	return pZero, "+0"
}

const canonNaN = "NaN (canonical 0x7fffffff)"

var (
	f1 = []goType{tF32}
	f2 = []goType{tF32, tF32}
	f3 = []goType{tF32, tF32, tF32}
)

func bound(cuda string) (text, src string) {
	f, ok := spec.Lookup(cuda)
	if !ok {
		log.Fatalf("%s: not in the catalog", cuda)
	}
	return f.Bound.Text, f.Bound.Source
}

func catalogID(cuda string) string {
	f, ok := spec.Lookup(cuda)
	if !ok {
		log.Fatalf("%s: not in the catalog", cuda)
	}
	return f.ID
}

const ftzArith = "subnormal inputs are read as zeros of their sign and subnormal results are flushed to zeros of their sign"

func ieeeFuncs() []fn {
	var fs []fn
	for _, m := range rounding.Modes {
		sfx := "_" + m.CUDA()
		mode := "rounding." + m.String()
		rz, rzText := zeroSum(m)
		ovP, ovN, ovText := overflow(m)
		unP, unN, unText := underflow(m)
		ptxArith := func(op string) string {
			return fmt.Sprintf("%s.%s.f32 (%s.%s.ftz.f32 with -ftz=true)", op, m.PTX(), op, m.PTX())
		}
		crAccur := "correctly rounded (the " + m.String() + " rounding of the exact result), and bit-exact with the device."
		nanRow := row{"@(x, NaN) = @(NaN, y) = " + canonNaN, []tc{c(cNaN, qNaN, pOne), c(cNaN, pOne, nNaN), c(cNaN, sNaN, pInf), c(cNaN, allNaN, allNaN)}}
		ftzFlags := "with Target.FTZ (-ftz=true) " + ftzArith + "."

		fs = append(fs, fn{
			cuda: "__fadd" + sfx, in: f2, params: []string{"x", "y"}, out: tF32,
			summary: "returns x + y " + roundWords(m) + ". It emulates __fadd" + sfx + ", which nvcc compiles to " + ptxArith("add") + "; unlike x + y in CUDA C++, it is never contracted into an fma.",
			body:    "fromBits(ptx.Add(bits(x), bits(y), " + mode + ", t.FTZ))",
			dflt:    rnDefault(m, "rounding.AddRN(x, y)", "rounding.AddMode(x, y, "+mode+")"),
			rows: []row{
				nanRow,
				{"@(+Inf, -Inf) = @(-Inf, +Inf) = " + canonNaN, []tc{c(cNaN, pInf, nInf), c(cNaN, nInf, pInf)}},
				{"@(±Inf, y) = @(y, ±Inf) = ±Inf for y not NaN or the opposite infinity", []tc{c(pInf, pInf, pOne), c(nInf, nOne, nInf), c(pInf, pInf, pInf), c(pInf, pMax, pInf)}},
				{"@(x, -x) = " + rzText + " for finite x", []tc{c(rz, pOne, nOne), c(rz, nMax, pMax), c(rz, pZero, nZero), c(rz, pMinSub, nMinSub)}},
				{"@(-0, -0) = -0", []tc{c(nZero, nZero, nZero)}},
				{"@(x, y) = " + ovText + " when the sum overflows", []tc{c(ovP, pMax, pMax), c(ovN, nMax, nMax)}},
			},
			accur: crAccur, flags: ftzFlags,
		})
		fs = append(fs, fn{
			cuda: "__fsub" + sfx, in: f2, params: []string{"x", "y"}, out: tF32,
			summary: "returns x - y " + roundWords(m) + ". It emulates __fsub" + sfx + ", which nvcc compiles to " + ptxArith("sub") + "; unlike x - y in CUDA C++, it is never contracted into an fma.",
			body:    "fromBits(ptx.Sub(bits(x), bits(y), " + mode + ", t.FTZ))",
			dflt:    rnDefault(m, "rounding.SubRN(x, y)", "rounding.SubMode(x, y, "+mode+")"),
			rows: []row{
				nanRow,
				{"@(+Inf, +Inf) = @(-Inf, -Inf) = " + canonNaN, []tc{c(cNaN, pInf, pInf), c(cNaN, nInf, nInf)}},
				{"@(±Inf, y) = ±Inf and @(x, ±Inf) = ∓Inf for finite x, y", []tc{c(pInf, pInf, pOne), c(nInf, pOne, pInf), c(pInf, pMax, nInf), c(pInf, pInf, nInf)}},
				{"@(x, x) = " + rzText + " for finite x", []tc{c(rz, pOne, pOne), c(rz, nMax, nMax), c(rz, pZero, pZero), c(rz, nZero, nZero)}},
				{"@(-0, +0) = -0", []tc{c(nZero, nZero, pZero)}},
				{"@(x, y) = " + ovText + " when the difference overflows", []tc{c(ovP, pMax, nMax), c(ovN, nMax, pMax)}},
			},
			accur: crAccur, flags: ftzFlags,
		})
		fs = append(fs, fn{
			cuda: "__fmul" + sfx, in: f2, params: []string{"x", "y"}, out: tF32,
			summary: "returns x · y " + roundWords(m) + ". It emulates __fmul" + sfx + ", which nvcc compiles to " + ptxArith("mul") + "; unlike x * y in CUDA C++, it is never contracted into an fma.",
			body:    "fromBits(ptx.Mul(bits(x), bits(y), " + mode + ", t.FTZ))",
			dflt:    rnDefault(m, "rounding.MulRN(x, y)", "rounding.MulMode(x, y, "+mode+")"),
			rows: []row{
				nanRow,
				{"@(±0, ±Inf) = @(±Inf, ±0) = " + canonNaN + "; with FTZ a subnormal counts as a zero", []tc{c(cNaN, pZero, pInf), c(cNaN, nInf, pZero), cf(pInf, cNaN, pMinSub, pInf)}},
				{"@(±Inf, y) = @(y, ±Inf) = ±Inf for y ≠ 0 not NaN, signed with the XOR of the signs", []tc{c(nInf, pInf, nOne), c(pInf, nInf, nInf), c(nInf, nMinSub, pInf)}},
				{"@(±0, y) = @(y, ±0) = ±0 for finite y, signed with the XOR of the signs", []tc{c(nZero, pZero, nOne), c(pZero, nZero, nZero), c(nZero, pMax, nZero)}},
				{"@(x, y) = " + ovText + " when the product overflows", []tc{c(ovP, pMax, pTwo), c(ovN, pMax, nTwo)}},
				{"@(x, y) = " + unText + " (underflow); with FTZ, ±0", []tc{cf(unP, pZero, p2m100, p2m100), cf(unN, nZero, p2m100, n2m100)}},
			},
			accur: crAccur, flags: ftzFlags,
		})
		fmaRows := []row{
			{"@(x, y, z) = " + canonNaN + " if x, y or z is NaN", []tc{c(cNaN, qNaN, pOne, pOne), c(cNaN, pOne, nNaN, pOne), c(cNaN, pOne, pOne, sNaN), c(cNaN, pZero, pInf, qNaN)}},
			{"@(±0, ±Inf, z) = @(±Inf, ±0, z) = " + canonNaN, []tc{c(cNaN, pZero, pInf, pOne), c(cNaN, nInf, pZero, nInf)}},
			{"@(x, y, z) = " + canonNaN + " if x·y is an infinity and z the opposite infinity", []tc{c(cNaN, pInf, pOne, nInf), c(cNaN, pMax, nInf, pInf)}},
			{"@(x, y, z) = ±Inf if x·y or z is ±Inf (and no rule above applies)", []tc{c(nInf, pInf, nOne, pOne), c(pInf, pOne, pOne, pInf), c(pInf, pInf, pInf, pInf)}},
			{"@(x, y, z) = " + rzText + " if x·y + z is exactly 0 and not every term is -0", []tc{c(rz, pOne, pOne, nOne), c(rz, pZero, pOne, nZero), c(rz, pTwo, nOne, pTwo)}},
			{"@(x, y, -0) = -0 if x·y is -0", []tc{c(nZero, nZero, pOne, nZero), c(nZero, pZero, nMax, nZero)}},
			{"@(x, y, z) = " + ovText + " when the exact x·y + z overflows", []tc{c(ovP, pMax, pTwo, pZero), c(ovN, pMax, nTwo, pOne)}},
		}
		fs = append(fs, fn{
			cuda: "__fmaf" + sfx, in: f3, params: []string{"x", "y", "z"}, out: tF32,
			summary: "returns x · y + z computed exactly and " + roundWords(m) + " once. It emulates __fmaf" + sfx + ", which nvcc compiles to fma." + m.PTX() + ".f32 (fma." + m.PTX() + ".ftz.f32 with -ftz=true).",
			body:    "fromBits(ptx.Fma(bits(x), bits(y), bits(z), " + mode + ", t.FTZ))",
			dflt:    "rounding.FmaMode(x, y, z, " + mode + ")",
			rows:    fmaRows,
			accur:   crAccur, flags: ftzFlags,
		})
		fs = append(fs, fn{
			cuda: "__fmaf_ieee" + sfx, in: f3, params: []string{"x", "y", "z"}, out: tF32,
			summary: "returns x · y + z computed exactly and " + roundWords(m) + " once, keeping subnormals even with -ftz=true. It emulates __fmaf_ieee" + sfx + ", which nvcc compiles to fma." + m.PTX() + ".f32 in every build.",
			body:    "fromBits(ptx.Fma(bits(x), bits(y), bits(z), " + mode + ", false))",
			dflt:    "rounding.FmaMode(x, y, z, " + mode + ")",
			rows:    fmaRows,
			accur:   crAccur,
			flags: "independent of Target: __fmaf_ieee" + sfx + " ignores -ftz=true, and nvcc emits fma." + m.PTX() + ".f32 without .ftz in both builds " +
				"(reference PTX of __fmaf_ieee_rn and __fmaf_ieee_rz; the golden data of both builds agrees in all four modes).",
			method: "; t does not change it",
		})
		fs = append(fs, fn{
			cuda: "__fdiv" + sfx, in: f2, params: []string{"x", "y"}, out: tF32,
			summary: "returns x / y " + roundWords(m) + ". It emulates __fdiv" + sfx + ", which nvcc compiles to " + ptxArith("div") + " (a Newton–Raphson sequence with a slow path in SASS).",
			body:    "fromBits(ptx.Div(bits(x), bits(y), " + mode + ", t.FTZ))",
			dflt:    rnDefault(m, "rounding.DivRN(x, y)", "rounding.DivMode(x, y, "+mode+")"),
			rows: []row{
				nanRow,
				{"@(±0, ±0) = @(±Inf, ±Inf) = " + canonNaN + "; with FTZ a subnormal counts as a zero", []tc{c(cNaN, pZero, nZero), c(cNaN, nInf, pInf), cf(pOne, cNaN, pMinSub, pMinSub)}},
				{"@(x, ±0) = ±Inf for x ≠ 0 not NaN, signed with the XOR of the signs", []tc{c(nInf, pOne, nZero), c(nInf, nInf, pZero), c(pInf, nMinSub, nZero)}},
				{"@(±0, y) = ±0 for y ≠ 0 not NaN, signed with the XOR of the signs", []tc{c(nZero, pZero, nOne), c(pZero, nZero, nInf), c(nZero, pZero, nMinSub)}},
				{"@(x, ±Inf) = ±0 for finite x, signed with the XOR of the signs", []tc{c(pZero, pOne, pInf), c(nZero, nMax, pInf)}},
				{"@(±Inf, y) = ±Inf for finite y, signed with the XOR of the signs", []tc{c(nInf, pInf, nOne), c(pInf, nInf, nMax)}},
				{"@(x, y) = " + ovText + " when the quotient overflows", []tc{c(ovP, pMax, pHalf), c(ovN, nMax, pHalf)}},
			},
			accur: crAccur, flags: ftzFlags,
		})
		fs = append(fs, fn{
			cuda: "__frcp" + sfx, in: f1, params: []string{"x"}, out: tF32,
			summary: "returns 1 / x " + roundWords(m) + ". It emulates __frcp" + sfx + ", which nvcc compiles to rcp." + m.PTX() + ".f32 (rcp." + m.PTX() + ".ftz.f32 with -ftz=true).",
			body:    "fromBits(ptx.Rcp(bits(x), " + mode + ", t.FTZ))",
			dflt:    rnDefault(m, "rounding.RcpRN(x)", "rounding.RcpMode(x, "+mode+")"),
			rows: []row{
				{"@(NaN) = " + canonNaN, []tc{c(cNaN, qNaN), c(cNaN, nNaN), c(cNaN, sNaN)}},
				{"@(±0) = ±Inf; with FTZ, @(±subnormal) = ±Inf too", []tc{c(pInf, pZero), c(nInf, nZero), cf(ovP, pInf, pMinSub), cf(ovN, nInf, nMinSub)}},
				{"@(±Inf) = ±0", []tc{c(pZero, pInf), c(nZero, nInf)}},
				{"@(x) = " + ovText + " for 0 < |x| ≤ 2^-128 (overflow)", []tc{c(ovP, 0x00200000), c(ovN, 0x80200000)}},
			},
			accur: crAccur, flags: ftzFlags,
		})
		fs = append(fs, fn{
			cuda: "__fsqrt" + sfx, in: f1, params: []string{"x"}, out: tF32,
			summary: "returns the square root of x " + roundWords(m) + ". It emulates __fsqrt" + sfx + ", which nvcc compiles to sqrt." + m.PTX() + ".f32 (sqrt." + m.PTX() + ".ftz.f32 with -ftz=true).",
			body:    "fromBits(ptx.Sqrt(bits(x), " + mode + ", t.FTZ))",
			dflt:    rnDefault(m, "rounding.SqrtRN(x)", "rounding.SqrtMode(x, "+mode+")"),
			rows: []row{
				{"@(NaN) = " + canonNaN, []tc{c(cNaN, qNaN), c(cNaN, nNaN)}},
				{"@(x) = " + canonNaN + " for x < 0, -Inf included; with FTZ, @(-subnormal) = -0", []tc{c(cNaN, nOne), c(cNaN, nInf), c(cNaN, nMax), cf(cNaN, nZero, nMinSub)}},
				{"@(±0) = ±0", []tc{c(pZero, pZero), c(nZero, nZero)}},
				{"@(+Inf) = +Inf", []tc{c(pInf, pInf)}},
			},
			accur: crAccur, flags: ftzFlags,
		})
	}
	return fs
}

func convertFuncs() []fn {
	var fs []fn
	type dst struct {
		name       string // int, uint, ll, ull
		t          goType
		ptx        string // s32, u32, s64, u64
		nan        uint64
		nanText    string
		max, min   uint64
		maxText    string
		hiThresh   uint64 // smallest float32 that saturates high
		hiText     string
		lowRow     row
		neg        bool // signed
		ptxCvtFunc string
	}
	minI32 := uint64(0x80000000)
	minI64 := uint64(0x8000000000000000)
	dsts := []dst{
		{"int", tI32, "s32", 0, "0", 0x7fffffff, minI32, "math.MaxInt32", p2e31, "2^31", row{}, true, "CvtS32"},
		{"uint", tU32, "u32", 0, "0", 0xffffffff, 0, "math.MaxUint32", p2e32, "2^32", row{}, false, "CvtU32"},
		{"ll", tI64, "s64", minI64, "math.MinInt64 (the PTX rule for 64-bit destinations)", 0x7fffffffffffffff, minI64, "math.MaxInt64", p2e63, "2^63", row{}, true, "CvtS64"},
		{"ull", tU64, "u64", minI64, "1<<63 (0x8000000000000000, the PTX rule for 64-bit destinations)", 0xffffffffffffffff, 0, "math.MaxUint64", p2e64, "2^64", row{}, false, "CvtU64"},
	}
	// Results of rounding 1.5, 2.5, -1.5 to an integer, per mode.
	rounds := map[rounding.Mode][3]int64{
		rounding.RN: {2, 2, -2}, rounding.RZ: {1, 2, -1}, rounding.RU: {2, 3, -1}, rounding.RD: {1, 2, -2},
	}
	for _, d := range dsts {
		width := uint64(0xffffffff)
		if d.t == tI64 || d.t == tU64 {
			width = 0xffffffffffffffff
		}
		enc := func(v int64) uint64 { return uint64(v) & width }
		for _, m := range rounding.Modes {
			cuda := "__float2" + d.name + "_" + m.CUDA()
			r := rounds[m]
			var rows []row
			rows = append(rows,
				row{"@(NaN) = " + d.nanText, []tc{c(d.nan, qNaN), c(d.nan, allNaN), c(d.nan, sNaN)}},
				row{"@(x) = " + d.maxText + " for x ≥ " + d.hiText + ", +Inf included", []tc{c(d.max, d.hiThresh), c(d.max, pInf), c(d.max, pMax)}},
			)
			if d.neg {
				lo := uint64(n2e31)
				loText := "-2^31"
				minText := "math.MinInt32"
				if d.t == tI64 {
					lo, loText, minText = n2e63, "-2^63", "math.MinInt64"
				}
				rows = append(rows, row{"@(x) = " + minText + " for x ≤ " + loText + ", -Inf included", []tc{c(d.min, lo), c(d.min, nInf), c(d.min, nMax)}})
			} else {
				rows = append(rows, row{"@(x) = 0 for x < 0, -Inf included (negative results saturate to 0)", []tc{c(0, nOne), c(0, nInf), c(0, n1p5), c(0, nMax)}})
			}
			rows = append(rows, row{"@(±0) = 0", []tc{c(0, pZero), c(0, nZero)}})
			if d.neg {
				rows = append(rows, row{fmt.Sprintf("@(1.5) = %d, @(2.5) = %d, @(-1.5) = %d", r[0], r[1], r[2]),
					[]tc{c(enc(r[0]), p1p5), c(enc(r[1]), p2p5), c(enc(r[2]), n1p5)}})
			} else {
				rows = append(rows, row{fmt.Sprintf("@(1.5) = %d, @(2.5) = %d", r[0], r[1]),
					[]tc{c(enc(r[0]), p1p5), c(enc(r[1]), p2p5)}})
			}
			switch {
			case m == rounding.RU:
				rows = append(rows, row{"@(0x1p-149) = 1; with FTZ the subnormal reads as +0 and the result is 0", []tc{cf(1, 0, pMinSub), c(0, nMinSub)}})
			case m == rounding.RD && d.neg:
				rows = append(rows, row{"@(-0x1p-149) = -1; with FTZ the subnormal reads as -0 and the result is 0", []tc{cf(enc(-1), 0, nMinSub), c(0, pMinSub)}})
			default:
				rows = append(rows, row{"@(±0x1p-149) = 0", []tc{c(0, pMinSub), c(0, nMinSub)}})
			}
			rni := map[rounding.Mode]string{rounding.RN: "rni", rounding.RZ: "rzi", rounding.RU: "rpi", rounding.RD: "rmi"}[m]
			body := "ptx." + d.ptxCvtFunc + "(bits(x), rounding." + m.String() + ", t.FTZ)"
			fs = append(fs, fn{
				cuda: cuda, in: f1, params: []string{"x"}, out: d.t,
				summary: "converts x to " + string(d.t) + ", " + intWords(m) + ", saturating to the " + string(d.t) + " range. It emulates " + cuda +
					", which nvcc compiles to cvt." + rni + "." + d.ptx + ".f32 (cvt." + rni + ".ftz." + d.ptx + ".f32 with -ftz=true).",
				body:  body,
				rows:  rows,
				accur: "exact (x " + intWords(m) + ", then clamped to the destination range), and bit-exact with the device.",
				flags: "with Target.FTZ (-ftz=true) subnormal inputs are read as zeros of their sign, which matters only in the directed modes (" +
					"RU of a positive subnormal is 1 without FTZ, RD of a negative one is -1 for signed destinations).",
			})
		}
	}

	type src struct {
		name  string
		t     goType
		ptx   string
		cvt   string
		conv  string // Go expression converting x for the ptx call
		rows  func(m rounding.Mode) []row
		width uint64
	}
	odd := func(m rounding.Mode, neg bool) uint64 { // 2^24+1 rounded
		if (m == rounding.RU && !neg) || (m == rounding.RD && neg) {
			if neg {
				return n2e24p2
			}
			return p2e24p2
		}
		if neg {
			return n2e24
		}
		return p2e24
	}
	up := func(m rounding.Mode, exact, below uint64) uint64 { // a positive value just below a power of two 2^k that needs rounding
		if m == rounding.RN || m == rounding.RU {
			return exact
		}
		return below
	}
	srcs := []src{
		{"int", tI32, "s32", "CvtF32S32", "x", func(m rounding.Mode) []row {
			return []row{
				{"@(0) = +0", []tc{c(pZero, 0)}},
				{"@(x) = x exactly for |x| ≤ 2^24, and @(math.MinInt32) = -0x1p+31", []tc{c(p2e24, 1<<24), c(n2e24, 0xff000000), c(pOne, 1), c(n2e31, 0x80000000)}},
				{"@(16777217) = " + f32Text(odd(m, false)) + ", @(-16777217) = " + f32Text(odd(m, true)), []tc{c(odd(m, false), 16777217), c(odd(m, true), uint64(uint32(0xfeffffff)))}},
				{"@(math.MaxInt32) = " + f32Text(up(m, p2e31, p2e31m)), []tc{c(up(m, p2e31, p2e31m), 0x7fffffff)}},
			}
		}, 0xffffffff},
		{"uint", tU32, "u32", "CvtF32U32", "x", func(m rounding.Mode) []row {
			return []row{
				{"@(0) = +0", []tc{c(pZero, 0)}},
				{"@(x) = x exactly for x ≤ 2^24", []tc{c(p2e24, 1<<24), c(pOne, 1)}},
				{"@(16777217) = " + f32Text(odd(m, false)), []tc{c(odd(m, false), 16777217)}},
				{"@(math.MaxUint32) = " + f32Text(up(m, p2e32, p2e32m)), []tc{c(up(m, p2e32, p2e32m), 0xffffffff)}},
			}
		}, 0xffffffff},
		{"ll", tI64, "s64", "CvtF32S64", "x", func(m rounding.Mode) []row {
			return []row{
				{"@(0) = +0", []tc{c(pZero, 0)}},
				{"@(x) = x exactly for |x| ≤ 2^24, and @(math.MinInt64) = -0x1p+63", []tc{c(p2e24, 1<<24), c(n2e24, 0xffffffffff000000), c(n2e63, 0x8000000000000000)}},
				{"@(16777217) = " + f32Text(odd(m, false)) + ", @(-16777217) = " + f32Text(odd(m, true)), []tc{c(odd(m, false), 16777217), c(odd(m, true), uint64(0xfffffffffeffffff))}},
				{"@(math.MaxInt64) = " + f32Text(up(m, p2e63, p2e63m)), []tc{c(up(m, p2e63, p2e63m), 0x7fffffffffffffff)}},
			}
		}, 0xffffffffffffffff},
		{"ull", tU64, "u64", "CvtF32U64", "x", func(m rounding.Mode) []row {
			return []row{
				{"@(0) = +0", []tc{c(pZero, 0)}},
				{"@(x) = x exactly for x ≤ 2^24", []tc{c(p2e24, 1<<24), c(pOne, 1)}},
				{"@(16777217) = " + f32Text(odd(m, false)), []tc{c(odd(m, false), 16777217)}},
				{"@(math.MaxUint64) = " + f32Text(up(m, p2e64, p2e64m)), []tc{c(up(m, p2e64, p2e64m), 0xffffffffffffffff)}},
			}
		}, 0xffffffffffffffff},
	}
	for _, s := range srcs {
		for _, m := range rounding.Modes {
			cuda := "__" + s.name + "2float_" + m.CUDA()
			fs = append(fs, fn{
				cuda: cuda, in: []goType{s.t}, params: []string{"x"}, out: tF32,
				summary: "converts x to float32 " + roundWords(m) + ". It emulates " + cuda + ", which nvcc compiles to cvt." + m.PTX() + ".f32." + s.ptx + " in every build.",
				body:    "fromBits(ptx." + s.cvt + "(" + s.conv + ", rounding." + m.String() + "))",
				rows:    s.rows(m),
				accur:   "correctly rounded (the " + m.String() + " rounding of x), and bit-exact with the device.",
				flags:   "independent of Target: the result of an integer conversion is never subnormal.",
				method:  "; t does not change it",
			})
		}
	}
	for _, m := range rounding.Modes {
		cuda := "__double2float_" + m.CUDA()
		ovP, ovN, ovText := overflow(m)
		unP, unN, unText := underflow(m)
		fs = append(fs, fn{
			cuda: cuda, in: []goType{tF64}, params: []string{"x"}, out: tF32,
			summary: "converts x to float32 " + roundWords(m) + ". It emulates " + cuda + ", which nvcc compiles to cvt." + m.PTX() + ".f32.f64 (cvt." + m.PTX() + ".ftz.f32.f64 with -ftz=true). " +
				"x is taken by its encoding (math.Float64bits); no host arithmetic is done on it.",
			body: "fromBits(ptx.CvtF32F64(math.Float64bits(x), rounding." + m.String() + ", t.FTZ))",
			rows: []row{
				{"@(NaN) = NaN with x's sign and the top 22 bits of its payload, quiet bit set (not the canonical NaN; device-measured: 0x7ff0f9c7ff5fb763 → 0x7fc7ce3f, 0xfff0000000004020 → 0xffc00000)",
					[]tc{c(0x7fc7ce3f, 0x7ff0f9c7ff5fb763), c(0xffc00000, 0xfff0000000004020), c(0x7fc00000, 0x7ff8000000000000), c(0x7fc00000, 0x7ff0000000000001)}},
				{"@(±Inf) = ±Inf", []tc{c(pInf, 0x7ff0000000000000), c(nInf, 0xfff0000000000000)}},
				{"@(±0) = ±0", []tc{c(pZero, 0), c(nZero, 0x8000000000000000)}},
				{"@(±0x1p+128) = " + ovText + " (overflow)", []tc{c(ovP, 0x47f0000000000000), c(ovN, 0xc7f0000000000000)}},
				{"@(±0x1p-200) = " + strings.ReplaceAll(unText, "exact", "x") + " (underflow); with FTZ, ±0", []tc{cf(unP, pZero, 0x3370000000000000), cf(unN, nZero, 0xb370000000000000)}},
			},
			accur: "correctly rounded (the " + m.String() + " rounding of x), and bit-exact with the device.",
			flags: "with Target.FTZ (-ftz=true) a subnormal float32 result is flushed to the zero of its sign (device-measured: the -ftz=true capture of " + cuda + " flushes, e.g. 0x36a0000000000000 = 0x1p-149 → +0).",
		})
	}
	for _, r := range []struct {
		cuda     string
		in, out  goType
		summary  string
		body     string
		doc      string
		examples []uint64
	}{
		{"__float_as_int", tF32, tI32, "returns the encoding of x as an int32, bit for bit. It emulates __float_as_int, a register move (mov.b32) in PTX.", "int32(bits(x))",
			"@(x) keeps every bit: @(-0) = math.MinInt32, and a NaN's sign and payload survive", []uint64{nZero, 0x7fc00001, allNaN, sNaN, pOne}},
		{"__float_as_uint", tF32, tU32, "returns the encoding of x as a uint32, bit for bit. It emulates __float_as_uint, a register move (mov.b32) in PTX.", "bits(x)",
			"@(x) keeps every bit: @(-0) = 0x80000000, and a NaN's sign and payload survive", []uint64{nZero, 0x7fc00001, allNaN, sNaN, pOne}},
		{"__int_as_float", tI32, tF32, "returns the float32 whose encoding is x, bit for bit. It emulates __int_as_float, a register move (mov.b32) in PTX.", "fromBits(uint32(x))",
			"@(x) keeps every bit: @(math.MinInt32) = -0, and NaN encodings give those NaNs, payload and sign included", []uint64{nZero, 0x7fc00001, allNaN, sNaN, pOne}},
		{"__uint_as_float", tU32, tF32, "returns the float32 whose encoding is x, bit for bit. It emulates __uint_as_float, a register move (mov.b32) in PTX.", "fromBits(x)",
			"@(x) keeps every bit: @(0x80000000) = -0, and NaN encodings give those NaNs, payload and sign included", []uint64{nZero, 0x7fc00001, allNaN, sNaN, pOne}},
	} {
		var cases []tc
		for _, e := range r.examples {
			cases = append(cases, tc{args: []uint64{e}, want: e, ftz: e, ftzSet: true})
		}
		fs = append(fs, fn{
			cuda: r.cuda, in: []goType{r.in}, params: []string{"x"}, out: r.out,
			summary: r.summary, body: r.body,
			rows:   []row{{r.doc, cases}},
			accur:  "exact (a reinterpretation of the 32 bits, no conversion), and bit-exact with the device.",
			flags:  "independent of Target: no floating-point operation is involved, so -ftz=true does not flush.",
			method: "; t does not change it",
		})
	}
	return fs
}

// f32Text spells a float32 encoding of an integer value for the docs.
func f32Text(u uint64) string {
	names := map[uint64]string{
		p2e24: "16777216", n2e24: "-16777216", p2e24p2: "16777218", n2e24p2: "-16777218",
		p2e31: "0x1p+31", p2e31m: "0x1.fffffep+30", p2e32: "0x1p+32", p2e32m: "0x1.fffffep+31",
		p2e63: "0x1p+63", p2e63m: "0x1.fffffep+62", p2e64: "0x1p+64", p2e64m: "0x1.fffffep+63",
	}
	s, ok := names[u]
	if !ok {
		log.Fatalf("f32Text: no spelling for %#08x", u)
	}
	return s
}

// Code emission.

func (f fn) name() string { return spec.GoName(f.cuda) }

func (f fn) sig() string {
	var ps []string
	for i, p := range f.params {
		if i+1 < len(f.params) && f.in[i+1] == f.in[i] {
			ps = append(ps, p) // x, y float32
			continue
		}
		ps = append(ps, p+" "+string(f.in[i]))
	}
	return "(" + strings.Join(ps, ", ") + ") " + string(f.out)
}

func (f fn) doc(w *bytes.Buffer) {
	name := f.name()
	text, src := bound(f.cuda)
	fmt.Fprintf(w, "%s\n", wrap(name+" "+f.summary))
	fmt.Fprintf(w, "//\n// Special cases are (in order):\n//\n")
	for _, r := range f.rows {
		fmt.Fprintf(w, "//\t%s\n", strings.ReplaceAll(r.doc, "@(", name+"("))
	}
	fmt.Fprintf(w, "//\n%s\n", wrap("Accuracy: "+f.accur+" Documented ("+src+"): \""+text+"\""))
	fmt.Fprintf(w, "//\n%s\n", wrap("Flags: "+f.flags))
}

// wrap formats a paragraph as // comment lines of at most about 100 columns.
func wrap(s string) string {
	var lines []string
	line := "//"
	for _, word := range strings.Fields(s) {
		if len(line)+1+len(word) > 100 && line != "//" {
			lines = append(lines, line)
			line = "//"
		}
		line += " " + word
	}
	lines = append(lines, line)
	return strings.Join(lines, "\n")
}

func emit(path string, fs []fn, imports ...string) {
	var w bytes.Buffer
	fmt.Fprintf(&w, "// Code generated by gen_intrinsics.go; DO NOT EDIT.\n\npackage intrinsics\n\nimport (\n")
	for _, i := range imports {
		fmt.Fprintf(&w, "\t%q\n", i)
	}
	fmt.Fprintf(&w, ")\n")
	for _, f := range fs {
		name := f.name()
		w.WriteString("\n")
		f.doc(&w)
		if f.dflt != "" {
			fmt.Fprintf(&w, "func %s%s { return %s }\n\n", name, f.sig(), f.dflt)
		} else {
			fmt.Fprintf(&w, "func %s%s { return Target{}.%s(%s) }\n\n", name, f.sig(), name, strings.Join(f.params, ", "))
		}
		method := f.method
		if method == "" {
			method = ": with t.FTZ it is the -ftz=true build"
		}
		fmt.Fprintf(&w, "// %s is %s compiled for t%s; see the function %s.\n", name, f.cuda, method, name)
		fmt.Fprintf(&w, "func (t Target) %s%s { return %s }\n", name, f.sig(), f.body)
	}
	src, err := format.Source(w.Bytes())
	if err != nil {
		os.WriteFile(path+".bad", w.Bytes(), 0o644)
		log.Fatalf("%s: %v", path, err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// Test table emission.

func argExpr(t goType, v string) string {
	switch t {
	case tF32:
		return "math.Float32frombits(uint32(" + v + "))"
	case tF64:
		return "math.Float64frombits(" + v + ")"
	case tI32:
		return "int32(uint32(" + v + "))"
	case tU32:
		return "uint32(" + v + ")"
	case tI64:
		return "int64(" + v + ")"
	}
	return v
}

func outExpr(t goType, v string) string {
	switch t {
	case tF32:
		return "uint64(math.Float32bits(" + v + "))"
	case tF64:
		return "math.Float64bits(" + v + ")"
	case tI32:
		return "uint64(uint32(" + v + "))"
	case tU32, tI64:
		return "uint64(" + v + ")"
	}
	return v
}

// hexBits spells an encoding of type t full width, as the golden files do:
// 8 hex digits for 32-bit types, 16 for 64-bit ones.
func hexBits(t goType, u uint64) string {
	if t == tF64 || t == tI64 || t == tU64 {
		return fmt.Sprintf("0x%016x", u)
	}
	return fmt.Sprintf("0x%08x", u)
}

func isSubnormal32(u uint64) bool { return u&0x7f800000 == 0 && u&0x7fffffff != 0 }

func flush32(u uint64) uint64 {
	if isSubnormal32(u) {
		return u & 0x80000000
	}
	return u
}

func emitTests(path string, fs []fn) {
	var w bytes.Buffer
	fmt.Fprintf(&w, "// Code generated by gen_intrinsics.go; DO NOT EDIT.\n\npackage intrinsics_test\n\n")
	fmt.Fprintf(&w, "import (\n\t\"math\"\n\n\t\"github.com/cudafp/cudafp/intrinsics\"\n)\n\n")
	fmt.Fprintf(&w, "// generatedSpecials holds the rows of the generated functions' \"Special cases are:\" tables, each with its test instances.\n")
	fmt.Fprintf(&w, "var generatedSpecials = []specialFunc{\n")
	for _, f := range fs {
		name := f.name()
		var args []string
		for i, t := range f.in {
			args = append(args, argExpr(t, fmt.Sprintf("a[%d]", i)))
		}
		fmt.Fprintf(&w, "\t{name: %q, id: %q, in: %d, wideOut: %v,\n", name, catalogID(f.cuda), len(f.in), f.out == tI64 || f.out == tU64 || f.out == tF64)
		fmt.Fprintf(&w, "\t\tfn: func(t intrinsics.Target, a [3]uint64) uint64 { return %s },\n", outExpr(f.out, "t."+name+"("+strings.Join(args, ", ")+")"))
		fmt.Fprintf(&w, "\t\trows: []specialRow{\n")
		for _, r := range f.rows {
			fmt.Fprintf(&w, "\t\t\t{%q, []specialCase{\n", strings.ReplaceAll(r.doc, "@(", name+"("))
			for _, k := range r.cases {
				var as []string
				sub := false
				for i, a := range k.args {
					as = append(as, hexBits(f.in[i], a))
					if f.in[i] == tF32 && isSubnormal32(a) {
						sub = true
					}
				}
				for len(as) < 3 {
					as = append(as, "0")
				}
				builds := "bothBuilds"
				ftz := k.want
				if f.out == tF32 {
					ftz = flush32(k.want)
				}
				switch {
				case k.ftzSet:
					ftz = k.ftz
				case sub:
					builds = "defaultOnly"
				}
				fmt.Fprintf(&w, "\t\t\t\t{[3]uint64{%s}, %s, %s, %s},\n", strings.Join(as, ", "), hexBits(f.out, k.want), hexBits(f.out, ftz), builds)
			}
			fmt.Fprintf(&w, "\t\t\t}},\n")
		}
		fmt.Fprintf(&w, "\t\t}},\n")
	}
	fmt.Fprintf(&w, "}\n")
	src, err := format.Source(w.Bytes())
	if err != nil {
		os.WriteFile(path+".bad", w.Bytes(), 0o644)
		log.Fatalf("%s: %v", path, err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// emitBench writes the benchmark loops: one per function, calling it
// directly on precomputed argument encodings.
func emitBench(path string, fs []fn) {
	var w bytes.Buffer
	fmt.Fprintf(&w, "// Code generated by gen_intrinsics.go; DO NOT EDIT.\n\npackage intrinsics_test\n\n")
	fmt.Fprintf(&w, "import (\n\t\"math\"\n\n\t\"github.com/cudafp/cudafp/intrinsics\"\n)\n\n")
	fmt.Fprintf(&w, "// generatedBench holds a loop per generated function: it calls the function on every argument tuple of in and folds the results into a sink.\n")
	fmt.Fprintf(&w, "var generatedBench = []benchFunc{\n")
	for _, f := range fs {
		name := f.name()
		var args []string
		for i, t := range f.in {
			args = append(args, argExpr(t, fmt.Sprintf("a[%d]", i)))
		}
		fmt.Fprintf(&w, "\t{%q, %q, func(t intrinsics.Target, in [][3]uint64) (s uint64) {\n", name, catalogID(f.cuda))
		fmt.Fprintf(&w, "\t\tfor _, a := range in {\n\t\t\ts ^= %s\n\t\t}\n\t\treturn s\n\t}},\n", outExpr(f.out, "t."+name+"("+strings.Join(args, ", ")+")"))
	}
	fmt.Fprintf(&w, "}\n")
	src, err := format.Source(w.Bytes())
	if err != nil {
		os.WriteFile(path+".bad", w.Bytes(), 0o644)
		log.Fatalf("%s: %v", path, err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

func main() {
	ieee := ieeeFuncs()
	conv := convertFuncs()
	ieee64 := ieee64Funcs()
	conv64 := convert64Funcs()
	emit("ieee_gen.go", ieee, "github.com/cudafp/cudafp/ptx", "github.com/cudafp/cudafp/rounding")
	emit("convert_gen.go", conv, "math", "github.com/cudafp/cudafp/ptx", "github.com/cudafp/cudafp/rounding")
	emit("ieee64_gen.go", ieee64, "github.com/cudafp/cudafp/rounding")
	emit("convert64_gen.go", conv64, "math", "github.com/cudafp/cudafp/rounding")
	all := slices.Concat(ieee, conv, ieee64, conv64)
	emitTests("specials_gen_test.go", all)
	emitBench("bench_gen_test.go", all)
}
