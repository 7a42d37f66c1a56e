package rounding_test

import (
	"testing"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// Fuzz targets over bit patterns (not float32 values, so the mutator
// reaches NaN payloads, subnormals and exact boundaries), a mode byte (its
// low two bits pick RN, RZ, RU, RD) and the ftz flag, checked against the
// oracle. The seed corpora are the special-case tables' rows in every mode
// with ftz off and on.
//
//	go test -fuzz=FuzzAdd32 -fuzztime=20s ./rounding

func seedBinary(f *testing.F, table string) {
	for _, tab := range scTables {
		if tab.name != table {
			continue
		}
		for _, r := range tab.rows {
			for m := range byte(4) {
				for _, ftz := range ftzs {
					f.Add(r.in[0], r.in[1], m, ftz)
				}
			}
		}
	}
}

func fuzzBinary(f *testing.F, name string, op, ref func(x, y uint32, m rounding.Mode, ftz bool) uint32) {
	seedBinary(f, name)
	f.Fuzz(func(t *testing.T, x, y uint32, mode byte, ftz bool) {
		m := rounding.Mode(mode & 3)
		if got, want := op(x, y, m, ftz), ref(x, y, m, ftz); !same(got, want) {
			t.Fatal(failure(name, []uint32{x, y}, m, ftz, got, want))
		}
	})
}

func FuzzAdd32(f *testing.F) { fuzzBinary(f, "Add32", rounding.Add32, oracle.Add32) }
func FuzzSub32(f *testing.F) { fuzzBinary(f, "Sub32", rounding.Sub32, oracle.Sub32) }
func FuzzMul32(f *testing.F) { fuzzBinary(f, "Mul32", rounding.Mul32, oracle.Mul32) }
func FuzzDiv32(f *testing.F) { fuzzBinary(f, "Div32", rounding.Div32, oracle.Div32) }

func FuzzFma32(f *testing.F) {
	for _, tab := range scTables {
		if tab.name != "Fma32" {
			continue
		}
		for _, r := range tab.rows {
			for m := range byte(4) {
				for _, ftz := range ftzs {
					f.Add(r.in[0], r.in[1], r.in[2], m, ftz)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, x, y, z uint32, mode byte, ftz bool) {
		m := rounding.Mode(mode & 3)
		if got, want := rounding.Fma32(x, y, z, m, ftz), oracle.Fma32(x, y, z, m, ftz); !same(got, want) {
			t.Fatal(failure("Fma32", []uint32{x, y, z}, m, ftz, got, want))
		}
	})
}
