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

	"github.com/cudafp/cudafp/internal/bf16"
	"github.com/cudafp/cudafp/internal/f16"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Tests of the 16-bit formats against internal/oracle's Format16
// references: every encoding for the unary conversions (every third in
// the default tier), every 16-bit integer, and generated operands for the
// arithmetic and the conversions from float32 and float64, in every mode,
// with ftz off and (binary16) on.

// halfFmt is one 16-bit format's entry points, so that each test is written
// once for both.
type halfFmt struct {
	name    string
	o       oracle.Format16
	format  func(uint16) string
	ftzs    []bool // the ftz settings the arithmetic has
	add     func(x, y uint16, m rounding.Mode, ftz bool) uint16
	sub     func(x, y uint16, m rounding.Mode, ftz bool) uint16
	mul     func(x, y uint16, m rounding.Mode, ftz bool) uint16
	fma     func(x, y, z uint16, m rounding.Mode, ftz bool) uint16
	sat     func(uint16) uint16
	relu    func(uint16) uint16
	fromF32 func(uint32, rounding.Mode) uint16
	fromF64 func(uint64, rounding.Mode) uint16
	toF32   func(uint16) uint32
	toF64   func(uint16, bool) uint64
	rint    func(uint16, rounding.Mode) uint16
	cmp     func(x, y uint16) (int, bool)
	minMax  [4]func(x, y uint16) uint16 // min, max, min.NaN, max.NaN
	toInt   []toIntFn
	fromInt []fromIntFn
}

type toIntFn struct {
	name   string
	bits   uint
	signed bool
	f      func(uint16, rounding.Mode) uint64
}

type fromIntFn struct {
	name   string
	bits   uint
	signed bool
	f      func(v uint64, m rounding.Mode) uint16 // v: the integer's bits
}

var halves = []halfFmt{
	{
		name: "F16", o: oracle.F16, format: f16.Format, ftzs: []bool{false, true},
		add: rounding.AddF16, sub: rounding.SubF16, mul: rounding.MulF16, fma: rounding.FmaF16,
		sat: rounding.SatF16, relu: rounding.ReluF16,
		fromF32: rounding.F32ToF16, fromF64: rounding.F64ToF16, toF32: rounding.F16ToF32, toF64: rounding.F16ToF64,
		rint: rounding.RoundIntF16,
		cmp:  rounding.CmpF16, minMax: [4]func(x, y uint16) uint16{rounding.MinF16, rounding.MaxF16, rounding.MinNaNF16, rounding.MaxNaNF16},
		toInt: []toIntFn{
			{"F16ToI16", 16, true, func(x uint16, m rounding.Mode) uint64 { return uint64(uint16(rounding.F16ToI16(x, m))) }},
			{"F16ToU16", 16, false, func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.F16ToU16(x, m)) }},
			{"F16ToI32", 32, true, func(x uint16, m rounding.Mode) uint64 { return uint64(uint32(rounding.F16ToI32(x, m))) }},
			{"F16ToU32", 32, false, func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.F16ToU32(x, m)) }},
			{"F16ToI64", 64, true, func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.F16ToI64(x, m)) }},
			{"F16ToU64", 64, false, func(x uint16, m rounding.Mode) uint64 { return rounding.F16ToU64(x, m) }},
		},
		fromInt: []fromIntFn{
			{"I16ToF16", 16, true, func(v uint64, m rounding.Mode) uint16 { return rounding.I16ToF16(int16(v), m) }},
			{"U16ToF16", 16, false, func(v uint64, m rounding.Mode) uint16 { return rounding.U16ToF16(uint16(v), m) }},
			{"I32ToF16", 32, true, func(v uint64, m rounding.Mode) uint16 { return rounding.I32ToF16(int32(v), m) }},
			{"U32ToF16", 32, false, func(v uint64, m rounding.Mode) uint16 { return rounding.U32ToF16(uint32(v), m) }},
			{"I64ToF16", 64, true, func(v uint64, m rounding.Mode) uint16 { return rounding.I64ToF16(int64(v), m) }},
			{"U64ToF16", 64, false, func(v uint64, m rounding.Mode) uint16 { return rounding.U64ToF16(v, m) }},
		},
	},
	{
		name: "BF16", o: oracle.BF16, format: bf16.Format, ftzs: []bool{false},
		add: func(x, y uint16, m rounding.Mode, _ bool) uint16 { return rounding.AddBF16(x, y, m) },
		sub: func(x, y uint16, m rounding.Mode, _ bool) uint16 { return rounding.SubBF16(x, y, m) },
		mul: func(x, y uint16, m rounding.Mode, _ bool) uint16 { return rounding.MulBF16(x, y, m) },
		fma: func(x, y, z uint16, m rounding.Mode, _ bool) uint16 { return rounding.FmaBF16(x, y, z, m) },
		sat: rounding.SatBF16, relu: rounding.ReluBF16,
		fromF32: rounding.F32ToBF16, fromF64: rounding.F64ToBF16, toF32: rounding.BF16ToF32, toF64: rounding.BF16ToF64,
		rint: rounding.RoundIntBF16,
		cmp:  rounding.CmpBF16, minMax: [4]func(x, y uint16) uint16{rounding.MinBF16, rounding.MaxBF16, rounding.MinNaNBF16, rounding.MaxNaNBF16},
		toInt: []toIntFn{
			{"BF16ToI16", 16, true, func(x uint16, m rounding.Mode) uint64 { return uint64(uint16(rounding.BF16ToI16(x, m))) }},
			{"BF16ToU16", 16, false, func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.BF16ToU16(x, m)) }},
			{"BF16ToI32", 32, true, func(x uint16, m rounding.Mode) uint64 { return uint64(uint32(rounding.BF16ToI32(x, m))) }},
			{"BF16ToU32", 32, false, func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.BF16ToU32(x, m)) }},
			{"BF16ToI64", 64, true, func(x uint16, m rounding.Mode) uint64 { return uint64(rounding.BF16ToI64(x, m)) }},
			{"BF16ToU64", 64, false, func(x uint16, m rounding.Mode) uint64 { return rounding.BF16ToU64(x, m) }},
		},
		fromInt: []fromIntFn{
			{"I16ToBF16", 16, true, func(v uint64, m rounding.Mode) uint16 { return rounding.I16ToBF16(int16(v), m) }},
			{"U16ToBF16", 16, false, func(v uint64, m rounding.Mode) uint16 { return rounding.U16ToBF16(uint16(v), m) }},
			{"I32ToBF16", 32, true, func(v uint64, m rounding.Mode) uint16 { return rounding.I32ToBF16(int32(v), m) }},
			{"U32ToBF16", 32, false, func(v uint64, m rounding.Mode) uint16 { return rounding.U32ToBF16(uint32(v), m) }},
			{"I64ToBF16", 64, true, func(v uint64, m rounding.Mode) uint16 { return rounding.I64ToBF16(int64(v), m) }},
			{"U64ToBF16", 64, false, func(v uint64, m rounding.Mode) uint16 { return rounding.U64ToBF16(v, m) }},
		},
	},
}

// intValue is the integer whose n-bit pattern is v, signed or not.
func intValue(v uint64, n uint, signed bool) *big.Int {
	v &= uint64(1)<<n - 1 | -uint64(n>>6) // the low n bits (all for n = 64)
	z := new(big.Int).SetUint64(v)
	if signed && v>>(n-1)&1 == 1 {
		z.Sub(z, new(big.Int).Lsh(big.NewInt(1), n))
	}
	return z
}

// TestHalfUnary checks the conversions of one 16-bit operand on every
// encoding (every third outside CUDAFP_EXHAUSTIVE) in every mode.
func TestHalfUnary(t *testing.T) {
	step := 3
	if testflag.Exhaustive() {
		step = 1
	}
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			var fc failCounter
			checks := 0
			for i := 0; i < 1<<16; i += step {
				x := uint16(i)
				if got, want := h.toF32(x), h.o.ToF32(x); got != want {
					fc.fail(t, fmt.Sprintf("%sToF32(%s) = %#08x, want %#08x", h.name, h.format(x), got, want))
				}
				for _, ftz := range []bool{false, true} {
					if got, want := h.toF64(x, ftz), oracle.F32ToF64(h.o.ToF32(x), ftz); got != want {
						fc.fail(t, fmt.Sprintf("%sToF64(%s, ftz=%v) = %#016x, want %#016x", h.name, h.format(x), ftz, got, want))
					}
				}
				if got, want := h.sat(x), h.o.Sat16(x); got != want {
					fc.fail(t, fmt.Sprintf("Sat%s(%s) = %s, want %s", h.name, h.format(x), h.format(got), h.format(want)))
				}
				if got, want := h.relu(x), h.o.Relu16(x); got != want {
					fc.fail(t, fmt.Sprintf("Relu%s(%s) = %s, want %s", h.name, h.format(x), h.format(got), h.format(want)))
				}
				for _, m := range rounding.Modes {
					if got, want := h.rint(x, m), h.o.RoundInt16(x, m); got != want {
						fc.fail(t, fmt.Sprintf("RoundInt%s(%s) mode=%v = %s, want %s", h.name, h.format(x), m, h.format(got), h.format(want)))
					}
					for _, c := range h.toInt {
						if got, want := c.f(x, m), h.o.ToInt(x, m, c.bits, c.signed); got != want {
							fc.fail(t, fmt.Sprintf("%s(%s) mode=%v = %#x, want %#x", c.name, h.format(x), m, got, want))
						}
					}
					checks += 2 + len(h.toInt)
				}
			}
			t.Logf("%d inputs, %d checks", (1<<16+step-1)/step, checks)
		})
	}
}

// TestHalfFromInt checks the integer conversions on every 16-bit integer
// and on generated wider ones near powers of two and the formats'
// rounding boundaries.
func TestHalfFromInt(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed)))
	var wide []uint64
	for range 20000 {
		v := r.Uint64() >> r.Intn(64)
		switch r.Intn(3) {
		case 0: // near a power of two, where the rounding point and overflow lie
			v = uint64(1)<<r.Intn(64) + uint64(r.Intn(64)) - 32
		case 1: // a few significant bits and a tail
			v = (r.Uint64()>>52)<<r.Intn(53) + uint64(r.Intn(3))
		}
		if r.Intn(2) == 0 {
			v = -v
		}
		wide = append(wide, v)
	}
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			var fc failCounter
			checks := 0
			for _, c := range h.fromInt {
				vs := wide
				if c.bits == 16 {
					vs = make([]uint64, 1<<16)
					for i := range vs {
						vs[i] = uint64(i)
					}
				}
				for _, v := range vs {
					for _, m := range rounding.Modes {
						got, want := c.f(v, m), h.o.FromInt(intValue(v, c.bits, c.signed), m)
						checks++
						if got != want {
							fc.fail(t, fmt.Sprintf("%s(%v) mode=%v = %s, want %s", c.name, intValue(v, c.bits, c.signed), m, h.format(got), h.format(want)))
						}
					}
				}
			}
			t.Logf("%d checks", checks)
		})
	}
}

// draw16 draws an encoding of h: any, or one of the classes and exponents
// where the kernels branch.
func draw16(r *rand.Rand, h halfFmt) uint16 {
	fb := uint(h.o.FracBits)
	inf := uint16(2*h.o.Bias+1) << fb
	sign := uint16(r.Intn(2)) << 15
	frac := uint16(r.Intn(1 << fb))
	switch r.Intn(10) {
	case 0:
		return sign | []uint16{0, inf, inf | 1, inf | 1<<(fb-1), 0x7fff, 1, inf - 1, 1 << fb, uint16(h.o.Bias) << fb}[r.Intn(9)]
	case 1:
		return sign | frac // subnormal or zero
	case 2:
		b := []int{1, 2, int(fb), int(fb) + 1, 2 * h.o.Bias, 2*h.o.Bias - 1, h.o.Bias, h.o.Bias + int(fb)}[r.Intn(8)]
		return sign | uint16(b)<<fb | frac
	}
	return uint16(r.Uint32())
}

// near16 returns an encoding a few ulps or a few binades from x.
func near16(r *rand.Rand, h halfFmt, x uint16) uint16 {
	switch r.Intn(3) {
	case 0:
		x += uint16(r.Intn(9)) - 4
	case 1:
		x += uint16(r.Intn(24)-12) << h.o.FracBits
	}
	if r.Intn(2) == 0 {
		x ^= 0x8000
	}
	return x
}

func halfProperties(t *testing.T, n int) *gopter.Properties {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	params := gopter.DefaultTestParametersWithSeed(int64(seed))
	params.MinSuccessfulTests = n
	if testing.Short() {
		params.MinSuccessfulTests = n / 10
	}
	return gopter.NewProperties(params)
}

// TestHalfArithOracle checks add, sub, mul and fma, and the .sat and .relu
// compositions, against the oracle on generated operands.
func TestHalfArithOracle(t *testing.T) {
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			props := halfProperties(t, 20000)
			var count atomic.Int64
			check := func(fn string, args []uint16, f func(m rounding.Mode, ftz bool) (got, want uint16)) string {
				var bad []string
				for _, m := range rounding.Modes {
					for _, ftz := range h.ftzs {
						got, want := f(m, ftz)
						count.Add(1)
						if got != want {
							s := make([]string, len(args))
							for i, a := range args {
								s[i] = h.format(a)
							}
							bad = append(bad, fmt.Sprintf("%s%s(%s) mode=%v ftz=%v = %s, want %s", fn, h.name, strings.Join(s, ", "), m, ftz, h.format(got), h.format(want)))
						}
					}
				}
				return strings.Join(bad, "\n")
			}
			pair := func(p *gopter.GenParameters) *gopter.GenResult {
				x := draw16(p.Rng, h)
				y := draw16(p.Rng, h)
				if p.Rng.Intn(2) == 0 {
					y = near16(p.Rng, h, x)
				}
				return gopter.NewGenResult([2]uint16{x, y}, gopter.NoShrinker)
			}
			triple := func(p *gopter.GenParameters) *gopter.GenResult {
				x, y, z := draw16(p.Rng, h), draw16(p.Rng, h), draw16(p.Rng, h)
				if p.Rng.Intn(2) == 0 { // z near -(x·y): cancellation
					z = near16(p.Rng, h, h.o.Mul16(x, y, rounding.Modes[p.Rng.Intn(4)], false)^0x8000)
				}
				return gopter.NewGenResult([3]uint16{x, y, z}, gopter.NoShrinker)
			}
			props.Property("add, sub, mul = oracle", prop.ForAll(func(v [2]uint16) string {
				x, y := v[0], v[1]
				return check("Add", v[:], func(m rounding.Mode, ftz bool) (uint16, uint16) {
					return h.add(x, y, m, ftz), h.o.Add16(x, y, m, ftz)
				}) + check("Sub", v[:], func(m rounding.Mode, ftz bool) (uint16, uint16) {
					return h.sub(x, y, m, ftz), h.o.Add16(x, y^0x8000, m, ftz)
				}) + check("Mul", v[:], func(m rounding.Mode, ftz bool) (uint16, uint16) {
					return h.mul(x, y, m, ftz), h.o.Mul16(x, y, m, ftz)
				}) + check("SatAdd", v[:], func(m rounding.Mode, ftz bool) (uint16, uint16) {
					return h.sat(h.add(x, y, m, ftz)), h.o.Sat16(h.o.Add16(x, y, m, ftz))
				})
			}, gopter.Gen(pair)))
			props.Property("fma, fma.relu = oracle", prop.ForAll(func(v [3]uint16) string {
				x, y, z := v[0], v[1], v[2]
				return check("Fma", v[:], func(m rounding.Mode, ftz bool) (uint16, uint16) {
					return h.fma(x, y, z, m, ftz), h.o.Fma16(x, y, z, m, ftz)
				}) + check("ReluFma", v[:], func(m rounding.Mode, ftz bool) (uint16, uint16) {
					return h.relu(h.fma(x, y, z, m, ftz)), h.o.Relu16(h.o.Fma16(x, y, z, m, ftz))
				})
			}, gopter.Gen(triple)))
			props.TestingRun(t)
			t.Logf("%d checks", count.Load())
		})
	}
}

// TestHalfFromFloat checks the conversions from float32 and float64 on
// generated inputs, halfFmt of them within a few float32 or float64 ulps of
// the 16-bit format's values and midpoints.
func TestHalfFromFloat(t *testing.T) {
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			props := halfProperties(t, 20000)
			var count atomic.Int64
			mid := func(r *rand.Rand) float64 { // a value or a midpoint of h (exact in float64)
				x := draw16(r, h) &^ 0x8000
				if h.o.IsNaN(x) {
					x = 0x1234
				}
				v := h.o.Value16(x)
				if r.Intn(2) == 0 && x < uint16(2*h.o.Bias+1)<<h.o.FracBits {
					v = new(big.Float).Add(v, h.o.Value16(x+1))
					v.Quo(v, big.NewFloat(2))
				}
				f, _ := v.Float64()
				if r.Intn(2) == 0 {
					f = -f
				}
				return f
			}
			props.Property("from float32 = oracle", prop.ForAll(func(seed int64) string {
				r := rand.New(rand.NewSource(seed))
				var x uint32
				if r.Intn(2) == 0 {
					x = math.Float32bits(float32(mid(r))) + uint32(r.Intn(7)) - 3
				} else {
					x = r.Uint32()
				}
				var bad []string
				for _, m := range rounding.Modes {
					count.Add(1)
					if got, want := h.fromF32(x, m), h.o.FromF32(x, m); got != want {
						bad = append(bad, fmt.Sprintf("F32To%s(%#08x) mode=%v = %s, want %s", h.name, x, m, h.format(got), h.format(want)))
					}
				}
				return strings.Join(bad, "\n")
			}, gopter.Gen(func(p *gopter.GenParameters) *gopter.GenResult {
				return gopter.NewGenResult(p.Rng.Int63(), gopter.NoShrinker)
			})))
			props.Property("from float64 = oracle", prop.ForAll(func(seed int64) string {
				r := rand.New(rand.NewSource(seed))
				var x uint64
				if r.Intn(2) == 0 {
					x = math.Float64bits(mid(r)) + uint64(r.Intn(7)) - 3
				} else {
					x = r.Uint64()
				}
				var bad []string
				for _, m := range rounding.Modes {
					count.Add(1)
					if got, want := h.fromF64(x, m), h.o.FromF64(x, m); got != want {
						bad = append(bad, fmt.Sprintf("F64To%s(%#016x) mode=%v = %s, want %s", h.name, x, m, h.format(got), h.format(want)))
					}
				}
				return strings.Join(bad, "\n")
			}, gopter.Gen(func(p *gopter.GenParameters) *gopter.GenResult {
				return gopter.NewGenResult(p.Rng.Int63(), gopter.NoShrinker)
			})))
			props.TestingRun(t)
			t.Logf("%d checks", count.Load())
		})
	}
}

// ref16 is an independent reference of the conversion of the float64 x
// (not NaN) to h in mode m: internal/f16's (or bf16's) round-to-nearest
// FromFloat64, stepped one encoding toward x where the mode rounds the
// other way (the comparisons are exact: every 16-bit value is a float64).
func ref16(h halfFmt, x float64, m rounding.Mode) uint16 {
	from, val, up, down := f16.FromFloat64, f16.Float64, f16.NextUp, f16.NextDown
	if h.name == "BF16" {
		from, val, up, down = bf16.FromFloat64, bf16.Float64, bf16.NextUp, bf16.NextDown
	}
	r := from(x)
	v := val(r)
	switch {
	case m == rounding.RZ && math.Abs(v) > math.Abs(x):
		if v > 0 {
			return down(r)
		}
		return up(r)
	case m == rounding.RU && v < x:
		return up(r)
	case m == rounding.RD && v > x:
		return down(r)
	}
	return r
}

// TestHalfFromF32Sweep compares F32ToF16 and F32ToBF16 with ref16 on every
// float32 encoding under CUDAFP_EXHAUSTIVE (every 4099th otherwise), in
// every mode.
func TestHalfFromF32Sweep(t *testing.T) {
	step := uint64(4099)
	if testflag.Exhaustive() {
		step = 1
	}
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			var fc failCounter
			checks := 0
			for u := uint64(0); u < 1<<32; u += step {
				x := uint32(u)
				f := float64(math.Float32frombits(x))
				for _, m := range rounding.Modes {
					want := rounding.F16NaN
					if f == f {
						want = ref16(h, f, m)
					}
					checks++
					if got := h.fromF32(x, m); got != want {
						fc.fail(t, fmt.Sprintf("F32To%s(%#08x) mode=%v = %s, want %s", h.name, x, m, h.format(got), h.format(want)))
					}
				}
			}
			t.Logf("%d checks (step %d)", checks, step)
		})
	}
}

// TestHalfFromInt32Sweep compares the int32 and uint32 conversions with
// ref16 of the integer's float64 (exact) on every 32-bit pattern under
// CUDAFP_EXHAUSTIVE (4 modes × 2 types × 2 formats × 2^32 checks, in 256
// parallel shards per format: shard=hh, the pattern's high byte), on every
// 65537th otherwise (0.3 s).
func TestHalfFromInt32Sweep(t *testing.T) {
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			var fc failCounter
			check := func(t *testing.T, lo, hi, step uint64) {
				for u := lo; u < hi; u += step {
					for _, c := range h.fromInt {
						if c.bits != 32 {
							continue
						}
						v := float64(uint32(u))
						if c.signed {
							v = float64(int32(uint32(u)))
						}
						for _, m := range rounding.Modes {
							if got, want := c.f(u, m), ref16(h, v, m); got != want {
								fc.fail(t, fmt.Sprintf("%s(%v) mode=%v = %s, want %s", c.name, v, m, h.format(got), h.format(want)))
							}
						}
					}
				}
			}
			if !testflag.Exhaustive() {
				check(t, 0, 1<<32, 65537)
				return
			}
			for hi := range uint64(256) {
				t.Run(fmt.Sprintf("shard=%02x", hi), func(t *testing.T) {
					t.Parallel()
					check(t, hi<<24, (hi+1)<<24, 1)
				})
			}
		})
	}
}

// TestHalfMinMaxCmp checks Min, Max, MinNaN, MaxNaN and Cmp of both formats
// against the oracle on every pair of a grid of encodings (every 251st,
// which reaches zeros, subnormals, Infs and NaNs of several payloads) and
// of each grid value with its neighbours and its negation, then the rows
// of their doc comments' special-case tables (the device's rules:
// testdata/golden16's __hmin, __hmax, __hmin_nan, __hmax_nan).
func TestHalfMinMaxCmp(t *testing.T) {
	names := [4]string{"Min", "Max", "MinNaN", "MaxNaN"}
	for _, h := range halves {
		t.Run(h.name, func(t *testing.T) {
			var fc failCounter
			var grid []uint16
			for i := 0; i < 1<<16; i += 251 {
				grid = append(grid, uint16(i))
			}
			inf := uint16(2*h.o.Bias+1) << h.o.FracBits
			grid = append(grid, 0, 0x8000, inf, inf|0x8000, inf|1, 0xffff)
			checks := 0
			check := func(x, y uint16) {
				c, o := h.cmp(x, y)
				if wc, wo := h.o.Cmp16(x, y); c != wc || o != wo {
					fc.fail(t, fmt.Sprintf("Cmp%s(%s, %s) = %d, %v, want %d, %v", h.name, h.format(x), h.format(y), c, o, wc, wo))
				}
				for i, g := range h.minMax {
					if got, want := g(x, y), h.o.MinMax16(x, y, i%2 == 0, i >= 2); got != want {
						fc.fail(t, fmt.Sprintf("%s%s(%s, %s) = %s, want %s", names[i], h.name, h.format(x), h.format(y), h.format(got), h.format(want)))
					}
				}
				checks += 5
			}
			for _, x := range grid {
				for _, y := range grid {
					check(x, y)
				}
				for _, y := range []uint16{x, x ^ 0x8000, x + 1, x - 1} {
					check(x, y)
					check(y, x)
				}
			}
			nan, qnan := uint16(0x7fff), inf|1<<(h.o.FracBits-1)|3
			one := uint16(h.o.Bias) << h.o.FracBits
			for _, r := range []struct {
				fn   int // index into h.minMax
				x, y uint16
				want uint16
			}{
				{0, nan, qnan, nan}, {1, qnan | 0x8000, qnan, nan}, // two NaNs: the canonical NaN
				{0, one, qnan, one}, {0, qnan, one, one}, {1, qnan, one | 0x8000, one | 0x8000}, // the number
				{0, 0x8000, 0, 0x8000}, {0, 0, 0x8000, 0x8000}, {1, 0x8000, 0, 0}, {1, 0, 0x8000, 0}, // -0 < +0
				{2, one, qnan, nan}, {3, qnan, one, nan}, {2, 0, 0x8000, 0x8000}, {3, 0x8000, 0, 0},
			} {
				if got := h.minMax[r.fn](r.x, r.y); got != r.want {
					t.Errorf("%s%s(%s, %s) = %s, want %s", names[r.fn], h.name, h.format(r.x), h.format(r.y), h.format(got), h.format(r.want))
				}
			}
			if c, o := h.cmp(0x8000, 0); c != 0 || !o {
				t.Errorf("Cmp%s(-0, +0) = %d, %v, want 0, true", h.name, c, o)
			}
			if c, o := h.cmp(one, qnan); c != 0 || o {
				t.Errorf("Cmp%s(1, NaN) = %d, %v, want 0, false", h.name, c, o)
			}
			t.Logf("%d grid values, %d checks", len(grid), checks)
		})
	}
}
