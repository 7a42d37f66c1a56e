package ulp

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/rounding"
)

// Units of the metrics ReportAccuracy reports, as go test -bench prints
// them and benchstat reads them.
const (
	UnitMaxULP  = "max-ulp"      // the largest Dist to the reference's rounded result (NVIDIA's metric)
	UnitMaxErr  = "max-err-ulp"  // the largest Err, in ulps of the exact value
	UnitMeanErr = "mean-err-ulp" // the mean Err (Stats.Mean)
	UnitCR      = "cr-share"     // the share of results equal to the reference's (Stats.CRShare)
	UnitOver    = "over-bound"   // the number of inputs whose Dist exceeds AccuracyOptions.Bound
)

// AccuracyOptions configure ReportAccuracy. The zero value measures against
// the round-to-nearest reference, CUDA's metric, without a bound.
type AccuracyOptions struct {
	// Mode is the rounding mode of the reference's result for Dist and the
	// correctly rounded share (RN for the library functions; RZ for
	// __fdiv_rz and the like).
	Mode rounding.Mode
	// Bound, when set, returns the largest Dist accepted at an input (a
	// documented bound such as 2 ulp, or __expf's 2 + floor(|1.173 x|)):
	// the over-bound metric counts the inputs beyond it. Without a Bound,
	// that metric is not reported.
	Bound func(in Input) float64
}

// Accuracy is what ReportAccuracy measured: the statistics of the inputs
// against the reference (those of a sweep: N, CR, MaxDist, MaxErr, Mean,
// CRShare, …) and the count over the bound.
type Accuracy struct {
	Stats
	Over     uint64 // inputs with Dist(got, want) > Bound(in)
	HasBound bool   // AccuracyOptions.Bound was set
}

// ReportAccuracy measures f on inputs against the certified reference ref,
// and reports the results beside the benchmark's timings with
// b.ReportMetric: max-ulp (the largest Dist to the reference's rounded
// result, NVIDIA's metric), max-err-ulp and mean-err-ulp (Err, in ulps of
// the exact value), cr-share (the share of correctly rounded results) and,
// with a Bound, over-bound (the number of inputs beyond it). It returns the
// measurement.
//
// Call it once, after the timed loop: it stops b's timer first, so the
// measurement (one evaluation of f and of the reference per input, whose
// oracle fallbacks allocate) counts neither in the timings nor in the
// allocations, and b.Loop or the b.N loop before it time f alone. f is any
// function on encodings: cudafp's (Float(fp.Expf), Float(fp.FastMath.Expf))
// or the caller's own of the same signature (Float(myExpf)).
func ReportAccuracy(b *testing.B, f Func, ref Reference, inputs []Input, opt AccuracyOptions) *Accuracy {
	b.StopTimer()
	a := measureAccuracy(f, ref, inputs, opt)
	b.ReportMetric(float64(a.MaxDist), UnitMaxULP)
	b.ReportMetric(float64(a.MaxErr), UnitMaxErr)
	b.ReportMetric(a.Mean(), UnitMeanErr)
	b.ReportMetric(a.CRShare(), UnitCR)
	if a.HasBound {
		b.ReportMetric(float64(a.Over), UnitOver)
	}
	return a
}

// measureAccuracy is ReportAccuracy's measurement: the statistics of f on
// inputs against ref, gathered as Special's sweep gathers them, and the
// count over opt.Bound.
func measureAccuracy(f Func, ref Reference, inputs []Input, opt AccuracyOptions) *Accuracy {
	a := &Accuracy{Stats: newStats(nil), HasBound: opt.Bound != nil}
	for _, in := range inputs {
		want, v, slow := ref.Eval(in, opt.Mode)
		got := f(in.X, in.Y, in.Z)
		a.add(in, got, want, v, slow, false)
		if a.HasBound && float64(Dist(got, want)) > opt.Bound(in) {
			a.Over++
		}
	}
	return a
}

// Float adapts a float32 function of one, two or three arguments to a Func
// on encodings: one of cudafp's (fp.Expf, fp.FastMath.Powf,
// intrinsics.FaddRZ) or the caller's own of the same signature.
func Float[F func(float32) float32 | func(float32, float32) float32 | func(float32, float32, float32) float32](f F) Func {
	switch g := any(f).(type) {
	case func(float32) float32:
		return func(x, _, _ uint32) uint32 { return math.Float32bits(g(math.Float32frombits(x))) }
	case func(float32, float32) float32:
		return func(x, y, _ uint32) uint32 {
			return math.Float32bits(g(math.Float32frombits(x), math.Float32frombits(y)))
		}
	case func(float32, float32, float32) float32:
		return func(x, y, z uint32) uint32 {
			return math.Float32bits(g(math.Float32frombits(x), math.Float32frombits(y), math.Float32frombits(z)))
		}
	}
	panic("unreachable")
}

// Inputs returns the input tuples of the float32 argument slices args (one
// slice per argument, of equal lengths): Inputs(xs) for a unary function,
// Inputs(xs, ys) for a binary one.
func Inputs(args ...[]float32) []Input {
	if len(args) == 0 || len(args) > 3 {
		panic("ulp: Inputs takes one to three argument slices")
	}
	in := make([]Input, len(args[0]))
	for j, a := range args {
		if len(a) != len(in) {
			panic("ulp: Inputs: argument slices of different lengths")
		}
		for i, v := range a {
			u := math.Float32bits(v)
			switch j {
			case 0:
				in[i].X = u
			case 1:
				in[i].Y = u
			default:
				in[i].Z = u
			}
		}
	}
	return in
}
