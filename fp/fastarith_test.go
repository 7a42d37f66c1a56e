package fp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The fast paths of fastarith.go must equal the ptx instructions on every
// input. Inputs: uniform bit patterns, operands of nearby exponents (long
// carries and cancellation), x·y ≈ −z (the fma's cancellation), results
// near the ends of the normal range, and the special encodings.

// quick test (~1 s on x86-64); 64 times more in the exhaustive tier
const fastArithN = 1 << 20

func arithInputs(r *rand.Rand) (a, b, c uint32) {
	switch r.IntN(6) {
	case 0: // uniform bit patterns
		return r.Uint32(), r.Uint32(), r.Uint32()
	case 1: // nearby exponents
		e := r.Uint32N(254) + 1
		near := func() uint32 {
			d := int32(e) + int32(r.IntN(5)) - 2
			d = max(1, min(254, d))
			return r.Uint32()&0x807fffff | uint32(d)<<23
		}
		return near(), near(), near()
	case 2: // z ≈ −x·y: take the product's rounding and perturb its last bits
		a, b = r.Uint32(), r.Uint32()
		p := ptx.Mul(a, b, rounding.RN, false)
		return a, b, (p ^ f32.SignMask) + uint32(r.IntN(9)) - 4
	case 3: // results near the ends of the normal range
		ea := r.Uint32N(64) + 1
		eb := 127 - ea + uint32(r.IntN(60)) - 30
		if r.IntN(2) == 0 {
			ea, eb = 254-r.Uint32N(64), 127+r.Uint32N(64)
		}
		eb = max(1, min(254, eb))
		return r.Uint32()&0x807fffff | ea<<23, r.Uint32()&0x807fffff | eb<<23, r.Uint32()
	case 4: // the significands of only a few bits (exact results, ties)
		m := func() uint32 { return r.Uint32() &^ (1<<r.UintN(24) - 1) }
		return m(), m(), m()
	default: // special encodings mixed with random ones
		pick := func() uint32 {
			sp := [...]uint32{0, 0x80000000, 1, 0x807fffff, 0x00800000, 0x7f7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f800000}
			if r.IntN(2) == 0 {
				return sp[r.IntN(len(sp))]
			}
			return r.Uint32()
		}
		return pick(), pick(), pick()
	}
}

func TestFastArith(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed))
	fails := 0
	check := func(name string, in []uint32, ftz bool, got, want uint32) {
		if got == want || fails >= 10 {
			return
		}
		fails++
		s := name + "("
		for i, v := range in {
			if i > 0 {
				s += ", "
			}
			s += f32.Format(v)
		}
		t.Errorf("%s) ftz=%v = %s, ptx %s (seed %d)", s, ftz, f32.Format(got), f32.Format(want), seed)
	}
	n := fastArithN
	if testflag.Exhaustive() {
		n <<= 6
	}
	for range n {
		a, b, c := arithInputs(r)
		for _, ftz := range []bool{false, true} {
			check("fma", []uint32{a, b, c}, ftz, fma(a, b, c, ftz), ptx.Fma(a, b, c, rounding.RN, ftz))
			check("mul", []uint32{a, b}, ftz, mul(a, b, ftz), ptx.Mul(a, b, rounding.RN, ftz))
			check("add", []uint32{a, c}, ftz, add(a, c, ftz), ptx.Add(a, c, rounding.RN, ftz))
			check("sub", []uint32{a, c}, ftz, sub(a, c, ftz), ptx.Sub(a, c, rounding.RN, ftz))
			check("sub", []uint32{a, a ^ 1}, ftz, sub(a, a^1, ftz), ptx.Sub(a, a^1, rounding.RN, ftz))
		}
		// mulF, where it answers: both .ftz settings when no operand is
		// subnormal (its contract), the plain one otherwise.
		if z, ok := mulF(fromBits(a), fromBits(b)); ok {
			check("mulF", []uint32{a, b}, false, toBits(z), ptx.Mul(a, b, rounding.RN, false))
			if a&f32.ExpMask != 0 && b&f32.ExpMask != 0 {
				check("mulF", []uint32{a, b}, true, toBits(z), ptx.Mul(a, b, rounding.RN, true))
			}
		}
		// fmaZ, where it answers: both .ftz settings when no operand is
		// subnormal (its contract), the plain one otherwise.
		if z, ok := fmaZ(fromBits(a), fromBits(b), fromBits(c)); ok {
			check("fmaZ", []uint32{a, b, c}, false, toBits(z), ptx.Fma(a, b, c, rounding.RN, false))
			if a&f32.ExpMask != 0 && b&f32.ExpMask != 0 && c&f32.ExpMask != 0 {
				check("fmaZ", []uint32{a, b, c}, true, toBits(z), ptx.Fma(a, b, c, rounding.RN, true))
			}
		}
		// The default-flag functions, which call rounding's entry directly.
		x, y, z := fromBits(a), fromBits(b), fromBits(c)
		check("MulAdd", []uint32{a, b, c}, false, toBits(MulAdd(x, y, z)), ptx.Fma(a, b, c, rounding.RN, false))
		check("MulSub", []uint32{a, b, c}, false, toBits(MulSub(x, y, z)), ptx.Fma(a, b, c^f32.SignMask, rounding.RN, false))
		check("Fmaf", []uint32{a, b, c}, false, toBits(Fmaf(x, y, z)), ptx.Fma(a, b, c, rounding.RN, false))
	}
}

// TestFmaZMidpoints checks fmaZ where its binary64 sum lies on a binary32
// midpoint: a·b = 2^k·(1 ± 2^-23)·(1 ± 2^-23), within 2^-45 of 2^k, and an
// addend c whose last place is 2^(k+1) (or 2^k, 2^(k+2): near misses), so
// that s = c + 2^k is often a midpoint and the exact sum 2^-45 above or
// below it (the TwoSum correction), or exactly on it for the products
// 2^k·(1 + 2^-23)·1 (ties to even); fastArithN cases of each, both .ftz
// settings, compared with ptx.Fma.
func TestFmaZMidpoints(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed^0x666d617a))
	fails, mids := 0, 0
	for range fastArithN {
		k := r.IntN(200) - 100
		sa, sb := r.IntN(3)-1, r.IntN(3)-1 // 1 + sa·2^-23, 1 + sb·2^-23
		a := math.Float32bits(float32(math.Ldexp(1+float64(sa)*0x1p-23, k)))
		b := math.Float32bits(float32(1 + float64(sb)*0x1p-23))
		ec := k + 24 + r.IntN(3) // c's last place 2^(ec-23) = 2^(k+1) for ec = k+24
		c := math.Float32bits(float32(math.Ldexp(1+float64(r.Uint32N(1<<23))*0x1p-23, ec)))
		a ^= r.Uint32() & f32.SignMask
		c ^= r.Uint32() & f32.SignMask
		if u := math.Float64bits(float64(float64(fromBits(a))*float64(fromBits(b))) + float64(fromBits(c))); u&(1<<29-1) == 1<<28 {
			mids++
		}
		z, ok := fmaZ(fromBits(a), fromBits(b), fromBits(c))
		if !ok {
			continue
		}
		for _, ftz := range []bool{false, true} {
			if want := ptx.Fma(a, b, c, rounding.RN, ftz); toBits(z) != want && fails < 10 {
				fails++
				t.Errorf("fmaZ(%s, %s, %s) ftz=%v = %s, ptx %s (seed %d)", f32.Format(a), f32.Format(b), f32.Format(c), ftz, f32.Format(toBits(z)), f32.Format(want), seed)
			}
		}
	}
	t.Logf("%d of %d sums on a binary32 midpoint", mids, fastArithN)
	if mids < fastArithN/16 {
		t.Errorf("only %d of %d sums on a midpoint: the test does not reach the correction", mids, fastArithN)
	}
}

// TestFastKernels compares the library kernels' fast paths (fastkern.go)
// with the instruction-by-instruction sequences, on every input where the
// fast path answers: the default run takes every 257th encoding (16.7 M
// inputs, both .ftz settings; a few seconds), the exhaustive tier all 2^32.
func TestFastKernels(t *testing.T) {
	compareFastKernels(t, []fastKernel{
		{"expf", func(x uint32) (uint32, bool) { return expFast(x, expfConst) }, func(x uint32, ftz bool) uint32 { return expSeq(x, expfConst, ftz) }},
		{"exp10f", func(x uint32) (uint32, bool) { return expFast(x, exp10fConst) }, func(x uint32, ftz bool) uint32 { return expSeq(x, exp10fConst, ftz) }},
		{"logf", func(x uint32) (uint32, bool) { return logfFast(x, false) }, logfSeq},
		{"log10f", func(x uint32) (uint32, bool) { return logfFast(x, true) }, log10fSeq},
		{"log2f", log2fFast, log2fSeq},
		{"sinf", sinfFast, func(x uint32, ftz bool) uint32 {
			r, q := trigReduce(x, ftz)
			return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
		}},
		{"cosf", cosfFast, func(x uint32, ftz bool) uint32 {
			r, q := trigReduce(x, ftz)
			q++
			return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
		}},
		{"sincosf.s", func(x uint32) (uint32, bool) { s, _, ok := sincosfFast(x); return s, ok }, func(x uint32, ftz bool) uint32 {
			r, q := trigReduce(x, ftz)
			return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
		}},
		{"sincosf.c", func(x uint32) (uint32, bool) { _, c, ok := sincosfFast(x); return c, ok }, func(x uint32, ftz bool) uint32 {
			r, q := trigReduce(x, ftz)
			q++
			return sincosPoly(r, q&1 != 0, q&2 != 0, ftz)
		}},
	}, 257, 0.2)
}

// fastKernel pairs a unary fast path with the sequence it must equal.
type fastKernel struct {
	name string
	fast func(x uint32) (uint32, bool)
	seq  func(x uint32, ftz bool) uint32
}

// compareFastKernels runs each fast path on every step-th encoding (every
// encoding in the exhaustive tier) and, where it answers, compares it with
// the sequence under both .ftz settings; each fast path must answer at least
// the share minShare of the inputs (one that never answers would pass
// vacuously).
func compareFastKernels(t *testing.T, kernels []fastKernel, step uint64, minShare float64) {
	if testflag.Exhaustive() {
		step = 1
	}
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			t.Parallel()
			fails, fast := 0, 0
			for u := uint64(0); u < 1<<32; u += step {
				x := uint32(u)
				z, ok := k.fast(x)
				if !ok {
					continue
				}
				fast++
				for _, ftz := range []bool{false, true} {
					if want := k.seq(x, ftz); z != want && fails < 10 {
						fails++
						t.Errorf("%s fast path(%s) ftz=%v = %s, sequence %s", k.name, f32.Format(x), ftz, f32.Format(z), f32.Format(want))
					}
				}
			}
			total := (1<<32 + step - 1) / step
			t.Logf("%s: fast path taken on %d of %d inputs", k.name, fast, total)
			if float64(fast) < minShare*float64(total) {
				t.Errorf("%s: fast path taken on only %d of %d inputs", k.name, fast, total)
			}
		})
	}
}

// TestPowfFast compares powf's fast path with its sequence on random
// argument pairs where the fast path answers: x of every binade (and powers
// of 2, near 1 and near the binade boundary at 1/√2), y over [−40, 40],
// integers, halves and every binade, and pairs of the benchmarks' domain
// whose y·log2(x) lies near the ends of the normal range (the final
// multiply's overflow and underflow); fastArithN pairs (64 times as many in
// the exhaustive tier), both .ftz settings.
func TestPowfFast(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, seed^0x706f7766))
	n := fastArithN
	if testflag.Exhaustive() {
		n <<= 6
	}
	fails, fast, edge := 0, 0, 0
	for range n {
		var x, y uint32
		switch r.IntN(5) {
		case 4: // DESIGN.md's powf domain, y·log2(x) near the ends of the normal range
			xv := 0x1p-24 + r.Float64()*16
			x = math.Float32bits(float32(xv))
			y = math.Float32bits(float32((110 + r.Float64()*50) / math.Log2(xv)))
			if r.IntN(2) == 0 {
				y ^= f32.SignMask
			}
			goto eval
		case 0:
			x = r.Uint32() & 0x7fffffff
		case 1:
			x = uint32(1+r.IntN(254)) << 23
		case 2:
			x = f32.OneBits + uint32(r.IntN(1<<12)) - 1<<11
		default:
			x = 0x3f3504f3 + uint32(r.IntN(1<<8)) - 1<<7
		}
		switch r.IntN(4) {
		case 0:
			y = math.Float32bits(float32(r.Float64()*80 - 40))
		case 1:
			y = math.Float32bits(float32(r.IntN(81) - 40))
		case 2:
			y = math.Float32bits(float32(r.IntN(161)-80) / 2)
		default:
			y = r.Uint32()
		}
	eval:
		z, ok := powfFast(x, y)
		if !ok {
			continue
		}
		fast++
		if a := z & f32.AbsMask; a == 0 || a == f32.InfBits {
			edge++
		}
		for _, ftz := range []bool{false, true} {
			if want := powfSeq(x, y, ftz); z != want && fails < 10 {
				fails++
				t.Errorf("powf fast path(%s, %s) ftz=%v = %s, sequence %s (seed %d)", f32.Format(x), f32.Format(y), ftz, f32.Format(z), f32.Format(want), seed)
			}
		}
	}
	t.Logf("powf: fast path taken on %d of %d pairs, %d of them ±0 or +Inf", fast, n, edge)
	if edge == 0 {
		t.Errorf("powf: the fast path answered no overflow or underflow to zero")
	}
}

// TestLogChainsExact is the argument of the logarithms' unchecked fast
// steps (fmaExact, mulExact, logHorner, log2Horner): it runs every reduced argument
// f = m − 1 that logReduceFast can produce (every binary32 m in [offset,
// 2·offset), f ≠ 0) through the chains of logfFast and log2fFast and checks
// that each binary64 sum is exact (TwoSum error 0) and that each result lies
// in binary32's normal range, so that one float32 conversion rounds it
// correctly whatever .ftz says.
func TestLogChainsExact(t *testing.T) {
	chains := []struct {
		name   string
		offset uint32
		coef   []float64
		horner func(f float32) float32                                // the fast path's chain
		tail   func(f, p float32, step func(a, b, c float64) float32) // the steps after the polynomial
	}{
		{"logf", 0x3f2aaaab, logCoef64[:], logHorner, func(f, p float32, step func(a, b, c float64) float32) {
			p = step(float64(f), float64(p), 0) // mul.f32 f·p
			step(float64(p), float64(f), float64(f))
		}},
		{"log2f", 0x3f3504f3, log2Coef64[:], log2Horner, func(f, q float32, step func(a, b, c float64) float32) {
			q = step(float64(f), float64(q), 0)
			step(float64(f), float64(q), 0)
		}},
	}
	for _, ch := range chains {
		bad := 0
		step := func(a, b, c float64) float32 {
			p := a * b // exact: two binary32 values
			s := p + c
			bb := s - p
			if e := (p - (s - bb)) + (c - bb); e != 0 || !(math.Abs(s) >= 0x1p-125 && math.Abs(s) < 0x1p128) {
				bad++
			}
			return float32(s)
		}
		n := 0
		for m := ch.offset; m < ch.offset+1<<23; m++ {
			f := math.Float32frombits(m) - 1
			if f == 0 {
				continue
			}
			n++
			p := step(ch.coef[0], float64(f), ch.coef[1])
			for _, c := range ch.coef[2:] {
				p = step(float64(p), float64(f), c)
			}
			if p != ch.horner(f) {
				bad++
			}
			ch.tail(f, p, step)
		}
		if bad != 0 {
			t.Errorf("%s: %d steps inexact or outside the normal range over %d reduced arguments", ch.name, bad, n)
		}
		t.Logf("%s: %d reduced arguments, every step exact and normal", ch.name, n)
	}
}
