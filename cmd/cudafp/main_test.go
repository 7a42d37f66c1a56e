package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
)

// runCLI runs the command line with stdin and returns stdout, stderr and the exit status.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	root := newRoot()
	var out, errb bytes.Buffer
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errb)
	root.SetIn(strings.NewReader(stdin))
	err := root.Execute()
	if err != nil {
		errb.WriteString(err.Error()) // run prints it to os.Stderr
	}
	return out.String(), errb.String(), exitCode(err)
}

func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"eval", "nosuchfunc", "1"}, "unknown function"},
		{[]string{"eval", "--flags", "-O3", "expf", "1"}, "unknown option"},
		{[]string{"eval", "--flags", "-ftz=maybe", "expf", "1"}, "true or false"},
		{[]string{"verify", "--flags", "-ftz=true -fmad=false"}, "not captured"},
		{[]string{"verify", "nosuchfunc"}, "unknown function"},
		{[]string{"verify", "--golden", "/nonexistent/dir"}, "not a directory"},
		{[]string{"bogus"}, "unknown command"},
		{[]string{"list", "--bogus"}, "unknown flag"},
		{[]string{"list", "extra"}, "unknown command"},
	} {
		_, stderr, code := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
}

func TestList(t *testing.T) {
	out, _, code := runCLI(t, "", "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var rows []listEntry
	if err := json.Unmarshal([]byte(out), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(spec.All()) {
		t.Fatalf("%d rows, catalog has %d", len(rows), len(spec.All()))
	}
	for i, f := range spec.All() {
		if rows[i].Name != f.Name || rows[i].Implemented != f.Implemented() {
			t.Errorf("row %d = %+v, catalog %s implemented=%v", i, rows[i], f.Name, f.Implemented())
		}
	}
}

// TestEvalArguments checks argument parsing on a function of each argument
// type, through its implementation when one exists.
func TestEvalArguments(t *testing.T) {
	for _, f := range spec.All() {
		if !f.Implemented() {
			_, stderr, code := runCLI(t, "", append([]string{"eval", f.ID}, make([]string, f.Arity())...)...)
			if code != 2 || !strings.Contains(stderr, "not implemented") {
				t.Errorf("eval %s (not implemented): exit %d, %q", f.ID, code, stderr)
			}
			continue
		}
		args := []string{"eval", f.ID}
		for _, ty := range f.In {
			args = append(args, map[spec.Type]string{spec.F32: "1.5", spec.F64: "0x3ff8000000000000", spec.I32: "-3", spec.U32: "3", spec.I64: "-3", spec.U64: "3"}[ty])
		}
		out, stderr, code := runCLI(t, "", args...)
		if code != 0 || strings.TrimSpace(out) == "" {
			t.Errorf("eval %s: exit %d, out %q, err %q", f.ID, code, out, stderr)
		}
		_, _, code = runCLI(t, "", "eval", f.ID) // arity mismatch on stdin is reported per line
		if code != 0 {
			t.Errorf("eval %s with empty stdin: exit %d", f.ID, code)
		}
	}
}
