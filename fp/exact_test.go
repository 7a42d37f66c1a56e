package fp_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Tests of the exact functions (round.go, frexp.go, fmod.go): the
// special-case rows of their doc comments, checked against the emulation
// and, where the device's golden data holds the point, against the device;
// then property tests against exact math/big arithmetic on random bit
// patterns (seed from internal/testflag, logged).

// exactRow is one "Special cases are:" row; in and want are packed as
// spec.Kernel packs them (an int in the low 32 bits, a long long whole, two
// results as first<<32 | second).
type exactRow struct {
	id   string
	fl   fp.Flags
	in   []uint64
	want uint64
	why  string
}

const (
	i64Min = 0x8000000000000000
	i64Max = 0x7fffffffffffffff
	nan64  = uint64(nan)
)

func pair(a, b uint32) uint64 { return uint64(a)<<32 | uint64(b) }

var exactSpecialCases = []exactRow{
	{"roundf", def, []uint64{0x80000000}, 0x80000000, "-0 = -0"},
	{"roundf", def, []uint64{0x7f800000}, 0x7f800000, "+Inf = +Inf"},
	{"roundf", def, []uint64{0xffc00001}, nan64, "NaN = canonical NaN"},
	{"roundf", def, []uint64{0x3f000000}, 0x3f800000, "0.5 rounds away from zero"},
	{"roundf", def, []uint64{0xc0200000}, 0xc0400000, "-2.5 rounds away from zero to -3"},
	{"roundf", def, []uint64{0xbeffffff}, 0x80000000, "-(0.5 - 2^-25) = -0"},
	{"roundf", def, []uint64{0x3effffff}, 0x00000000, "0.5 + (0.5 - 2^-25) is rounded toward zero: +0"},
	{"roundf", ftz, []uint64{0x80000001}, 0x80000000, "-ftz=true: a subnormal reads as -0"},

	{"nearbyintf", def, []uint64{0x80000000}, 0x80000000, "-0 = -0"},
	{"nearbyintf", def, []uint64{0xff800000}, 0xff800000, "-Inf = -Inf"},
	{"nearbyintf", def, []uint64{0x7f800001}, nan64, "sNaN = canonical NaN"},
	{"nearbyintf", def, []uint64{0xbf000000}, 0x80000000, "-0.5 ties to even: -0"},
	{"nearbyintf", def, []uint64{0x3fc00000}, 0x40000000, "1.5 ties to even: 2"},

	{"lrintf", def, []uint64{0x7fffffff}, i64Min, "NaN = INT64_MIN"},
	{"lrintf", def, []uint64{0x5f000000}, i64Max, "2^63 saturates"},
	{"lrintf", def, []uint64{0x7f800000}, i64Max, "+Inf saturates"},
	{"lrintf", def, []uint64{0xdf000001}, i64Min, "below -2^63 saturates"},
	{"lrintf", def, []uint64{0xbf000000}, 0, "-0.5 ties to even: 0"},
	{"lrintf", def, []uint64{0xc0200000}, 0xfffffffffffffffe, "-2.5 ties to even: -2"},
	{"llrintf", def, []uint64{0xffc00001}, i64Min, "NaN = INT64_MIN"},
	{"llrintf", def, []uint64{0x5effffff}, 0x7fffff8000000000, "largest float below 2^63 is exact"},
	{"llrintf", def, []uint64{0xff800000}, i64Min, "-Inf saturates"},
	{"llrintf", def, []uint64{0x40200000}, 2, "2.5 ties to even: 2"},

	{"lroundf", def, []uint64{0x7fc00000}, i64Min, "NaN = INT64_MIN"},
	{"lroundf", def, []uint64{0x5f000000}, i64Max, "2^63 saturates"},
	{"lroundf", def, []uint64{0xdf000000}, i64Min, "-2^63 = INT64_MIN"},
	{"lroundf", def, []uint64{0xbf000000}, 0xffffffffffffffff, "-0.5 rounds away from zero: -1"},
	{"lroundf", def, []uint64{0x40200000}, 3, "2.5 rounds away from zero: 3"},
	{"lroundf", def, []uint64{0x3effffff}, 0, "below one half: 0"},
	{"lroundf", def, []uint64{0x007fffff}, 0, "subnormal: 0"},
	{"llroundf", def, []uint64{0xffffffff & 0xffc00001}, i64Min, "NaN = INT64_MIN"},
	{"llroundf", def, []uint64{0x7f800000}, i64Max, "+Inf saturates"},
	{"llroundf", def, []uint64{0xff7fffff}, i64Min, "-MaxFloat32 saturates"},
	{"llroundf", def, []uint64{0xc0200000}, 0xfffffffffffffffd, "-2.5 rounds away from zero: -3"},

	{"logbf", def, []uint64{0x80000000}, 0xff800000, "-0 = -Inf"},
	{"logbf", def, []uint64{0x00000001}, 0xc3150000, "0x1p-149 = -149"},
	{"logbf", def, []uint64{0x007fffff}, 0xc2fe0000, "largest subnormal = -127"},
	{"logbf", def, []uint64{0xff800000}, 0x7f800000, "-Inf = +Inf"},
	{"logbf", def, []uint64{0x7fc00000}, nan64, "NaN = canonical NaN"},
	{"logbf", ftz, []uint64{0x007fffff}, 0xff800000, "-ftz=true: subnormal = -Inf"},

	{"ilogbf", def, []uint64{0x00000000}, 0x80000000, "0 = INT_MIN"},
	{"ilogbf", def, []uint64{0x80000001}, 0xffffff6b, "-0x1p-149 = -149"},
	{"ilogbf", def, []uint64{0xff800000}, 0x7fffffff, "-Inf = INT_MAX"},
	{"ilogbf", def, []uint64{0x7fffffff}, 0x80000000, "NaN = INT_MIN"},
	{"ilogbf", def, []uint64{0x3f7fffff}, 0xffffffff, "1 - 2^-24 = -1"},
	{"ilogbf", ftz, []uint64{0x00000001}, 0x80000000, "-ftz=true: subnormal = INT_MIN"},

	{"frexpf", def, []uint64{0x80000000}, pair(0x80000000, 0), "-0 = -0, 0"},
	{"frexpf", def, []uint64{0xff800000}, pair(0xff800000, 0), "-Inf = -Inf, 0"},
	{"frexpf", def, []uint64{0x7f800001}, pair(nan, 0), "NaN = canonical NaN, 0"},
	{"frexpf", def, []uint64{0x80000001}, pair(0xbf000000, 0xffffff6c), "-0x1p-149 = -0.5, -148"},
	{"frexpf", def, []uint64{0x3fc00000}, pair(0x3f400000, 1), "1.5 = 0.75, 1"},
	{"frexpf", ftz, []uint64{0x80000001}, pair(0x80000000, 0), "-ftz=true: subnormal = -0, 0"},

	{"modff", def, []uint64{0xff800000}, pair(0x80000000, 0xff800000), "-Inf = -0, -Inf"},
	{"modff", def, []uint64{0x7fc00000}, pair(nan, nan), "NaN = NaN, NaN"},
	{"modff", def, []uint64{0xc0000000}, pair(0x80000000, 0xc0000000), "-2 = -0, -2"},
	{"modff", def, []uint64{0xbf000000}, pair(0xbf000000, 0x80000000), "-0.5 = -0.5, -0"},
	{"modff", def, []uint64{0x3fc00000}, pair(0x3f000000, 0x3f800000), "1.5 = 0.5, 1"},
	{"modff", def, []uint64{0x00000001}, pair(0x00000001, 0x00000000), "subnormal = itself, +0"},
	{"modff", ftz, []uint64{0x00000001}, pair(0x00000000, 0x00000000), "-ftz=true: subnormal = +0, +0"},

	{"fmodf", def, []uint64{0xbf000000, 0x40000000}, 0xbf000000, "|x| < |y|: x"},
	{"fmodf", def, []uint64{0x3f800000, 0xff800000}, 0x3f800000, "y = -Inf: x"},
	{"fmodf", def, []uint64{0x7f800000, 0x3f800000}, nan64, "x = Inf: NaN"},
	{"fmodf", def, []uint64{0x3f800000, 0x80000000}, nan64, "y = -0: NaN"},
	{"fmodf", def, []uint64{0x3f800000, 0x7fc00000}, nan64, "y = NaN: NaN"},
	{"fmodf", def, []uint64{0xc0000000, 0x3f800000}, 0x80000000, "y divides x: -0"},
	{"fmodf", def, []uint64{0x7f000000, 0x40400000}, 0x40000000, "2^127 mod 3 = 2: huge quotient"},
	{"fmodf", ftz, []uint64{0x00000001, 0x3f800000}, 0x00000000, "-ftz=true: subnormal x reads as +0"},
	{"fmodf", ftz, []uint64{0x3f800000, 0x00000001}, nan64, "-ftz=true: subnormal y reads as +0"},

	{"remainderf", def, []uint64{0xff800000, 0x3f800000}, nan64, "x = -Inf: NaN"},
	{"remainderf", def, []uint64{0x3f800000, 0x00000000}, nan64, "y = 0: NaN"},
	{"remainderf", def, []uint64{0x7fc00000, 0x3f800000}, nan64, "x = NaN: NaN"},
	{"remainderf", def, []uint64{0xbfc00000, 0x7f800000}, 0xbfc00000, "y = Inf: x"},
	{"remainderf", def, []uint64{0x80000000, 0x40000000}, 0x80000000, "x = -0: -0"},
	{"remainderf", def, []uint64{0x40400000, 0x40000000}, 0xbf800000, "3/2 ties to n = 2: -1"},
	{"remainderf", def, []uint64{0x3fc00000, 0x3f800000}, 0xbf000000, "1.5/1 ties to n = 2: -0.5"},
	{"remainderf", def, []uint64{0x3f000000, 0x3f800000}, 0x3f000000, "0.5/1 ties to n = 0: 0.5"},
	{"remainderf", ftz, []uint64{0x3f800000, 0x00000001}, nan64, "-ftz=true: subnormal y reads as +0"},

	{"remquof", def, []uint64{0xff800000, 0x3f800000}, pair(nan, 0), "x = -Inf: NaN, 0"},
	{"remquof", def, []uint64{0x3f800000, 0x80000000}, pair(nan, 0), "y = -0: NaN, 0"},
	{"remquof", def, []uint64{0x3f800000, 0x7fffffff}, pair(nan, 0), "y = NaN: NaN, 0"},
	{"remquof", def, []uint64{0xbfc00000, 0x7f800000}, pair(0xbfc00000, 0), "y = Inf: x, 0"},
	{"remquof", def, []uint64{0x40400000, 0x40000000}, pair(0xbf800000, 2), "3/2: -1, 2"},
	{"remquof", def, []uint64{0xc0400000, 0x3f000000}, pair(0x80000000, 0xfffffffa), "-3/0.5: -0, -(6 mod 8)"},
	{"remquof", def, []uint64{0x7f000000, 0x3f800000}, pair(0x00000000, 0), "2^127/1: +0, 0"},

	{"nextafterf", def, []uint64{0x3f800000, 0x7fc00000}, nan64, "y = NaN: NaN"},
	{"nextafterf", def, []uint64{0xffc00001, 0x3f800000}, nan64, "x = NaN: NaN"},
	{"nextafterf", def, []uint64{0x00000000, 0x80000000}, 0x80000000, "(+0, -0) = y"},
	{"nextafterf", def, []uint64{0x80000000, 0x3f800000}, 0x00000001, "(-0, 1) = +0x1p-149"},
	{"nextafterf", def, []uint64{0x00000000, 0xbf800000}, 0x80000001, "(+0, -1) = -0x1p-149"},
	{"nextafterf", def, []uint64{0x3f800000, 0x3f800000}, 0x3f800000, "x = y: x"},
	{"nextafterf", def, []uint64{0xff7fffff, 0xff800000}, 0xff800000, "-MaxFloat32 toward -Inf: -Inf"},
	{"nextafterf", def, []uint64{0x3f800000, 0x00000000}, 0x3f7fffff, "1 toward 0: 1 - 2^-24"},
	{"nextafterf", ftz, []uint64{0x00000000, 0x3f800000}, 0x00800000, "-ftz=true: (+0, 1) = 0x1p-126"},
	{"nextafterf", ftz, []uint64{0x00800000, 0x00000000}, 0x00000000, "-ftz=true: 0x1p-126 toward 0 = +0"},

	{"ldexpf", def, []uint64{0x80000000, 0x00000096}, 0x80000000, "-0·2^150 = -0"},
	{"ldexpf", def, []uint64{0xff800000, 0xffffff6a}, 0xff800000, "-Inf·2^-150 = -Inf"},
	{"ldexpf", def, []uint64{0x7fc00000, 0x00000002}, nan64, "NaN·4 = NaN"},
	{"ldexpf", def, []uint64{0x00000001, 0x7fffffff}, 0x7f800000, "n = INT_MAX: 2^-149·2^278 overflows"},
	{"ldexpf", def, []uint64{0x7f7fffff, 0x80000000}, 0x00000000, "n = INT_MIN: +0"},
	{"ldexpf", def, []uint64{0x00000001, 0x00000116}, 0x7f800000, "2^-149·2^278 = +Inf"},
	{"ldexpf", def, []uint64{0x3fc00000, 0xffffff6a}, 0x00000001, "1.5·2^-150 rounds once to 0x1p-149"},
	{"ldexpf", def, []uint64{0x3f800000, 0xffffff6a}, 0x00000000, "2^-150 ties to even: +0"},
	{"ldexpf", ftz, []uint64{0x3f800000, 0xffffff81}, 0x00000000, "-ftz=true: 2^-127 is flushed"},
	{"ldexpf", ftz, []uint64{0x00000001, 0x00000096}, 0x00000000, "-ftz=true: a subnormal x reads as +0"},
	{"ldexpf", def, []uint64{0x3f7fffff, 0xffffff82}, 0x00800000, "2^-126·(1 - 2^-24) rounds up to 2^-126"},
	{"ldexpf", ftz, []uint64{0x3f7fffff, 0xffffff82}, 0x00000000, "-ftz=true: 2^-126·(1 - 2^-24) is tiny after rounding to 24 bits: +0"},
	{"scalbnf", def, []uint64{0x00000001, 0x00000096}, 0x40000000, "2^-149·2^150 = 2"},
	{"scalbnf", def, []uint64{0x3f800000, 0xfffffeea}, 0x00000000, "2^-278 = +0"},
	{"scalblnf", def, []uint64{0x3f800000, 0x0000000100000001}, 0x7f800000, "n = 2^32+1 saturates (not 1)"},
	{"scalblnf", def, []uint64{0x3f800000, 0xffffffff00000001}, 0x00000000, "n = -2^32+1 saturates (not 1)"},
	{"scalblnf", def, []uint64{0x3f800000, 0xffffffffffffff81}, 0x00400000, "2^-127, subnormal"},
}

// exactKernel returns id's catalog kernel under fl.
func exactKernel(t *testing.T, id string, fl fp.Flags) spec.Kernel {
	t.Helper()
	f, ok := spec.Lookup(id)
	if !ok {
		t.Fatalf("%s is not catalogued", id)
	}
	k, ok := f.Impl(fl)
	if !ok {
		t.Fatalf("%s is not implemented", id)
	}
	return k
}

func TestExactSpecialCases(t *testing.T) {
	for _, r := range exactSpecialCases {
		var a spec.Args
		copy(a[:], r.in)
		if got := exactKernel(t, r.id, r.fl)(&a); got != r.want {
			t.Errorf("%s %s: %s(%x) = %#x, want %#x", r.why, flagName(r.fl), r.id, r.in, got, r.want)
		}
	}
}

// TestExactSpecialCasesOnDevice checks every row against the device's
// output at that point of the special grid, for the functions whose golden
// data exists.
func TestExactSpecialCasesOnDevice(t *testing.T) {
	files := map[string]*golden.File{}
	checked, offGrid := 0, 0
	defer func() { t.Logf("%d rows checked on the device grid, %d with arguments off the grid", checked, offGrid) }()
	for _, r := range exactSpecialCases {
		path := filepath.Join("..", "testdata", "golden", r.fl.Name(), r.id+".txt.gz")
		f, ok := files[path]
		if !ok {
			if _, err := os.Stat(path); err != nil {
				files[path] = nil
				continue
			}
			var err error
			if f, err = golden.Load(path); err != nil {
				t.Fatal(err)
			}
			files[path] = f
		}
		if f == nil {
			continue
		}
		k, onGrid := 0, true
		for _, v := range r.in {
			i := -1
			for j, g := range f.Grid {
				if g == v {
					i = j
					break
				}
			}
			if i < 0 {
				onGrid = false // e.g. scalblnf's 64-bit exponents: in the generated inputs, not the grid
				break
			}
			k = k*len(f.Grid) + i
		}
		if !onGrid {
			offGrid++
			continue
		}
		checked++
		if dev := f.Special[k]; dev != r.want {
			t.Errorf("%s %s: table says %s(%x) = %#x, device %#x", r.why, flagName(r.fl), r.id, r.in, r.want, dev)
		}
	}
}

// Property tests against exact arithmetic.

// exactInputs returns n random float32 encodings for one argument, drawn
// from uniform bit patterns, a narrow exponent range and subnormals.
func randF32(r *rand.Rand) uint32 {
	switch r.IntN(4) {
	case 0:
		return r.Uint32()
	case 1: // around 1
		return r.Uint32()&0x807fffff | uint32(110+r.IntN(36))<<23
	case 2: // tiny: subnormal and the lowest binades
		return r.Uint32()&0x807fffff | uint32(r.IntN(3))<<23
	}
	return r.Uint32()&0x807fffff | uint32(r.IntN(255))<<23 // finite
}

// pairF32 returns x and y whose quotient is small, near a tie, or huge.
func pairF32(r *rand.Rand) (x, y uint32) {
	x, y = randF32(r), randF32(r)
	switch r.IntN(4) {
	case 0: // same binade region
		y = y&0x807fffff | x&0x7f800000
	case 1: // x = (k + 1/2)·y exactly or nearly: ties of remainderf
		y = y&0x80ffffff | uint32(100+r.IntN(50))<<23
		k := uint32(r.IntN(1 << 10))
		x = math.Float32bits(float32(float64(2*k+1) * float64(math.Float32frombits(y)) / 2))
		x += uint32(r.IntN(3)) - 1
	case 2: // huge quotient
		x = x&0x807fffff | uint32(200+r.IntN(55))<<23
		y = y&0x807fffff | uint32(r.IntN(60))<<23
	}
	return x, y
}

func seeded(t *testing.T) *rand.Rand {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	return rand.New(rand.NewPCG(seed, seed))
}

// flushed returns x read by an .ftz instruction.
func flushed(x uint32, ftz bool) uint32 {
	if ftz {
		return f32.FlushSubnormal(x)
	}
	return x
}

// exactRat returns the value of a finite encoding as a big.Rat.
func exactRat(x uint32) *big.Rat {
	r, _ := oracle.Value(x).Rat(nil)
	return r
}

// ratBits returns the encoding of v, which must be a float32 value, with
// the sign of zero given; under ftz a subnormal value gives that zero.
func ratBits(t *testing.T, v *big.Rat, zeroSign uint32, ftz bool) uint32 {
	t.Helper()
	if v.Sign() == 0 {
		return zeroSign
	}
	u := oracle.Round32(new(big.Float).SetPrec(400).SetRat(v), rounding.RN)
	if back := exactRat(u); back.Cmp(v) != 0 {
		t.Fatalf("remainder %s is not a float32", v.FloatString(60))
	}
	if ftz && f32.IsSubnormal(u) {
		return u & f32.SignMask
	}
	return u
}

// remRef returns fmodf (trunc = true) or remainderf of x and y, and quo, by
// exact rational arithmetic.
func remRef(t *testing.T, x, y uint32, ftz, trunc bool) (uint32, int32) {
	x, y = flushed(x, ftz), flushed(y, ftz)
	if f32.IsNaN(x) || f32.IsNaN(y) || f32.IsInf(x) || f32.IsZero(y) {
		return nan, 0
	}
	if f32.IsInf(y) {
		return x, 0
	}
	X, Y := exactRat(x), exactRat(y)
	q := new(big.Rat).Quo(X, Y)
	n := new(big.Int).Quo(q.Num(), q.Denom()) // truncated
	if !trunc {
		frac := new(big.Rat).Sub(q, new(big.Rat).SetInt(n))
		twice := new(big.Rat).Mul(frac, big.NewRat(2, 1))
		one := new(big.Rat).SetInt64(1)
		if c := new(big.Rat).Abs(twice).Cmp(one); c > 0 || c == 0 && n.Bit(0) == 1 {
			n.Add(n, big.NewInt(int64(twice.Sign())))
		}
	}
	rem := new(big.Rat).Sub(X, new(big.Rat).Mul(new(big.Rat).SetInt(n), Y))
	z := ratBits(t, rem, x&f32.SignMask, ftz)
	k := int32(new(big.Int).And(new(big.Int).Abs(n), big.NewInt(7)).Int64())
	if (x^y)&f32.SignMask != 0 {
		k = -k
	}
	return z, k
}

// TestRemainderExact checks fmodf, remainderf and remquof against exact
// remainders of random operands (~2·10^5 pairs, about a second).
func TestRemainderExact(t *testing.T) {
	r := seeded(t)
	bad := 0
	for i := range 1 << 15 {
		x, y := pairF32(r)
		ftz := i&1 == 1
		fl := fp.Flags{FTZ: ftz}
		fx, fy := math.Float32frombits(x), math.Float32frombits(y)
		wf, _ := remRef(t, x, y, ftz, true)
		wr, wq := remRef(t, x, y, ftz, false)
		gf := math.Float32bits(fl.Fmodf(fx, fy))
		gr := math.Float32bits(fl.Remainderf(fx, fy))
		rq, gq := fl.Remquof(fx, fy)
		if gf != wf || gr != wr || math.Float32bits(rq) != wr || gq != wq {
			t.Errorf("(%s, %s) %s: fmodf = %s, want %s; remainderf = %s, remquof = %s, %d, want %s, %d",
				f32.Format(x), f32.Format(y), flagName(fl), f32.Format(gf), f32.Format(wf), f32.Format(gr), f32.Format(math.Float32bits(rq)), gq, f32.Format(wr), wq)
			if bad++; bad == 10 {
				t.Fatal("too many errors")
			}
		}
	}
	// Exact multiples x = k·y·2^e, k a 24-bit odd integer and y a power of
	// two: the long reduction's remainder reaches 0 with e binades left
	// over, whose count shifts the quotient's low bits.
	for i := range 1 << 10 {
		k := 1<<23 | r.Uint32()&(1<<23-1) | 1
		e := i % 8
		y := uint32(1+r.IntN(200)) << f32.FracBits
		xv := float64(k) * float64(math.Float32frombits(y)) * math.Ldexp(1, e)
		if xv > math.MaxFloat32 {
			continue
		}
		x := math.Float32bits(float32(xv))
		wr, wq := remRef(t, x, y, false, false)
		rq, gq := fp.Remquof(math.Float32frombits(x), math.Float32frombits(y))
		if math.Float32bits(rq) != wr || gq != wq {
			t.Errorf("remquof(%s, %s) = %s, %d, want %s, %d", f32.Format(x), f32.Format(y), f32.Format(math.Float32bits(rq)), gq, f32.Format(wr), wq)
			if bad++; bad == 10 {
				t.Fatal("too many errors")
			}
		}
	}
}

// scaleRef returns x·2^n rounded once to nearest even, with the flushes of
// the .ftz forms under ftz: x read as a zero when subnormal, and a result
// flushed when tiny after rounding (rounded to 24 bits with an unbounded
// exponent, it is below 2^-126: rounding/cuda.go).
func scaleRef(x uint32, n int64, ftz bool) uint32 {
	xf := flushed(x, ftz)
	switch {
	case f32.IsNaN(xf):
		return nan
	case f32.IsInf(xf), f32.IsZero(xf):
		return xf
	}
	v := new(big.Float).SetMantExp(oracle.Value(xf), int(max(min(n, 1000), -1000)))
	want := oracle.Round32(v, rounding.RN)
	r24 := new(big.Float).SetPrec(24).SetMode(big.ToNearestEven).Set(v)
	if ftz && r24.Abs(r24).Cmp(oracle.Value(f32.MinNormalBits)) < 0 {
		want &= f32.SignMask
	}
	return want
}

// TestLdexpExact checks ldexpf, scalbnf and scalblnf against x·2^n rounded
// once to nearest even (the device's rounding), with the .ftz flushes of
// -ftz=true (input flushed; a result below 2^-126 after rounding flushed).
func TestLdexpExact(t *testing.T) {
	r := seeded(t)
	bad := 0
	for i := range 1 << 16 {
		x := randF32(r)
		var n int64
		switch r.IntN(3) {
		case 0:
			n = int64(r.IntN(601) - 300)
		case 1:
			n = int64(r.IntN(80)) - 150 - int64(f32.Bexp(x)) + 127 // results near the subnormal range
		default:
			n = int64(r.Uint64())
		}
		ftz := i&1 == 1
		fl := fp.Flags{FTZ: ftz}
		want := scaleRef(x, n, ftz)
		fx := math.Float32frombits(x)
		g1 := math.Float32bits(fl.Scalblnf(fx, n))
		n32 := int32(max(min(n, math.MaxInt32), math.MinInt32))
		g2, g3 := math.Float32bits(fl.Ldexpf(fx, n32)), math.Float32bits(fl.Scalbnf(fx, n32))
		if g1 != want || g2 != want || g3 != want {
			t.Errorf("(%s, %d) %s: scalblnf = %s, ldexpf = %s, scalbnf = %s, want %s", f32.Format(x), n, flagName(fl), f32.Format(g1), f32.Format(g2), f32.Format(g3), f32.Format(want))
			if bad++; bad == 10 {
				t.Fatal("too many errors")
			}
		}
	}
}

// TestDecompositionsExact checks frexpf, modff, logbf, ilogbf against exact
// decompositions, nextafterf against the ordered neighbours of x, and the
// rounding functions against oracle.RoundToInt.
func TestDecompositionsExact(t *testing.T) {
	r := seeded(t)
	bad := 0
	fail := func(format string, a ...any) {
		t.Helper()
		t.Errorf(format, a...)
		if bad++; bad == 10 {
			t.Fatal("too many errors")
		}
	}
	for i := range 1 << 16 {
		x := randF32(r)
		ftz := i&1 == 1
		fl := fp.Flags{FTZ: ftz}
		fx := math.Float32frombits(x)
		xf := flushed(x, ftz)
		finite := !f32.IsNaN(xf) && !f32.IsInf(xf) && !f32.IsZero(xf)

		// frexpf: x = frac·2^e with 0.5 ≤ |frac| < 1.
		frac, e := fl.Frexpf(fx)
		fb := math.Float32bits(frac)
		if finite {
			back := new(big.Float).SetMantExp(oracle.Value(fb), int(e))
			a := new(big.Float).Abs(oracle.Value(fb))
			if back.Cmp(oracle.Value(xf)) != 0 || a.Cmp(big.NewFloat(0.5)) < 0 || a.Cmp(big.NewFloat(1)) >= 0 {
				fail("Frexpf(%s) %s = %s, %d", f32.Format(x), flagName(fl), f32.Format(fb), e)
			}
		}

		// logbf, ilogbf: 2^e ≤ |x| < 2^(e+1).
		lb, il := math.Float32bits(fl.Logbf(fx)), fl.Ilogbf(fx)
		if finite {
			ax := new(big.Float).Abs(oracle.Value(xf))
			lo := new(big.Float).SetMantExp(big.NewFloat(1), int(il))
			hi := new(big.Float).SetMantExp(big.NewFloat(1), int(il)+1)
			if ax.Cmp(lo) < 0 || ax.Cmp(hi) >= 0 || oracle.Value(lb).Cmp(new(big.Float).SetInt64(int64(il))) != 0 {
				fail("Logbf, Ilogbf(%s) %s = %s, %d", f32.Format(x), flagName(fl), f32.Format(lb), il)
			}
		}

		// modff: ipart = trunc(x), frac = x - ipart, both with x's sign.
		mf, mi := fl.Modff(fx)
		mfb, mib := math.Float32bits(mf), math.Float32bits(mi)
		if !f32.IsNaN(x) && !f32.IsInf(x) {
			want := oracle.RoundInt32(x, rounding.RZ, false)
			wantFrac := ratBits(t, new(big.Rat).Sub(exactRat(xf), exactRat(want)), x&f32.SignMask, ftz)
			if mib != want || mfb != wantFrac {
				fail("Modff(%s) %s = %s, %s, want %s, %s", f32.Format(x), flagName(fl), f32.Format(mfb), f32.Format(mib), f32.Format(wantFrac), f32.Format(want))
			}
		}

		// roundf, lroundf, llroundf: ties away from zero; lrintf, llrintf,
		// nearbyintf: ties to even (RoundToInt), saturated.
		if !f32.IsNaN(x) && !f32.IsInf(x) {
			v := oracle.Value(flushed(x, ftz))
			away := new(big.Float).Add(new(big.Float).Abs(v), big.NewFloat(0.5))
			n, _ := away.Int(nil)
			if v.Signbit() {
				n.Neg(n)
			}
			sat := func(n *big.Int) int64 {
				return oracle.Saturate(n, big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)).Int64()
			}
			wantRound := x & f32.SignMask
			if n.Sign() != 0 {
				wantRound = oracle.Round32(new(big.Float).SetInt(n), rounding.RN)
			}
			if g := math.Float32bits(fl.Roundf(fx)); g != wantRound {
				fail("Roundf(%s) %s = %s, want %s", f32.Format(x), flagName(fl), f32.Format(g), f32.Format(wantRound))
			}
			if g, h := fl.Lroundf(fx), fl.Llroundf(fx); g != sat(n) || h != sat(n) {
				fail("Lroundf, Llroundf(%s) %s = %d, %d, want %d", f32.Format(x), flagName(fl), g, h, sat(n))
			}
			even := oracle.RoundToInt(x, rounding.RN, ftz)
			if g, h := fl.Lrintf(fx), fl.Llrintf(fx); g != sat(even) || h != sat(even) {
				fail("Lrintf, Llrintf(%s) %s = %d, %d, want %d", f32.Format(x), flagName(fl), g, h, sat(even))
			}
			if g, w := math.Float32bits(fl.Nearbyintf(fx)), oracle.RoundInt32(x, rounding.RN, false); g != w {
				fail("Nearbyintf(%s) %s = %s, want %s", f32.Format(x), flagName(fl), f32.Format(g), f32.Format(w))
			}
		}

		// nextafterf: the neighbour of x toward y on the ordered line
		// (without -ftz; the -ftz=true flushes are in the special cases).
		y := randF32(r)
		if !ftz && !f32.IsNaN(x) && !f32.IsNaN(y) {
			g := math.Float32bits(fl.Nextafterf(fx, math.Float32frombits(y)))
			var want uint32
			switch c := oracle.Value(x).Cmp(oracle.Value(y)); {
			case c == 0:
				want = y
			case c < 0:
				want = f32.NextUp(x)
			default:
				want = f32.NextDown(x)
			}
			if f32.IsZero(x) && c0(x, y) {
				want = f32.MinSubnormalBits | y&f32.SignMask
			}
			if g != want {
				fail("Nextafterf(%s, %s) = %s, want %s", f32.Format(x), f32.Format(y), f32.Format(g), f32.Format(want))
			}
		}
	}
}

// c0 reports whether x (a zero) differs from y in value.
func c0(x, y uint32) bool { return !f32.IsZero(y) }

// FuzzRemainderExact checks fmodf, remainderf and remquof against exact
// remainders on fuzzed bit patterns (both -ftz settings).
func FuzzRemainderExact(f *testing.F) {
	for _, r := range exactSpecialCases {
		if len(r.in) == 2 && (r.id == "fmodf" || r.id == "remainderf" || r.id == "remquof") {
			f.Add(uint32(r.in[0]), uint32(r.in[1]))
		}
	}
	f.Fuzz(func(t *testing.T, x, y uint32) {
		for _, fl := range []fp.Flags{def, ftz} {
			fx, fy := math.Float32frombits(x), math.Float32frombits(y)
			wf, _ := remRef(t, x, y, fl.FTZ, true)
			wr, wq := remRef(t, x, y, fl.FTZ, false)
			rq, gq := fl.Remquof(fx, fy)
			if gf, gr := math.Float32bits(fl.Fmodf(fx, fy)), math.Float32bits(fl.Remainderf(fx, fy)); gf != wf || gr != wr || math.Float32bits(rq) != wr || gq != wq {
				t.Fatalf("(%s, %s) %s: fmodf = %s, want %s; remainderf = %s, remquof = %s, %d, want %s, %d",
					f32.Format(x), f32.Format(y), flagName(fl), f32.Format(gf), f32.Format(wf), f32.Format(gr), f32.Format(math.Float32bits(rq)), gq, f32.Format(wr), wq)
			}
		}
	})
}

// FuzzScaleExact checks scalblnf (and ldexpf, scalbnf on the saturated
// exponent) against x·2^n rounded once, on fuzzed bit patterns.
func FuzzScaleExact(f *testing.F) {
	for _, r := range exactSpecialCases {
		if r.id == "scalblnf" {
			f.Add(uint32(r.in[0]), int64(r.in[1]))
		}
	}
	f.Fuzz(func(t *testing.T, x uint32, n int64) {
		for _, fl := range []fp.Flags{def, ftz} {
			want := scaleRef(x, n, fl.FTZ)
			n32 := int32(max(min(n, math.MaxInt32), math.MinInt32))
			fx := math.Float32frombits(x)
			if g, g2 := math.Float32bits(fl.Scalblnf(fx, n)), math.Float32bits(fl.Ldexpf(fx, n32)); g != want || g2 != want {
				t.Fatalf("(%s, %d) %s: scalblnf = %s, ldexpf = %s, want %s", f32.Format(x), n, flagName(fl), f32.Format(g), f32.Format(g2), f32.Format(want))
			}
		}
	})
}
