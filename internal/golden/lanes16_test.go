package golden_test

import (
	"context"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
)

// TestVectorLanes16 checks on the device's golden data (testdata/golden16)
// that every half2 and bfloat162 form computes its scalar form
// (spec.Func.Lane) on each lane, under every flag set, which is what
// spec.Func.Impl assumes for them: the unary forms are verified against a
// kernel made of the scalar form's table (special grid, 1,024 recorded
// outputs and the 16 quick rows), the binary and ternary forms' special
// grids against the scalar forms'. (Swapping the lanes makes 204 of the
// 252 files fail.)
func TestVectorLanes16(t *testing.T) {
	files, err := golden.LoadDir(root16)
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ id, flagset string }
	byKey := map[key]*golden.File{}
	for _, f := range files {
		byKey[key{f.Func.ID, f.FlagSet}] = f
	}
	checked := 0
	for _, vf := range files {
		fn := vf.Func
		if fn.Lane() == "" {
			continue
		}
		sf := byKey[key{fn.Lane(), vf.FlagSet}]
		if sf == nil {
			t.Errorf("%s %s: no golden file of its scalar form %s", fn.ID, vf.FlagSet, fn.Lane())
			continue
		}
		if fn.Arity() == 1 {
			table := sf.Table
			impl := func(*spec.Func, fp.Flags) (spec.Kernel, bool) {
				return func(in *spec.Args) uint64 { return table[in[0]&0xffff] | table[in[0]>>16&0xffff]<<16 }, true
			}
			r := golden.Verify(context.Background(), []*golden.File{vf}, golden.Options{Tier: golden.Quick, Impl: impl, Workers: 1})[0]
			if !r.OK() || r.HashesChecked != 16 {
				t.Errorf("%s %s: %d mismatches with %s lane by lane (%d hashes)", fn.ID, vf.FlagSet, r.Mismatches, sf.Func.ID, r.HashesChecked)
			}
			checked++
			continue
		}
		// The scalar form's grid outputs by argument tuple.
		out := map[spec.Args]uint64{}
		for k, o := range sf.Special {
			out[sf.Func.Grid16Point(k)] = o
		}
		bad := 0
		for k, o := range vf.Special {
			in := fn.Grid16Point(k)
			var lo, hi spec.Args
			for j := range fn.Arity() {
				lo[j], hi[j] = in[j]&0xffff, in[j]>>16
			}
			a, okA := out[lo]
			b, okB := out[hi]
			if !okA || !okB || o != a|b<<16 {
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s %s: %d of %d grid points differ from %s lane by lane", fn.ID, vf.FlagSet, bad, len(vf.Special), sf.Func.ID)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no vector function in the golden data")
	}
	t.Logf("%d vector golden files agree with their scalar forms lane by lane", checked)
}

// TestSens checks the flag sensitivity of the catalog (spec.Sens, which
// groups flag sets whose effective flags are equal into one verification,
// and narrows the flags a binding sees) against the device's golden data:
// two flag sets that a function's Sens does not tell apart must hold the
// same data. Every catalog: float, double, half and bfloat16.
func TestSens(t *testing.T) {
	files, err := golden.LoadDir(root16)
	if err != nil {
		t.Fatal(err)
	}
	more, err := golden.LoadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, more...)
	type key struct{ id, flagset string }
	byKey := map[key]*golden.File{}
	for _, f := range files {
		byKey[key{f.Func.ID, f.FlagSet}] = f
	}
	same := func(a, b *golden.File) bool {
		return slices.Equal(a.Special, b.Special) && slices.Equal(a.Table, b.Table) && slices.Equal(a.Recorded, b.Recorded) &&
			a.Hashes == b.Hashes && slices.Equal(a.SubHashes, b.SubHashes)
	}
	pairs, differ := 0, 0
	for _, fn := range append(slices.Clip(spec.All()), spec.All16()...) {
		for i, a := range spec.FlagSets {
			for _, b := range spec.FlagSets[i+1:] {
				fa, fb := byKey[key{fn.ID, a.Name()}], byKey[key{fn.ID, b.Name()}]
				if !fn.Captured(a) || !fn.Captured(b) {
					continue // the float32 instructions: one flag set
				}
				if fa == nil || fb == nil {
					t.Fatalf("%s: no golden file under %s or %s", fn.ID, a.Name(), b.Name())
				}
				eq := same(fa, fb)
				if !eq {
					differ++
				}
				if fn.Sens.Effective(a) == fn.Sens.Effective(b) {
					pairs++
					if !eq {
						t.Errorf("%s: %s and %s differ on the device, but its Sens (%s) says they do not", fn.ID, a.Name(), b.Name(), fn.Sens)
					}
				}
			}
		}
	}
	t.Logf("%d flag-set pairs that Sens calls equal hold equal data; %d pairs differ on the device", pairs, differ)
}
