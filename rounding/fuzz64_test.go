package rounding_test

import (
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// Fuzz targets for the binary64 operations over bit patterns and a mode
// byte (its low two bits pick RN, RZ, RU, RD), checked against the oracle.
// The seed corpus is every pair of specialBits64 rows (a tenth of them, in
// every mode; the unary ones every special encoding in every mode).
//
//	go test -fuzz=FuzzAdd64 -fuzztime=20s ./rounding

func seed64(f *testing.F, arity int) {
	for i, x := range specialBits64 {
		for j, y := range specialBits64 {
			if (i+j)%10 != 0 {
				continue
			}
			for m := range byte(4) {
				if arity == 3 {
					f.Add(x, y, specialBits64[(i*7+j)%len(specialBits64)], m)
				} else {
					f.Add(x, y, m)
				}
			}
		}
	}
}

func fuzzBinary64(f *testing.F, name string, op, ref func(x, y uint64, m rounding.Mode) uint64) {
	seed64(f, 2)
	f.Fuzz(func(t *testing.T, x, y uint64, mode byte) {
		m := rounding.Mode(mode & 3)
		if got, want := op(x, y, m), ref(x, y, m); got != want {
			t.Fatalf("%s(%s) mode=%v = %s, want %s", name, fmt64(x, y), m, f64.Format(got), f64.Format(want))
		}
	})
}

func FuzzAdd64(f *testing.F) { fuzzBinary64(f, "Add64", rounding.Add64, oracle.Add64) }
func FuzzSub64(f *testing.F) { fuzzBinary64(f, "Sub64", rounding.Sub64, oracle.Sub64) }
func FuzzMul64(f *testing.F) { fuzzBinary64(f, "Mul64", rounding.Mul64, oracle.Mul64) }
func FuzzDiv64(f *testing.F) { fuzzBinary64(f, "Div64", rounding.Div64, oracle.Div64) }

func FuzzFma64(f *testing.F) {
	seed64(f, 3)
	f.Fuzz(func(t *testing.T, x, y, z uint64, mode byte) {
		m := rounding.Mode(mode & 3)
		if got, want := rounding.Fma64(x, y, z, m), oracle.Fma64(x, y, z, m); got != want {
			t.Fatalf("Fma64(%s) mode=%v = %s, want %s", fmt64(x, y, z), m, f64.Format(got), f64.Format(want))
		}
	})
}

func fuzzUnary64(f *testing.F, name string, op, ref func(x uint64, m rounding.Mode) uint64) {
	for _, x := range specialBits64 {
		for m := range byte(4) {
			f.Add(x, m)
		}
	}
	f.Fuzz(func(t *testing.T, x uint64, mode byte) {
		m := rounding.Mode(mode & 3)
		if got, want := op(x, m), ref(x, m); got != want {
			t.Fatalf("%s(%s) mode=%v = %s, want %s", name, fmt64(x), m, f64.Format(got), f64.Format(want))
		}
	})
}

func FuzzSqrt64(f *testing.F) { fuzzUnary64(f, "Sqrt64", rounding.Sqrt64, oracle.Sqrt64) }
func FuzzRcp64(f *testing.F)  { fuzzUnary64(f, "Rcp64", rounding.Rcp64, oracle.Rcp64) }

// swappedWant is the result of an add, sub, mul or fma compiled Swapped
// (rounding.NaNOrder): the oracle's, but for two or three NaN operands the
// first NaN of x, z, y quieted.
func swappedWant(ref uint64, ops ...uint64) uint64 {
	nans := 0
	for _, u := range ops {
		if f64.IsNaN(u) {
			nans++
		}
	}
	if nans < 2 {
		return ref
	}
	order := ops // x, y
	if len(ops) == 3 {
		order = []uint64{ops[0], ops[2], ops[1]} // x, z, y
	}
	for _, u := range order {
		if f64.IsNaN(u) {
			return u | 1<<51
		}
	}
	return ref
}

// FuzzSwapped64: the Swapped forms of Add64, Sub64, Mul64 and Fma64 against
// the oracle with x's NaN first (fma: x's, z's, y's).
func FuzzSwapped64(f *testing.F) {
	seed64(f, 3)
	f.Fuzz(func(t *testing.T, x, y, z uint64, mode byte) {
		m := rounding.Mode(mode & 3)
		s := rounding.Swapped
		for _, c := range []struct {
			name      string
			got, want uint64
		}{
			{"Add64", s.Add64(x, y, m), swappedWant(oracle.Add64(x, y, m), x, y)},
			{"Sub64", s.Sub64(x, y, m), swappedWant(oracle.Sub64(x, y, m), x, y)},
			{"Mul64", s.Mul64(x, y, m), swappedWant(oracle.Mul64(x, y, m), x, y)},
			{"Fma64", s.Fma64(x, y, z, m), swappedWant(oracle.Fma64(x, y, z, m), x, y, z)},
		} {
			if c.got != c.want {
				t.Fatalf("Swapped.%s(%s) mode=%v = %s, want %s", c.name, fmt64(x, y, z), m, f64.Format(c.got), f64.Format(c.want))
			}
		}
	})
}
