package ptx_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cudafp/cudafp/internal/testflag"
)

// TestMufuTablesUpToDate reruns the derivation of the coefficient tables
// from testdata/mufu (go run gen_mufu_tables.go gen_mufu_solve.go -check)
// and fails unless it reproduces mufu_tables_gen.go byte for byte. It takes
// about half a minute of CPU, so it belongs to the exhaustive tier
// (CUDAFP_EXHAUSTIVE=1); go generate ./ptx && git diff --exit-code ptx is
// the same check by hand.
func TestMufuTablesUpToDate(t *testing.T) {
	if !testflag.Exhaustive() {
		t.Log("exhaustive tier only (CUDAFP_EXHAUSTIVE=1): the derivation takes about 30 s of CPU")
		return
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	cmd := exec.Command(goTool, "run", "gen_mufu_tables.go", "gen_mufu_solve.go", "-check")
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("gen_mufu_tables -check: %v", err)
	}
}
