package f32_test

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
)

func TestClassify(t *testing.T) {
	for _, c := range []struct {
		u    uint32
		want f32.Class
	}{
		{0xff800000, f32.NegInf},
		{0xbf800000, f32.NegNormal},
		{0x80800000, f32.NegNormal},
		{0x807fffff, f32.NegSubnormal},
		{0x80000001, f32.NegSubnormal},
		{0x80000000, f32.NegZero},
		{0x00000000, f32.PosZero},
		{0x00000001, f32.PosSubnormal},
		{0x007fffff, f32.PosSubnormal},
		{0x00800000, f32.PosNormal},
		{0x7f7fffff, f32.PosNormal},
		{0x7f800000, f32.PosInf},
		{0x7f800001, f32.NaN},
		{0x7fffffff, f32.NaN},
		{0xffc00000, f32.NaN},
	} {
		if got := f32.Classify(c.u); got != c.want {
			t.Errorf("Classify(%s) = %v, want %v", f32.FormatBits(c.u), got, c.want)
		}
	}
}

// TestClassifyAgreesWithHost checks the classification predicates against the
// host's float64 view of every 2^16-th encoding and its neighbours.
func TestClassifyAgreesWithHost(t *testing.T) {
	for hi := uint32(0); hi < 1<<16; hi++ {
		for _, lo := range []uint32{0, 1, 0xffff} {
			u := hi<<16 | lo
			f := float64(math.Float32frombits(u))
			if f32.IsNaN(u) != math.IsNaN(f) || f32.IsInf(u) != math.IsInf(f, 0) || f32.IsZero(u) != (f == 0) {
				t.Fatalf("%s: predicates disagree with the host value %v", f32.FormatBits(u), f)
			}
			if f32.IsFinite(u) && !f32.IsZero(u) {
				sub := math.Abs(f) < 0x1p-126
				if f32.IsSubnormal(u) != sub || f32.IsNormal(u) != !sub {
					t.Fatalf("%s: subnormal/normal predicate wrong for %v", f32.FormatBits(u), f)
				}
			}
		}
	}
}

func TestKeyOrder(t *testing.T) {
	// Walk the whole ordered line in steps and check monotonicity and the
	// NextUp/NextDown/FromKey inverses at each step.
	prev := f32.Key(f32.NegInfBits)
	if prev != -int64(f32.InfBits) {
		t.Fatalf("Key(-Inf) = %d", prev)
	}
	for k := -int64(f32.InfBits) + 1; k <= int64(f32.InfBits); k += 4099 {
		u := f32.FromKey(k)
		if f32.Key(u) != k {
			t.Fatalf("Key(FromKey(%d)) = %d", k, f32.Key(u))
		}
		if k < int64(f32.InfBits) {
			if up := f32.NextUp(u); f32.Key(up) != k+1 && !(k == -1 && up == f32.ZeroBits) {
				t.Fatalf("NextUp(%s) = %s, key %d, want key %d", f32.FormatBits(u), f32.FormatBits(up), f32.Key(up), k+1)
			}
		}
	}
	if f32.Key(f32.NegZeroBits) != 0 || f32.Key(f32.ZeroBits) != 0 {
		t.Fatal("±0 must both have key 0")
	}
}

func TestNextUpDown(t *testing.T) {
	for _, c := range []struct{ u, up, down uint32 }{
		{0x00000000, 0x00000001, 0x80000001},
		{0x80000000, 0x00000001, 0x80000001},
		{0x00000001, 0x00000002, 0x00000000},
		{0x80000001, 0x80000000, 0x80000002},
		{0x3f800000, 0x3f800001, 0x3f7fffff},
		{0xbf800000, 0xbf7fffff, 0xbf800001},
		{0x7f7fffff, 0x7f800000, 0x7f7ffffe},
		{0x7f800000, 0x7f800000, 0x7f7fffff},
		{0xff800000, 0xff7fffff, 0xff800000},
		{0x7fffffff, 0x7fffffff, 0x7fffffff},
	} {
		if got := f32.NextUp(c.u); got != c.up {
			t.Errorf("NextUp(%s) = %s, want %s", f32.FormatBits(c.u), f32.FormatBits(got), f32.FormatBits(c.up))
		}
		if got := f32.NextDown(c.u); got != c.down {
			t.Errorf("NextDown(%s) = %s, want %s", f32.FormatBits(c.u), f32.FormatBits(got), f32.FormatBits(c.down))
		}
	}
}

func TestUlpExp(t *testing.T) {
	for _, c := range []struct {
		u    uint32
		want int32
	}{
		{0x00000000, -149}, {0x00000001, -149}, {0x00800000, -149}, {0x00ffffff, -149},
		{0x01000000, -148}, {0x3f800000, -23}, {0xbfffffff, -23}, {0x7f7fffff, 104},
	} {
		if got := f32.UlpExp(c.u); got != c.want {
			t.Errorf("UlpExp(%s) = %d, want %d", f32.FormatBits(c.u), got, c.want)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		u             uint32
		bits, hex, dc string
	}{
		{0x3fc00000, "0x3fc00000", "0x1.8p+00", "1.5"},
		{0x40400000, "0x40400000", "0x1.8p+01", "3"},
		{0x00000001, "0x00000001", "0x1p-149", "1e-45"},
		{0x80000000, "0x80000000", "-0x0p+00", "-0"},
		{0x7f7fffff, "0x7f7fffff", "0x1.fffffep+127", "3.4028235e+38"},
		{0xff800000, "0xff800000", "-Inf", "-Inf"},
		{0x7fffffff, "0x7fffffff", "NaN", "NaN"},
	} {
		if got := f32.FormatBits(c.u); got != c.bits {
			t.Errorf("FormatBits(%#08x) = %q, want %q", c.u, got, c.bits)
		}
		if got := f32.FormatHex(c.u); got != c.hex {
			t.Errorf("FormatHex(%#08x) = %q, want %q", c.u, got, c.hex)
		}
		if got := f32.FormatDecimal(c.u); got != c.dc {
			t.Errorf("FormatDecimal(%#08x) = %q, want %q", c.u, got, c.dc)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint32
	}{
		{"0x3fc00000", 0x3fc00000},
		{"0x1", 0x00000001},
		{"0x1.8p+00", 0x3fc00000},
		{"0x1.8p+01", 0x40400000},
		{"-0x1p-149", 0x80000001},
		{"0x1p-150", 0x00000000},        // tie to even
		{"0x1.8p-150", 0x00000001},      // above the tie
		{"0x1.ffffffp+127", 0x7f800000}, // rounds up to Inf
		{"0x1.000001p+00", 0x3f800000},  // 25 bits: tie to even
		{"1.5", 0x3fc00000},
		{" 1.5 ", 0x3fc00000},
		{"-0", 0x80000000},
		{"1e-45", 0x00000001},
		{"1e39", 0x7f800000},
		{"-1e-50", 0x80000000},
		{"3.4028235e38", 0x7f7fffff},
		{"inf", 0x7f800000},
		{"-Infinity", 0xff800000},
		{"NaN", 0x7fffffff},
		{"-nan", 0xffffffff},
	} {
		got, err := f32.Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %s, %v; want %s", c.in, f32.FormatBits(got), err, f32.FormatBits(c.want))
		}
	}
	for _, in := range []string{"", "abc", "0x", "0x123456789", "0xg", "0x1.8", "--1", "-0x3f800000", "1.5.5"} {
		if _, err := f32.Parse(in); err == nil || !errors.Is(err, f32.ErrSyntax) {
			t.Errorf("Parse(%q): err = %v, want a syntax error", in, err)
		}
	}
}

// TestParseFormatRoundTrip checks that FormatHex and FormatDecimal parse back
// to the same encoding for a spread of encodings over every binade.
func TestParseFormatRoundTrip(t *testing.T) {
	for u := uint32(0); u < 0xff800000; u += 0x000f4243 {
		if f32.IsNaN(u) {
			continue
		}
		for _, s := range []string{f32.FormatHex(u), f32.FormatDecimal(u), f32.FormatBits(u)} {
			got, err := f32.Parse(s)
			if err != nil || got != u {
				t.Fatalf("Parse(%q) = %s, %v; want %s", s, f32.FormatBits(got), err, f32.FormatBits(u))
			}
		}
	}
}

func TestFlushSubnormal(t *testing.T) {
	for _, c := range []struct{ u, want uint32 }{
		{0x00000001, 0x00000000}, {0x807fffff, 0x80000000}, {0x00800000, 0x00800000},
		{0x80000000, 0x80000000}, {0x7fffffff, 0x7fffffff},
	} {
		if got := f32.FlushSubnormal(c.u); got != c.want {
			t.Errorf("FlushSubnormal(%s) = %s, want %s", f32.FormatBits(c.u), f32.FormatBits(got), f32.FormatBits(c.want))
		}
	}
}

// TestShiftRightEven compares ShiftRightEven with exact rational rounding
// (math/big) on every shift and on values around each tie, and on random
// values from a fixed seed.
func TestShiftRightEven(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	check := func(v uint64, sh uint) {
		q, rem := new(big.Int).QuoRem(new(big.Int).SetUint64(v), new(big.Int).Lsh(big.NewInt(1), sh), new(big.Int))
		switch c := new(big.Int).Lsh(rem, 1).Cmp(new(big.Int).Lsh(big.NewInt(1), sh)); {
		case c > 0, c == 0 && q.Bit(0) == 1:
			q.Add(q, big.NewInt(1))
		}
		if got := f32.ShiftRightEven(v, sh); got != q.Uint64() {
			t.Fatalf("ShiftRightEven(%#x, %d) = %#x, want %#x", v, sh, got, q.Uint64())
		}
	}
	for sh := uint(1); sh <= 63; sh++ {
		for _, k := range []uint64{0, 1, 2, 3, 1<<(63-sh) - 1} {
			tie := k<<sh | 1<<(sh-1)
			for _, v := range []uint64{tie - 1, tie, tie + 1, k << sh} {
				if v < 1<<63 {
					check(v, sh)
				}
			}
		}
		for range 1000 {
			check(r.Uint64()>>1, sh)
		}
	}
}

// TestShiftRightJam compares ShiftRightJam with its definition (the
// quotient, with bit 0 set when any shifted-out bit was) on every shift and
// on random values from a fixed seed, the top bit included.
func TestShiftRightJam(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for n := uint(0); n <= 70; n++ {
		for _, v := range []uint64{0, 1, 1 << 63, ^uint64(0), r.Uint64(), r.Uint64() >> 1, r.Uint64() >> 40} {
			want := uint64(0)
			if n < 64 {
				want = v >> n
				if n > 0 && v<<(64-n) != 0 {
					want |= 1
				}
			} else if v != 0 {
				want = 1
			}
			if got := f32.ShiftRightJam(v, n); got != want {
				t.Fatalf("ShiftRightJam(%#x, %d) = %#x, want %#x", v, n, got, want)
			}
		}
	}
}
