package fp_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The exact double library functions (lib64_exact.go, lib64_round.go,
// lib64_rem.go) against math/big: each result is the mathematical one of
// the C standard, computed here on big.Int and big.Float (internal/oracle),
// never with the emulation's algorithm; NaN results must be NaNs, their
// payloads being the golden data's business (internal/golden). Every flag
// set's method is checked: none may differ.

// lib64 is one exact double function on encodings (a[1] an int32 for
// ldexp and scalbn), with its math/big reference. A result pair is
// r0, r1; single results leave r1 0.
type lib64 struct {
	id    string
	eval  func(fl fp.Flags, a [3]uint64) (uint64, uint64)
	ref   func(a [3]uint64) (uint64, uint64)
	arity int
}

func res1(u uint64) (uint64, uint64) { return u, 0 }

var libs64 = []lib64{
	{"fabs", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Fabs(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(a[0] &^ f64.SignMask) }, 1},
	{"copysign", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Copysign(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(a[0]&f64.AbsMask | a[1]&f64.SignMask) }, 2},
	{"ceil", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Ceil(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.RoundInt64(a[0], rounding.RU)) }, 1},
	{"floor", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Floor(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.RoundInt64(a[0], rounding.RD)) }, 1},
	{"trunc", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Trunc(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.RoundInt64(a[0], rounding.RZ)) }, 1},
	{"rint", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Rint(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.RoundInt64(a[0], rounding.RN)) }, 1},
	{"nearbyint", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Nearbyint(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.RoundInt64(a[0], rounding.RN)) }, 1},
	{"round", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Round(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.RoundAway64(a[0])) }, 1},
	{"lrint", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(uint64(fl.Lrint(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(toI64Ref(a[0], false)) }, 1},
	{"llrint", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(uint64(fl.Llrint(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(toI64Ref(a[0], false)) }, 1},
	{"lround", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(uint64(fl.Lround(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(toI64Ref(a[0], true)) }, 1},
	{"llround", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(uint64(fl.Llround(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(toI64Ref(a[0], true)) }, 1},
	{"ldexp", func(fl fp.Flags, a [3]uint64) (uint64, uint64) {
		return res1(db(fl.Ldexp(bd(a[0]), int32(uint32(a[1])))))
	},
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.Ldexp64(a[0], int32(uint32(a[1])))) }, 2},
	{"scalbn", func(fl fp.Flags, a [3]uint64) (uint64, uint64) {
		return res1(db(fl.Scalbn(bd(a[0]), int32(uint32(a[1])))))
	},
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.Ldexp64(a[0], int32(uint32(a[1])))) }, 2},
	{"ilogb", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(uint64(uint32(fl.Ilogb(bd(a[0]))))) },
		func(a [3]uint64) (uint64, uint64) { return res1(uint64(uint32(oracle.Ilogb64(a[0])))) }, 1},
	{"logb", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Logb(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) {
			switch e := oracle.Ilogb64(a[0]); {
			case f64.IsNaN(a[0]):
				return res1(a[0] | f64.QuietBit)
			case f64.IsZero(a[0]):
				return res1(f64.NegInfBits)
			case f64.IsInf(a[0]):
				return res1(f64.InfBits)
			default:
				return res1(db(float64(e))) // exact: |e| ≤ 1074
			}
		}, 1},
	{"frexp", func(fl fp.Flags, a [3]uint64) (uint64, uint64) {
		m, e := fl.Frexp(bd(a[0]))
		return db(m), uint64(uint32(e))
	}, func(a [3]uint64) (uint64, uint64) { m, e := oracle.Frexp64(a[0]); return m, uint64(uint32(e)) }, 1},
	{"modf", func(fl fp.Flags, a [3]uint64) (uint64, uint64) {
		f, i := fl.Modf(bd(a[0]))
		return db(f), db(i)
	}, func(a [3]uint64) (uint64, uint64) { return oracle.Modf64(a[0]) }, 1},
	{"sqrt", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Sqrt(bd(a[0])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.Sqrt64(a[0], rounding.RN)) }, 1},
	{"fma", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Fma(bd(a[0]), bd(a[1]), bd(a[2])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.Fma64(a[0], a[1], a[2], rounding.RN)) }, 3},
	{"fdim", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Fdim(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.Fdim64(a[0], a[1])) }, 2},
	{"fmax", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Fmax(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.MinMax64(a[0], a[1], false)) }, 2},
	{"fmin", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Fmin(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.MinMax64(a[0], a[1], true)) }, 2},
	{"nextafter", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Nextafter(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { return res1(oracle.Nextafter64(a[0], a[1])) }, 2},
	{"fmod", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Fmod(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { r, _ := oracle.Rem64(a[0], a[1], false); return res1(r) }, 2},
	{"remainder", func(fl fp.Flags, a [3]uint64) (uint64, uint64) { return res1(db(fl.Remainder(bd(a[0]), bd(a[1])))) },
		func(a [3]uint64) (uint64, uint64) { r, _ := oracle.Rem64(a[0], a[1], true); return res1(r) }, 2},
	{"remquo", func(fl fp.Flags, a [3]uint64) (uint64, uint64) {
		r, q := fl.Remquo(bd(a[0]), bd(a[1]))
		return db(r), uint64(uint32(q))
	}, func(a [3]uint64) (uint64, uint64) {
		r, q := oracle.Rem64(a[0], a[1], true)
		return r, uint64(uint32(q))
	}, 2},
}

// TestLib64 checks every exact double function against math/big on the
// catalog's generated inputs and uniform bit patterns (gopter, CUDAFP_SEED),
// under the six captured flag sets, and that the package-level function is
// the default flags' method.
func TestLib64(t *testing.T) {
	props := testflag.Properties(t, 2000, 200)
	for _, l := range libs64 {
		f, ok := spec.Lookup(l.id)
		if !ok || f.Kind != spec.Library || !f.D64() {
			t.Fatalf("%s: not a double library function of the catalog", l.id)
		}
		gen := func(p *gopter.GenParameters) *gopter.GenResult {
			var a [3]uint64
			if p.Rng.Intn(8) == 0 {
				a = [3]uint64{p.Rng.Uint64(), p.Rng.Uint64(), p.Rng.Uint64()}
				if f.In[len(f.In)-1] == spec.I32 {
					a[1] = uint64(uint32(p.Rng.Intn(4400) - 2200))
				}
			} else {
				in := f.Input(p.Rng.Uint64() >> 8)
				copy(a[:], in[:3])
			}
			return gopter.NewGenResult(a, gopter.NoShrinker)
		}
		props.Property(l.id+" = math/big", prop.ForAll(func(a [3]uint64) string {
			w0, w1 := l.ref(a)
			var bad []string
			for _, fl := range spec.FlagSets {
				g0, g1 := l.eval(fl, a)
				if !same64(g0, w0) || g1 != w1 && !(f.Out[1%len(f.Out)] == spec.F64 && same64(g1, w1)) {
					bad = append(bad, fmt.Sprintf("%s(%s) [%s] = %s, %#x; math/big %s, %#x", l.id, fmtArgs(a[:l.arity]), fl.Name(), f64.Format(g0), g1, f64.Format(w0), w1))
				}
			}
			if g0, g1 := l.eval(fp.Flags{}, a); g0 != pkgLevel(l.id, a) && !(f64.IsNaN(g0) && g0 == pkgLevel(l.id, a)) {
				bad = append(bad, fmt.Sprintf("fp.%s(%s) differs from fp.Flags{}'s method (%s, %#x)", l.id, fmtArgs(a[:l.arity]), f64.Format(g0), g1))
			}
			return strings.Join(bad, "; ")
		}, gen))
	}
	props.TestingRun(t)
}

// pkgLevel returns the first result of the package-level function id.
func pkgLevel(id string, a [3]uint64) uint64 {
	x, y, z := bd(a[0]), bd(a[1]), bd(a[2])
	n := int32(uint32(a[1]))
	switch id {
	case "fabs":
		return db(fp.Fabs(x))
	case "copysign":
		return db(fp.Copysign(x, y))
	case "ceil":
		return db(fp.Ceil(x))
	case "floor":
		return db(fp.Floor(x))
	case "trunc":
		return db(fp.Trunc(x))
	case "rint":
		return db(fp.Rint(x))
	case "nearbyint":
		return db(fp.Nearbyint(x))
	case "round":
		return db(fp.Round(x))
	case "lrint":
		return uint64(fp.Lrint(x))
	case "llrint":
		return uint64(fp.Llrint(x))
	case "lround":
		return uint64(fp.Lround(x))
	case "llround":
		return uint64(fp.Llround(x))
	case "ldexp":
		return db(fp.Ldexp(x, n))
	case "scalbn":
		return db(fp.Scalbn(x, n))
	case "ilogb":
		return uint64(uint32(fp.Ilogb(x)))
	case "logb":
		return db(fp.Logb(x))
	case "frexp":
		m, _ := fp.Frexp(x)
		return db(m)
	case "modf":
		f, _ := fp.Modf(x)
		return db(f)
	case "sqrt":
		return db(fp.Sqrt(x))
	case "fma":
		return db(fp.Fma(x, y, z))
	case "fdim":
		return db(fp.Fdim(x, y))
	case "fmax":
		return db(fp.Fmax(x, y))
	case "fmin":
		return db(fp.Fmin(x, y))
	case "nextafter":
		return db(fp.Nextafter(x, y))
	case "fmod":
		return db(fp.Fmod(x, y))
	case "remainder":
		return db(fp.Remainder(x, y))
	case "remquo":
		r, _ := fp.Remquo(x, y)
		return db(r)
	}
	panic("pkgLevel: " + id)
}

// same64 reports whether a result equals its reference: the same bits, or
// two NaNs.
func same64(got, want uint64) bool { return got == want || f64.IsNaN(got) && f64.IsNaN(want) }

// toI64Ref is lrint (ties to even) or lround (ties away) to int64,
// saturated; NaN gives 1<<63.
func toI64Ref(x uint64, away bool) uint64 {
	switch {
	case f64.IsNaN(x):
		return 1 << 63
	case x == f64.InfBits:
		return math.MaxInt64
	case x == f64.NegInfBits:
		return 1 << 63
	}
	if away {
		return oracle.Lround64(x)
	}
	n := oracle.RoundValueToInt(oracle.Value64(x), rounding.RN)
	return uint64(oracle.Saturate(n, big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)).Int64())
}

// TestLib64Specials checks the special-case rows of the doc comments that
// the property test reaches only by chance.
func TestLib64Specials(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Round(0x1.fffffffffffffp-2)", fp.Round(0x1.fffffffffffffp-2), 0},
		{"Round(-2.5)", fp.Round(-2.5), -3},
		{"Rint(-2.5)", fp.Rint(-2.5), -2},
		{"Ceil(-0.5)", fp.Ceil(-0.5), math.Copysign(0, -1)},
		{"Nextafter(0, -1)", fp.Nextafter(0, -1), -0x1p-1074},
		{"Nextafter(-0, +0)", fp.Nextafter(math.Copysign(0, -1), 0), 0},
		{"Nextafter(Inf, 0)", fp.Nextafter(inf, 0), math.MaxFloat64},
		{"Fmod(Inf, 1)", fp.Fmod(inf, 1), nan},
		{"Fmod(1, Inf)", fp.Fmod(1, inf), 1},
		{"Fmod(-4, 2)", fp.Fmod(-4, 2), math.Copysign(0, -1)},
		{"Remainder(5, 2)", fp.Remainder(5, 2), 1},
		{"Remainder(7, 2)", fp.Remainder(7, 2), -1},
		{"Remainder(0x1p-1074, 0x1p-1073)", fp.Remainder(0x1p-1074, 0x1p-1073), 0x1p-1074},
		{"Remainder(0x1.8p-1073, 0x1p-1073)", fp.Remainder(0x1.8p-1073, 0x1p-1073), -0x1p-1074},
		{"Ldexp(0x1p-1074, 2099)", fp.Ldexp(0x1p-1074, 2099), inf},
		{"Ldexp(1, 1 << 30)", fp.Ldexp(1, 1<<30), inf},
		{"Ldexp(0x1.8p-1022, -1)", fp.Ldexp(0x1.8p-1022, -1), 0x1.8p-1023},
		{"Logb(0x1p-1074)", fp.Logb(0x1p-1074), -1074},
		{"Fdim(-0, +0)", fp.Fdim(math.Copysign(0, -1), 0), 0},
	} {
		if db(c.got) != db(c.want) && !(math.IsNaN(c.got) && math.IsNaN(c.want)) {
			t.Errorf("%s = %v (%#x), want %v (%#x)", c.name, c.got, db(c.got), c.want, db(c.want))
		}
	}
	for _, c := range []struct {
		x    float64
		r    float64
		want int32
	}{{7, 2, 4}, {-7, 2, -4}, {9, 2, 4}, {17, 2, 0}, {-17, -2, 0}, {3, -2, -2}} {
		if _, q := fp.Remquo(c.x, c.r); q != c.want {
			t.Errorf("Remquo(%v, %v) quo = %d, want %d", c.x, c.r, q, c.want)
		}
	}
}

// TestLib64NoAlloc checks that the exact double functions do not allocate.
func TestLib64NoAlloc(t *testing.T) {
	var sink float64
	var isink int64
	x, y := 12345.678, -0x1.8p-1060
	if n := testing.AllocsPerRun(100, func() {
		sink += fp.Fmod(x, y) + fp.Remainder(y, x) + fp.Ldexp(x, -1100) + fp.Round(x) + fp.Logb(y)
		r, q := fp.Remquo(x, 3)
		m, e := fp.Frexp(y)
		f, i := fp.Modf(x)
		sink += r + m + f + i + fp.Nextafter(x, y) + fp.Fdim(x, y) + fp.Fmax(x, y) + fp.Fma(x, y, x)
		isink += int64(q) + int64(e) + fp.Lround(x) + fp.Lrint(y) + int64(fp.Ilogb(y))
	}); n != 0 {
		t.Errorf("%v allocations per run", n)
	}
	_, _ = sink, isink
}

// TestRcbrtBound checks rcbrt against the certified reference of package
// ulp: within Table 18's 1 ulp of the correctly rounded result on the
// catalog's generated inputs and uniform bit patterns (CUDAFP_SEED), and
// its special cases.
func TestRcbrtBound(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	ref, ok := ulp.Lookup64("rcbrt")
	f, ok2 := spec.Lookup("rcbrt")
	if !ok || !ok2 {
		t.Fatal("no rcbrt reference or catalog entry")
	}
	r := rand.New(rand.NewPCG(seed, 0x72636272))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	worst := uint64(0)
	for i := range n {
		x := r.Uint64()
		if i%2 == 0 {
			x = f.Input(r.Uint64() >> 8)[0]
		}
		got := db(fp.Rcbrt(bd(x)))
		if d := ulp.Dist64(got, ref.Round(x, rounding.RN)); d > 1 {
			t.Errorf("Rcbrt(%s) = %s: %d ulps from the correctly rounded %s", f64.Format(x), f64.Format(got), d, f64.Format(ref.Round(x, rounding.RN)))
		} else {
			worst = max(worst, d)
		}
	}
	t.Logf("%d inputs, max distance %d ulp", n, worst)
	negZero := math.Copysign(0, -1)
	for _, c := range []struct{ x, want float64 }{
		{0, math.Inf(1)}, {negZero, math.Inf(-1)}, {math.Inf(1), 0}, {math.Inf(-1), negZero}, {8, 0.5}, {-0x1p-1071, -0x1p357},
	} {
		if got := fp.Rcbrt(c.x); db(got) != db(c.want) {
			t.Errorf("Rcbrt(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if got := fp.Rcbrt(math.NaN()); !math.IsNaN(got) {
		t.Errorf("Rcbrt(NaN) = %v", got)
	}
}
