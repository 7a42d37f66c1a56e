package ulp

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// sweepOpts returns the options of a small exhaustive sweep used by these
// tests: 16 blocks of 2^16 inputs (every 4099th of 65536).
func sweepOpts() Options {
	return Options{Func: "stand-in", Flags: "-test", Quiet: true, Blocks: 1 << 16, only: func(b int) bool { return b%4099 == 0 }}
}

// badExp is expf's stand-in with planted errors: one ulp off when the low
// fraction bits are 0x7, NaN for a few inputs.
func badExp(x uint32) uint32 {
	r := math.Float32bits(float32(math.Exp(float64(math.Float32frombits(x)))))
	switch {
	case x&0xff == 0x07 && f32.IsFinite(r) && r != 0:
		return r + 1
	case x&0xffff == 0x1234:
		return f32.CanonicalNaNBits
	}
	return r
}

// TestSweepShards checks that shards and worker counts give exactly the
// Result of the plain sweep, and that the statistics see planted errors.
func TestSweepShards(t *testing.T) {
	ctx := context.Background()
	whole, err := Exhaustive(ctx, badExp, Exp, sweepOpts())
	if err != nil {
		t.Fatal(err)
	}
	want := jsonOf(t, whole)
	if whole.N != 16<<16 || whole.MaxDist != math.MaxUint32 || whole.CR == whole.N {
		t.Errorf("planted errors not seen: N %d, MaxDist %d, CR %d", whole.N, whole.MaxDist, whole.CR)
	}
	one := sweepOpts()
	one.Workers = 1
	r1, err := Exhaustive(ctx, badExp, Exp, one)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, r1); !bytes.Equal(got, want) {
		t.Errorf("a sweep on 1 worker differs from one on GOMAXPROCS workers")
	}
	var merged *Result
	for i := 0; i < 3; i++ {
		o := sweepOpts()
		o.Shard, o.Shards = i, 3
		r, err := Exhaustive(ctx, badExp, Exp, o)
		if err != nil {
			t.Fatal(err)
		}
		if merged == nil {
			merged = r
		} else if err := merged.Merge(r); err != nil {
			t.Fatal(err)
		}
	}
	if got := jsonOf(t, merged); !bytes.Equal(got, want) {
		t.Errorf("merged shards differ from the whole sweep:\n%s\n%s", got, want)
	}
	if err := merged.Merge(r1); err == nil {
		t.Error("merging overlapping results must fail")
	}
}

// TestSweepCheckpoint interrupts a sweep after a few blocks and resumes it
// from its checkpoint; the result must be the uninterrupted one.
func TestSweepCheckpoint(t *testing.T) {
	ctx := context.Background()
	plain, err := Exhaustive(ctx, badExp, Exp, sweepOpts())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "exp.ckpt")
	cctx, cancel := context.WithCancel(ctx)
	var calls atomic.Int64
	stop := func(x uint32) uint32 {
		if calls.Add(1) == 5<<16+100 { // mid-way through the sixth block
			cancel()
		}
		return badExp(x)
	}
	o := sweepOpts()
	o.Checkpoint = path
	o.Workers = 1
	part, err := Exhaustive(cctx, stop, Exp, o)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted sweep: err = %v", err)
	}
	if part.Complete() || part.N == 0 || part.N%(1<<16) != 0 {
		t.Fatalf("interrupted sweep covers %d inputs, complete=%v", part.N, part.Complete())
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	var resumed atomic.Int64
	count := func(x uint32) uint32 { resumed.Add(1); return badExp(x) }
	o.Workers = 0
	full, err := Exhaustive(ctx, count, Exp, o)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Load() != int64(plain.N-part.N) {
		t.Errorf("resumed sweep evaluated %d inputs, want %d", resumed.Load(), plain.N-part.N)
	}
	if got, want := jsonOf(t, full), jsonOf(t, plain); !bytes.Equal(got, want) {
		t.Errorf("resumed result differs:\n%s\n%s", got, want)
	}
	// A checkpoint of another sweep is refused.
	o.Func = "other"
	if _, err := Exhaustive(ctx, badExp, Exp, o); err == nil {
		t.Error("a checkpoint of another sweep must be refused")
	}
}

// TestSampledSweep checks determinism and the generators' ranges.
func TestSampledSweep(t *testing.T) {
	ctx := context.Background()
	pow := Binary(func(x, y uint32) uint32 {
		return math.Float32bits(float32(math.Pow(f64(x), f64(y))))
	})
	gen := InRange(1, Range{b32(0x1p-10), b32(16)}, Range{b32(-40), b32(40)})
	n := uint64(3*SampleBlock + 1000)
	a, err := Sampled(ctx, pow, Pow, gen, n, "x ∈ [2^-10, 16], y ∈ [−40, 40], seed 1", Options{Func: "powf stand-in", Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Sampled(ctx, pow, Pow, gen, n, "x ∈ [2^-10, 16], y ∈ [−40, 40], seed 1", Options{Func: "powf stand-in", Quiet: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(jsonOf(t, a), jsonOf(t, b)) || a.N != n || !a.Complete() {
		t.Errorf("sampled sweep not deterministic or incomplete: N %d of %d", a.N, n)
	}
	logResult(t, a)
	for i := uint64(0); i < 10000; i++ {
		x, y, z := gen(i)
		if f64(x) < 0x1p-10 || f64(x) > 16 || f64(y) < -40 || f64(y) > 40 || z != 0 {
			t.Fatalf("gen(%d) = %s, %s, %s out of range", i, f32.Format(x), f32.Format(y), f32.Format(z))
		}
	}
	u := UniformBits(7)
	x0, y0, z0 := u(0)
	x1, _, _ := u(1)
	if x0 == x1 || x0 == y0 || y0 == z0 {
		t.Errorf("UniformBits repeats: %08x %08x %08x %08x", x0, y0, z0, x1)
	}
}

// TestSpecialSweep runs a special-value grid, with the absolute-error
// statistics, through the RZ reference of division.
func TestSpecialSweep(t *testing.T) {
	vals := []uint32{0, 0x80000000, 1, 0x3f800000, 0xbf800000, 0x40400000, 0x7f7fffff, 0x7f800000, 0xff800000, f32.CanonicalNaNBits}
	var grid []Input
	for _, x := range vals {
		for _, y := range vals {
			grid = append(grid, Input{X: x, Y: y})
		}
	}
	div := Binary(func(x, y uint32) uint32 { return Div.Round2(x, y, rounding.RZ) })
	res, err := Special(context.Background(), div, Div, grid, Options{Func: "__fdiv_rz", Mode: rounding.RZ, Abs: &Interval{-1, 1}, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.N != uint64(len(grid)) || res.CR != res.N || res.MaxDist != 0 || res.Mode != "RZ" {
		t.Errorf("special sweep of the reference itself: N %d, CR %d, MaxDist %d, mode %s", res.N, res.CR, res.MaxDist, res.Mode)
	}
	if res.Abs == nil || res.Abs.N == 0 {
		t.Error("absolute-error statistics missing")
	}
	logResult(t, res)
}

// countingRef is Exp behind the Reference interface, counting evaluations.
type countingRef struct{ n atomic.Int64 }

func (c *countingRef) Name() string { return Exp.Name() }
func (c *countingRef) Arity() int   { return 1 }
func (c *countingRef) Eval(in Input, m rounding.Mode) (uint32, DD, bool) {
	c.n.Add(1)
	return Exp.Eval(in, m)
}

// batchDigest folds every batch an Observe sees into one number (the
// batches of a block arrive in order, blocks in any order: a sum of
// per-batch hashes).
type batchDigest struct{ sum atomic.Uint64 }

func (d *batchDigest) observe(b *Batch) {
	h := uint64(b.Lo)*0x9e3779b97f4a7c15 + uint64(len(b.Got))
	for i := range b.Got {
		h = h*31 + uint64(b.Got[i])<<32 + uint64(b.Want[i]) + uint64(b.Dist[i])<<7
		h = h*31 + math.Float64bits(b.Val[i].Hi) + math.Float64bits(b.Val[i].Lo)<<1 + math.Float64bits(b.Err[i])<<2
	}
	d.sum.Add(h)
}

// TestExhaustiveShared checks that a shared sweep gives each function
// exactly the Result (and the Observe batches) of its own sweep, evaluates
// the reference once per input, and resumes functions whose checkpoints
// record different blocks.
func TestExhaustiveShared(t *testing.T) {
	ctx := context.Background()
	good := func(x uint32) uint32 { return math.Float32bits(float32(math.Exp(f64(x)))) }
	fs := []func(uint32) uint32{badExp, good}
	runs := []Run32{RunOf(badExp), RunOf(good)}
	opts := func() []Options {
		a, b := sweepOpts(), sweepOpts()
		a.Func, b.Func = "bad", "good"
		b.Abs = &Interval{-1, 1}
		return []Options{a, b}
	}
	var want [][]byte
	var wantObs []uint64
	for i, f := range fs {
		o := opts()[i]
		var d batchDigest
		o.Observe = d.observe
		r, err := Exhaustive(ctx, f, Exp, o)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, jsonOf(t, r))
		wantObs = append(wantObs, d.sum.Load())
	}
	check := func(name string, rs []*Result, ds []*batchDigest) {
		t.Helper()
		for i, r := range rs {
			if got := jsonOf(t, r); !bytes.Equal(got, want[i]) {
				t.Errorf("%s: function %d: result\n%s\nwant\n%s", name, i, got, want[i])
			}
			if ds != nil && ds[i].sum.Load() != wantObs[i] {
				t.Errorf("%s: function %d observed other batches", name, i)
			}
		}
	}

	o := opts()
	ds := []*batchDigest{{}, {}}
	o[0].Observe, o[1].Observe = ds[0].observe, ds[1].observe
	var ref countingRef
	rs, err := ExhaustiveShared(ctx, runs, &ref, o)
	if err != nil {
		t.Fatal(err)
	}
	check("shared", rs, ds)
	if n := ref.n.Load(); n != 16<<16 {
		t.Errorf("the reference was evaluated %d times, want %d (once per input)", n, 16<<16)
	}
	ds = []*batchDigest{{}, {}}
	o[0].Observe, o[1].Observe = ds[0].observe, ds[1].observe
	rs, err = ExhaustiveShared(ctx, runs, Exp, o) // the batched path of *Ref
	if err != nil {
		t.Fatal(err)
	}
	check("shared *Ref", rs, ds)

	// Checkpoints: the first function's records 5 blocks (an interrupted
	// sweep of its own), the second's none; the shared sweep measures the
	// other blocks of the first and every block of the second.
	dir := t.TempDir()
	o = opts()
	o[0].Checkpoint, o[1].Checkpoint = filepath.Join(dir, "a"), filepath.Join(dir, "b")
	cctx, cancel := context.WithCancel(ctx)
	var calls atomic.Int64
	stop := func(x uint32) uint32 {
		if calls.Add(1) == 5<<16+100 {
			cancel()
		}
		return badExp(x)
	}
	first := o[0]
	first.Workers = 1
	if _, err := Exhaustive(cctx, stop, Exp, first); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted sweep: err = %v", err)
	}
	var evals countingRef
	rs, err = ExhaustiveShared(ctx, runs, &evals, o)
	if err != nil {
		t.Fatal(err)
	}
	check("resumed", rs, nil)
	if n := evals.n.Load(); n != 16<<16 {
		t.Errorf("the resumed shared sweep evaluated the reference %d times, want %d", n, 16<<16)
	}
	for i, path := range []string{o[0].Checkpoint, o[1].Checkpoint} {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("function %d: %v", i, err)
		}
	}

	bad := opts()
	bad[1].Shard, bad[1].Shards = 1, 2
	if _, err := ExhaustiveShared(ctx, runs, Exp, bad); err == nil {
		t.Error("functions of different shards: no error")
	}
}

// measuring is a Measurer over a Reference: it counts its Measure calls and
// measures f.
type measuring struct {
	Reference
	f     Func
	calls int
}

func (m *measuring) Measure(in Input, mode rounding.Mode) (uint32, uint32, DD, bool) {
	m.calls++
	want, v, slow := m.Eval(in, mode)
	return m.f(in.X, in.Y, in.Z), want, v, slow
}

// TestSampledMeasurer checks that a sampled sweep whose reference is a
// Measurer calls Measure once per input instead of f, and gives the Result
// of the same sweep with f and the plain reference.
func TestSampledMeasurer(t *testing.T) {
	ctx := context.Background()
	exp := Unary(func(x uint32) uint32 { return math.Float32bits(float32(math.Exp(f64(x)))) })
	gen := UniformBits(3)
	n := uint64(SampleBlock + 500)
	opt := Options{Func: "expf stand-in", Quiet: true, Workers: 1}
	want, err := Sampled(ctx, exp, Exp, gen, n, "uniform bits, seed 3", opt)
	if err != nil {
		t.Fatal(err)
	}
	m := &measuring{Reference: Exp, f: exp}
	never := Binary(func(x, y uint32) uint32 { t.Fatal("f called with a Measurer"); return 0 })
	got, err := Sampled(ctx, never, m, gen, n, "uniform bits, seed 3", opt)
	if err != nil {
		t.Fatal(err)
	}
	if m.calls != int(n) || !bytes.Equal(jsonOf(t, got), jsonOf(t, want)) {
		t.Errorf("%d Measure calls for %d inputs; results equal: %v", m.calls, n, bytes.Equal(jsonOf(t, got), jsonOf(t, want)))
	}
}

// TestSampledShared checks that a shared sampled sweep gives each function
// exactly the Result of its own input-by-input sweep (SampledInputs), and
// evaluates the reference once per input, on stratified samples (the
// batched statistics) followed by special values out of order (the
// input-by-input ones), with ties at the maxima: badExp's errors repeat.
func TestSampledShared(t *testing.T) {
	ctx := context.Background()
	good := func(x uint32) uint32 { return math.Float32bits(float32(math.Exp(f64(x)))) }
	fs := []func(uint32) uint32{badExp, good}
	special := []uint32{0x7fc00000, 0, 0x00001234, 0x3f800000, 0x80000000, 0x42b17218, 0xc2cff1b5, 0x7f800000, 0x3f800000, 0x00000001}
	const drawn = 3*SampleBlock + 700
	xs := func(i uint64) uint32 {
		switch {
		case i >= drawn:
			return special[i-drawn]
		case i%64 == 4:
			return uint32(i<<14 | 0x1234) // badExp's NaN, tied by the special 0x1234
		}
		return uint32(i<<14 + (i*0x9e3779b97f4a7c15)>>50) // increasing, one in each stretch of 2^14
	}
	n := uint64(drawn + len(special))
	opts := func() []Options {
		a, b := sweepOpts(), sweepOpts()
		a.Func, b.Func = "bad", "good"
		a.only, b.only = nil, nil
		b.Abs = &Interval{-1, 1}
		return []Options{a, b}
	}
	for i, f := range fs {
		want, err := SampledInputs(ctx, func(in Input) uint32 { return f(in.X) }, Exp, func(i uint64) Input { return Input{X: xs(i)} }, n, "test samples", opts()[i])
		if err != nil {
			t.Fatal(err)
		}
		var ref countingRef
		rs, err := SampledShared(ctx, fs, &ref, xs, n, "test samples", opts())
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonOf(t, rs[i]); !bytes.Equal(got, jsonOf(t, want)) {
			t.Errorf("function %d: shared result\n%s\nwant\n%s", i, got, jsonOf(t, want))
		}
		if c := ref.n.Load(); c != int64(n) {
			t.Errorf("the reference was evaluated %d times, want %d (once per input)", c, n)
		}
	}
}
