package ulp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// drawBessel draws an argument of j0, j1, y0 or y1 (and an order for jn,
// yn: the first result, as the int32's bits, in [−12, 130]): the oscillating
// range of the series (|x| < 40, zeros included), every binade, and large
// arguments for Hankel's expansion, with either sign.
func drawBessel(r *rand.Rand, name string) (x, y uint32) {
	b := func(lo, hi int) uint32 { return uint32(lo+r.IntN(hi-lo+1))<<23 | r.Uint32()&0x807fffff }
	switch r.IntN(4) {
	case 0:
		x = math.Float32bits(float32(r.Float64()*40)) | r.Uint32()&f32.SignMask
	case 1:
		x = b(f32.Bias-30, f32.Bias+6)
	case 2:
		x = b(f32.Bias+5, f32.Bias+127)
	default:
		x = b(0, 254)
	}
	if name == "jn" || name == "yn" {
		return uint32(int32(r.IntN(143) - 12)), x
	}
	return x, 0
}

// besselTrapezoid returns J_n(x) for n ≥ 0 from the trapezoidal rule on the
// periodic integrand of Bessel's integral (DLMF 10.9.2),
//
//	J_n(x) = (1/2π)·∫_0^2π cos(nτ − x·sin τ) dτ ≈ (1/M)·Σ_m cos(nτ_m − x·sin τ_m),  τ_m = 2πm/M,
//
// whose error is the aliasing Σ_{l≠0} of ±J_{n+lM}(x), below 4·(|x|/2)^(M−n)/(M−n)!
// for M − n > |x| (DLMF 10.14.4): with M = 2(|x| + n) + 160 far below 2^-300.
// It shares with the series and Hankel's expansion only sin and cos
// (internal/oracle, checked against independent Taylor code there).
func besselTrapezoid(n int, x float64, prec uint) *big.Float {
	M := 2*(int(math.Abs(x))+n) + 160
	nf := func() *big.Float { return new(big.Float).SetPrec(prec + 64) }
	mid := func(iv oracle.Interval) *big.Float { return nf().SetMantExp(nf().Add(iv.Lo, iv.Hi), -1) }
	twoPi := nf().SetMantExp(mid(oracle.Pi(prec+64)), 1)
	xb := nf().SetFloat64(x)
	sum := nf()
	for m := range M {
		tau := nf().Quo(nf().Mul(twoPi, big.NewFloat(float64(m))), big.NewFloat(float64(M)))
		s, _ := oracle.SinCosInterval(tau, prec+64)
		arg := nf().Sub(nf().Mul(tau, big.NewFloat(float64(n))), nf().Mul(xb, mid(s)))
		_, c := oracle.SinCosInterval(arg, prec+64)
		sum.Add(sum, mid(c))
	}
	return sum.Quo(sum, big.NewFloat(float64(M)))
}

// TestBesselJAgainstIntegral checks J0 and J1 (fast path and oracle) in RN
// against the 200-bit trapezoidal rule of besselTrapezoid on a fixed-seed
// sample of |x| < 60 (the series, its switch to Hankel's expansion at 25, and
// Hankel's expansion beyond).
func TestBesselJAgainstIntegral(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 15))
	n := 16
	if testflag.Exhaustive() {
		n = 400
	}
	for _, ref := range []*Ref{J0, J1} {
		order := 0
		if ref == J1 {
			order = 1
		}
		for i := 0; i < n; i++ {
			x := math.Float32bits(float32(r.Float64()*60)) | r.Uint32()&f32.SignMask
			if i%5 == 0 {
				x = math.Float32bits(float32(math.Ldexp(1+r.Float64(), -r.IntN(30))))
			}
			want := oracle.Round32(besselTrapezoid(order, f64of(x), 200), rounding.RN)
			if got, orc := ref.Round(x, rounding.RN), ref.orc.Round(x, rounding.RN); got != want || orc != want {
				t.Errorf("%s RN = %s (oracle %s), Bessel's integral gives %s (seed %d)", ref.call(x, 0), f32.Format(got), f32.Format(orc), f32.Format(want), seed)
			}
		}
	}
}

// besselZeros returns enclosures of the first count positive zeros of J_n
// (y false) or Y_n (n ∈ {0, 1}) as 200-bit midpoints, by Newton's method on
// the oracle's enclosures from McMahon's first approximation (k + n/2 − 1/4)π
// (J) or (k + n/2 − 3/4)π (Y), with J0' = −J1, J1' = J0 − J1/x and the same
// for Y (DLMF 10.6.2). A zero is accepted when the enclosures at z ∓ 2^-150
// have opposite signs.
func besselZeros(t *testing.T, n int, y bool, count int) []*big.Float {
	const p = 200
	f := func(order int, x *big.Float) *big.Float {
		var iv oracle.Interval
		if y {
			iv = oracle.BesselYInterval(order, x, p)
		} else {
			iv = oracle.BesselJInterval(order, x, p)
		}
		return new(big.Float).SetPrec(p).SetMantExp(new(big.Float).SetPrec(p).Add(iv.Lo, iv.Hi), -1)
	}
	sign := func(x *big.Float) int {
		var iv oracle.Interval
		if y {
			iv = oracle.BesselYInterval(n, x, p)
		} else {
			iv = oracle.BesselJInterval(n, x, p)
		}
		if iv.Lo.Sign() > 0 {
			return 1
		}
		if iv.Hi.Sign() < 0 {
			return -1
		}
		return 0
	}
	var zs []*big.Float
	shift := 0.25
	if y {
		shift = 0.75
	}
	for k := 1; len(zs) < count; k++ {
		z := new(big.Float).SetPrec(p).SetFloat64((float64(k) + float64(n)/2 - shift) * math.Pi)
		for range 60 {
			v := f(n, z)
			var d *big.Float
			if n == 0 {
				d = new(big.Float).Neg(f(1, z))
			} else {
				d = new(big.Float).SetPrec(p).Sub(f(0, z), new(big.Float).SetPrec(p).Quo(f(1, z), z))
			}
			z.Sub(z, new(big.Float).SetPrec(p).Quo(v, d))
		}
		eps := new(big.Float).SetMantExp(big.NewFloat(1), -150)
		if sign(new(big.Float).SetPrec(p).Sub(z, eps))*sign(new(big.Float).SetPrec(p).Add(z, eps)) != -1 {
			t.Fatalf("Newton's method found no sign change of order %d (Y: %v) near %s", n, y, z.Text('g', 30))
		}
		zs = append(zs, z)
	}
	return zs
}

// TestBesselAtZeros checks J0, J1, Y0 and Y1 at the binary32 numbers
// around their first zeros (found by besselZeros, never typed in), in every
// mode, against the oracle at 400 bits, and J0, J1 also against Bessel's
// integral: the values there are as small as 2^-25 and the fast path's
// absolute bound matters most.
func TestBesselAtZeros(t *testing.T) {
	count := 6
	if testflag.Exhaustive() {
		count = 20
	}
	for _, c := range []struct {
		ref *Ref
		n   int
		y   bool
	}{{J0, 0, false}, {J1, 1, false}, {Y0, 0, true}, {Y1, 1, true}} {
		checked, slow := 0, 0
		for _, z := range besselZeros(t, c.n, c.y, count) {
			x0 := oracle.Round32(z, rounding.RN)
			for d := -3; d <= 3; d++ {
				x := uint32(int32(x0) + int32(d))
				iv, _ := c.ref.orc.Enclose(x, 0, 400)
				for _, m := range rounding.Modes {
					want := oracle.Round32(iv.Lo, m)
					if oracle.Round32(iv.Hi, m) != want {
						t.Fatalf("%s: the 400-bit enclosure does not decide %v", c.ref.call(x, 0), m)
					}
					got, _, s := c.ref.Eval(Input{X: x}, m)
					if s {
						slow++
					}
					if got != want {
						t.Errorf("%s %v = %s, 400-bit oracle %s (zero %s)", c.ref.call(x, 0), m, f32.Format(got), f32.Format(want), z.Text('g', 20))
					}
					checked++
				}
				if !c.y && d == 0 {
					if w := oracle.Round32(besselTrapezoid(c.n, f64of(x), 200), rounding.RN); w != c.ref.Round(x, rounding.RN) {
						t.Errorf("%s RN = %s, Bessel's integral gives %s", c.ref.call(x, 0), f32.Format(c.ref.Round(x, rounding.RN)), f32.Format(w))
					}
				}
			}
		}
		t.Logf("%s: %d checks next to %d zeros, %d fallbacks", c.ref.name, checked, count, slow)
	}
}

// TestBesselFastVsOracle compares the fast path with the oracle's Ziv loop
// in every mode on a fixed-seed sample (drawBessel), and the kernels' error
// bounds with 256-bit enclosures (checkValue).
func TestBesselFastVsOracle(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 16))
	n := 400
	if testflag.Exhaustive() {
		n = 20000
	}
	for _, ref := range besselRefs() {
		fails, slow := 0, 0
		for i := 0; i < n && fails < 10; i++ {
			x, y := drawBessel(r, ref.name)
			want := ref.orc.RoundAll(x, y)
			for j, m := range rounding.Modes {
				got, _, s := ref.Eval(Input{X: x, Y: y}, m)
				if s {
					slow++
				}
				if got != want[j] {
					t.Errorf("%s %v = %s, oracle %s (seed %d)", ref.call(x, y), m, f32.Format(got), f32.Format(want[j]), seed)
					fails++
				}
			}
			if msg, _ := checkValue(ref, x, y); msg != "" {
				t.Error(msg)
				fails++
			}
		}
		t.Logf("%-3s %d inputs × 4 modes, %d fallbacks", ref.name, n, slow)
	}
}

// TestBesselRefSpecialCases checks the rows of the doc tables in every mode.
func TestBesselRefSpecialCases(t *testing.T) {
	for _, c := range []struct {
		ref        *Ref
		x, y, want uint32
	}{
		{J0, nanBits, 0, nanBits}, {J0, 0xff800000, 0, 0}, {J0, 0x80000000, 0, 0x3f800000},
		{J1, 0x7fc00000, 0, nanBits}, {J1, 0xff800000, 0, 0x80000000}, {J1, 0x7f800000, 0, 0}, {J1, 0x80000000, 0, 0x80000000},
		{Y0, nanBits, 0, nanBits}, {Y0, 0x80000000, 0, 0xff800000}, {Y0, 0xbf800000, 0, nanBits}, {Y0, 0xff800000, 0, nanBits}, {Y0, 0x7f800000, 0, 0},
		{Y1, nanBits, 0, nanBits}, {Y1, 0, 0, 0xff800000}, {Y1, 0x80000001, 0, nanBits}, {Y1, 0x7f800000, 0, 0},
		{Jn, 3, nanBits, nanBits}, {Jn, 3, 0xff800000, 0x80000000}, {Jn, 0xfffffffd, 0xff800000, 0}, {Jn, 0, 0x80000000, 0x3f800000},
		{Jn, 0xffffffff, 0, 0x80000000}, {Jn, 2, 0x80000000, 0},
		{Yn, 2, nanBits, nanBits}, {Yn, 0xffffffff, 0, 0x7f800000}, {Yn, 4, 0x80000000, 0xff800000}, {Yn, 5, 0xbf800000, nanBits},
		{Yn, 2, 0x7f800000, 0}, {Yn, 0xfffffffd, 0x7f800000, 0x80000000},
	} {
		for _, m := range rounding.Modes {
			if got := c.ref.roundAny(c.x, c.y, m); got != c.want {
				t.Errorf("%s %v = %s, want %s", c.ref.call(c.x, c.y), m, f32.Format(got), f32.Format(c.want))
			}
			if got := c.ref.orc.RoundAll(c.x, c.y)[0]; got != c.want {
				t.Errorf("oracle %s = %s, want %s", c.ref.call(c.x, c.y), f32.Format(got), f32.Format(c.want))
			}
		}
	}
}

// besselRefs lists the Bessel references.
func besselRefs() []*Ref { return []*Ref{J0, J1, Y0, Y1, Jn, Yn} }

// TestBesselJnAgainstIntegral checks Jn (fast path and oracle) in RN for
// orders in [−12, 40] against besselTrapezoid on a fixed-seed sample of
// |x| < 60.
func TestBesselJnAgainstIntegral(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 17))
	n := 12
	if testflag.Exhaustive() {
		n = 300
	}
	for i := 0; i < n; i++ {
		order := r.IntN(53) - 12
		x := math.Float32bits(float32(r.Float64()*60)) | r.Uint32()&f32.SignMask
		m := order
		if m < 0 {
			m = -m
		}
		v := besselTrapezoid(m, math.Abs(f64of(x)), 200)
		if m%2 == 1 && (order < 0) != (x&f32.SignMask != 0) {
			v.Neg(v)
		}
		want := oracle.Round32(v, rounding.RN)
		nb := uint32(int32(order))
		if got, orc := Jn.Round2(nb, x, rounding.RN), Jn.orc.Round2(nb, x, rounding.RN); got != want || orc != want {
			t.Errorf("%s RN = %s (oracle %s), Bessel's integral gives %s (seed %d)", Jn.call(nb, x), f32.Format(got), f32.Format(orc), f32.Format(want), seed)
		}
	}
}
