package fp_test

import (
	"fmt"
	"math"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
)

// The double trigonometric functions (lib64_trig.go): the Payne–Hanek
// table and reduction against math/big, the documented error bounds
// against the certified references of package ulp, the doc comments'
// special cases against the device's special grid. internal/golden's
// TestDevice checks them against the device.

// pi64Fixed returns π·2^prec (Machin's formula, error far below 2^-1200
// relative for prec = 1600).
func pi64Fixed(prec uint) *big.Int {
	pi := new(big.Int).Mul(atanInv(5, prec), big.NewInt(16))
	return pi.Sub(pi, new(big.Int).Mul(atanInv(239, prec), big.NewInt(4)))
}

// TestI2opi64 recomputes the double Payne–Hanek table from π: the first
// 1152 bits of the fraction of 2/π, least significant 64-bit word first,
// and the fixed-point π/2·2^63 rounded to nearest.
func TestI2opi64(t *testing.T) {
	const prec = 1600
	pi := pi64Fixed(prec)
	frac := new(big.Int).Quo(new(big.Int).Lsh(big.NewInt(1), 1153+prec), pi) // 2/π·2^1152
	if frac.BitLen() > 1152 {
		t.Fatalf("2/π·2^1152 has %d bits", frac.BitLen())
	}
	var got [18]uint64
	w := new(big.Int)
	for i := range got {
		got[i] = w.Rsh(frac, uint(64*i)).Uint64()
	}
	if got != fp.I2opi64 {
		t.Errorf("2/π table: have %016x, π gives %016x", fp.I2opi64, got)
	}
	// π/2·2^63 = π·2^62, rounded to nearest.
	half := new(big.Int).Lsh(big.NewInt(1), prec-63)
	p := new(big.Int).Rsh(new(big.Int).Add(pi, half), prec-62)
	if !p.IsUint64() || p.Uint64() != fp.Pio2Fix64 {
		t.Errorf("π/2·2^63: have %016x, π gives %x", fp.Pio2Fix64, p)
	}
}

// TestTrig64Reduce checks the Payne–Hanek reduction (finite |x| ≥ 2^31) on
// random doubles of every binade from 2^31 up (gopter, CUDAFP_SEED)
// against math/big: q ≡ N (mod 4) for N the integer nearest x·2/π, and
// r = (x·2/π − N)·π/2 within 2^-52 relative (a 64-bit fraction times a
// 64-bit π/2, rounded once).
func TestTrig64Reduce(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	params := gopter.DefaultTestParametersWithSeed(int64(seed))
	params.MinSuccessfulTests = 2000
	if testing.Short() {
		params.MinSuccessfulTests = 200
	}
	const prec = 1600
	pi := new(big.Float).SetPrec(2200).SetInt(pi64Fixed(prec))
	pi.SetMantExp(pi, -prec)
	twoOverPi := new(big.Float).SetPrec(2200).Quo(big.NewFloat(2).SetPrec(2200), pi)
	pio2 := new(big.Float).SetPrec(2200).Quo(pi, big.NewFloat(2))
	gen := func(p *gopter.GenParameters) *gopter.GenResult {
		e := uint64(1054 + p.Rng.Intn(2047-1054)) // 2^31 ≤ |x| < +Inf
		u := uint64(p.Rng.Intn(2))<<63 | e<<52 | p.Rng.Uint64()>>12
		return gopter.NewGenResult(u, gopter.NoShrinker)
	}
	props := gopter.NewProperties(params)
	props.Property("reduction = math/big", prop.ForAll(func(u uint64) string {
		x := math.Float64frombits(u)
		r, q := fp.Trig64Reduce(x)
		y := new(big.Float).SetPrec(2200).Mul(new(big.Float).SetFloat64(x), twoOverPi)
		n, acc := new(big.Float).SetPrec(2200).Add(y, big.NewFloat(0.5)).Int(nil)
		if acc == big.Above { // Int truncates toward 0: floor(y + 1/2) below it
			n.Sub(n, big.NewInt(1))
		}
		f := new(big.Float).SetPrec(2200).Sub(y, new(big.Float).SetPrec(2200).SetInt(n))
		want := new(big.Float).SetPrec(2200).Mul(f, pio2)
		if nq := new(big.Int).And(n, big.NewInt(3)).Uint64(); uint64(q&3) != nq {
			return fmt.Sprintf("x = %x: q ≡ %d (mod 4), want %d", x, q&3, nq)
		}
		d := new(big.Float).Sub(new(big.Float).SetFloat64(r), want)
		lim := new(big.Float).SetMantExp(new(big.Float).Abs(want), -52)
		if d.Abs(d).Cmp(lim) > 0 {
			w, _ := want.Float64()
			return fmt.Sprintf("x = %x: r = %x, want %x (error above 2^-52 relative)", x, r, w)
		}
		return ""
	}, gen))
	props.TestingRun(t)
}

// trig64Unary lists the unary functions of lib64_trig.go by catalog ID.
var trig64Unary = []unaryBound64{
	{"sin", func(fl fp.Flags) func(float64) float64 { return fl.Sin }, fp.Sin, -10, 10},
	{"cos", func(fl fp.Flags) func(float64) float64 { return fl.Cos }, fp.Cos, -10, 10},
	{"tan", func(fl fp.Flags) func(float64) float64 { return fl.Tan }, fp.Tan, -10, 10},
	{"sinpi", func(fl fp.Flags) func(float64) float64 { return fl.Sinpi }, fp.Sinpi, -4, 4},
	{"cospi", func(fl fp.Flags) func(float64) float64 { return fl.Cospi }, fp.Cospi, -4, 4},
}

// TestLib64TrigAccuracy checks the documented ulp bound (CUDA C++
// Programming Guide 13.0, Table 18, in the catalog) of sin, cos, tan,
// sinpi and cospi under every captured flag set against ulp.Ref64, on
// random inputs (gopter, CUDAFP_SEED; a quarter uniform bit patterns, so
// mostly Payne–Hanek arguments), that the package-level function is the
// default flags' method, and that sincos and sincospi return sin and cos,
// sinpi and cospi, bit for bit.
func TestLib64TrigAccuracy(t *testing.T) {
	props := testflag.Properties(t, 2000, 200)
	addUnaryBound64(t, props, trig64Unary)
	for _, c := range []struct {
		id       string
		pair     func(fp.Flags) func(float64) (float64, float64)
		pkg      func(float64) (float64, float64)
		sin, cos func(float64) float64
	}{
		{"sincos", func(fl fp.Flags) func(float64) (float64, float64) { return fl.Sincos }, fp.Sincos, fp.Sin, fp.Cos},
		{"sincospi", func(fl fp.Flags) func(float64) (float64, float64) { return fl.Sincospi }, fp.Sincospi, fp.Sinpi, fp.Cospi},
	} {
		props.Property(c.id+" = its two functions", prop.ForAll(func(x float64) string {
			ws, wc := math.Float64bits(c.sin(x)), math.Float64bits(c.cos(x))
			var bad []string
			for _, fl := range spec.FlagSets {
				s, co := c.pair(fl)(x)
				if gs, gc := math.Float64bits(s), math.Float64bits(co); gs != ws || gc != wc {
					bad = append(bad, fmt.Sprintf("[%s] %s(%x) = %s, %s; the two functions %s, %s", fl.Name(), c.id, x, f64.Format(gs), f64.Format(gc), f64.Format(ws), f64.Format(wc)))
				}
			}
			if s, co := c.pkg(x); math.Float64bits(s) != ws || math.Float64bits(co) != wc {
				bad = append(bad, fmt.Sprintf("fp package-level %s(%x) = %x, %x", c.id, x, s, co))
			}
			return strings.Join(bad, "; ")
		}, lib64Gen(-1e3, 1e3)))
	}
	props.TestingRun(t)
}

// trig64Specials are the special-case rows of lib64_trig.go's doc comments
// on points of the golden special grid, each checked against the emulation
// and against the device's output at the same input.
var trig64Specials = []struct {
	id      string
	in      uint64
	want    uint64
	why     string
	wantAlt uint64 // the second result of sincos and sincospi; 0 for the others
}{
	{"sin", nZero64, nZero64, "Sin(-0) = -0", 0},
	{"sin", pInf64, dNaN64, "Sin(+Inf) = NaN", 0},
	{"sin", nInf64, dNaN64, "Sin(-Inf) = NaN", 0},
	{"sin", sNaN1, sNaN1 | 1<<51, "Sin(NaN) = x quieted", 0},
	{"cos", nZero64, one64, "Cos(-0) = 1", 0},
	{"cos", nInf64, dNaN64, "Cos(-Inf) = NaN", 0},
	{"cos", qNaN2, qNaN2, "Cos(NaN) = x", 0},
	{"tan", nZero64, nZero64, "Tan(-0) = -0", 0},
	{"tan", pInf64, dNaN64, "Tan(+Inf) = NaN", 0},
	{"tan", sNaN1, sNaN1 | 1<<51, "Tan(NaN) = x quieted", 0},
	{"sinpi", nZero64, nZero64, "Sinpi(-0) = -0", 0},
	{"sinpi", 0xc000000000000000, nZero64, "Sinpi(-2) = -0", 0},
	{"sinpi", 0x4330000000000001, 0, "Sinpi(n) = +0 for an integer n > 0", 0},
	{"sinpi", nInf64, dNaN64, "Sinpi(-Inf) = NaN", 0},
	{"sinpi", sNaN1, sNaN1 | 1<<51, "Sinpi(NaN) = x quieted", 0},
	{"cospi", nZero64, one64, "Cospi(-0) = 1", 0},
	{"cospi", 0x3fe0000000000000, 0, "Cospi(1/2) = +0", 0},
	{"cospi", 0xbff8000000000000, 0, "Cospi(-3/2) = +0", 0},
	{"cospi", 0x432fffffffffffff, 0, "Cospi(2^52 − 1/2) = +0", 0},
	{"cospi", 0x4340000000000001, one64, "Cospi(x) = 1 for |x| > 2^53", 0},
	{"cospi", 0xffefffffffffffff, one64, "Cospi(-MaxFloat64) = 1", 0},
	{"cospi", pInf64, dNaN64, "Cospi(+Inf) = NaN", 0},
	{"cospi", sNaN1, sNaN1 | 1<<51, "Cospi(NaN) = x quieted", 0},
	{"sincos", nZero64, nZero64, "Sincos(-0) = -0, 1", one64},
	{"sincos", nInf64, dNaN64, "Sincos(-Inf) = NaN, NaN", dNaN64},
	{"sincos", sNaN1, sNaN1 | 1<<51, "Sincos(NaN) = x quieted twice", sNaN1 | 1<<51},
	{"sincospi", nZero64, nZero64, "Sincospi(-0) = -0, 1", one64},
	{"sincospi", 0xc000000000000000, nZero64, "Sincospi(-2) = -0, 1", one64},
	{"sincospi", 0xbff0000000000000, nZero64, "Sincospi(-1) = -0, -1", nOne64},
	{"sincospi", 0x3fe0000000000000, one64, "Sincospi(1/2) = 1, +0", 0},
	{"sincospi", 0xbff8000000000000, one64, "Sincospi(-3/2) = 1, +0", 0},
	{"sincospi", 0xc340000000000001, nZero64, "Sincospi(x) = -0, 1 for x < -2^53", one64},
	{"sincospi", pInf64, dNaN64, "Sincospi(+Inf) = NaN, NaN", dNaN64},
	{"sincospi", qNaN2, qNaN2, "Sincospi(NaN) = x twice", qNaN2},
}

func TestLib64TrigSpecialCases(t *testing.T) {
	fns := map[string]func(float64) (float64, float64){"sincos": fp.Sincos, "sincospi": fp.Sincospi}
	for _, c := range trig64Unary {
		fns[c.id] = func(x float64) (float64, float64) { return c.pkg(x), 0 }
	}
	for _, r := range trig64Specials {
		g0, g1 := fns[r.id](math.Float64frombits(r.in))
		if got, alt := math.Float64bits(g0), math.Float64bits(g1); got != r.want || alt != r.wantAlt {
			t.Errorf("%s: %s(%s) = %s, %s; want %s, %s", r.why, r.id, f64.Format(r.in), f64.Format(got), f64.Format(alt), f64.Format(r.want), f64.Format(r.wantAlt))
		}
		f, err := golden.Load(filepath.Join("..", "testdata", "golden", def.Name(), r.id+".txt.gz"))
		if err != nil {
			t.Fatal(err)
		}
		i := -1
		for j, v := range f.Grid {
			if v == r.in {
				i = j
			}
		}
		if i < 0 {
			t.Fatalf("%s: %s is not on the device's special grid", r.why, f64.Format(r.in))
		}
		if dev := f.Special[i]; dev != r.want {
			t.Errorf("%s: table says %s(%s) = %s, device %s", r.why, r.id, f64.Format(r.in), f64.Format(r.want), f64.Format(dev))
		}
		if f.Special2 != nil && f.Special2[i] != r.wantAlt {
			t.Errorf("%s: table says %s(%s)'s second result is %s, device %s", r.why, r.id, f64.Format(r.in), f64.Format(r.wantAlt), f64.Format(f.Special2[i]))
		}
	}
}

// The seven functions join BenchmarkFuncs64 and TestNoAllocs64, each next
// to package math's function on the same inputs (sinpi, cospi: of π·x).
func init() {
	un := func(name string, lo, hi float64, f func(fp.Flags, float64) float64, native func(float64) float64) bench64 {
		return bench64{name, 1, lo, hi,
			func(fl fp.Flags, x, _, _ float64) float64 { return f(fl, x) },
			func(x, _, _ float64) float64 { return native(x) }}
	}
	sum := func(f func(float64) (float64, float64)) func(float64) float64 {
		return func(x float64) float64 { s, c := f(x); return s + c }
	}
	bench64Cases = append(bench64Cases,
		un("sin", -10, 10, fp.Flags.Sin, math.Sin),
		un("cos", -10, 10, fp.Flags.Cos, math.Cos),
		un("tan", -10, 10, fp.Flags.Tan, math.Tan),
		un("sincos", -10, 10, func(fl fp.Flags, x float64) float64 { return sum(fl.Sincos)(x) }, sum(math.Sincos)),
		un("sinpi", -4, 4, fp.Flags.Sinpi, func(x float64) float64 { return math.Sin(math.Pi * x) }),
		un("cospi", -4, 4, fp.Flags.Cospi, func(x float64) float64 { return math.Cos(math.Pi * x) }),
		un("sincospi", -4, 4, func(fl fp.Flags, x float64) float64 { return sum(fl.Sincospi)(x) }, func(x float64) float64 { return sum(math.Sincos)(math.Pi * x) }),
		un("sin/huge", 1e10, 1e300, fp.Flags.Sin, math.Sin),
	)
}
