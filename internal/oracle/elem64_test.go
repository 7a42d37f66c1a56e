package oracle_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

func b64(f float64) uint64 { return math.Float64bits(f) }

func lookup64(t *testing.T, name string) *oracle.Func64 {
	t.Helper()
	f, ok := oracle.Lookup64(name)
	if !ok {
		t.Fatalf("no binary64 reference %q", name)
	}
	return f
}

func round64Any(f *oracle.Func64, x, y uint64, m rounding.Mode) (uint64, bool) {
	if f.Arity == 1 {
		return f.Round(x, m)
	}
	return f.Round2(x, y, m)
}

// pow2 returns 2^e exactly.
func pow2(e int) *big.Float { return new(big.Float).SetMantExp(big.NewFloat(1), e) }

// intPow returns m^n·2^e exactly.
func intPow(m, n int64, e int) *big.Float {
	v := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(m), big.NewInt(n), nil))
	return v.SetMantExp(v, e)
}

// TestFunc64Exact checks the exact cases of the binary64 references, which
// the Ziv loop alone could never decide: each must round in every mode to
// the rounding of its exact value (computed here with math/big), decided.
// Several are midpoints (10^23 = 5^23·2^23 and 3^35 have 54 bits; 2^-1075
// is the tie below MinSubnormal).
func TestFunc64Exact(t *testing.T) {
	for _, c := range []struct {
		name  string
		x, y  float64
		exact *big.Float
	}{
		{"exp2", -1074, 0, pow2(-1074)},
		{"exp2", 1023, 0, pow2(1023)},
		{"exp2", 1024, 0, pow2(1024)},
		{"exp10", 23, 0, intPow(10, 23, 0)},
		{"exp10", 22, 0, intPow(10, 22, 0)},
		{"log2", 0x1p-1074, 0, big.NewFloat(-1074)},
		{"log10", 1e22, 0, big.NewFloat(22)},
		{"pow", 3, 35, intPow(3, 35, 0)},
		{"pow", 3, 34, intPow(3, 34, 0)},
		{"pow", -3, 33, new(big.Float).Neg(intPow(3, 33, 0))},
		{"pow", 9 * 0x1p10, 0.5, intPow(3, 1, 5)},
		{"pow", 0x1p-1074, 0.5, pow2(-537)},
		{"pow", 4, -537.5, pow2(-1075)},
		{"pow", 2, -1074, pow2(-1074)},
		{"pow", 81 * 0x1p-16, 0.25, intPow(3, 1, -4)},
		{"pow", 1853020188851841, 5.0 / 32, intPow(3, 5, 0)}, // (3^32)^(5/32): g = 5, binary64 only
		{"cbrt", 27 * 0x1p-999, 0, intPow(3, 1, -333)},
		{"rcbrt", 0x1p-999, 0, pow2(333)},
		{"rsqrt", 0x1p-1074, 0, pow2(537)},
		{"hypot", 3e-310, 4e-310, nil},
		{"exp", 0, 0, big.NewFloat(1)},
		{"acos", 1, 0, new(big.Float)},
		{"lgamma", 2, 0, new(big.Float)},
		{"tgamma", 23, 0, new(big.Float).SetInt(new(big.Int).MulRange(1, 22))},
	} {
		f := lookup64(t, c.name)
		x, y := b64(c.x), b64(c.y)
		exact := c.exact
		if exact == nil { // hypot(3k, 4k) = 5k for the binary64 k = 1e-310 (exact: 3k, 4k and 5k are multiples of 2^-1074)
			exact = new(big.Float).SetPrec(2000).Mul(big.NewFloat(5), oracle.Value64(b64(1e-310)))
		}
		for _, m := range rounding.Modes {
			got, ok := round64Any(f, x, y, m)
			if want := oracle.Round64(exact, m); !ok || got != want {
				t.Errorf("%s(%v, %v) %v = %s (decided %v), want %s", c.name, c.x, c.y, m, f64.Format(got), ok, f64.Format(want))
			}
		}
	}
}

// TestFunc64Modes checks that Round in each mode agrees with RoundAll and
// RoundValue, and that RoundValue's value rounds to the result, on random
// arguments of every binary64 reference.
func TestFunc64Modes(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 64))
	n := 8
	if testflag.Exhaustive() {
		n = 200
	}
	for _, f := range oracle.Funcs64 {
		for range n {
			x := b64((r.Float64()*2 - 1) * math.Ldexp(1, r.IntN(12)-4))
			y := b64(r.Float64() * 4)
			all, ok := f.RoundAll(x, y)
			if !ok {
				t.Errorf("%s(%s, %s): undecided", f.Name, f64.Format(x), f64.Format(y))
				continue
			}
			for i, m := range rounding.Modes {
				got, _ := round64Any(f, x, y, m)
				rv, _, v := f.RoundValue(x, y, m)
				if got != all[i] || rv != all[i] {
					t.Errorf("%s(%s, %s) %v: Round %s, RoundValue %s, RoundAll %s", f.Name, f64.Format(x), f64.Format(y), m,
						f64.Format(got), f64.Format(rv), f64.Format(all[i]))
				}
				if v != nil && m == rounding.RN && f64.IsFinite(got) {
					// v is within the deciding enclosure: it rounds as f does,
					// unless it is a range representative (RN is constant there too).
					if w := oracle.Round64(v, m); w != got && !f64.IsNaN(got) {
						t.Errorf("%s(%s, %s): value %s rounds to %s, not %s", f.Name, f64.Format(x), f64.Format(y), v.Text('g', 20), f64.Format(w), f64.Format(got))
					}
				}
			}
		}
	}
}

func ExampleLookup64() {
	f, _ := oracle.Lookup64("exp10")
	for _, m := range rounding.Modes {
		r, ok := f.Round(math.Float64bits(23), m) // 10^23: a midpoint between two binary64 numbers
		fmt.Println(m, math.Float64frombits(r), ok)
	}
	// Output:
	// RN 1e+23 true
	// RZ 1e+23 true
	// RU 1.0000000000000001e+23 true
	// RD 1e+23 true
}
