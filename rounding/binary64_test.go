package rounding_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Binary64: property tests against internal/oracle (math/big) for every
// operation and conversion in every mode, the host paths against the
// integer kernels stratum by stratum, and the generic kernels' binary32
// instances against binary32's own kernels. Generators draw encodings that
// reach every class (NaNs with assorted payloads, signs, quiet and
// signalling; ±0; subnormals; ±Inf; extreme exponents), and operand pairs
// chosen to make exact ties, far-apart exponents, overflow, underflow and
// exact zero sums.

var specialBits64 = []uint64{
	0x0000000000000000, 0x8000000000000000, // ±0
	0x7ff0000000000000, 0xfff0000000000000, // ±Inf
	0x7ff8000000000000, 0xfff8000000000000, 0x7fffffffffffffff, 0x7ff0000000000001, 0xfff4000000000abc, 0x7ff80000deadbeef, // NaNs
	0x0000000000000001, 0x8000000000000001, 0x000fffffffffffff, 0x0008000000000000, // subnormals
	0x0010000000000000, 0x8010000000000000, 0x0010000000000001, 0x001fffffffffffff, // smallest normals
	0x7fefffffffffffff, 0xffefffffffffffff, 0x7feffffffffffffe, 0x7fe0000000000000, // largest finite
	0x3ff0000000000000, 0xbff0000000000000, 0x3fefffffffffffff, 0x3ff0000000000001, 0x4000000000000000, 0x3fe0000000000000, // 1, neighbours, 2, 0.5
	0x4330000000000000, 0x4340000000000000, 0x41e0000000000000, 0x41f0000000000000, 0x43e0000000000000, 0x43f0000000000000, // 2^52, 2^53, 2^31, 2^32, 2^63, 2^64
	0x41dfffffffc00000, 0xc1e0000000200000, 0x43efffffffffffff, 0xbfe0000000000000, 0x3ff8000000000000, // int limits, -0.5, 1.5
}

// draw64 draws one binary64 encoding.
func draw64(r *rand.Rand) uint64 {
	sign := uint64(r.Intn(2)) << 63
	frac := r.Uint64() & f64.FracMask
	switch r.Intn(16) {
	case 0, 1:
		return specialBits64[r.Intn(len(specialBits64))]
	case 2:
		return sign | f64.InfBits | frac | 1 // NaN, any payload
	case 3, 4:
		return sign | frac>>r.Intn(52) // subnormal (or zero), any width
	case 5:
		exps := []uint64{1, 2, 3, 52, 53, 54, 55, 1000, 1022, 1023, 1024, 1075, 1076, 1500, 1970, 2044, 2045, 2046}
		return sign | exps[r.Intn(len(exps))]<<52 | frac
	case 6:
		return sign | uint64(1023-60+r.Intn(120))<<52 | frac // moderate values, integers and fractions
	case 7, 8: // short significands: exact products and ties
		keep := uint(1 + r.Intn(30))
		return sign | uint64(1023-40+r.Intn(80))<<52 | frac&^(1<<(52-keep)-1)
	case 9:
		fracs := []uint64{0, 1, 2, f64.FracMask, f64.FracMask - 1, 1 << 51, 1<<51 - 1, 1<<51 + 1}
		return sign | uint64(1+r.Intn(2046))<<52 | fracs[r.Intn(len(fracs))]
	}
	return r.Uint64()
}

// near64 returns an encoding related to x by one of the strata: a few ulps
// away, an exact tie (half an ulp of x, or just above it), far apart (the
// exponent moved by up to 120), a similar magnitude, or x's opposite (an
// exact zero sum); either sign.
func near64(r *rand.Rand, x uint64) uint64 {
	y := x
	bx := x >> 52 & 0x7ff
	switch r.Intn(6) {
	case 0:
		y = x + uint64(r.Intn(9)) - 4
	case 1:
		y = x + uint64(r.Intn(1<<20)) - 1<<19
	case 2: // half an ulp of x, or a little more: ties in add
		if bx > 53 {
			y = (bx-53)<<52 | uint64(r.Intn(3))
		}
	case 3: // far apart
		d := uint64(r.Intn(120)) << 52
		if r.Intn(2) == 0 {
			y = x - d
		} else {
			y = x + d
		}
	case 4:
		return x ^ f64.SignMask // exact zero sum
	case 5:
		y = x ^ uint64(r.Intn(1<<12))
	}
	if r.Intn(2) == 0 {
		y ^= f64.SignMask
	}
	return y
}

func gen64() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(draw64(p.Rng), gopter.NoShrinker)
	}
}

func genPair64() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		x, y := draw64(p.Rng), draw64(p.Rng)
		if p.Rng.Intn(3) != 0 {
			y = near64(p.Rng, x)
		}
		return gopter.NewGenResult([2]uint64{x, y}, gopter.NoShrinker)
	}
}

// genTriple64 draws fma operands; often z is near -(x·y) (cancellation) or
// far below it (a sticky z).
func genTriple64() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		x, y, z := draw64(p.Rng), draw64(p.Rng), draw64(p.Rng)
		switch p.Rng.Intn(5) {
		case 0:
			y = near64(p.Rng, x)
		case 1, 2:
			z = near64(p.Rng, oracle.Mul64(x, y, rounding.Modes[p.Rng.Intn(4)])^f64.SignMask)
		case 3:
			z = near64(p.Rng, oracle.Mul64(x, y, rounding.RN))
		}
		return gopter.NewGenResult([3]uint64{x, y, z}, gopter.NoShrinker)
	}
}

func fmt64(xs ...uint64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = f64.Format(x)
	}
	return strings.Join(s, ", ")
}

// check64 runs one input through every mode and returns the mismatches.
func check64(count *atomic.Int64, fn string, args []uint64, got, want func(m rounding.Mode) uint64) string {
	var bad []string
	for _, m := range rounding.Modes {
		count.Add(1)
		if g, w := got(m), want(m); g != w {
			bad = append(bad, fmt.Sprintf("%s(%s) mode=%v = %s, want %s", fn, fmt64(args...), m, f64.Format(g), f64.Format(w)))
		}
	}
	return strings.Join(bad, "\n")
}

type binOp64 struct {
	name           string
	f, oracle, int func(x, y uint64, m rounding.Mode) uint64
}

var binOps64 = []binOp64{
	{"Add64", rounding.Add64, oracle.Add64, rounding.Add64Int},
	{"Sub64", rounding.Sub64, oracle.Sub64, rounding.Sub64Int},
	{"Mul64", rounding.Mul64, oracle.Mul64, rounding.Mul64Int},
	{"Div64", rounding.Div64, oracle.Div64, rounding.Div64Int},
}

type unOp64 struct {
	name           string
	f, oracle, int func(x uint64, m rounding.Mode) uint64
}

var unOps64 = []unOp64{
	{"Sqrt64", rounding.Sqrt64, oracle.Sqrt64, rounding.Sqrt64Int},
	{"Rcp64", rounding.Rcp64, oracle.Rcp64, rounding.Rcp64Int},
	{"RoundInt64", rounding.RoundInt64, oracle.RoundInt64, rounding.RoundInt64Int},
}

// TestProperty64Oracle: every binary64 operation in every mode equals the
// math/big reference, on the exported (host) path and on the integer
// kernel.
func TestProperty64Oracle(t *testing.T) {
	props := properties(t)
	counts := map[string]*atomic.Int64{}
	for _, op := range binOps64 {
		c := new(atomic.Int64)
		counts[op.name] = c
		props.Property(op.name+" = oracle", prop.ForAll(func(xy [2]uint64) string {
			x, y := xy[0], xy[1]
			want := func(m rounding.Mode) uint64 { return op.oracle(x, y, m) }
			return check64(c, op.name, xy[:], func(m rounding.Mode) uint64 { return op.f(x, y, m) }, want) +
				check64(c, op.name+"Int", xy[:], func(m rounding.Mode) uint64 { return op.int(x, y, m) }, want)
		}, genPair64()))
	}
	for _, op := range unOps64 {
		c := new(atomic.Int64)
		counts[op.name] = c
		props.Property(op.name+" = oracle", prop.ForAll(func(x uint64) string {
			want := func(m rounding.Mode) uint64 { return op.oracle(x, m) }
			return check64(c, op.name, []uint64{x}, func(m rounding.Mode) uint64 { return op.f(x, m) }, want) +
				check64(c, op.name+"Int", []uint64{x}, func(m rounding.Mode) uint64 { return op.int(x, m) }, want)
		}, gen64()))
	}
	c := new(atomic.Int64)
	counts["Fma64"] = c
	props.Property("Fma64 = oracle", prop.ForAll(func(v [3]uint64) string {
		want := func(m rounding.Mode) uint64 { return oracle.Fma64(v[0], v[1], v[2], m) }
		return check64(c, "Fma64", v[:], func(m rounding.Mode) uint64 { return rounding.Fma64(v[0], v[1], v[2], m) }, want) +
			check64(c, "Fma64Int", v[:], func(m rounding.Mode) uint64 { return rounding.Fma64Int(v[0], v[1], v[2], m) }, want)
	}, genTriple64()))
	props.TestingRun(t)
	for _, name := range []string{"Add64", "Sub64", "Mul64", "Div64", "Fma64", "Sqrt64", "Rcp64", "RoundInt64"} {
		t.Logf("%-10s %7d checks (inputs × 4 modes × host and integer path)", name, counts[name].Load())
	}
}

type intConv64 struct {
	name   string
	f      func(x uint64, m rounding.Mode) uint64
	lo, hi *big.Int
	nan    uint64
}

// The NaN results are PTX ISA 9.0's and the H100's (cuda.go; the probe
// rows of testdata/golden/f64probe): 1<<31 for the 32-bit destinations of
// an .f64 source, 1<<63 for the 64-bit ones.
var intConvs64 = []intConv64{
	{"F64ToI32", func(x uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToI32(x, m)) }, minI32, maxI32, uint64(1<<64 - 1<<31)},
	{"F64ToU32", func(x uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToU32(x, m)) }, zero, maxU32, 1 << 31},
	{"F64ToI64", func(x uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToI64(x, m)) }, minI64, maxI64, 1 << 63},
	{"F64ToU64", func(x uint64, m rounding.Mode) uint64 { return rounding.F64ToU64(x, m) }, zero, maxU64, 1 << 63},
}

func TestProperty64Conversions(t *testing.T) {
	props := properties(t)
	counts := map[string]*atomic.Int64{}
	for _, cv := range intConvs64 {
		c := new(atomic.Int64)
		counts[cv.name] = c
		props.Property(cv.name+" = exact rounding, clamped", prop.ForAll(func(x uint64) string {
			var bad []string
			for _, m := range rounding.Modes {
				c.Add(1)
				var want uint64
				switch {
				case f64.IsNaN(x):
					want = cv.nan
				default:
					var n *big.Int
					switch x {
					case f64.InfBits:
						n = cv.hi
					case f64.NegInfBits:
						n = cv.lo
					default:
						n = oracle.Saturate(oracle.RoundValueToInt(oracle.Value64(x), m), cv.lo, cv.hi)
					}
					if n.Sign() < 0 {
						want = uint64(n.Int64())
					} else {
						want = n.Uint64()
					}
				}
				if got := cv.f(x, m); got != want {
					bad = append(bad, fmt.Sprintf("%s(%s) mode=%v = %#x, want %#x", cv.name, f64.Format(x), m, got, want))
				}
			}
			return strings.Join(bad, "\n")
		}, gen64()))
	}
	ci := new(atomic.Int64)
	counts["IntToF64"] = ci
	props.Property("I32/U32/I64/U64ToF64 = oracle", prop.ForAll(func(v int64) string {
		var bad []string
		for _, m := range rounding.Modes {
			check := func(name string, got uint64, want *big.Int) {
				ci.Add(1)
				if w := oracle.IntToF64(want, m); got != w {
					bad = append(bad, fmt.Sprintf("%s(%s) mode=%v = %s, want %s", name, want, m, f64.Format(got), f64.Format(w)))
				}
			}
			check("I64ToF64", rounding.I64ToF64(v, m), big.NewInt(v))
			check("U64ToF64", rounding.U64ToF64(uint64(v), m), new(big.Int).SetUint64(uint64(v)))
			check("I64ToF64Int", rounding.I64ToF64Int(v, m), big.NewInt(v))
			check("U64ToF64Int", rounding.U64ToF64Int(uint64(v), m), new(big.Int).SetUint64(uint64(v)))
			check("I32ToF64", rounding.I32ToF64(int32(v)), big.NewInt(int64(int32(v))))
			check("U32ToF64", rounding.U32ToF64(uint32(v)), new(big.Int).SetUint64(uint64(uint32(v))))
		}
		return strings.Join(bad, "\n")
	}, func(p *gopter.GenParameters) *gopter.GenResult {
		v := drawInt64(p.Rng)
		if p.Rng.Intn(3) == 0 { // around binary64's 53-bit rounding point
			v = int64(uint64(1)<<(53+p.Rng.Intn(11))+uint64(p.Rng.Intn(2048))) * int64(1-2*p.Rng.Intn(2))
		}
		return gopter.NewGenResult(v, gopter.NoShrinker)
	}))
	props.TestingRun(t)
	for _, name := range []string{"F64ToI32", "F64ToU32", "F64ToI64", "F64ToU64", "IntToF64"} {
		t.Logf("%-9s %7d checks", name, counts[name].Load())
	}
}

// strata64 are the input families of the host-versus-integer test: what a
// binary64 host path can get wrong (ties, far-apart exponents, tiny and
// overflowing results, exact zeros, short significands), plus uniform bits.
var strata64 = []struct {
	name string
	pair func(r *rand.Rand) (x, y uint64)
}{
	{"uniform", func(r *rand.Rand) (uint64, uint64) { return r.Uint64(), r.Uint64() }},
	{"mixed", func(r *rand.Rand) (uint64, uint64) { return draw64(r), draw64(r) }},
	{"near", func(r *rand.Rand) (uint64, uint64) { x := draw64(r); return x, near64(r, x) }},
	{"tie", func(r *rand.Rand) (uint64, uint64) {
		x := uint64(54+r.Intn(1990))<<52 | r.Uint64()&f64.FracMask
		return x, (x>>52-53)<<52 | uint64(r.Intn(2))
	}},
	{"far", func(r *rand.Rand) (uint64, uint64) {
		x := uint64(200+r.Intn(1600))<<52 | r.Uint64()&f64.FracMask
		return x, (x - uint64(50+r.Intn(70))<<52) ^ uint64(r.Intn(2))<<63
	}},
	{"tiny", func(r *rand.Rand) (uint64, uint64) { // products and quotients near and below 2^-1022
		x := uint64(1+r.Intn(500))<<52 | r.Uint64()&f64.FracMask
		y := uint64(1023-500+r.Intn(500))<<52 | r.Uint64()&f64.FracMask
		return x, y ^ uint64(r.Intn(2))<<63
	}},
	{"subnormal", func(r *rand.Rand) (uint64, uint64) {
		return r.Uint64()&f64.FracMask>>r.Intn(52) | uint64(r.Intn(2))<<63, draw64(r)
	}},
	{"huge", func(r *rand.Rand) (uint64, uint64) { // sums, products near and above MaxFinite
		x := uint64(1540+r.Intn(507))<<52 | r.Uint64()&f64.FracMask
		y := uint64(1023+r.Intn(520))<<52 | r.Uint64()&f64.FracMask
		return x, y ^ uint64(r.Intn(2))<<63
	}},
	{"short", func(r *rand.Rand) (uint64, uint64) {
		s := func() uint64 {
			keep := uint(1 + r.Intn(30))
			return uint64(1023-40+r.Intn(80))<<52 | r.Uint64()&f64.FracMask&^(1<<(52-keep)-1) | uint64(r.Intn(2))<<63
		}
		return s(), s()
	}},
}

// TestHost64MatchesInteger: the host paths of host64.go against the integer
// kernels, bit for bit, every stratum and mode (hostCases pairs per stratum;
// 64 times more with CUDAFP_EXHAUSTIVE=1); fma takes the stratum's pair and
// a third operand that cancels, is tiny, or is drawn.
func TestHost64MatchesInteger(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	n := hostCases
	if testflag.Exhaustive() {
		n *= 64
	}
	fc := new(failCounter)
	for _, st := range strata64 {
		r := rand.New(rand.NewSource(int64(seed)))
		var checks int
		for range n {
			x, y := st.pair(r)
			var z uint64
			switch r.Intn(3) {
			case 0:
				z = near64(r, rounding.Mul64(x, y, rounding.RN)^f64.SignMask)
			case 1:
				z = draw64(r)
			case 2:
				z, _ = st.pair(r)
			}
			for _, m := range rounding.Modes {
				for _, op := range binOps64 {
					checks++
					if got, want := op.f(x, y, m), op.int(x, y, m); got != want {
						fc.fail(t, fmt.Sprintf("%s(%s) mode=%v stratum=%s: host %s, integer %s", op.name, fmt64(x, y), m, st.name, f64.Format(got), f64.Format(want)))
					}
				}
				for _, op := range unOps64 {
					checks++
					if got, want := op.f(x, m), op.int(x, m); got != want {
						fc.fail(t, fmt.Sprintf("%s(%s) mode=%v stratum=%s: host %s, integer %s", op.name, fmt64(x), m, st.name, f64.Format(got), f64.Format(want)))
					}
				}
				checks++
				if got, want := rounding.Fma64(x, y, z, m), rounding.Fma64Int(x, y, z, m); got != want {
					fc.fail(t, fmt.Sprintf("Fma64(%s) mode=%v stratum=%s: host %s, integer %s", fmt64(x, y, z), m, st.name, f64.Format(got), f64.Format(want)))
				}
				checks++
				if got, want := rounding.I64ToF64(int64(x), m), rounding.I64ToF64Int(int64(x), m); got != want {
					fc.fail(t, fmt.Sprintf("I64ToF64(%d) mode=%v: host %s, integer %s", int64(x), m, f64.Format(got), f64.Format(want)))
				}
			}
		}
		t.Logf("stratum %-9s %8d checks", st.name, checks)
	}
}

// TestGenericMatches32: the binary32 instances of the generic kernels
// (arithg.go) equal binary32's own integer kernels bit for bit, every mode
// and ftz setting, on the binary32 property generators.
func TestGenericMatches32(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed)))
	ops := []struct {
		name      string
		gen, base func(x, y uint32, m rounding.Mode, ftz bool) uint32
	}{
		{"Add32", rounding.Add32Gen, rounding.Add32Int},
		{"Mul32", rounding.Mul32Gen, rounding.Mul32Int},
		{"Div32", rounding.Div32Gen, rounding.Div32Int},
	}
	fc := new(failCounter)
	checks := 0
	for range 1 << 17 {
		x := drawBits(r)
		y := drawBits(r)
		if r.Intn(2) == 0 {
			y = near(r, x)
		}
		for _, op := range ops {
			for _, m := range rounding.Modes {
				for _, ftz := range ftzs {
					checks++
					if got, want := op.gen(x, y, m, ftz), op.base(x, y, m, ftz); got != want {
						fc.fail(t, failure(op.name+"Gen", []uint32{x, y}, m, ftz, got, want))
					}
				}
			}
		}
	}
	t.Logf("%d checks", checks)
}

// TestRN64Entries: the inlinable RN entries, on encodings and on float64
// values, equal the operations in mode RN (whose RN results
// TestProperty64Oracle checks against math/big), NaN bits included.
func TestRN64Entries(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed)))
	fc := new(failCounter)
	for range 1 << 16 {
		x, y := draw64(r), draw64(r)
		if r.Intn(2) == 0 {
			y = near64(r, x)
		}
		z := draw64(r)
		for _, c := range []struct {
			name      string
			got, want uint64
		}{
			{"Add64RN", rounding.Add64RN(x, y), rounding.Add64(x, y, rounding.RN)},
			{"Sub64RN", rounding.Sub64RN(x, y), rounding.Sub64(x, y, rounding.RN)},
			{"Mul64RN", rounding.Mul64RN(x, y), rounding.Mul64(x, y, rounding.RN)},
			{"Div64RN", rounding.Div64RN(x, y), rounding.Div64(x, y, rounding.RN)},
			{"Rcp64RN", rounding.Rcp64RN(x), rounding.Rcp64(x, rounding.RN)},
			{"Sqrt64RN", rounding.Sqrt64RN(x), rounding.Sqrt64(x, rounding.RN)},
			{"Fma64RN", rounding.Fma64RN(x, y, z), rounding.Fma64(x, y, z, rounding.RN)},
			{"AddRN64", b64(rounding.AddRN64(d64(x), d64(y))), rounding.Add64(x, y, rounding.RN)},
			{"SubRN64", b64(rounding.SubRN64(d64(x), d64(y))), rounding.Sub64(x, y, rounding.RN)},
			{"MulRN64", b64(rounding.MulRN64(d64(x), d64(y))), rounding.Mul64(x, y, rounding.RN)},
			{"DivRN64", b64(rounding.DivRN64(d64(x), d64(y))), rounding.Div64(x, y, rounding.RN)},
			{"RcpRN64", b64(rounding.RcpRN64(d64(x))), rounding.Rcp64(x, rounding.RN)},
			{"SqrtRN64", b64(rounding.SqrtRN64(d64(x))), rounding.Sqrt64(x, rounding.RN)},
			{"FmaRN64", b64(rounding.FmaRN64(d64(x), d64(y), d64(z))), rounding.Fma64(x, y, z, rounding.RN)},
		} {
			if c.got != c.want {
				fc.fail(t, fmt.Sprintf("%s(%s) = %s, want %s", c.name, fmt64(x, y, z), f64.Format(c.got), f64.Format(c.want)))
			}
		}
	}
}

func d64(u uint64) float64 { return math.Float64frombits(u) }
func b64(v float64) uint64 { return math.Float64bits(v) }
