package ulp

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// perturbed returns a function that is ref's RN result moved by
// (x mod 5) − 2 encodings (Dist 0, 1 or 2 for most inputs): a measured
// function with known errors.
func perturbed(ref *Ref) Func {
	return func(x, y, z uint32) uint32 {
		var w uint32
		switch ref.Arity() {
		case 1:
			w = ref.Round(x, rounding.RN)
		default:
			w = ref.Round2(x, y, rounding.RN)
		}
		return w + x%5 - 2
	}
}

// TestMeasureAccuracy checks ReportAccuracy's measurement against Special's
// sweep of the same inputs (the same Stats, bit for bit) and its count over
// the bound against Dist to Round's result, input by input.
func TestMeasureAccuracy(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	for _, ref := range []*Ref{Exp, Pow} {
		in := make([]Input, 4096)
		for i := range in {
			in[i] = Input{X: r.Uint32(), Y: r.Uint32()}
			if i%2 == 0 { // and results in range
				in[i].X = 0x3c000000 + r.Uint32()%0x04000000
				in[i].Y = 0x3f000000 + r.Uint32()%0x01000000
			}
		}
		f := perturbed(ref)
		bound := func(in Input) float64 { return float64(in.X % 3) }
		got := measureAccuracy(f, ref, in, AccuracyOptions{Bound: bound})
		want, err := Special(context.Background(), f, ref, in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Stats, want.Stats) {
			t.Errorf("%s: Stats differ from Special's:\n got %+v\nwant %+v", ref.Name(), got.Stats, want.Stats)
		}
		var over uint64
		for _, a := range in {
			var w uint32
			if ref.Arity() == 1 {
				w = ref.Round(a.X, rounding.RN)
			} else {
				w = ref.Round2(a.X, a.Y, rounding.RN)
			}
			if float64(Dist(f(a.X, a.Y, 0), w)) > bound(a) {
				over++
			}
		}
		if got.Over != over || !got.HasBound || over == 0 || over == uint64(len(in)) {
			t.Errorf("%s: Over = %d (HasBound %v), want %d (of %d, seed %d)", ref.Name(), got.Over, got.HasBound, over, len(in), seed)
		}
		if got.MaxDist < 2 || got.CR == 0 || got.CR == got.N {
			t.Errorf("%s: MaxDist %d, CR %d of %d: the perturbation did not show", ref.Name(), got.MaxDist, got.CR, got.N)
		}
	}
}

// TestReportAccuracy runs a b.N-style benchmark (its timer still running
// when ReportAccuracy is called) and checks that the measurement runs once
// per call of the benchmark function, with the timer stopped (Elapsed does
// not move while the measured function runs), and that the reported metrics
// are the measurement's.
func TestReportAccuracy(t *testing.T) {
	in := make([]Input, 256)
	for i := range in {
		in[i].X = 0x3f000000 + uint32(i)*0x10001
	}
	base := perturbed(Exp)
	var (
		calls, runs  int
		first, last  int64
		stoppedCalls bool = true
		acc          *Accuracy
	)
	res := testing.Benchmark(func(b *testing.B) {
		runs++
		for i := 0; i < b.N; i++ {
			sinkBits = base(in[i%len(in)].X, 0, 0)
		}
		calls = 0
		f := func(x, y, z uint32) uint32 {
			e := b.Elapsed().Nanoseconds()
			if calls == 0 {
				first = e
			}
			last = e
			calls++
			return base(x, y, z)
		}
		acc = ReportAccuracy(b, f, Exp, in, AccuracyOptions{Bound: func(Input) float64 { return 1 }})
		stoppedCalls = stoppedCalls && first == last
	})
	if calls != len(in) || runs == 0 {
		t.Errorf("the last run evaluated the function %d times in the measurement, want %d", calls, len(in))
	}
	if !stoppedCalls {
		t.Errorf("the timer ran during the measurement (Elapsed %d ns at the first call, %d at the last)", first, last)
	}
	for unit, want := range map[string]float64{
		UnitMaxULP: float64(acc.MaxDist), UnitMaxErr: float64(acc.MaxErr), UnitMeanErr: acc.Mean(),
		UnitCR: acc.CRShare(), UnitOver: float64(acc.Over),
	} {
		if got, ok := res.Extra[unit]; !ok || math.Float64bits(got) != math.Float64bits(want) {
			t.Errorf("metric %s = %v (reported %v), want %v", unit, got, ok, want)
		}
	}
	if acc.N != uint64(len(in)) || acc.Over == 0 {
		t.Errorf("N = %d, Over = %d", acc.N, acc.Over)
	}
}

func TestFloatAndInputs(t *testing.T) {
	xs, ys, zs := []float32{1, -2}, []float32{0.5, 3}, []float32{4, 5}
	in := Inputs(xs, ys, zs)
	f1 := Float(func(x float32) float32 { return -x })
	f2 := Float(func(x, y float32) float32 { return x - y })
	f3 := Float(func(x, y, z float32) float32 { return x + y + z })
	for i, a := range in {
		x, y, z := xs[i], ys[i], zs[i]
		if a != (Input{X: math.Float32bits(x), Y: math.Float32bits(y), Z: math.Float32bits(z)}) {
			t.Errorf("Inputs[%d] = %v", i, a)
		}
		for _, c := range []struct{ got, want uint32 }{
			{f1(a.X, a.Y, a.Z), math.Float32bits(-x)},
			{f2(a.X, a.Y, a.Z), math.Float32bits(x - y)},
			{f3(a.X, a.Y, a.Z), math.Float32bits(x + y + z)},
		} {
			if c.got != c.want {
				t.Errorf("input %d: got %#08x, want %#08x", i, c.got, c.want)
			}
		}
	}
}
