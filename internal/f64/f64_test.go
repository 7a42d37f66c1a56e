package f64_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
)

// drawBits draws binary64 encodings over every class: zeros, subnormals,
// normals at extreme and ordinary exponents, Infs and NaNs of both signs.
func drawBits(r *rand.Rand) uint64 {
	sign := uint64(r.IntN(2)) << 63
	switch r.IntN(8) {
	case 0:
		return sign | r.Uint64()&f64.FracMask // subnormal or zero
	case 1:
		return sign | f64.InfBits | r.Uint64()&f64.FracMask // Inf or NaN
	case 2:
		return sign | uint64(r.IntN(3))<<52 | r.Uint64()&f64.FracMask
	case 3:
		return sign | uint64(2044+r.IntN(3))<<52 | r.Uint64()&f64.FracMask
	case 4:
		return sign | uint64(r.IntN(4))
	}
	return r.Uint64()
}

// TestAgainstHost checks classification, Key, NextUp/NextDown, UlpExp and
// the formatting round trip against the host's float64 view (math and
// strconv, exact for these questions) on generated encodings, seed 1.
func TestAgainstHost(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 200000 {
		u := drawBits(r)
		f := math.Float64frombits(u)
		if f64.IsNaN(u) != math.IsNaN(f) || f64.IsInf(u) != math.IsInf(f, 0) || f64.IsZero(u) != (f == 0) ||
			f64.IsFinite(u) != (!math.IsNaN(f) && !math.IsInf(f, 0)) {
			t.Fatalf("%s: predicates disagree with the host value %v", f64.Format(u), f)
		}
		if f64.IsNaN(u) {
			if f64.Classify(u) != f64.NaN || f64.NextUp(u) != u || f64.NextDown(u) != u {
				t.Fatalf("%s: NaN class or steps wrong", f64.FormatBits(u))
			}
			continue
		}
		if sub := f != 0 && math.Abs(f) < 0x1p-1022; f64.IsSubnormal(u) != sub || f64.IsNormal(u) != (f != 0 && !sub && !math.IsInf(f, 0)) {
			t.Fatalf("%s: subnormal/normal predicate wrong", f64.Format(u))
		}
		if up := f64.NextUp(u); up != math.Float64bits(math.Nextafter(f, math.Inf(1))) && !(f == math.Inf(1) && up == u) {
			t.Fatalf("NextUp(%s) = %s", f64.Format(u), f64.Format(up))
		}
		if dn := f64.NextDown(u); dn != math.Float64bits(math.Nextafter(f, math.Inf(-1))) && !(f == math.Inf(-1) && dn == u) {
			t.Fatalf("NextDown(%s) = %s", f64.Format(u), f64.Format(dn))
		}
		if k := f64.Key(u); f64.FromKey(k) != u && f != 0 {
			t.Fatalf("FromKey(Key(%s)) = %s", f64.Format(u), f64.Format(f64.FromKey(k)))
		}
		if f64.IsFinite(u) {
			if up := f64.NextUp(u); f64.IsFinite(up) && f64.Key(up) != f64.Key(u)+1 {
				t.Fatalf("Key(NextUp(%s)) = %d, want %d", f64.Format(u), f64.Key(up), f64.Key(u)+1)
			}
			// ulp(u) is the distance to the next encoding away from zero
			// (below MaxFinite).
			a := math.Abs(f)
			if a < math.MaxFloat64 {
				if d := math.Nextafter(a, math.Inf(1)) - a; d != math.Ldexp(1, int(f64.UlpExp(u))) {
					t.Fatalf("UlpExp(%s) = %d, want the exponent of %x", f64.Format(u), f64.UlpExp(u), d)
				}
			}
		}
		for _, s := range []string{f64.FormatHex(u), f64.FormatDecimal(u), f64.FormatBits(u)} {
			if got, err := f64.Parse(s); err != nil || got != u {
				t.Fatalf("Parse(%q) = %s, %v; want %s", s, f64.FormatBits(got), err, f64.FormatBits(u))
			}
		}
		if want := strconv.FormatFloat(f, 'x', -1, 64); !math.IsInf(f, 0) && f64.FormatHex(u) != want {
			t.Fatalf("FormatHex(%s) = %q, want %q", f64.FormatBits(u), f64.FormatHex(u), want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		u    uint64
		want f64.Class
	}{
		{f64.NegInfBits, f64.NegInf},
		{f64.NegOneBits, f64.NegNormal},
		{f64.MinNormalBits | f64.SignMask, f64.NegNormal},
		{f64.MaxSubnormalBits | f64.SignMask, f64.NegSubnormal},
		{f64.NegZeroBits, f64.NegZero},
		{f64.ZeroBits, f64.PosZero},
		{f64.MinSubnormalBits, f64.PosSubnormal},
		{f64.MaxFiniteBits, f64.PosNormal},
		{f64.InfBits, f64.PosInf},
		{f64.InfBits | 1, f64.NaN},
		{f64.DefaultNaNBits, f64.NaN},
	} {
		if got := f64.Classify(c.u); got != c.want {
			t.Errorf("Classify(%s) = %v, want %v", f64.FormatBits(c.u), got, c.want)
		}
	}
}

// TestNamedConstants checks the named encodings against the host's values.
func TestNamedConstants(t *testing.T) {
	for _, c := range []struct {
		name string
		u    uint64
		v    float64
	}{
		{"OneBits", f64.OneBits, 1},
		{"NegOneBits", f64.NegOneBits, -1},
		{"InfBits", f64.InfBits, math.Inf(1)},
		{"NegInfBits", f64.NegInfBits, math.Inf(-1)},
		{"MaxFiniteBits", f64.MaxFiniteBits, math.MaxFloat64},
		{"MinNormalBits", f64.MinNormalBits, 0x1p-1022},
		{"MaxSubnormalBits", f64.MaxSubnormalBits, 0x1p-1022 - 0x1p-1074},
		{"MinSubnormalBits", f64.MinSubnormalBits, math.SmallestNonzeroFloat64},
	} {
		if got := math.Float64bits(c.v); got != c.u {
			t.Errorf("%s = %s, want %s", c.name, f64.FormatBits(c.u), f64.FormatBits(got))
		}
	}
	if f64.IsSignalling(f64.DefaultNaNBits) || !f64.IsSignalling(f64.InfBits|1) || f64.IsSignalling(f64.InfBits) {
		t.Error("IsSignalling wrong")
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
	}{
		{"nan", f64.DefaultNaNBits},
		{"-NaN", f64.DefaultNaNBits | f64.SignMask},
		{"-inf", f64.NegInfBits},
		{"0x1", f64.MinSubnormalBits},
		{"0x1p-1075", f64.ZeroBits},               // tie to even
		{"0x1.8p-1075", f64.MinSubnormalBits},     // above the tie
		{"0x1.fffffffffffff8p+1023", f64.InfBits}, // rounds up to Inf
	} {
		if got, err := f64.Parse(c.in); err != nil || got != c.want {
			t.Errorf("Parse(%q) = %s, %v; want %s", c.in, f64.FormatBits(got), err, f64.FormatBits(c.want))
		}
	}
	for _, in := range []string{"", "abc", "0x", "0x12345678901234567", "0xg", "0x1.8", "--1", "-0x3ff0000000000000", "1.5.5"} {
		if _, err := f64.Parse(in); err == nil || !errors.Is(err, f64.ErrSyntax) {
			t.Errorf("Parse(%q): err = %v, want a syntax error", in, err)
		}
	}
}
