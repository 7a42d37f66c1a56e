package ulp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ALTree/bigfloat"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/rounding"
)

// erfRefs are the references of erf.go.
var erfRefs = []*Ref{Erf, Erfc, Erfcx, Erfinv, Erfcinv, Normcdf, Normcdfinv}

// erfInputs returns the hard points of each function (the ends of the
// inverses' domains, erfc's and normcdf's underflow tails, erfcx for large
// x, the kernels' branch points) and n seeded draws from its domain.
func erfInputs(t *testing.T, name string, n int, stream uint64) []uint32 {
	r := newRand(t, stream)
	b := math.Float32bits
	var xs []uint32
	draw := func(lo, hi float32) uint32 { // uniform over the encodings of [lo, hi], lo, hi ≥ 0
		return b(lo) + uint32(r.Uint64N(uint64(b(hi)-b(lo)+1)))
	}
	switch name {
	case "erf", "erfc", "erfcx", "normcdf":
		xs = append(xs, b(0.84375), b(1.25), b(2.857), b(4.5), b(-4.5), b(10.05), b(10.1), b(-9.38), b(26), b(27), b(6.5), b(-15), b(-14.1), 1, 0x80000001, 0x7f7fffff, 0xff7fffff, b(0x1p-30), b(-0x1p-30), b(0x1.fffffep-31), b(-0x1.fffffep-31))
		for range n {
			x := draw(0x1p-30, 30)
			if r.IntN(2) == 0 {
				x |= f32.SignMask
			}
			xs = append(xs, x)
		}
	case "erfinv":
		xs = append(xs, b(0.5), 0x3f7fffff, 0xbf7fffff, 1, 0x80000001, b(1e-30), b(0x1.fffffep-2))
		for range n {
			xs = append(xs, draw(0x1p-30, 0x1.fffffep-1)|uint32(r.IntN(2))<<31)
		}
	case "erfcinv":
		xs = append(xs, 1, 0x00000002, b(0.5), b(1.5), 0x3f7fffff, 0x3f800001, 0x3fffffff, b(0x1p-126))
		for range n {
			xs = append(xs, draw(0x1p-149, 0x1.fffffep0))
		}
	case "normcdfinv":
		xs = append(xs, 1, b(0.25), b(0.75), 0x3f7fffff, 0x3effffff, 0x3f000001, b(0x1p-126))
		for range n {
			xs = append(xs, draw(0x1p-149, 0x1.fffffep-1))
		}
	}
	return xs
}

// drawErf draws an input of TestRefProperty's domain stratum for the
// references of erf.go: the forward functions over |x| ≤ 30 (erfc's and
// normcdf's tails, erfcx's asymptotic range) and near 0, the inverses over
// their domains with their ends (±1, 0 and 2, 0 and 1) weighted up.
func drawErf(r *rand.Rand, name string) uint32 {
	b := math.Float32bits
	draw := func(lo, hi float32) uint32 { return b(lo) + uint32(r.Uint64N(uint64(b(hi)-b(lo)+1))) }
	end := func(e float32) uint32 { return b(e) - uint32(r.IntN(1<<r.IntN(24))) - 1 } // just below e
	switch name {
	case "erfinv":
		if r.IntN(2) == 0 {
			return end(1) | uint32(r.IntN(2))<<31
		}
		return draw(0x1p-40, 1) | uint32(r.IntN(2))<<31
	case "erfcinv":
		switch r.IntN(3) {
		case 0:
			return end(2)
		case 1:
			return draw(0x1p-149, 0x1p-20)
		}
		return draw(0x1p-20, 2)
	case "normcdfinv":
		switch r.IntN(3) {
		case 0:
			return end(1)
		case 1:
			return draw(0x1p-149, 0x1p-20)
		}
		return draw(0x1p-20, 1)
	}
	return draw(0x1p-40, 30) | uint32(r.IntN(2))<<31
}

// TestErfRefs checks each reference's fast path with fallback against the
// oracle's Ziv loop in all four modes, and each kernel's error bound and
// ValueBits against a 256-bit enclosure (checkValue), on erfInputs.
func TestErfRefs(t *testing.T) {
	for i, ref := range erfRefs {
		t.Run(ref.name, func(t *testing.T) {
			checkUnaryRef(t, ref, erfInputs(t, ref.name, 150, uint64(40+i)))
		})
	}
}

// Independent evaluation for TestErfIndependent: the alternating Taylor
// series erf a = (2/√π)·Σ (−1)^n·a^(2n+1)/(n!·(2n+1)) in plain big.Float at
// indepPrec bits (no interval arithmetic), π from the Gauss–Legendre
// iteration, e^(a²) from bigfloat.Exp. For a ≤ 31 the largest term is below
// e^(a²) < 2^1390, so cancellation leaves more than indepPrec − 1600 bits
// of the result; the series stops when a term falls below 2^-(indepPrec+
// 200) with its successors decreasing.
const indepPrec = 4000

var indepSqrtPi = func() *big.Float {
	p := uint(indepPrec + 64)
	a := new(big.Float).SetPrec(p).SetInt64(1)
	b := new(big.Float).SetPrec(p).Sqrt(big.NewFloat(0.5))
	tt := new(big.Float).SetPrec(p).SetFloat64(0.25)
	x := new(big.Float).SetPrec(p).SetInt64(1)
	for range 14 { // quadratic convergence: 2^14 > p bits
		an := new(big.Float).SetPrec(p).Add(a, b)
		an.Quo(an, big.NewFloat(2))
		b.Sqrt(new(big.Float).SetPrec(p).Mul(a, b))
		d := new(big.Float).SetPrec(p).Sub(a, an)
		d.Mul(d, d)
		tt.Sub(tt, d.Mul(d, x))
		x.Mul(x, big.NewFloat(2))
		a = an
	}
	pi := new(big.Float).SetPrec(p).Add(a, b)
	pi.Mul(pi, pi)
	pi.Quo(pi, new(big.Float).SetPrec(p).Mul(tt, big.NewFloat(4)))
	return pi.Sqrt(pi)
}()

func indepErf(a *big.Float) *big.Float {
	p := uint(indepPrec)
	a2 := new(big.Float).SetPrec(p).Mul(a, a)
	term := new(big.Float).SetPrec(p).Set(a) // a^(2n+1)/n!, signed
	sum := new(big.Float).SetPrec(p)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -indepPrec-200)
	af, _ := a2.Float64()
	for n := int64(0); ; n++ {
		sum.Add(sum, new(big.Float).SetPrec(p).Quo(term, big.NewFloat(float64(2*n+1))))
		term.Mul(term, a2)
		term.Quo(term, big.NewFloat(float64(-(n + 1))))
		if float64(n) > af && new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	sum.Mul(sum, big.NewFloat(2))
	return sum.Quo(sum, indepSqrtPi)
}

// indepValue returns f(x) by the independent route, for the forward
// functions.
func indepValue(name string, x uint32) *big.Float {
	p := uint(indepPrec)
	v := new(big.Float).SetPrec(p).SetFloat64(f64of(x))
	one := big.NewFloat(1)
	switch name {
	case "erf":
		return indepErf(v)
	case "erfc":
		return new(big.Float).SetPrec(p).Sub(one, indepErf(v))
	case "erfcx":
		e := bigfloat.Exp(new(big.Float).SetPrec(p).Mul(v, v))
		return e.Mul(e, new(big.Float).SetPrec(p).Sub(one, indepErf(v)))
	case "normcdf":
		u := new(big.Float).SetPrec(p).Quo(v, new(big.Float).SetPrec(p).Sqrt(big.NewFloat(2)))
		w := new(big.Float).SetPrec(p).Add(one, indepErf(u)) // erfc(−u) = 1 + erf u
		return w.Quo(w, big.NewFloat(2))
	}
	panic(name)
}

// TestErfIndependent checks the oracle against the independent evaluation:
// for the forward functions the oracle's 256-bit enclosure must contain the
// independent value; for the inverses the correctly rounded result y must
// satisfy the bracket f(m−) ≤ x ≤ f(m+) at the midpoints m± between y and
// its neighbours (the forward function f by the independent route), which
// is what rounding to nearest means for an increasing f (erfcinv's f,
// erfc, decreases: the bracket turns over).
func TestErfIndependent(t *testing.T) {
	for i, name := range []string{"erf", "erfc", "erfcx", "normcdf"} {
		ref, _ := Lookup(name)
		for _, x := range erfInputs(t, name, 12, uint64(50+i)) {
			if a := math.Abs(f64of(x)); a > 27 || (name == "normcdf" && a > 38) {
				continue // beyond the independent series' range
			}
			iv, ok := ref.orc.Enclose(x, 0, 256)
			if !ok {
				continue
			}
			v := indepValue(name, x)
			if v.Cmp(iv.Lo) < 0 || v.Cmp(iv.Hi) > 0 {
				t.Errorf("%s(%s): independent value %s outside the oracle's enclosure [%s, %s]", name, f32.Format(x), v.Text('g', 30), iv.Lo.Text('g', 30), iv.Hi.Text('g', 30))
			}
		}
	}
	sqrt2 := new(big.Float).SetPrec(indepPrec).Sqrt(big.NewFloat(2))
	for i, name := range []string{"erfinv", "erfcinv", "normcdfinv"} {
		ref, _ := Lookup(name)
		for _, x := range erfInputs(t, name, 12, uint64(60+i)) {
			y := ref.orc.Round(x, rounding.RN)
			if f32.IsInf(y) || f32.IsZero(y) {
				continue
			}
			mid := func(z uint32) *big.Float {
				m := new(big.Float).SetPrec(indepPrec).Add(oracle.Value(y), oracle.Value(z))
				return m.Quo(m, big.NewFloat(2))
			}
			lo, hi := mid(y-1), mid(y+1) // encodings: the neighbours of |y|
			if y&f32.SignMask != 0 {
				lo, hi = hi, lo
			}
			f := func(m *big.Float) *big.Float {
				switch name {
				case "erfinv":
					return indepErf(m)
				case "erfcinv":
					return new(big.Float).SetPrec(indepPrec).Sub(big.NewFloat(1), indepErf(m))
				}
				u := new(big.Float).SetPrec(indepPrec).Quo(m, sqrt2)
				w := new(big.Float).SetPrec(indepPrec).Add(big.NewFloat(1), indepErf(u))
				return w.Quo(w, big.NewFloat(2))
			}
			xv := oracle.Value(x)
			fl, fh := f(lo), f(hi)
			if name == "erfcinv" {
				fl, fh = fh, fl
			}
			if fl.Cmp(xv) > 0 || fh.Cmp(xv) < 0 {
				t.Errorf("%s(%s) = %s: the independent forward function does not bracket x between the midpoints (%s, %s)", name, f32.Format(x), f32.Format(y), fl.Text('g', 20), fh.Text('g', 20))
			}
		}
	}
}
