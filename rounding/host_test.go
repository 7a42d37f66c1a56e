package rounding_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// The host paths (host.go) against the integer kernels they replace, which
// stay as their oracle (export_test.go): bit for bit, in every mode, with
// .ftz off and on.
//
// Unary operations and conversions: every exhaustiveStride-th input by
// default, all 2^32 with CUDAFP_EXHAUSTIVE=1 (sweep). Binary and ternary
// operations: generated inputs in strata that aim at what a binary64 route
// can get wrong — binary32 midpoints reached with a tiny residual (double
// rounding), operands with far-apart exponents (inexact binary64 sums),
// subnormal and overflowing results, results at 2^-126 under .ftz, exact
// zeros — plus the property generators' mix; hostCases per stratum (64 times
// more in the exhaustive tier), from the logged seed.

const hostCases = 1 << 14

// hostUnary pairs a unary operation with its integer kernel.
var hostUnary = []struct {
	name      string
	host, int func(x uint32, m rounding.Mode, ftz bool) uint32
}{
	{"Sqrt32", rounding.Sqrt32, rounding.Sqrt32Int},
	{"Rcp32", rounding.Rcp32, rounding.Rcp32Int},
	{"RoundInt32", rounding.RoundInt32, rounding.RoundInt32Int},
	{"I32ToF32", func(x uint32, m rounding.Mode, _ bool) uint32 { return rounding.I32ToF32(int32(x), m) },
		func(x uint32, m rounding.Mode, _ bool) uint32 { return rounding.I32ToF32Int(int32(x), m) }},
	{"U32ToF32", func(x uint32, m rounding.Mode, _ bool) uint32 { return rounding.U32ToF32(x, m) },
		func(x uint32, m rounding.Mode, _ bool) uint32 { return rounding.U32ToF32Int(x, m) }},
}

func TestHostMatchesIntegerUnary(t *testing.T) {
	for _, op := range hostUnary {
		sweep(t, op.name, func(t *testing.T, x uint32, fc *failCounter) {
			for _, m := range rounding.Modes {
				for _, ftz := range []bool{false, true} {
					if got, want := op.host(x, m, ftz), op.int(x, m, ftz); got != want {
						fc.fail(t, failure(op.name, []uint32{x}, m, ftz, got, want))
					}
				}
			}
		})
	}
}

// f64Lows are low words of a binary64 that put it on, next to and between
// the binary32 rounding points of a normal result (bit 28 is half a
// binary32 ulp).
var f64Lows = []uint32{0, 1, 0x0fffffff, 0x10000000, 0x10000001, 0x1fffffff, 0xffffffff, 0x80000000}

// TestHostMatchesIntegerF64ToF32 takes the high word of the binary64 from
// the sweep, so every binary64 exponent and sign is met (subnormal,
// overflowing and NaN sources included), and the low word from f64Lows and
// one pseudo-random word.
func TestHostMatchesIntegerF64ToF32(t *testing.T) {
	sweep(t, "F64ToF32", func(t *testing.T, hi uint32, fc *failCounter) {
		lows := append(f64Lows[:len(f64Lows):len(f64Lows)], hi*0x9e3779b9)
		for _, lo := range lows {
			x := uint64(hi)<<32 | uint64(lo)
			for _, m := range rounding.Modes {
				for _, ftz := range []bool{false, true} {
					if got, want := rounding.F64ToF32(x, m, ftz), rounding.F64ToF32Int(x, m, ftz); got != want {
						fc.fail(t, fmt.Sprintf("F64ToF32(%#016x) mode=%v ftz=%v = %s, want %s", x, m, ftz, f32.Format(got), f32.Format(want)))
					}
				}
			}
		}
	})
}

func TestHostMatchesIntegerI64(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed) + 64))
	var fc failCounter
	for i := range 64 * hostCases {
		// Magnitudes of every bit length, around 2^53 most of all, where
		// the host path hands over.
		v := r.Uint64() >> uint(r.Intn(64))
		if i%4 == 0 {
			v = 1<<53 + uint64(r.Intn(1<<12)) - 1<<11
		}
		for _, m := range rounding.Modes {
			if got, want := rounding.U64ToF32(v, m), rounding.U64ToF32Int(v, m); got != want {
				fc.fail(t, fmt.Sprintf("U64ToF32(%d) mode=%v = %s, want %s", v, m, f32.Format(got), f32.Format(want)))
			}
			s := int64(v)
			if got, want := rounding.I64ToF32(s, m), rounding.I64ToF32Int(s, m); got != want {
				fc.fail(t, fmt.Sprintf("I64ToF32(%d) mode=%v = %s, want %s", s, m, f32.Format(got), f32.Format(want)))
			}
			if got, want := rounding.I64ToF32(-s, m), rounding.I64ToF32Int(-s, m); got != want {
				fc.fail(t, fmt.Sprintf("I64ToF32(%d) mode=%v = %s, want %s", -s, m, f32.Format(got), f32.Format(want)))
			}
		}
	}
}

// normal draws a normal binary32 of either sign with a biased exponent in
// [lo, hi].
func normal(r *rand.Rand, lo, hi int) uint32 {
	return uint32(r.Intn(2))<<31 | uint32(lo+r.Intn(hi-lo+1))<<23 | r.Uint32()&f32.FracMask
}

// midpoint returns, as a binary64, the point halfway between the binary32 t
// (finite, nonzero) and its neighbour away from zero.
func midpoint(t uint32) float64 {
	a, b := float64(math.Float32frombits(t)), float64(math.Float32frombits(t+1))
	return a + (b-a)/2 // exact: a and b are binary32 values in binary64
}

// hostStrata are the input generators of the binary and ternary tests: each
// returns x, y, z (z unused by the binary operations) and is named in the
// counts the test logs.
var hostStrata = []struct {
	name string
	gen  func(r *rand.Rand, op string) (x, y, z uint32)
}{
	{"mixed", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		x, y, z := drawBits(r), drawBits(r), drawBits(r)
		if r.Intn(2) == 0 {
			y = near(r, x)
		}
		return x, y, z
	}},
	{"midpoint", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		// A result target t, and operands whose exact result is the
		// binary32 midpoint next to t up to a residual of a few binary32
		// ulps of the small operand: the binary64 result is often the
		// midpoint itself, and the binary32 rounding then depends on the
		// residual's sign.
		t := normal(r, 1, 253)
		m := midpoint(t)
		x := normal(r, 100, 154)
		switch op {
		case "Mul", "Div":
			// y = m/x or m·x rounded, the exact product or quotient is
			// near m.
			var y float32
			if op == "Mul" {
				y = float32(m / float64(math.Float32frombits(x)))
			} else {
				y = float32(float64(math.Float32frombits(x)) / m)
			}
			return x, math.Float32bits(y), 0
		case "Fma":
			y := normal(r, 100, 154)
			p := float64(math.Float32frombits(x)) * float64(math.Float32frombits(y))
			return x, y, math.Float32bits(float32(m - p))
		}
		x = normal(r, int(t>>23&0xff)-2, int(t>>23&0xff)) | t&f32.SignMask // the sum does not cancel
		y := math.Float32bits(float32(m - float64(math.Float32frombits(x))))
		if op == "Sub" {
			y ^= f32.SignMask
		}
		return x, y, 0
	}},
	{"far", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		// Exponents 20 to 80 apart: binary64 sums are inexact.
		x := normal(r, 120, 250)
		d := 20 + r.Intn(61)
		y := normal(r, 1, 253)&^f32.ExpMask | uint32(max(1, int(x>>23&0xff)-d))<<23
		z := normal(r, 1, 253)
		if r.Intn(2) == 0 {
			x, y = y, x
		}
		return x, y, z
	}},
	{"tiny", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		// Results near and below 2^-126, subnormal operands among them.
		switch op {
		case "Add", "Sub":
			return normal(r, 1, 3) &^ (uint32(r.Intn(2)) << 23), normal(r, 1, 3), 0
		case "Div":
			return normal(r, 1, 60), normal(r, 127, 190), 0
		}
		x := normal(r, 20, 110)
		y := normal(r, 1, 1) | uint32(127-126+150-int(x>>23&0xff)-r.Intn(26))<<23&f32.ExpMask
		z := uint32(0)
		if r.Intn(2) == 0 {
			z = normal(r, 1, 2) &^ (uint32(r.Intn(2)) << 23)
		}
		return x, y, z
	}},
	{"at2^-126", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		// Exact results within a few ulps of ±2^-126, where .ftz depends
		// on tininess after rounding.
		t := f32.MinNormalBits + uint32(r.Intn(5)) - 2 | uint32(r.Intn(2))<<31
		m := midpoint(t)
		if r.Intn(2) == 0 {
			m = float64(math.Float32frombits(t))
		}
		x := normal(r, 110, 144)
		switch op {
		case "Mul":
			return x, math.Float32bits(float32(m / float64(math.Float32frombits(x)))), 0
		case "Div":
			return x, math.Float32bits(float32(float64(math.Float32frombits(x)) / m)), 0
		case "Fma":
			y := normal(r, 1, 30)
			p := float64(math.Float32frombits(x)) * float64(math.Float32frombits(y))
			return x, y, math.Float32bits(float32(m - p))
		}
		x = normal(r, 1, 2)
		return x, math.Float32bits(float32(m - float64(math.Float32frombits(x)))), 0
	}},
	{"huge", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		// Results near and beyond MaxFinite.
		switch op {
		case "Add", "Sub":
			return normal(r, 253, 254) &^ f32.SignMask, normal(r, 230, 254) &^ f32.SignMask, 0
		case "Div":
			return normal(r, 200, 254), normal(r, 60, 127), 0
		}
		x := normal(r, 180, 254)
		y := normal(r, 1, 1) | uint32(127+128-(int(x>>23&0xff)-127)+r.Intn(3)-1)<<23&f32.ExpMask
		return x, y, normal(r, 250, 254)
	}},
	{"zero", func(r *rand.Rand, op string) (uint32, uint32, uint32) {
		// Exact zero results and signed zero operands.
		x := normal(r, 1, 254)
		switch op {
		case "Add":
			return x, x ^ f32.SignMask, 0
		case "Sub":
			return x, x, 0
		case "Fma":
			// x·y exact in binary32 (12-bit significands), z = -x·y.
			x &^= 0xfff
			y := normal(r, 100, 154) &^ 0xfff
			return x, y, math.Float32bits(-math.Float32frombits(x) * math.Float32frombits(y))
		}
		return uint32(r.Intn(2)) << 31, x, uint32(r.Intn(2)) << 31
	}},
}

// hostBinary pairs each binary and ternary operation with its integer
// kernel (ternary in form; the binary ones ignore z).
var hostBinary = []struct {
	name      string
	host, int func(x, y, z uint32, m rounding.Mode, ftz bool) uint32
}{
	{"Add", func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Add32(x, y, m, ftz) },
		func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Add32Int(x, y, m, ftz) }},
	{"Sub", func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sub32(x, y, m, ftz) },
		func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sub32Int(x, y, m, ftz) }},
	{"Mul", func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Mul32(x, y, m, ftz) },
		func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Mul32Int(x, y, m, ftz) }},
	{"Div", func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Div32(x, y, m, ftz) },
		func(x, y, _ uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Div32Int(x, y, m, ftz) }},
	{"Fma", rounding.Fma32, rounding.Fma32Int},
}

// rnEntries are the call-free RN entries, each against its general form.
var rnEntries = []struct {
	name      string
	entry, rn func(x, y uint32) uint32
}{
	{"Add32RN", rounding.Add32RN, func(x, y uint32) uint32 { return rounding.Add32Int(x, y, rounding.RN, false) }},
	{"Sub32RN", rounding.Sub32RN, func(x, y uint32) uint32 { return rounding.Sub32Int(x, y, rounding.RN, false) }},
	{"Mul32RN", rounding.Mul32RN, func(x, y uint32) uint32 { return rounding.Mul32Int(x, y, rounding.RN, false) }},
	{"Div32RN", rounding.Div32RN, func(x, y uint32) uint32 { return rounding.Div32Int(x, y, rounding.RN, false) }},
	{"Rcp32RN", func(x, _ uint32) uint32 { return rounding.Rcp32RN(x) }, func(x, _ uint32) uint32 { return rounding.Rcp32Int(x, rounding.RN, false) }},
	{"Sqrt32RN", func(x, _ uint32) uint32 { return rounding.Sqrt32RN(x) }, func(x, _ uint32) uint32 { return rounding.Sqrt32Int(x, rounding.RN, false) }},
	{"AddRN", onFloats(rounding.AddRN), func(x, y uint32) uint32 { return rounding.Add32Int(x, y, rounding.RN, false) }},
	{"SubRN", onFloats(rounding.SubRN), func(x, y uint32) uint32 { return rounding.Sub32Int(x, y, rounding.RN, false) }},
	{"MulRN", onFloats(rounding.MulRN), func(x, y uint32) uint32 { return rounding.Mul32Int(x, y, rounding.RN, false) }},
	{"DivRN", onFloats(rounding.DivRN), func(x, y uint32) uint32 { return rounding.Div32Int(x, y, rounding.RN, false) }},
	{"RcpRN", onFloat(rounding.RcpRN), func(x, _ uint32) uint32 { return rounding.Rcp32Int(x, rounding.RN, false) }},
	{"SqrtRN", onFloat(rounding.SqrtRN), func(x, _ uint32) uint32 { return rounding.Sqrt32Int(x, rounding.RN, false) }},
}

// onFloats and onFloat run a float32 entry on encodings.
func onFloats(f func(x, y float32) float32) func(x, y uint32) uint32 {
	return func(x, y uint32) uint32 {
		return math.Float32bits(f(math.Float32frombits(x), math.Float32frombits(y)))
	}
}

func onFloat(f func(x float32) float32) func(x, y uint32) uint32 {
	return func(x, _ uint32) uint32 { return math.Float32bits(f(math.Float32frombits(x))) }
}

func TestHostMatchesIntegerBinary(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	n := hostCases
	if testflag.Exhaustive() {
		n *= 64
	}
	for _, op := range hostBinary {
		t.Run(op.name, func(t *testing.T) {
			t.Parallel()
			var fc failCounter
			for si, st := range hostStrata {
				r := rand.New(rand.NewSource(int64(seed) + int64(si)))
				var midpoints, zeros int
				for range n {
					x, y, z := st.gen(r, op.name)
					if op.name != "Fma" {
						z = 0
					}
					for _, m := range rounding.Modes {
						for _, ftz := range []bool{false, true} {
							got, want := op.host(x, y, z, m, ftz), op.int(x, y, z, m, ftz)
							if got != want {
								fc.fail(t, failure(op.name, []uint32{x, y, z}[:2+len(op.name)/3%2], m, ftz, got, want))
							}
							if m == rounding.RN && !ftz && f32.IsZero(got) {
								zeros++
							}
						}
					}
					if st.name == "midpoint" && onMidpoint(op.name, x, y, z) {
						midpoints++
					}
				}
				t.Logf("%s/%s: %d inputs × 4 modes × 2 ftz; %d with a binary64 result on a binary32 midpoint; %d exact or underflowed zeros (RN)", op.name, st.name, n, midpoints, zeros)
			}
		})
	}
}

// onMidpoint reports whether the operation's binary64 result (the rounding
// the host paths start from) lies exactly on a binary32 midpoint of a normal
// result, where rounding it again would be double rounding.
func onMidpoint(op string, x, y, z uint32) bool {
	a, b := float64(math.Float32frombits(x)), float64(math.Float32frombits(y))
	var s float64
	switch op {
	case "Add":
		s = a + b
	case "Sub":
		s = a - b
	case "Mul":
		s = a * b
	case "Div":
		s = a / b
	case "Fma":
		s = float64(a*b) + float64(math.Float32frombits(z))
	}
	u := math.Float64bits(s)
	e := u >> 52 & 0x7ff
	return e > 1023-126 && e < 1023+128 && u&(1<<29-1) == 1<<28
}

// modeEntries are the float32 entries of every mode without .ftz, each
// against the integer kernel of its operation.
var modeEntries = []struct {
	name        string
	entry, want func(x, y, z uint32, m rounding.Mode) uint32
}{
	{"AddMode", func(x, y, _ uint32, m rounding.Mode) uint32 { return onFloats(modeOf2(rounding.AddMode, m))(x, y) },
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Add32Int(x, y, m, false) }},
	{"SubMode", func(x, y, _ uint32, m rounding.Mode) uint32 { return onFloats(modeOf2(rounding.SubMode, m))(x, y) },
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Sub32Int(x, y, m, false) }},
	{"MulMode", func(x, y, _ uint32, m rounding.Mode) uint32 { return onFloats(modeOf2(rounding.MulMode, m))(x, y) },
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Mul32Int(x, y, m, false) }},
	{"DivMode", func(x, y, _ uint32, m rounding.Mode) uint32 { return onFloats(modeOf2(rounding.DivMode, m))(x, y) },
		func(x, y, _ uint32, m rounding.Mode) uint32 { return rounding.Div32Int(x, y, m, false) }},
	{"RcpMode", func(x, _, _ uint32, m rounding.Mode) uint32 {
		return math.Float32bits(rounding.RcpMode(math.Float32frombits(x), m))
	}, func(x, _, _ uint32, m rounding.Mode) uint32 { return rounding.Rcp32Int(x, m, false) }},
	{"SqrtMode", func(x, _, _ uint32, m rounding.Mode) uint32 {
		return math.Float32bits(rounding.SqrtMode(math.Float32frombits(x), m))
	}, func(x, _, _ uint32, m rounding.Mode) uint32 { return rounding.Sqrt32Int(x, m, false) }},
	{"FmaMode", func(x, y, z uint32, m rounding.Mode) uint32 {
		return math.Float32bits(rounding.FmaMode(math.Float32frombits(x), math.Float32frombits(y), math.Float32frombits(z), m))
	}, func(x, y, z uint32, m rounding.Mode) uint32 { return rounding.Fma32Int(x, y, z, m, false) }},
}

// modeOf2 fixes the mode of a binary mode entry.
func modeOf2(f func(x, y float32, m rounding.Mode) float32, m rounding.Mode) func(x, y float32) float32 {
	return func(x, y float32) float32 { return f(x, y, m) }
}

func TestModeEntries(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	for _, e := range modeEntries {
		r := rand.New(rand.NewSource(int64(seed) + 11))
		var fc failCounter
		op := strings.TrimSuffix(e.name, "Mode")
		if op == "Rcp" || op == "Sqrt" {
			op = "Div"
		}
		for si, st := range hostStrata {
			for range hostCases / 4 {
				x, y, z := st.gen(r, op)
				if op != "Fma" {
					z = 0
				}
				for _, m := range rounding.Modes {
					if got, want := e.entry(x, y, z, m), e.want(x, y, z, m); got != want {
						fc.fail(t, fmt.Sprintf("%s(%s) mode=%v stratum %d = %s, want %s", e.name, fmtArgs(x, y, z), m, si, f32.Format(got), f32.Format(want)))
					}
				}
			}
		}
	}
}

func TestRNEntries(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	for _, e := range rnEntries {
		r := rand.New(rand.NewSource(int64(seed) + 7))
		var fc failCounter
		for si, st := range hostStrata {
			for range hostCases / 4 {
				x, y, _ := st.gen(r, e.name[:3])
				if got, want := e.entry(x, y), e.rn(x, y); got != want {
					fc.fail(t, fmt.Sprintf("%s(%s) stratum %d = %s, want %s", e.name, fmtArgs(x, y), si, f32.Format(got), f32.Format(want)))
				}
			}
		}
	}
}
