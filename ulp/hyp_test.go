package ulp

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ALTree/bigfloat"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// drawHyp draws an input of sinh, cosh, expm1, cbrt, rcbrt, hypot or rhypot
// where the function does real work: |x| up to 2^7 for the hyperbolic
// functions and expm1 (overflow near 89; tiny arguments; expm1 near 0),
// every binade for the roots, and for hypot pairs of nearby and of far
// magnitudes (overflow and underflow of the squares), with a share of
// arbitrary bit patterns.
func drawHyp(r *rand.Rand, name string) (x, y uint32) {
	b := func(lo, hi int) uint32 { return uint32(lo+r.IntN(hi-lo+1))<<23 | r.Uint32()&0x807fffff }
	if r.IntN(8) == 0 {
		return r.Uint32(), r.Uint32()
	}
	switch name {
	case "sinh", "cosh", "expm1":
		if r.IntN(4) == 0 {
			return b(f32.Bias-40, f32.Bias-1), 0
		}
		return b(f32.Bias-12, f32.Bias+6), 0
	case "cbrt", "rcbrt":
		return b(0, 254), 0
	}
	x = b(0, 254)
	if r.IntN(2) == 0 {
		e := min(max(int(x>>23&0xff)+r.IntN(61)-30, 0), 254)
		return x, b(e, e) // nearby binades
	}
	return x, b(0, 254)
}

// highPrecHyp returns f(x, y) at prec bits from code independent of the
// oracle's series: bigfloat.Exp (sinh, cosh, expm1), bigfloat.Exp of
// bigfloat.Log/3 (cbrt; exact cubes are left out) and math/big's Sqrt and Quo.
func highPrecHyp(name string, x, y uint32, prec uint) *big.Float {
	nf := func() *big.Float { return new(big.Float).SetPrec(prec) }
	xv := nf().Set(oracle.Value(x))
	yv := nf().Set(oracle.Value(y))
	one := big.NewFloat(1)
	switch name {
	case "sinh", "cosh":
		e := bigfloat.Exp(xv)
		ei := nf().Quo(one, e)
		if name == "sinh" {
			return nf().SetMantExp(nf().Sub(e, ei), -1)
		}
		return nf().SetMantExp(nf().Add(e, ei), -1)
	case "expm1":
		return nf().Sub(bigfloat.Exp(xv), one)
	case "cbrt", "rcbrt":
		a := nf().Abs(xv)
		c := bigfloat.Exp(nf().Quo(bigfloat.Log(a), big.NewFloat(3)))
		if name == "rcbrt" {
			c = nf().Quo(one, c)
		}
		if xv.Sign() < 0 {
			c.Neg(c)
		}
		return c
	}
	s := nf().Add(nf().Mul(xv, xv), nf().Mul(yv, yv))
	if name == "hypot" {
		return nf().Sqrt(s)
	}
	return nf().Quo(one, nf().Sqrt(s))
}

// TestHypAgainstBigfloat checks the seven references (fast path and
// oracle) against 600-bit values from bigfloat and math/big on a fixed-seed
// sample, rounded to nearest; sinh, cosh and expm1 stay in |x| ≤ 20 and
// away from 0 where a 600-bit difference of exponentials would cancel.
func TestHypAgainstBigfloat(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 14))
	n := 300
	if testflag.Exhaustive() {
		n = 5000
	}
	for _, ref := range []*Ref{Sinh, Cosh, Expm1, Cbrt, Rcbrt, Hypot, Rhypot} {
		fails, checked := 0, 0
		for i := 0; i < n && fails < 10; i++ {
			x, y := drawHyp(r, ref.name)
			xf := math.Abs(float64(math.Float32frombits(x)))
			if ref.arity == 1 {
				y = 0
			}
			switch {
			case f32.IsNaN(x) || f32.IsNaN(y) || f32.IsInf(x) || f32.IsInf(y) || f32.IsZero(x):
				continue
			case (ref.name == "sinh" || ref.name == "cosh" || ref.name == "expm1") && (xf > 20 || xf < 0x1p-60):
				continue
			case (ref.name == "cbrt" || ref.name == "rcbrt") && exactCube(x):
				continue
			}
			want := oracle.Round32(highPrecHyp(ref.name, x, y, 600), rounding.RN)
			got := ref.roundAny(x, y, rounding.RN)
			orc := ref.orc.RoundAll(x, y)[0] // rounding.Modes[0] is RN

			checked++
			if got != want || orc != want {
				t.Errorf("%s RN = %s (oracle %s), bigfloat says %s (seed %d)", ref.call(x, y), f32.Format(got), f32.Format(orc), f32.Format(want), seed)
				fails++
			}
		}
		t.Logf("%-6s %d inputs", ref.name, checked)
	}
}

// exactCube reports whether x is the cube of a dyadic number (those make
// bigfloat's exp(log(x)/3) land on a rounding boundary it cannot decide).
func exactCube(x uint32) bool {
	c := math.Cbrt(float64(math.Float32frombits(x)))
	return c*c*c == float64(math.Float32frombits(x))
}

// TestHypRefSpecialCases checks the rows of the doc tables in every mode.
func TestHypRefSpecialCases(t *testing.T) {
	for _, c := range []struct {
		ref        *Ref
		x, y, want uint32
	}{
		{Sinh, nanBits, 0, nanBits}, {Sinh, 0xff800000, 0, 0xff800000}, {Sinh, 0x80000000, 0, 0x80000000},
		{Cosh, 0x7fc00000, 0, nanBits}, {Cosh, 0xff800000, 0, 0x7f800000}, {Cosh, 0x80000000, 0, 0x3f800000},
		{Expm1, nanBits, 0, nanBits}, {Expm1, 0x7f800000, 0, 0x7f800000}, {Expm1, 0xff800000, 0, 0xbf800000}, {Expm1, 0x80000000, 0, 0x80000000},
		{Cbrt, nanBits, 0, nanBits}, {Cbrt, 0xff800000, 0, 0xff800000}, {Cbrt, 0x80000000, 0, 0x80000000},
		{Rcbrt, nanBits, 0, nanBits}, {Rcbrt, 0x80000000, 0, 0xff800000}, {Rcbrt, 0x7f800000, 0, 0x00000000},
		{Hypot, 0xff800000, nanBits, 0x7f800000}, {Hypot, nanBits, b32(1), nanBits}, {Hypot, 0x80000000, 0, 0},
		{Rhypot, nanBits, 0x7f800000, 0}, {Rhypot, b32(1), nanBits, nanBits}, {Rhypot, 0x80000000, 0x80000000, 0x7f800000},
	} {
		for _, m := range rounding.Modes {
			if got := c.ref.roundAny(c.x, c.y, m); got != c.want {
				t.Errorf("%s %v = %s, want %s", c.ref.call(c.x, c.y), m, f32.Format(got), f32.Format(c.want))
			}
		}
	}
}

// drawNorm draws n arguments: one binade for all (squares of similar size;
// the last one within 2 binades), far binades (squares that underflow or
// overflow beside others), or arbitrary bit patterns.
func drawNorm(r *rand.Rand, n int) []uint32 {
	b := func(lo, hi int) uint32 { return uint32(lo+r.IntN(hi-lo+1))<<23 | r.Uint32()&0x807fffff }
	us := make([]uint32, n)
	mode, e := r.IntN(4), r.IntN(255)
	for j := range us {
		switch {
		case mode == 0:
			us[j] = r.Uint32()
		case mode == 1 && j < n-1:
			us[j] = b(e, e)
		case mode == 1:
			us[j] = b(max(e-2, 0), min(e+2, 254))
		default:
			us[j] = b(0, 254)
		}
	}
	return us
}

// drawNorm3 is drawNorm of three arguments.
func drawNorm3(r *rand.Rand) (x, y, z uint32) {
	us := drawNorm(r, 3)
	return us[0], us[1], us[2]
}

// checkNormValue checks a norm kernel's answer k against a 256-bit
// enclosure iv of the function: within k.err, and within 2^-valueBits
// relative for results in the binary32 range.
func checkNormValue(t *testing.T, call string, k kres, iv oracle.Interval, valueBits int) bool {
	t.Helper()
	v := new(big.Float).SetPrec(2400).SetFloat64(k.v.Hi)
	v.Add(v, new(big.Float).SetFloat64(k.v.Lo))
	d1, _ := new(big.Float).Sub(v, iv.Lo).Float64()
	d2, _ := new(big.Float).Sub(v, iv.Hi).Float64()
	dist := math.Max(math.Abs(d1), math.Abs(d2))
	mag, _ := iv.Lo.Float64()
	if dist > k.err || mag < 0x1p128 && dist > math.Ldexp(math.Max(mag, 0x1p-126), -valueBits) {
		t.Errorf("%s: |Value − f| = %g, err = %g, f ≈ %g", call, dist, k.err, mag)
		return false
	}
	return true
}

// bigNorm returns √(Σ u²) (1/√ with recip) at 600 bits by math/big, from
// code independent of the oracle's.
func bigNorm(us []uint32, recip bool) *big.Float {
	nf := func() *big.Float { return new(big.Float).SetPrec(600) }
	s := nf()
	for _, u := range us {
		s.Add(s, nf().Mul(oracle.Value(u), oracle.Value(u)))
	}
	hp := nf().Sqrt(s)
	if recip {
		hp = nf().Quo(big.NewFloat(1), hp)
	}
	return hp
}

// TestNorm3Ref checks Norm3 and Rnorm3 on a fixed-seed sample: the fast
// path against the oracle in all four modes, Eval against Round3, the
// kernel's error bound and Value's 2^-ValueBits against a 256-bit
// enclosure, and RN against math/big's Sqrt and Quo at 600 bits.
func TestNorm3Ref(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 3))
	n := 2000
	if testflag.Exhaustive() {
		n = 30000
	}
	for _, ref := range []*Ref{Norm3, Rnorm3} {
		fails := 0
		for i := 0; i < n && fails < 10; i++ {
			x, y, z := drawNorm3(r)
			call := ref.name + "(" + f32.Format(x) + ", " + f32.Format(y) + ", " + f32.Format(z) + ")"
			want := ref.orc3.RoundAll3(x, y, z)
			for j, m := range rounding.Modes {
				got, v, _ := ref.Eval(Input{X: x, Y: y, Z: z}, m)
				if got != want[j] || got != ref.Round3(x, y, z, m) || !sameDD(v, ref.Value3(x, y, z)) {
					t.Errorf("%s %v = %s, oracle %s (seed %d)", call, m, f32.Format(got), f32.Format(want[j]), seed)
					fails++
				}
			}
			k := ref.k3(x, y, z)
			iv, ok := ref.orc3.Enclose3(x, y, z, 256)
			if !ok || k.rep != 0 || k.v.Hi != k.v.Hi || math.IsInf(k.v.Hi, 0) {
				continue
			}
			if !checkNormValue(t, call, k, iv, ref.valueBits) {
				fails++
			}
			hp := bigNorm([]uint32{x, y, z}, ref == Rnorm3)
			if w := oracle.Round32(hp, rounding.RN); w != want[0] {
				t.Errorf("%s RN: oracle %s, math/big %s", call, f32.Format(want[0]), f32.Format(w))
				fails++
			}
		}
	}
}

// TestNorm3RefSpecialCases checks the rows of the doc tables in every mode.
func TestNorm3RefSpecialCases(t *testing.T) {
	for _, c := range []struct {
		ref           *Ref
		x, y, z, want uint32
	}{
		{Norm3, nanBits, 0xff800000, 0, 0x7f800000}, {Norm3, b32(1), 0, nanBits, nanBits}, {Norm3, 0x80000000, 0, 0x80000000, 0},
		{Rnorm3, 0x7f800000, 0, nanBits, 0}, {Rnorm3, nanBits, b32(1), 0, nanBits}, {Rnorm3, 0, 0x80000000, 0, 0x7f800000},
	} {
		for _, m := range rounding.Modes {
			if got := c.ref.Round3(c.x, c.y, c.z, m); got != c.want {
				t.Errorf("%s(%s, %s, %s) %v = %s, want %s", c.ref.name, f32.Format(c.x), f32.Format(c.y), f32.Format(c.z), m, f32.Format(got), f32.Format(c.want))
			}
		}
	}
}

// TestNormNRef checks Norm4, Rnorm4 (four arguments) and Norm, Rnorm (0 to
// 8 elements, through Eval with a count) as TestNorm3Ref checks Norm3: the
// fast path against the oracle in all four modes, Eval against RoundN, the
// kernel's error bound and Value's 2^-ValueBits against a 256-bit
// enclosure, and RN against math/big at 600 bits.
func TestNormNRef(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 4))
	n := 1000
	if testflag.Exhaustive() {
		n = 20000
	}
	for _, ref := range []*Ref{Norm4, Rnorm4, Norm, Rnorm} {
		fails := 0
		for i := 0; i < n && fails < 10; i++ {
			d := 4
			if ref.array {
				d = r.IntN(MaxArgs)
			}
			us := drawNorm(r, d)
			in := InputOf(us...)
			if ref.array {
				in = InputOf(append([]uint32{uint32(d)}, us...)...)
			}
			call := ref.name + "(" + in.Format(len(us)) + ")"
			want := ref.orcN.RoundAllN(us)
			for j, m := range rounding.Modes {
				got, v, _ := ref.Eval(in, m)
				if got != want[j] || got != ref.RoundN(us, m) || !sameDD(v, ref.ValueN(us)) {
					t.Errorf("%s %v = %s, oracle %s (seed %d)", call, m, f32.Format(got), f32.Format(want[j]), seed)
					fails++
				}
			}
			k := ref.kN(us)
			iv, ok := ref.orcN.EncloseN(us, 256)
			if !ok || k.rep != 0 || k.v.Hi != k.v.Hi || math.IsInf(k.v.Hi, 0) {
				continue
			}
			if !checkNormValue(t, call, k, iv, ref.valueBits) {
				fails++
			}
			if w := oracle.Round32(bigNorm(us, ref == Rnorm4 || ref == Rnorm), rounding.RN); w != want[0] {
				t.Errorf("%s RN: oracle %s, math/big %s", call, f32.Format(want[0]), f32.Format(w))
				fails++
			}
		}
	}
}

// TestNormNRefSpecialCases checks the rows of the doc tables in every mode,
// and the count of the array references (elements past it are not read).
func TestNormNRefSpecialCases(t *testing.T) {
	for _, c := range []struct {
		ref  *Ref
		in   Input
		want uint32
	}{
		{Norm4, InputOf(b32(1), nanBits, 0xff800000, 0), 0x7f800000},
		{Norm4, InputOf(b32(1), 0, 0, nanBits), nanBits},
		{Norm4, InputOf(0x80000000, 0, 0x80000000, 0), 0},
		{Rnorm4, InputOf(0x7f800000, 0, nanBits, 0), 0},
		{Rnorm4, InputOf(nanBits, b32(1), 0, 0), nanBits},
		{Rnorm4, InputOf(0, 0x80000000, 0, 0x80000000), 0x7f800000},
		{Norm, InputOf(3, b32(1), nanBits, 0xff800000), 0x7f800000},
		{Norm, InputOf(2, b32(1), nanBits, 0xff800000), nanBits},
		{Norm, InputOf(1, 0x80000000, nanBits), 0},
		{Norm, InputOf(0, nanBits), 0},
		{Rnorm, InputOf(2, 0x7f800000, nanBits), 0},
		{Rnorm, InputOf(1, nanBits, 0x7f800000), nanBits},
		{Rnorm, InputOf(0, 0x7f800000), 0x7f800000},
	} {
		for _, m := range rounding.Modes {
			if got, _, _ := c.ref.Eval(c.in, m); got != c.want {
				t.Errorf("%s(%s) %v = %s, want %s", c.ref.name, c.in.Format(MaxArgs), m, f32.Format(got), f32.Format(c.want))
			}
		}
	}
}
