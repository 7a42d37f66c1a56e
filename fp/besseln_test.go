package fp_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
)

// The device capture of jnf and ynf is pending (their (int, float) shape
// is not catalogued yet), so these tests check what the PTX implies without
// golden data: the orders 0 and 1 that the kernels hand to inlined copies of
// j0f_, j1f_, y0f_ and y1f_ (whose golden data the catalog verifies), the
// negative orders, the sign symmetry of the recurrences, and the values
// against big-float Bessel functions.

var sixFlags = []fp.Flags{def, ftz, pd0, ps0, fmd0, fast}

// TestJnfOrdersZeroOne checks Jnf(0, x) = J0f(x), Jnf(1, x) = J1f(x),
// Ynf(0, x) = Y0f(x) and Ynf(1, x) = Y1f(x), bit for bit, on a stride of
// all encodings (every one in the exhaustive tier) under the six flag sets.
func TestJnfOrdersZeroOne(t *testing.T) {
	stride := uint32(65521)
	if testflag.Exhaustive() {
		stride = 1
	}
	for _, fl := range sixFlags {
		for u := uint64(0); u < 1<<32; u += uint64(stride) {
			x := math.Float32frombits(uint32(u))
			for _, c := range []struct {
				name     string
				got, ref float32
			}{
				{"Jnf(0, x) vs J0f", fl.Jnf(0, x), fl.J0f(x)},
				{"Jnf(1, x) vs J1f", fl.Jnf(1, x), fl.J1f(x)},
				{"Ynf(0, x) vs Y0f", fl.Ynf(0, x), fl.Y0f(x)},
				{"Ynf(1, x) vs Y1f", fl.Ynf(1, x), fl.Y1f(x)},
			} {
				if a, b := math.Float32bits(c.got), math.Float32bits(c.ref); a != b {
					t.Fatalf("%s at %s %s: %s, %s", c.name, f32.Format(uint32(u)), flagName(fl), f32.Format(a), f32.Format(b))
				}
			}
		}
	}
}

// TestJnfSpecialCases checks the rows of Jnf's and Ynf's doc comments that
// hold for every order, on orders 2…12 and a few large ones: NaN for
// negative orders, NaN arguments and (Ynf) negative arguments, Ynf's
// −1e9/x below 2^-126 (compared with Flags.Div, the same instruction) and
// its +0 at +Inf.
func TestJnfSpecialCases(t *testing.T) {
	orders := []int32{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 50, 100}
	xs := []uint32{0x00000000, 0x00000001, 0x007fffff, 0x3f800000, 0x41200000, 0x7f7fffff, 0x7f800000}
	for _, fl := range sixFlags {
		for _, n := range orders {
			for _, u := range xs {
				x := math.Float32frombits(u)
				for _, v := range []uint32{u, u | 0x80000000} {
					xv := math.Float32frombits(v)
					if r := math.Float32bits(fl.Jnf(-n, xv)); r != nan {
						t.Errorf("Jnf(%d, %s) %s = %s, want NaN", -n, f32.Format(v), flagName(fl), f32.Format(r))
					}
					if r := math.Float32bits(fl.Ynf(-n, xv)); r != nan {
						t.Errorf("Ynf(%d, %s) %s = %s, want NaN", -n, f32.Format(v), flagName(fl), f32.Format(r))
					}
				}
				if neg := u | 0x80000000; !(fl.FTZ && u < 0x00800000) && u != 0 {
					if r := math.Float32bits(fl.Ynf(n, math.Float32frombits(neg))); r != nan {
						t.Errorf("Ynf(%d, %s) %s = %s, want NaN", n, f32.Format(neg), flagName(fl), f32.Format(r))
					}
				}
				if u < 0x00800000 {
					a := x
					if fl.FTZ {
						a = 0
					}
					want := math.Float32bits(fp.Flags{FTZ: fl.FTZ, ApproxDiv: fl.ApproxDiv}.Div(-1e9, a))
					if r := math.Float32bits(fl.Ynf(n, x)); r != want {
						t.Errorf("Ynf(%d, %s) %s = %s, want -1e9/x = %s", n, f32.Format(u), flagName(fl), f32.Format(r), f32.Format(want))
					}
				}
			}
			for _, u := range []uint32{0x7fc00000, 0xffc00001, 0x7f800001} {
				if r := math.Float32bits(fl.Jnf(n, math.Float32frombits(u))); r != nan {
					t.Errorf("Jnf(%d, %s) %s = %s, want NaN", n, f32.Format(u), flagName(fl), f32.Format(r))
				}
				if r := math.Float32bits(fl.Ynf(n, math.Float32frombits(u))); r != nan {
					t.Errorf("Ynf(%d, %s) %s = %s, want NaN", n, f32.Format(u), flagName(fl), f32.Format(r))
				}
			}
			if r := math.Float32bits(fl.Ynf(n, float32(math.Inf(1)))); r != 0 {
				t.Errorf("Ynf(%d, +Inf) %s = %s, want +0", n, flagName(fl), f32.Format(r))
			}
		}
	}
}

// TestJnfSymmetry checks Jnf(n, -x) = (-1)^n·Jnf(n, x) bit for bit where the
// result is neither zero nor NaN: every operation of both recurrences is
// odd in x under round-to-nearest (2/x and 2j/x change sign, J0f is even
// and J1f odd), but the sign of an exact zero is not (a − a = +0 whatever
// the sign of a). Fixed seed (testflag.Seed), orders 2…60.
func TestJnfSymmetry(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed))
	checked := 0
	for _, fl := range sixFlags {
		for range 4000 {
			n := int32(2 + r.IntN(59))
			u := uint32(0x3c000000 + r.IntN(0x42c80000-0x3c000000)) // 2^-7 … 100
			x := math.Float32frombits(u)
			p := math.Float32bits(fl.Jnf(n, x))
			q := math.Float32bits(fl.Jnf(n, -x))
			if p&0x7fffffff == 0 || f32.IsNaN(p) {
				continue
			}
			checked++
			want := p
			if n&1 != 0 {
				want ^= 0x80000000
			}
			if q != want {
				t.Fatalf("Jnf(%d, %s) = %s but Jnf(%d, -x) = %s %s (seed %d)", n, f32.Format(u), f32.Format(p), n, f32.Format(q), flagName(fl), seed)
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d of 24000 samples checked", checked)
	}
}

// bigJn returns J_n(x) for n ≥ 0 from its power series
// Σ_k (−1)^k (x/2)^(2k+n) / (k!·(k+n)!) on math/big at prec bits, rounded
// to float64. The series is summed until its terms, which decrease from
// k > x/2 on, fall below 2^-200 of the first term; for |x| ≤ 64 the largest
// term is below e^|x| < 2^93, so 400 bits leave over 300 bits for the
// cancellation.
func bigJn(n int, x float64) float64 {
	const prec = 400
	h := new(big.Float).SetPrec(prec).SetFloat64(x / 2) // exact
	h2 := new(big.Float).SetPrec(prec).Mul(h, h)
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	for i := 1; i <= n; i++ {
		term.Mul(term, h)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(i)))
	}
	stop := new(big.Float).SetPrec(prec).SetMantExp(term, -200)
	stop.Abs(stop)
	sum := new(big.Float).SetPrec(prec).Set(term)
	for k := 1; ; k++ {
		term.Mul(term, h2)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(k*(k+n))))
		term.Neg(term)
		sum.Add(sum, term)
		if float64(k) > x && new(big.Float).Abs(term).Cmp(stop) < 0 {
			break
		}
	}
	f, _ := sum.Float64()
	return f
}

// TestJnfBigFloat compares Jnf with the big-float series on a fixed-seed
// sample of orders 2…41 and arguments in [0, 60): the absolute error must
// stay below 1e-5 (NVIDIA documents 2.2e-6 for n = 128), and where the
// backward recurrence runs (|x| ≤ n) the relative error too, for results
// above 2^-100 (below it the result underflows into the subnormals). A
// recurrence run from the wrong order, a wrong sign or a swapped operand
// moves the result by far more than that.
func TestJnfBigFloat(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed+1))
	for _, fl := range []fp.Flags{def, ftz, fmd0, pd0} {
		for range 300 {
			n := 2 + r.IntN(40)
			x := float32(r.Float64() * 60)
			if r.IntN(2) == 0 {
				x = float32(r.Float64() * float64(n)) // the backward recurrence
			}
			got := float64(fl.Jnf(int32(n), x))
			want := bigJn(n, float64(x))
			e := math.Abs(got - want)
			if e > 1e-5 || float64(x) <= float64(n) && math.Abs(want) > 0x1p-100 && e > 1e-5*math.Abs(want) {
				t.Errorf("Jnf(%d, %x) %s = %g, J_n = %g: error %g (seed %d)", n, x, flagName(fl), got, want, e, seed)
			}
		}
	}
}

// TestYnfWronskian checks Ynf against the big-float J_n through the
// Wronskian J_{n+1}(x)·Y_n(x) − J_n(x)·Y_{n+1}(x) = 2/(πx): its residual,
// relative to the size of the two products, must stay below 2e-5 on a
// fixed-seed sample of orders 0…29 and arguments in [0.5, 60.5). An order
// off by one breaks the identity by O(1).
func TestYnfWronskian(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed+2))
	for _, fl := range []fp.Flags{def, ftz, pd0} {
		for range 300 {
			n := r.IntN(30)
			x := float32(0.5 + r.Float64()*60)
			yn, yn1 := float64(fl.Ynf(int32(n), x)), float64(fl.Ynf(int32(n+1), x))
			if math.IsInf(yn1, 0) {
				continue
			}
			jn, jn1 := bigJn(n, float64(x)), bigJn(n+1, float64(x))
			w := jn1*yn - jn*yn1
			e := math.Abs(w-2/(math.Pi*float64(x))) / (math.Abs(jn1*yn) + math.Abs(jn*yn1))
			if e > 2e-5 {
				t.Errorf("Ynf(%d, %x), Ynf(%d, x) %s = %g, %g: Wronskian residual %g (seed %d)", n, x, n+1, flagName(fl), yn, yn1, e, seed)
			}
		}
	}
}
