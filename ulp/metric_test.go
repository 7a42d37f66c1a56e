package ulp

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

func TestDist(t *testing.T) {
	for _, c := range []struct {
		a, b uint32
		want uint32
	}{
		{0x3f800000, 0x3f800000, 0},
		{0x00000000, 0x80000000, 0},          // ±0 are one point
		{0x3f800000, 0x3f800001, 1},          // neighbours
		{0x3f800000, 0x3f7fffff, 1},          // across a binade
		{0x00000001, 0x80000001, 2},          // ±MinSubnormal
		{0x7f7fffff, 0x7f800000, 1},          // MaxFinite, +Inf
		{0xff800000, 0x7f800000, 0xff000000}, // the whole line
		{0x7fffffff, 0xffc00000, 0},          // NaN, NaN
		{0x7fffffff, 0x3f800000, math.MaxUint32},
		{0x3f800000, 0x7f800001, math.MaxUint32},
		{0xbf800000, 0x3f800000, 0x7f000000},
	} {
		if got := Dist(c.a, c.b); got != c.want {
			t.Errorf("Dist(%s, %s) = %d, want %d", f32.Format(c.a), f32.Format(c.b), got, c.want)
		}
		if got := Dist(c.b, c.a); got != c.want {
			t.Errorf("Dist(%s, %s) = %d, want %d (symmetry)", f32.Format(c.b), f32.Format(c.a), got, c.want)
		}
	}
}

func dd(hi, lo float64) DD { return DD{hi, lo} }

// TestErrSpecial has the rows of Err's doc table, then the ulp definition
// at binade edges, in the subnormal range and beyond MaxFinite.
func TestErrSpecial(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		got  uint32
		v    DD
		want float64
	}{
		{nanBits, dd(math.NaN(), 0), 0},
		{0x3f800000, dd(math.NaN(), 0), inf},
		{nanBits, dd(1, 0), inf},
		{0xff800000, dd(math.Inf(-1), 0), 0},
		{0x7f7fffff, dd(inf, 0), inf},
		{0x7f800000, dd(0x1p130, 0), 0},
		{0x7f800000, dd(0x1p128, -0x1p70), 0x1p-34}, // Inf read as 2^128
		{0x7f800000, dd(0x1.fffffep127, 0), 1},
		{0xff800000, dd(0x1p130, 0), 0x1p24 + 0x1p26},
		// ulp(v): 2^(e−23) in the binade of v, 2^-149 below 2^-126, 2^104 beyond.
		{0x3f800001, dd(1, 0), 1},
		{0x3f7fffff, dd(1, 0), 0.5},                // ulp(1) = 2^-23, Goldberg's
		{0x3f7fffff, dd(1, -0x1p-60), 1 - 0x1p-36}, // v < 1: ulp 2^-24
		{0x00000001, dd(0, 0), 1},
		{0x00000002, dd(0x1p-149, 0), 1},
		{0x00800001, dd(0x1p-126, 0), 1},
		{0x7f7fffff, dd(0x1p128, 0), 1},
		{0x7f7fffff, dd(0x1p129, 0), 0x1p24 + 1},
		{0x40400000, dd(3, 0x1p-30), 0x1p-30 / 0x1p-22},
	} {
		if got := Err(c.got, c.v); math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("Err(%s, %v) = %v, want %v", f32.Format(c.got), c.v, got, c.want)
		}
		if c.v.Hi == c.v.Hi {
			v := new(big.Float).SetPrec(2000).SetFloat64(c.v.Hi)
			v.Add(v, new(big.Float).SetFloat64(c.v.Lo))
			if got := ErrBig(c.got, v); math.Float64bits(got) != math.Float64bits(c.want) {
				t.Errorf("ErrBig(%s, %v) = %v, want %v", f32.Format(c.got), c.v, got, c.want)
			}
		}
	}
}

// TestErrAgainstBig compares Err on double-doubles with ErrBig on their
// exact values.
func TestErrAgainstBig(t *testing.T) {
	r := newRand(t, 3)
	for i := 0; i < 100000; i++ {
		hi := drawDouble(r)
		if hi != hi || math.IsInf(hi, 0) {
			continue
		}
		lo := (r.Float64() - 0.5) * math.Abs(math.Nextafter(hi, 0)-hi)
		got := round64(hi, rounding.Mode(r.IntN(4))) + uint32(r.IntN(5)) - 2
		if r.IntN(8) == 0 {
			got = r.Uint32()
		}
		e := Err(got, DD{hi, lo})
		v := new(big.Float).SetPrec(2200).SetFloat64(hi)
		v.Add(v, new(big.Float).SetFloat64(lo))
		want := ErrBig(got, v)
		if !(math.Abs(e-want) <= 0x1p-40*math.Max(want, 1)) && !(math.IsInf(e, 1) && math.IsInf(want, 1)) {
			t.Fatalf("Err(%s, {%v, %v}) = %v, ErrBig = %v", f32.Format(got), hi, lo, e, want)
		}
	}
}

func TestAbsErr(t *testing.T) {
	for _, c := range []struct {
		got  uint32
		v    DD
		want float64
	}{
		{nanBits, dd(math.NaN(), 0), 0},
		{nanBits, dd(1, 0), math.Inf(1)},
		{0x3f800000, dd(math.NaN(), 0), math.Inf(1)},
		{0x7f800000, dd(math.Inf(1), 0), 0},
		{0x7f800000, dd(1, 0), math.Inf(1)},
		{0x3f800000, dd(1, -0x1p-30), 0x1p-30},
		{0xbf800000, dd(-1.5, 0), 0.5},
	} {
		if got := AbsErr(c.got, c.v); math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("AbsErr(%s, %v) = %v, want %v", f32.Format(c.got), c.v, got, c.want)
		}
	}
}

func TestUlpsJSON(t *testing.T) {
	for _, u := range []Ulps{0, 0.5, 1e300, Ulps(math.Inf(1)), Ulps(math.Inf(-1))} {
		b, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		var back Ulps
		if err := json.Unmarshal(b, &back); err != nil || math.Float64bits(float64(back)) != math.Float64bits(float64(u)) {
			t.Errorf("Ulps %v → %s → %v, %v", u, b, back, err)
		}
	}
}
