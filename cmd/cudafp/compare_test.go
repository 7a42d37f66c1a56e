package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// readCompare parses compare's JSON output.
func readCompare(t *testing.T, out string) (doc compareDoc, each []compareInput) {
	t.Helper()
	var raw struct {
		compareDoc
		Each []compareInput `json:"each"`
	}
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("compare --format json: %v\n%s", err, out)
	}
	return raw.compareDoc, raw.Each
}

// TestCompareStdin compares expf under the default flags and
// -use_fast_math on a few inputs and checks the summary, the worst inputs
// and --each against the catalog kernels and the reference, evaluated here
// input by input.
func TestCompareStdin(t *testing.T) {
	lines := []string{"1", "0.5", "", "-3", "88", "-100", "nan", "1e-40", "10", "0x42b00000", "-87.5"}
	out, stderr, code := runCLI(t, strings.Join(lines, "\n")+"\n", "compare", "--flags", "", "--flags", "-use_fast_math", "--format", "json", "--worst", "3", "--each", "expf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	doc, each := readCompare(t, out)
	if doc.Schema != compareSchema || len(doc.Functions) != 1 || !strings.Contains(doc.Source, "11 lines") {
		t.Fatalf("document: %+v", doc)
	}
	f, _ := spec.Lookup("expf")
	kd, _ := f.Impl(spec.Default)
	kf, _ := f.Impl(spec.FastMath)
	var n, differ uint64
	var maxDist uint32
	var crFast uint64
	var dists []uint32
	for i, l := range lines {
		if l == "" {
			continue
		}
		x, err := parseArg(spec.F32, l)
		if err != nil {
			t.Fatal(err)
		}
		in := spec.Args{x}
		a, b := uint32(kd(&in)), uint32(kf(&in))
		want := ulp.Exp.Round(uint32(x), f.Mode)
		r := each[n]
		if r.Where != fmt.Sprintf("stdin:%d", i+1) || r.Args[0].Bits != hexBits(x, 8) || r.Results[0][0].Bits != hexBits(uint64(a), 8) ||
			r.Results[1][0].Bits != hexBits(uint64(b), 8) || r.Want == nil || r.Want.Bits != hexBits(uint64(want), 8) {
			t.Errorf("each[%d] = %+v; want x %#08x, results %#08x %#08x, correctly rounded %#08x", n, r, x, a, b, want)
		}
		n++
		d := ulp.Dist(a, b)
		if a != b {
			differ++
			dists = append(dists, d)
		}
		maxDist = max(maxDist, d)
		if b == want || f32.IsNaN(b) && f32.IsNaN(want) {
			crFast++
		}
		if r.Dist == nil || *r.Dist != d {
			t.Errorf("each[%d].dist = %v, want %d", n-1, r.Dist, d)
		}
	}
	s := doc.Functions[0]
	if s.Inputs != n || s.Differ != differ || s.MaxDist == nil || *s.MaxDist != maxDist || len(s.VsRef) != 2 || s.VsRef[1].CR != crFast {
		t.Errorf("summary %+v; want %d inputs, %d differ, max dist %d, %d correctly rounded under -use_fast_math", s, n, differ, maxDist, crFast)
	}
	if uint64(len(each)) != n || differ < 4 {
		t.Fatalf("%d rows for %d inputs; %d differ", len(each), n, differ)
	}
	// The worst three, worst first; ties in input order.
	if len(s.Worst) != 3 {
		t.Fatalf("%d worst inputs, want 3", len(s.Worst))
	}
	for i := 1; i < len(s.Worst); i++ {
		if *s.Worst[i].Dist > *s.Worst[i-1].Dist {
			t.Errorf("worst inputs out of order: %v", s.Worst)
		}
	}
	if *s.Worst[0].Dist != maxDist {
		t.Errorf("worst input at distance %d, want %d", *s.Worst[0].Dist, maxDist)
	}

	// Markdown: the summary row and every input.
	md, stderr, code := runCLI(t, strings.Join(lines, "\n")+"\n", "compare", "--each", "expf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(md, fmt.Sprintf("| expf | %d | %d (", n, differ)) || strings.Count(md, "\n| expf | stdin:") != int(n) {
		t.Errorf("Markdown output:\n%s", md)
	}
}

// TestCompareBadInput: a bad line is a one-line error naming the line, exit
// 2, and nothing on standard output.
func TestCompareBadInput(t *testing.T) {
	for _, c := range []struct {
		stdin string
		args  []string
		msg   string
	}{
		{"1\n2\nfoo\n4\n", []string{"expf"}, "stdin:3: float32 \"foo\""},
		{"1\n2 3\n", []string{"--each", "--format", "json", "expf"}, "stdin:2: expf takes 1 argument"},
		{"1 2\n3\n", []string{"powf"}, "stdin:2: powf takes 2 argument"},
		{strings.Repeat("1", 2<<20) + "\n", []string{"expf"}, "stdin:1: line longer"},
		{"", []string{"--flags", "", "expf"}, "exactly two flag sets"},
		{"", []string{"--flags", "-O3", "--flags", "", "expf"}, "unknown option"},
		{"", []string{"nosuchfunc"}, "unknown function"},
		{"", []string{"--funcs", "expf", "logf"}, "name one FUNC"},
		{"", []string{}, "name one FUNC"},
		{"", []string{"--format", "csv", "expf"}, "--format"},
	} {
		args := append([]string{"compare"}, c.args...)
		stdout, stderr, code := runCLI(t, c.stdin, args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Contains(strings.TrimSpace(stderr), "\n") || stdout != "" {
			t.Errorf("cudafp %s: exit %d, stdout %.80q, stderr %q; want exit 2, no output and one line with %q", strings.Join(args, " "), code, stdout, stderr, c.msg)
		}
	}
}

// TestCompareSamples compares over the built-in samples: the generated
// inputs and the special-value grid of each function.
func TestCompareSamples(t *testing.T) {
	out, stderr, code := runCLI(t, "", "compare", "--funcs", "expf,x/y,__fadd_rz", "--samples", "4096", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	doc, _ := readCompare(t, out)
	if len(doc.Functions) != 3 {
		t.Fatalf("%d functions", len(doc.Functions))
	}
	for _, s := range doc.Functions {
		f, _ := spec.Lookup(s.Function)
		if s.Inputs != 4096+uint64(f.GridLen()) || s.Differ == 0 {
			t.Errorf("%s: %d inputs (%d differ), want %d", s.Function, s.Inputs, s.Differ, 4096+f.GridLen())
		}
		if _, hasRef := ulp.Lookup(f.Ref); hasRef != (len(s.VsRef) == 2) {
			t.Errorf("%s: vs_reference %v", s.Function, s.VsRef)
		}
	}
}

// lineSource generates n input lines of expf on the fly, never holding
// them, and samples the live heap every step lines.
type lineSource struct {
	i, n, step int
	buf        []byte
	peak       uint64
	base       uint64
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

func (s *lineSource) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.i < s.n {
		if s.i%s.step == 0 {
			s.peak = max(s.peak, liveHeap())
		}
		// Spread over [-100, 100]: every path of expf and __expf.
		x := float32(-100 + 200*float64(s.i)/float64(s.n))
		s.buf = fmt.Appendf(s.buf, "%#08x\n", math.Float32bits(x))
		s.i++
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	k := copy(p, s.buf)
	s.buf = s.buf[:copy(s.buf, s.buf[k:])]
	return k, nil
}

// TestCompareConstantMemory streams 10^6 lines through compare (about 11
// MB of input, 10^6 tuples and 2·10^6 results) and checks that the live heap
// never grows by more than 2 MiB: the comparison keeps counts and the worst
// inputs, not the inputs. (Memory, not time, is asserted.)
func TestCompareConstantMemory(t *testing.T) {
	const n = 1_000_000
	src := &lineSource{n: n, step: n / 20}
	src.base = liveHeap()
	root := newRoot()
	var stdout, stderr bytes.Buffer
	root.SetArgs([]string{"compare", "--format", "json", "expf"})
	root.SetIn(src)
	root.SetOut(&stdout)
	root.SetErr(&stderr)
	if err := root.Execute(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	doc, _ := readCompare(t, stdout.String())
	if doc.Functions[0].Inputs != n {
		t.Fatalf("%d inputs compared, want %d", doc.Functions[0].Inputs, n)
	}
	grow := int64(src.peak) - int64(src.base)
	t.Logf("live heap %d bytes before, at most %d during (%+d) for %d lines", src.base, src.peak, grow, n)
	if grow > 2<<20 {
		t.Errorf("the live heap grew by %d bytes over %d lines: compare keeps per-input data", grow, n)
	}
}
