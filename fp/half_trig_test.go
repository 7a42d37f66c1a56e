package fp_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// The 16-bit sine, cosine, hyperbolic tangent and division (half_trig.go,
// half_div.go) against the oracle: the correct rounding of the exact
// function (oracle.Func.Round16) where they give it, NVIDIA's documented
// bounds of the float32 approximations inside them elsewhere.
// internal/golden's TestDevice and cudafp verify check them against the
// device.

// halfTrig lists the unary functions by catalog ID with their reference;
// fastCR is false where -use_fast_math (FastLib) swaps in an approximation.
var halfTrig = []struct {
	id     string
	ref    *oracle.Func
	fm     oracle.Format16
	f      func(fp.Flags, uint16) uint16
	pkg    func(uint16) uint16
	fastCR bool
}{
	{"f16_hsin", oracle.Sin, oracle.F16, fp.Flags.HsinF16, fp.HsinF16, true},
	{"bf16_hsin", oracle.Sin, oracle.BF16, fp.Flags.HsinBF16, fp.HsinBF16, false},
	{"f16_hcos", oracle.Cos, oracle.F16, fp.Flags.HcosF16, fp.HcosF16, true},
	{"bf16_hcos", oracle.Cos, oracle.BF16, fp.Flags.HcosBF16, fp.HcosBF16, false},
	{"f16_htanh", oracle.Tanh, oracle.F16, fp.Flags.HtanhF16, fp.HtanhF16, false},
	{"bf16_htanh", oracle.Tanh, oracle.BF16, fp.Flags.HtanhBF16, fp.HtanhBF16, true},
}

// gen16 draws a uniform 16-bit encoding.
func gen16(p *gopter.GenParameters) *gopter.GenResult {
	return gopter.NewGenResult(uint16(p.Rng.Uint32()), gopter.NoShrinker)
}

// halfProps returns gopter properties with the fixed, logged seed and 1,000
// cases (100 with -short).
func halfProps(t *testing.T) *gopter.Properties {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	params := gopter.DefaultTestParametersWithSeed(int64(seed))
	params.MinSuccessfulTests = 1000
	if testing.Short() {
		params.MinSuccessfulTests = 100
	}
	return gopter.NewProperties(params)
}

// halfTrigCheck returns "" when function i of halfTrig is correctly rounded
// at x under each captured flag set where it should be, and its
// package-level form gives the Flags{} result; else a description.
func halfTrigCheck(i int, x uint16) string {
	c := halfTrig[i]
	var bad []string
	want := c.ref.Round16(c.fm, c.fm.ToF32(x), 0, rounding.RN)
	for _, fl := range spec.FlagSets {
		if fl.FastLib && !c.fastCR {
			continue
		}
		if got := c.f(fl, x); got != want {
			bad = append(bad, fmt.Sprintf("[%s] %s(%#04x) = %#04x, correctly rounded %#04x", fl.Name(), c.id, x, got, want))
		}
	}
	if got, def := c.pkg(x), c.f(fp.Flags{}, x); got != def {
		bad = append(bad, fmt.Sprintf("fp package-level %s(%#04x) = %#04x, Flags{} %#04x", c.id, x, got, def))
	}
	return strings.Join(bad, "; ")
}

// TestHalfTrigCR checks that hsin, hcos and htanh of both formats are
// correctly rounded (to nearest even) under every captured flag set but
// the -use_fast_math forms that become approximations (TestHalfTrigFast):
// on random encodings (gopter, CUDAFP_SEED), or on all 65,536 with
// CUDAFP_EXHAUSTIVE. The binary16 hsin and hcos are so thanks to their
// corrections (TestHalfTrigCorrections).
func TestHalfTrigCR(t *testing.T) {
	if testflag.Exhaustive() {
		for i := range halfTrig {
			for u := range 1 << 16 {
				if s := halfTrigCheck(i, uint16(u)); s != "" {
					t.Fatal(s)
				}
			}
		}
		t.Logf("%d functions correctly rounded on all 65,536 encodings", len(halfTrig))
		return
	}
	props := halfProps(t)
	for i, c := range halfTrig {
		props.Property(c.id+" correctly rounded", prop.ForAll(func(x uint16) string { return halfTrigCheck(i, x) }, gen16))
	}
	props.TestingRun(t)
}

// TestHalfTrigCorrections checks the binary16 hsin and hcos corrections
// (the set.eq and fma.rn.f16 pairs after the rounding back): each fires on
// one value of |x|, both signs of which the kernel without it misrounds
// and it rounds correctly.
func TestHalfTrigCorrections(t *testing.T) {
	for _, c := range []struct {
		name string
		ref  *oracle.Func
		raw  func(uint16) uint16
		full func(uint16) uint16
		spc  []uint16
	}{
		{"hsin", oracle.Sin, func(x uint16) uint16 { return fp.HalfTrigRawF16(x, false) }, fp.HsinF16, fp.HalfTrigCorrF16(false)},
		{"hcos", oracle.Cos, func(x uint16) uint16 { return fp.HalfTrigRawF16(x, true) }, fp.HcosF16, fp.HalfTrigCorrF16(true)},
	} {
		for _, s := range c.spc {
			for _, x := range []uint16{s, s | 0x8000} {
				cr := c.ref.Round16(oracle.F16, rounding.F16ToF32(x), 0, rounding.RN)
				if raw := c.raw(x); raw == cr {
					t.Errorf("%s(%#04x): the uncorrected kernel gives %#04x, already correctly rounded", c.name, x, raw)
				}
				if got := c.full(x); got != cr {
					t.Errorf("%s(%#04x) = %#04x, correctly rounded %#04x", c.name, x, got, cr)
				}
			}
		}
		// Elsewhere the corrections change nothing.
		n := 0
		for u := range 1 << 16 {
			x := uint16(u)
			hit := false
			for _, s := range c.spc {
				hit = hit || x&0x7fff == s
			}
			if got, raw := c.full(x), c.raw(x); !hit && got != raw && !(oracle.F16.IsNaN(got) && oracle.F16.IsNaN(raw)) {
				t.Fatalf("%s(%#04x) = %#04x, the uncorrected kernel %#04x", c.name, x, got, raw)
			}
			n++
		}
		t.Logf("%s: %d corrections, %d inputs", c.name, len(c.spc), n)
	}
}

// key16 is the order of 16-bit encodings as numbers (not NaN).
func key16(u uint16) int {
	if u&0x8000 != 0 {
		return -int(u & 0x7fff)
	}
	return int(u)
}

// TestHalfTrigFast checks the approximations within NVIDIA's documented
// bounds of the float32 instruction inside, widened by the rounding to 16
// bits: the result lies between the 16-bit rounding down of the exact value
// less the bound and the rounding up of it plus the bound.
//   - bfloat16 hsin and hcos under -use_fast_math are __sinf and __cosf:
//     "For x in [-π, π], the maximum absolute error is 2^-21.19, and larger
//     otherwise" (CUDA C++ Programming Guide 13.0, intrinsics table, as
//     intrinsics.Sinf records it); checked with 2^-21 on |x| ≤ 3.140625.
//   - binary16 htanh under -use_fast_math and htanh_approx of both formats
//     are tanh.approx.f32's datapath: "maximum relative error 2^-11" (PTX
//     ISA 9.1, as ptx.TanhApprox records it), then rounded to nearest or
//     truncated.
//
// On random encodings, or all 65,536 with CUDAFP_EXHAUSTIVE.
func TestHalfTrigFast(t *testing.T) {
	fast := fp.FastMath
	abs := new(big.Float).SetMantExp(big.NewFloat(1), -21)
	rel := new(big.Float).SetMantExp(big.NewFloat(1), -11)
	cases := []struct {
		id    string
		ref   *oracle.Func
		fm    oracle.Format16
		f     func(uint16) uint16
		limit uint16 // largest |x| checked
		abs   bool
	}{
		{"bf16_hsin", oracle.Sin, oracle.BF16, func(x uint16) uint16 { return fast.HsinBF16(x) }, 0x4049, true},
		{"bf16_hcos", oracle.Cos, oracle.BF16, func(x uint16) uint16 { return fast.HcosBF16(x) }, 0x4049, true},
		{"f16_htanh", oracle.Tanh, oracle.F16, func(x uint16) uint16 { return fast.HtanhF16(x) }, 0x7bff, false},
		{"f16_htanh_approx", oracle.Tanh, oracle.F16, fp.HtanhApproxF16, 0x7bff, false},
		{"bf16_htanh_approx", oracle.Tanh, oracle.BF16, fp.HtanhApproxBF16, 0x7f7f, false},
	}
	check := func(i int, x uint16) string {
		c := cases[i]
		if x&0x7fff > c.limit {
			return ""
		}
		iv, ok := c.ref.Enclose(c.fm.ToF32(x), 0, 64)
		if !ok {
			return "" // NaN, Inf, a zero: the special cases (TestHalfTrigSpecials)
		}
		lo, hi := new(big.Float).Set(iv.Lo), new(big.Float).Set(iv.Hi)
		if c.abs {
			lo.Sub(lo, abs)
			hi.Add(hi, abs)
		} else {
			lo.Sub(lo, new(big.Float).Mul(new(big.Float).Abs(iv.Lo), rel))
			hi.Add(hi, new(big.Float).Mul(new(big.Float).Abs(iv.Hi), rel))
		}
		got := c.f(x)
		d, u := c.fm.Round16(lo, rounding.RD), c.fm.Round16(hi, rounding.RU)
		if c.fm.IsNaN(got) || key16(got) < key16(d) || key16(got) > key16(u) {
			return fmt.Sprintf("%s(%#04x) = %#04x, outside [%#04x, %#04x]", c.id, x, got, d, u)
		}
		return ""
	}
	if testflag.Exhaustive() {
		for i := range cases {
			for u := range 1 << 16 {
				if s := check(i, uint16(u)); s != "" {
					t.Fatal(s)
				}
			}
		}
		return
	}
	props := halfProps(t)
	for i, c := range cases {
		props.Property(c.id+" within the bound", prop.ForAll(func(x uint16) string { return check(i, x) }, gen16))
	}
	props.TestingRun(t)
}

// TestHalfDivCR checks that __hdiv (and x/y) of both formats is correctly
// rounded under every captured flag set, on random pairs: uniform
// encodings, and pairs in the same binade (close quotients near 1, where
// the binary16 refinement and bfloat16's rounding are tested hardest).
func TestHalfDivCR(t *testing.T) {
	props := halfProps(t)
	for _, c := range []struct {
		id   string
		fm   oracle.Format16
		f    func(fp.Flags, uint16, uint16) uint16
		pkg  func(uint16, uint16) uint16
		bexp uint16 // the exponent field
	}{
		{"f16_hdiv", oracle.F16, fp.Flags.HdivF16, fp.HdivF16, 0x7c00},
		{"bf16_hdiv", oracle.BF16, fp.Flags.HdivBF16, fp.HdivBF16, 0x7f80},
	} {
		gen := func(p *gopter.GenParameters) *gopter.GenResult {
			x, y := uint16(p.Rng.Uint32()), uint16(p.Rng.Uint32())
			if p.Rng.Intn(2) == 0 {
				y = y&^c.bexp | x&c.bexp
			}
			return gopter.NewGenResult([2]uint16{x, y}, gopter.NoShrinker)
		}
		props.Property(c.id+" correctly rounded", prop.ForAll(func(a [2]uint16) string {
			x, y := a[0], a[1]
			want := oracle.Div.Round16(c.fm, c.fm.ToF32(x), c.fm.ToF32(y), rounding.RN)
			var bad []string
			for _, fl := range spec.FlagSets {
				if got := c.f(fl, x, y); got != want {
					bad = append(bad, fmt.Sprintf("[%s] %s(%#04x, %#04x) = %#04x, correctly rounded %#04x", fl.Name(), c.id, x, y, got, want))
				}
			}
			if got, def := c.pkg(x, y), c.f(fp.Flags{}, x, y); got != def {
				bad = append(bad, fmt.Sprintf("fp package-level %s = %#04x, Flags{} %#04x", c.id, got, def))
			}
			return strings.Join(bad, "; ")
		}, gen))
	}
	props.TestingRun(t)
}

// TestHalfTrigSpecials checks the special-case tables of the doc comments
// (half_trig.go, half_div.go) under every captured flag set.
func TestHalfTrigSpecials(t *testing.T) {
	type sc struct{ x, want uint16 }
	nansF16 := []uint16{0x7c01, 0x7fff, 0xfc01, 0xffff}
	nansBF16 := []uint16{0x7f81, 0x7fff, 0xff81, 0xffff}
	withNaN := func(nans []uint16, cs ...sc) []sc {
		for _, n := range nans {
			cs = append(cs, sc{n, 0x7fff})
		}
		return cs
	}
	unary := map[string]struct {
		f  func(fp.Flags, uint16) uint16
		cs []sc
	}{
		"f16_hsin":  {fp.Flags.HsinF16, withNaN(nansF16, sc{0, 0}, sc{0x8000, 0x8000}, sc{0x7c00, 0x7fff}, sc{0xfc00, 0x7fff})},
		"f16_hcos":  {fp.Flags.HcosF16, withNaN(nansF16, sc{0, 0x3c00}, sc{0x8000, 0x3c00}, sc{0x7c00, 0x7fff}, sc{0xfc00, 0x7fff})},
		"f16_htanh": {fp.Flags.HtanhF16, withNaN(nansF16, sc{0, 0}, sc{0x8000, 0x8000}, sc{0x7c00, 0x3c00}, sc{0xfc00, 0xbc00})},
		"bf16_hsin": {fp.Flags.HsinBF16, withNaN(nansBF16, sc{0, 0}, sc{0x8000, 0x8000}, sc{0x0001, 0x0001}, sc{0x807f, 0x807f},
			sc{0x7f80, 0x7fff}, sc{0xff80, 0x7fff})},
		"bf16_hcos":  {fp.Flags.HcosBF16, withNaN(nansBF16, sc{0, 0x3f80}, sc{0x8000, 0x3f80}, sc{0x7f80, 0x7fff}, sc{0xff80, 0x7fff})},
		"bf16_htanh": {fp.Flags.HtanhBF16, withNaN(nansBF16, sc{0, 0}, sc{0x8000, 0x8000}, sc{0x0001, 0x0001}, sc{0x3b7f, 0x3b7f}, sc{0x4100, 0x3f80}, sc{0xff80, 0xbf80})},
	}
	n := 0
	for id, u := range unary {
		for _, fl := range spec.FlagSets {
			for _, c := range u.cs {
				if got := u.f(fl, c.x); got != c.want {
					t.Errorf("[%s] %s(%#04x) = %#04x, want %#04x", fl.Name(), id, c.x, got, c.want)
				}
				n++
			}
		}
	}
	type sc2 struct{ x, y, want uint16 }
	binary := map[string]struct {
		f   func(fp.Flags, uint16, uint16) uint16
		one uint16
		inf uint16
		nan []uint16
	}{
		"f16_hdiv":  {fp.Flags.HdivF16, 0x3c00, 0x7c00, nansF16},
		"bf16_hdiv": {fp.Flags.HdivBF16, 0x3f80, 0x7f80, nansBF16},
	}
	for id, b := range binary {
		cs := []sc2{{0, 0, 0x7fff}, {0x8000, 0, 0x7fff}, {b.inf, b.inf, 0x7fff}, {b.inf | 0x8000, b.inf, 0x7fff},
			{b.one, 0, b.inf}, {b.one, 0x8000, b.inf | 0x8000}, {b.one | 0x8000, 0, b.inf | 0x8000}, {0x0001, 0, b.inf},
			{b.one, b.inf, 0}, {b.one, b.inf | 0x8000, 0x8000}, {b.inf - 1, b.inf, 0}}
		for _, v := range b.nan {
			cs = append(cs, sc2{v, b.one, 0x7fff}, sc2{b.one, v, 0x7fff}, sc2{v, v, 0x7fff})
		}
		for _, fl := range spec.FlagSets {
			for _, c := range cs {
				if got := b.f(fl, c.x, c.y); got != c.want {
					t.Errorf("[%s] %s(%#04x, %#04x) = %#04x, want %#04x", fl.Name(), id, c.x, c.y, got, c.want)
				}
				n++
			}
		}
	}
	t.Logf("%d special cases", n)
}

// BenchmarkHalfDiv times __hdiv of both formats (ns/call) on uniform
// finite pairs.
func BenchmarkHalfDiv(b *testing.B) {
	for _, c := range []struct {
		name string
		f    func(uint16, uint16) uint16
		inf  uint16
	}{{"f16:__hdiv", fp.HdivF16, 0x7c00}, {"bf16:__hdiv", fp.HdivBF16, 0x7f80}} {
		var xs [1024][2]uint16
		s := uint32(1)
		for i := range xs {
			for j := range 2 {
				for {
					s = s*1664525 + 1013904223
					if v := uint16(s >> 16); v&0x7fff < c.inf {
						xs[i][j] = v
						break
					}
				}
			}
		}
		b.Run(c.name, func(b *testing.B) {
			var r uint16
			for b.Loop() {
				for _, p := range xs {
					r += c.f(p[0], p[1])
				}
			}
			sink16 = r
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/call")
		})
	}
}
