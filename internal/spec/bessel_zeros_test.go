package spec_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/ALTree/bigfloat"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
)

// Big-float J0, J1, Y0 and Y1 from their power series (Abramowitz and
// Stegun 9.1.10 and 9.1.11), at zeroPrec bits, to locate their zeros. On
// (0, 20] the largest series term is below e^20 < 2^29, and the series are
// summed until the terms fall below 2^-300 of the sum's scale, so 400 bits
// decide every sign that the float32 root search asks for (the functions'
// values one float32 ulp from a zero are above 2^-30 in magnitude).
const zeroPrec = 400

func bf(v float64) *big.Float { return new(big.Float).SetPrec(zeroPrec).SetFloat64(v) }

// eulerGamma returns Euler's constant by Brent and McMillan's formula
// γ = U/V − ln N, U = Σ (N^k/k!)² H_k, V = Σ (N^k/k!)², whose error is below
// π·e^(−4N) (N = 80: below 2^-460); the sums run to k = 5N, where the terms
// are below 2^-500 of V.
func eulerGamma() *big.Float {
	const n = 80
	u, v := bf(0), bf(0)
	a, h := bf(1), bf(0) // (N^k/k!)², H_k
	for k := 0; k <= 5*n; k++ {
		if k > 0 {
			a.Mul(a, bf(n*n))
			a.Quo(a, bf(float64(k*k)))
			h.Add(h, new(big.Float).SetPrec(zeroPrec).Quo(bf(1), bf(float64(k))))
		}
		u.Add(u, new(big.Float).SetPrec(zeroPrec).Mul(a, h))
		v.Add(v, a)
	}
	g := new(big.Float).SetPrec(zeroPrec).Quo(u, v)
	return g.Sub(g, bigfloat.Log(bf(n)))
}

// besselSeries returns J_order(x) (order 0 or 1) and, with second set,
// Y_order(x) for x > 0.
func besselSeries(order int, second bool, x float64, gamma, pi *big.Float) *big.Float {
	h := bf(x / 2) // exact
	h2 := new(big.Float).SetPrec(zeroPrec).Mul(h, h)
	term := bf(1) // (−1)^k (x/2)^(2k+order) / (k!·(k+order)!)
	if order == 1 {
		term.Set(h)
	}
	j, s := bf(0), bf(0)    // J, and the harmonic sum of Y's series
	hk, hk1 := bf(0), bf(1) // H_k, H_{k+1}
	tiny := new(big.Float).SetMantExp(bf(1), -300)
	for k := 0; ; k++ {
		j.Add(j, term)
		switch {
		case order == 0 && k > 0:
			s.Sub(s, new(big.Float).SetPrec(zeroPrec).Mul(term, hk)) // (−1)^(k+1) H_k (x²/4)^k/(k!)²
		case order == 1:
			w := new(big.Float).SetPrec(zeroPrec).Add(hk, hk1)
			s.Add(s, w.Mul(w, term)) // (−1)^k (H_k + H_{k+1}) (x/2)^(2k+1)/(k!(k+1)!)
		}
		if float64(k) > x && new(big.Float).Abs(term).Cmp(tiny) < 0 {
			break
		}
		term.Mul(term, h2)
		term.Quo(term, bf(float64((k+1)*(k+1+order))))
		term.Neg(term)
		hk.Add(hk, new(big.Float).SetPrec(zeroPrec).Quo(bf(1), bf(float64(k+1))))
		hk1.Add(hk1, new(big.Float).SetPrec(zeroPrec).Quo(bf(1), bf(float64(k+2))))
	}
	if !second {
		return j
	}
	// Y0 = (2/π)((ln(x/2) + γ)·J0 + s); Y1 = (2/π)(ln(x/2) + γ)·J1 − 2/(πx) − s/π.
	l := bigfloat.Log(h)
	l.Add(l, gamma)
	y := new(big.Float).SetPrec(zeroPrec).Mul(l, j)
	if order == 0 {
		y.Add(y, s)
		y.Mul(y, bf(2))
		return y.Quo(y, pi)
	}
	y.Mul(y, bf(2))
	y.Sub(y, new(big.Float).SetPrec(zeroPrec).Quo(bf(2), bf(x)))
	y.Sub(y, s)
	return y.Quo(y, pi)
}

// besselRoots finds the first k zeros of one function on (0, 20] as the
// float32 nearest each zero: a scan in steps of 1/8 brackets each sign
// change, bisection on encodings narrows it to two neighbours, and the one
// of smaller magnitude is taken.
func besselRoots(f func(float64) *big.Float, k int) []uint32 {
	var out []uint32
	prev := f(1.0 / 8)
	for i := 2; i <= 160 && len(out) < k; i++ {
		x := float64(i) / 8
		cur := f(x)
		if cur.Sign() != prev.Sign() {
			lo, hi := math.Float32bits(float32(x-1.0/8)), math.Float32bits(float32(x))
			slo := prev.Sign()
			for hi-lo > 1 {
				mid := lo + (hi-lo)/2
				if f(float64(math.Float32frombits(mid))).Sign() == slo {
					lo = mid
				} else {
					hi = mid
				}
			}
			a := new(big.Float).Abs(f(float64(math.Float32frombits(lo))))
			b := new(big.Float).Abs(f(float64(math.Float32frombits(hi))))
			if a.Cmp(b) <= 0 {
				out = append(out, lo)
			} else {
				out = append(out, hi)
			}
		}
		prev = cur
	}
	return out
}

// TestBesselZeros recomputes spec.BesselZeros, the float32 nearest each of
// the first zeros of J0, J1, Y0 and Y1, with the big-float root finder.
func TestBesselZeros(t *testing.T) {
	gamma := eulerGamma()
	pi := oracle.Pi(zeroPrec).Lo
	for i, name := range []string{"J0", "J1", "Y0", "Y1"} {
		order, second := i%2, i >= 2
		f := func(x float64) *big.Float { return besselSeries(order, second, x, gamma, pi) }
		want := spec.BesselZeros[i]
		got := besselRoots(f, len(want))
		for k := range want {
			if k >= len(got) || got[k] != want[k] {
				t.Errorf("zero %d of %s: table %s, root finder %v", k+1, name, f32.Format(want[k]), got)
				break
			}
		}
	}
}

// besselRoot64 narrows the zero that the float32 z is nearest to (within
// one float32 ulp of z) to the double nearest it: bisection on double
// encodings between z's float32 neighbours, then the neighbour of smaller
// magnitude of the function.
func besselRoot64(f func(float64) *big.Float, z uint32) uint64 {
	lo := math.Float64bits(float64(math.Float32frombits(z - 1)))
	hi := math.Float64bits(float64(math.Float32frombits(z + 1)))
	slo := f(math.Float64frombits(lo)).Sign()
	if f(math.Float64frombits(hi)).Sign() == slo {
		return 0 // no sign change: not bracketed
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if f(math.Float64frombits(mid)).Sign() == slo {
			lo = mid
		} else {
			hi = mid
		}
	}
	a := new(big.Float).Abs(f(math.Float64frombits(lo)))
	b := new(big.Float).Abs(f(math.Float64frombits(hi)))
	if a.Cmp(b) <= 0 {
		return lo
	}
	return hi
}

// TestBesselZeros64 recomputes spec.BesselZeros64, the double nearest each
// of the first zeros of J0, J1, Y0 and Y1, with the big-float series (one
// double ulp from a zero the functions exceed 2^-60 in magnitude, far above
// the series' 2^-300 error at zeroPrec bits).
func TestBesselZeros64(t *testing.T) {
	gamma := eulerGamma()
	pi := oracle.Pi(zeroPrec).Lo
	for i, name := range []string{"J0", "J1", "Y0", "Y1"} {
		order, second := i%2, i >= 2
		f := func(x float64) *big.Float { return besselSeries(order, second, x, gamma, pi) }
		for k, want := range spec.BesselZeros64[i] {
			if got := besselRoot64(f, spec.BesselZeros[i][k]); got != want {
				t.Errorf("zero %d of %s: table %#016x, root finder %#016x", k+1, name, want, got)
			}
		}
	}
}
