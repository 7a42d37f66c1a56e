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

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Property tests against internal/oracle: every operation in every mode,
// with ftz off and on, on generated bit patterns that reach every class
// (NaNs with assorted payloads and both signs, ±0, subnormals, ±Inf,
// extreme exponents) and operands chosen near each other, so that
// cancellation, alignment and rounding boundaries are exercised. The seed
// comes from testflag.Seed (CUDAFP_SEED) and is logged.

// propCases is the number of generated inputs per property; each is
// checked in 4 modes × 2 ftz settings (about 3 s for all properties on
// x86-64; -short runs a tenth).
const propCases = 50000

// specialBits lists encodings every generator draws often.
var specialBits = []uint32{
	0x00000000, 0x80000000, // ±0
	0x7f800000, 0xff800000, // ±Inf
	0x7fffffff, 0xffffffff, 0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fa00000, 0x7fc00001, // NaNs: canonical, quiet, signalling, payloads
	0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000, // subnormals
	0x00800000, 0x80800000, 0x00800001, 0x00ffffff, // smallest normals
	0x7f7fffff, 0xff7fffff, 0x7f7ffffe, 0x7f000000, // largest finite
	0x3f800000, 0xbf800000, 0x3f7fffff, 0x3f800001, 0x40000000, 0x3f000000, // 1, its neighbours, 2, 0.5
	0x4b000000, 0x4b7fffff, 0x4b800000, 0x4f000000, 0x4f800000, 0x5f000000, 0x5f800000, // 2^23, 2^24, 2^31, 2^32, 2^63, 2^64
	0x3effffff, 0x3fc00000, 0x40400000, 0xbfc00000, // around half-integers
}

// drawBits draws one float32 encoding.
func drawBits(r *rand.Rand) uint32 {
	sign := uint32(r.Intn(2)) << 31
	switch r.Intn(16) {
	case 0, 1:
		return specialBits[r.Intn(len(specialBits))]
	case 2:
		return sign | f32.InfBits | (r.Uint32()&f32.FracMask | 1) // NaN, any payload
	case 3, 4:
		return sign | r.Uint32()&f32.FracMask // subnormal (or zero)
	case 5:
		exps := []uint32{1, 2, 3, 24, 25, 26, 100, 101, 102, 103, 150, 151, 152, 190, 228, 252, 253, 254}
		return sign | exps[r.Intn(len(exps))]<<23 | r.Uint32()&f32.FracMask
	case 6:
		return sign | uint32(120+r.Intn(40))<<23 | r.Uint32()&f32.FracMask // moderate values, integers and fractions
	case 7:
		fracs := []uint32{0, 1, 2, 0x7fffff, 0x7ffffe, 0x400000, 0x3fffff, 0x400001}
		return sign | uint32(1+r.Intn(254))<<23 | fracs[r.Intn(len(fracs))]
	}
	return r.Uint32()
}

// near returns an encoding close to x: a few ulps away, of either sign,
// or with its exponent moved a little (alignment shifts across the
// rounding point).
func near(r *rand.Rand, x uint32) uint32 {
	y := x
	switch r.Intn(4) {
	case 0:
		y = x + uint32(r.Intn(9)) - 4
	case 1:
		y = x + uint32(r.Intn(1<<12)) - 1<<11
	case 2:
		d := uint32(r.Intn(60)) << 23
		if r.Intn(2) == 0 {
			y = x - d
		} else {
			y = x + d
		}
	case 3:
		y = x ^ uint32(r.Intn(1<<8))
	}
	if r.Intn(2) == 0 {
		y ^= f32.SignMask
	}
	return y
}

func genBits() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(drawBits(p.Rng), gopter.NoShrinker)
	}
}

// genPair draws independent operands or operands near each other.
func genPair() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		x := drawBits(p.Rng)
		y := drawBits(p.Rng)
		if p.Rng.Intn(2) == 0 {
			y = near(p.Rng, x)
		}
		return gopter.NewGenResult([2]uint32{x, y}, gopter.NoShrinker)
	}
}

// genTriple draws fma operands; often z is near -(x·y), where the sum
// cancels.
func genTriple() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		x, y, z := drawBits(p.Rng), drawBits(p.Rng), drawBits(p.Rng)
		switch p.Rng.Intn(4) {
		case 0:
			y = near(p.Rng, x)
		case 1, 2:
			z = near(p.Rng, oracle.Mul32(x, y, rounding.Modes[p.Rng.Intn(4)], false))
		}
		return gopter.NewGenResult([3]uint32{x, y, z}, gopter.NoShrinker)
	}
}

func properties(t *testing.T) *gopter.Properties {
	return testflag.Properties(t, propCases, propCases/10)
}

// checkAll runs one input through every mode and ftz setting and returns
// the mismatches, counting the checks made.
func checkAll(count *atomic.Int64, one func(m rounding.Mode, ftz bool) (fn string, args []uint32, got, want uint32)) string {
	var bad []string
	for _, m := range rounding.Modes {
		for _, ftz := range ftzs {
			fn, args, got, want := one(m, ftz)
			count.Add(1)
			if !same(got, want) {
				bad = append(bad, failure(fn, args, m, ftz, got, want))
			}
		}
	}
	return strings.Join(bad, "\n")
}

var binOps = []binOp{
	{"Add32", rounding.Add32, oracle.Add32},
	{"Sub32", rounding.Sub32, oracle.Sub32},
	{"Mul32", rounding.Mul32, oracle.Mul32},
	{"Div32", rounding.Div32, oracle.Div32},
}

var unOps = []unOp{
	{"Sqrt32", rounding.Sqrt32, oracle.Sqrt32},
	{"Rcp32", rounding.Rcp32, oracle.Rcp32},
	{"RoundInt32", rounding.RoundInt32, oracle.RoundInt32},
}

func TestPropertyOracle(t *testing.T) {
	props := properties(t)
	counts := map[string]*atomic.Int64{}
	for _, op := range binOps {
		c := new(atomic.Int64)
		counts[op.name] = c
		props.Property(op.name+" = oracle", prop.ForAll(func(xy [2]uint32) string {
			return checkAll(c, func(m rounding.Mode, ftz bool) (string, []uint32, uint32, uint32) {
				return op.name, xy[:], op.f(xy[0], xy[1], m, ftz), op.oracle(xy[0], xy[1], m, ftz)
			})
		}, genPair()))
	}
	for _, op := range unOps {
		c := new(atomic.Int64)
		counts[op.name] = c
		props.Property(op.name+" = oracle", prop.ForAll(func(x uint32) string {
			return checkAll(c, func(m rounding.Mode, ftz bool) (string, []uint32, uint32, uint32) {
				return op.name, []uint32{x}, op.f(x, m, ftz), op.oracle(x, m, ftz)
			})
		}, genBits()))
	}
	c := new(atomic.Int64)
	counts["Fma32"] = c
	props.Property("Fma32 = oracle", prop.ForAll(func(v [3]uint32) string {
		return checkAll(c, func(m rounding.Mode, ftz bool) (string, []uint32, uint32, uint32) {
			return "Fma32", v[:], rounding.Fma32(v[0], v[1], v[2], m, ftz), oracle.Fma32(v[0], v[1], v[2], m, ftz)
		})
	}, genTriple()))
	props.TestingRun(t)
	for _, name := range []string{"Add32", "Sub32", "Mul32", "Div32", "Fma32", "Sqrt32", "Rcp32", "RoundInt32"} {
		t.Logf("%-10s %7d checks (inputs × 4 modes × 2 ftz)", name, counts[name].Load())
	}
}

// Conversions against independent references: the oracle's exact integer
// rounding (math/big) clamped to the destination, the oracle's float64
// value rounded with Round32, and exact big.Int values rounded with
// Round32.

var (
	minI32 = big.NewInt(math.MinInt32)
	maxI32 = big.NewInt(math.MaxInt32)
	maxU32 = new(big.Int).SetUint64(math.MaxUint32)
	minI64 = big.NewInt(math.MinInt64)
	maxI64 = big.NewInt(math.MaxInt64)
	maxU64 = new(big.Int).SetUint64(math.MaxUint64)
	zero   = big.NewInt(0)
)

// wantInt returns the reference of a float-to-integer conversion of x:
// NaN gives nan; ±Inf and out-of-range values clamp to [lo, hi].
func wantInt(x uint32, m rounding.Mode, ftz bool, lo, hi *big.Int, nan uint64) uint64 {
	if f32.IsNaN(x) {
		return nan
	}
	var n *big.Int
	switch {
	case x == f32.InfBits:
		n = hi
	case x == f32.NegInfBits:
		n = lo
	default:
		n = oracle.Saturate(oracle.RoundToInt(x, m, ftz), lo, hi)
	}
	if n.Sign() < 0 {
		return uint64(n.Int64())
	}
	return n.Uint64()
}

type intConv struct {
	name   string
	f      func(x uint32, m rounding.Mode, ftz bool) uint64
	lo, hi *big.Int
	nan    uint64
}

var intConvs = []intConv{
	{"F32ToI32", func(x uint32, m rounding.Mode, ftz bool) uint64 { return uint64(rounding.F32ToI32(x, m, ftz)) }, minI32, maxI32, 0},
	{"F32ToU32", func(x uint32, m rounding.Mode, ftz bool) uint64 { return uint64(rounding.F32ToU32(x, m, ftz)) }, zero, maxU32, 0},
	{"F32ToI64", func(x uint32, m rounding.Mode, ftz bool) uint64 { return uint64(rounding.F32ToI64(x, m, ftz)) }, minI64, maxI64, 1 << 63},
	{"F32ToU64", func(x uint32, m rounding.Mode, ftz bool) uint64 { return rounding.F32ToU64(x, m, ftz) }, zero, maxU64, 1 << 63},
}

// drawInt64 draws integers of every magnitude, with runs of ones and zeros
// around the 24-bit rounding point.
func drawInt64(r *rand.Rand) int64 {
	switch r.Intn(6) {
	case 0:
		return int64(r.Uint64()) >> r.Intn(64)
	case 1:
		v := uint64(1)<<r.Intn(64) + uint64(r.Intn(5)) - 2
		return int64(v)
	case 2:
		ints := []int64{0, 1, -1, math.MaxInt64, math.MinInt64, math.MaxInt32, math.MinInt32, 1 << 24, 1<<24 + 1, 1<<25 + 3, -(1<<24 + 1)}
		return ints[r.Intn(len(ints))]
	case 3:
		top := r.Uint64() >> r.Intn(40)
		return int64(top&^(1<<40-1) | 1<<(r.Intn(40)))
	}
	return int64(r.Uint64())
}

// drawF64 draws float64 encodings: in and around the float32 range, at
// float32 rounding boundaries, NaNs with payloads, subnormals, Inf.
func drawF64(r *rand.Rand) uint64 {
	sign := uint64(r.Intn(2)) << 63
	frac := r.Uint64() & (1<<52 - 1)
	switch r.Intn(8) {
	case 0:
		nans := []uint64{0x7ff0f9c7ff5fb763, 0xfff0000000004020, 0x7ff8000000000000, 0x7ff0000000000001, 0xfff8000000000001}
		return nans[r.Intn(len(nans))]
	case 1:
		return sign | 0x7ff0000000000000 | frac | 1 // NaN
	case 2:
		return sign | frac // subnormal
	case 3: // frac bits below the float32 point: half, just above, just below
		low := []uint64{1 << 28, 1<<28 + 1, 1<<28 - 1, 0, 1, 1<<29 - 1}
		return sign | uint64(1023-150+r.Intn(300))<<52 | frac&^(1<<29-1) | low[r.Intn(len(low))]
	case 4:
		return sign | uint64(1023-160+r.Intn(320))<<52 | frac
	case 5:
		specials := []uint64{0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x47efffffe0000000, 0x47efffffffffffff, 0x47f0000000000000, 0x3810000000000000, 0x380fffffffffffff, 0x36a0000000000000, 0x3690000000000000, 0x3690000000000001}
		return specials[r.Intn(len(specials))]
	}
	return r.Uint64()
}

func TestPropertyConversions(t *testing.T) {
	props := properties(t)
	counts := map[string]*atomic.Int64{}
	count := func(name string) *atomic.Int64 {
		if counts[name] == nil {
			counts[name] = new(atomic.Int64)
		}
		return counts[name]
	}
	for _, cv := range intConvs {
		c := count(cv.name)
		props.Property(cv.name+" = exact rounding, clamped", prop.ForAll(func(x uint32) string {
			var bad []string
			for _, m := range rounding.Modes {
				for _, ftz := range ftzs {
					c.Add(1)
					got, want := cv.f(x, m, ftz), wantInt(x, m, ftz, cv.lo, cv.hi, cv.nan)
					if got != want {
						bad = append(bad, fmt.Sprintf("%s(%s) mode=%v ftz=%v = %#x, want %#x", cv.name, f32.Format(x), m, ftz, got, want))
					}
				}
			}
			return strings.Join(bad, "\n")
		}, genBits()))
	}
	c64 := count("F32ToF64")
	props.Property("F32ToF64 = oracle", prop.ForAll(func(x uint32) string {
		for _, ftz := range ftzs {
			c64.Add(1)
			if got, want := rounding.F32ToF64(x, ftz), oracle.F32ToF64(x, ftz); got != want {
				return fmt.Sprintf("F32ToF64(%s) ftz=%v = %#016x, want %#016x", f32.Format(x), ftz, got, want)
			}
		}
		return ""
	}, genBits()))
	cd := count("F64ToF32")
	props.Property("F64ToF32 = oracle", prop.ForAll(func(x uint64) string {
		var bad []string
		for _, m := range rounding.Modes {
			for _, ftz := range ftzs {
				cd.Add(1)
				if got, want := rounding.F64ToF32(x, m, ftz), oracle.F64ToF32(x, m, ftz); got != want {
					bad = append(bad, fmt.Sprintf("F64ToF32(%#016x) mode=%v ftz=%v = %s, want %s", x, m, ftz, f32.Format(got), f32.Format(want)))
				}
			}
		}
		return strings.Join(bad, "\n")
	}, func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(drawF64(p.Rng), gopter.NoShrinker)
	}))
	ci := count("IntToF32")
	props.Property("I32/U32/I64/U64ToF32 = oracle", prop.ForAll(func(v int64) string {
		var bad []string
		for _, m := range rounding.Modes {
			check := func(name string, got uint32, want *big.Int) {
				ci.Add(1)
				if w := oracle.IntToF32(want, m); got != w {
					bad = append(bad, fmt.Sprintf("%s(%s) mode=%v = %s, want %s", name, want, m, f32.Format(got), f32.Format(w)))
				}
			}
			check("I64ToF32", rounding.I64ToF32(v, m), big.NewInt(v))
			check("U64ToF32", rounding.U64ToF32(uint64(v), m), new(big.Int).SetUint64(uint64(v)))
			check("I32ToF32", rounding.I32ToF32(int32(v), m), big.NewInt(int64(int32(v))))
			check("U32ToF32", rounding.U32ToF32(uint32(v), m), new(big.Int).SetUint64(uint64(uint32(v))))
		}
		return strings.Join(bad, "\n")
	}, func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(drawInt64(p.Rng), gopter.NoShrinker)
	}))
	props.TestingRun(t)
	for _, name := range []string{"F32ToI32", "F32ToU32", "F32ToI64", "F32ToU64", "F32ToF64", "F64ToF32", "IntToF32"} {
		t.Logf("%-9s %7d checks", name, counts[name].Load())
	}
}
