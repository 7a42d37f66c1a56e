package ulp

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	fp64 "github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

func b64(f float64) uint64 { return math.Float64bits(f) }

func (r *Ref64) call(x, y uint64) string {
	if r.arity == 1 {
		return fmt.Sprintf("%s(%s)", r.name, fp64.Format(x))
	}
	return fmt.Sprintf("%s(%s, %s)", r.name, fp64.Format(x), fp64.Format(y))
}

// draw64 returns an argument drawn from one of several strata: uniform bit
// patterns, uniform reals in the function's working domain, uniform
// exponents there, and the hard inputs of hard64 (near overflow and
// underflow thresholds, tiny arguments, huge trigonometric arguments, exact
// cases), each perturbed by a few ulps.
func draw64(r *rand.Rand, name string) uint64 {
	lo, hi := domain64(name)
	switch r.IntN(8) {
	case 0:
		return r.Uint64()
	case 1, 2:
		return b64(lo + (hi-lo)*r.Float64())
	case 3, 4: // uniform exponent in [2^-60, max(|lo|, |hi|)], either sign
		m := math.Max(math.Abs(lo), math.Abs(hi))
		e := -60 + r.Float64()*(math.Log2(m)+60)
		v := math.Exp2(e)
		if lo < 0 && r.IntN(2) == 0 {
			v = -v
		}
		return b64(v)
	case 5: // tiny arguments
		return b64(math.Ldexp(1+r.Float64(), -30-r.IntN(1045))) ^ uint64(r.IntN(2))<<63
	}
	hs := hard64(name)
	u := hs[r.IntN(len(hs))]
	if fp64.IsNaN(u) || fp64.IsInf(u) {
		return u
	}
	return uint64(int64(u) + int64(r.IntN(9)) - 4)
}

// domain64 returns the interval where the function does its real work.
func domain64(name string) (lo, hi float64) {
	switch name {
	case "exp", "expm1":
		return -746, 710
	case "exp2":
		return -1076, 1025
	case "exp10":
		return -324, 309
	case "log", "log2", "log10":
		return 0, 4
	case "log1p":
		return -1, 4
	case "sin", "cos", "tan":
		return -10, 10
	case "sinpi", "cospi":
		return -4, 4
	case "asin", "acos", "atanh":
		return -1, 1
	case "atan", "asinh", "atan2", "cbrt", "rcbrt", "hypot", "rhypot":
		return -1e6, 1e6
	case "acosh":
		return 1, 1e3
	case "sinh", "cosh", "tanh":
		return -720, 720
	case "pow":
		return 0, 16
	case "rsqrt":
		return 0, 1e6
	case "erf", "erfc", "erfcx", "normcdf", "lgamma", "tgamma":
		return -30, 30
	case "erfinv":
		return -1, 1
	case "erfcinv":
		return 0, 2
	case "normcdfinv":
		return 0, 1
	}
	return -2, 2
}

// hard64 returns hard inputs of a function: range thresholds, exact cases
// and the neighbourhoods the kernels treat apart.
func hard64(name string) []uint64 {
	fs := []float64{0, 1, -1, 0.5, 2, 0x1p-54, -0x1p-54, 0x1p-26, 0x1p-1074, 0x1p-1022, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	switch name {
	case "exp", "expm1":
		fs = append(fs, 709.78, 709.79, 709.7827128933840, -745.13321910194110, -745.2, -708.4, -38.5, 0x1p-10, 700)
	case "exp2":
		fs = append(fs, 1024, 1023, -1022, -1074, -1075, -1074.5, 3, -7, 0x1p-55)
	case "exp10":
		fs = append(fs, 22, 23, 24, 308.25, 308.26, -323.6, -323.61, -307, 5, 0x1p-56)
	case "log", "log2", "log10", "log1p":
		fs = append(fs, 1-0x1p-53, 1+0x1p-52, 0x1p-1073, 8, 1e22, 1e21, 10, 1-0x1p-8, 1+0x1p-7, 0x1p1023, -0.5, 0x1p-7)
	case "sin", "cos", "tan":
		fs = append(fs, math.Pi, math.Pi/2, 0x1p1023, 1e300, 6381956970095103*0x1p797, 355, 103993, 1e22, 0x1p-27, math.Pi/64)
	case "sinpi", "cospi":
		fs = append(fs, 0.25, 1.5, 0x1p52, 0x1p52+1, 0x1p53, 1.0/32, 0x1p-900, 0x1p-1000, 0x1p-30, 3.5)
	case "asin", "acos", "atan", "atan2", "atanh":
		fs = append(fs, 0.5, -0.5, 1-0x1p-53, 1.0/64, 0x1p-27, 0x1p-60, 0x1p60, 0x1p1000, 0x1p-1000, 0.999, 1e300)
	case "sinh", "cosh", "tanh", "asinh", "acosh":
		fs = append(fs, 0.125, 40, 20, 710.48, 710.47, 0x1p28, 0.5, 1+0x1p-52, 2, 0x1p-27)
	case "pow":
		fs = append(fs, 3, 0.25, 10, 9, 1.5, -2, -8, 0x1p-1074, 1+0x1p-52, 1-0x1p-53, 1e300, 2.5, 0.1)
	case "cbrt", "rcbrt", "rsqrt", "hypot", "rhypot":
		fs = append(fs, 27, 8, 3, 4, 5, 0x1p-1074, 0x1p-1060, 1e300, 0.125, 12, 0x1p-600, 0x1p600, 64)
	}
	us := make([]uint64, len(fs))
	for i, f := range fs {
		us[i] = b64(f)
	}
	return us
}

func properties64(t *testing.T, n int) *gopter.Properties {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	params := gopter.DefaultTestParametersWithSeed(int64(seed))
	params.MinSuccessfulTests = n
	if testflag.Exhaustive() {
		params.MinSuccessfulTests = 50 * n
	}
	if testing.Short() {
		params.MinSuccessfulTests = n / 10
	}
	return gopter.NewProperties(params)
}

// checkKernel64 checks a kernel's enclosure against a certified enclosure
// of the oracle much narrower than its bound: |2^scale·(hi + lo) − f| ≤
// 2^scale·err. It returns a failure message and |Value − f|/bound.
func checkKernel64(ref *Ref64, x, y uint64) (string, float64) {
	k := ref.kernel(x, y)
	if k.slow || k.side != 0 || k.v.hi != k.v.hi || math.IsInf(k.v.hi, 0) {
		return "", 0
	}
	if k.scale == 2000 || k.scale == -3000 { // a range representative
		return "", 0
	}
	prec := uint(300)
	if k.v.err > 0 && k.v.hi != 0 {
		prec = max(prec, uint(64-math.Log2(k.v.err/math.Abs(k.v.hi))))
	}
	iv, ok := ref.orc.Enclose(x, y, prec)
	if !ok {
		return "", 0
	}
	v := new(big.Float).SetMantExp(ddBig(k.v.hi, k.v.lo), k.scale)
	d := new(big.Float).Sub(v, iv.Lo)
	d.Abs(d)
	if d2 := new(big.Float).Sub(v, iv.Hi); d2.Abs(d2).Cmp(d) > 0 {
		d = d2
	}
	bound := new(big.Float).SetMantExp(big.NewFloat(k.v.err), k.scale)
	ratio := 0.0
	if k.v.err > 0 {
		q := new(big.Float).Quo(d, bound)
		ratio, _ = q.Float64()
	}
	if d.Cmp(bound) > 0 {
		return fmt.Sprintf("%s: kernel %v·2^%d ± %g, f ∈ [%s, %s]: |Value − f| = %s > bound",
			ref.call(x, y), DD{k.v.hi, k.v.lo}, k.scale, k.v.err, iv.Lo.Text('g', 30), iv.Hi.Text('g', 30), d.Text('g', 5)), ratio
	}
	return "", ratio
}

// TestRef64Property compares every binary64 reference's fast path with its
// oracle in all four modes on drawn inputs (draw64), checks Eval64 against
// Round, and checks each kernel's error bound against a certified enclosure.
func TestRef64Property(t *testing.T) {
	props := properties64(t, 1000)
	// pow's oracle is the slowest (its hard cases of tiny y need 2048 bits).
	slowProps := properties64(t, 250)
	type counts struct {
		rounds, fast, checks atomic.Int64
		maxRatio             atomic.Uint64
	}
	cs := map[string]*counts{}
	for _, ref := range refs64 {
		if ref.k1 != nil && ref.k1(0).slow { // no fast path: TestRef64Special
			continue
		}
		c := new(counts)
		cs[ref.name] = c
		ps := props
		if ref.name == "pow" {
			ps = slowProps
		}
		ps.Property(ref.name+" = oracle", prop.ForAll(func(in [2]uint64) string {
			x, y := in[0], in[1]
			k := ref.kernel(x, y)
			var bad []string
			want, ok := ref.orc.RoundAll(x, y)
			if !ok {
				return ""
			}
			for i, m := range rounding.Modes {
				c.rounds.Add(1)
				got, decided := k.round(m)
				if decided {
					c.fast.Add(1)
					if got != want[i] {
						bad = append(bad, fmt.Sprintf("%s %v: fast path %s, oracle %s", ref.call(x, y), m, fp64.Format(got), fp64.Format(want[i])))
					}
				}
				if ew, _, _ := ref.Eval64(x, y, m); ew != want[i] {
					bad = append(bad, fmt.Sprintf("%s %v: Eval64 %s, oracle %s", ref.call(x, y), m, fp64.Format(ew), fp64.Format(want[i])))
				}
			}
			msg, ratio := checkKernel64(ref, x, y)
			c.checks.Add(1)
			storeMax(&c.maxRatio, ratio)
			if msg != "" {
				bad = append(bad, msg)
			}
			return strings.Join(bad, "\n")
		}, func(p *gopter.GenParameters) *gopter.GenResult {
			r := rand.New(rand.NewPCG(p.Rng.Uint64(), 0))
			return gopter.NewGenResult([2]uint64{draw64(r, ref.name), draw64(r, ref.name)}, gopter.NoShrinker)
		}))
	}
	props.TestingRun(t)
	slowProps.TestingRun(t)
	for _, ref := range refs64 {
		c := cs[ref.name]
		if c == nil {
			continue
		}
		t.Logf("%-6s %6d roundings (%5.2f%% by the fast path), %5d bound checks, max |Value−f|/bound %.3g",
			ref.name, c.rounds.Load(), 100*float64(c.fast.Load())/float64(max(c.rounds.Load(), 1)), c.checks.Load(), math.Float64frombits(c.maxRatio.Load()))
	}
}

// ref64SC is the special-case table of the binary64 references: rows of
// the kernels' and oracles' "Special cases are:" tables (C99 Annex F); want
// holds in every mode.
var ref64SC = []struct {
	name string
	x, y float64
	want float64
}{
	{"exp", math.NaN(), 0, math.NaN()},
	{"exp", math.Inf(1), 0, math.Inf(1)},
	{"exp", math.Inf(-1), 0, 0},
	{"exp", math.Copysign(0, -1), 0, 1},
	{"exp2", 3, 0, 8},
	{"exp2", -1074, 0, 0x1p-1074},
	{"exp10", 22, 0, 1e22},
	{"expm1", math.Inf(-1), 0, -1},
	{"expm1", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"log", 0, 0, math.Inf(-1)},
	{"log", -1, 0, math.NaN()},
	{"log", math.Inf(1), 0, math.Inf(1)},
	{"log", 1, 0, 0},
	{"log2", 0x1p-1074, 0, -1074},
	{"log2", 0x1p1023, 0, 1023},
	{"log10", 1e22, 0, 22},
	{"log1p", -1, 0, math.Inf(-1)},
	{"log1p", -2, 0, math.NaN()},
	{"log1p", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"sin", math.Inf(1), 0, math.NaN()},
	{"sin", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"cos", math.Inf(-1), 0, math.NaN()},
	{"cos", 0, 0, 1},
	{"tan", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"sinpi", 3, 0, 0},
	{"sinpi", -3, 0, math.Copysign(0, -1)},
	{"sinpi", 2.5, 0, 1},
	{"sinpi", -1.5, 0, 1},
	{"cospi", 0.5, 0, 0},
	{"cospi", -3, 0, -1},
	{"cospi", 0x1p60, 0, 1},
	{"asin", 2, 0, math.NaN()},
	{"asin", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"acos", 1, 0, 0},
	{"acos", -1.5, 0, math.NaN()},
	{"atan", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"atan2", math.Copysign(0, -1), 1, math.Copysign(0, -1)},
	{"atan2", 1, math.Inf(1), 0},
	{"atan2", math.NaN(), 1, math.NaN()},
	{"sinh", math.Inf(-1), 0, math.Inf(-1)},
	{"cosh", math.Inf(-1), 0, math.Inf(1)},
	{"cosh", 0, 0, 1},
	{"tanh", math.Inf(-1), 0, -1},
	{"asinh", math.Inf(-1), 0, math.Inf(-1)},
	{"acosh", 1, 0, 0},
	{"acosh", 0.5, 0, math.NaN()},
	{"atanh", -1, 0, math.Inf(-1)},
	{"atanh", 1.5, 0, math.NaN()},
	{"pow", math.NaN(), 0, 1},
	{"pow", 1, math.NaN(), 1},
	{"pow", 2, math.NaN(), math.NaN()},
	{"pow", math.Copysign(0, -1), -1, math.Inf(-1)},
	{"pow", math.Copysign(0, -1), -2, math.Inf(1)},
	{"pow", 0, math.Inf(-1), math.Inf(1)},
	{"pow", math.Copysign(0, -1), 5, math.Copysign(0, -1)},
	{"pow", math.Copysign(0, -1), 0.5, 0},
	{"pow", -1, math.Inf(1), 1},
	{"pow", 0.25, math.Inf(-1), math.Inf(1)},
	{"pow", 4, math.Inf(-1), 0},
	{"pow", -0.25, math.Inf(1), 0},
	{"pow", math.Inf(-1), -1, math.Copysign(0, -1)},
	{"pow", math.Inf(-1), 3, math.Inf(-1)},
	{"pow", math.Inf(1), -2, 0},
	{"pow", -2, 0.5, math.NaN()},
	{"pow", -2, 3, -8},
	{"cbrt", math.Inf(-1), 0, math.Inf(-1)},
	{"cbrt", -27, 0, -3},
	{"rcbrt", math.Copysign(0, -1), 0, math.Inf(-1)},
	{"rcbrt", -0x1p-999, 0, -0x1p333},
	{"rsqrt", math.Copysign(0, -1), 0, math.Inf(-1)},
	{"rsqrt", -1, 0, math.NaN()},
	{"rsqrt", math.Inf(1), 0, 0},
	{"rsqrt", 0x1p-1074, 0, 0x1p537},
	{"hypot", math.Inf(-1), math.NaN(), math.Inf(1)},
	{"hypot", math.NaN(), 1, math.NaN()},
	{"hypot", math.Copysign(0, -1), 0, 0},
	{"hypot", -3, 0, 3},
	{"rhypot", math.NaN(), math.Inf(1), 0},
	{"rhypot", 0, math.Copysign(0, -1), math.Inf(1)},
	{"erf", math.Inf(-1), 0, -1},
	{"erf", math.Copysign(0, -1), 0, math.Copysign(0, -1)},
	{"erfc", math.Inf(-1), 0, 2},
	{"erfc", 0, 0, 1},
	{"erfcx", math.Inf(1), 0, 0},
	{"erfinv", 1, 0, math.Inf(1)},
	{"erfinv", -1.5, 0, math.NaN()},
	{"erfcinv", 2, 0, math.Inf(-1)},
	{"erfcinv", 1, 0, 0},
	{"normcdf", math.Inf(-1), 0, 0},
	{"normcdf", 0, 0, 0.5},
	{"normcdfinv", 0.5, 0, 0},
	{"normcdfinv", 0, 0, math.Inf(-1)},
	{"lgamma", 1, 0, 0},
	{"lgamma", -3, 0, math.Inf(1)},
	{"tgamma", 5, 0, 24},
	{"tgamma", -3, 0, math.NaN()},
}

// ref64SCRN holds special cases with irrational results: want is their RN
// rounding (math.Pi is π rounded to nearest, by the Go specification of
// constants).
var ref64SCRN = []struct {
	name string
	x, y float64
	want float64
}{
	{"atan2", 0, -1, math.Pi},
	{"atan2", math.Copysign(0, -1), math.Copysign(0, -1), -math.Pi},
	{"atan2", 1, 0, math.Pi / 2},
	{"atan2", math.Inf(-1), math.Inf(1), -math.Pi / 4},
	{"atan", math.Inf(1), 0, math.Pi / 2},
	{"acos", -1, 0, math.Pi},
	{"asin", -1, 0, -math.Pi / 2},
	{"erfc", 30, 0, 0},
	{"erfcx", -30, 0, math.Inf(1)},
	{"tgamma", 200, 0, math.Inf(1)},
	{"tgamma", 171, 0, func() float64 { // 170!, rounded to nearest by big.Float
		f, _ := new(big.Float).SetInt(new(big.Int).MulRange(1, 170)).Float64()
		return f
	}()},
}

// TestRef64SpecialCases checks the special-case rows in every mode (RN only
// for ref64SCRN), against the fast path and against the oracle.
func TestRef64SpecialCases(t *testing.T) {
	for _, c := range ref64SCRN {
		ref, _ := Lookup64(c.name)
		x, y := b64(c.x), b64(c.y)
		got := ref.Round2Any(x, y, rounding.RN)
		orc, _ := ref.oracle(x, y, rounding.RN)
		if got != b64(c.want) || orc != b64(c.want) {
			t.Errorf("%s RN = %s (oracle %s), want %s", ref.call(x, y), fp64.Format(got), fp64.Format(orc), fp64.Format(b64(c.want)))
		}
	}
	for _, c := range ref64SC {
		ref, ok := Lookup64(c.name)
		if !ok {
			t.Fatalf("no reference %q", c.name)
		}
		x, y, want := b64(c.x), b64(c.y), b64(c.want)
		for _, m := range rounding.Modes {
			got := ref.Round2Any(x, y, m)
			orc, _ := ref.oracle(x, y, m)
			if !same64(got, want) || !same64(orc, want) {
				t.Errorf("%s %v = %s (oracle %s), want %s", ref.call(x, y), m, fp64.Format(got), fp64.Format(orc), fp64.Format(want))
			}
		}
	}
}

// same64 reports whether two encodings are equal, or both NaN.
func same64(a, b uint64) bool { return a == b || fp64.IsNaN(a) && fp64.IsNaN(b) }

// Round2Any rounds f(x) or f(x, y) by the reference's arity.
func (r *Ref64) Round2Any(x, y uint64, m rounding.Mode) uint64 {
	b, _, _ := r.Eval64(x, y, m)
	return b
}

// TestRef64GoSanity compares the RN results with Go's math on typical
// arguments, for the functions and ranges where Go's math is within one
// ulp (fdlibm's algorithms): a sanity check of the references against an
// independent implementation, never their expected value.
func TestRef64GoSanity(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 64))
	cases := []struct {
		name   string
		f      func(float64) float64
		lo, hi float64
	}{
		{"exp", math.Exp, -700, 700}, {"exp2", math.Exp2, -1000, 1000}, {"expm1", math.Expm1, -40, 700},
		{"log", math.Log, 0x1p-1000, 1e300}, {"log1p", math.Log1p, -0.9, 1e300},
		{"sin", math.Sin, -100, 100}, {"cos", math.Cos, -100, 100},
		{"atan", math.Atan, -1e10, 1e10}, {"tanh", math.Tanh, -30, 30}, {"asinh", math.Asinh, -1e100, 1e100},
		{"acosh", math.Acosh, 1, 1e100}, {"cbrt", math.Cbrt, -1e300, 1e300},
		{"erf", math.Erf, -6, 6},
	}
	n := 4000
	if testing.Short() {
		n = 400
	}
	for _, c := range cases {
		n := n
		if ref, _ := Lookup64(c.name); ref.k1(0).slow {
			n /= 20 // the oracle alone: about 0.1 ms an evaluation
		}
		ref, _ := Lookup64(c.name)
		for i := range n {
			// Uniform reals, then uniform exponents.
			x := c.lo + (c.hi-c.lo)*r.Float64()
			if i%2 == 1 && c.lo < c.hi {
				m := math.Max(math.Abs(c.lo), math.Abs(c.hi))
				x = math.Exp2(math.Log2(m) * r.Float64())
				if c.lo < 0 && r.IntN(2) == 0 {
					x = -x
				}
				x = math.Max(c.lo, math.Min(c.hi, x))
			}
			want := ref.Round(b64(x), rounding.RN)
			if d := Dist64(want, b64(c.f(x))); d > 1 {
				t.Errorf("%s(%v): reference %s, Go %v: %d ulps apart", c.name, x, fp64.Format(want), c.f(x), d)
			}
		}
	}
}

// TestRef64Special checks the references without a fast path through
// identities with independent ones: each inverse against its forward
// function (y = RN(erfinv t) must have erf(y⁻) ≤ t ≤ erf(y⁺) for its
// neighbours y⁻, y⁺, erf being increasing and RN monotone), and Γ(x + 1) =
// x·Γ(x) on the values (relative agreement to 2^-90, for x with 47 bits
// at most, so that x + 1 is exact).
func TestRef64Special(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 65))
	n := 25 // the oracle alone: up to milliseconds an evaluation
	if testflag.Exhaustive() {
		n = 2000
	}
	if testing.Short() {
		n = 5
	}
	get := func(name string) *Ref64 { ref, _ := Lookup64(name); return ref }
	inverses := []struct {
		inv, fwd   string
		lo, hi     float64
		increasing bool
	}{
		{"erfinv", "erf", -0.999, 0.999, true},
		{"erfcinv", "erfc", 0.001, 1.999, false},
		{"normcdfinv", "normcdf", 0.001, 0.999, true},
	}
	for _, c := range inverses {
		inv, fwd := get(c.inv), get(c.fwd)
		for range n {
			tv := c.lo + (c.hi-c.lo)*r.Float64()
			if r.IntN(2) == 0 { // tiny and subnormal arguments too
				tv = math.Ldexp(1+r.Float64(), -r.IntN(1070))
				if c.inv == "erfinv" && r.IntN(2) == 0 {
					tv = -tv
				}
			}
			y := inv.Round(b64(tv), rounding.RN)
			a := math.Float64frombits(fwd.Round(fp64.NextDown(y), rounding.RN))
			b := math.Float64frombits(fwd.Round(fp64.NextUp(y), rounding.RN))
			if !c.increasing {
				a, b = b, a
			}
			if !(a <= tv && tv <= b) {
				t.Errorf("%s(%v) = %s, but %s at its neighbours is %v and %v", c.inv, tv, fp64.Format(y), c.fwd, a, b)
			}
		}
	}
	tg := get("tgamma")
	for range n {
		x := math.Round((1+99*r.Float64())*0x1p40) * 0x1p-40 // x + 1 is exact
		v1, v0 := tg.Value(b64(x+1)), tg.Value(b64(x))
		p := new(big.Float).SetPrec(300).SetMantExp(ddBig(v0.Hi, v0.Lo), v0.Exp)
		p.Mul(p, big.NewFloat(x))
		q := new(big.Float).SetPrec(300).SetMantExp(ddBig(v1.Hi, v1.Lo), v1.Exp)
		d := new(big.Float).Sub(q, p)
		d.Quo(d, q)
		if df, _ := d.Float64(); math.Abs(df) > 0x1p-90 {
			t.Errorf("tgamma(%v + 1) and %v·tgamma(%v) differ by %g relatively", x, x, x, df)
		}
	}
}

// TestRef64Norms compares the binary64 norms' fast paths with the oracle
// in all four modes, and their bounds with a certified enclosure, on
// arguments from draw64's strata (hypot's), several of them scaled far
// apart.
func TestRef64Norms(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 66))
	n := 400
	if testing.Short() {
		n = 40
	}
	fails := 0
	for _, ref := range refs64N {
		fast, total := 0, 0
		for range n {
			k := ref.arity
			if k == MaxArgs {
				k = r.IntN(MaxArgs)
			}
			us := make([]uint64, k)
			for j := range us {
				us[j] = draw64(r, "hypot")
				if r.IntN(4) == 0 {
					us[j] = 0
				}
			}
			want, ok := ref.orcN.RoundAllN(us)
			if !ok {
				continue
			}
			kr := ref.kN(us)
			for i, m := range rounding.Modes {
				total++
				if got, decided := kr.round(m); decided {
					fast++
					if got != want[i] && fails < 10 {
						fails++
						t.Errorf("%s%v %v: fast path %s, oracle %s", ref.name, us, m, fp64.Format(got), fp64.Format(want[i]))
					}
				}
				if got := ref.RoundN(us, m); got != want[i] && fails < 10 {
					fails++
					t.Errorf("%s%v %v: RoundN %s, oracle %s", ref.name, us, m, fp64.Format(got), fp64.Format(want[i]))
				}
			}
			if kr.side != 0 || kr.v.err == 0 || kr.v.hi != kr.v.hi {
				continue
			}
			iv, ok := ref.orcN.EncloseN(us, 300)
			if !ok {
				continue
			}
			v := new(big.Float).SetMantExp(ddBig(kr.v.hi, kr.v.lo), kr.scale)
			bound := new(big.Float).SetMantExp(big.NewFloat(kr.v.err), kr.scale)
			for _, end := range []*big.Float{iv.Lo, iv.Hi} {
				if d := new(big.Float).Sub(v, end); d.Abs(d).Cmp(bound) > 0 && fails < 10 {
					fails++
					t.Errorf("%s%v: kernel %v·2^%d ± %g, f ∈ [%s, %s]: outside the bound", ref.name, us, DD{kr.v.hi, kr.v.lo}, kr.scale, kr.v.err, iv.Lo.Text('g', 25), iv.Hi.Text('g', 25))
				}
			}
		}
		t.Logf("%-6s %5d roundings, %5.2f%% by the fast path", ref.name, total, 100*float64(fast)/float64(max(total, 1)))
	}
}

// storeMax stores v in p (a float64's bits) if it is larger, atomically.
func storeMax(p *atomic.Uint64, v float64) {
	for {
		old := p.Load()
		if v <= math.Float64frombits(old) || p.CompareAndSwap(old, math.Float64bits(v)) {
			return
		}
	}
}
