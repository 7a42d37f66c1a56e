package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/bench"
	"github.com/cudafp/cudafp/internal/spec"
)

// benchCLI runs a cudafp command line and returns stdout, stderr and the
// exit status.
func benchCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	root := newRoot()
	var out, errb bytes.Buffer
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errb)
	err := root.Execute()
	if err != nil {
		errb.WriteString(err.Error())
	}
	return out.String(), errb.String(), exitCode(err)
}

// unimplemented returns a catalogued function without an implementation,
// for the "not implemented" usage errors, or "" once every function has one.
func unimplemented(t *testing.T) string {
	for _, f := range spec.All() {
		if !f.Implemented() {
			return f.Name
		}
	}
	t.Log("every catalogued function is implemented: no \"not implemented\" case")
	return ""
}

func TestBenchUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"bench", "--funcs", "nosuchfunc"}, "unknown function"},
		{[]string{"bench", "--funcs", ","}, "no function named"},
		{[]string{"bench", "--flags", "-O3"}, "unknown option"},
		{[]string{"bench", "--class", "tiny"}, "want one of"},
		{[]string{"bench", "--benchtime", "0s"}, "positive duration"},
		{[]string{"bench", "--benchtime", "soon"}, "invalid argument"},
		{[]string{"bench", "--clock", "sundial"}, "wall or cpu"},
		{[]string{"bench", "--bogus"}, "unknown flag"},
		{[]string{"bench", "extra"}, "unknown command"},
		{[]string{"bench", "--funcs", "__int2float_rn", "--class", "huge", "--sweep=false"}, "nothing to time"},
		{[]string{"bench", "--from", "/nonexistent/bench.json"}, "no such file"},
	}
	if name := unimplemented(t); name != "" {
		cases = append(cases, struct {
			args []string
			msg  string
		}{[]string{"bench", "--funcs", name}, "not implemented"})
	}
	for _, c := range cases {
		_, stderr, code := benchCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
}

// TestBenchJSON times two functions briefly and checks the JSON: every
// implementation of each function's cases, in the case list's order.
func TestBenchJSON(t *testing.T) {
	out, stderr, code := benchCLI(t, "bench", "--funcs", "__fadd_rn,expf", "--class", "normal", "--sweep=false", "--benchtime", "1ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep benchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rep.Results {
		got = append(got, r.Name)
		if r.Ns <= 0 || r.Iterations <= 0 || r.Per != bench.Calls {
			t.Errorf("%s: %+v", r.Name, r)
		}
		if r.Impl == bench.Emu && r.AllocsOp != 0 {
			t.Errorf("%s: %d allocs/op", r.Name, r.AllocsOp)
		}
	}
	want := []string{
		"BenchmarkFunc/__fadd_rn/flags=default/class=normal/impl=native",
		"BenchmarkFunc/__fadd_rn/flags=default/class=normal/impl=emu",
		"BenchmarkFunc/__fadd_rn/flags=fast/class=normal/impl=emu", // -ftz=true changes __fadd_rn
		"BenchmarkFunc/expf/flags=default/class=normal/impl=native",
		"BenchmarkFunc/expf/flags=default/class=normal/impl=emu",
		"BenchmarkFunc/expf/flags=default/class=normal/impl=bigfloat53",
		"BenchmarkFunc/expf/flags=default/class=normal/impl=bigfloat64",
		"BenchmarkFunc/expf/flags=default/class=normal/impl=ref",
		"BenchmarkFunc/expf/flags=fast/class=normal/impl=emu",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("results:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, r := range rep.Results {
		switch r.Impl {
		case bench.Emu:
			if r.RatioTo != bench.Native || r.Ratio <= 0 {
				t.Errorf("%s: ratio %v to %q", r.Name, r.Ratio, r.RatioTo)
			}
		case bench.Ref:
			if r.RatioTo != bench.Bigfloat64 || r.Ratio <= 0 {
				t.Errorf("%s: ratio %v to %q", r.Name, r.Ratio, r.RatioTo)
			}
		}
	}
	if rep.Machine.Cores <= 0 || rep.Machine.Go == "" || len(rep.Targets) != len(bench.Targets) {
		t.Errorf("machine %+v, %d targets", rep.Machine, len(rep.Targets))
	}
	if !strings.HasPrefix(rep.Command, "cudafp bench --") {
		t.Errorf("command %q", rep.Command)
	}
	// --from renders the saved results.
	path := filepath.Join(t.TempDir(), "bench.json")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	md, stderr, code := benchCLI(t, "bench", "--from", path)
	if code != 0 || !strings.Contains(md, "| expf | fast | normal |") || !strings.Contains(md, "Command: `"+rep.Command+"`") {
		t.Errorf("--from: exit %d, %s\n%s", code, stderr, md)
	}
}

// TestBenchMarkdown checks the tables of a brief run with a sweep.
func TestBenchMarkdown(t *testing.T) {
	out, stderr, code := benchCLI(t, "bench", "--funcs", "ex2.approx.ftz.f32", "--class", "normal", "--benchtime", "1ms", "--clock", "cpu")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, s := range []string{
		"<!-- Code generated by cudafp bench; DO NOT EDIT. -->",
		"Machine: ", "Command: `cudafp bench --benchtime=1ms --class=normal --clock=cpu --funcs=ex2.approx.ftz.f32`",
		"| ex2.approx.ftz.f32 | default | normal |",
		"### Sweeps", "| ex2.approx.ftz.f32 | default |",
		"### Targets", "Every emulation case allocates nothing",
		"| ex2.approx.ftz.f32 | `float32(math.Exp2(float64(x)))` |",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
}
