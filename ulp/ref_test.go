package ulp

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

const nanBits = f32.CanonicalNaNBits

func b32(f float32) uint32 { return math.Float32bits(f) }

func (r *Ref) call(x, y uint32) string {
	if r.arity == 1 {
		return fmt.Sprintf("%s(%s)", r.name, f32.Format(x))
	}
	return fmt.Sprintf("%s(%s, %s)", r.name, f32.Format(x), f32.Format(y))
}

func (r *Ref) roundAny(x, y uint32, m rounding.Mode) uint32 {
	if r.arity == 1 {
		return r.Round(x, m)
	}
	return r.Round2(x, y, m)
}

func (r *Ref) kernel(x, y uint32) kres {
	if r.arity == 1 {
		return r.k1(x)
	}
	return r.k2(x, y)
}

// refSC is the special-case table of the references, the rows of the
// kernels' "Special cases are:" tables in order; want holds in every mode.
var refSC = []struct {
	ref  *Ref
	x, y uint32
	want uint32
}{
	{Exp, nanBits, 0, nanBits},
	{Exp, 0x7f800000, 0, 0x7f800000},
	{Exp, 0xff800000, 0, 0x00000000},
	{Exp, 0x80000000, 0, 0x3f800000},
	{Exp2, 0xffffffff, 0, nanBits},
	{Exp2, 0x7f800000, 0, 0x7f800000},
	{Exp2, 0xff800000, 0, 0x00000000},
	{Exp2, 0x00000000, 0, 0x3f800000},
	{Exp10, 0x7fc00000, 0, nanBits},
	{Exp10, 0x7f800000, 0, 0x7f800000},
	{Exp10, 0xff800000, 0, 0x00000000},
	{Exp10, 0x80000000, 0, 0x3f800000},
	{Log, nanBits, 0, nanBits},
	{Log, 0x80000000, 0, 0xff800000},
	{Log, 0x00000000, 0, 0xff800000},
	{Log, 0xbf800000, 0, nanBits},
	{Log, 0xff800000, 0, nanBits},
	{Log, 0x7f800000, 0, 0x7f800000},
	{Log, 0x3f800000, 0, 0x00000000},
	{Log2, 0x80000001, 0, nanBits},
	{Log2, 0x3f800000, 0, 0x00000000},
	{Log2, 0x00000001, 0, b32(-149)},
	{Log10, 0x00000000, 0, 0xff800000},
	{Log10, b32(1e10), 0, b32(10)},
	{Sin, nanBits, 0, nanBits},
	{Sin, 0x7f800000, 0, nanBits},
	{Sin, 0xff800000, 0, nanBits},
	{Sin, 0x80000000, 0, 0x80000000},
	{Cos, 0xff800000, 0, nanBits},
	{Cos, 0x80000000, 0, 0x3f800000},
	{Tan, 0x7f800000, 0, nanBits},
	{Tan, 0x80000000, 0, 0x80000000},
	{Tanh, nanBits, 0, nanBits},
	{Tanh, 0x7f800000, 0, 0x3f800000},
	{Tanh, 0xff800000, 0, 0xbf800000},
	{Tanh, 0x80000000, 0, 0x80000000},
	{Sqrt, nanBits, 0, nanBits},
	{Sqrt, 0x80000000, 0, 0x80000000},
	{Sqrt, 0x80000001, 0, nanBits},
	{Sqrt, 0x7f800000, 0, 0x7f800000},
	{Rsqrt, nanBits, 0, nanBits},
	{Rsqrt, 0x80000000, 0, 0xff800000},
	{Rsqrt, 0xbf800000, 0, nanBits},
	{Rsqrt, 0x7f800000, 0, 0x00000000},
	{Rcp, nanBits, 0, nanBits},
	{Rcp, 0x00000000, 0, 0x7f800000},
	{Rcp, 0xff800000, 0, 0x80000000},
	{Div, nanBits, b32(1), nanBits},
	{Div, 0x00000000, 0x80000000, nanBits},
	{Div, 0xff800000, 0x7f800000, nanBits},
	{Div, b32(-1), 0x00000000, 0xff800000},
	{Div, 0x7f800000, b32(-3), 0xff800000},
	{Div, b32(3), 0x7f800000, 0x00000000},
	{Div, 0x80000000, b32(2), 0x80000000},
	{Pow, nanBits, 0x00000000, 0x3f800000},
	{Pow, 0x3f800000, nanBits, 0x3f800000},
	{Pow, b32(2), nanBits, nanBits},
	{Pow, 0x80000000, b32(-1), 0xff800000},
	{Pow, 0x80000000, b32(-2), 0x7f800000},
	{Pow, 0x00000000, 0xff800000, 0x7f800000},
	{Pow, 0x80000000, b32(5), 0x80000000},
	{Pow, 0x80000000, b32(0.5), 0x00000000},
	{Pow, b32(-1), 0xff800000, 0x3f800000},
	{Pow, b32(0.25), 0xff800000, 0x7f800000},
	{Pow, b32(4), 0xff800000, 0x00000000},
	{Pow, b32(-0.25), 0x7f800000, 0x00000000},
	{Pow, b32(-4), 0x7f800000, 0x7f800000},
	{Pow, 0xff800000, b32(-1), 0x80000000},
	{Pow, 0xff800000, b32(-4), 0x00000000},
	{Pow, 0xff800000, b32(1), 0xff800000},
	{Pow, 0xff800000, b32(2), 0x7f800000},
	{Pow, 0x7f800000, b32(-2), 0x00000000},
	{Pow, 0x7f800000, b32(0.5), 0x7f800000},
	{Pow, b32(-8), b32(1.0 / 3), nanBits},
	{Asin, nanBits, 0, nanBits},
	{Asin, 0x80000000, 0, 0x80000000},
	{Asin, 0x3f800001, 0, nanBits},
	{Asin, 0xff800000, 0, nanBits},
	{Acos, nanBits, 0, nanBits},
	{Acos, 0xbf800001, 0, nanBits},
	{Acos, 0x3f800000, 0, 0x00000000},
	{Atan, nanBits, 0, nanBits},
	{Atan, 0x80000000, 0, 0x80000000},
	{Atan2, nanBits, b32(1), nanBits},
	{Atan2, b32(1), nanBits, nanBits},
	{Atan2, 0x80000000, 0x00000000, 0x80000000},
	{Atan2, 0x80000001, 0x7f800000, 0x80000000},
	{Log1p, nanBits, 0, nanBits},
	{Log1p, 0x80000000, 0, 0x80000000},
	{Log1p, 0xbf800000, 0, 0xff800000},
	{Log1p, 0xbf800001, 0, nanBits},
	{Log1p, 0xff800000, 0, nanBits},
	{Log1p, 0x7f800000, 0, 0x7f800000},
	{Asinh, nanBits, 0, nanBits},
	{Asinh, 0x80000000, 0, 0x80000000},
	{Asinh, 0xff800000, 0, 0xff800000},
	{Acosh, nanBits, 0, nanBits},
	{Acosh, 0x3f7fffff, 0, nanBits},
	{Acosh, 0xff800000, 0, nanBits},
	{Acosh, 0x3f800000, 0, 0x00000000},
	{Acosh, 0x7f800000, 0, 0x7f800000},
	{Atanh, nanBits, 0, nanBits},
	{Atanh, 0x80000000, 0, 0x80000000},
	{Atanh, 0xbf800000, 0, 0xff800000},
	{Atanh, 0x3f800001, 0, nanBits},
	{Sinpi, nanBits, 0, nanBits},
	{Sinpi, 0x7f800000, 0, nanBits},
	{Sinpi, 0xff800000, 0, nanBits},
	{Sinpi, 0x80000000, 0, 0x80000000},
	{Sinpi, b32(5), 0, 0x00000000},
	{Sinpi, b32(-0x1p30), 0, 0x80000000},
	{Sinpi, b32(2.5), 0, b32(1)},
	{Sinpi, b32(-1.5), 0, b32(1)},
	{Cospi, nanBits, 0, nanBits},
	{Cospi, 0x7f800000, 0, nanBits},
	{Cospi, 0x80000000, 0, 0x3f800000},
	{Cospi, b32(-3), 0, b32(-1)},
	{Cospi, b32(0x1p25), 0, b32(1)},
	{Cospi, b32(-2.5), 0, 0x00000000},
	{Cospi, b32(0x1p22 + 0.5), 0, 0x00000000},
}

func TestRefSpecialCases(t *testing.T) {
	for _, c := range refSC {
		for _, m := range rounding.Modes {
			if got := c.ref.roundAny(c.x, c.y, m); got != c.want {
				t.Errorf("%s %v = %s, want %s", c.ref.call(c.x, c.y), m, f32.Format(got), f32.Format(c.want))
			}
		}
	}
}

// drawInput draws an input of a reference: uniform bit patterns, the
// function's working domain, values near special and threshold values,
// extreme exponents, and huge arguments (trigonometric functions) or
// bases near 1 with large exponents and integer exponents (pow).
func drawInput(r *rand.Rand, name string) (x, y uint32) {
	binade := func(lo, hi int) uint32 { return uint32(lo+r.IntN(hi-lo+1))<<23 | r.Uint32()&0x807fffff }
	near := func(u uint32) uint32 { return u + uint32(r.IntN(9)) - 4 ^ r.Uint32()&f32.SignMask }
	specials := []uint32{0, 1, 0x007fffff, 0x00800000, 0x3f800000, 0x40000000, 0x3f000000, 0x7f7fffff, 0x7f800000,
		0x4b000000, 0x4b800000, b32(math.Pi / 2), b32(math.Pi), b32(88.72284), b32(-103.97208), b32(-87.33655), b32(38.5), b32(-45), b32(128), b32(-150)}
	var dom func() (uint32, uint32)
	switch name {
	case "exp", "exp2", "exp10", "tanh":
		dom = func() (uint32, uint32) { return binade(f32.Bias-30, f32.Bias+7), 0 }
	case "log", "log2", "log10", "sqrt", "rsqrt", "rcp":
		dom = func() (uint32, uint32) {
			if r.IntN(3) == 0 {
				return b32(float32(1 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(24)))), 0
			}
			return r.Uint32() & 0x7fffffff % 0x7f800000, 0
		}
	case "sin", "cos", "tan":
		dom = func() (uint32, uint32) { return binade(f32.Bias-14, f32.Bias+10), 0 }
	case "pow":
		dom = func() (uint32, uint32) {
			switch r.IntN(4) {
			case 0:
				return b32(float32(1 + (r.Float64()-0.5)*math.Ldexp(1, -r.IntN(20)))), binade(f32.Bias, f32.Bias+25)
			case 1:
				return r.Uint32(), b32(float32(r.IntN(61) - 30))
			}
			return b32(float32(r.Float64() * 16)), b32(float32(r.Float64()*80 - 40))
		}
	case "asin", "acos", "atanh", "acosh":
		// |x| near 1 (x near 1 for acosh), and tiny |x|.
		dom = func() (uint32, uint32) {
			if r.IntN(2) == 0 {
				return near(0x3f800000 - uint32(r.IntN(1<<r.IntN(23)))), 0
			}
			return binade(f32.Bias-40, f32.Bias), 0
		}
	case "atan", "asinh":
		dom = func() (uint32, uint32) { return binade(f32.Bias-30, f32.Bias+30), 0 }
	case "log1p":
		// near 0 and near -1.
		dom = func() (uint32, uint32) {
			if r.IntN(2) == 0 {
				return 0xbf800000 - uint32(r.IntN(1<<r.IntN(24))), 0
			}
			return binade(0, f32.Bias+2), 0
		}
	case "atan2":
		// |y/x| near 1, extreme ratios, signed zeros and infinities.
		dom = func() (uint32, uint32) {
			y := r.Uint32()
			switch r.IntN(3) {
			case 0:
				return y, near(y) ^ r.Uint32()&f32.SignMask
			case 1:
				return y, r.Uint32()
			}
			return y, []uint32{0, 0x80000000, 0x7f800000, 0xff800000}[r.IntN(4)]
		}
	case "div":
		dom = func() (uint32, uint32) {
			x := r.Uint32()
			return x, near(x) + uint32(r.IntN(40)-20)<<23
		}
	case "sinh", "cosh", "expm1", "cbrt", "rcbrt", "hypot", "rhypot":
		dom = func() (uint32, uint32) { return drawHyp(r, name) }
	case "j0", "j1", "y0", "y1", "jn", "yn":
		dom = func() (uint32, uint32) { return drawBessel(r, name) }
	case "erf", "erfc", "erfcx", "normcdf", "erfinv", "erfcinv", "normcdfinv":
		dom = func() (uint32, uint32) { return drawErf(r, name), 0 }
	case "lgamma", "tgamma", "i0", "i1":
		dom = func() (uint32, uint32) { return drawGamma(r, name), 0 }
	case "sinpi", "cospi":
		dom = func() (uint32, uint32) { return drawTrigPi(r), 0 }
	}
	switch r.IntN(10) {
	case 0, 1, 2:
		return r.Uint32(), r.Uint32()
	case 3, 4, 5:
		return dom()
	case 6:
		x, y = dom()
		return near(specials[r.IntN(len(specials))]), y
	case 7:
		x, y = dom()
		return binade(0, 12), y
	case 8:
		x, y = dom()
		return binade(240, 254), y
	}
	if name == "sin" || name == "cos" || name == "tan" {
		return binade(f32.Bias+20, f32.Bias+127), 0
	}
	return dom()
}

func properties(t *testing.T) *gopter.Properties {
	n := 2000
	if testflag.Exhaustive() {
		n = 30000
	}
	return testflag.Properties(t, n, 200)
}

// checkValue checks the kernel's error bound, err, and the Ref's ValueBits
// claim against a 256-bit enclosure of the exact value. It returns a failure
// message and the ratio |Value − f|/err.
func checkValue(ref *Ref, x, y uint32) (string, float64) {
	k := ref.kernel(x, y)
	// The enclosure must be far narrower than the claimed bound, which for
	// tiny arguments can be 2^-300 relative.
	prec := uint(256)
	if k.err > 0 && k.v.Hi != 0 {
		prec = max(prec, uint(64-math.Log2(k.err/math.Abs(k.v.Hi))))
	}
	iv, ok := ref.orc.Enclose(x, y, prec)
	if !ok || k.v.Hi != k.v.Hi || math.IsInf(k.v.Hi, 0) {
		return "", 0
	}
	v := new(big.Float).SetPrec(2400).SetFloat64(k.v.Hi)
	v.Add(v, new(big.Float).SetFloat64(k.v.Lo))
	d := new(big.Float).Sub(v, iv.Lo)
	d.Abs(d)
	if d2 := new(big.Float).Sub(v, iv.Hi); d2.Abs(d2).Cmp(d) > 0 {
		d = d2
	}
	dist, _ := d.Float64()
	var msgs []string
	ratio := 0.0
	if k.rep == 0 {
		if dist > k.err {
			msgs = append(msgs, fmt.Sprintf("|Value − f| = %g > err = %g", dist, k.err))
		}
		if k.err > 0 {
			ratio = dist / k.err
		}
	}
	// ValueBits, of Value (the oracle's where the kernel's bound misses
	// it): relative to max(|f|, 2^-126), within the binary32 range.
	val := k.v
	switch ref.arity {
	case 1:
		val = ref.Value(x)
	case 2:
		val = ref.Value2(x, y)
	}
	v.SetFloat64(val.Hi).Add(v, new(big.Float).SetFloat64(val.Lo))
	d.Sub(v, iv.Lo).Abs(d)
	if d2 := new(big.Float).Sub(v, iv.Hi); d2.Abs(d2).Cmp(d) > 0 {
		d = d2
	}
	dist, _ = d.Float64()
	mag, _ := new(big.Float).Abs(iv.Lo).Float64()
	if mag < 0x1p128 && (k.rep == 0 || mag > 0x1p-126) {
		if lim := math.Ldexp(math.Max(mag, 0x1p-126), -ref.valueBits); dist > lim {
			msgs = append(msgs, fmt.Sprintf("|Value − f| = %g > 2^-%d·max(|f|, 2^-126) = %g", dist, ref.valueBits, lim))
		}
	}
	if len(msgs) == 0 {
		return "", ratio
	}
	return fmt.Sprintf("%s: Value = %v, f ∈ [%s, %s]: %s", ref.call(x, y), k.v, iv.Lo.Text('g', 25), iv.Hi.Text('g', 25), strings.Join(msgs, "; ")), ratio
}

// TestRefProperty compares every reference with the oracle on random
// inputs (drawInput) in all four modes, checks Eval against Round and
// Value, and checks each kernel's proven error bound and the ValueBits
// claim against a 256-bit enclosure.
func TestRefProperty(t *testing.T) {
	props := properties(t)
	type counts struct {
		rounds, values, slow atomic.Int64
		maxRatio             atomic.Uint64 // float64 bits
	}
	cs := map[string]*counts{}
	for _, ref := range refs {
		c := new(counts)
		cs[ref.name] = c
		props.Property(ref.name+" = oracle", prop.ForAll(func(in [2]uint32) string {
			x, y := in[0], in[1]
			if ref.arity == 1 {
				y = 0
			}
			var bad []string
			want := ref.orc.RoundAll(x, y)
			for i, m := range rounding.Modes {
				var got uint32
				var slow bool
				if ref.arity == 1 {
					got, slow = ref.round1(x, m)
				} else {
					got, slow = ref.round2(x, y, m)
				}
				if slow {
					c.slow.Add(1)
				}
				c.rounds.Add(1)
				if got != want[i] {
					bad = append(bad, fmt.Sprintf("%s %v = %s, want %s", ref.call(x, y), m, f32.Format(got), f32.Format(want[i])))
				}
				ew, ev, _ := ref.Eval(Input{X: x, Y: y}, m)
				if ew != got || !sameDD(ev, ref.kernel(x, y).v) {
					bad = append(bad, fmt.Sprintf("%s %v: Eval = %s, %v; Round = %s", ref.call(x, y), m, f32.Format(ew), ev, f32.Format(got)))
				}
			}
			msg, ratio := checkValue(ref, x, y)
			c.values.Add(1)
			storeMax(&c.maxRatio, ratio)
			if msg != "" {
				bad = append(bad, msg)
			}
			return strings.Join(bad, "\n")
		}, func(p *gopter.GenParameters) *gopter.GenResult {
			r := rand.New(rand.NewPCG(p.Rng.Uint64(), 0))
			x, y := drawInput(r, ref.name)
			return gopter.NewGenResult([2]uint32{x, y}, gopter.NoShrinker)
		}))
	}
	props.TestingRun(t)
	for _, ref := range refs {
		c := cs[ref.name]
		t.Logf("%-6s %7d rounding checks (fast path vs oracle, 4 modes), %6d value-bound checks, %d fallbacks, max |Value−f|/err %.3g",
			ref.name, c.rounds.Load(), c.values.Load(), c.slow.Load(), math.Float64frombits(c.maxRatio.Load()))
	}
}

func sameDD(a, b DD) bool {
	return math.Float64bits(a.Hi) == math.Float64bits(b.Hi) && math.Float64bits(a.Lo) == math.Float64bits(b.Lo) ||
		a.Hi != a.Hi && b.Hi != b.Hi
}

// checkUnaryRef checks a unary reference's fast path with fallback against
// the oracle's Ziv loop in all four modes, and its kernel's error bound and
// ValueBits against a 256-bit enclosure (checkValue), on xs; it reports up
// to 10 failures and logs the fallbacks and the largest |Value − f|/err.
func checkUnaryRef(t *testing.T, ref *Ref, xs []uint32) {
	t.Helper()
	fails, slow := 0, 0
	maxRatio := 0.0
	for _, x := range xs {
		want := ref.orc.RoundAll(x, 0)
		for j, m := range rounding.Modes {
			got, s := ref.round1(x, m)
			if s {
				slow++
			}
			if got != want[j] && fails < 10 {
				fails++
				t.Errorf("%s %v = %s, oracle %s", ref.call(x, 0), m, f32.Format(got), f32.Format(want[j]))
			}
		}
		msg, ratio := checkValue(ref, x, 0)
		if msg != "" && fails < 10 {
			fails++
			t.Error(msg)
		}
		maxRatio = max(maxRatio, ratio)
	}
	t.Logf("%d inputs × 4 modes, %d oracle fallbacks, max |Value−f|/err %.3g", len(xs), slow, maxRatio)
}
