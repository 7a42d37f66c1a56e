package reports

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// The exact references against math/big (internal/oracle's exact values and
// roundings), on edge cases and on fixed-seed random bit patterns.

const exactSeed = 20251125

// edgeInputs returns the binary32 edge cases and their neighbours: zeros,
// subnormals, the normal threshold, halves around small integers, the
// integer thresholds 2^23, 2^24, 2^31, 2^32, 2^63, 2^64, the largest float,
// infinities and NaNs, of both signs.
func edgeInputs() []uint32 {
	base := []uint32{0, 1, 2, 0x007fffff, 0x00800000, 0x3e800000, 0x3f000000, 0x3f800000, 0x3fc00000, 0x40000000,
		0x40200000, 0x40400000, 0x40600000, 0x4b000000, 0x4b800000, 0x4f000000, 0x4f800000, 0x5f000000, 0x5f800000,
		0x7f7fffff, 0x7f800000, 0x7fc00000, 0x7f800001, 0x42f00000, 0x43160000}
	var out []uint32
	for _, b := range base {
		for _, d := range []int32{-1, 0, 1} {
			u := uint32(int32(b) + d)
			out = append(out, u, u|signMask)
		}
	}
	return out
}

// samples returns the edge cases and n random bit patterns.
func samples(rng *rand.Rand, n int) []uint32 {
	xs := edgeInputs()
	for range n {
		xs = append(xs, rng.Uint32())
	}
	return xs
}

func isNaNBits(u uint32) bool { return u&absMask > infBits }

// sameBits compares encodings, NaNs equal.
func sameBits(a, b uint32) bool { return a == b || isNaNBits(a) && isNaNBits(b) }

// bigInt rounds x (finite) to an integer in mode m, ties away for m < 0.
func bigInt(x uint32, m intMode) *big.Int {
	switch m {
	case toEven:
		return oracle.RoundToInt(x, rounding.RN, false)
	case toZero:
		return oracle.RoundToInt(x, rounding.RZ, false)
	case toPosInf:
		return oracle.RoundToInt(x, rounding.RU, false)
	case toNegInf:
		return oracle.RoundToInt(x, rounding.RD, false)
	}
	// Ties away: trunc(x + sign(x)/2).
	v := new(big.Float).SetPrec(300).Set(oracle.Value(x))
	half := big.NewFloat(0.5)
	if v.Signbit() {
		half.Neg(half)
	}
	n, _ := v.Add(v, half).Int(nil)
	return n
}

// bigToFloat returns the float32 encoding of an exact value v, with the
// sign of zero given.
func bigToFloat(v *big.Float, neg bool) uint32 {
	if v.Sign() == 0 {
		if neg {
			return signMask
		}
		return 0
	}
	return oracle.Round32(v, rounding.RN)
}

func TestRoundingReferences(t *testing.T) {
	t.Logf("seed %d", exactSeed)
	rng := rand.New(rand.NewPCG(exactSeed, 1))
	for _, c := range []struct {
		name string
		ref  *floatRef
		m    intMode
	}{{"ceil", refCeil, toPosInf}, {"floor", refFloor, toNegInf}, {"trunc", refTrunc, toZero}, {"round", refRound, tiesAway}, {"rint", refRint, toEven}} {
		bad := 0
		for _, x := range samples(rng, 1<<15) {
			want := x
			if isNaNBits(x) {
				want = nanBits
			} else if x&absMask != infBits {
				want = bigToFloat(new(big.Float).SetInt(bigInt(x, c.m)), x&signMask != 0)
			}
			if got, _, _ := c.ref.Eval(ulp.Input{X: x}, rounding.RN); !sameBits(got, want) && bad < 10 {
				t.Errorf("%s(%#08x) = %#08x, want %#08x (seed %d)", c.name, x, got, want, exactSeed)
				bad++
			}
		}
	}
}

func TestIntegerReferences(t *testing.T) {
	t.Logf("seed %d", exactSeed)
	rng := rand.New(rand.NewPCG(exactSeed, 2))
	limits := map[spec.Type][2]*big.Int{
		spec.I32: {big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32)},
		spec.U32: {big.NewInt(0), new(big.Int).SetUint64(math.MaxUint32)},
		spec.I64: {big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)},
		spec.U64: {big.NewInt(0), new(big.Int).SetUint64(math.MaxUint64)},
	}
	for _, t32 := range []spec.Type{spec.I32, spec.U32, spec.I64, spec.U64} {
		for _, m := range []intMode{toEven, toZero, toPosInf, toNegInf, tiesAway} {
			bad := 0
			for _, x := range samples(rng, 1<<14) {
				var want uint64
				switch {
				case isNaNBits(x) && t32.Wide():
					want = 1 << 63
				case isNaNBits(x):
					want = 0
				default:
					var n *big.Int
					switch x {
					case infBits:
						n = limits[t32][1]
					case infBits | signMask:
						n = limits[t32][0]
					default:
						n = oracle.Saturate(bigInt(x, m), limits[t32][0], limits[t32][1])
					}
					if n.Sign() < 0 {
						want = uint64(n.Int64())
						if !t32.Wide() {
							want = uint64(uint32(want))
						}
					} else {
						want = n.Uint64()
					}
				}
				if got := toInt(x, m, t32); got != want && bad < 10 {
					t.Errorf("toInt(%#08x, mode %d, %v) = %#x, want %#x (seed %d)", x, m, t32, got, want, exactSeed)
					bad++
				}
			}
		}
	}
}

// TestExponentReferences checks logbf, ilogbf and frexpf against
// big.Float.MantExp (x = mant·2^exp, 0.5 ≤ |mant| < 1).
func TestExponentReferences(t *testing.T) {
	t.Logf("seed %d", exactSeed)
	rng := rand.New(rand.NewPCG(exactSeed, 3))
	bad := 0
	for _, x := range samples(rng, 1<<16) {
		a := x & absMask
		var wantLogb, wantFrac uint32
		var wantIlogb, wantExp int32
		switch {
		case a > infBits:
			wantLogb, wantIlogb, wantFrac, wantExp = nanBits, math.MinInt32, nanBits, 0
		case a == infBits:
			wantLogb, wantIlogb, wantFrac, wantExp = infBits, math.MaxInt32, x, 0
		case a == 0:
			wantLogb, wantIlogb, wantFrac, wantExp = infBits|signMask, math.MinInt32, x, 0
		default:
			mant := new(big.Float)
			e := oracle.Value(x).MantExp(mant)
			wantIlogb, wantExp = int32(e-1), int32(e)
			wantLogb = bigToFloat(big.NewFloat(float64(e-1)), false)
			wantFrac = bigToFloat(mant, false)
		}
		gotFrac, gotExp := frexpRef(x)
		if gotL, gotI := logbRef(x), int32(uint32(ilogbRef(x))); (!sameBits(gotL, wantLogb) || gotI != wantIlogb || !sameBits(gotFrac, wantFrac) || gotExp != wantExp) && bad < 10 {
			t.Errorf("%#08x: logb %#08x ilogb %d frexp %#08x, %d; want %#08x %d %#08x, %d (seed %d)", x, gotL, gotI, gotFrac, gotExp, wantLogb, wantIlogb, wantFrac, wantExp, exactSeed)
			bad++
		}
		// modff: x = ipart + frac, ipart = trunc(x), both with x's sign.
		f, i := modfRef(x)
		if a < infBits {
			n, _ := oracle.Value(x).Int(nil)
			iv := new(big.Float).SetInt(n)
			fv := new(big.Float).SetPrec(300).Sub(oracle.Value(x), iv)
			if wi, wf := bigToFloat(iv, x&signMask != 0), bigToFloat(fv, x&signMask != 0); (i != wi || f != wf) && bad < 10 {
				t.Errorf("modf(%#08x) = %#08x, %#08x; want %#08x, %#08x", x, f, i, wf, wi)
				bad++
			}
		}
	}
}

// TestRemainderReferences checks fmodf, remainderf and remquof against
// big.Int arithmetic on x·2^149 and y·2^149, on pairs in the same or nearby
// binades, far apart, and uniform.
func TestRemainderReferences(t *testing.T) {
	t.Logf("seed %d", exactSeed)
	rng := rand.New(rand.NewPCG(exactSeed, 4))
	scale := func(u uint32) *big.Int {
		n, _ := new(big.Float).SetPrec(400).SetMantExp(oracle.Value(u), 149).Int(nil)
		return n
	}
	bad := 0
	edges := edgeInputs()
	for i := 0; i < 1<<16; i++ {
		x, y := rng.Uint32(), rng.Uint32()
		switch i % 4 {
		case 0: // nearby binades
			y = y&0x807fffff | (x&0x7f800000 + uint32(rng.IntN(8))<<23 - 4<<23)
		case 1: // edges
			x, y = edges[rng.IntN(len(edges))], edges[rng.IntN(len(edges))]
		case 2: // a small y: long quotients
			y &= 0x80ffffff
		}
		ax, ay := x&absMask, y&absMask
		if ax >= infBits || ay >= infBits || ay == 0 || ax == 0 {
			continue // special cases: TestExactSpecialCases
		}
		X, Y := scale(x), new(big.Int).Abs(scale(y))
		aX := new(big.Int).Abs(X)
		q, r := new(big.Int).QuoRem(aX, Y, new(big.Int))
		neg := x&signMask != 0
		wantFmod := bigToFloat(new(big.Float).SetMantExp(new(big.Float).SetInt(r), -149), neg)
		if neg {
			wantFmod |= signMask
		}
		// Round the quotient to nearest even: compare 2r with |y|.
		r2 := new(big.Int).Lsh(r, 1)
		rn, qn := new(big.Int).Set(r), new(big.Int).Set(q)
		if c := r2.Cmp(Y); c > 0 || c == 0 && q.Bit(0) == 1 {
			rn.Sub(r, Y)
			qn.Add(q, big.NewInt(1))
		}
		if neg {
			rn.Neg(rn)
		}
		wantRem := bigToFloat(new(big.Float).SetMantExp(new(big.Float).SetInt(rn), -149), neg)
		wantQuo := int32(new(big.Int).And(qn, big.NewInt(7)).Int64())
		if (x^y)&signMask != 0 {
			wantQuo = -wantQuo
		}
		gotRem, gotQuo := remquoRef(x, y)
		if got := fmodRef(x, y); (got != wantFmod || gotRem != wantRem || gotQuo != wantQuo) && bad < 10 {
			t.Errorf("(%#08x, %#08x): fmod %#08x remainder %#08x quo %d; want %#08x %#08x %d (seed %d)", x, y, got, gotRem, gotQuo, wantFmod, wantRem, wantQuo, exactSeed)
			bad++
		}
	}
}

// TestScaleReferences checks ldexpf (x·2^n rounded to nearest) against
// big.Float and oracle.Round32.
func TestScaleReferences(t *testing.T) {
	t.Logf("seed %d", exactSeed)
	rng := rand.New(rand.NewPCG(exactSeed, 5))
	bad := 0
	for _, x := range samples(rng, 1<<14) {
		for _, n := range []int64{0, 1, -1, -126, -149, -150, -151, -152, 127, 128, 254, 277, -277, 1 << 31, -1 << 31, 1 << 40, int64(rng.IntN(600)) - 300} {
			var want uint32
			switch a := x & absMask; {
			case a > infBits:
				want = nanBits
			case a == infBits, a == 0:
				want = x
			default:
				v := new(big.Float).SetMantExp(oracle.Value(x), int(max(min(n, 2000), -2000)))
				want = oracle.Round32(v, rounding.RN)
			}
			if got, _ := ldexpRef(x, n); got != want && bad < 10 {
				t.Errorf("ldexp(%#08x, %d) = %#08x, want %#08x (seed %d)", x, n, got, want, exactSeed)
				bad++
			}
		}
	}
}

// TestExactSpecialCases checks the special cases the references take from
// C, IEEE 754 and NVIDIA's documentation (exact.go), row by row.
func TestExactSpecialCases(t *testing.T) {
	const (
		one    = 0x3f800000
		two    = 0x40000000
		three  = 0x40400000
		negTwo = 0xc0000000
		minSub = 0x00000001
	)
	for _, c := range []struct {
		name string
		ref  *floatRef
		x, y uint32
		want uint32
	}{
		{"fmod", refFmod, one, 0, nanBits},
		{"fmod", refFmod, infBits, one, nanBits},
		{"fmod", refFmod, three, infBits, three},
		{"fmod", refFmod, signMask, two, signMask},
		{"fmod", refFmod, negTwo, two, signMask},
		{"remainder", refRemainder, three, two, 0xbf800000},
		{"remainder", refRemainder, 0x40a00000, two, one}, // 5 − 2·2: tie to the even quotient 2
		{"remainder", refRemainder, negTwo, one, signMask},
		{"fmax", refFmax, nanBits, one, one},
		{"fmax", refFmax, one, nanBits, one},
		{"fmax", refFmax, signMask, 0, 0},
		{"fmin", refFmin, 0, signMask, signMask},
		{"fmin", refFmin, nanBits, nanBits, nanBits},
		{"nextafter", refNextafter, 0, one, minSub},
		{"nextafter", refNextafter, signMask, 0, 0},
		{"nextafter", refNextafter, 0, negTwo, minSub | signMask},
		{"nextafter", refNextafter, minSub | signMask, 0, signMask},
		{"nextafter", refNextafter, 0x7f7fffff, infBits, infBits},
		{"nextafter", refNextafter, one, two, one + 1},
		{"nextafter", refNextafter, one | signMask, two, one - 1 | signMask},
		{"copysign", refCopysign, one, signMask, one | signMask},
		{"saturate", refSaturate, signMask, 0, 0},
		{"saturate", refSaturate, nanBits, 0, 0},
		{"saturate", refSaturate, infBits, 0, one},
		{"saturate", refSaturate, 0x3f000000, 0, 0x3f000000},
		{"fabs", refFabs, one | signMask, 0, one},
		{"logb", refLogb, signMask, 0, infBits | signMask},
	} {
		if got, _, _ := c.ref.Eval(ulp.Input{X: c.x, Y: c.y}, rounding.RN); !sameBits(got, c.want) {
			t.Errorf("%s(%#08x, %#08x) = %#08x, want %#08x", c.name, c.x, c.y, got, c.want)
		}
	}
	for _, c := range []struct {
		x, y uint32
		rem  uint32
		quo  int32
	}{
		{three, two, 0xbf800000, 2},         // 3 = 2·2 − 1
		{0xc0a00000, two, 0xbf800000, -2},   // −5 = −2·2 − 1
		{0x7f000000, one, 0, 0},             // 2^127: the quotient's low bits are 0
		{one, infBits, one, 0},              // a finite x by ±Inf: x, quotient 0
		{infBits, one, nanBits, 0},          // NaN remainder: quotient 0
		{0x41100000, signMask | one, 0, -1}, // 9/−1 = −9: −(9 mod 8)
		{0x40e00000, two, 0xbf800000, 4},    // 7 = 4·2 − 1: the tie 3.5 goes to 4
	} {
		r, q := remquoRef(c.x, c.y)
		if !sameBits(r, c.rem) || q != c.quo {
			t.Errorf("remquo(%#08x, %#08x) = %#08x, %d; want %#08x, %d", c.x, c.y, r, q, c.rem, c.quo)
		}
	}
	for _, c := range []struct {
		a, b uint64
		t    spec.Type
		want uint64
	}{
		{0x7fffffff, 0x80000000, spec.I32, 1<<32 - 1},
		{0, 0xffffffff, spec.U32, 1<<32 - 1},
		{1<<63 - 1, 1 << 63, spec.I64, math.MaxUint64},
		{0, math.MaxUint64, spec.U64, math.MaxUint64},
		{5, 3, spec.I64, 2},
	} {
		if got := intDist(c.t, c.a, c.b); got != c.want || intDist(c.t, c.b, c.a) != c.want {
			t.Errorf("intDist(%v, %#x, %#x) = %d, want %d", c.t, c.a, c.b, got, c.want)
		}
	}
}

// BenchmarkExactReferences measures the exact references on uniform bit
// patterns: an exhaustive sweep calls them 2^32 times.
func BenchmarkExactReferences(b *testing.B) {
	rng := rand.New(rand.NewPCG(exactSeed, 6))
	xs := make([]ulp.Input, 1<<12)
	for i := range xs {
		xs[i] = ulp.Input{X: rng.Uint32(), Y: rng.Uint32()}
	}
	for _, r := range []*floatRef{refCeil, refRound, refLogb, refFmod, refRemainder, refLdexp} {
		b.Run(r.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, in := range xs {
					r.Eval(in, rounding.RN)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(xs)), "ns/call")
			b.ReportMetric(0, "ns/op")
		})
	}
}
