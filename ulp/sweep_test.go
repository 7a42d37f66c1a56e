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
