package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cudafp/cudafp/internal/kcorpus"
	"github.com/cudafp/cudafp/kernel"
)

// corpusPTX writes the device's PTX of a corpus source under a flag set
// into dir and returns its path.
func corpusPTX(t *testing.T, dir, flagSet, src string) string {
	t.Helper()
	b, err := kcorpus.ReadXZ(kcorpus.PTXPath("../..", flagSet, src))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, src+".ptx")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// deviceNPY returns the device's output argN of a corpus case.
func deviceNPY(t *testing.T, flagSet, name, arg string) *kernel.NPYArray {
	t.Helper()
	outs, err := kcorpus.ReadOutputs("../..", flagSet)
	if err != nil {
		t.Fatal(err)
	}
	hash, ok := outs[name][arg]
	if !ok {
		t.Fatalf("no device output %s %s under %s", name, arg, flagSet)
	}
	raw, err := kcorpus.ReadBlob("../..", hash)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), arg+".npy")
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := kernel.ReadNPY(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestRunCorpusCase runs corpus cases through the command line, as the
// device runner ran them (the manifest's --arg syntax), and compares the
// files it writes with the device's: dtype, shape and data.
func TestRunCorpusCase(t *testing.T) {
	dir := t.TempDir()
	in := "../../testdata/kernels/inputs/"
	for _, c := range []struct {
		flagSet, src, name string
		args               []string
	}{
		{"default", "apps", "saxpy", []string{"--kernel", "saxpy", "--grid", "20", "--block", "256",
			"--arg", "s32:5000", "--arg", "f32:2.5", "--arg", "@" + in + "saxpy/arg2.npy", "--arg", "@" + in + "saxpy/arg3.npy"}},
		{"fast", "reduce", "softmax_mangled", []string{"--kernel", "_Z12softmax_rowsPKfPfi", "--grid", "8", "--block", "64",
			"--arg", "@" + in + "softmax_mangled/arg0.npy", "--arg", "zeros:f32:616", "--arg", "s32:77"}},
	} {
		ptx := corpusPTX(t, dir, c.flagSet, c.src)
		out := filepath.Join(dir, c.flagSet+"-"+c.name)
		args := append([]string{"run", ptx}, c.args...)
		if _, stderr, code := runCLI(t, "", append(args, "--out", out)...); code != 0 {
			t.Fatalf("cudafp run %s: exit %d: %s", c.name, code, stderr)
		}
		files, _ := filepath.Glob(filepath.Join(out, "arg*.npy"))
		if len(files) == 0 {
			t.Fatalf("%s: no output files", c.name)
		}
		for _, f := range files {
			got, err := kernel.ReadNPY(f)
			if err != nil {
				t.Fatal(err)
			}
			arg := strings.TrimSuffix(filepath.Base(f), ".npy")
			want := deviceNPY(t, c.flagSet, c.name, arg)
			if got.Dtype != want.Dtype || !slicesEqual(got.Shape, want.Shape) || !bytes.Equal(got.Data, want.Data) {
				t.Errorf("%s %s %s: dtype %s shape %v, %d bytes; the device's %s %v, %d bytes (data equal: %v)",
					c.flagSet, c.name, arg, got.Dtype, got.Shape, len(got.Data), want.Dtype, want.Shape, len(want.Data), bytes.Equal(got.Data, want.Data))
			}
		}
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRunInterleavings runs the corpus's order-dependent float sum with
// --interleavings: its result buffer varies and its input does not; the
// files written are the fixed order's, equal to a plain run's, and --seed
// alone gives one interleaving's result, the same twice.
func TestRunInterleavings(t *testing.T) {
	dir := t.TempDir()
	ptx := corpusPTX(t, dir, "default", "atomics")
	in := "../../testdata/kernels/inputs/atomic_add_float_order/"
	run := func(out string, extra ...string) string {
		args := append([]string{"run", ptx, "--kernel", "atomic_add_float_order", "--grid", "16", "--block", "256",
			"--arg", "@" + in + "arg0.npy", "--arg", "zeros:f32:4", "--arg", "s32:4", "--arg", "s32:4096", "--out", filepath.Join(dir, out)}, extra...)
		stdout, stderr, code := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("cudafp %s: exit %d: %s", strings.Join(args[2:], " "), code, stderr)
		}
		return stdout
	}
	report := run("inter", "--interleavings", "5", "--seed", "7")
	for _, want := range []string{"interleavings: the fixed order and seeds 7 to 11", "arg0 (f32, 4096 elements): the same in all 6 runs", "arg1 (f32, 4 elements): "} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "arg1 (f32, 4 elements): the same") {
		t.Errorf("the order-dependent sum did not vary over 6 runs:\n%s", report)
	}
	t.Logf("%s", report)
	read := func(out string) []byte {
		a, err := kernel.ReadNPY(filepath.Join(dir, out, "arg1.npy"))
		if err != nil {
			t.Fatal(err)
		}
		return a.Data
	}
	run("plain")
	run("seed7a", "--seed", "7")
	run("seed7b", "--seed", "7")
	if !bytes.Equal(read("inter"), read("plain")) {
		t.Errorf("--interleavings wrote other results than the fixed order's")
	}
	if !bytes.Equal(read("seed7a"), read("seed7b")) {
		t.Errorf("--seed 7 gave two results")
	}
}

// TestRunBadInput tries what a new user would get wrong: each gives a
// one-line error naming the problem and exit status 2.
func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	ptx := corpusPTX(t, dir, "default", "apps")
	in := "../../testdata/kernels/inputs/saxpy/"
	saxpy := func(args ...string) []string {
		return append([]string{"run", ptx, "--kernel", "saxpy", "--grid", "20", "--block", "256", "--out", filepath.Join(dir, "o")}, args...)
	}
	notPTX := filepath.Join(dir, "notptx.cubin")
	if err := os.WriteFile(notPTX, []byte("\x7fELF\x02\x01\x01\x00binary"), 0o644); err != nil {
		t.Fatal(err)
	}
	unsupported := filepath.Join(dir, "unsupported.ptx")
	if err := os.WriteFile(unsupported, []byte(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<3>;\n\tfrobnicate.u32 %r1, %r2;\n\tret;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	malformed := filepath.Join(dir, "malformed.ptx")
	if err := os.WriteFile(malformed, []byte(".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\tadd.u32 %r1, \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{saxpy("--arg", "s32:9000", "--arg", "f32:2.5", "--arg", "@"+in+"arg2.npy", "--arg", "@"+in+"arg3.npy"), "out of bounds"},
		{saxpy("--arg", "s32:5000", "--arg", "f32:2.5", "--arg", "@"+in+"arg2.npy"), "takes 4 parameters, 3 --arg given"},
		{saxpy("--arg", "s32:5000", "--arg", "f32:abc", "--arg", "@"+in+"arg2.npy", "--arg", "@"+in+"arg3.npy"), "not a decimal number"},
		{saxpy("--arg", "s32:5000", "--arg", "f32:2.5", "--arg", "@nofile.npy", "--arg", "@"+in+"arg3.npy"), "no such file"},
		{saxpy("--arg", "s32:5000", "--arg", "f32:2.5", "--arg", "zeros:f99:3", "--arg", "@"+in+"arg3.npy"), `unknown type "f99"`},
		{saxpy("--arg", "x32:5", "--arg", "f32:2.5", "--arg", "@"+in+"arg2.npy", "--arg", "@"+in+"arg3.npy"), "unknown scalar type"},
		{saxpy("--arg", "s32:5000", "--arg", "f32:2.5", "--arg", "bf16:@"+in+"arg2.npy", "--arg", "@"+in+"arg3.npy"), "want <u2"},
		{[]string{"run", ptx, "--kernel", "nosuch", "--grid", "1", "--block", "1", "--out", dir}, `no kernel "nosuch"`},
		{[]string{"run", notPTX, "--kernel", "k", "--grid", "1", "--block", "1", "--out", dir}, "not PTX text"},
		{[]string{"run", unsupported, "--kernel", "k", "--grid", "1", "--block", "1", "--arg", "zeros:u32:4", "--out", dir}, "unsupported instruction frobnicate.u32"},
		{[]string{"run", malformed, "--kernel", "k", "--grid", "1", "--block", "1", "--arg", "zeros:u32:4", "--out", dir}, "malformed.ptx:6"},
		{[]string{"run", ptx, "--kernel", "saxpy", "--grid", "0", "--block", "1", "--out", dir}, "--grid"},
		{[]string{"run", ptx, "--kernel", "saxpy", "--block", "1", "--out", dir}, "required"},
	} {
		_, stderr, code := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and one line with %q", strings.Join(c.args[2:], " "), code, stderr, c.msg)
		}
	}
}

// TestBenchKernels runs cudafp bench --kernels briefly: a row per corpus
// case with a positive rate, and the totals.
func TestBenchKernels(t *testing.T) {
	var b bytes.Buffer
	if err := benchKernels(&b, "../..", time.Millisecond); err != nil {
		t.Fatal(err)
	}
	cases, err := readCorpus("../..")
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, c := range cases {
		if !strings.Contains(out, "| "+c.name+" | ") {
			t.Errorf("no row for %s", c.name)
		}
	}
	if !strings.Contains(out, "| **all cases** |") {
		t.Errorf("no totals row:\n%s", out)
	}
	if _, _, code := runCLI(t, "", "bench", "--kernels", "--funcs", "expf"); code != 2 {
		t.Errorf("bench --kernels --funcs: exit %d, want 2", code)
	}
}
