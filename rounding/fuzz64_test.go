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
// every mode).
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
