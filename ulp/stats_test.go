package ulp

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

type measurement struct {
	in        Input
	got, want uint32
	v         DD
	slow      bool
}

// drawMeasurements returns n random measurements: results 0 to a few ulps
// from the value, sometimes NaN, infinite or far off.
func drawMeasurements(r *rand.Rand, n int) []measurement {
	ms := make([]measurement, n)
	for i := range ms {
		hi := drawDouble(r)
		want := round64(hi, 0)
		got := want + uint32(r.IntN(7)) - 3
		if r.IntN(50) == 0 {
			got = r.Uint32()
		}
		ms[i] = measurement{Input{X: r.Uint32(), Y: r.Uint32()}, got, want, DD{hi, 0}, r.IntN(100) == 0}
	}
	return ms
}

func statsOf(ms []measurement, abs *AbsStats) Stats {
	s := newStats(abs)
	for _, m := range ms {
		s.add(m.in, m.got, m.want, m.v, m.slow, false)
	}
	return s
}

func jsonOf(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStatsMerge checks that merging the Stats of chunks, in any order,
// gives exactly the Stats of the whole.
func TestStatsMerge(t *testing.T) {
	r := newRand(t, 4)
	ms := drawMeasurements(r, 50000)
	abs := &AbsStats{Lo: -1e10, Hi: 1e10}
	whole := jsonOf(t, statsOf(ms, abs))
	for trial := 0; trial < 5; trial++ {
		cuts := []int{0, len(ms)}
		for range 6 {
			cuts = append(cuts, r.IntN(len(ms)))
		}
		slices.Sort(cuts)
		var parts []Stats
		for i := 1; i < len(cuts); i++ {
			parts = append(parts, statsOf(ms[cuts[i-1]:cuts[i]], abs))
		}
		r.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
		var s Stats
		for i := range parts {
			s.Merge(&parts[i])
		}
		if got := jsonOf(t, s); !bytes.Equal(got, whole) {
			t.Fatalf("merged Stats differ from the whole:\n%s\n%s", got, whole)
		}
	}
}

// TestStatsQuantileMean checks Quantile against the exact quantile of the
// errors (an upper bound within one fine bin) and Mean against their
// average.
func TestStatsQuantileMean(t *testing.T) {
	r := newRand(t, 5)
	ms := drawMeasurements(r, 40000)
	s := statsOf(ms, nil)
	var errs []float64
	sum, n := 0.0, 0
	for _, m := range ms {
		e := Err(m.got, m.v)
		errs = append(errs, e)
		if e < hugeErr {
			sum += e
			n++
		}
	}
	slices.Sort(errs)
	for _, p := range []float64{0.5, 0.9, 0.99, 0.999, 1} {
		exact := errs[int(math.Ceil(p*float64(len(errs))))-1]
		q := s.Quantile(p)
		i := fineBin(exact)
		if q != fineEdge(i) {
			t.Errorf("Quantile(%v) = %v, exact %v (bin %d, edge %v)", p, q, exact, i, fineEdge(i))
		}
	}
	if got, want := s.Mean(), sum/float64(n); math.Abs(got-want) > 1e-9*want {
		t.Errorf("Mean = %v, want %v", got, want)
	}
	var total uint64
	for _, c := range s.Coarse() {
		total += c
	}
	if total != s.N {
		t.Errorf("Coarse holds %d errors, want %d", total, s.N)
	}
}

// TestFineBins checks the fine histogram's edges: every error lies in its
// bin, and the 0.25-ulp edges up to 32 ulps are bin edges.
func TestFineBins(t *testing.T) {
	r := newRand(t, 6)
	for i := 0; i < 100000; i++ {
		e := math.Ldexp(r.Float64(), r.IntN(40)-6)
		b := fineBin(e)
		if !(fineLower(b) <= e && e < fineEdge(b)) {
			t.Fatalf("fineBin(%v) = %d: [%v, %v)", e, b, fineLower(b), fineEdge(b))
		}
	}
	for k := 1; k <= 4*32; k++ {
		e := float64(k) / 4
		if b := fineBin(e); fineLower(b) != e {
			t.Errorf("%v is not a fine-bin edge (bin %d starts at %v)", e, b, fineLower(b))
		}
	}
	if fineBin(math.Inf(1)) != fineBins-1 || fineBin(0x1p32) != fineBins-1 {
		t.Error("huge errors must land in the last bin")
	}
}

// TestAddRun checks the batched Stats.addRun (with its Dist and Err outputs)
// against Stats.add on ordered inputs, in batches of every size, with and
// without absolute-error statistics.
func TestAddRun(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	ms := drawMeasurements(r, 5000)
	// Special values and lows parts that move a value into the binade below.
	for i := range ms {
		switch r.IntN(40) {
		case 0:
			ms[i].v = DD{math.NaN(), 0}
		case 1:
			ms[i].v = DD{math.Inf(1 - 2*r.IntN(2)), 0}
		case 2:
			ms[i].v = DD{0x1p-3, -0x1p-80}
		case 3:
			ms[i].got, ms[i].want = 0x7fffffff, 0x7fc00000
		case 4:
			ms[i].got = 0x7f800000
		}
	}
	// Runs of identical measurements (addUniform), as an exhaustive sweep
	// sees them where f(x) overflows: the first measurements repeated.
	var runs []measurement
	for _, m := range ms[:60] {
		for range 1 + r.IntN(2*BatchLen) {
			runs = append(runs, m)
		}
	}
	for _, ms := range [][]measurement{ms, runs} {
		testAddRun(t, ms)
	}
}

func testAddRun(t *testing.T, ms []measurement) {
	t.Helper()
	const x0 = 0xbf7ff000
	// Listed inputs (a sampled sweep's): increasing, with gaps.
	listed := make([]uint32, len(ms))
	for i := range listed {
		listed[i] = x0 + uint32(i)*3 + uint32(i*i%3)
	}
	for _, abs := range []*AbsStats{nil, {Lo: -0.9999, Hi: 2}} {
		for _, list := range []bool{false, true} {
			testAddRunInputs(t, ms, abs, x0, listed, list)
		}
	}
}

// testAddRunInputs checks addRun on the inputs x0, x0+1, … or, with list,
// on listed.
func testAddRunInputs(t *testing.T, ms []measurement, abs *AbsStats, x0 uint32, listed []uint32, list bool) {
	t.Helper()
	in := func(i int) uint32 {
		if list {
			return listed[i]
		}
		return x0 + uint32(i)
	}
	{
		want := newStats(abs)
		for i, m := range ms {
			want.add(Input{X: in(i)}, m.got, m.want, m.v, m.slow, true)
		}
		for _, size := range []int{1, 7, BatchLen} {
			got := newStats(abs)
			for lo := 0; lo < len(ms); lo += size {
				part := ms[lo:min(lo+size, len(ms))]
				var g, w, dist []uint32
				var v []DD
				var slow uint64
				for _, m := range part {
					g, w, v = append(g, m.got), append(w, m.want), append(v, m.v)
					if m.slow {
						slow++
					}
				}
				dist = make([]uint32, len(part))
				errs := make([]float64, len(part))
				var xs []uint32
				if list {
					xs = listed[lo : lo+len(part)]
				}
				got.addRun(in(lo), xs, g, w, v, dist, errs, slow)
				for i, m := range part {
					if d := Dist(m.got, m.want); dist[i] != d {
						t.Fatalf("Dist(%#x, %#x) = %d in a batch, want %d", m.got, m.want, dist[i], d)
					}
					if e := Err(m.got, m.v); math.Float64bits(errs[i]) != math.Float64bits(e) {
						t.Fatalf("Err(%#x, %v) = %v in a batch, want %v", m.got, m.v, errs[i], e)
					}
				}
			}
			if a, b := jsonOf(t, got), jsonOf(t, want); !bytes.Equal(a, b) {
				t.Errorf("batches of %d, abs %v, listed inputs %v:\n%s\nwant\n%s", size, abs != nil, list, a, b)
			}
		}
	}
}

// TestInputOrder checks Input.less and Input.Equal against their
// definitions through Word (lexicographic order of the MaxWords words, X
// first) on pairs that differ in one word, in several, or in none.
func TestInputOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	t.Logf("seed 7")
	draw := func() Input {
		var a Input
		for j := range MaxWords {
			a.set(j, r.Uint32N(3)) // few values: ties in every word
		}
		return a
	}
	for range 100000 {
		a, b := draw(), draw()
		if r.IntN(4) == 0 {
			b = a.With(r.IntN(MaxWords), r.Uint32N(3))
		}
		want := false
		for j := range MaxWords {
			if x, y := a.Word(j), b.Word(j); x != y {
				want = x < y
				break
			}
		}
		if got := a.Less(b); got != want {
			t.Fatalf("%v.Less(%v) = %v, want %v", a, b, got, want)
		}
		if got := a.Equal(b); got != (a == b) {
			t.Fatalf("%v.Equal(%v) = %v, want %v", a, b, got, a == b)
		}
	}
}
