package ptx_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cudafp/cudafp/internal/testflag"
)

// TestTrigTablesUpToDate reruns the derivation of the sin/cos and tanh
// tables from testdata/mufu (go run gen_trig_tables.go gen_trig_solve.go
// -check) and fails unless it reproduces trig_tables_gen.go byte for byte.
// It takes about 15 s of CPU, so it belongs to the exhaustive tier
// (CUDAFP_EXHAUSTIVE=1); go generate ./ptx && git diff --exit-code ptx is
// the same check by hand.
func TestTrigTablesUpToDate(t *testing.T) {
	if !testflag.Exhaustive() {
		t.Log("exhaustive tier only (CUDAFP_EXHAUSTIVE=1): the derivation takes about 15 s of CPU")
		return
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	cmd := exec.Command(goTool, "run", "gen_trig_tables.go", "gen_trig_solve.go", "-check")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("gen_trig_tables -check: %v", err)
	}
}
