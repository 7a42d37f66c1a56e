package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
)

// Fuzz targets over bit patterns: every function of the test tables under
// all 32 combinations of Flags must be total, keep the NaN and sign
// invariants below, and ignore the flags its catalog entry's Sens says do
// not change it.

// allFlags lists every combination of the five Flags fields.
var allFlags = func() []fp.Flags {
	var out []fp.Flags
	for m := range 32 {
		out = append(out, fp.Flags{FTZ: m&1 != 0, ApproxDiv: m&2 != 0, ApproxSqrt: m&4 != 0, NoFMAD: m&8 != 0, FastLib: m&16 != 0})
	}
	return out
}()

// nanKeeps lists the functions that may return something other than the
// canonical NaN when an argument is NaN.
var nanKeeps = map[string]bool{
	"fminf": true, "fmaxf": true, // the other operand
	"copysignf": true, // the NaN itself, with y's sign
	"powf":      true, // powf(1, NaN) = powf(NaN, 0) = 1
}

func isNaN(u uint32) bool { return f32.IsNaN(u) }

// checkFlagIndependence fails when f's result under fl differs from its
// result under the flags its catalog entry says matter.
func checkFlagIndependence(t *testing.T, id string, fl fp.Flags, in []uint32, got func(fp.Flags) uint32) {
	t.Helper()
	c, ok := spec.Lookup(id)
	if !ok {
		t.Fatalf("%s is not in the catalog", id)
	}
	eff := c.Sens.Effective(fl)
	if eff == fl {
		return
	}
	if a, b := got(fl), got(eff); a != b {
		t.Fatalf("%s(%s) [%s] = %s but [%s] = %s: the catalog says Sens=%s", id, args(in), fl.Name(), f32.Format(a), eff.Name(), f32.Format(b), c.Sens)
	}
}

func checkNaN(t *testing.T, id string, fl fp.Flags, in []uint32, r uint32) {
	t.Helper()
	anyNaN := false
	for _, v := range in {
		anyNaN = anyNaN || isNaN(v)
	}
	if isNaN(r) && r != nan && id != "copysignf" {
		t.Fatalf("%s(%s) [%s] = %s, a NaN other than the canonical 0x7fffffff", id, args(in), fl.Name(), f32.Format(r))
	}
	if anyNaN && !nanKeeps[id] && r != nan {
		t.Fatalf("%s(%s) [%s] = %s, want the canonical NaN", id, args(in), fl.Name(), f32.Format(r))
	}
}

func FuzzUnary(f *testing.F) {
	for _, r := range specialCases {
		if len(r.in) == 1 {
			f.Add(r.in[0])
		}
	}
	f.Fuzz(func(t *testing.T, x uint32) {
		in := []uint32{x}
		xf := math.Float32frombits(x)
		for id, fn := range unaryFuncs {
			for _, fl := range allFlags {
				get := func(fl fp.Flags) uint32 { return math.Float32bits(fn(fl, xf)) }
				r := get(fl)
				checkNaN(t, id, fl, in, r)
				checkFlagIndependence(t, id, fl, in, get)
				switch id {
				case "fabsf":
					if r&f32.SignMask != 0 {
						t.Fatalf("fabsf(%s) [%s] = %s has its sign set", f32.Format(x), fl.Name(), f32.Format(r))
					}
				case "rintf", "truncf", "floorf", "ceilf":
					if !isNaN(x) && r&f32.SignMask != x&f32.SignMask {
						t.Fatalf("%s(%s) [%s] = %s changed the sign", id, f32.Format(x), fl.Name(), f32.Format(r))
					}
					if back := math.Float32bits(fn(fl, math.Float32frombits(r))); !isNaN(r) && back != r {
						t.Fatalf("%s(%s) [%s] = %s is not a fixed point: %s(%s) = %s", id, f32.Format(x), fl.Name(), f32.Format(r), id, f32.Format(r), f32.Format(back))
					}
				}
			}
		}
	})
}

func FuzzBinary(f *testing.F) {
	for _, r := range specialCases {
		if len(r.in) == 2 {
			f.Add(r.in[0], r.in[1])
		}
	}
	f.Fuzz(func(t *testing.T, x, y uint32) {
		in := []uint32{x, y}
		xf, yf := math.Float32frombits(x), math.Float32frombits(y)
		for id, fn := range binaryFuncs {
			for _, fl := range allFlags {
				get := func(fl fp.Flags) uint32 { return math.Float32bits(fn(fl, xf, yf)) }
				r := get(fl)
				checkNaN(t, id, fl, in, r)
				checkFlagIndependence(t, id, fl, in, get)
				switch id {
				case "op_add", "op_mul", "fminf", "fmaxf":
					if s := math.Float32bits(fn(fl, yf, xf)); s != r {
						t.Fatalf("%s is not commutative [%s]: (%s, %s) → %s, swapped → %s", id, fl.Name(), f32.Format(x), f32.Format(y), f32.Format(r), f32.Format(s))
					}
				case "op_sub":
					if !isNaN(y) {
						if s := math.Float32bits(fl.Add(xf, math.Float32frombits(y^f32.SignMask))); s != r {
							t.Fatalf("x-y ≠ x+(-y) [%s] at (%s, %s): %s vs %s", fl.Name(), f32.Format(x), f32.Format(y), f32.Format(r), f32.Format(s))
						}
					}
				case "copysignf":
					if r&f32.SignMask != y&f32.SignMask || r&^f32.SignMask != x&^f32.SignMask {
						t.Fatalf("copysignf(%s, %s) = %s", f32.Format(x), f32.Format(y), f32.Format(r))
					}
				}
			}
		}
	})
}

func FuzzTernary(f *testing.F) {
	for _, r := range specialCases {
		if len(r.in) == 3 {
			f.Add(r.in[0], r.in[1], r.in[2])
		}
	}
	f.Fuzz(func(t *testing.T, x, y, z uint32) {
		in := []uint32{x, y, z}
		xf, yf, zf := math.Float32frombits(x), math.Float32frombits(y), math.Float32frombits(z)
		for id, fn := range ternaryFuncs {
			for _, fl := range allFlags {
				get := func(fl fp.Flags) uint32 { return math.Float32bits(fn(fl, xf, yf, zf)) }
				r := get(fl)
				checkNaN(t, id, fl, in, r)
				checkFlagIndependence(t, id, fl, in, get)
				if s := math.Float32bits(fn(fl, yf, xf, zf)); s != r {
					t.Fatalf("%s is not commutative in x, y [%s]: (%s, %s, %s) → %s, swapped → %s", id, fl.Name(), f32.Format(x), f32.Format(y), f32.Format(z), f32.Format(r), f32.Format(s))
				}
			}
		}
	})
}
