package ulp

import (
	"math"
	"math/big"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// TestCrossRounding compares the exact-decision references with the
// correctly rounded operations of package rounding (without FTZ), an
// independent implementation, in every mode on random bit patterns.
func TestCrossRounding(t *testing.T) {
	r := newRand(t, 8)
	n := 100000
	if testflag.Exhaustive() {
		n = 10000000
	}
	fails := 0
	check := func(name string, got, want uint32, args ...uint32) {
		if got != want && !(f32.IsNaN(got) && f32.IsNaN(want)) && fails < 10 {
			fails++
			s := ""
			for _, a := range args {
				s += " " + f32.Format(a)
			}
			t.Errorf("%s(%s) = %s, rounding says %s", name, s, f32.Format(got), f32.Format(want))
		}
	}
	for i := 0; i < n; i++ {
		x, y := r.Uint32(), r.Uint32()
		if i%2 == 0 {
			y = x&0xff800000 | y&0x807fffff // the same binade: quotients near 1
		}
		for _, m := range rounding.Modes {
			check("Div "+m.String(), Div.Round2(x, y, m), rounding.Div32(x, y, m, false), x, y)
			check("Sqrt "+m.String(), Sqrt.Round(x, m), rounding.Sqrt32(x, m, false), x)
			check("Rcp "+m.String(), Rcp.Round(x, m), rounding.Rcp32(x, m, false), x)
		}
	}
	t.Logf("%d inputs × 4 modes × {div, sqrt, rcp}", n)
}

// TestExpOutside checks the accuracy claimed for the Values of results
// outside the binary32 range: relative error < 2^-42.
func TestExpOutside(t *testing.T) {
	r := newRand(t, 9)
	for i := 0; i < 2000; i++ {
		x := -745 + r.Float64()*(709.7+745)
		got := expOutside(x)
		iv := oracle.ExpInterval(new(big.Float).SetFloat64(x), 80)
		want, _ := iv.Lo.Float64()
		if want < 0x1p-1022 {
			continue // float64 subnormal results: absolute error only
		}
		if math.Abs(got-want) > 0x1p-42*want {
			t.Fatalf("expOutside(%v) = %v, want %v", x, got, want)
		}
	}
}

// FuzzRef compares a unary reference with the oracle in every mode on bit
// patterns chosen by the fuzzer (seeded from the special-case table).
func FuzzRef(f *testing.F) {
	for i, c := range refSC {
		f.Add(uint8(i), c.x, c.y)
	}
	f.Fuzz(func(t *testing.T, which uint8, x, y uint32) {
		ref := refs[int(which)%len(refs)]
		if ref.arity == 1 {
			y = 0
		}
		want := ref.orc.RoundAll(x, y)
		for i, m := range rounding.Modes {
			if got := ref.roundAny(x, y, m); got != want[i] {
				t.Fatalf("%s %v = %s, want %s", ref.call(x, y), m, f32.Format(got), f32.Format(want[i]))
			}
		}
	})
}
