package fp_test

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/testflag"
)

// deviceClasses lists this package's unary functions (expf, logf, roots,
// 1.0f/x, the one-instruction functions) and the flags their emulation
// reads. A flag the Go code does not read cannot change its results: for
// the five exponentials and logarithms, -fmad=false only respells mul.f32
// and add.f32 as mul.rn and add.rn (no multiply feeds an add: arith.go), and
// -prec-div and -prec-sqrt do not reach them.
var deviceClasses = []struct {
	id    string
	reads fp.Flags // the fields set are the flags the emulation reads
}{
	{"expf", fp.Flags{FTZ: true, FastLib: true}},
	{"exp10f", fp.Flags{FTZ: true, FastLib: true}},
	{"logf", fp.Flags{FTZ: true, FastLib: true}},
	{"log2f", fp.Flags{FTZ: true, FastLib: true}},
	{"log10f", fp.Flags{FTZ: true, FastLib: true}},
	{"exp2f", fp.Flags{FTZ: true}},
	{"sqrtf", fp.Flags{FTZ: true, ApproxSqrt: true}},
	{"rsqrtf", fp.Flags{FTZ: true}},
	{"op_rcp", fp.Flags{FTZ: true, ApproxDiv: true}},
	{"op_rsqrt_expr", fp.Flags{FTZ: true, ApproxDiv: true, ApproxSqrt: true}},
	{"rintf", fp.Flags{}},
	{"truncf", fp.Flags{}},
	{"floorf", fp.Flags{FTZ: true}},
	{"ceilf", fp.Flags{FTZ: true}},
	{"fabsf", fp.Flags{FTZ: true}},
}

// classOf keeps the fields of fl that the emulation reads.
func classOf(fl, reads fp.Flags) fp.Flags {
	return fp.Flags{
		FTZ:        fl.FTZ && reads.FTZ,
		ApproxDiv:  fl.ApproxDiv && reads.ApproxDiv,
		ApproxSqrt: fl.ApproxSqrt && reads.ApproxSqrt,
		NoFMAD:     fl.NoFMAD && reads.NoFMAD,
		FastLib:    fl.FastLib && reads.FastLib,
	}
}

// TestDeviceClasses proves the unary functions of deviceClasses against the
// device under all six captured flag sets, computing each distinct
// emulation once. The flag sets fall into classes by the flags the
// emulation reads; the first flag set of each class is its representative:
//
//   - every other member's golden file must hold exactly the
//     representative's device results (the same 256 block hashes, special
//     grid outputs and recorded outputs);
//   - the emulation under every member must equal the emulation under the
//     representative on random inputs (the claim of deviceClasses, tested);
//   - with CUDAFP_EXHAUSTIVE=1, golden.Verify checks each representative on
//     all 2^32 inputs and every other member on the quick tier.
//
// Together: the emulation equals the device on every input under every flag
// set, at the cost of one exhaustive sweep per class (internal/golden's
// TestDevice sweeps each flag set the catalog's PTX-derived Sens
// distinguishes, -fmad=false included). Without CUDAFP_EXHAUSTIVE the
// device-side equalities and the random check run; TestDevice covers the
// quick tier.
func TestDeviceClasses(t *testing.T) {
	for _, c := range deviceClasses {
		t.Run(c.id, func(t *testing.T) { checkDeviceClass(t, c.id, c.reads) })
	}
}

// checkDeviceClass is TestDeviceClasses' check of one unary function id
// (a key of unaryFuncs) whose emulation reads the flags set in reads.
func checkDeviceClass(t *testing.T, id string, reads fp.Flags) {
	exhaustive := testflag.Exhaustive()
	seed := testflag.Seed()
	var files []*golden.File
	for _, fs := range []string{"default", "ftz", "precdiv0", "precsqrt0", "fmad0", "fast"} {
		f, err := golden.Load("../testdata/golden/" + fs + "/" + id + ".txt.gz")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	rep := map[fp.Flags]*golden.File{}
	var reps, others []*golden.File
	for _, f := range files {
		if k := classOf(f.Flags, reads); rep[k] == nil {
			rep[k] = f
			reps = append(reps, f)
		} else {
			others = append(others, f)
		}
	}
	fn := unaryFuncs[id]
	r := rand.New(rand.NewPCG(seed, seed))
	for _, f := range others {
		rf := rep[classOf(f.Flags, reads)]
		if f.Hashes != rf.Hashes || !slices.Equal(f.Special, rf.Special) || !slices.Equal(f.Recorded, rf.Recorded) {
			t.Errorf("%s: the device's results under %s differ from those under %s, which the emulation computes identically", id, f.FlagSet, rf.FlagSet)
		}
		for range 1 << 14 {
			x := math.Float32frombits(r.Uint32())
			if a, b := math.Float32bits(fn(f.Flags, x)), math.Float32bits(fn(rf.Flags, x)); a != b {
				t.Fatalf("%s(%s) = %s under %s but %s under %s, in one class (seed %d)", id, f32.Format(math.Float32bits(x)), f32.Format(a), f.FlagSet, f32.Format(b), rf.FlagSet, seed)
			}
		}
	}
	if !exhaustive {
		return
	}
	checkVerify(t, golden.Verify(context.Background(), reps, golden.Options{Tier: golden.Exhaustive}))
	checkVerify(t, golden.Verify(context.Background(), others, golden.Options{Tier: golden.Quick}))
}

// checkVerify logs each verification result and fails the test on every
// mismatching one, with its first mismatches.
func checkVerify(t *testing.T, rs []golden.Result) {
	t.Helper()
	for _, r := range rs {
		t.Logf("%s under %s (%s tier): %d mismatches in %d inputs (%d hashes)", r.ID, r.FlagSet, r.Tier, r.Mismatches, r.Inputs, r.HashesChecked)
		if !r.OK() {
			t.Errorf("%s under %s: %d mismatches (spans %v)", r.ID, r.FlagSet, r.Mismatches, r.BadSpans)
			for _, m := range r.First {
				t.Errorf("  %s %s(%v) = %s, device %s", m.Where, r.Name, m.Args, m.GotS, m.WantS)
			}
		}
	}
}
