package bench_test

import (
	"testing"

	"github.com/cudafp/cudafp/bench"
)

// BenchmarkFunc times every implemented catalog function per input class,
// with its native Go route, its certified reference and bigfloat (see the
// package documentation). Select with -bench, e.g.
//
//	go test ./bench -run '^$' -bench 'Func/expf/' -benchtime 200ms
func BenchmarkFunc(b *testing.B) {
	for _, c := range bench.Cases(nil, nil) {
		b.Run(c.Name, c.Benchmark)
	}
}

// BenchmarkSweep measures sweep throughput (Minputs/s) of every function
// that has a reference: the emulation alone and a whole sweep.
func BenchmarkSweep(b *testing.B) {
	for _, c := range bench.SweepCases(nil, nil) {
		b.Run(c.Name, c.Benchmark)
	}
}
