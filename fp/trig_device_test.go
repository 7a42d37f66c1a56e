package fp_test

import (
	"testing"

	"github.com/cudafp/cudafp/fp"
)

// trigDeviceFuncs are the functions of TestTrigDevice and the flags their
// emulation reads: all of them read FTZ, and the five that -use_fast_math
// swaps for an intrinsic read FastLib. NoFMAD, ApproxDiv and ApproxSqrt
// reach no operation of these kernels (their PTX differs from the default
// build at most in spelling a mul.f32 or add.f32 as mul.rn or add.rn, which
// feeds no add, and their SASS is identical to the default build's), and the
// Go code never reads them.
var trigDeviceFuncs = []struct {
	id      string
	fastLib bool
}{
	{"sinf", true}, {"cosf", true}, {"tanf", true}, {"sincosf", true}, {"tanhf", true},
	{"sinpif", false}, {"cospif", false}, {"sincospif", false},
}

// TestTrigDevice proves the trigonometric and hyperbolic functions against
// the device under all six captured flag sets, computing each distinct
// emulation once. The flag sets of a function fall into classes by the
// flags its emulation reads (trigDeviceFuncs); the first flag set of each
// class is its representative:
//
//   - every other flag set's golden file must hold exactly the
//     representative's device results (the same 256 block hashes, special
//     grid outputs and recorded outputs), so the device computed one
//     function for the whole class;
//   - with CUDAFP_EXHAUSTIVE=1, golden.Verify checks the representative on
//     all 2^32 inputs, and every other member on the quick tier (its
//     explicit outputs and quick blocks, through its own catalog binding).
//
// Together: the emulation equals the device on every input under every flag
// set, at the cost of one exhaustive sweep per class (internal/golden's
// TestDevice sweeps every flag set that the catalog's PTX-derived
// sensitivity distinguishes, -fmad=false included). Without
// CUDAFP_EXHAUSTIVE only the device-side equalities are checked; TestDevice
// covers the quick tier.
func TestTrigDevice(t *testing.T) {
	for _, c := range trigDeviceFuncs {
		t.Run(c.id, func(t *testing.T) {
			checkDeviceClasses(t, c.id, func(fl fp.Flags) fp.Flags {
				return fp.Flags{FTZ: fl.FTZ, FastLib: fl.FastLib && c.fastLib}
			})
		})
	}
}
