package rounding_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// FPgen-like vectors aimed at the edges of host64.go's error-free
// transforms: results whose magnitude lies within a few ulps of the
// thresholds where a path hands over to the integer kernel (products,
// quotients and radicands at 2^-968 and 2^-969, quotients at 2^-1022,
// subnormal and zero results, sums and products at MaxFloat64 and its
// rounding boundary to Inf, fma's Σ|terms| at 2^-900), with exact and
// inexact significands, both signs, every mode. Each result is checked on
// the exported (host) path against the integer kernel and math/big.

// edgeTargets are the magnitudes the vectors aim at.
var edgeTargets = []float64{
	0x1p-968, 0x1p-969, 0x1p-967, 0x1p-1022, 0x1p-1021, 0x1p-1023, 0x1p-1074, 0x1p-1060, 0x1p-900, 0x1p-901,
	math.MaxFloat64, 0x1p1023, 0x1.fffffffffffffp1022,
}

// around returns u and its neighbours within k ulps, same sign.
func around(u uint64, k int) []uint64 {
	var out []uint64
	for d := -k; d <= k; d++ {
		v := u + uint64(d)
		if v&^f64.SignMask <= f64.InfBits && (v^u)&f64.SignMask == 0 {
			out = append(out, v)
		}
	}
	return out
}

func TestHost64Edges(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed)))
	fc := new(failCounter)
	checks := 0
	check := func(name string, args []uint64, host, integer, ref func(m rounding.Mode) uint64) {
		for _, m := range rounding.Modes {
			checks++
			h, i, o := host(m), integer(m), ref(m)
			if h != i || h != o {
				fc.fail(t, fmt.Sprintf("%s(%s) mode=%v: host %s, integer %s, math/big %s", name, fmt64(args...), m, f64.Format(h), f64.Format(i), f64.Format(o)))
			}
		}
	}
	bin := func(op binOp64, x, y uint64) {
		check(op.name, []uint64{x, y},
			func(m rounding.Mode) uint64 { return op.f(x, y, m) },
			func(m rounding.Mode) uint64 { return op.int(x, y, m) },
			func(m rounding.Mode) uint64 { return op.oracle(x, y, m) })
	}
	fma := func(x, y, z uint64) {
		check("Fma64", []uint64{x, y, z},
			func(m rounding.Mode) uint64 { return rounding.Fma64(x, y, z, m) },
			func(m rounding.Mode) uint64 { return rounding.Fma64Int(x, y, z, m) },
			func(m rounding.Mode) uint64 { return oracle.Fma64(x, y, z, m) })
	}
	sig := func() float64 { // a significand in [1, 2): short (exact products) or full
		f := r.Uint64() & f64.FracMask
		if r.Intn(2) == 0 {
			f &^= 1<<(52-uint(r.Intn(20))) - 1
		}
		return math.Float64frombits(0x3ff<<52 | f)
	}
	n := 1 << 8 // × 13 targets, ~0.6 M checks
	if testflag.Exhaustive() {
		n <<= 6
	}
	for range n {
		for _, tgt := range edgeTargets {
			s := float64(1 - 2*r.Intn(2))
			// x·y ≈ tgt: y = tgt/x rounded, and y's neighbours.
			x := math.Ldexp(sig(), r.Intn(1000)-500)
			y := tgt / x
			for _, yy := range around(math.Float64bits(s*y), 2) {
				bin(binOps64[2], math.Float64bits(x), yy) // Mul64
			}
			// a/b ≈ tgt: a = tgt·b rounded, and a's neighbours.
			b := math.Ldexp(sig(), r.Intn(600)-300)
			if a := tgt * b; a != 0 && !math.IsInf(a, 0) {
				for _, aa := range around(math.Float64bits(s*a), 2) {
					bin(binOps64[3], aa, math.Float64bits(b)) // Div64
				}
			}
			// √a ≈ tgt and a ≈ tgt: the radicand's neighbours.
			for _, a := range []float64{tgt * tgt, tgt} {
				if a != 0 && !math.IsInf(a, 0) {
					for _, aa := range around(math.Float64bits(a), 2) {
						op := unOps64[0]
						check(op.name, []uint64{aa},
							func(m rounding.Mode) uint64 { return op.f(aa, m) },
							func(m rounding.Mode) uint64 { return op.int(aa, m) },
							func(m rounding.Mode) uint64 { return op.oracle(aa, m) })
					}
				}
			}
			// x + y ≈ tgt: y half an ulp of x (or a few ulps) away from tgt.
			tx := math.Float64bits(tgt)
			for _, xx := range around(tx, 1) {
				ulp := math.Float64frombits(xx+1) - math.Float64frombits(xx)
				if math.IsInf(ulp, 0) || math.IsNaN(ulp) {
					ulp = 0x1p971
				}
				for _, d := range []float64{ulp / 2, ulp / 4, ulp, -ulp / 2, ulp * 3 / 4} {
					bin(binOps64[0], xx, math.Float64bits(d))
					bin(binOps64[1], xx^f64.SignMask, math.Float64bits(d)) // Sub64
				}
			}
			// fma: x·y ≈ tgt with z cancelling it to a few ulps, or tiny.
			p := math.Float64bits(float64(x * (s * y)))
			for _, z := range append(around(p^f64.SignMask, 3), math.Float64bits(tgt*0x1p-60), math.Float64bits(0x1p-1074)) {
				fma(math.Float64bits(x), math.Float64bits(s*y), z)
			}
		}
	}
	t.Logf("%d checks (host = integer = math/big)", checks)
}
