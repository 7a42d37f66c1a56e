package fp_test

import (
	"context"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/testflag"
)

// invDeviceFuncs are the functions of TestInvDevice: the inverse
// trigonometric and hyperbolic functions and log1pf. Their emulation reads
// FTZ alone: -use_fast_math swaps none of them (fast.ptx is ftz.ptx's text),
// -prec-div and -prec-sqrt leave their PTX unchanged, and -fmad=false only
// respells mul.f32, add.f32 and sub.f32 as .rn forms, none of which feeds an
// add (the default build's SASS has the same FMUL, FADD and FFMA as its
// PTX).
var invDeviceFuncs = []string{"asinf", "acosf", "atanf", "atan2f", "asinhf", "acoshf", "atanhf", "log1pf"}

// TestInvDevice proves the functions of invDeviceFuncs against the device
// under all six captured flag sets, computing each distinct emulation once,
// as TestTrigDevice does: the flag sets fall into two classes by FTZ
// ({default, -prec-div=false, -prec-sqrt=false, -fmad=false} and {-ftz=true,
// -use_fast_math}); every member's golden file must hold exactly its
// representative's device results, and with CUDAFP_EXHAUSTIVE=1
// golden.Verify checks each representative on every input (all 2^32 for the
// unary functions, the 2^24 captured pairs for atan2f) and every other
// member on the quick tier. Without CUDAFP_EXHAUSTIVE only the device-side
// equalities are checked; internal/golden's TestDevice covers the quick
// tier of every flag set.
func TestInvDevice(t *testing.T) { checkFTZClassesOnDevice(t, invDeviceFuncs) }

// checkFTZClassesOnDevice is TestInvDevice's check for functions whose
// emulation reads FTZ alone (TestGammaDevice uses it too): the six captured
// flag sets fall into the two FTZ classes (checkDeviceClasses).
func checkFTZClassesOnDevice(t *testing.T, ids []string) {
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			checkDeviceClasses(t, id, func(fl fp.Flags) fp.Flags { return fp.Flags{FTZ: fl.FTZ} })
		})
	}
}

// checkDeviceClasses is the body of the device-class tests (TestInvDevice,
// TestErfDevice): it loads function id's golden files of the six flag sets
// and groups them by class(flags), the flags the emulation reads; the first
// file of a class is its representative. Every other member's device
// results must equal its representative's, and with CUDAFP_EXHAUSTIVE=1
// golden.Verify checks each representative on every input and every other
// member on the quick tier.
func checkDeviceClasses(t *testing.T, id string, class func(fp.Flags) fp.Flags) {
	t.Helper()
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
		if k := class(f.Flags); rep[k] == nil {
			rep[k] = f
			reps = append(reps, f)
		} else {
			others = append(others, f)
		}
	}
	for _, f := range others {
		r := rep[class(f.Flags)]
		if f.Hashes != r.Hashes || !slices.Equal(f.Special, r.Special) || !slices.Equal(f.Recorded, r.Recorded) {
			t.Errorf("%s: the device's results under %s differ from those under %s, which the emulation computes identically", id, f.FlagSet, r.FlagSet)
		}
	}
	if !testflag.Exhaustive() {
		return
	}
	checkVerify(t, golden.Verify(context.Background(), reps, golden.Options{Tier: golden.Exhaustive}))
	checkVerify(t, golden.Verify(context.Background(), others, golden.Options{Tier: golden.Quick}))
}
