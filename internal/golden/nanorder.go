package golden

import (
	"strings"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
)

// KernelOrders are the operand orders (spec.NaNOrders) of the binary64
// instructions in the kernels of one build of the capture harness
// (gpu/harness.cu): which NaN a binary64 add, sub, mul or fma returns when
// several operands are NaNs follows the SASS operand order, and ptxas
// picks it per kernel (rounding.NaNOrder). They matter only for the
// functions whose kernels depend on them (spec.Func.Ordered).
type KernelOrders struct {
	Grid      spec.NaNOrders // k_grid: the special-value grid
	Generated spec.NaNOrders // k_recorded and k_generated: the recorded outputs and the hash blocks
}

// harnessOrders maps the commit of the harness that wrote a golden file
// (its "harness:" provenance line) to the orders of its kernels; a build
// not listed has every instruction AsWritten. Each entry is measured on the
// capture itself (testdata/golden/README.md, "NaN operand order"), the
// same for every ordered function and flag set of the build.
var harnessOrders = map[string]KernelOrders{
	// The binary64 capture (issues 17 and 18). k_grid: AsWritten (add,
	// sub, mul: y's NaN first; the grid's fma points cannot tell). The
	// generated inputs: the add, sub, mul or fma Swapped (x's NaN first;
	// fma x's, z's, y's); under -fmad=false, x*y±z's mul Swapped and its
	// add or sub AsWritten (z's NaN before the product's).
	"fbd296607e92e76fc5dd910bf8e6163d43a86735": {Generated: spec.NaNOrders{rounding.Swapped, rounding.AsWritten}},
}

// HarnessCommit returns the cudafp commit of the harness that wrote f, from
// its provenance ("harness: gpu/harness.cu at cudafp commit C"), or "".
func (f *File) HarnessCommit() string {
	for _, p := range f.Provenance {
		if rest, ok := strings.CutPrefix(p, "harness:"); ok {
			if _, c, ok := strings.Cut(rest, " commit "); ok {
				c, _, _ = strings.Cut(strings.TrimSpace(c), " ")
				return c
			}
		}
	}
	return ""
}

// Orders returns the operand orders of the harness kernels that wrote f.
func (f *File) Orders() KernelOrders { return harnessOrders[f.HarnessCommit()] }
