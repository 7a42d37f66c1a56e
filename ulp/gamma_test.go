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

// drawGamma draws the hard regions of lgamma, tgamma, i0 and i1 for
// TestRefProperty: near the zeros 1 and 2 of ln Γ (within 2^-k), the
// negative axis between −11 and −2 (the zeros of ln|Γ| there), near the
// negative integers, tgamma's overflow near 35.04 and underflow near −41,
// tiny arguments, and I0/I1 near their overflow (88 … 100).
func drawGamma(r *rand.Rand, name string) uint32 {
	f := func(v float64) uint32 { return math.Float32bits(float32(v)) }
	sign := r.Uint32() & f32.SignMask
	switch r.IntN(8) {
	case 0:
		return f(1 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(24)))
	case 1:
		return f(2 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(23)))
	case 2:
		return f(-2 - 9*r.Float64())
	case 3:
		return f(-float64(1+r.IntN(40)) + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(22)))
	case 4:
		return f(34 + 8*r.Float64())
	case 5:
		return f(-36 - 10*r.Float64())
	case 6:
		return uint32(r.IntN(0x33000000)) | sign // |x| < 2^-25
	}
	if name == "i0" || name == "i1" {
		return f(85+16*r.Float64()) | sign
	}
	return f(r.Float64()*20 - 10)
}

// TestZetaInterval checks oracle.ZetaInterval against the closed forms
// ζ(2) = π²/6 and ζ(4) = π⁴/90 (π from oracle.Pi, an independent series).
func TestZetaInterval(t *testing.T) {
	const p = 200
	pi := oracle.Pi(p + 40)
	for _, c := range []struct {
		s   int
		pow int
		den int64
	}{{2, 2, 6}, {4, 4, 90}} {
		lo, hi := new(big.Float).SetPrec(p+40).SetInt64(1), new(big.Float).SetPrec(p+40).SetInt64(1)
		for range c.pow {
			lo.Mul(lo, pi.Lo)
			hi.Mul(hi, pi.Hi)
		}
		lo.Quo(lo, big.NewFloat(float64(c.den)))
		hi.Quo(hi, big.NewFloat(float64(c.den)))
		z := oracle.ZetaInterval(c.s, p)
		if z.Lo.Cmp(hi) > 0 || z.Hi.Cmp(lo) < 0 {
			t.Errorf("ζ(%d) ∈ [%s, %s], but π^%d/%d ∈ [%s, %s]", c.s, z.Lo.Text('g', 40), z.Hi.Text('g', 40), c.pow, c.den, lo.Text('g', 40), hi.Text('g', 40))
		}
		w := new(big.Float).Sub(z.Hi, z.Lo)
		if w.MantExp(nil) > -p {
			t.Errorf("ζ(%d): enclosure width %s, want below 2^-%d", c.s, w.Text('g', 5), p)
		}
	}
}

// roundBig rounds a big.Float in every mode (the oracle's Round32).
func roundAllBig(v *big.Float) [4]uint32 {
	var r [4]uint32
	for i, m := range rounding.Modes {
		r[i] = oracle.Round32(v, m)
	}
	return r
}

// TestGammaClosedForms checks the references (fast path and oracle) of
// tgamma and lgamma against closed forms computed independently on
// math/big at 300 bits: Γ(n) = (n−1)! for n = 1 … 35 (exact), Γ(n + 1/2) =
// (2n)!·√π/(4^n·n!) for n = 0 … 34, and Γ(1/2 − n) = (−4)^n·n!·√π/(2n)!
// for n = 1 … 30, their logarithms (via oracle.LogInterval, an atanh
// series unrelated to Stirling's expansion) for lgamma, in all four modes.
func TestGammaClosedForms(t *testing.T) {
	const p = 300
	pi := oracle.Pi(p + 40)
	sqrtPi := new(big.Float).SetPrec(p).Sqrt(pi.Lo)
	fact := func(n int64) *big.Float {
		return new(big.Float).SetPrec(p).SetInt(new(big.Int).MulRange(1, max(n, 1)))
	}
	type point struct {
		x uint32
		v *big.Float // Γ(x), within 2^-290 relative
	}
	var pts []point
	for n := int64(1); n <= 35; n++ {
		pts = append(pts, point{math.Float32bits(float32(n)), fact(n - 1)})
	}
	for n := int64(0); n <= 34; n++ {
		v := new(big.Float).SetPrec(p).Mul(fact(2*n), sqrtPi)
		v.Quo(v, fact(n))
		v.SetMantExp(v, -2*int(n))
		pts = append(pts, point{math.Float32bits(float32(n) + 0.5), v})
	}
	for n := int64(1); n <= 30; n++ {
		v := new(big.Float).SetPrec(p).Mul(fact(n), sqrtPi)
		v.Quo(v, fact(2*n))
		v.SetMantExp(v, 2*int(n))
		if n%2 == 1 {
			v.Neg(v)
		}
		pts = append(pts, point{math.Float32bits(0.5 - float32(n)), v})
	}
	for _, c := range pts {
		wantT := roundAllBig(c.v)
		a := new(big.Float).Abs(c.v)
		l := oracle.LogInterval(a, p)
		var wantL [4]uint32
		for i, m := range rounding.Modes {
			wantL[i] = oracle.Round32(l.Lo, m)
			if oracle.Round32(l.Hi, m) != wantL[i] {
				t.Fatalf("log Γ(%s): the 300-bit enclosure does not decide %v", f32.Format(c.x), m)
			}
		}
		if a.Cmp(big.NewFloat(1)) == 0 {
			wantL = [4]uint32{} // ln 1 = +0 in every mode
		}
		for i, m := range rounding.Modes {
			if got := Tgamma.Round(c.x, m); got != wantT[i] {
				t.Errorf("Tgamma(%s) %v = %s, want %s", f32.Format(c.x), m, f32.Format(got), f32.Format(wantT[i]))
			}
			if got := oracle.Tgamma.Round(c.x, m); got != wantT[i] {
				t.Errorf("oracle.Tgamma(%s) %v = %s, want %s", f32.Format(c.x), m, f32.Format(got), f32.Format(wantT[i]))
			}
			if got := Lgamma.Round(c.x, m); got != wantL[i] {
				t.Errorf("Lgamma(%s) %v = %s, want %s", f32.Format(c.x), m, f32.Format(got), f32.Format(wantL[i]))
			}
		}
	}
}

// kummerI returns I_ν(x) (ν = 0, 1; x > 0 exact) by Kummer's transformation
// I_ν(x) = (x/2)^ν·e^(−x)/ν!·M(ν + 1/2, 2ν + 1, 2x) (DLMF 10.39.5 with
// 13.6.9), M summed at prec bits until its terms fall below 2^-prec of the
// sum: a different series from the references' (its terms carry e^x
// instead of I_ν's own growth), so a shared mistake is unlikely. Not an
// enclosure: good to about prec − 20 bits, far beyond what rounding needs.
func kummerI(x *big.Float, nu int, prec uint) *big.Float {
	a := new(big.Float).SetPrec(prec).SetFloat64(float64(nu) + 0.5)
	b := new(big.Float).SetPrec(prec).SetInt64(int64(2*nu + 1))
	z := new(big.Float).SetPrec(prec).Mul(x, big.NewFloat(2))
	term := new(big.Float).SetPrec(prec).SetInt64(1)
	sum := new(big.Float).SetPrec(prec).SetInt64(1)
	for k := int64(0); ; k++ {
		// term_{k+1} = term_k·(a+k)·z/((b+k)(k+1))
		ak := new(big.Float).SetPrec(prec).Add(a, big.NewFloat(float64(k)))
		bk := new(big.Float).SetPrec(prec).Add(b, big.NewFloat(float64(k)))
		term.Mul(term, ak).Mul(term, z).Quo(term, bk).Quo(term, big.NewFloat(float64(k+1)))
		sum.Add(sum, term)
		if term.MantExp(nil) < sum.MantExp(nil)-int(prec)-4 && float64(k) > 2*bigToF(x) {
			break
		}
	}
	e := oracle.ExpInterval(new(big.Float).Neg(x), prec+20)
	sum.Mul(sum, e.Lo)
	if nu == 1 {
		sum.Mul(sum, x).SetMantExp(sum, -1)
	}
	return sum
}

func bigToF(x *big.Float) float64 { f, _ := x.Float64(); return f }

// TestBesselIKummer compares the I0 and I1 references (fast path and
// oracle) in all four modes with kummerI at 400 bits on fixed-seed samples
// of (0, 100] and at hard points (the overflow region, tiny arguments).
func TestBesselIKummer(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 0x15))
	n := 300
	if testflag.Exhaustive() {
		n = 5000
	}
	xs := []uint32{0x00000001, 0x007fffff, 0x39000000, 0x3f800000, 0x41100000, 0x41015c29, 0x42b00000, 0x42b7cd31, 0x42b7cd32, 0x42b7d001, 0x42b7d002, 0x42c80000}
	for range n {
		xs = append(xs, math.Float32bits(float32(r.Float64()*100)), uint32(r.IntN(0x42c80000)))
	}
	for _, x := range xs {
		if x == 0 {
			continue
		}
		for nu, ref := range []*Ref{I0, I1} {
			v := kummerI(oracle.Value(x), nu, 400)
			want := roundAllBig(v)
			sx := x | f32.SignMask
			for i, m := range rounding.Modes {
				if got := ref.Round(x, m); got != want[i] {
					t.Errorf("%s(%s) %v = %s, want %s", ref.name, f32.Format(x), m, f32.Format(got), f32.Format(want[i]))
				}
				if got := ref.orc.Round(x, m); got != want[i] {
					t.Errorf("oracle %s(%s) %v = %s, want %s", ref.name, f32.Format(x), m, f32.Format(got), f32.Format(want[i]))
				}
				// Symmetry: I0 even, I1 odd.
				w := want[i]
				if nu == 1 {
					w = oracle.Round32(new(big.Float).Neg(v), m)
				}
				if got := ref.Round(sx, m); got != w {
					t.Errorf("%s(%s) %v = %s, want %s", ref.name, f32.Format(sx), m, f32.Format(got), f32.Format(w))
				}
			}
		}
	}
}

// TestGammaHardPoints checks the fast references against the oracle in all
// four modes at the hard points of the brief: the floats nearest the zeros
// 1 and 2 of ln Γ, the neighbourhoods of −2.457… and −2.747… (the first
// negative zeros), the negative integers ± 1 ulp, tgamma's overflow
// threshold, tiny arguments, and ±Inf/NaN/±0.
func TestGammaHardPoints(t *testing.T) {
	var xs []uint32
	around := func(x uint32, k int) {
		for d := -k; d <= k; d++ {
			xs = append(xs, uint32(int64(x)+int64(d)))
		}
	}
	around(0x3f800000, 8)
	around(0x40000000, 8)
	around(math.Float32bits(-2.4570247), 16)
	around(math.Float32bits(-2.7476826), 16)
	for n := 1; n <= 12; n++ {
		around(math.Float32bits(-float32(n)), 2)
	}
	around(0x420c2910, 4) // tgammaf's first +Inf (35.04)
	around(0x42246666|f32.SignMask, 2)
	around(0x7c44af8e, 2)
	xs = append(xs, 0, f32.SignMask, 1, 1|f32.SignMask, 0x00800000, 0x0d800000, 0x8d800000, f32.InfBits, f32.NegInfBits, f32.CanonicalNaNBits)
	for _, ref := range []*Ref{Lgamma, Tgamma} {
		for _, x := range xs {
			want := ref.orc.RoundAll(x, 0)
			for i, m := range rounding.Modes {
				if got := ref.Round(x, m); got != want[i] {
					t.Errorf("%s(%s) %v = %s, oracle %s", ref.name, f32.Format(x), m, f32.Format(got), f32.Format(want[i]))
				}
			}
			if msg, _ := checkValue(ref, x, 0); msg != "" {
				t.Error(msg)
			}
		}
	}
}
