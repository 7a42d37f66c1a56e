package ulp

import (
	"bufio"
	"container/heap"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Hard-to-round cases. hardness measures, from a kernel's double-double
// value, how close f(x) lies to a rounding boundary: dRN is the distance to
// the nearest midpoint between binary32 neighbours, dDir the distance to the
// nearest binary32 number, both in ulps of the binary32 grid at f(x). The
// hardest inputs of an exhaustive scan are the worst cases of the Ziv
// strategy (CORE-MATH's .wc files); testdata/worst holds them, verified by
// the oracle.

func hardness(v DD) (dRN, dDir float64, ok bool) {
	a, l := math.Abs(v.Hi), v.Lo
	if v.Hi < 0 {
		l = -l
	}
	if !(a >= 0x1p-149) || a >= overflow32 {
		return 0, 0, false
	}
	t, q := grid(a)
	onGrid := a == t
	if onGrid && l < 0 {
		if math.Float64bits(t)&fracMask64 == 0 && t > minNormal32 {
			q /= 2
		}
		t -= q
	}
	d0 := (a - t) + l
	dRN = math.Abs(d0-q/2) / q
	dDir = math.Min(math.Abs(d0), math.Abs(q-d0)) / q
	// A high part that is itself a binary32 number is a Taylor path of a tiny
	// argument (exp(x) = 1 + x, sin(x) = x − x³/6), decided by the sign of the
	// correction, not by precision (a rounded value lands on the binary32 grid
	// once in 2^29): not kept as a hard case for the directed modes.
	if onGrid {
		dDir = math.Inf(1)
	}
	return dRN, dDir, true
}

type hardCase struct {
	x, y uint32
	d    float64
}

// hardHeap keeps the n smallest distances (a max-heap on d; ties by input).
type hardHeap []hardCase

func (h hardHeap) Len() int { return len(h) }
func (h hardHeap) Less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d > h[j].d
	}
	return h[i].x > h[j].x || h[i].x == h[j].x && h[i].y > h[j].y
}
func (h hardHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *hardHeap) Push(v any)   { *h = append(*h, v.(hardCase)) }
func (h *hardHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

func (h *hardHeap) offer(c hardCase, n int) {
	if len(*h) < n {
		heap.Push(h, c)
		return
	}
	if top := (*h)[0]; c.d < top.d || (c.d == top.d && (c.x < top.x || c.x == top.x && c.y < top.y)) {
		(*h)[0] = c
		heap.Fix(h, 0)
	}
}

func (h hardHeap) sorted() []hardCase {
	s := slices.Clone(h)
	slices.SortFunc(s, func(a, b hardCase) int {
		if a.d != b.d {
			if a.d < b.d {
				return -1
			}
			return 1
		}
		if a.x != b.x {
			if a.x < b.x {
				return -1
			}
			return 1
		}
		return int(a.y) - int(b.y)
	})
	return s
}

// scanUnary scans the inputs in blocks (of 2^16; only the blocks kept by
// keep) and returns the n hardest for RN and for the directed modes, and the
// number of inputs scanned and of those the fast path leaves to the oracle
// in RN.
func scanUnary(ref *Ref, keep func(block int) bool, n int) (rn, dir []hardCase, scanned, fallbacks uint64) {
	var mu sync.Mutex
	var hrn, hdir hardHeap
	blocks := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lrn, ldir hardHeap
			var lscan, lfall uint64
			for b := range blocks {
				lscan += 1 << 16
				for x := uint32(b) << 16; ; x++ {
					k := ref.k1(x)
					if _, ok := k.round(rounding.RN); !ok {
						lfall++
					}
					if k.rep == 0 && k.err > 0 {
						if dRN, dDir, ok := hardness(k.v); ok {
							lrn.offer(hardCase{x, 0, dRN}, n)
							ldir.offer(hardCase{x, 0, dDir}, n)
						}
					}
					if x&0xffff == 0xffff {
						break
					}
				}
			}
			mu.Lock()
			scanned += lscan
			fallbacks += lfall
			for _, c := range lrn {
				hrn.offer(c, n)
			}
			for _, c := range ldir {
				hdir.offer(c, n)
			}
			mu.Unlock()
		}()
	}
	for b := 0; b < 1<<16; b++ {
		if keep(b) {
			blocks <- b
		}
	}
	close(blocks)
	wg.Wait()
	return hrn.sorted(), hdir.sorted(), scanned, fallbacks
}

// scanPow samples pow on n inputs of three strata and returns the hardest,
// and the number of RN fallbacks.
func scanPow(samples, n int) (rn, dir []hardCase, fallbacks uint64) {
	var hrn, hdir hardHeap
	gens := []Generator{
		InRange(1, Range{b32(0x1p-10), b32(16)}, Range{b32(-40), b32(40)}),
		InRange(2, Range{b32(0.5), b32(2)}, Range{b32(-0x1p24), b32(0x1p24)}),
		UniformBits(3),
	}
	for i := 0; i < samples; i++ {
		x, y, _ := gens[i%3](uint64(i / 3))
		k := powKernel(x, y)
		if _, ok := k.round(rounding.RN); !ok {
			fallbacks++
		}
		if k.rep == 0 && k.err > 0 {
			if dRN, dDir, ok := hardness(k.v); ok {
				hrn.offer(hardCase{x, y, dRN}, n)
				hdir.offer(hardCase{x, y, dDir}, n)
			}
		}
	}
	return hrn.sorted(), hdir.sorted(), fallbacks
}

const worstDir = "testdata/worst"

// worstFile is one line of a .wc file: the input, the distance to the
// boundary in ulps, and the oracle's results in RN, RZ, RU, RD.
type worstLine struct {
	x, y uint32
	d    float64
	want [4]uint32
}

func readWorst(t *testing.T, path string) (arity int, lines []worstLine) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		var w worstLine
		arity = 1
		for _, kv := range strings.Fields(s) {
			k, v, _ := strings.Cut(kv, "=")
			var err error
			var u uint64
			switch k {
			case "x", "y", "rn", "rz", "ru", "rd":
				u, err = strconv.ParseUint(v, 16, 32)
			case "d":
				w.d, err = strconv.ParseFloat(v, 64)
			default:
				err = fmt.Errorf("unknown key %q", k)
			}
			if err != nil {
				t.Fatalf("%s:%d: %v", path, ln, err)
			}
			switch k {
			case "x":
				w.x = uint32(u)
			case "y":
				w.y, arity = uint32(u), 2
			case "rn", "rz", "ru", "rd":
				w.want[strings.Index("rnrzrurd", k)/2] = uint32(u)
			}
		}
		lines = append(lines, w)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return arity, lines
}

// TestWorstCases checks the fast references and the oracle against the
// hard-to-round cases of testdata/worst in every mode.
func TestWorstCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(worstDir, "*.wc"))
	if len(files) == 0 {
		t.Fatal("no worst-case files in " + worstDir)
	}
	total := 0
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".wc")
		ref, ok := Lookup(name)
		if !ok {
			t.Errorf("%s: no reference %q", path, name)
			continue
		}
		arity, lines := readWorst(t, path)
		if arity != ref.arity {
			t.Errorf("%s: arity %d, reference %d", path, arity, ref.arity)
		}
		for _, w := range lines {
			orc := ref.orc.RoundAll(w.x, w.y)
			for i, m := range rounding.Modes {
				if got := ref.roundAny(w.x, w.y, m); got != w.want[i] || orc[i] != w.want[i] {
					t.Errorf("%s %v: fast %s, oracle %s, file %s", ref.call(w.x, w.y), m, f32.Format(got), f32.Format(orc[i]), f32.Format(w.want[i]))
				}
				total++
			}
		}
		t.Logf("%-6s %4d hard cases (hardest %.3g ulp from a boundary)", name, len(lines), lines[0].d)
	}
	t.Logf("%d checks (cases × 4 modes)", total)
}

// TestHardestCases scans for the inputs whose value lies closest to a
// rounding boundary, by the fast kernels' double-double values, and checks
// that the fast references round them as the oracle does in every mode.
// The default tier scans 16 blocks of 2^16 inputs per unary function and
// 2^16 pow samples; the exhaustive tier all 2^32 inputs and 2^26 pow
// samples. With CUDAFP_WORST_OUT=dir it writes the cases as .wc files (how
// testdata/worst was made: CUDAFP_EXHAUSTIVE=1 CUDAFP_WORST_OUT=testdata/worst).
func TestHardestCases(t *testing.T) {
	const keepN = 48
	keep := func(b int) bool { return b%4099 == 0 }
	powSamples := 1 << 16
	scope := "16 blocks of 2^16 inputs (every 4099th)"
	if testflag.Exhaustive() {
		keep = func(int) bool { return true }
		powSamples = 1 << 26
		scope = "all 2^32 inputs"
	}
	out := os.Getenv("CUDAFP_WORST_OUT")
	for _, ref := range refs {
		if ref.r1 != nil || ref.r2 != nil {
			continue // exact decisions: no hard cases
		}
		t0 := time.Now()
		var rn, dir []hardCase
		var scanned, falls uint64
		how := scope
		if ref.arity == 1 {
			rn, dir, scanned, falls = scanUnary(ref, keep, keepN)
		} else {
			rn, dir, falls = scanPow(powSamples, keepN)
			scanned = uint64(powSamples)
			how = fmt.Sprintf("%d samples: x ∈ [2^-10, 16], y ∈ [−40, 40]; x ∈ [0.5, 2], y ∈ [−2^24, 2^24]; uniform bits (InRange/UniformBits seeds 1, 2, 3)", powSamples)
		}
		cases := append(slices.Clone(rn), dir[:keepN/4]...)
		var lines []string
		for _, c := range cases {
			want := ref.orc.RoundAll(c.x, c.y)
			for i, m := range rounding.Modes {
				if got := ref.roundAny(c.x, c.y, m); got != want[i] {
					t.Errorf("%s %v = %s, want %s (%.3g ulp from a boundary)", ref.call(c.x, c.y), m, f32.Format(got), f32.Format(want[i]), c.d)
				}
			}
			y := ""
			if ref.arity == 2 {
				y = fmt.Sprintf(" y=%08x", c.y)
			}
			lines = append(lines, fmt.Sprintf("x=%08x%s d=%.6g rn=%08x rz=%08x ru=%08x rd=%08x", c.x, y, c.d, want[0], want[1], want[2], want[3]))
		}
		t.Logf("%-6s hardest for RN: %.3g ulp from a midpoint at %s; for directed modes: %.3g ulp from a binary32 number at %s; RN fallbacks %d of %d inputs (%v)",
			ref.name, rn[0].d, ref.call(rn[0].x, rn[0].y), dir[0].d, ref.call(dir[0].x, dir[0].y), falls, scanned, time.Since(t0).Round(time.Second))
		if out == "" {
			continue
		}
		hdr := []string{
			fmt.Sprintf("# %s.wc: hard-to-round binary32 inputs of %s", ref.name, ref.name),
			fmt.Sprintf("# algorithm: exhaustive scan (%s) of the fast double-double kernel of ulp.%s,", how, strings.ToUpper(ref.name[:1])+ref.name[1:]),
			fmt.Sprintf("#   keeping the %d inputs whose value lies closest to a midpoint (RN boundary) and the", keepN),
			fmt.Sprintf("#   %d closest to a binary32 number (directed-mode boundary); d is that distance in ulps.", keepN/4),
			"# results: rn rz ru rd from internal/oracle (certified Ziv loop on big.Float intervals).",
			"# generated by TestHardestCases in ulp/worst_test.go with CUDAFP_EXHAUSTIVE=1 CUDAFP_WORST_OUT=testdata/worst",
		}
		body := strings.Join(append(hdr, lines...), "\n") + "\n"
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, ref.name+".wc"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
