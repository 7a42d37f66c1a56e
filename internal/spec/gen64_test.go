package spec_test

import (
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
)

// TestPiOver2Fixed checks the trigonometric generator's constant
// ⌊π/2 · 2^62⌋ against oracle.Pi.
func TestPiOver2Fixed(t *testing.T) {
	pi := oracle.Pi(200)
	for _, end := range []*big.Float{pi.Lo, pi.Hi} {
		v := new(big.Float).SetPrec(200).SetMantExp(end, 61) // π/2 · 2^62
		n, _ := v.Int(nil)
		if !n.IsUint64() || n.Uint64() != spec.PiOver2Fixed {
			t.Errorf("⌊π/2 · 2^62⌋ = %#x, the generators use %#x", n, spec.PiOver2Fixed)
		}
	}
}

// TestSpecials64 checks that the special grid of every binary64 function of
// doubles holds the values DESIGN.md and issue 17 ask for, and that a
// binary function's grid points cover every pair of them.
func TestSpecials64(t *testing.T) {
	b := math.Float64bits
	want := []uint64{0, 1 << 63, 1, 0x000fffffffffffff, 0x0010000000000000, b(1), b(-1), 0x3fefffffffffffff, 0x3ff0000000000001,
		b(2), b(-2), b(0.5), b(-0.5), 0x7fefffffffffffff, 0xffefffffffffffff, b(0x1p52), b(0x1p53), b(0x1p63), b(0x1p64),
		b(0x1p31), b(0x1p32), b(-0x1p31), b(math.Inf(1)), b(math.Inf(-1)),
		0x433fffffffffffff, 0x4340000000000001, 0x43dfffffffffffff, 0x43e0000000000001, 0x43efffffffffffff, 0x43f0000000000001}
	n := 0
	for _, f := range spec.All() {
		if !f.D64() || len(f.In) > 2 || f.In[0] != spec.F64 || f.Family == spec.FamScale {
			continue
		}
		n++
		axis := f.Grid()
		for _, v := range want {
			if !slices.Contains(axis, v) {
				t.Errorf("%s: %s is not on the special grid", f.Name, f64.Format(v))
			}
		}
		var qp, qn, sp, sn int
		for _, v := range axis {
			if !f64.IsNaN(v) {
				continue
			}
			switch {
			case f64.IsSignalling(v) && v>>63 == 0:
				sp++
			case f64.IsSignalling(v):
				sn++
			case v>>63 == 0:
				qp++
			default:
				qn++
			}
		}
		if qp == 0 || qn == 0 || sp == 0 || sn == 0 {
			t.Errorf("%s: NaNs on the grid: %d quiet and %d signalling positive, %d and %d negative", f.Name, qp, sp, qn, sn)
		}
		if f.Arity() == 2 && f.GridLen() != len(axis)*len(axis) {
			t.Errorf("%s: %d grid points, want every pair of %d values", f.Name, f.GridLen(), len(axis))
		}
	}
	if n < 50 {
		t.Fatalf("only %d binary64 functions of doubles", n)
	}
}

// stratum returns the generated inputs of f in stratum s among the first n.
func stratum(f *spec.Func, s, n uint64) []spec.Args {
	var out []spec.Args
	for i := s; i < n; i += 8 {
		out = append(out, f.Input(i))
	}
	return out
}

func lookup(t *testing.T, id string) *spec.Func {
	t.Helper()
	f, ok := spec.Lookup(id)
	if !ok {
		t.Fatalf("%s: not in the catalog", id)
	}
	return f
}

// value returns the exact value of a finite double.
func value(u uint64) *big.Float { return oracle.Value64(u) }

// isTie reports whether v lies exactly halfway between two doubles.
func isTie(v *big.Float) bool {
	lo, hi := oracle.Round64(v, rounding.RD), oracle.Round64(v, rounding.RU)
	if lo == hi || !f64.IsFinite(lo) || !f64.IsFinite(hi) {
		return false
	}
	m := new(big.Float).SetPrec(2200).Add(value(lo), value(hi))
	return m.SetMantExp(m, -1).Cmp(v) == 0
}

// TestInputs64 checks the binary64 generators' strata on their first
// inputs: words of the argument types (nothing past the arity or an array's
// count), and what each stratum promises: exact ties of add, mul and fma,
// exact quotients, products at the subnormal and overflow edges, cancellation,
// halfway 64-bit integers, arguments near the Bessel functions' zeros and
// near multiples of π/2.
func TestInputs64(t *testing.T) {
	const n = 1 << 13
	for _, f := range spec.All() {
		if !f.D64() {
			continue
		}
		for i := range uint64(n) {
			in := f.Input(i)
			words := f.Arity()
			if f.Array {
				words = 1 + spec.ArrayLen(&in)
			}
			for j := range spec.MaxArgs {
				if j >= words && in[j] != 0 {
					t.Fatalf("%s input %d: word %d past the arguments is %#x", f.Name, i, j, in[j])
				}
				if j < words && !f.In[j].Wide() && in[j]>>32 != 0 {
					t.Fatalf("%s input %d: 32-bit argument %d is %#x", f.Name, i, j, in[j])
				}
			}
		}
	}
	exact := func(x, y uint64, op func(z, a, b *big.Float) *big.Float) *big.Float {
		return op(new(big.Float).SetPrec(2200), value(x), value(y))
	}
	count := func(name string, got, of, atLeast int) {
		t.Helper()
		if got*100 < atLeast*of {
			t.Errorf("%s: %d of %d, want at least %d%%", name, got, of, atLeast)
		}
	}
	// __dadd_rn, stratum 5: y = odd multiples of half an ulp of x.
	ties, in := 0, stratum(lookup(t, "i_dadd_rn"), 5, n)
	for _, a := range in {
		if isTie(exact(a[0], a[1], (*big.Float).Add)) {
			ties++
		}
	}
	count("__dadd_rn stratum 5, exact ties", ties, len(in), 90)
	// __dadd_rn, stratum 4: y within 4 ulps of ±x.
	cancel := 0
	for _, a := range stratum(lookup(t, "i_dadd_rn"), 4, n) {
		if d := int64(a[0]&^(1<<63)) - int64(a[1]&^(1<<63)); d >= -4 && d <= 4 {
			cancel++
		}
	}
	count("__dadd_rn stratum 4, |x| and |y| within 4 ulps", cancel, n/8, 99)
	// __dmul_rn, stratum 6: 27-bit odd significands, ties when 54 bits long.
	ties, in = 0, stratum(lookup(t, "i_dmul_rn"), 6, n)
	for _, a := range in {
		if isTie(exact(a[0], a[1], (*big.Float).Mul)) {
			ties++
		}
	}
	count("__dmul_rn stratum 6, exact ties", ties, len(in), 30)
	// __dmul_rn, strata 4 and 5: products at the subnormal and overflow edges.
	edge := 0
	for _, s := range []uint64{4, 5} {
		for _, a := range stratum(lookup(t, "i_dmul_rn"), s, n) {
			e := exact(a[0], a[1], (*big.Float).Mul).MantExp(nil) - 1
			if s == 4 && e < -1010 || s == 5 && e > 1015 {
				edge++
			}
		}
	}
	count("__dmul_rn strata 4-5 at the subnormal or overflow edge", edge, n/4, 90)
	// __ddiv_rn, stratum 6: exact quotients.
	exactQ, in := 0, stratum(lookup(t, "i_ddiv_rn"), 6, n)
	for _, a := range in {
		if q := oracle.Div64(a[0], a[1], rounding.RZ); q == oracle.Div64(a[0], a[1], rounding.RU) {
			exactQ++
		}
	}
	count("__ddiv_rn stratum 6, exact quotients", exactQ, len(in), 90)
	// __fma_rn, stratum 6: ties of x·y + z.
	ties, in = 0, stratum(lookup(t, "i_fma_rn"), 6, n)
	for _, a := range in {
		p := exact(a[0], a[1], (*big.Float).Mul)
		if isTie(p.Add(p, value(a[2]))) {
			ties++
		}
	}
	count("__fma_rn stratum 6, exact ties", ties, len(in), 10)
	// __ll2double_rn, strata 4 and 5: halfway between doubles, ± 2.
	half := 0
	for _, s := range []uint64{4, 5} {
		for _, a := range stratum(lookup(t, "i_ll2double_rn"), s, n) {
			v := new(big.Float).SetPrec(2200).SetInt(big.NewInt(int64(a[0])))
			for d := int64(-2); d <= 2; d++ {
				if isTie(new(big.Float).Sub(v, new(big.Float).SetInt64(d))) {
					half++
					break
				}
			}
		}
	}
	count("__ll2double_rn strata 4-5 within 2 of a tie", half, n/4, 99)
	// j0, stratum 4: within 2^12 ulps of a zero of J0, J1, Y0 or Y1.
	near := 0
	for _, a := range stratum(lookup(t, "j0"), 4, n) {
		for _, zs := range spec.BesselZeros64 {
			for _, z := range zs {
				if d := int64(a[0]&^(1<<63)) - int64(z); d >= -1<<12 && d <= 1<<12 {
					near++
				}
			}
		}
	}
	count("j0 stratum 4 near a zero", near, n/8, 99)
	// sin, stratum 4: x/(π/2) within 2^-30 of an integer (k < 2^16, x one
	// of the doubles nearest k·π/2 ± 4 ulps: k·2^-50 at most).
	piHalf := new(big.Float).SetPrec(200).SetMantExp(oracle.Pi(200).Lo, -1)
	nearPi := 0
	for _, a := range stratum(lookup(t, "sin"), 4, n) {
		x := new(big.Float).SetPrec(200).Abs(value(a[0]))
		k := new(big.Float).SetPrec(200).Quo(x, piHalf)
		ki, _ := k.Int(nil)
		kr := new(big.Float).SetPrec(200).SetInt(ki)
		if d := new(big.Float).Sub(k, kr); d.Abs(d).Cmp(big.NewFloat(0x1p-30)) < 0 || new(big.Float).Sub(kr.Add(kr, big.NewFloat(1)), k).Cmp(big.NewFloat(0x1p-30)) < 0 {
			nearPi++
		}
	}
	count("sin stratum 4 near a multiple of π/2", nearPi, n/8, 99)
	// norm: counts 1…8, every one.
	var dims [spec.MaxArray + 1]int
	for i := range uint64(n) {
		dims[lookup(t, "norm").Input(i)[0]]++
	}
	for d := 1; d <= spec.MaxArray; d++ {
		if dims[d] < n/spec.MaxArray*8/10 {
			t.Errorf("norm: count %d in %d of %d inputs", d, dims[d], n)
		}
	}
}
