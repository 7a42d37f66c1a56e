package reports

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// TestShardsMerge checks that the shards of a run merge into exactly the
// unsharded report.
func TestShardsMerge(t *testing.T) {
	// Sweeps of several blocks (ulp.SampleBlock inputs each).
	base := smallConfig(t)
	base.Samples, base.Generated = 1<<18, 1<<17
	full, err := Run(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	full.Provenance = testProvenance
	want := render(t, full, "json")
	for _, n := range []int{2, 3, 7} {
		var parts []*Report
		for i := range n {
			cfg := base
			cfg.Shard, cfg.Shards = i, n
			p, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if p.Complete || p.Shard == nil || p.Shard.Index != i || p.Shard.Count != n {
				t.Errorf("shard %d/%d: complete %v, shard %+v", i, n, p.Complete, p.Shard)
			}
			// Through JSON, as cudafp report merge reads them.
			back, err := ReadJSON(render(t, p, "json"))
			if err != nil {
				t.Fatalf("shard %d/%d: %v", i, n, err)
			}
			parts = append(parts, back)
		}
		// Merging is order-independent: merge in reverse.
		for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
			parts[i], parts[j] = parts[j], parts[i]
		}
		m, err := Merge(parts)
		if err != nil {
			t.Fatal(err)
		}
		m.Provenance = testProvenance
		if got := render(t, m, "json"); !bytes.Equal(got, want) {
			t.Errorf("%d shards merged differ from the unsharded run:\n%s", n, firstDiff(got, want))
		}
		if _, err := Merge(append(parts, parts[0])); err == nil {
			t.Errorf("merging a shard twice: no error")
		}
	}
}

// TestRowSeconds checks that with Config.Timing every measured row records
// the time spent on it, that merging shards adds their times, and that
// without it no row does.
func TestRowSeconds(t *testing.T) {
	var parts []*Report
	for i := range 2 {
		cfg := smallConfig(t)
		cfg.Shard, cfg.Shards, cfg.Timing = i, 2, true
		p, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	m, err := Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Run(context.Background(), smallConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range plain.Rows {
		if row.Seconds != 0 {
			t.Errorf("%s: %g s recorded without Config.Timing", row.Function, row.Seconds)
		}
	}
	for j, row := range m.Rows {
		sum := parts[0].Rows[j].Seconds + parts[1].Rows[j].Seconds
		if row.Result != nil && (row.Seconds <= 0 || row.Seconds != sum) {
			t.Errorf("%s %s: merged %g s, shards %g + %g s", row.Function, row.EffectiveFlags, row.Seconds,
				parts[0].Rows[j].Seconds, parts[1].Rows[j].Seconds)
		}
	}
}

// TestDeterministicWorkers checks that the report does not depend on the
// number of workers (scheduling order).
func TestDeterministicWorkers(t *testing.T) {
	want := render(t, smallReport(t), "json")
	for _, w := range []int{1, 3} {
		cfg := smallConfig(t)
		cfg.Workers = w
		r, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		r.Provenance = testProvenance
		if got := render(t, r, "json"); !bytes.Equal(got, want) {
			t.Errorf("%d workers:\n%s", w, firstDiff(got, want))
		}
	}
}

// interruptAndResume runs cfg with checkpoints, cancelling it after stop
// blocks, then runs it again and returns the resumed report and the number
// of inputs the first and second runs had to measure. A third run finds
// everything in the checkpoints and gives the same report.
func interruptAndResume(t *testing.T, cfg Config, stop int) (*Report, uint64, uint64) {
	t.Helper()
	cfg.Checkpoints = t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	blocks := 0
	var first uint64
	cfg.Progress = func(done, total uint64) {
		first = total
		if done > 0 {
			if blocks++; blocks == stop {
				cancel()
			}
		}
	}
	if _, err := Run(ctx, cfg); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: err = %v, want context.Canceled", err)
	}
	files, _ := os.ReadDir(cfg.Checkpoints)
	if len(files) == 0 {
		t.Fatal("the interrupted run left no checkpoint")
	}
	var second uint64
	cfg.Progress = func(_, total uint64) { second = total }
	r, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.Provenance = testProvenance
	var third uint64 = 1
	cfg.Progress = func(_, total uint64) { third = total }
	again, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	again.Provenance = testProvenance
	if third != 0 || !bytes.Equal(render(t, again, "json"), render(t, r, "json")) {
		t.Errorf("a run over complete checkpoints measured %d inputs or gave another report", third)
	}
	return r, first, second
}

// TestResumeSampled interrupts the small report and resumes it from its
// checkpoints: the result is the uninterrupted one, and the second run
// measured only what the first had not.
func TestResumeSampled(t *testing.T) {
	want := render(t, smallReport(t), "json")
	r, first, second := interruptAndResume(t, smallConfig(t), 3)
	if got := render(t, r, "json"); !bytes.Equal(got, want) {
		t.Errorf("resumed report differs:\n%s", firstDiff(got, want))
	}
	if second >= first {
		t.Errorf("the resumed run measured %d inputs, the first run had %d to do", second, first)
	}
}

// TestResumeExhaustive does the same on the exhaustive path, restricted to
// two blocks of 2^20 inputs per sweep.
func TestResumeExhaustive(t *testing.T) {
	f, _ := spec.Lookup("__expf")
	cfg := Config{Funcs: []*spec.Func{f}, Flags: []fp.Flags{spec.Default, spec.FastMath}, Exhaustive: true,
		only: func(_, b int) bool { return b%2048 == 1000 }}
	full, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	full.Provenance = testProvenance
	if full.Rows[0].Result.N != 2<<20 || full.Rows[0].Result.Sweep != "exhaustive" {
		t.Fatalf("N = %d, sweep %q; want 2·2^20 exhaustive", full.Rows[0].Result.N, full.Rows[0].Result.Sweep)
	}
	r, first, second := interruptAndResume(t, cfg, 2)
	if got, want := render(t, r, "json"), render(t, full, "json"); !bytes.Equal(got, want) {
		t.Errorf("resumed report differs:\n%s", firstDiff(got, want))
	}
	if second >= first {
		t.Errorf("the resumed run measured %d inputs, the first run had %d to do", second, first)
	}
}

// TestCheckpointOfAnotherSweep refuses a checkpoint file of another run.
func TestCheckpointOfAnotherSweep(t *testing.T) {
	cfg := smallConfig(t)
	cfg.Funcs = cfg.Funcs[:1]
	cfg.Checkpoints = t.TempDir()
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Samples, cfg.Generated = 1<<10, 1<<10
	if _, err := Run(context.Background(), cfg); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("err = %v, want ErrCheckpoint", err)
	}
}

// TestHistogramLayout checks the reading of ulp's fine histogram against
// ulp's own coarse one.
func TestHistogramLayout(t *testing.T) {
	for _, row := range smallReport(t).Rows {
		res := row.Result
		if len(res.Fine) != fineBins {
			t.Fatalf("%s: %d fine bins, want %d", row.Function, len(res.Fine), fineBins)
		}
		coarse := make([]uint64, len(res.Hist))
		for i, c := range res.Fine {
			lo := float64(i) / fineSub
			if i >= fineSub {
				k, s := (i-fineSub)/finePerOct, (i-fineSub)%finePerOct
				lo = math.Ldexp(1+float64(s)/finePerOct, k)
				if i == fineBins-1 {
					lo = 0x1p32
				}
			}
			coarse[min(int(lo/0.25), len(coarse)-1)] += c
		}
		for j := range coarse {
			if coarse[j] != res.Hist[j] {
				t.Errorf("%s %v: coarse bin %d = %d from the fine bins, ulp says %d", row.Function, row.Flags, j, coarse[j], res.Hist[j])
			}
		}
		h, ok := histogram(res)
		var sum uint64
		for _, c := range h {
			sum += c
		}
		if !ok || sum != res.N {
			t.Errorf("%s: histogram sums to %d, want %d", row.Function, sum, res.N)
		}
	}
}

const seed = 20250601

// TestIEEEReferences checks the references of the IEEE operations: their
// value is exact (the rounding in every mode agrees with package rounding,
// and RN is within half an ulp of it).
func TestIEEEReferences(t *testing.T) {
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	bad := 0
	for _, ref := range []*ieeeRef{refAdd, refSub, refMul, refFma, refFms} {
		for i := 0; i < 20000 && bad < 10; i++ {
			in := ulp.Input{X: rng.Uint32(), Y: rng.Uint32(), Z: rng.Uint32()}
			if i%2 == 1 { // same binade: cancellation
				in.Y = in.X&0x7f800000 | in.Y&0x807fffff
				in.Z = in.X&0x7f800000 | in.Z&0x807fffff
			}
			for _, m := range rounding.Modes {
				want, v, _ := ref.Eval(in, m)
				exact := exactValue(ref.name, in)
				if exact == nil {
					continue
				}
				if got := new(big.Float).SetPrec(2000).Add(big.NewFloat(v.Hi).SetPrec(2000), big.NewFloat(v.Lo)); got.Cmp(exact) != 0 {
					t.Errorf("%s(%#08x, %#08x, %#08x): value %v + %v ≠ exact %v (seed %d)", ref.name, in.X, in.Y, in.Z, v.Hi, v.Lo, exact, seed)
					bad++
				}
				if m == rounding.RN && ulp.Err(want, v) > 0.5 {
					t.Errorf("%s(%#08x, %#08x, %#08x) RN = %#08x: error %v ulp > 0.5 (seed %d)", ref.name, in.X, in.Y, in.Z, want, ulp.Err(want, v), seed)
					bad++
				}
			}
		}
	}
}

// exactValue returns the exact result of an IEEE operation, nil when it is
// not a finite number.
func exactValue(op string, in ulp.Input) *big.Float {
	f := func(u uint32) *big.Float {
		v := f32to64(in.X)
		switch u {
		case in.Y:
			v = f32to64(in.Y)
		case in.Z:
			v = f32to64(in.Z)
		}
		if math.IsInf(v, 0) || v != v {
			return nil
		}
		return new(big.Float).SetPrec(2000).SetFloat64(v)
	}
	x, y, z := f(in.X), f(in.Y), f(in.Z)
	if x == nil || y == nil || z == nil {
		return nil
	}
	r := new(big.Float).SetPrec(2000)
	switch op {
	case "add":
		return r.Add(x, y)
	case "sub":
		return r.Sub(x, y)
	case "mul":
		return r.Mul(x, y)
	case "fma":
		return r.Add(r.Mul(x, y), z)
	case "fms":
		return r.Sub(r.Mul(x, y), z)
	}
	panic(op)
}

// TestConversionReferences checks the conversion references' exact values
// and roundings at the edges of the integer types.
func TestConversionReferences(t *testing.T) {
	for _, c := range []struct {
		in  spec.Type
		v   uint64
		val *big.Float
	}{
		{spec.I64, 1<<63 - 1, new(big.Float).SetInt64(math.MaxInt64)},
		{spec.I64, 1 << 63, new(big.Float).SetInt64(math.MinInt64)},
		{spec.I64, 1<<53 + 1, new(big.Float).SetInt64(1<<53 + 1)},
		{spec.U64, math.MaxUint64, new(big.Float).SetUint64(math.MaxUint64)},
		{spec.U64, 1<<63 + 1, new(big.Float).SetUint64(1<<63 + 1)},
		{spec.I32, 0x80000000, big.NewFloat(-1 << 31)},
		{spec.U32, 0xffffffff, big.NewFloat(1<<32 - 1)},
		{spec.F64, math.Float64bits(0x1.fffffffp-127), big.NewFloat(0x1.fffffffp-127)},
	} {
		in := ulp.Input{X: uint32(c.v), Y: uint32(c.v >> 32)}
		if !c.in.Wide() {
			in.Y = 0
		}
		for _, m := range rounding.Modes {
			want, v, _ := cvtRef{c.in}.Eval(in, m)
			sum := new(big.Float).SetPrec(200).Add(new(big.Float).SetFloat64(v.Hi), new(big.Float).SetFloat64(v.Lo))
			if sum.Cmp(c.val) != 0 {
				t.Errorf("cvt %s %#x: value %v + %v, want %v", c.in, c.v, v.Hi, v.Lo, c.val)
			}
			// The rounding brackets the value: RD ≤ v ≤ RU, and RN is nearest.
			g := new(big.Float).SetFloat64(f32to64(want))
			switch cmp := g.Cmp(c.val); {
			case m == rounding.RD && cmp > 0, m == rounding.RU && cmp < 0:
				t.Errorf("cvt %s %#x %v = %#08x on the wrong side", c.in, c.v, m, want)
			case m == rounding.RN && ulp.Err(want, v) > 0.5:
				t.Errorf("cvt %s %#x RN = %#08x: error %v", c.in, c.v, want, ulp.Err(want, v))
			}
		}
	}
}

// TestBounds checks the bound readings: flag-dependent clauses, the x- and
// y-dependent ulp bounds.
func TestBounds(t *testing.T) {
	get := func(n string) *spec.Func {
		f, ok := spec.Lookup(n)
		if !ok {
			t.Fatalf("no %s", n)
		}
		return f
	}
	for _, c := range []struct {
		f    string
		fl   fp.Flags
		cr   bool
		text string
	}{
		{"x/y", spec.Default, true, "correctly rounded"},
		{"x/y", spec.PrecDiv0, false, "2 ulp"},
		{"x/y", spec.FastMath, false, "2 ulp for |y| in [2^-126, 2^126]"},
		{"expf", spec.FastMath, false, "2 + floor(|1.173 x|) ulp"},
		{"sinf", spec.FastMath, false, "abs 2^-21.41 on [-π, π]"},
		{"powf", spec.FastMath, false, "none"},
		{"exp2f", spec.FastMath, false, "2 ulp"},
		{"1.0f/x", spec.Default, true, "correctly rounded"},
		{"1.0f/x", spec.FastMath, false, "1 ulp"},
		{"sqrtf", spec.Default, true, "correctly rounded"},
		{"sqrtf", spec.PrecSqrt0, false, "1 ulp"},
		{"expf", spec.Default, false, "2 ulp"},
		{"__expf", spec.Default, false, "2 + floor(|1.173 x|) ulp"},
		{"__logf", spec.Default, false, "abs 2^-21.41 on [0.5, 2]; 3 ulp elsewhere"},
		{"__fdividef", spec.Default, false, "2 ulp for |y| in [2^-126, 2^126]"},
		{"lg2.approx.f32", spec.Default, false, "abs 2^-22 on [0.5, 2]; rel 2^-22 elsewhere"},
		{"__powf", spec.Default, false, "none"},
	} {
		b, _ := boundFor(get(c.f), c.fl)
		if b.CR != c.cr || describeBound(b).Reading != c.text {
			t.Errorf("%s %q: CR %v, %q; want %v, %q", c.f, c.fl.String(), b.CR, describeBound(b).Reading, c.cr, c.text)
		}
	}
	ex := &check{b: get("__expf").Bound, floatArg: true}
	for _, c := range []struct {
		x    float32
		want float64
	}{{0, 2}, {1, 3}, {-10, 13}, {88, 105}, {float32(math.NaN()), 2}, {float32(math.Inf(-1)), math.Inf(1)}} {
		if got := ex.ulpAt(ulp.Input{X: math.Float32bits(c.x)}); got != c.want {
			t.Errorf("__expf bound at %v = %v, want %v", c.x, got, c.want)
		}
	}
	dv := &check{b: get("__fdividef").Bound, floatArg: true}
	if got := dv.ulpAt(ulp.Input{X: math.Float32bits(1), Y: math.Float32bits(0x1p127)}); !math.IsInf(got, 1) {
		t.Errorf("__fdividef bound for y = 2^127: %v, want +Inf (none)", got)
	}
	if got := dv.ulpAt(ulp.Input{X: math.Float32bits(1), Y: math.Float32bits(-3)}); got != 2 {
		t.Errorf("__fdividef bound for y = -3: %v, want 2", got)
	}
	comp := func(f *spec.Func, name string) component {
		cs, why := components(f)
		for _, c := range cs {
			if c.name == name {
				return c
			}
		}
		t.Fatalf("%s: no component %q (%s)", f.Name, name, why)
		return component{}
	}
	if b := componentBound(get("sincosf"), comp(get("sincosf"), "cos"), spec.FastMath); b.Abs != get("__cosf").Bound.Abs {
		t.Errorf("sincosf (cos) under -use_fast_math: abs bound %v, want __cosf's", b.Abs)
	}
	sc := componentBound(get("__sincosf"), comp(get("__sincosf"), "sin"), spec.Default)
	if sc.Abs != get("__sinf").Bound.Abs || componentBound(get("__sincosf"), comp(get("__sincosf"), "cos"), spec.Default).Abs != get("__cosf").Bound.Abs {
		t.Errorf("__sincosf component bounds: %v", sc.Abs)
	}
}

// TestMeasurable checks the split of the catalog: every function is either
// measured or left out with a reason.
func TestMeasurable(t *testing.T) {
	in, out := Measurable()
	if len(in)+len(out) != len(spec.All()) {
		t.Fatalf("%d measurable + %d left out ≠ %d", len(in), len(out), len(spec.All()))
	}
	// Only what is not implemented is left out: every implemented function
	// has a reference (sinpif, cospif and sincospif the last, with ulp's
	// sinpi and cospi).
	for _, l := range out {
		f, _ := spec.Lookup(l.ID)
		switch {
		case l.Reason == reasonNotImplemented && f.Implemented(),
			l.Reason == reasonNoRef:
			t.Errorf("%s left out as %q", l.Function, l.Reason)
		}
		t.Logf("left out: %s (%s)", l.Function, l.Reason)
	}
	for _, l := range out {
		if l.Reason != reasonNoRef && l.Reason != reasonNotImplemented {
			t.Errorf("%s: reason %q", l.Function, l.Reason)
		}
	}
}

// TestFallbackText checks the report's line on reference fallbacks: rows
// with any are listed with their rate, the others summed up.
func TestFallbackText(t *testing.T) {
	r := &Report{Rows: []*Row{
		{Function: "logf", Flags: []string{""}, Summary: &Summary{Inputs: 1000, Fallbacks: 3}},
		{Function: "expf", Flags: []string{""}, Summary: &Summary{Inputs: 500}},
		{Function: "sinf", Flags: []string{"-use_fast_math"}},
	}}
	name := func(row *Row) string { return row.Function }
	got := r.fallbackText(name)
	if want := "logf: 3 of 1000 (0.003); every other row none."; !strings.HasSuffix(got, want) {
		t.Errorf("fallbackText = %q, want suffix %q", got, want)
	}
	r.Rows[0].Summary.Fallbacks = 0
	if got, want := r.fallbackText(name), "none in 1500 inputs."; !strings.HasSuffix(got, want) {
		t.Errorf("fallbackText = %q, want suffix %q", got, want)
	}
}

// TestExhaustiveBatches checks the batched exhaustive path (ulp.Exhaustive
// handing its batches to probe.observe) against the input-by-input one it
// replaced (probe as the ulp.Reference of the sweep, Eval's statistics), on
// blocks of 2^16 inputs around 0, ±1, ±π, ±Inf and the NaNs, for bounds of
// every shape (integer results and exact references included).
func TestExhaustiveBatches(t *testing.T) {
	var funcs []*spec.Func
	for _, name := range []string{"expf", "__expf", "logf", "__logf", "sinf", "__sinf", "__sincosf", "sqrtf",
		"lg2.approx.f32", "rsqrt.approx.f32", "__frcp_ru", "__int2float_rn", "__uint2float_ru",
		"ilogbf", "__float2uint_rd", "frexpf", "ceilf"} {
		f, ok := spec.Lookup(name)
		if !ok {
			t.Fatalf("no function %s", name)
		}
		funcs = append(funcs, f)
	}
	_, sweeps, err := plan(Config{Funcs: funcs, Flags: []fp.Flags{spec.Default, spec.FastMath}, Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	blocks := []uint32{0x00000000, 0x3f800000, 0x40490fdb, 0x7f800000, 0x7ff00000, 0x80000000, 0xbf800000, 0xc0490fdb, 0xff800000}
	for _, s := range sweeps {
		if s.newUnary == nil {
			t.Fatalf("%s: not an exhaustive sweep", s.f.Name)
		}
		for _, x := range blocks {
			o := s.opt
			o.Blocks, o.Shard, o.Shards = 1<<16, int(x>>16), 1<<16
			pr := &probe{ref: s.comp.ref, got: s.newGot(nil), chk: &s.chk, axis: Axis{s.f.In[0]}, ex: newExtra(), dist: newDist(s)}
			on := o
			on.Observe = pr.observe
			got, err := ulp.Exhaustive(context.Background(), s.newUnary(), s.comp.ref, on)
			if err != nil {
				t.Fatal(err)
			}
			old := &probe{ref: s.comp.ref, got: s.newGot(nil), chk: &s.chk, axis: Axis{s.f.In[0]}, ex: newExtra(), dist: newDist(s)}
			want, err := ulp.Exhaustive(context.Background(), func(x uint32) uint32 { return old.measure(ulp.Input{X: x}) }, old, o)
			if err != nil {
				t.Fatal(err)
			}
			name := s.f.Name + "/" + s.comp.name + "/" + s.eff.String()
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s, block %#x: result\n%+v\nwant\n%+v", name, x, got, want)
			}
			if !reflect.DeepEqual(pr.ex, old.ex) {
				t.Errorf("%s, block %#x: extra\n%+v\nwant\n%+v", name, x, pr.ex, old.ex)
			}
		}
	}
}

// TestSharedReference checks that the exhaustive sweeps of one reference
// measured together (expf's and __expf's rows under two flag sets: one
// group) give exactly the rows of sweeps measured alone, on a few blocks.
func TestSharedReference(t *testing.T) {
	var funcs []*spec.Func
	for _, n := range []string{"expf", "__expf", "logf"} {
		f, _ := spec.Lookup(n)
		funcs = append(funcs, f)
	}
	only := func(_, b int) bool { return b%1024 == 1000 || b == 2048+17 }
	cfg := Config{Funcs: funcs, Flags: []fp.Flags{spec.Default, spec.FastMath}, Exhaustive: true, only: only}
	_, sweeps, err := plan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if g := groups(sweeps); len(g) != 2 || len(g[0]) != 4 || len(g[1]) != 2 {
		t.Fatalf("groups %v, want expf's and __expf's rows together, and logf's", g)
	}
	all, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Each row alone: one function under one flag set.
	alone := map[string][]byte{}
	for _, f := range funcs {
		for _, fl := range cfg.Flags {
			one, err := Run(context.Background(), Config{Funcs: []*spec.Func{f}, Flags: []fp.Flags{fl}, Exhaustive: true, only: only})
			if err != nil {
				t.Fatal(err)
			}
			r := one.Rows[0]
			r.Flags = nil
			alone[r.Function+" "+r.EffectiveFlags] = jsonRow(t, r)
		}
	}
	for _, r := range all.Rows {
		r.Flags = nil
		if r.Result.N != 5<<20 {
			t.Errorf("%s %s: %d inputs, want 5·2^20", r.Function, r.EffectiveFlags, r.Result.N)
		}
		if got, want := jsonRow(t, r), alone[r.Function+" "+r.EffectiveFlags]; !bytes.Equal(got, want) {
			t.Errorf("%s %s: shared\n%s\nalone\n%s", r.Function, r.EffectiveFlags, got, want)
		}
	}
}

func jsonRow(t *testing.T, r *Row) []byte {
	t.Helper()
	r.Seconds = 0 // timing, not a result
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestArgsWidth checks that ulp.Input holds every argument word of a
// catalogued function, but the doubles of norm and rnorm beyond the fourth
// (foldArray): ulp cannot import internal/spec (it would link the
// emulation), so the constants are kept equal here.
func TestArgsWidth(t *testing.T) {
	if ulp.MaxArgs != spec.MaxArgs || ulp.MaxArray != spec.MaxArray {
		t.Fatalf("ulp.MaxArgs, MaxArray = %d, %d; spec.MaxArgs, MaxArray = %d, %d", ulp.MaxArgs, ulp.MaxArray, spec.MaxArgs, spec.MaxArray)
	}
	for _, f := range spec.All() {
		words := 0
		for _, t := range f.In {
			words++
			if t.Wide() {
				words++
			}
		}
		if f.Array && f.In[1] == spec.F64 {
			words = 1 + 2*4 // foldArray keeps four doubles
		}
		if words > ulp.MaxWords {
			t.Errorf("%s takes %d argument words, ulp.Input holds %d", f.Name, words, ulp.MaxWords)
		}
	}
	// A folded norm input survives the trip through an Input.
	f, _ := spec.Lookup("norm")
	for i := range uint64(64) {
		a := foldArray(f, f.Input(i))
		if d := spec.ArrayLen(&a); d > 4 {
			t.Fatalf("norm input %d: count %d after folding", i, d)
		}
		if got := kernelArgs(f.In, inputOf(f.In, a)); got != a {
			t.Fatalf("norm input %d: %x through an Input is %x", i, a, got)
		}
	}
}

// TestSampledSweepReachesGrid checks that a sampled sweep's inputs are the
// drawn ones followed by every point of the function's special-value grid,
// for a unary function (stratified bit patterns) and a binary one (the
// capture's generators).
func TestSampledSweepReachesGrid(t *testing.T) {
	for _, id := range []string{"expf", "powf"} {
		f, ok := spec.Lookup(id)
		if !ok {
			t.Fatalf("%s not in the catalog", id)
		}
		cs, why := components(f)
		if why != "" {
			t.Fatalf("%s: %s", id, why)
		}
		s, err := newSweep(Config{}, f, cs[0], fp.Flags{}, []fp.Flags{{}})
		if err != nil {
			t.Fatal(err)
		}
		gn := uint64(f.GridLen())
		if gn == 0 || s.n <= gn {
			t.Fatalf("%s: %d inputs, %d grid points", id, s.n, gn)
		}
		drawn := s.n - gn
		for k := range gn {
			want := inputOf(f.In, f.GridPoint(f.Grid(), int(k)))
			if got := s.gen(drawn + k); got != want {
				t.Fatalf("%s: input %d = %+v, want grid point %d = %+v", id, drawn+k, got, k, want)
			}
		}
	}
}

// newDist is s's integer distance function, or nil.
func newDist(s *sweep) func(ulp.Input) uint64 {
	if s.newDist == nil {
		return nil
	}
	return s.newDist(nil)
}

// TestSharedSampledReference checks that the sampled sweeps of one
// function's component under two flag sets (one group, the reference
// evaluated once per input through a refMemo) give exactly the rows of
// sweeps measured alone: a float reference (expf), a binary64 one
// (normcdfinv) and an integer result (ilogbf).
func TestSharedSampledReference(t *testing.T) {
	var funcs []*spec.Func
	for _, n := range []string{"expf", "normcdfinv", "ilogbf"} {
		f, _ := spec.Lookup(n)
		funcs = append(funcs, f)
	}
	cfg := Config{Funcs: funcs, Flags: []fp.Flags{spec.Default, spec.FastMath}, Samples: 1 << 12, Generated: 1 << 8}
	_, sweeps, err := plan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if g := groups(sweeps); len(g) != 3 || len(g[0]) != 2 || len(g[1]) != 2 || len(g[2]) != 2 {
		t.Fatalf("groups %v, want each function's two rows together", g)
	}
	all, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	alone := map[string][]byte{}
	for _, f := range funcs {
		for _, fl := range cfg.Flags {
			one, err := Run(context.Background(), Config{Funcs: []*spec.Func{f}, Flags: []fp.Flags{fl}, Samples: cfg.Samples, Generated: cfg.Generated})
			if err != nil {
				t.Fatal(err)
			}
			r := one.Rows[0]
			r.Flags = nil
			alone[r.Function+" "+r.EffectiveFlags] = jsonRow(t, r)
		}
	}
	for _, r := range all.Rows {
		r.Flags = nil
		if got, want := jsonRow(t, r), alone[r.Function+" "+r.EffectiveFlags]; !bytes.Equal(got, want) {
			t.Errorf("%s %s: shared\n%s\nalone\n%s", r.Function, r.EffectiveFlags, got, want)
		}
	}
}

// TestMemoOutOfSequence checks that a replaying refMemo answers the next
// recorded input (or, asked again, the current one) and evaluates an input
// out of sequence afresh without losing its place.
func TestMemoOutOfSequence(t *testing.T) {
	m := getMemo()
	defer putMemo(m)
	calls := 0
	f := func(in ulp.Input) uint64 { calls++; return uint64(in.X) * 10 }
	for _, x := range []uint32{1, 2, 3} {
		if got := m.intRef(f, ulp.Input{X: x}); got != uint64(x)*10 {
			t.Fatalf("recording %d: %d", x, got)
		}
		m.intRefAgain(f, ulp.Input{X: x}) // the distance: the last record
	}
	if calls != 3 {
		t.Fatalf("recording: %d evaluations, want 3", calls)
	}
	m.rewind()
	for _, c := range []struct {
		x     uint32
		again bool
		calls int
	}{{1, false, 3}, {1, true, 3}, {7, false, 4}, {2, false, 4}, {3, false, 4}, {3, true, 4}, {9, false, 5}} {
		g := m.intRef
		if c.again {
			g = m.intRefAgain
		}
		if got := g(f, ulp.Input{X: c.x}); got != uint64(c.x)*10 || calls != c.calls {
			t.Fatalf("replaying %d (again %v): %d after %d evaluations, want %d after %d", c.x, c.again, got, calls, uint64(c.x)*10, c.calls)
		}
	}
}

// TestDoubleNormRows measures norm and rnorm of doubles on a few inputs
// and renders them in every format: their inputs are folded to four
// elements (foldArray), and every counted element shows in the row.
func TestDoubleNormRows(t *testing.T) {
	var funcs []*spec.Func
	for _, n := range []string{"norm", "rnorm"} {
		f, _ := spec.Lookup(n)
		funcs = append(funcs, f)
	}
	rep, err := Run(context.Background(), Config{Funcs: funcs, Flags: []fp.Flags{spec.Default}, Generated: 1 << 8})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rep.Rows))
	}
	for _, row := range rep.Rows {
		if row.Summary == nil || row.Summary.Inputs == 0 || !strings.Contains(row.Result.Desc, "folded into 1 to 4") {
			t.Errorf("%s: summary %+v, desc %q", row.Function, row.Summary, row.Result.Desc)
		}
	}
	var b bytes.Buffer
	for name, w := range map[string]func(io.Writer) error{"md": rep.WriteMarkdown, "csv": rep.WriteCSV, "json": rep.WriteJSON, "html": rep.WriteHTML} {
		b.Reset()
		if err := w(&b); err != nil || b.Len() == 0 {
			t.Errorf("%s: %v, %d bytes", name, err, b.Len())
		}
	}
}

// TestSampledUnaryBatched checks that a unary function's sampled sweep,
// measured through ulp.SampledShared in batches, gives exactly the Result
// and the Extra of the input-by-input path (ulp.SampledInputs through a
// probe) on a block of stratified samples followed by the special grid, for
// functions of each kind of bound: x-dependent ulp (__expf), absolute on an
// interval (__sinf), the second result of a pair (sincosf), an integer
// result (__float2ll_rd), a float and an integer result (frexpf), exact
// (__int_as_float), and under both flag sets of the default report; the
// special values tie samples at the largest errors (__logf with -ftz=true,
// rsqrtf, acoshf), which a batch in increasing order settles otherwise.
func TestSampledUnaryBatched(t *testing.T) {
	ctx := context.Background()
	var fs []*spec.Func
	for _, n := range []string{"__expf", "__sinf", "sincosf", "__float2ll_rd", "frexpf", "__int_as_float", "log1pf", "__logf", "rsqrtf", "acoshf"} {
		f, ok := spec.Lookup(n)
		if !ok {
			t.Fatalf("no %s in the catalog", n)
		}
		fs = append(fs, f)
	}
	_, sweeps, err := plan(Config{Funcs: fs, Samples: 1 << 15})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range sweeps {
		if s.newUnary == nil || s.blocks != 1 {
			t.Fatalf("%s: not a unary sweep of one block", s.row.Function)
		}
		res, exs, err := measureBlock(ctx, sweeps, []int{i}, 0)
		if err != nil {
			t.Fatal(err)
		}
		pr := &probe{ref: s.comp.ref, got: s.newGot(nil), chk: &s.chk, axis: Axis{s.f.In[0]}, ex: newExtra()}
		if s.newDist != nil {
			pr.dist = s.newDist(nil)
		}
		want, err := s.run(ctx, 0, pr)
		if err != nil {
			t.Fatal(err)
		}
		name := s.row.Function + " " + s.row.Component + " " + s.row.EffectiveFlags
		if a, b := jsonText(t, res[0]), jsonText(t, want); a != b {
			t.Errorf("%s: batched result\n%s\ninput by input\n%s", name, a, b)
		}
		if !reflect.DeepEqual(exs[0], pr.ex) {
			t.Errorf("%s: batched extra\n%+v\ninput by input\n%+v", name, exs[0], pr.ex)
		}
		if want.N != 1<<15+uint64(len(s.f.Grid())) {
			t.Errorf("%s: %d inputs measured", name, want.N)
		}
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
