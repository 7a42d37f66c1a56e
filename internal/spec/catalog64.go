package spec

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/rounding"
)

// The binary64 part of the catalog (issues 17 and 18): the double
// intrinsics, the C operators on double, and CUDA's double-precision
// standard library. Operators get IDs f64_op_* and CUDA names prefixed
// with the type ("f64:x+y", DESIGN.md "Types and names"); names CUDA gives
// only to doubles (__dadd_rn, exp) stay as they are.

// Sources of the binary64 bounds (the 13.1 mirror of the guide,
// cuda-facts.md §0 S1, numbers the tables as 13.0 does).
const (
	srcGuideDbl    = "CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 18 (double-precision standard functions)"
	srcGuideDblInt = "CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 22 (double-precision intrinsics)"
)

var (
	d1   = []Type{F64}
	d2   = []Type{F64, F64}
	d3   = []Type{F64, F64, F64}
	d4   = []Type{F64, F64, F64, F64}
	dArr = append([]Type{I32}, slices.Repeat([]Type{F64}, MaxArray)...) // norm(dim, a)
)

// sensLib64 gives the flags that change the PTX of each double standard
// function (gpu/ref/README.md: funcs64's PTX under each flag set compared
// with the default build). -ftz=true reaches the float32 helpers inside 28
// of them (rcp.approx.ftz.f32, lg2.approx.ftz.f32 and the like), and
// -use_fast_math builds the same PTX as -ftz=true; -fmad=false changes the
// contraction in 59; -prec-div and -prec-sqrt change none. A function not
// listed has the same PTX under every captured flag set. TestSens checks
// the table against the golden data: flag sets it calls equal hold equal
// results.
var sensLib64 = func() map[string]Sens {
	m := map[string]Sens{}
	for _, n := range strings.Fields("acosh asin asinh atanh cbrt rcbrt cyl_bessel_i0 cyl_bessel_i1 erf erfcinv erfcx " +
		"erfinv exp exp2 exp10 expm1 jn lgamma log log2 log10 log1p normcdfinv tanh tgamma y0 y1 yn") {
		m[n] |= SensFTZ
	}
	for _, n := range strings.Fields("acos acosh asin asinh atan atan2 atanh cbrt cos cosh cospi cyl_bessel_i0 " +
		"cyl_bessel_i1 erf erfc erfcinv erfcx erfinv exp exp2 exp10 expm1 fmod frexp hypot j0 j1 jn lgamma log " +
		"log2 log10 log1p logb modf nextafter norm norm3d norm4d normcdf normcdfinv pow rcbrt remainder remquo " +
		"rhypot rnorm rnorm3d rnorm4d sin sincos sincospi sinh sinpi tan tanh tgamma y0 y1 yn") {
		m[n] |= SensFMAD
	}
	return m
}()

// addIntrinsics64 adds the double intrinsics: the IEEE operations with a
// rounding suffix, the conversions and the reinterpretations.
func addIntrinsics64(add func(*Func)) {
	const ieee = "IEEE-compliant."
	const ieeeCC = "IEEE-compliant. Requires compute capability > 2."
	for _, m := range []struct {
		name, ref string
		in        []Type
		fam       Family
		expr      string
		bound     string
	}{
		{"dadd", "add", d2, FamArith, "(x,y)", ieee},
		{"dsub", "sub", d2, FamArith, "(x,y)", ieee},
		{"dmul", "mul", d2, FamMul, "(x,y)", ieee},
		{"fma", "fma", d3, FamFMA, "(x,y,z)", ieee},
		{"ddiv", "div", d2, FamDiv, "(x,y)", ieeeCC},
		{"drcp", "rcp", d1, FamRoot, "(x)", ieeeCC},
		{"dsqrt", "sqrt", d1, FamRoot, "(x)", ieeeCC},
	} {
		for _, mode := range rounding.Modes {
			name := "__" + m.name + "_" + mode.CUDA()
			add(&Func{
				ID: "i_" + m.name + "_" + mode.CUDA(), Name: name, Go: "intrinsics." + GoName(name),
				Kind: Intrinsic, In: m.in, Out: d1, Expr: name + m.expr, Family: m.fam,
				Flags: intrFlags, Bound: cr(m.bound, srcGuideDblInt), Ref: m.ref, Mode: mode,
			})
		}
	}
	cvtBound := noBound("Converts in the stated rounding mode; out-of-range values saturate to the destination range; NaN converts to 1 << (BitWidth(dst) - 1) (0x80000000 or 0x8000000000000000: a .f64 source).", srcPTXCvt)
	for _, to := range []struct {
		name string
		t    Type
	}{{"int", I32}, {"uint", U32}, {"ll", I64}, {"ull", U64}} {
		for _, mode := range rounding.Modes {
			name := "__double2" + to.name + "_" + mode.CUDA()
			add(&Func{ID: "i_double2" + to.name + "_" + mode.CUDA(), Name: name, Go: "intrinsics." + GoName(name), Kind: Intrinsic,
				In: d1, Out: []Type{to.t}, Expr: name + "(x)", Family: FamRound, Flags: intrFlags, Bound: cvtBound, Mode: mode})
		}
	}
	toDouble := cr("IEEE-754 conversion in the stated rounding mode.", srcPTXCvt)
	for _, from := range []struct {
		name  string
		t     Type
		modes []rounding.Mode
	}{{"int", I32, []rounding.Mode{rounding.RN}}, {"uint", U32, []rounding.Mode{rounding.RN}}, {"ll", I64, rounding.Modes[:]}, {"ull", U64, rounding.Modes[:]}} {
		fam := FamInt64D
		if !from.t.Wide() {
			fam = FamInt32 // every int is a double: unary, captured on all 2^32 inputs
		}
		for _, mode := range from.modes {
			name := "__" + from.name + "2double_" + mode.CUDA()
			add(&Func{ID: "i_" + from.name + "2double_" + mode.CUDA(), Name: name, Go: "intrinsics." + GoName(name), Kind: Intrinsic,
				In: []Type{from.t}, Out: d1, Expr: name + "(x)", Family: fam, Flags: intrFlags, Bound: toDouble, Ref: "cvt", Mode: mode})
		}
	}
	for _, b := range []struct {
		name    string
		in, out []Type
		fam     Family
		expr    string
		doc     string
	}{
		{"__double_as_longlong", d1, []Type{I64}, FamMisc, "(x)", "Reinterpret bits in a double as a 64-bit signed integer."},
		{"__longlong_as_double", []Type{I64}, d1, FamInt64D, "(x)", "Reinterpret bits in a 64-bit signed integer as a double."},
		{"__double2hiint", d1, []Type{I32}, FamMisc, "(x)", "Reinterpret high 32 bits in a double as a signed integer."},
		{"__double2loint", d1, []Type{I32}, FamMisc, "(x)", "Reinterpret low 32 bits in a double as a signed integer."},
		{"__hiloint2double", []Type{I32, I32}, d1, FamHalves, "(x,y)", "Reinterpret high and low 32-bit integer values as a double."},
	} {
		add(&Func{ID: "i_" + b.name[2:], Name: b.name, Go: "intrinsics." + GoName(b.name), Kind: Intrinsic,
			In: b.in, Out: b.out, Expr: b.name + b.expr, Family: b.fam, Flags: intrFlags, Bound: noBound(b.doc, srcLibdev)})
	}
}

// addOperators64 adds the C operators on double. Division and the square
// root are IEEE whatever -prec-div and -prec-sqrt say, and -ftz does not
// touch double arithmetic; -fmad decides the contraction of x*y±z. Every
// flag set is captured, so that the device confirms it.
func addOperators64(add func(*Func)) {
	const rne = "0 (IEEE-754 round-to-nearest-even)"
	for _, o := range []struct {
		id, name, expr, goName, ref string
		in                          []Type
		fam                         Family
		sens                        Sens
		bound                       Bound
	}{
		{"f64_op_add", "f64:x+y", "x+y", "Add64", "add", d2, FamArith, 0, cr(rne, srcGuideDbl)},
		{"f64_op_sub", "f64:x-y", "x-y", "Sub64", "sub", d2, FamArith, 0, cr("x+y: "+rne+"; x-y is not listed", srcGuideDbl)},
		{"f64_op_mul", "f64:x*y", "x*y", "Mul64", "mul", d2, FamMul, 0, cr(rne, srcGuideDbl)},
		{"f64_op_div", "f64:x/y", "x/y", "Div64", "div", d2, FamDiv, 0, cr(rne, srcGuideDbl)},
		{"f64_op_rcp", "f64:1.0/x", "1.0/x", "Rcp64", "rcp", d1, FamRoot, 0, cr(rne, srcGuideDbl)},
		{"f64_op_madd", "f64:x*y+z", "x*y+z", "MulAdd64", "fma", d3, FamFMA, SensFMAD, cr("fma(x,y,z): "+rne+"; x*y+z is contracted into it with -fmad=true", srcGuideDbl)},
		{"f64_op_msub", "f64:x*y-z", "x*y-z", "MulSub64", "fms", d3, FamFMA, SensFMAD, cr("fma(x,y,z): "+rne+"; x*y-z is contracted into fma(x,y,-z) with -fmad=true", srcGuideDbl)},
		{"f64_op_sqrt", "f64:sqrt(x)", "sqrt(x)", "Sqrt64", "sqrt", d1, FamRoot, 0, cr(rne, srcGuideDbl)},
	} {
		add(&Func{ID: o.id, Name: o.name, Go: "fp." + o.goName, Kind: Operator, In: o.in, Out: d1, Expr: o.expr,
			Family: o.fam, Sens: o.sens, Flags: allFlags, Bound: o.bound, Ref: o.ref})
	}
}

// std64 is a bound of Table 18 read "n (full range)".
func std64(n float64) Bound {
	text := strconv.FormatFloat(n, 'g', -1, 64) + " (full range)"
	if n == 0 {
		return cr(text, srcGuideDbl)
	}
	return ulps(n, text, srcGuideDbl)
}

var (
	rne64      = cr("0 (IEEE-754 round-to-nearest-even)", srcGuideDbl)
	unlisted64 = noBound("Not listed in Table 18 (an exact operation).", srcGuideDbl)
	norm64     = noBound("An error bound cannot be provided because a fast algorithm is used with accuracy loss due to round-off.", srcGuideDbl)
	bessel64   = Bound{Text: "7 for |x| < 8  otherwise, the maximum absolute error is 5 x 10-12", Source: srcGuideDbl, ULP: 7, Abs: 5e-12, AbsLo: -8, AbsHi: 8, AbsOutside: true}
)

// library64Table lists CUDA's double-precision standard functions (issue
// 18), captured on the device before their Go implementation exists; the
// bounds are Table 18's cells, quoted. The argument and result types are
// CUDA's (long = 64 bits on the capture host).
var library64Table = []libEntry{
	{name: "exp", in: d1, fam: FamExp, ref: "exp", bound: std64(1)},
	{name: "exp2", in: d1, fam: FamExp, ref: "exp2", bound: std64(1)},
	{name: "exp10", in: d1, fam: FamExp, ref: "exp10", bound: std64(1)},
	{name: "expm1", in: d1, fam: FamExp, ref: "expm1", bound: std64(1)},
	{name: "log", in: d1, fam: FamLog, ref: "log", bound: std64(1)},
	{name: "log2", in: d1, fam: FamLog, ref: "log2", bound: std64(1)},
	{name: "log10", in: d1, fam: FamLog, ref: "log10", bound: std64(1)},
	{name: "log1p", in: d1, fam: FamLog, ref: "log1p", bound: std64(1)},
	{name: "sin", in: d1, fam: FamTrig, ref: "sin", bound: std64(2)},
	{name: "cos", in: d1, fam: FamTrig, ref: "cos", bound: std64(2)},
	{name: "tan", in: d1, fam: FamTrig, ref: "tan", bound: std64(2)},
	{name: "sincos", in: d1, out: d2, expr: "sincos(x,&r0,&r1)", fam: FamTrig, ref: "sincos", bound: std64(2)},
	{name: "sinpi", in: d1, fam: FamTrig, ref: "sinpi", bound: std64(2)},
	{name: "cospi", in: d1, fam: FamTrig, ref: "cospi", bound: std64(2)},
	{name: "sincospi", in: d1, out: d2, expr: "sincospi(x,&r0,&r1)", fam: FamTrig, ref: "sincospi", bound: std64(2)},
	{name: "asin", in: d1, fam: FamMisc, ref: "asin", bound: std64(2)},
	{name: "acos", in: d1, fam: FamMisc, ref: "acos", bound: std64(2)},
	{name: "atan", in: d1, fam: FamMisc, ref: "atan", bound: std64(2)},
	{name: "atan2", in: d2, fam: FamMisc, ref: "atan2", bound: std64(2)},
	{name: "sinh", in: d1, fam: FamExp, ref: "sinh", bound: std64(2)},
	{name: "cosh", in: d1, fam: FamExp, ref: "cosh", bound: std64(1)},
	{name: "tanh", in: d1, fam: FamTanh, ref: "tanh", bound: std64(1)},
	{name: "asinh", in: d1, fam: FamMisc, ref: "asinh", bound: std64(3)},
	{name: "acosh", in: d1, fam: FamMisc, ref: "acosh", bound: std64(3)},
	{name: "atanh", in: d1, fam: FamMisc, ref: "atanh", bound: std64(2)},
	{name: "pow", in: d2, fam: FamPow, ref: "pow", bound: std64(2)},
	{name: "sqrt", in: d1, fam: FamRoot, ref: "sqrt", bound: rne64},
	{name: "rsqrt", in: d1, fam: FamRoot, ref: "rsqrt", bound: std64(1)},
	{name: "cbrt", in: d1, fam: FamRoot, ref: "cbrt", bound: std64(1)},
	{name: "rcbrt", in: d1, fam: FamRoot, ref: "rcbrt", bound: std64(1)},
	{name: "hypot", in: d2, fam: FamMul, ref: "hypot", bound: std64(2)},
	{name: "rhypot", in: d2, fam: FamMul, ref: "rhypot", bound: std64(1)},
	{name: "norm3d", in: d3, fam: FamMul, ref: "norm3", bound: std64(2)},
	{name: "rnorm3d", in: d3, fam: FamMul, ref: "rnorm3", bound: std64(1)},
	{name: "norm4d", in: d4, fam: FamNorm, ref: "norm4", bound: std64(2)},
	{name: "rnorm4d", in: d4, fam: FamNorm, ref: "rnorm4", bound: std64(1)},
	{name: "norm", in: dArr, array: true, fam: FamNorm, ref: "norm", bound: norm64},
	{name: "rnorm", in: dArr, array: true, fam: FamNorm, ref: "rnorm", bound: norm64},
	{name: "erf", in: d1, fam: FamMisc, ref: "erf", bound: std64(2)},
	{name: "erfc", in: d1, fam: FamMisc, ref: "erfc", bound: std64(5)},
	{name: "erfinv", in: d1, fam: FamMisc, ref: "erfinv", bound: std64(5)},
	{name: "erfcinv", in: d1, fam: FamMisc, ref: "erfcinv", bound: std64(6)},
	{name: "erfcx", in: d1, fam: FamMisc, ref: "erfcx", bound: std64(4)},
	{name: "normcdf", in: d1, fam: FamMisc, ref: "normcdf", bound: std64(5)},
	{name: "normcdfinv", in: d1, fam: FamMisc, ref: "normcdfinv", bound: std64(8)},
	{name: "lgamma", in: d1, fam: FamMisc, ref: "lgamma", bound: Bound{Text: "4 (outside interval -23.0001 … -2.2637; larger inside)", Source: srcGuideDbl, ULP: 4, Unstated: [2]float64{-23.0001, -2.2637}}},
	{name: "tgamma", in: d1, fam: FamMisc, ref: "tgamma", bound: std64(10)},
	{name: "j0", in: d1, fam: FamBesselX, ref: "j0", bound: bessel64},
	{name: "j1", in: d1, fam: FamBesselX, ref: "j1", bound: bessel64},
	{name: "y0", in: d1, fam: FamBesselX, ref: "y0", bound: bessel64},
	{name: "y1", in: d1, fam: FamBesselX, ref: "y1", bound: bessel64},
	{name: "jn", in: []Type{I32, F64}, fam: FamBessel, ref: "jn", bound: noBound("For n = 128, the maximum absolute error is 5 x 10-12", srcGuideDbl)},
	{name: "yn", in: []Type{I32, F64}, fam: FamBessel, ref: "yn", bound: noBound("For |x| > 1.5n, the maximum absolute error is 5 x 10-12", srcGuideDbl)},
	{name: "cyl_bessel_i0", in: d1, fam: FamMisc, ref: "i0", bound: std64(6)},
	{name: "cyl_bessel_i1", in: d1, fam: FamMisc, ref: "i1", bound: std64(6)},
	{name: "fmod", in: d2, fam: FamDiv, bound: std64(0)},
	{name: "remainder", in: d2, fam: FamDiv, bound: std64(0)},
	{name: "remquo", in: d2, out: []Type{F64, I32}, expr: "r0=remquo(x,y,&r1)", fam: FamDiv, bound: std64(0)},
	{name: "frexp", in: d1, out: []Type{F64, I32}, expr: "r0=frexp(x,&r1)", fam: FamMisc, bound: std64(0)},
	{name: "ldexp", in: []Type{F64, I32}, fam: FamScale, bound: std64(0)},
	{name: "scalbn", in: []Type{F64, I32}, fam: FamScale, bound: std64(0)},
	{name: "ilogb", in: d1, out: []Type{I32}, fam: FamLog, bound: std64(0)},
	{name: "logb", in: d1, fam: FamLog, bound: std64(0)},
	{name: "modf", in: d1, out: d2, expr: "r0=modf(x,&r1)", fam: FamMisc, bound: std64(0)},
	{name: "nextafter", in: d2, fam: FamArith, bound: unlisted64},
	{name: "fdim", in: d2, fam: FamArith, bound: std64(0)},
	{name: "fmax", in: d2, fam: FamArith, bound: unlisted64},
	{name: "fmin", in: d2, fam: FamArith, bound: unlisted64},
	{name: "fabs", in: d1, fam: FamMisc, bound: unlisted64},
	{name: "ceil", in: d1, fam: FamRound, bound: std64(0)},
	{name: "floor", in: d1, fam: FamRound, bound: std64(0)},
	{name: "trunc", in: d1, fam: FamRound, bound: std64(0)},
	{name: "round", in: d1, fam: FamRound, bound: std64(0)},
	{name: "rint", in: d1, fam: FamRound, bound: std64(0)},
	{name: "nearbyint", in: d1, fam: FamRound, bound: std64(0)},
	{name: "lrint", in: d1, out: []Type{I64}, fam: FamRound, bound: std64(0)},
	{name: "llrint", in: d1, out: []Type{I64}, fam: FamRound, bound: std64(0)},
	{name: "lround", in: d1, out: []Type{I64}, fam: FamRound, bound: std64(0)},
	{name: "llround", in: d1, out: []Type{I64}, fam: FamRound, bound: std64(0)},
	{name: "copysign", in: d2, fam: FamArith, bound: unlisted64},
	{name: "fma", in: d3, fam: FamFMA, ref: "fma", bound: rne64},
}
