package fp_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
)

// exactDeviceFuncs are the exact functions of round.go, frexp.go and
// fmod.go. Their emulation reads only Flags.FTZ: -use_fast_math reaches them
// through its -ftz=true alone (their PTX is the -ftz=true build's), and
// -fmad=false, -prec-div=false and -prec-sqrt=false at most respell a
// mul.f32, add.f32 or sub.f32 as .rn, none of which feeds an add.
var exactDeviceFuncs = []string{
	"roundf", "nearbyintf", "lrintf", "llrintf", "lroundf", "llroundf", "logbf", "ilogbf",
	"frexpf", "modff", "fmodf", "remainderf", "nextafterf",
	"remquof", "ldexpf", "scalbnf", "scalblnf",
}

// TestExactDevice proves the exact functions against the device under all
// six captured flag sets, computing each distinct emulation once, as
// TestTrigDevice does: the flag sets fall into two classes by FTZ; every
// member's golden file must hold its class representative's device results,
// the emulation must agree across each class on random inputs, and with
// CUDAFP_EXHAUSTIVE=1 each representative is verified on every input (all
// 2^32 of a unary function, the 2^24 generated ones otherwise) and every
// other member on the quick tier. internal/golden's TestDevice covers the
// quick tier of every file.
func TestExactDevice(t *testing.T) {
	exhaustive := testflag.Exhaustive()
	seed := testflag.Seed()
	for _, id := range exactDeviceFuncs {
		t.Run(id, func(t *testing.T) {
			var files []*golden.File
			for _, fs := range []string{"default", "ftz", "precdiv0", "precsqrt0", "fmad0", "fast"} {
				path := "../testdata/golden/" + fs + "/" + id + ".txt.gz"
				f, err := golden.Load(path)
				if err != nil {
					t.Fatal(err)
				}
				files = append(files, f)
			}
			rep := map[bool]*golden.File{}
			var reps, others []*golden.File
			for _, f := range files {
				if rep[f.Flags.FTZ] == nil {
					rep[f.Flags.FTZ] = f
					reps = append(reps, f)
				} else {
					others = append(others, f)
				}
			}
			fn, _ := spec.Lookup(id)
			r := rand.New(rand.NewPCG(seed, seed))
			for _, f := range others {
				rf := rep[f.Flags.FTZ]
				if f.Hashes != rf.Hashes || !slices.Equal(f.Special, rf.Special) || !slices.Equal(f.Recorded, rf.Recorded) {
					t.Errorf("%s: the device's results under %s differ from those under %s, which the emulation computes identically", id, f.FlagSet, rf.FlagSet)
				}
				k, _ := fn.Impl(f.Flags)
				kr, _ := fn.Impl(rf.Flags)
				for range 1 << 12 {
					a, b := r.Uint64(), r.Uint64()
					in := spec.Args{a, b}
					if got, want := k(&in), kr(&in); got != want {
						t.Fatalf("%s(%#x, %#x) = %#x under %s but %#x under %s, in one class (seed %d)", id, a, b, got, f.FlagSet, want, rf.FlagSet, seed)
					}
				}
			}
			if !exhaustive {
				return
			}
			checkVerify(t, golden.Verify(context.Background(), reps, golden.Options{Tier: golden.Exhaustive}))
			checkVerify(t, golden.Verify(context.Background(), others, golden.Options{Tier: golden.Quick}))
		})
	}
}
