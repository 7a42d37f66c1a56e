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
		if f.Array { // a count, then that many elements
			args = []string{"eval", f.ID, "2", "1.5", "-0x1p-3"}
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

// TestEvalArray checks the command line of the array functions: the count
// and then exactly that many elements. normf(3, {1, 2, 2}) = 3: every step
// of normf's sequence is exact here (the scale is 2^-2, the scaled squares
// 1/16, 1/4, 1/4 and their sum 9/16 are exact, √(9/16) = 3/4, times 4).
func TestEvalArray(t *testing.T) {
	out, stderr, code := runCLI(t, "", "eval", "normf", "3", "1", "2", "2")
	if code != 0 || strings.TrimSpace(out) != "3 0x1.8p+01 0x40400000" {
		t.Errorf("eval normf 3 1 2 2: exit %d, out %q, err %q", code, out, stderr)
	}
	out, _, code = runCLI(t, "3 1 2 2\n1 -4\n", "eval", "normf")
	if code != 0 || out != "3 0x1.8p+01 0x40400000\n4 0x1p+02 0x40800000\n" {
		t.Errorf("eval normf on stdin: exit %d, out %q", code, out)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"eval", "normf", "3", "1", "2"}, "count 3 but 2 element(s)"},
		{[]string{"eval", "rnormf", "1", "1", "2"}, "count 1 but 2 element(s)"},
		{[]string{"eval", "normf", "9", "1", "1", "1", "1", "1", "1", "1", "1", "1"}, "count 9"},
		{[]string{"eval", "normf", "-1"}, "count -1"},
		{[]string{"eval", "normf", "x"}, "integer"},
	} {
		_, stderr, code := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
	_, stderr, code = runCLI(t, "2 1\n", "eval", "normf")
	if code != 2 || !strings.Contains(stderr, "stdin:1") || !strings.Contains(stderr, "count 2 but 1") {
		t.Errorf("eval normf, stdin \"2 1\": exit %d, stderr %q", code, stderr)
	}
}
