package fp_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
)

// Tests of norm4df, rnorm4df, normf and rnormf (fp/norm.go). Their golden
// files are not captured yet, so the special-case rows below are checked on
// the emulation only; once the capture lands they belong in specialCases,
// where TestSpecialCasesOnDevice checks them against the device (every row
// lies on the special grid: norm4df's ternary axis, normf's counts 1…8
// with elements from normGridSpecials repeated).

// captured are the six flag sets captured on the device.
var captured = spec.FlagSets

// normRow is a special case of an array function: a count and elements.
type normRow struct {
	id   string
	fl   fp.Flags
	a    []uint32
	want uint32
	why  string
}

var norm4SpecialCases = []scRow{
	{"norm4df", def, []uint32{one, nInf, 0x7fffffff, one}, pInf, "norm4(1, -Inf, NaN, 1) = +Inf"},
	{"norm4df", def, []uint32{one, one, 0x7fffffff, one}, nan, "norm4(1, 1, NaN, 1) = canonical NaN"},
	{"norm4df", def, []uint32{0, nZero, 0xff7fffff, 0}, 0x7f7fffff, "norm4(0, -0, -max, 0) = max"},
	{"norm4df", def, []uint32{0, 0, 0, 0x80000001}, 0x00000001, "norm4(0, 0, 0, -2^-149) = 2^-149"},
	{"norm4df", ftz, []uint32{0, 0, 0, 0x80000001}, 0, "-ftz=true: subnormals read as 0"},
	{"rnorm4df", def, []uint32{0x7fffffff, one, one, pInf}, 0, "rnorm4(NaN, 1, 1, +Inf) = +0"},
	{"rnorm4df", def, []uint32{one, one, one, 0x7fffffff}, nan, "rnorm4(1, 1, 1, NaN) = canonical NaN"},
	{"rnorm4df", def, []uint32{nZero, 0, nZero, 0}, pInf, "rnorm4(-0, 0, -0, 0) = +Inf"},
	{"rnorm4df", ftz, []uint32{0x00000001, 0, 0, 0}, pInf, "-ftz=true: rnorm4(2^-149, 0, 0, 0) = +Inf"},
}

var normSpecialCases = []normRow{
	{"normf", def, []uint32{one, 0x7fffffff, nInf, one}, pInf, "normf(1, NaN, -Inf, 1) = +Inf"},
	{"normf", def, []uint32{one, 0x7fffffff}, nan, "normf(1, NaN) = canonical NaN"},
	{"normf", def, []uint32{0x7fffffff}, nan, "normf(NaN) = canonical NaN"},
	{"normf", def, []uint32{0, 0xff7fffff, nZero, 0, 0}, 0x7f7fffff, "normf(0, -max, -0, 0, 0) = max"},
	{"normf", def, []uint32{0x00000001, 0x7f7fffff}, 0x7f7fffff, "normf(2^-149, max): the scaled square of 2^-149 is 0"},
	{"normf", def, []uint32{0xbf800001}, 0x3f800001, "normf(x) = |x| for dim 1"},
	{"normf", def, []uint32{0x80000001}, 0x00000001, "normf(-2^-149) = 2^-149"},
	{"normf", ftz, []uint32{0x80000001}, 0, "-ftz=true: subnormals read as 0"},
	{"normf", def, nil, 0, "normf of an empty array = +0"},
	{"rnormf", def, []uint32{0x7fffffff, nInf}, 0, "rnormf(NaN, -Inf) = +0"},
	{"rnormf", def, []uint32{one, one, 0x7fffffff}, nan, "rnormf(1, 1, NaN) = canonical NaN"},
	{"rnormf", def, []uint32{nZero, 0, nZero}, pInf, "rnormf(-0, 0, -0) = +Inf"},
	{"rnormf", def, nil, pInf, "rnormf of an empty array = +Inf"},
	{"rnormf", ftz, []uint32{0x00000001}, pInf, "-ftz=true: rnormf(2^-149) = +Inf"},
}

func init() {
	for _, id := range []string{"norm4df", "rnorm4df", "normf", "rnormf"} {
		nanKeeps[id] = true // +Inf (+0 for the reciprocals) when another argument is ±Inf
	}
}

var norm4Funcs = map[string]func(fp.Flags, float32, float32, float32, float32) float32{
	"norm4df": fp.Flags.Norm4df, "rnorm4df": fp.Flags.Rnorm4df,
}

var normFuncs = map[string]func(fp.Flags, []float32) float32{
	"normf": fp.Flags.Normf, "rnormf": fp.Flags.Rnormf,
}

func norm4(id string, fl fp.Flags, in []uint32) uint32 {
	b := math.Float32frombits
	return math.Float32bits(norm4Funcs[id](fl, b(in[0]), b(in[1]), b(in[2]), b(in[3])))
}

func normOf(id string, fl fp.Flags, a []uint32) uint32 {
	var buf [16]float32
	for i, v := range a {
		buf[i] = math.Float32frombits(v)
	}
	return math.Float32bits(normFuncs[id](fl, buf[:len(a)]))
}

func TestNormSpecialCases(t *testing.T) {
	for _, r := range norm4SpecialCases {
		if got := norm4(r.id, r.fl, r.in); got != r.want {
			t.Errorf("%s %s: %s(%s) = %s, want %s", r.why, flagName(r.fl), r.id, args(r.in), f32.Format(got), f32.Format(r.want))
		}
	}
	for _, r := range normSpecialCases {
		if got := normOf(r.id, r.fl, r.a); got != r.want {
			t.Errorf("%s %s: %s(%d, {%s}) = %s, want %s", r.why, flagName(r.fl), r.id, len(r.a), args(r.a), f32.Format(got), f32.Format(r.want))
		}
	}
}

// exactSqrt returns √(Σ v²) for integers v when it is an integer n (ok), by
// math/big.
func exactSqrt(v []int64) (n int64, ok bool) {
	var s big.Int
	for _, x := range v {
		s.Add(&s, new(big.Int).Mul(big.NewInt(x), big.NewInt(x)))
	}
	r := new(big.Int).Sqrt(&s)
	return r.Int64(), new(big.Int).Mul(r, r).Cmp(&s) == 0
}

// TestNormExact checks norm4df and normf where every step of their PTX is
// exact: elements ±v·2^k with small integers v whose sum of squares is a
// perfect square n² (found by search, √ by math/big), k random. The scale
// is a power of two, the scaled squares and their sums are integers times
// one power of two below 2^24, sqrt.rn of a square is exact, and so is the
// scaling back: the result must be n·2^k exactly, under every flag set
// with sqrt.rn (-prec-sqrt=false's sqrt.approx is not exact).
func TestNormExact(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed))
	tried := 0
	for range 4000 {
		dim := 1 + r.IntN(8)
		v := make([]int64, dim)
		for i := range v {
			v[i] = int64(r.IntN(16))
		}
		n, ok := exactSqrt(v)
		if !ok || n == 0 {
			continue
		}
		tried++
		k := r.IntN(200) - 100
		a := make([]uint32, dim)
		for i, x := range v {
			a[i] = math.Float32bits(float32(math.Ldexp(float64(x), k)))
			if r.IntN(2) == 0 {
				a[i] ^= f32.SignMask
			}
		}
		want := math.Float32bits(float32(math.Ldexp(float64(n), k)))
		for _, fl := range captured {
			if fl.ApproxSqrt {
				continue
			}
			if got := normOf("normf", fl, a); got != want {
				t.Fatalf("normf(%d, {%s}) %s = %s, want %s (exact; seed %d)", dim, args(a), flagName(fl), f32.Format(got), f32.Format(want), seed)
			}
			if dim == 4 {
				if got := norm4("norm4df", fl, a); got != want {
					t.Fatalf("norm4df(%s) %s = %s, want %s (exact; seed %d)", args(a), flagName(fl), f32.Format(got), f32.Format(want), seed)
				}
			}
		}
	}
	if tried < 100 {
		t.Fatalf("only %d exact cases in 4000 draws (seed %d)", tried, seed)
	}
	t.Logf("%d exact cases (seed %d)", tried, seed)
}

// randNormal returns a normal float32 with a random sign and an exponent
// field in [lo, hi].
func randNormal(r *rand.Rand, lo, hi int) uint32 {
	return r.Uint32()&0x807fffff | uint32(lo+r.IntN(hi-lo+1))<<23
}

// scale2 multiplies the normal or zero encoding x by 2^k exactly (the
// result is assumed normal or zero).
func scale2(x uint32, k int) uint32 {
	if x&0x7fffffff == 0 {
		return x
	}
	return uint32(int32(x) + int32(k)<<23)
}

// TestNormScaling checks that scaling every argument by 2^k, k a multiple
// of 4, scales the result by exactly 2^k (2^-k for the reciprocals): the
// maximum's exponent field moves by k, so its multiple-of-4 part E4 (and
// the scale 2^(126−E4)) moves by exactly k and every scaled value is the
// same bits; only the final multiplications change, by a power of two.
// Arguments and results stay normal (exponent fields 40 to 200, |k| ≤ 32).
func TestNormScaling(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed^0x6e6f726d))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		dim := 1 + r.IntN(8)
		a := make([]uint32, dim)
		for i := range a {
			a[i] = randNormal(r, 40, 200)
			if r.IntN(8) == 0 {
				a[i] = 0
			}
		}
		k := 4 * (r.IntN(17) - 8)
		b := make([]uint32, dim)
		for i := range a {
			b[i] = scale2(a[i], k)
		}
		for _, fl := range captured {
			// The reciprocals scale by 2^-k; results outside the normal range
			// are not compared.
			check := func(id string, x, y uint32) {
				kk := k
				if id[0] == 'r' {
					kk = -k
				}
				if isNormal(x) && isNormal(y) && y != scale2(x, kk) {
					t.Fatalf("%s(%d, {%s}) %s = %s but ×2^%d: %s (seed %d)", id, dim, args(a), flagName(fl), f32.Format(x), k, f32.Format(y), seed)
				}
			}
			for id := range normFuncs {
				check(id, normOf(id, fl, a), normOf(id, fl, b))
			}
			if dim == 4 {
				for id := range norm4Funcs {
					check(id, norm4(id, fl, a), norm4(id, fl, b))
				}
			}
		}
	}
}

func isNormal(u uint32) bool { e := u >> 23 & 0xff; return e != 0 && e != 0xff }

// TestNormSymmetry checks the symmetries the PTX has, on random bit patterns
// (NaN, Inf, subnormals included), and that the port keeps the order
// dependence the PTX has:
//
//   - the sign of an argument never matters (abs.f32 first);
//   - norm4df and rnorm4df are symmetric in x and y (min/max and add of the
//     first pair), but not in general: their squares are summed in the order
//     of a min/max network, not sorted, so reversing the arguments changes
//     the bits of some results;
//   - normf and rnormf do not change when ±0 is inserted anywhere (it is
//     never the first maximum of a nonzero array, and adds +0 to the sum);
//     their squares are summed in index order, so reversing the array
//     changes the bits of some results.
func TestNormSymmetry(t *testing.T) {
	seed := testflag.Seed()
	r := rand.New(rand.NewPCG(seed, seed^0x73796d6d))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var order4, orderN int
	elem := func() uint32 {
		switch r.IntN(8) {
		case 0:
			return r.Uint32()
		case 1:
			return 0
		}
		return randNormal(r, 100, 140) // comparable magnitudes: rounding differences show
	}
	for range n {
		fl := captured[r.IntN(len(captured))]
		in := []uint32{elem(), elem(), elem(), elem()}
		for id := range norm4Funcs {
			z := norm4(id, fl, in)
			if s := norm4(id, fl, []uint32{in[1], in[0], in[2], in[3]}); s != z {
				t.Fatalf("%s %s not symmetric in x, y: (%s) → %s, swapped → %s (seed %d)", id, flagName(fl), args(in), f32.Format(z), f32.Format(s), seed)
			}
			neg := []uint32{in[0] ^ f32.SignMask, in[1], in[2] ^ f32.SignMask, in[3]}
			if s := norm4(id, fl, neg); s != z {
				t.Fatalf("%s %s depends on signs: (%s) → %s, (%s) → %s (seed %d)", id, flagName(fl), args(in), f32.Format(z), args(neg), f32.Format(s), seed)
			}
			if norm4(id, fl, []uint32{in[3], in[2], in[1], in[0]}) != z {
				order4++
			}
		}
		dim := 1 + r.IntN(8)
		a := make([]uint32, dim)
		for i := range a {
			a[i] = elem()
		}
		p := r.IntN(dim + 1)
		withZero := append(append(append([]uint32(nil), a[:p]...), r.Uint32()&f32.SignMask), a[p:]...)
		rev := make([]uint32, dim)
		for i := range a {
			rev[i] = a[dim-1-i] ^ f32.SignMask
		}
		for id := range normFuncs {
			z := normOf(id, fl, a)
			checkNaN(t, id, fl, a, z)
			if s := normOf(id, fl, withZero); s != z {
				t.Fatalf("%s %s: inserting ±0 at %d changes {%s} → %s into %s (seed %d)", id, flagName(fl), p, args(a), f32.Format(z), f32.Format(s), seed)
			}
			if normOf(id, fl, rev) != z {
				orderN++
			}
		}
	}
	if order4 == 0 || orderN == 0 {
		t.Errorf("reversing the arguments never changed a result (norm4: %d, normf: %d of %d): the port no longer sums in the PTX's order (seed %d)", order4, orderN, 2*n, seed)
	}
	t.Logf("reversal changed %d of %d norm4 results and %d of %d normf results (seed %d)", order4, 2*n, orderN, 2*n, seed)
}

// TestNormfDim1 checks normf(1, {x}) = |x| (with -ftz=true: |x| flushed)
// for every non-NaN x in a stride of the encodings, and the canonical NaN
// for NaN x: the only element is the maximum and is left out of the sum,
// which stays 0, so the selection returns m = |x| itself.
func TestNormfDim1(t *testing.T) {
	step := uint32(0x1003)
	if testflag.Exhaustive() {
		step = 1
	}
	for _, fl := range []fp.Flags{def, ftz} {
		for x := uint32(0); ; x += step {
			want := x &^ f32.SignMask
			switch {
			case isNaN(x):
				want = nan
			case fl.FTZ && want < 0x00800000:
				want = 0
			}
			if got := normOf("normf", fl, []uint32{x}); got != want {
				t.Fatalf("normf(1, {%s}) %s = %s, want %s", f32.Format(x), flagName(fl), f32.Format(got), f32.Format(want))
			}
			if x > math.MaxUint32-step {
				break
			}
		}
	}
}

func FuzzNorm4(f *testing.F) {
	for _, r := range norm4SpecialCases {
		f.Add(r.in[0], r.in[1], r.in[2], r.in[3])
	}
	f.Fuzz(func(t *testing.T, x, y, z, w uint32) {
		in := []uint32{x, y, z, w}
		for id := range norm4Funcs {
			for _, fl := range allFlags {
				get := func(fl fp.Flags) uint32 { return norm4(id, fl, in) }
				r := get(fl)
				checkNaN(t, id, fl, in, r)
				checkFlagIndependence(t, id, fl, in, get)
				if s := norm4(id, fl, []uint32{y, x, z, w}); s != r {
					t.Fatalf("%s [%s] not symmetric in x, y: (%s) → %s, swapped → %s", id, fl.Name(), args(in), f32.Format(r), f32.Format(s))
				}
			}
		}
	})
}

func FuzzNormf(f *testing.F) {
	for _, r := range normSpecialCases {
		var w [8]uint32
		copy(w[:], r.a)
		f.Add(uint8(len(r.a)), w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7])
	}
	f.Fuzz(func(t *testing.T, dim uint8, a0, a1, a2, a3, a4, a5, a6, a7 uint32) {
		a := []uint32{a0, a1, a2, a3, a4, a5, a6, a7}[:dim%9]
		for id := range normFuncs {
			for _, fl := range allFlags {
				get := func(fl fp.Flags) uint32 { return normOf(id, fl, a) }
				r := get(fl)
				checkFlagIndependence(t, id, fl, a, get)
				if anyNaN(a) && !anyInf(a) && r != nan || isNaN(r) && r != nan {
					t.Fatalf("%s(%d, {%s}) [%s] = %s, want the canonical NaN", id, len(a), args(a), fl.Name(), f32.Format(r))
				}
				if s := normOf(id, fl, append(append([]uint32{f32.NegZeroBits}, a...), 0)); s != r {
					t.Fatalf("%s [%s]: zeros around {%s} change %s into %s", id, fl.Name(), args(a), f32.Format(r), f32.Format(s))
				}
			}
		}
	})
}

func anyNaN(a []uint32) bool {
	for _, v := range a {
		if isNaN(v) {
			return true
		}
	}
	return false
}

func anyInf(a []uint32) bool {
	for _, v := range a {
		if v&^f32.SignMask == f32.InfBits {
			return true
		}
	}
	return false
}
