package spec

import (
	"strings"

	"github.com/cudafp/cudafp/rounding"
)

// The 16-bit part of the catalog (issue 19): every __half and
// __nv_bfloat16 function of gpu/ref/funcs16.cu (written by gen16.py), with
// the kernel names of that file as IDs ("f16_hexp", "bf16_op_madd"). CUDA
// names that both types overload take the type's prefix ("f16:hexp",
// "bf16:__hfma_relu", "f16:x*y+z"; DESIGN.md "Types and names"); names
// that belong to one type (__float2half_rn, __bfloat162float) stay as they
// are. It is a catalog of its own (All16) because its device captures have
// other shapes than the float32 and double ones (Func.Shape).
//
// The half2 and bfloat162 forms: the PTX nvcc emits for each
// (gpu/ref/funcs16) computes the two lanes apart, with the scalar form's
// operations on each lane or with .f16x2/.bf16x2 instructions that work
// lane by lane; Func.Lane names the scalar form whose result each lane
// should have, and the captures feed the two lanes different arguments
// (Func.PairArgs, Func.Input16) so that the golden data shows it.

// Shape is how the device capture covers a function's inputs.
type Shape uint8

const (
	ShapeTable   Shape = iota // one 16-bit argument: all 65,536 outputs, stored whole
	ShapePairs                // two 16-bit arguments or one vector: all 2^32 pairs x<<16|y, hashed
	ShapeTriples              // three 16-bit arguments or vectors: 2^24 generated triples, hashed
	ShapeWide32               // one 32-bit argument: all 2^32 inputs, hashed (as a unary float32 function)
	ShapeGen64                // one 64-bit argument: 2^24 generated inputs, hashed (as a double conversion)
)

var shapeNames = [...]string{"table", "pairs", "triples", "wide32", "gen64"}

func (s Shape) String() string { return shapeNames[s] }

// ParseShape is the inverse of Shape.String.
func ParseShape(s string) (Shape, bool) {
	for i, n := range shapeNames {
		if n == s {
			return Shape(i), true
		}
	}
	return 0, false
}

// Shape returns the capture shape of a function of the 16-bit catalog.
func (f *Func) Shape() Shape {
	in := f.In[0]
	switch {
	case len(f.In) == 3:
		return ShapeTriples
	case len(f.In) == 2 || in.Vector():
		return ShapePairs
	case in.Bits() == 16:
		return ShapeTable
	case in.Bits() == 64:
		return ShapeGen64
	}
	return ShapeWide32
}

// Lane returns the ID of the scalar function a vector function computes on
// each lane ("f16_hexp" for "f16_h2exp"), or "" for a scalar function.
func (f *Func) Lane() string { return f.lane }

// In16 reports whether f belongs to the 16-bit catalog (All16).
func (f *Func) In16() bool { return f.cat16 }

// All16 returns the 16-bit catalog in its fixed order (half, then
// bfloat16). The slice is shared: do not modify it.
func All16() []*Func { return catalog16 }

// Lookup16 finds a function of the 16-bit catalog by CUDA name or ID.
func Lookup16(name string) (*Func, bool) {
	for _, f := range catalog16 {
		if f.Name == name || f.ID == name {
			return f, true
		}
	}
	return nil, false
}

const srcHalf = "CUDA Math API 13.0, Half Precision and Bfloat16 Precision Intrinsics"

var catalog16 = buildCatalog16()

func buildCatalog16() []*Func {
	var c []*Func
	for _, ty := range []struct {
		pfx string // ID prefix and name prefix of overloaded names
		t   Type
		tn  string // the type's name in conversion names: half, bfloat16
		vec Type
	}{{"f16", F16, "half", F16x2}, {"bf16", BF16, "bfloat16", BF16x2}} {
		t1, t2, t3 := []Type{ty.t}, []Type{ty.t, ty.t}, []Type{ty.t, ty.t, ty.t}
		// ftzFMAD: the functions whose PTX -ftz=true (and -use_fast_math)
		// and -fmad=false change, from gpu/ref/README.md's table.
		ftzFMAD := map[string]bool{"hsin": true, "hcos": true, "htanh": true, "h2sin": true, "h2cos": true, "h2tanh": true}
		if ty.t == BF16 {
			ftzFMAD = map[string]bool{"hsin": true, "hcos": true, "hexp": true, "hexp10": true, "hlog": true, "hlog10": true,
				"hdiv": true, "op_div": true, "h2sin": true, "h2cos": true, "h2div": true}
		}
		// Read off the golden data (testdata/golden16; TestSens16): x*y±z is
		// contracted into one fma unless -fmad=false, and -use_fast_math
		// changes these beyond -ftz (the library-to-intrinsic swap).
		fastLib := map[string]bool{"htanh": true, "h2tanh": true}
		if ty.t == BF16 {
			fastLib = map[string]bool{"hsin": true, "hcos": true, "h2sin": true, "h2cos": true}
		}
		add := func(id, name string, kind Kind, in []Type, out Type, expr string, fam Family, mode rounding.Mode, lane string) {
			s := Sens(0)
			if ftzFMAD[id] {
				s = SensFTZ | SensFMAD
			}
			if fastLib[id] {
				s |= SensFastLib
			}
			if id == "op_madd" || id == "op_msub" {
				s = SensFMAD
			}
			full := ty.pfx + "_" + id
			if !strings.Contains(name, ty.tn) && !strings.Contains(name, "bfloat16") && !strings.HasPrefix(name, "(") {
				name = ty.pfx + ":" + name
			}
			f := &Func{ID: full, Name: name, Kind: kind, In: in, Out: []Type{out}, Expr: expr, Family: fam, Sens: s,
				Flags: allFlags, Bound: noBound("", srcHalf), Mode: mode}
			if lane != "" {
				f.lane = ty.pfx + "_" + lane
			}
			c = append(c, f)
		}
		kindOf := func(name string) Kind {
			if strings.HasPrefix(name, "__") {
				return Intrinsic
			}
			return Library
		}
		for _, n := range strings.Fields("hsqrt hrsqrt hrcp hexp hexp2 hexp10 hlog hlog2 hlog10 hsin hcos htanh htanh_approx hceil hfloor hrint htrunc __hneg __habs") {
			add(strings.Trim(n, "_"), n, kindOf(n), t1, ty.t, n+"(x)", FamMisc, 0, "")
		}
		for _, n := range strings.Fields("__hadd __hsub __hmul __hdiv __hadd_rn __hsub_rn __hmul_rn __hadd_sat __hsub_sat __hmul_sat __hmax __hmin __hmax_nan __hmin_nan") {
			add(strings.Trim(n, "_"), n, Intrinsic, t2, ty.t, n+"(x,y)", FamMisc, 0, "")
		}
		for _, n := range strings.Fields("__hfma __hfma_sat __hfma_relu") {
			add(strings.Trim(n, "_"), n, Intrinsic, t3, ty.t, n+"(x,y,z)", FamFMA, 0, "")
		}
		for _, n := range strings.Fields("__heq __hne __hlt __hle __hgt __hge __hequ __hneu __hltu __hleu __hgtu __hgeu") {
			add(strings.Trim(n, "_"), n, Intrinsic, t2, Bool, n+"(x,y)", FamMisc, 0, "")
		}
		add("hisnan", "__hisnan", Intrinsic, t1, Bool, "__hisnan(x)", FamMisc, 0, "")
		add("hisinf", "__hisinf", Intrinsic, t1, I32, "__hisinf(x)", FamMisc, 0, "")
		for _, o := range []struct {
			id, expr string
			in       []Type
		}{{"op_add", "x+y", t2}, {"op_sub", "x-y", t2}, {"op_mul", "x*y", t2}, {"op_div", "x/y", t2}, {"op_madd", "x*y+z", t3}, {"op_msub", "x*y-z", t3}, {"op_neg", "-x", t1}} {
			fam := FamMisc
			if len(o.in) == 3 {
				fam = FamFMA
			}
			add(o.id, o.expr, Operator, o.in, ty.t, o.expr, fam, 0, "")
		}
		// Conversions from and to float and double.
		modes := []struct {
			sfx  string
			mode rounding.Mode
		}{{"", rounding.RN}, {"_rn", rounding.RN}, {"_rz", rounding.RZ}, {"_ru", rounding.RU}, {"_rd", rounding.RD}}
		for _, m := range modes {
			n := "__float2" + ty.tn + m.sfx
			add("float2"+ty.tn+m.sfx, n, Intrinsic, f1, ty.t, n+"(x)", FamHalf, m.mode, "")
		}
		add("double2"+ty.tn, "__double2"+ty.tn, Intrinsic, d1, ty.t, "__double2"+ty.tn+"(x)", FamHalf, rounding.RN, "")
		tc := ty.t.C()
		add("cast_from_float", "("+tc+")(float)x", Operator, f1, ty.t, "("+tc+")x", FamHalf, rounding.RN, "")
		add("cast_from_double", "("+tc+")(double)x", Operator, d1, ty.t, "("+tc+")x", FamHalf, rounding.RN, "")
		add(ty.tn+"2float", "__"+ty.tn+"2float", Intrinsic, t1, F32, "__"+ty.tn+"2float(x)", FamMisc, 0, "")
		add("cast_to_double", "(double)("+tc+")x", Operator, t1, F64, "(double)x", FamMisc, 0, "")
		c[len(c)-1].Sens = SensFTZ // the only flag its PTX reads (gpu/ref/README.md)
		for _, it := range []struct {
			n string
			t Type
		}{{"int", I32}, {"uint", U32}, {"short", I16}, {"ushort", U16}, {"ll", I64}, {"ull", U64}} {
			for _, m := range modes[1:] {
				to := "__" + ty.tn + "2" + it.n + m.sfx
				add(ty.tn+"2"+it.n+m.sfx, to, Intrinsic, t1, it.t, to+"(x)", FamMisc, m.mode, "")
				from := "__" + it.n + "2" + ty.tn + m.sfx
				add(it.n+"2"+ty.tn+m.sfx, from, Intrinsic, []Type{it.t}, ty.t, from+"(x)", FamHalf, m.mode, "")
			}
		}
		add(ty.tn+"_as_short", "__"+ty.tn+"_as_short", Intrinsic, t1, I16, "__"+ty.tn+"_as_short(x)", FamMisc, 0, "")
		add(ty.tn+"_as_ushort", "__"+ty.tn+"_as_ushort", Intrinsic, t1, U16, "__"+ty.tn+"_as_ushort(x)", FamMisc, 0, "")
		// The vector forms.
		v1, v2, v3 := []Type{ty.vec}, []Type{ty.vec, ty.vec}, []Type{ty.vec, ty.vec, ty.vec}
		for _, v := range []struct{ name, lane string }{{"__hadd2", "hadd"}, {"__hsub2", "hsub"}, {"__hmul2", "hmul"}, {"__h2div", "hdiv"}, {"__hmax2", "hmax"}, {"__hmin2", "hmin"}} {
			add(strings.Trim(v.name, "_"), v.name, Intrinsic, v2, ty.vec, v.name+"(x,y)", FamMisc, 0, v.lane)
		}
		add("hfma2", "__hfma2", Intrinsic, v3, ty.vec, "__hfma2(x,y,z)", FamFMA, 0, "hfma")
		add("hfma2_relu", "__hfma2_relu", Intrinsic, v3, ty.vec, "__hfma2_relu(x,y,z)", FamFMA, 0, "hfma_relu")
		for _, n := range strings.Fields("h2sqrt h2rsqrt h2rcp h2exp h2exp2 h2exp10 h2log h2log2 h2log10 h2sin h2cos h2tanh h2tanh_approx") {
			add(n, n, Library, v1, ty.vec, n+"(x)", FamMisc, 0, "h"+n[2:])
		}
	}
	for _, f := range c {
		f.cat16 = true
		f.grid = f.computeGrid16()
	}
	return c
}
