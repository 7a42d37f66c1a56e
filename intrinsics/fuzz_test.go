package intrinsics_test

import (
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
)

// Intrinsics whose float32 results keep NaN payloads (they reinterpret or
// convert from double, not compute in float32) and those whose results may
// be subnormal under -ftz=true.
var (
	keepsNaN           = map[string]bool{"IntAsFloat": true, "UintAsFloat": true, "Double2FloatRN": true, "Double2FloatRZ": true, "Double2FloatRU": true, "Double2FloatRD": true}
	subnormalUnderFTZ  = map[string]bool{"IntAsFloat": true, "UintAsFloat": true, "Tanhf": true, "FmafIEEERN": true, "FmafIEEERZ": true, "FmafIEEERU": true, "FmafIEEERD": true}
	float32ResultTypes = map[spec.Type]bool{spec.F32: true}
)

// checkInvariants evaluates every intrinsic on (x, y, z) in both builds and
// checks what holds for all inputs: a float32 result that is a NaN is the
// canonical 0x7fffffff (except for reinterpretations and __double2float_*),
// and under -ftz=true no float32 result is subnormal (except where the
// documentation says so). A panic fails the fuzz target by itself.
func checkInvariants(t *testing.T, x, y, z uint32) {
	args := [3]uint64{uint64(x), uint64(y), uint64(z)}
	for _, sf := range allSpecials() {
		f, _ := spec.Lookup(sf.id)
		a := args
		if f.In[0].Wide() {
			a[0] = join(x, y) // a 64-bit argument
		}
		for _, b := range builds2 {
			got := sf.fn(b.t, a)
			outs := []uint32{uint32(got)}
			if sf.wideOut && len(f.Out) == 2 {
				outs = []uint32{uint32(got >> 32), uint32(got)}
			}
			if !float32ResultTypes[f.Out[0]] {
				continue
			}
			for _, u := range outs {
				if f32.IsNaN(u) && u != f32.CanonicalNaNBits && !keepsNaN[sf.name] {
					t.Errorf("%s -ftz=%v: NaN result %s is not canonical", call(sf, a), b.t.FTZ, f32.Format(u))
				}
				if b.t.FTZ && f32.IsSubnormal(u) && !subnormalUnderFTZ[sf.name] {
					t.Errorf("%s -ftz=true: subnormal result %s", call(sf, a), f32.Format(u))
				}
			}
		}
	}
}

// FuzzIntrinsics runs every intrinsic on fuzzed bit patterns: the invariants
// of checkInvariants for all of them, and the correctly rounded ones against
// the oracle. The seed corpus is every argument tuple of the special-case
// tables.
func FuzzIntrinsics(f *testing.F) {
	for _, sf := range allSpecials() {
		for _, r := range sf.rows {
			for _, c := range r.cases {
				f.Add(uint32(c.args[0]), uint32(c.args[1]), uint32(c.args[2]))
			}
		}
	}
	f.Fuzz(func(t *testing.T, x, y, z uint32) {
		checkInvariants(t, x, y, z)
		if msg := checkOracle(x, y, z); msg != "" {
			t.Error(msg)
		}
	})
}
