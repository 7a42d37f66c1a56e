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

// The exact references of the double library functions whose result is
// exact (ceil, ldexp, frexp, …): the mathematical result of the C standard
// on the exact value of the argument (math/big through internal/oracle),
// never the emulation's algorithm. A NaN argument gives a NaN (sameResult
// accepts any NaN for a double result) or the integer the C function
// specifies; sqrt and fma take the correctly rounded references of
// ref64Of.

// libRefs64 are the exact references of the single-result functions, by
// catalog ID, on the argument words.
var libRefs64 = map[string]func(a spec.Args) uint64{
	"fabs":      func(a spec.Args) uint64 { return oracle.Abs64(a[0]) },
	"copysign":  func(a spec.Args) uint64 { return a[0]&f64.AbsMask | a[1]&f64.SignMask },
	"ceil":      func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RU) },
	"floor":     func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RD) },
	"trunc":     func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RZ) },
	"rint":      func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RN) },
	"nearbyint": func(a spec.Args) uint64 { return oracle.RoundInt64(a[0], rounding.RN) },
	"round":     func(a spec.Args) uint64 { return oracle.RoundAway64(a[0]) },
	"lrint":     func(a spec.Args) uint64 { return lrintRef64(a[0]) },
	"llrint":    func(a spec.Args) uint64 { return lrintRef64(a[0]) },
	"lround":    func(a spec.Args) uint64 { return oracle.Lround64(a[0]) },
	"llround":   func(a spec.Args) uint64 { return oracle.Lround64(a[0]) },
	"ldexp":     func(a spec.Args) uint64 { return oracle.Ldexp64(a[0], int32(uint32(a[1]))) },
	"scalbn":    func(a spec.Args) uint64 { return oracle.Ldexp64(a[0], int32(uint32(a[1]))) },
	"ilogb":     func(a spec.Args) uint64 { return uint64(uint32(oracle.Ilogb64(a[0]))) },
	"logb":      func(a spec.Args) uint64 { return oracle.Logb64(a[0]) },
	"fmax":      func(a spec.Args) uint64 { return oracle.MinMax64(a[0], a[1], false) },
	"fmin":      func(a spec.Args) uint64 { return oracle.MinMax64(a[0], a[1], true) },
	"fdim":      func(a spec.Args) uint64 { return oracle.Fdim64(a[0], a[1]) },
	"nextafter": func(a spec.Args) uint64 { return oracle.Nextafter64(a[0], a[1]) },
	"fmod":      func(a spec.Args) uint64 { r, _ := oracle.Rem64(a[0], a[1], false); return r },
	"remainder": func(a spec.Args) uint64 { r, _ := oracle.Rem64(a[0], a[1], true); return r },
}

// pairRefs64 are the exact references of the pair-wide functions: each
// result's reference and name.
var pairRefs64 = map[string][2]struct {
	name string
	f    func(a spec.Args) uint64
}{
	"frexp": {{"frac", func(a spec.Args) uint64 { m, _ := oracle.Frexp64(a[0]); return m }},
		{"exp", func(a spec.Args) uint64 { _, e := oracle.Frexp64(a[0]); return uint64(uint32(e)) }}},
	"modf": {{"frac", func(a spec.Args) uint64 { fr, _ := oracle.Modf64(a[0]); return fr }},
		{"int", func(a spec.Args) uint64 { _, i := oracle.Modf64(a[0]); return i }}},
	"remquo": {{"rem", func(a spec.Args) uint64 { r, _ := oracle.Rem64(a[0], a[1], true); return r }},
		{"quo", func(a spec.Args) uint64 { _, q := oracle.Rem64(a[0], a[1], true); return uint64(uint32(q)) }}},
}

// pairComponents64 returns the two components of a pair-wide double
// library function, or the reason why it cannot be measured.
func pairComponents64(f *spec.Func) ([]component, string) {
	if _, ok := f.Pair(spec.Default); !ok || !f.PairWide() {
		return nil, reasonNoRef
	}
	if base, ok := strings.CutPrefix(f.ID, "sincos"); ok {
		return sincosComponents64(f, base)
	}
	refs, ok := pairRefs64[f.ID]
	if !ok {
		return nil, reasonNoRef
	}
	var cs []component
	for j, r := range refs {
		t := f.Out[j]
		g := r.f
		ir := &intRef{f.ID, len(f.In), t, func(in ulp.Input) uint64 { return g(kernelArgs(f.In, in)) }}
		kind := kindExact64
		pick := whole
		if t != spec.F64 {
			kind, pick = kindExactInt, low32
		}
		cs = append(cs, component{name: r.name, kind: kind, ref: zeroRef{ir.name, ir.arity}, iref: ir, pickInt: pick, second: j == 1})
	}
	return cs, ""
}

// sincosComponents64 returns the two components of sincos (base "") or
// sincospi (base "pi"): the certified references of sin and cos, or sinpi
// and cospi (ulp.Lookup64), rounded to nearest, as their single-result
// rows measure them.
func sincosComponents64(f *spec.Func, base string) ([]component, string) {
	var cs []component
	for j, name := range []string{"sin", "cos"} {
		r, ok := ulp.Lookup64(name + base)
		if !ok || r.Arity() != 1 {
			return nil, reasonNoRef
		}
		ir := &intRef{name + base, 1, spec.F64, func(in ulp.Input) uint64 { return r.Round(kernelArgs(f.In, in)[0], rounding.RN) }}
		cs = append(cs, component{name: name, kind: kindCR64, ref: zeroRef{ir.name, ir.arity}, iref: ir, pickInt: whole, second: j == 1})
	}
	return cs, ""
}

var minI64, maxI64 = big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)

func lrintRef64(x uint64) uint64 {
	return double2Int(x, rounding.RN, minI64, maxI64, 1<<63, spec.I64)
}
