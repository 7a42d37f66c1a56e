package golden_test

import (
	"testing"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
)

// TestNaNOrders checks the operand orders of the harness kernels
// (golden.KernelOrders) against the golden files of every function whose
// NaN choice depends on them: each file was written by a harness build the
// table lists, its explicit outputs agree with the kernels as the table
// says, and the table is needed: with every instruction AsWritten (the
// public functions' order) some recorded outputs differ, and with the
// generated inputs' orders some grid points do. TestDevice verifies the
// hash blocks.
func TestNaNOrders(t *testing.T) {
	files, err := golden.LoadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	count := func(f *golden.File, o spec.NaNOrders, grid bool) (bad, n int) {
		k, _ := f.Func.ImplOrdered(f.Flags, o)
		if grid {
			for i, want := range f.Special {
				in := f.Func.GridPoint(f.Grid, i)
				if k(&in) != want {
					bad++
				}
			}
			return bad, len(f.Special)
		}
		for i, want := range f.Recorded {
			in := f.RecordedInput(i)
			if k(&in) != want {
				bad++
			}
		}
		return bad, len(f.Recorded)
	}
	var ordered, recordedNeed, gridNeed int
	for _, f := range files {
		if !f.Func.Ordered() {
			continue
		}
		ordered++
		ord := f.Orders()
		if ord == (golden.KernelOrders{}) {
			t.Errorf("%s/%s: harness %q is not in golden's table of kernel orders", f.FlagSet, f.Func.ID, f.HarnessCommit())
			continue
		}
		if bad, n := count(f, ord.Grid, true); bad != 0 {
			t.Errorf("%s/%s: %d of %d grid points differ under the grid kernel's orders %v", f.FlagSet, f.Func.ID, bad, n, ord.Grid)
		}
		if bad, n := count(f, ord.Generated, false); bad != 0 {
			t.Errorf("%s/%s: %d of %d recorded outputs differ under the generated kernels' orders %v", f.FlagSet, f.Func.ID, bad, n, ord.Generated)
		}
		if bad, _ := count(f, spec.NaNOrders{}, false); bad != 0 {
			recordedNeed++
		}
		if bad, _ := count(f, ord.Generated, true); bad != 0 {
			gridNeed++
		}
	}
	t.Logf("%d golden files of ordered functions; the orders matter for the recorded outputs of %d and the grid of %d", ordered, recordedNeed, gridNeed)
	if ordered == 0 || recordedNeed == 0 || gridNeed == 0 {
		t.Errorf("the kernel orders are not exercised: %d files, %d need the generated orders, %d the grid's", ordered, recordedNeed, gridNeed)
	}
}
