package intrinsics_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/rounding"
)

// The correctly rounded intrinsics checked against package oracle, which
// computes on math/big and knows nothing of the emulation: one row per
// intrinsic, the oracle's function of the same mode.

type crCheck struct {
	name string
	fn   func(t intrinsics.Target, x, y, z uint32) uint64
	want func(x, y, z uint32, ftz bool) uint64
}

func b2f(u uint32) float32 { return math.Float32frombits(u) }
func f2b(f float32) uint64 { return uint64(math.Float32bits(f)) }

var crChecks = func() []crCheck {
	var cs []crCheck
	add := func(name string, fn func(intrinsics.Target, uint32, uint32, uint32) uint64, want func(x, y, z uint32, ftz bool) uint64) {
		cs = append(cs, crCheck{name, fn, want})
	}
	for i, m := range rounding.Modes {
		s := m.String()
		fadd := [4]func(intrinsics.Target, float32, float32) float32{intrinsics.Target.FaddRN, intrinsics.Target.FaddRZ, intrinsics.Target.FaddRU, intrinsics.Target.FaddRD}[i]
		fsub := [4]func(intrinsics.Target, float32, float32) float32{intrinsics.Target.FsubRN, intrinsics.Target.FsubRZ, intrinsics.Target.FsubRU, intrinsics.Target.FsubRD}[i]
		fmul := [4]func(intrinsics.Target, float32, float32) float32{intrinsics.Target.FmulRN, intrinsics.Target.FmulRZ, intrinsics.Target.FmulRU, intrinsics.Target.FmulRD}[i]
		fdiv := [4]func(intrinsics.Target, float32, float32) float32{intrinsics.Target.FdivRN, intrinsics.Target.FdivRZ, intrinsics.Target.FdivRU, intrinsics.Target.FdivRD}[i]
		frcp := [4]func(intrinsics.Target, float32) float32{intrinsics.Target.FrcpRN, intrinsics.Target.FrcpRZ, intrinsics.Target.FrcpRU, intrinsics.Target.FrcpRD}[i]
		fsqrt := [4]func(intrinsics.Target, float32) float32{intrinsics.Target.FsqrtRN, intrinsics.Target.FsqrtRZ, intrinsics.Target.FsqrtRU, intrinsics.Target.FsqrtRD}[i]
		fma := [4]func(intrinsics.Target, float32, float32, float32) float32{intrinsics.Target.FmafRN, intrinsics.Target.FmafRZ, intrinsics.Target.FmafRU, intrinsics.Target.FmafRD}[i]
		fmaIEEE := [4]func(intrinsics.Target, float32, float32, float32) float32{intrinsics.Target.FmafIEEERN, intrinsics.Target.FmafIEEERZ, intrinsics.Target.FmafIEEERU, intrinsics.Target.FmafIEEERD}[i]
		f2i := [4]func(intrinsics.Target, float32) int32{intrinsics.Target.Float2IntRN, intrinsics.Target.Float2IntRZ, intrinsics.Target.Float2IntRU, intrinsics.Target.Float2IntRD}[i]
		f2u := [4]func(intrinsics.Target, float32) uint32{intrinsics.Target.Float2UintRN, intrinsics.Target.Float2UintRZ, intrinsics.Target.Float2UintRU, intrinsics.Target.Float2UintRD}[i]
		f2ll := [4]func(intrinsics.Target, float32) int64{intrinsics.Target.Float2LLRN, intrinsics.Target.Float2LLRZ, intrinsics.Target.Float2LLRU, intrinsics.Target.Float2LLRD}[i]
		f2ull := [4]func(intrinsics.Target, float32) uint64{intrinsics.Target.Float2ULLRN, intrinsics.Target.Float2ULLRZ, intrinsics.Target.Float2ULLRU, intrinsics.Target.Float2ULLRD}[i]
		i2f := [4]func(intrinsics.Target, int32) float32{intrinsics.Target.Int2FloatRN, intrinsics.Target.Int2FloatRZ, intrinsics.Target.Int2FloatRU, intrinsics.Target.Int2FloatRD}[i]
		u2f := [4]func(intrinsics.Target, uint32) float32{intrinsics.Target.Uint2FloatRN, intrinsics.Target.Uint2FloatRZ, intrinsics.Target.Uint2FloatRU, intrinsics.Target.Uint2FloatRD}[i]
		ll2f := [4]func(intrinsics.Target, int64) float32{intrinsics.Target.LL2FloatRN, intrinsics.Target.LL2FloatRZ, intrinsics.Target.LL2FloatRU, intrinsics.Target.LL2FloatRD}[i]
		ull2f := [4]func(intrinsics.Target, uint64) float32{intrinsics.Target.ULL2FloatRN, intrinsics.Target.ULL2FloatRZ, intrinsics.Target.ULL2FloatRU, intrinsics.Target.ULL2FloatRD}[i]
		d2f := [4]func(intrinsics.Target, float64) float32{intrinsics.Target.Double2FloatRN, intrinsics.Target.Double2FloatRZ, intrinsics.Target.Double2FloatRU, intrinsics.Target.Double2FloatRD}[i]

		add("Fadd"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 { return f2b(fadd(t, b2f(x), b2f(y))) },
			func(x, y, _ uint32, ftz bool) uint64 { return uint64(oracle.Add32(x, y, m, ftz)) })
		add("Fsub"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 { return f2b(fsub(t, b2f(x), b2f(y))) },
			func(x, y, _ uint32, ftz bool) uint64 { return uint64(oracle.Sub32(x, y, m, ftz)) })
		add("Fmul"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 { return f2b(fmul(t, b2f(x), b2f(y))) },
			func(x, y, _ uint32, ftz bool) uint64 { return uint64(oracle.Mul32(x, y, m, ftz)) })
		add("Fdiv"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 { return f2b(fdiv(t, b2f(x), b2f(y))) },
			func(x, y, _ uint32, ftz bool) uint64 { return uint64(oracle.Div32(x, y, m, ftz)) })
		add("Frcp"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return f2b(frcp(t, b2f(x))) },
			func(x, _, _ uint32, ftz bool) uint64 { return uint64(oracle.Rcp32(x, m, ftz)) })
		add("Fsqrt"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return f2b(fsqrt(t, b2f(x))) },
			func(x, _, _ uint32, ftz bool) uint64 { return uint64(oracle.Sqrt32(x, m, ftz)) })
		add("Fmaf"+s, func(t intrinsics.Target, x, y, z uint32) uint64 { return f2b(fma(t, b2f(x), b2f(y), b2f(z))) },
			func(x, y, z uint32, ftz bool) uint64 { return uint64(oracle.Fma32(x, y, z, m, ftz)) })
		add("FmafIEEE"+s, func(t intrinsics.Target, x, y, z uint32) uint64 { return f2b(fmaIEEE(t, b2f(x), b2f(y), b2f(z))) },
			func(x, y, z uint32, _ bool) uint64 { return uint64(oracle.Fma32(x, y, z, m, false)) })
		add("Float2Int"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return uint64(uint32(f2i(t, b2f(x)))) },
			func(x, _, _ uint32, ftz bool) uint64 {
				return toInt(x, m, ftz, math.MinInt32, math.MaxInt32, 0) & 0xffffffff
			})
		add("Float2Uint"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return uint64(f2u(t, b2f(x))) },
			func(x, _, _ uint32, ftz bool) uint64 { return toInt(x, m, ftz, 0, math.MaxUint32, 0) })
		add("Float2LL"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return uint64(f2ll(t, b2f(x))) },
			func(x, _, _ uint32, ftz bool) uint64 { return toInt(x, m, ftz, math.MinInt64, math.MaxInt64, 1<<63) })
		add("Float2ULL"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return f2ull(t, b2f(x)) },
			func(x, _, _ uint32, ftz bool) uint64 { return toUint64(x, m, ftz) })
		add("Int2Float"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return f2b(i2f(t, int32(x))) },
			func(x, _, _ uint32, _ bool) uint64 { return uint64(oracle.IntToF32(big.NewInt(int64(int32(x))), m)) })
		add("Uint2Float"+s, func(t intrinsics.Target, x, _, _ uint32) uint64 { return f2b(u2f(t, x)) },
			func(x, _, _ uint32, _ bool) uint64 { return uint64(oracle.IntToF32(big.NewInt(int64(x)), m)) })
		add("LL2Float"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 { return f2b(ll2f(t, int64(join(x, y)))) },
			func(x, y, _ uint32, _ bool) uint64 { return uint64(oracle.IntToF32(big.NewInt(int64(join(x, y))), m)) })
		add("ULL2Float"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 { return f2b(ull2f(t, join(x, y))) },
			func(x, y, _ uint32, _ bool) uint64 {
				return uint64(oracle.IntToF32(new(big.Int).SetUint64(join(x, y)), m))
			})
		add("Double2Float"+s, func(t intrinsics.Target, x, y, _ uint32) uint64 {
			return f2b(d2f(t, math.Float64frombits(join(x, y))))
		}, func(x, y, _ uint32, ftz bool) uint64 { return uint64(oracle.F64ToF32(join(x, y), m, ftz)) })
	}
	return cs
}()

// join makes a 64-bit argument of two 32-bit fuzz inputs.
func join(hi, lo uint32) uint64 { return uint64(hi)<<32 | uint64(lo) }

// toInt is the oracle of a float-to-integer conversion: x rounded in m,
// saturated to [lo, hi], nan for a NaN; the result's two's-complement bits.
func toInt(x uint32, m rounding.Mode, ftz bool, lo, hi int64, nan uint64) uint64 {
	if f32.IsNaN(x) {
		return nan
	}
	if f32.IsInf(x) {
		if x&f32.SignMask != 0 {
			return uint64(lo)
		}
		return uint64(hi)
	}
	n := oracle.Saturate(oracle.RoundToInt(x, m, ftz), big.NewInt(lo), big.NewInt(hi))
	return uint64(n.Int64())
}

func toUint64(x uint32, m rounding.Mode, ftz bool) uint64 {
	switch {
	case f32.IsNaN(x):
		return 1 << 63
	case x == f32.InfBits:
		return math.MaxUint64
	case x == f32.NegInfBits:
		return 0
	}
	n := oracle.Saturate(oracle.RoundToInt(x, m, ftz), new(big.Int), new(big.Int).SetUint64(math.MaxUint64))
	return n.Uint64()
}

// checkOracle compares every correctly rounded intrinsic with the oracle on
// (x, y, z) in both builds and returns a description of the first
// difference, or "".
func checkOracle(x, y, z uint32) string {
	for _, c := range crChecks {
		for _, b := range builds2 {
			if got, want := c.fn(b.t, x, y, z), c.want(x, y, z, b.t.FTZ); got != want {
				return fmt.Sprintf("%s(%s, %s, %s) -ftz=%v = %#x, oracle %#x", c.name,
					f32.Format(x), f32.Format(y), f32.Format(z), b.t.FTZ, got, want)
			}
		}
	}
	return ""
}

// TestOracle checks the correctly rounded intrinsics against the oracle on
// random bit patterns (CUDAFP_SEED; ~3 s).
func TestOracle(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	n, fails := 5000, 0
	if testing.Short() {
		n = 500
	}
	for range n {
		// Half the draws share one exponent range, so that sums cancel and
		// products reach the subnormal range.
		x, y, z := r.Uint32(), r.Uint32(), r.Uint32()
		if r.IntN(2) == 0 {
			y = y&0x807fffff | x&0x7f800000
			z = z&0x807fffff | x&0x7f800000
		}
		if msg := checkOracle(x, y, z); msg != "" {
			t.Errorf("seed %d: %s", seed, msg)
			if fails++; fails == 10 {
				t.Fatal("too many errors")
			}
		}
	}
}
