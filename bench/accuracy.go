package bench

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// accuracyReporter returns what a per-call case of f calls after its timed
// loop to report the accuracy of its implementation (bind, the runner the
// case times) on the case's inputs: ulp.ReportAccuracy against f's
// certified reference in f's rounding mode, counting the inputs beyond the
// bound NVIDIA documents for f under nvcc's default flags (spec.Bound.ULPAt;
// none when it states no numeric bound). The bound is the same under every
// flag set, so that benchstat -col /flags shows how many inputs
// -use_fast_math takes beyond the bound a user of f relies on. It returns
// nil when f has no reference (integer or 64-bit arguments or results, two
// results, no mathematical function in package ulp) or more than three
// arguments.
func accuracyReporter(f *spec.Func, in func() columns, bind func(in columns) runner) func(b *testing.B) {
	ref, ok := referenceOf(f)
	if !ok || f.Arity() > 3 { // ulp.Func takes up to three arguments
		return nil
	}
	opt := ulp.AccuracyOptions{Mode: f.Mode}
	if bd := f.Bound; !bd.None() {
		opt.Bound = func(in ulp.Input) float64 { return bd.ULPAt(float64(math.Float32frombits(in.X))) }
	}
	return func(b *testing.B) {
		args := in()
		inputs := make([]ulp.Input, len(args[0]))
		for i := range inputs {
			t := tuple(args, i)
			inputs[i] = ulp.Input{X: uint32(t[0]), Y: uint32(t[1]), Z: uint32(t[2])}
		}
		ulp.ReportAccuracy(b, viaRunner(f, bind), ref, inputs, opt)
	}
}

// tuple returns input i of the argument slices in (0 for absent
// arguments).
func tuple(in columns, i int) (t spec.Args) {
	for a, s := range in {
		if s != nil {
			t[a] = s[i]
		}
	}
	return t
}

// viaRunner makes a ulp.Func of a runner binder: each call binds and runs
// the implementation on one input. It allocates; ulp.ReportAccuracy calls it
// with the benchmark's timer stopped.
func viaRunner(f *spec.Func, bind func(in columns) runner) ulp.Func {
	return func(x, y, z uint32) uint32 {
		var in columns
		args := [3]uint32{x, y, z}
		for a := range f.Arity() {
			in[a] = []uint64{uint64(args[a])}
		}
		r := bind(in)
		r.run()
		return uint32(r.result(0))
	}
}

// Reference returns the certified reference f is measured against, as the
// benchmarks' accuracy metrics and impl=ref cases use it: f's catalog Ref
// from package ulp, when f is a function of binary32 arguments to one
// binary32 result; false otherwise.
func Reference(f *spec.Func) (*ulp.Ref, bool) { return referenceOf(f) }
