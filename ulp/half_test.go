package ulp

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Tests of the 16-bit references against internal/oracle: Round16 against
// the oracle's certified enclosures rounded to the format (a Ziv loop on
// math/big, independent of the binary32 bracket), RoundDD16 of the exact
// arithmetic against oracle.Format16's Add16, Mul16 and Fma16, Err16 and
// Dist16 against their definitions on math/big.

var halfFormats = []struct {
	h *Format16
	o oracle.Format16
}{{F16, oracle.F16}, {BF16, oracle.BF16}}

// oracleRN16 is f(x) rounded to nearest in o from the oracle alone.
func oracleRN16(t *testing.T, f *oracle.Func, o oracle.Format16, x32 uint32) uint16 {
	for prec := uint(64); prec <= 1<<12; prec *= 2 {
		iv, ok := f.Enclose(x32, 0, prec)
		if !ok { // a special value, or far outside binary32's range: its binary32 rounding is the value's
			r := f.Round(x32, rounding.RN)
			if r&0x7fffffff > 0x7f800000 {
				return oracle.NaN16
			}
			return o.Round16(new(big.Float).SetFloat64(float64(math.Float32frombits(r))), rounding.RN)
		}
		if lo, hi := o.Round16(iv.Lo, rounding.RN), o.Round16(iv.Hi, rounding.RN); lo == hi {
			return lo
		}
	}
	t.Fatalf("%#08x: the oracle's Ziv loop did not settle", x32)
	return 0
}

func same16(h *Format16, a, b uint16) bool { return a == b || h.IsNaN(a) && h.IsNaN(b) }

// TestRound16 checks Round16 of every unary reference the report's 16-bit
// section uses, and Round16x2 of div, on every 61st encoding (every one with
// CUDAFP_EXHAUSTIVE) of both formats.
func TestRound16(t *testing.T) {
	step := 61
	if testflag.Exhaustive() {
		step = 1
	}
	for _, name := range []string{"sqrt", "rsqrt", "rcp", "exp", "exp2", "exp10", "log", "log2", "log10", "sin", "cos", "tanh"} {
		r, _ := Lookup(name)
		orc, ok := oracle.Lookup(name)
		if !ok {
			t.Fatalf("no oracle %s", name)
		}
		for _, hf := range halfFormats {
			n := 0
			for i := 0; i < 1<<16; i += step {
				x := uint16(i)
				got, want := r.Round16(hf.h, x), oracleRN16(t, orc, hf.o, hf.h.Widen(x))
				if !same16(hf.h, got, want) {
					t.Errorf("%s %s(%#04x) = %#04x, oracle %#04x", hf.h.Name, name, x, got, want)
				}
				n++
			}
			t.Logf("%s %s: %d inputs", hf.h.Name, name, n)
		}
	}
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	rng := rand.New(rand.NewSource(int64(seed)))
	for _, hf := range halfFormats {
		for range 2000 {
			x, y := uint16(rng.Uint32()), uint16(rng.Uint32())
			got := Div.Round16x2(hf.h, x, y)
			var want uint16
			switch {
			case hf.o.IsNaN(x) || hf.o.IsNaN(y):
				want = oracle.NaN16
			default:
				want = oracleDiv16(hf.o, x, y)
			}
			if !same16(hf.h, got, want) {
				t.Errorf("%s div(%#04x, %#04x) = %#04x, oracle %#04x", hf.h.Name, x, y, got, want)
			}
		}
	}
}

// oracleDiv16 is x/y rounded to nearest in o on math/big (quotients of
// 16-bit values are exact or need at most a few hundred bits to round).
func oracleDiv16(o oracle.Format16, x, y uint16) uint16 {
	a, b := o.Value16(x), o.Value16(y)
	switch {
	case a.IsInf() && b.IsInf(), a.Sign() == 0 && b.Sign() == 0:
		return oracle.NaN16
	case a.IsInf() || b.Sign() == 0:
		return o.Round16(new(big.Float).SetInf(a.Signbit() != b.Signbit()), rounding.RN)
	case b.IsInf() || a.Sign() == 0:
		z := new(big.Float)
		if a.Signbit() != b.Signbit() {
			z.Neg(z)
		}
		return o.Round16(z, rounding.RN)
	}
	// 600 bits: the quotient's rounding error is below 2^-600 relative, far
	// below any distance from a 16-bit midpoint it can have but zero, and an
	// exact quotient is exact.
	q := new(big.Float).SetPrec(600).Quo(a, b)
	return o.Round16(q, rounding.RN)
}

// TestRoundDD16 checks RoundDD16 of Exact16 (the references of __hadd,
// __hsub, __hmul, __hfma) against the oracle on generated operands: uniform
// encodings, and operands whose exact result is near a midpoint (y a few
// steps from x, z near −x·y).
func TestRoundDD16(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	rng := rand.New(rand.NewSource(int64(seed)))
	rn := rounding.RN
	for _, hf := range halfFormats {
		h, o := hf.h, hf.o
		n := 0
		for i := range 20000 {
			x, y, z := uint16(rng.Uint32()), uint16(rng.Uint32()), uint16(rng.Uint32())
			if i%2 == 1 {
				y = x&0x8000 ^ uint16(rng.Intn(2))<<15 | (x&0x7fff + uint16(rng.Intn(2*h.fracBits+8)<<h.fracBits) - uint16(h.fracBits+4)<<h.fracBits + uint16(rng.Intn(5)) - 2)
				z = o.Mul16(x, y, rn, false) ^ 0x8000 + uint16(rng.Intn(5)) - 2
			}
			for _, c := range []struct {
				op   string
				want uint16
			}{
				{"add", o.Add16(x, y, rn, false)},
				{"sub", o.Add16(x, y^0x8000, rn, false)},
				{"mul", o.Mul16(x, y, rn, false)},
				{"fma", o.Fma16(x, y, z, rn, false)},
			} {
				if got := h.RoundDD16(h.Exact16(c.op, x, y, z)); !same16(h, got, c.want) {
					t.Errorf("%s %s(%#04x, %#04x, %#04x) = %#04x, oracle %#04x", h.Name, c.op, x, y, z, got, c.want)
				}
				n++
			}
		}
		t.Logf("%s: %d checks", h.Name, n)
	}
}

// TestErr16 checks Err16 and Dist16 against their definitions on math/big:
// the result of every 251st encoding, and its two neighbours, against the
// exact value of a function of it (x·(1 + 2^-20), a value off every
// encoding) and against the encodings' own values.
func TestErr16(t *testing.T) {
	for _, hf := range halfFormats {
		h, o := hf.h, hf.o
		for i := 0; i < 1<<16; i += 251 {
			x := uint16(i)
			if h.IsNaN(x) || x&0x7fff == h.maxFinite+1 {
				continue
			}
			v := h.Value(x) * (1 + 0x1p-20) // exact in float64
			for _, got := range []uint16{x, x + 1, x - 1} {
				if h.IsNaN(got) || got&0x7fff == h.maxFinite+1 {
					continue
				}
				want := errBig16(o, h, got, v)
				if e := h.Err16(got, DD{v, 0}); e != want {
					t.Errorf("%s Err16(%#04x, %g) = %g, want %g", h.Name, got, v, e, want)
				}
			}
			if d := h.Dist16(x, x+1); x&0x7fff != 0x7fff && d != 1 {
				t.Errorf("%s Dist16(%#04x, next) = %d, want 1", h.Name, x, d)
			}
		}
		if d := h.Dist16(0x8000, 0); d != 0 {
			t.Errorf("%s Dist16(-0, +0) = %d, want 0", h.Name, d)
		}
		if d := h.Dist16(0x8001, 0x0001); d != 2 {
			t.Errorf("%s Dist16(-min, +min) = %d, want 2", h.Name, d)
		}
		if d := h.Dist16(0x7fff, 0x3c00); d != math.MaxUint32 {
			t.Errorf("%s Dist16(NaN, 1) = %d, want MaxUint32", h.Name, d)
		}
	}
}

// errBig16 is |got − v| / ulp(v) on math/big, ulp(v) = 2^(max(e, emin) −
// fracBits) with 2^e ≤ |v| < 2^(e+1).
func errBig16(o oracle.Format16, h *Format16, got uint16, v float64) float64 {
	bv := new(big.Float).SetFloat64(v)
	d := new(big.Float).Sub(o.Value16(got), bv)
	d.Abs(d)
	e := h.emin
	if v != 0 {
		e = max(bv.MantExp(nil)-1, h.emin)
	}
	d.SetMantExp(d, h.fracBits-e)
	f, _ := d.Float64()
	return f
}

func ExampleFormat16_RoundDD16() {
	// 1 + 2^-11 is the midpoint between binary16's 1 and 1 + 2^-10: ties
	// to even give 1; a tiny excess breaks the tie upward.
	fmt.Printf("%#04x %#04x\n", F16.RoundDD16(DD{1 + 0x1p-11, 0}), F16.RoundDD16(DD{1 + 0x1p-11, 0x1p-60}))
	// Output: 0x3c00 0x3c01
}
