package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
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
		{[]string{"--cpuprofile", "/nonexistent/dir/cpu.prof", "list"}, "--cpuprofile"},
	} {
		_, stderr, code := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
}

// TestCPUProfile checks that --cpuprofile leaves a finished profile: pprof
// writes a gzip-compressed protocol buffer, which is whole only once the
// profile is stopped.
func TestCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.prof")
	if code := run([]string{"--cpuprofile", path, "eval", "expf", "1"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if b, err := io.ReadAll(zr); err != nil || len(b) == 0 {
		t.Errorf("%s: %d bytes of profile, %v", path, len(b), err)
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
	all := append(slices.Clip(spec.All()), spec.All16()...)
	if len(rows) != len(all) {
		t.Fatalf("%d rows, the catalogs have %d", len(rows), len(all))
	}
	for i, f := range all {
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

// TestEval16 checks eval on half, bfloat16 and their vector forms: the
// arguments as decimals, hex floats, bit patterns or "lo,hi" lanes, the
// printed bits equal to the kernel's on the parsed encodings, and every
// printed spelling (decimal, hex float) reading back to those bits.
func TestEval16(t *testing.T) {
	for _, c := range []struct {
		fn   string
		args []string
		in   []uint64 // the encodings the arguments must parse to
	}{
		{"f16:hexp", []string{"1"}, []uint64{0x3c00}},
		{"f16:hexp", []string{"0x1p-3"}, []uint64{0x3000}},
		{"bf16:__hadd", []string{"1.5", "0x3f80"}, []uint64{0x3fc0, 0x3f80}},
		{"f16:__hdiv", []string{"1", "3"}, []uint64{0x3c00, 0x4200}},
		{"f16:__hadd2", []string{"1,2", "0.5,0.25"}, []uint64{0x40003c00, 0x34003800}},
		{"bf16:h2exp", []string{"0x3f803f80"}, []uint64{0x3f803f80}},
	} {
		f, err := lookup(c.fn)
		if err != nil {
			t.Fatal(err)
		}
		k, _ := f.Impl(fp.Flags{})
		var in spec.Args
		copy(in[:], c.in)
		out := k(&in)
		stdout, stderr, code := runCLI(t, "", append([]string{"eval", c.fn}, c.args...)...)
		if code != 0 {
			t.Fatalf("eval %s %v: exit %d, %s", c.fn, c.args, code, stderr)
		}
		fields := strings.Fields(stdout)
		if len(fields) != 3 {
			t.Fatalf("eval %s %v: %q, want decimal, hex float and bits", c.fn, c.args, stdout)
		}
		if want := spell(f.Out[0], out).Bits; fields[2] != want {
			t.Errorf("eval %s %v: bits %s, kernel %s", c.fn, c.args, fields[2], want)
		}
		for _, sp := range fields[:2] {
			back, err := parseArg(f.Out[0], sp)
			if err != nil || back != out {
				t.Errorf("eval %s %v: %q reads back as %#x (%v), want %#x", c.fn, c.args, sp, back, err, out)
			}
		}
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"eval", "f16:hexp", "abc"}, "binary16"},
		{[]string{"eval", "f16:__hadd2", "1,x", "1"}, "binary16"},
		{[]string{"eval", "f16:__hadd2", "0x1234567890", "1,1"}, "two lanes"},
	} {
		_, stderr, code := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
}

// TestEval64 checks eval on the double operators and intrinsics: decimal
// and 16-digit bit-pattern arguments, the results' spelling, and the
// directed modes against math/big (internal/oracle).
func TestEval64(t *testing.T) {
	spellD := func(u uint64) string { s := spellF64(u); return s.Decimal + " " + s.Hex + " " + s.Bits }
	one, tiny := uint64(0x3ff0000000000000), uint64(0x3ca0000000000001) // 1 and 2^-53·(1+2^-52): RN rounds up, RZ down
	for _, c := range []struct {
		args []string
		want uint64
	}{
		{[]string{"f64:x+y", "1.5", "2"}, math.Float64bits(3.5)},
		{[]string{"f64_op_add", "0x3ff8000000000000", "0x4000000000000000"}, math.Float64bits(3.5)},
		{[]string{"__dadd_rz", "0x3ff0000000000000", "0x3ca0000000000001"}, oracle.Add64(one, tiny, rounding.RZ)},
		{[]string{"__dadd_rn", "1", "0x3ca0000000000001"}, oracle.Add64(one, tiny, rounding.RN)},
		{[]string{"f64:sqrt(x)", "2"}, oracle.Sqrt64(math.Float64bits(2), rounding.RN)},
		{[]string{"__ddiv_ru", "1", "3"}, oracle.Div64(one, math.Float64bits(3), rounding.RU)},
	} {
		out, stderr, code := runCLI(t, "", append([]string{"eval"}, c.args...)...)
		if want := spellD(c.want); code != 0 || strings.TrimSpace(out) != want {
			t.Errorf("eval %s: exit %d, out %q, err %q; want %q", strings.Join(c.args, " "), code, out, stderr, want)
		}
	}
	if oracle.Add64(one, tiny, rounding.RZ) == oracle.Add64(one, tiny, rounding.RN) {
		t.Fatal("the RZ and RN cases do not differ")
	}
	rd := int64(math.Floor(-2.5)) // exact
	out, _, code := runCLI(t, "", "eval", "__double2ll_rd", "-2.5")
	if want := strconv.FormatInt(rd, 10) + " " + hexBits(uint64(rd), 16); code != 0 || strings.TrimSpace(out) != want {
		t.Errorf("eval __double2ll_rd -2.5: exit %d, out %q, want %q", code, out, want)
	}
}

// TestVerifyNoGolden checks that an implemented function without golden
// data is reported as such, exit 0, in text and JSON.
func TestVerifyNoGolden(t *testing.T) {
	var id string
	for _, f := range spec.All() {
		if f.Implemented() && noGoldenYet(nil, map[string]bool{f.ID: true}) != nil {
			if _, err := os.Stat(filepath.Join("..", "..", "testdata", "golden", "default", f.ID+".txt.gz")); os.IsNotExist(err) {
				id = f.ID
				break
			}
		}
	}
	if id == "" {
		t.Log("every implemented function has golden data: nothing to check")
		return
	}
	out, stderr, code := runCLI(t, "", "verify", id)
	if code != 0 || !strings.Contains(out, "no golden data yet") {
		t.Errorf("verify %s: exit %d, out %q, err %q", id, code, out, stderr)
	}
	out, _, code = runCLI(t, "", "verify", "--json", id)
	var rep verifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || len(rep.NoGolden) != 1 || rep.NoGolden[0].ID != id || rep.Mismatching != 0 {
		t.Errorf("verify --json %s: exit %d, %v, %+v", id, code, err, rep)
	}
}
