// Package spec is cudafp's catalog: one table naming every function the
// module emulates, with its CUDA and Go names, argument and result types,
// input family (generators and special values), the nvcc flags that change
// it, the flag sets captured on the device, and NVIDIA's documented bound
// with its source. The CUDA capture harness's function list (gpu/), the
// verifier, the reports and the benchmarks are all generated from it.
//
// The table is data; the Go implementations are bound to it in impl.go.
package spec

//go:generate go run ../../gpu/genfuncs.go -o ../../gpu/funcs_gen.cuh -o16 ../../gpu/funcs16_gen.cuh -sh ../../gpu/flagsets_gen.sh

import (
	"slices"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/rounding"
)

// Family selects a function's input generators and extra special values.
type Family uint8

const (
	FamArith   Family = iota // add, sub: cancellation
	FamMul                   // mul: products near underflow and overflow
	FamDiv                   // div, rcp-like binary: quotients near underflow and overflow
	FamFMA                   // fma and x*y±z: cancellation of the product
	FamPow                   // powf
	FamExp                   // exp family: overflow and underflow thresholds
	FamLog                   // log family
	FamTrig                  // sin, cos, tan: multiples of π, huge arguments
	FamTanh                  // tanh
	FamRoot                  // sqrt, rsqrt, rcp
	FamRound                 // float → integer and float → integral float
	FamMisc                  // other library functions
	FamInt32                 // 32-bit integer inputs
	FamInt64                 // 64-bit integer inputs
	FamF64                   // double inputs of the conversions to float (__double2float_*); the binary64 functions (Func.D64) use the other families
	FamScale                 // x·2^n: a float and an int exponent (ldexpf, scalbnf)
	FamScaleL                // x·2^n: a float and a long long exponent (scalblnf)
	FamNorm                  // Euclidean norms of four or an array of floats: squares that overflow or underflow, mixed magnitudes, repeated maxima
	FamBessel                // Bessel functions of integer order n (jnf, ynf): an int order and x near the zeros, small and large
	FamInt64D                // 64-bit integers converted to double: ties at 2^54 and above, the thresholds near 2^63 and 2^64
	FamHalves                // the two 32-bit halves of a double (__hiloint2double)
	FamBesselX               // Bessel functions of x (j0, j1, y0, y1 of double): x near their zeros, small and large
	FamHalf                  // float, double and integer arguments of the conversions to half and bfloat16: their rounding and overflow thresholds
)

var familyNames = [...]string{"arith", "mul", "div", "fma", "pow", "exp", "log", "trig", "tanh", "root", "round", "misc", "int32", "int64", "f64", "scale", "scalel", "norm", "bessel", "int64d", "halves", "besselx", "half"}

func (f Family) String() string { return familyNames[f] }

// Func describes one catalogued function.
type Func struct {
	ID     string // C identifier, unique: golden file names and harness symbols ("i_fadd_rn", "expf", "op_div", "ptx_ex2_approx_ftz_f32")
	Name   string // CUDA spelling ("__fadd_rn", "expf", "x/y", "ex2.approx.ftz.f32")
	Go     string // Go spelling ("intrinsics.FaddRN", "fp.Expf", "fp.Div", "ptx.Ex2Approx(x, ftz=true)")
	Kind   Kind
	In     []Type // argument types, 1 to MaxArgs
	Array  bool   // In[0] is a count d (int) and In[1:] an array of floats whose first d elements are read (normf(d, a))
	Out    []Type // result types, 1 or 2 (sincosf: sin, cos)
	Expr   string // CUDA C++ for the harness: an expression in x, y, z; with two results, a statement writing r0 and r1; for an Instruction, the PTX instruction
	Family Family
	Sens   Sens       // flags that change the results (from the PTX nvcc emits under each flag set)
	Flags  []fp.Flags // flag sets captured on the device
	Bound  Bound      // NVIDIA's documented accuracy
	Ref    string     // the mathematical function measured against ("exp", "div", …); "" when none
	Mode   rounding.Mode

	lane     string   // Lane: the scalar function of a vector one (catalog16.go)
	cat16    bool     // In16: an entry of the 16-bit catalog
	d64      bool     // D64, computed once
	grid     []uint64 // special-value axis, computed once
	gridSpan [][2]int // per grid coordinate, the part of grid it takes values from; nil: all of it
}

// Arity is the number of arguments.
func (f *Func) Arity() int { return len(f.In) }

// Exhaustive reports whether the device capture covers every input: unary
// functions of a 32-bit argument. The others are captured on 2^24 generated
// inputs.
func (f *Func) Exhaustive() bool { return len(f.In) == 1 && f.In[0].Bits() == 32 }

// WideOut reports whether the packed result is 64 bits wide (a 64-bit result
// or two results; for two results that do not fit one word, see PairWide).
func (f *Func) WideOut() bool { return len(f.Out) == 2 || f.Out[0].Wide() }

// PairWide reports whether f has two results that do not fit one 64-bit
// word together (a double and a second result: sincos, modf, frexp,
// remquo of double). Its Kernel returns PairFold(first, second); the
// golden files record both in full (16 hex digits each).
func (f *Func) PairWide() bool { return len(f.Out) == 2 && (f.Out[0].Wide() || f.Out[1].Wide()) }

// Captured reports whether fl is one of the flag sets captured for f.
func (f *Func) Captured(fl fp.Flags) bool { return slices.Contains(f.Flags, fl) }

// All returns the catalog in its fixed order (instructions, intrinsics,
// operators, library). The slice is shared: do not modify it.
func All() []*Func { return catalog }

// Lookup finds a function by CUDA name or ID.
func Lookup(name string) (*Func, bool) {
	for _, f := range catalog {
		if f.Name == name || f.ID == name {
			return f, true
		}
	}
	return nil, false
}

var (
	instrFlags = []fp.Flags{Default}      // inline asm is not changed by flags
	intrFlags  = []fp.Flags{Default, FTZ} // intrinsics change only with -ftz (Programming Guide §Intrinsic Functions)
	allFlags   = FlagSets
)

var (
	f1   = []Type{F32}
	f2   = []Type{F32, F32}
	f3   = []Type{F32, F32, F32}
	f4   = []Type{F32, F32, F32, F32}
	fArr = append([]Type{I32}, slices.Repeat([]Type{F32}, MaxArray)...) // normf(d, a): the count and the array
	sens = struct{ ftz, ftzFMAD, ftzFast, ftzFMADFast Sens }{
		SensFTZ, SensFTZ | SensFMAD, SensFTZ | SensFastLib, SensFTZ | SensFMAD | SensFastLib,
	}
)

var catalog = buildCatalog()

func buildCatalog() []*Func {
	var c []*Func
	add := func(f *Func) { c = append(c, f) }

	// PTX instructions of the special function unit (MUFU) and the divisions built on it.
	type instr struct {
		ptx, ref string
		in       []Type
		fam      Family
		bound    Bound
		ftz      bool // has a .ftz form
	}
	for _, in := range []instr{
		{"ex2.approx", "exp2", f1, FamExp, ulps(2, "max ulp error is 2 ulp from correctly rounded result across the full range", srcPTX), true},
		{"lg2.approx", "log2", f1, FamLog, Bound{Text: "max absolute error is 2^-22 for x in (0.5, 2); max relative error 2^-22 for other positive finite x", Source: srcPTX, Abs: 0x1p-22, AbsLo: 0.5, AbsHi: 2, Rel: 0x1p-22}, true},
		{"sin.approx", "sin", f1, FamTrig, Bound{Text: "max absolute error 2^-20.5 in the range [-2π, 2π]; 2^-14.7 in [-100π, 100π]; no guarantee outside", Source: srcPTX, Abs: math2(-20.5), AbsLo: -2 * pi, AbsHi: 2 * pi}, true},
		{"cos.approx", "cos", f1, FamTrig, Bound{Text: "max absolute error 2^-20.5 in the range [-2π, 2π]; 2^-14.7 in [-100π, 100π]; no guarantee outside", Source: srcPTX, Abs: math2(-20.5), AbsLo: -2 * pi, AbsHi: 2 * pi}, true},
		{"rcp.approx", "rcp", f1, FamRoot, ulps(1, "max ulp error 1 across the full range", srcPTX), true},
		{"rsqrt.approx", "rsqrt", f1, FamRoot, Bound{Text: "max relative error 2^-22.9 over the range of positive finite inputs", Source: srcPTX, Rel: math2(-22.9)}, true},
		{"sqrt.approx", "sqrt", f1, FamRoot, Bound{Text: "max relative error 2^-23 over the range of positive finite inputs", Source: srcPTX, Rel: 0x1p-23}, true},
		{"tanh.approx", "tanh", f1, FamTanh, Bound{Text: "max relative error 2^-11 across the full range", Source: srcPTX, Rel: 0x1p-11}, false},
		{"div.approx", "div", f2, FamDiv, Bound{Text: "computed as a*(1/b); max ulp error 2 for |b| in [2^-126, 2^126]; for 2^126 < |b| < 2^128 the result is 0 (NaN if a is ∞)", Source: srcPTX, ULP: 2, YRange: [2]float64{0x1p-126, 0x1p126}}, true},
		{"div.full", "div", f2, FamDiv, ulps(2, "a relatively fast, full-range approximation that scales operands; max ulp error 2 across the full range", srcPTX), true},
	} {
		forms := []bool{false}
		if in.ftz {
			forms = append(forms, true)
		}
		for _, ftz := range forms {
			name := in.ptx
			goFTZ := "false"
			if ftz {
				name += ".ftz"
				goFTZ = "true"
			}
			name += ".f32"
			goName := GoName(underscore(in.ptx))
			args := "x"
			if len(in.in) == 2 {
				args = "x, y"
			}
			if in.ptx != "tanh.approx" {
				args += ", ftz=" + goFTZ
			}
			add(&Func{
				ID: "ptx_" + underscore(name), Name: name, Go: "ptx." + goName + "(" + args + ")",
				Kind: Instruction, In: in.in, Out: f1, Expr: name, Family: in.fam,
				Flags: instrFlags, Bound: in.bound, Ref: in.ref,
			})
		}
	}

	// Intrinsics with a rounding-mode suffix: IEEE-754 correctly rounded.
	type modal struct {
		name, ref string
		in        []Type
		fam       Family
		expr      string
		bound     string
	}
	for _, m := range []modal{
		{"fadd", "add", f2, FamArith, "(x,y)", "IEEE-compliant."},
		{"fsub", "sub", f2, FamArith, "(x,y)", "IEEE-compliant."},
		{"fmul", "mul", f2, FamMul, "(x,y)", "IEEE-compliant."},
		{"fmaf", "fma", f3, FamFMA, "(x,y,z)", "IEEE-compliant."},
		{"fmaf_ieee", "fma", f3, FamFMA, "(x,y,z)", "IEEE-compliant; ignores the -ftz=true compiler flag."},
		{"fdiv", "div", f2, FamDiv, "(x,y)", "IEEE-compliant."},
		{"frcp", "rcp", f1, FamRoot, "(x)", "IEEE-compliant."},
		{"fsqrt", "sqrt", f1, FamRoot, "(x)", "IEEE-compliant."},
	} {
		for _, mode := range rounding.Modes {
			name := "__" + m.name + "_" + mode.CUDA()
			s := SensFTZ
			if m.name == "fmaf_ieee" {
				s = 0
			}
			add(&Func{
				ID: "i_" + m.name + "_" + mode.CUDA(), Name: name, Go: "intrinsics." + GoName(name),
				Kind: Intrinsic, In: m.in, Out: f1, Expr: name + m.expr, Family: m.fam, Sens: s,
				Flags: intrFlags, Bound: cr(m.bound, srcGuideInt), Ref: m.ref, Mode: mode,
			})
		}
	}
	add(&Func{ID: "i_frsqrt_rn", Name: "__frsqrt_rn", Go: "intrinsics.FrsqrtRN", Kind: Intrinsic, In: f1, Out: f1,
		Expr: "__frsqrt_rn(x)", Family: FamRoot, Sens: SensFTZ | SensFMAD, Flags: intrFlags,
		Bound: cr("IEEE-compliant (0 ulp): the correctly rounded reciprocal square root.", srcGuideInt), Ref: "rsqrt"})

	// Approximate intrinsics: compositions of MUFU instructions.
	type approx struct {
		name, ref string
		in        []Type
		out       []Type
		fam       Family
		expr      string
		sens      Sens
		bound     Bound
	}
	for _, a := range []approx{
		{"__fdividef", "div", f2, f1, FamDiv, "__fdividef(x,y)", SensFTZ, Bound{Text: "For abs(y) in [2^-126, 2^126], the maximum ulp error is 2. For 2^126 < abs(y) < 2^128, __fdividef(x, y) returns 0, or NaN if x is infinity.", Source: srcGuideInt, ULP: 2, YRange: [2]float64{0x1p-126, 0x1p126}}},
		{"__expf", "exp", f1, f1, FamExp, "__expf(x)", SensFTZ | SensFMAD, Bound{Text: "The maximum ulp error is 2 + floor(abs(1.173 * x)).", Source: srcGuideInt, ULP: 2, ULPSlope: 1.173}},
		{"__exp10f", "exp10", f1, f1, FamExp, "__exp10f(x)", SensFTZ | SensFMAD, Bound{Text: "The maximum ulp error is 2 + floor(abs(2.97 * x)).", Source: srcGuideInt, ULP: 2, ULPSlope: 2.97}},
		{"__logf", "log", f1, f1, FamLog, "__logf(x)", SensFTZ | SensFMAD, Bound{Text: "For x in [0.5, 2], the maximum absolute error is 2^-21.41, otherwise, the maximum ulp error is 3.", Source: srcGuideInt, Abs: math2(-21.41), AbsLo: 0.5, AbsHi: 2, ULP: 3}},
		{"__log2f", "log2", f1, f1, FamLog, "__log2f(x)", SensFTZ, Bound{Text: "For x in [0.5, 2], the maximum absolute error is 2^-22, otherwise, the maximum ulp error is 2.", Source: srcGuideInt, Abs: 0x1p-22, AbsLo: 0.5, AbsHi: 2, ULP: 2}},
		{"__log10f", "log10", f1, f1, FamLog, "__log10f(x)", SensFTZ | SensFMAD, Bound{Text: "For x in [0.5, 2], the maximum absolute error is 2^-24, otherwise, the maximum ulp error is 3.", Source: srcGuideInt, Abs: 0x1p-24, AbsLo: 0.5, AbsHi: 2, ULP: 3}},
		{"__sinf", "sin", f1, f1, FamTrig, "__sinf(x)", SensFTZ, Bound{Text: "For x in [-π, π], the maximum absolute error is 2^-21.41, and larger otherwise.", Source: srcGuideInt, Abs: math2(-21.41), AbsLo: -pi, AbsHi: pi}},
		{"__cosf", "cos", f1, f1, FamTrig, "__cosf(x)", SensFTZ, Bound{Text: "For x in [-π, π], the maximum absolute error is 2^-21.19, and larger otherwise.", Source: srcGuideInt, Abs: math2(-21.19), AbsLo: -pi, AbsHi: pi}},
		{"__sincosf", "sincos", f1, []Type{F32, F32}, FamTrig, "__sincosf(x,&r0,&r1)", SensFTZ, Bound{Text: "For x in [-π, π], the maximum absolute error is 2^-21.41 (sine) and 2^-21.19 (cosine), and larger otherwise.", Source: srcGuideInt, Abs: math2(-21.19), AbsLo: -pi, AbsHi: pi}},
		{"__tanf", "tan", f1, f1, FamTrig, "__tanf(x)", SensFTZ, noBound("Derived from its implementation as __sinf(x) * (1/__cosf(x)).", srcGuideInt)},
		{"__powf", "pow", f2, f1, FamPow, "__powf(x,y)", SensFTZ | SensFMAD, noBound("Derived from its implementation as exp2f(y * __log2f(x)).", srcGuideInt)},
		{"__tanhf", "tanh", f1, f1, FamTanh, "__tanhf(x)", 0, Bound{Text: "The maximum relative error is 2^-11. Subnormal results are not flushed to zero even under -ftz=true.", Source: srcGuideInt, Rel: 0x1p-11}},
		{"__saturatef", "", f1, f1, FamMisc, "__saturatef(x)", SensFTZ, noBound("Clamps the input argument to [+0.0, 1.0]: 0 if x < 0, 1 if x > 1, x otherwise; NaN returns 0.", srcLibdev)},
	} {
		add(&Func{ID: "i_" + a.name[2:], Name: a.name, Go: "intrinsics." + GoName(a.name), Kind: Intrinsic, In: a.in, Out: a.out,
			Expr: a.expr, Family: a.fam, Sens: a.sens, Flags: intrFlags, Bound: a.bound, Ref: a.ref})
	}

	// Conversions.
	cvtBound := noBound("Converts in the stated rounding mode; out-of-range values saturate to the destination range, NaN converts to 0 (32-bit destinations) or 0x8000000000000000 (64-bit destinations).", srcPTXCvt)
	for _, to := range []struct {
		name string
		t    Type
	}{{"int", I32}, {"uint", U32}, {"ll", I64}, {"ull", U64}} {
		for _, mode := range rounding.Modes {
			name := "__float2" + to.name + "_" + mode.CUDA()
			add(&Func{ID: "i_float2" + to.name + "_" + mode.CUDA(), Name: name, Go: "intrinsics." + GoName(name), Kind: Intrinsic,
				In: f1, Out: []Type{to.t}, Expr: name + "(x)", Family: FamRound, Sens: SensFTZ, Flags: intrFlags, Bound: cvtBound, Mode: mode})
		}
	}
	for _, from := range []struct {
		name string
		t    Type
		fam  Family
	}{{"int", I32, FamInt32}, {"uint", U32, FamInt32}, {"ll", I64, FamInt64}, {"ull", U64, FamInt64}, {"double", F64, FamF64}} {
		// Integer sources never give a subnormal; a double can, and
		// cvt.rnd.ftz.f32.f64 flushes it (device-measured under -ftz=true).
		var sens Sens
		if from.t == F64 {
			sens = SensFTZ
		}
		for _, mode := range rounding.Modes {
			name := "__" + from.name + "2float_" + mode.CUDA()
			add(&Func{ID: "i_" + from.name + "2float_" + mode.CUDA(), Name: name, Go: "intrinsics." + GoName(name), Kind: Intrinsic,
				In: []Type{from.t}, Out: f1, Expr: name + "(x)", Family: from.fam, Sens: sens, Flags: intrFlags,
				Bound: cr("IEEE-754 conversion in the stated rounding mode.", srcPTXCvt), Ref: "cvt", Mode: mode})
		}
	}
	for _, b := range []struct {
		name    string
		in, out Type
	}{{"__float_as_int", F32, I32}, {"__int_as_float", I32, F32}, {"__float_as_uint", F32, U32}, {"__uint_as_float", U32, F32}} {
		fam := FamMisc
		if b.in != F32 {
			fam = FamInt32
		}
		add(&Func{ID: "i_" + b.name[2:], Name: b.name, Go: "intrinsics." + GoName(b.name), Kind: Intrinsic,
			In: []Type{b.in}, Out: []Type{b.out}, Expr: b.name + "(x)", Family: fam, Flags: intrFlags,
			Bound: noBound("Reinterprets the bits; no conversion.", srcGuideInt)})
	}

	addIntrinsics64(add)

	// C operators on float.
	for _, o := range []struct {
		id, name, goName, ref string
		in                    []Type
		fam                   Family
		sens                  Sens
		bound                 Bound
	}{
		{"op_add", "x+y", "Add", "add", f2, FamArith, SensFTZ | SensFMAD, cr("IEEE-compliant (round to nearest even); may be contracted into an fma with -fmad=true.", srcGuideOps)},
		{"op_sub", "x-y", "Sub", "sub", f2, FamArith, SensFTZ | SensFMAD, cr("IEEE-compliant (round to nearest even); may be contracted into an fma with -fmad=true.", srcGuideOps)},
		{"op_mul", "x*y", "Mul", "mul", f2, FamMul, SensFTZ | SensFMAD, cr("IEEE-compliant (round to nearest even); may be contracted into an fma with -fmad=true.", srcGuideOps)},
		{"op_div", "x/y", "Div", "div", f2, FamDiv, SensFTZ | SensDiv | SensFastLib, Bound{Text: "0 ulp for compute capability ≥ 2 when compiled with -prec-div=true; 2 ulp (full range) otherwise.", Source: srcGuideStd, ULP: 2}},
		{"op_rcp", "1.0f/x", "Rcp", "rcp", f1, FamRoot, SensFTZ | SensDiv, Bound{Text: "0 ulp for compute capability ≥ 2 when compiled with -prec-div=true; 1 ulp (full range) otherwise.", Source: srcGuideStd, ULP: 1}},
		{"op_madd", "x*y+z", "MulAdd", "fma", f3, FamFMA, SensFTZ | SensFMAD, cr("Contracted into fma.rn (one rounding) with -fmad=true; two roundings with -fmad=false.", srcGuideOps)},
		{"op_msub", "x*y-z", "MulSub", "fms", f3, FamFMA, SensFTZ | SensFMAD, cr("Contracted into fma.rn (one rounding) with -fmad=true; two roundings with -fmad=false.", srcGuideOps)},
		{"op_rsqrt_expr", "1.0f/sqrtf(x)", "RcpSqrt", "rsqrt", f1, FamRoot, SensFTZ | SensDiv | SensSqrt, ulps(2, "rsqrtf(x): 2 ulp (full range); applies to 1/sqrtf(x) only when the compiler converts it to rsqrtf.", srcGuideStd)},
	} {
		expr := map[string]string{"op_rcp": "1.0f/x", "op_rsqrt_expr": "1.0f/sqrtf(x)"}[o.id]
		if expr == "" {
			expr = o.name
		}
		add(&Func{ID: o.id, Name: o.name, Go: "fp." + o.goName, Kind: Operator, In: o.in, Out: f1, Expr: expr,
			Family: o.fam, Sens: o.sens, Flags: allFlags, Bound: o.bound, Ref: o.ref})
	}

	addOperators64(add)

	// Standard library functions. Sens of the float functions is read off
	// the PTX nvcc emits under each flag set (../shared/reference/ptx), the
	// double functions' off gpu/ref/funcs64 (sensLib64).
	for _, l := range libraryTable {
		addLibrary(add, l, f1)
	}
	for _, l := range library64Table {
		l.sens = sensLib64[l.name]
		addLibrary(add, l, d1)
	}
	for _, f := range c {
		f.d64 = f.isD64()
		f.grid = f.computeGrid()
	}
	return c
}

// addLibrary adds the standard function l, whose argument and result are
// of type def unless l says otherwise.
func addLibrary(add func(*Func), l libEntry, def []Type) {
	out := l.out
	if out == nil {
		out = def
	}
	in := l.in
	if in == nil {
		in = def
	}
	args := "(x)"
	switch {
	case l.array:
		args = "(x,a)" // the harness declares a, the array of In[1:]
	case len(in) == 2:
		args = "(x,y)"
	case len(in) == 3:
		args = "(x,y,z)"
	case len(in) == 4:
		args = "(x,y,z,w)"
	}
	expr := l.name + args
	if len(out) == 2 {
		expr = l.expr
	}
	add(&Func{ID: l.name, Name: l.name, Go: "fp." + GoName(l.name), Kind: Library, In: in, Array: l.array, Out: out, Expr: expr,
		Family: l.fam, Sens: l.sens, Flags: allFlags, Bound: l.bound, Ref: l.ref})
}

// underscore turns a PTX spelling into identifier form: "ex2.approx.ftz.f32" → "ex2_approx_ftz_f32".
func underscore(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c == '.' {
			b[i] = '_'
		}
	}
	return string(b)
}
