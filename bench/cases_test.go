package bench

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// These tests check the case list, never timings: every implemented
// catalog function has its cases, the inputs are deterministic and in
// their class, each implementation computes what its case says it does.

// hexIn formats one input tuple of f as bit patterns.
func hexIn(f *spec.Func, in spec.Args) string {
	var parts []string
	for a, t := range f.In {
		if t.Wide() {
			parts = append(parts, fmt.Sprintf("%#016x", in[a]))
		} else {
			parts = append(parts, fmt.Sprintf("%#08x", in[a]))
		}
	}
	return strings.Join(parts, ", ")
}

// sameBits reports whether two packed results are equal, or both (each
// half, for two results) NaN when isF32 says the results are floats.
func sameBits(f *spec.Func, a, b uint64) bool {
	if a == b {
		return true
	}
	if len(f.Out) == 2 {
		return f.Out[0] == spec.F32 && f.Out[1] == spec.F32 &&
			sameF32(uint32(a>>32), uint32(b>>32)) && sameF32(uint32(a), uint32(b))
	}
	if f.Out[0] == spec.F64 { // two NaNs of any payload
		return a&^(1<<63) > 0x7ff0000000000000 && b&^(1<<63) > 0x7ff0000000000000
	}
	return f.Out[0] == spec.F32 && sameF32(uint32(a), uint32(b))
}

func sameF32(a, b uint32) bool { return a == b || f32.IsNaN(a) && f32.IsNaN(b) }

func TestEveryFunctionHasCases(t *testing.T) {
	cs := Cases(nil, nil)
	have := map[string]bool{}
	for _, c := range cs {
		have[c.Name] = true
	}
	n := 0
	for _, f := range spec.All() {
		if !f.Implemented() {
			continue
		}
		n++
		want := []fp.Flags{spec.Default}
		if f.Sens.Effective(spec.FastMath) != f.Sens.Effective(spec.Default) {
			want = append(want, spec.FastMath)
		}
		for _, fl := range want {
			for _, cl := range classNames(f) {
				name := fmt.Sprintf("%s/flags=%s/class=%s/impl=emu", benchName(f), fl.Name(), cl)
				if !have[name] {
					t.Errorf("%s: no case %s", f.Name, name)
				}
			}
		}
		if f.Sens.Effective(spec.FastMath) == f.Sens.Effective(spec.Default) && have[fmt.Sprintf("%s/flags=fast/class=normal/impl=emu", benchName(f))] {
			t.Errorf("%s: benchmarked under -use_fast_math, which does not change it", f.Name)
		}
		if _, ok := nativeOf(f); ok && !have[fmt.Sprintf("%s/flags=default/class=normal/impl=native", benchName(f))] {
			t.Errorf("%s: native route not benchmarked", f.Name)
		}
		if _, ok := referenceOf(f); ok && !have[fmt.Sprintf("%s/flags=default/class=normal/impl=ref", benchName(f))] {
			t.Errorf("%s: reference not benchmarked", f.Name)
		}
		if _, ok := referenceOf(f); ok && bigfloatExpr[f.Ref] != "" && f.Kind != spec.Intrinsic && !have[fmt.Sprintf("%s/flags=default/class=normal/impl=bigfloat64", benchName(f))] {
			t.Errorf("%s: bigfloat not benchmarked", f.Name)
		}
	}
	if n == 0 {
		t.Fatal("no implemented function")
	}
	var untyped, noNative []string
	for _, f := range Implemented() {
		if _, ok := emuBindings[f.ID]; !ok {
			untyped = append(untyped, f.Name)
		}
		if _, ok := nativeOf(f); !ok {
			noNative = append(noNative, f.Name)
		}
	}
	t.Logf("%d functions, %d cases; through the catalog kernel (no typed binding): %v; no native route: %v", n, len(cs), untyped, noNative)
}

// TestCaseNames checks that names are unique, made of key=value segments
// after the function, and that each ratio's base runs before its case.
func TestCaseNames(t *testing.T) {
	for _, list := range [][]*Case{Cases(nil, nil), SweepCases(nil, nil)} {
		index := map[*Case]int{}
		names := map[string]bool{}
		for i, c := range list {
			index[c] = i
			if names[c.FullName()] {
				t.Errorf("duplicate case %s", c.FullName())
			}
			names[c.FullName()] = true
			segs := strings.Split(c.Name, "/")
			if segs[0] == "" || strings.ContainsAny(segs[0], " =") {
				t.Errorf("%s: bad function segment", c.Name)
			}
			for _, s := range segs[1:] {
				if k, v, ok := strings.Cut(s, "="); !ok || k == "" || v == "" || strings.ContainsAny(s, " \t") {
					t.Errorf("%s: segment %q is not key=value", c.Name, s)
				}
			}
		}
		for i, c := range list {
			if c.Base != nil {
				if j, ok := index[c.Base]; !ok || j >= i {
					t.Errorf("%s: its base %s does not run before it", c.Name, c.Base.Name)
				}
			}
		}
	}
}

// TestInputs checks that inputs are a pure function of the class, the
// family and the argument types, and that each class holds what it says.
func TestInputs(t *testing.T) {
	for _, f := range Implemented() {
		for _, cl := range classes(f) {
			a, b := cl.inputs(f, Calls), cl.inputs(f, Calls)
			for k := range 3 {
				if !slices.Equal(a[k], b[k]) {
					t.Fatalf("%s class=%s: inputs differ between two calls", f.Name, cl.name)
				}
			}
			if f.In[0] != spec.F32 || cl.special {
				continue
			}
			sub := 0
			for i := range Calls {
				x := uint32(a[0][i])
				switch cl.name {
				case Normal, Huge:
					for k := range f.Arity() {
						if u := uint32(a[k][i]); f.In[k] == spec.F32 && !f32.IsNormal(u) {
							t.Fatalf("%s class=%s: input %d argument %d = %#08x is not normal", f.Name, cl.name, i, k, u)
						}
					}
				case Subnormal:
					for k := range f.Arity() {
						if f32.IsSubnormal(uint32(a[k][i])) {
							sub++
							break
						}
					}
				}
				if cl.name == Normal && (f.Family == spec.FamLog || f.Family == spec.FamRoot || f.Family == spec.FamPow) && x&f32.SignMask != 0 {
					t.Fatalf("%s class=normal: input %d = %#08x is negative", f.Name, i, x)
				}
			}
			if cl.name == Subnormal && sub != Calls {
				t.Errorf("%s class=subnormal: %d of %d inputs have a subnormal argument", f.Name, sub, Calls)
			}
		}
	}
	// Functions of one family and argument types share their inputs.
	e, _ := spec.Lookup("expf")
	ie, _ := spec.Lookup("__expf")
	ce, _ := findClass(e, Normal)
	cie, _ := findClass(ie, Normal)
	if !slices.Equal(ce.inputs(e, 64)[0], cie.inputs(ie, 64)[0]) {
		t.Error("expf and __expf are timed on different inputs")
	}
}

// TestEmuMatchesCatalog runs every emulation case once and compares each
// result with the catalog's binding of the function (spec.Func.Impl), bit
// for bit: the typed bindings of this package call what the catalog calls.
func TestEmuMatchesCatalog(t *testing.T) {
	for _, c := range Cases(nil, nil) {
		if c.Impl != Emu {
			continue
		}
		f := c.Func
		cl, _ := findClass(f, c.Class)
		in := cl.inputs(f, Calls)
		r, _ := emulation(f, c.Flags, in)
		r.run()
		k, _ := f.Impl(c.Flags)
		bad := 0
		for i := range Calls {
			p := tuple(in, i)
			if got, want := r.result(i), k(&p); got != want {
				t.Errorf("%s: input %d (%s) = %#x, catalog kernel %#x", c.Name, i, hexIn(f, p), got, want)
				if bad++; bad == 3 {
					break
				}
			}
		}
	}
}

// TestNoAllocs checks that the emulation and the native routes allocate
// nothing per call.
func TestNoAllocs(t *testing.T) {
	for _, c := range Cases(nil, nil) {
		if c.Impl != Emu && c.Impl != Native || c.Class != Normal && c.Class != Special {
			continue
		}
		r := c.prepare()
		if n := testing.AllocsPerRun(2, r.run); n != 0 {
			t.Errorf("%s: %v allocations per op of %d calls", c.Name, n, c.Per)
		}
	}
}

// exactUnderDefault reports whether the native route of f must give f's
// results bit for bit (NaNs as NaNs) under nvcc's default flags, on the
// inputs its exact predicate accepts: the correctly rounded functions in
// the native route's rounding mode.
func exactUnderDefault(f *spec.Func, n native) bool {
	if n.exact == nil || f.Kind == spec.Instruction || f.ID == "i_fdividef" {
		return false // MUFU models and __fdividef approximate
	}
	return n.modal || f.Mode == 0 // rounding.RN
}

// TestNativeAgrees checks that the native route equals the emulation where
// both are correctly rounded (x + y, __fadd_rn, x/y, sqrtf, conversions to
// float in RN, float-to-integer conversions in range, …) under the default
// flags: the native column times the same computation.
func TestNativeAgrees(t *testing.T) {
	checked := 0
	for _, f := range Implemented() {
		n, ok := nativeOf(f)
		if !ok || !exactUnderDefault(f, n) {
			continue
		}
		checked++
		for _, cl := range classes(f) {
			in := cl.inputs(f, Calls)
			emu, _ := emulation(f, spec.Default, in)
			nat := n.bind(in)
			emu.run()
			nat.run()
			bad := 0
			for i := range Calls {
				p := tuple(in, i)
				if !n.exact(p) {
					continue
				}
				if got, want := nat.result(i), emu.result(i); !sameBits(f, got, want) {
					t.Errorf("%s class=%s: native %s at (%s) = %#x, emulation %#x", f.Name, cl.name, n.expr, hexIn(f, p), got, want)
					if bad++; bad == 3 {
						break
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d functions checked", checked)
	}
	t.Logf("%d functions checked", checked)
}

// correctlyRounded lists the functions that are correctly rounded under the
// default flags although their documented bound covers other flags too.
var correctlyRounded = []string{"op_div", "op_rcp", "sqrtf", "fdividef"}

// TestRefAgrees checks that the reference case computes the function in its
// mode: for correctly rounded functions it equals the emulation under the
// default flags.
func TestRefAgrees(t *testing.T) {
	checked := 0
	for _, f := range Implemented() {
		ref, ok := referenceOf(f)
		if !ok || !f.Bound.CR && !slices.Contains(correctlyRounded, f.ID) {
			continue
		}
		checked++
		for _, cl := range classes(f) {
			in := cl.inputs(f, Calls)
			emu, _ := emulation(f, spec.Default, in)
			rr := refRunner(ref, f, in)
			emu.run()
			rr.run()
			for i := range Calls {
				if got, want := rr.result(i), emu.result(i); !sameBits(f, got, want) {
					t.Errorf("%s class=%s: reference at (%s) = %#08x, emulation %#08x", f.Name, cl.name, hexIn(f, tuple(in, i)), got, want)
					break
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d functions checked", checked)
	}
	t.Logf("%d functions checked", checked)
}

// TestBigfloatClose checks the bigfloat routes against the certified
// reference: within one ulp (they round once more, to nearest).
func TestBigfloatClose(t *testing.T) {
	for ref := range bigfloatExpr {
		r, _ := ulp.Lookup(ref)
		var f *spec.Func
		for _, g := range Implemented() {
			if _, float32Ref := referenceOf(g); g.Ref == ref && g.Kind == spec.Library && float32Ref { // the bigfloat routes are float32's
				f = g
			}
		}
		if f == nil {
			t.Errorf("no library function measured against %s", ref)
			continue
		}
		cl, _ := findClass(f, Normal)
		in := cl.inputs(f, 32)
		want := refRunner(r, f, in)
		want.run()
		for _, p := range bigfloatPrecs {
			got := bigfloatRunner(ref, p, in)
			got.run()
			for i := range 32 {
				if d := ulp.Dist(uint32(got.result(i)), uint32(want.result(i))); d > 1 {
					t.Errorf("bigfloat %s at %d bits, (%s) = %#08x, reference %#08x: %d ulps", ref, p, hexIn(f, tuple(in, i)), got.result(i), want.result(i), d)
				}
			}
		}
	}
}

// TestSweepCases checks that every function with a reference has its sweep
// parts, and runs the sweep of one unary and one binary function.
func TestSweepCases(t *testing.T) {
	cs := SweepCases(nil, nil)
	for _, f := range Implemented() {
		if _, ok := referenceOf(f); !ok {
			continue
		}
		for _, part := range []string{Emu, Sweep} {
			if _, ok := Lookup(cs, fmt.Sprintf("%s/flags=default/part=%s", benchName(f), part)); !ok {
				t.Errorf("%s: no sweep part %s", f.Name, part)
			}
		}
	}
	if got := len(sweepBlockStarts()) * 1 << 16; got != SweepInputs {
		t.Errorf("sweep blocks hold %d inputs, SweepInputs = %d", got, SweepInputs)
	}
	for _, s := range sweepBlockStarts() {
		if f32.IsNaN(s) || f32.IsNaN(s+0xffff) {
			t.Errorf("sweep block %#08x holds NaNs", s)
		}
	}
	for _, name := range []string{"__expf/flags=default/part=sweep", "op_div/flags=default/part=sweep"} {
		c, ok := Lookup(cs, name)
		if !ok {
			t.Fatalf("no case %s", name)
		}
		c.prepare().run()
	}
}

// TestTargets checks that every target names implemented functions, and
// reads a target off synthetic results.
func TestTargets(t *testing.T) {
	tf := TargetFuncs()
	for _, tg := range Targets {
		for _, id := range tg.IDs {
			if f, ok := spec.Lookup(id); !ok || !f.Implemented() {
				t.Errorf("target %q: %s is not an implemented function", tg.Name, id)
			} else if !slices.Contains(tf, f) {
				t.Errorf("TargetFuncs lacks %s", f.Name)
			}
		}
	}
	if e, _ := spec.Lookup("exp10f"); !slices.Contains(tf, e) {
		t.Error("TargetFuncs lacks exp10f, which has a bigfloat route")
	}
	rs := []Result{
		{Bench: BenchFunc, ID: "expf", Class: Normal, FlagsName: "default", Impl: Emu, Ratio: 1.5, RatioTo: Native},
		{Bench: BenchFunc, ID: "logf", Class: Normal, FlagsName: "default", Impl: Emu, Ratio: 2.5, RatioTo: Native},
		{Bench: BenchFunc, ID: "logf", Class: Huge, FlagsName: "default", Impl: Emu, Ratio: 9, RatioTo: Native},
		{Bench: BenchFunc, ID: "expf", Class: Normal, FlagsName: "fast", Impl: Emu, Ratio: 9, RatioTo: Native},
	}
	tr := Targets[4].Evaluate(rs) // expf, logf, sinf, powf within 2×
	if tr.N != 2 || tr.Worst != 2.5 || tr.WorstID != "logf" || tr.Met || math.Abs(tr.Geomean-math.Sqrt(1.5*2.5)) > 1e-12 {
		t.Errorf("Evaluate = %+v", tr)
	}
}
