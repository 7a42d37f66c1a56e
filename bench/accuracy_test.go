package bench

import "testing"

// TestAccuracyCases checks which cases report accuracy (the emulation and
// the native route of every function with a reference, nothing else) and
// that the function they measure is the one they time: viaRunner of the
// emulation's binding equals the catalog kernel (spec.Func.Impl) on the
// case's inputs.
func TestAccuracyCases(t *testing.T) {
	n := 0
	for _, c := range Cases(nil, nil) {
		_, hasRef := referenceOf(c.Func)
		want := hasRef && c.Func.Arity() <= 3 && (c.Impl == Emu || c.Impl == Native) // ulp.Func takes up to three arguments
		if (c.accuracy != nil) != want {
			t.Errorf("%s: reports accuracy %v, want %v", c.Name, c.accuracy != nil, want)
		}
		if c.accuracy == nil || c.Impl != Emu || c.Class != Normal {
			continue
		}
		n++
		f, fl := c.Func, c.Flags
		k, _ := f.Impl(fl)
		measured := viaRunner(f, func(in columns) runner { r, _ := emulation(f, fl, in); return r })
		var in columns
		for _, cl := range classes(f) {
			if cl.name == c.Class {
				in = cl.inputs(f, 64)
			}
		}
		for i := range in[0] {
			a := tuple(in, i)
			got := measured(uint32(a[0]), uint32(a[1]), uint32(a[2]))
			if want := uint32(k(&a)); got != want {
				t.Errorf("%s: measured function(%s) = %#08x, emulation %#08x", c.Name, hexIn(f, a), got, want)
				break
			}
		}
	}
	if n == 0 {
		t.Fatalf("no emulation case reports accuracy")
	}
}
