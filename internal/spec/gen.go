package spec

import "math/bits"

// Input returns generated input i (0 ≤ i < GenCount) of a function captured
// on generated inputs (binary and ternary functions, and those with a 64-bit
// argument), as bit patterns of the argument types.
//
// Input i draws r0…r3 = Draw(GenSeed, 4i…4i+3) and belongs to stratum i mod 8:
//
//	0  uniform bit patterns
//	1  same binade: y and z take x's exponent with random sign and fraction
//	2  nearby binades: exponents of y and z within ±25 of x's
//	3  special values ± up to 4 ulps
//	4-7  the family's own strata (genFamily); for 64-bit arguments genInt64 and genF64
//
// The norms of four floats and of an array (FamNorm) draw 12 numbers per
// input instead (genNorm); the Bessel functions of integer order
// (FamBessel) have strata of their own (genBessel). The binary64 functions
// (D64) have generators of their own (gen64.go).
//
// Everything is integer arithmetic, so gpu/harness.cu computes the same inputs.
func (f *Func) Input(i uint64) (in Args) {
	if f.d64 {
		return f.input64(i)
	}
	if f.Family == FamNorm {
		return f.genNorm(i)
	}
	var r [4]uint64
	for j := range r {
		r[j] = Draw(GenSeed, 4*i+uint64(j))
	}
	s := i & 7
	switch f.In[0] {
	case I64, U64:
		in[0] = genInt64(s, r, f.grid) // int64Specials, and the thresholds of a conversion to half (computeGrid16)
		return in
	case F64:
		in[0] = genF64(s, r, f.grid) // f64Specials, and the thresholds of a conversion to half
		return in
	}
	if f.Family == FamBessel {
		n, x := genBessel(s, r, f.grid)
		in[0], in[1] = uint64(n), uint64(x)
		return in
	}
	x, y, z := genF32(f.Family, s, r, f.grid)
	in[0], in[1], in[2] = uint64(x), uint64(y), uint64(z)
	if f.Family == FamScaleL {
		in[1] = genScaleL(s, r, y)
	}
	for j := len(f.In); j < 3; j++ {
		in[j] = 0 // drawn but not an argument
	}
	return in
}

// SampleInput returns recorded sample k (0 ≤ k < SampleCount) of an
// exhaustive function: a random input in the k-th stretch of 2^22 encodings.
func SampleInput(k uint64) uint32 {
	return uint32(k<<22) | uint32(Draw(SampleSeed, k))&0x3fffff
}

func lo(r uint64) uint32 { return uint32(r) }
func hi(r uint64) uint32 { return uint32(r >> 32) }

// exp8 returns the biased exponent field of x.
func exp8(x uint32) int32 { return int32(x>>23) & 0xff }

// withExp returns x's sign and fraction with biased exponent e clamped to [0, 254].
func withExp(x uint32, e int32) uint32 {
	e = max(0, min(e, 254))
	return x&0x807fffff | uint32(e)<<23
}

// addUlps moves the magnitude of x by d encodings, keeping the sign bit
// (wrapping within the 31 magnitude bits).
func addUlps(x uint32, d int32) uint32 {
	return x&0x80000000 | (x&0x7fffffff+uint32(d))&0x7fffffff
}

// small returns a in [-4, 4].
func small(a uint32) int32 { return int32(a%9) - 4 }

// realF32 returns the float32 m·2^scale for 0 ≤ |m| < 2^24, exactly.
func realF32(m int64, scale int32) uint32 {
	var s uint32
	if m < 0 {
		s, m = 0x80000000, -m
	}
	if m == 0 {
		return s
	}
	u := uint32(m)
	e := int32(31 - bits.LeadingZeros32(u))
	frac := u << uint(23-e) & 0x7fffff
	be := max(1, min(e+scale+127, 254))
	return s | uint32(be)<<23 | frac
}

func nearSpecial(axis []uint64, r uint64) uint32 {
	v := uint32(axis[r%uint64(len(axis))])
	return addUlps(v, small(hi(r)))
}

func genF32(fam Family, s uint64, r [4]uint64, axis []uint64) (x, y, z uint32) {
	switch s {
	case 0:
		return lo(r[0]), hi(r[0]), lo(r[1])
	case 1:
		x = lo(r[0])
		return x, x&0x7f800000 | hi(r[0])&0x807fffff, x&0x7f800000 | lo(r[1])&0x807fffff
	case 2:
		x = lo(r[0])
		return x, withExp(lo(r[1]), exp8(x)+int32(hi(r[0])%51)-25), withExp(lo(r[2]), exp8(x)+int32(hi(r[1])%51)-25)
	case 3:
		return nearSpecial(axis, r[0]), nearSpecial(axis, r[1]), nearSpecial(axis, r[2])
	}
	return genFamily(fam, s, r, axis)
}

// genFamily holds strata 4-7 of each family of float arguments.
func genFamily(fam Family, s uint64, r [4]uint64, axis []uint64) (x, y, z uint32) {
	switch fam {
	case FamArith:
		switch s {
		case 4: // x + y cancels
			x = lo(r[0])
			return x, addUlps(x^0x80000000, small(hi(r[0]))), lo(r[1])
		case 5: // x - y cancels
			x = lo(r[0])
			return x, addUlps(x, small(hi(r[0]))), lo(r[1])
		case 6: // tiny operands: subnormal results
			return withExp(lo(r[0]), int32(hi(r[0])%25)), withExp(lo(r[1]), int32(hi(r[1])%25)), withExp(lo(r[2]), int32(hi(r[2])%25))
		default: // huge operands: overflow
			return withExp(lo(r[0]), 230+int32(hi(r[0])%25)), withExp(lo(r[1]), 230+int32(hi(r[1])%25)), withExp(lo(r[2]), 230+int32(hi(r[2])%25))
		}
	case FamMul:
		switch s {
		case 4, 5: // products near the subnormal boundary
			x = withExp(lo(r[0]), 1+int32(hi(r[0])%254))
			return x, withExp(lo(r[1]), 128-exp8(x)+int32(hi(r[1])%29)-26), withExp(lo(r[2]), 128-exp8(x)+int32(hi(r[2])%29)-26)
		case 6: // products near overflow
			x = withExp(lo(r[0]), 1+int32(hi(r[0])%254))
			return x, withExp(lo(r[1]), 381-exp8(x)+int32(hi(r[1])%5)-2), withExp(lo(r[2]), 381-exp8(x)+int32(hi(r[2])%5)-2)
		default: // x within 4 ulps of ±1, y near a special value: products at the edges (2^-126 ± a few ulps)
			return addUlps(0x3f800000|lo(r[0])&0x80000000, small(hi(r[0]))), nearSpecial(axis, r[1]), nearSpecial(axis, r[2])
		}
	case FamDiv:
		switch s {
		case 4: // quotients near the subnormal boundary
			x = withExp(lo(r[0]), 1+int32(hi(r[0])%254))
			return x, withExp(lo(r[1]), exp8(x)+126-(int32(hi(r[1])%29)-2)), lo(r[2])
		case 5: // quotients near overflow
			x = withExp(lo(r[0]), 1+int32(hi(r[0])%254))
			return x, withExp(lo(r[1]), exp8(x)-127+int32(hi(r[1])%5)-2), lo(r[2])
		case 6: // divisors in [2^126, 2^128): div.approx's special range
			return lo(r[0]), withExp(lo(r[1]), 253+int32(hi(r[1])%2)), lo(r[2])
		default: // quotients near ±1
			x = lo(r[0])
			return x, addUlps(x, small(hi(r[0]))) ^ lo(r[1])&0x80000000, lo(r[2])
		}
	case FamFMA:
		switch s {
		case 4: // x·(1±ε) - x: cancellation
			x = lo(r[0])
			return x, addUlps(0x3f800000, small(hi(r[0]))), addUlps(x^0x80000000, small(hi(r[1])))
		case 5: // exact product x·2^k and z = -(x·2^k) ± ε
			x = withExp(lo(r[0]), 20+int32(hi(r[0])%215))
			k := int32(hi(r[1])%41) - 20
			y = uint32(127+k)<<23 | lo(r[1])&0x80000000
			return x, y, addUlps(withExp(x^0x80000000^y&0x80000000, exp8(x)+k), small(hi(r[2])))
		case 6: // x within 4 ulps of ±1, y near a special value, tiny addend: results at 2^-126 ± a few ulps
			return addUlps(0x3f800000|lo(r[0])&0x80000000, small(hi(r[0]))), nearSpecial(axis, r[1]), withExp(lo(r[2]), int32(hi(r[2])%25))
		default: // addend within 2^±25 of the product
			x, y = lo(r[0]), lo(r[1])
			return x, y, withExp(lo(r[2]), exp8(x)+exp8(y)-127+int32(hi(r[2])%51)-25)
		}
	case FamPow:
		switch s {
		case 4: // x in (0, 16], y in [-40, 40]
			return realF32(int64(hi(r[0])%(1<<24-1))+1, -20), realF32(int64(lo(r[1])%(80<<18+1))-40<<18, -18), lo(r[2])
		case 5: // x near 1, |y| large
			return addUlps(0x3f800000, int32(hi(r[0])%(1<<17))-1<<16), withExp(lo(r[1]), 127+int32(hi(r[1])%31)), lo(r[2])
		case 6: // x negative, y an integer in [-40, 40]
			return realF32(int64(hi(r[0])%(1<<24-1))+1, -20) | 0x80000000, realF32(int64(lo(r[1])%81)-40, 0), lo(r[2])
		default: // any positive x, y in [-2, 2)
			return lo(r[0]) & 0x7fffffff, realF32(int64(lo(r[1])%(1<<24))-1<<23, -22), lo(r[2])
		}
	case FamScale, FamScaleL: // y is the int exponent n of x·2^n
		switch s {
		case 4: // any x, every n that does not saturate
			return lo(r[0]), uint32(int32(hi(r[0])%601) - 300), 0
		case 5: // normal x, results from 2^-156 to 2^-117: the subnormal range, double rounding
			x = withExp(lo(r[0]), 1+int32(hi(r[0])%254))
			return x, uint32(127 - exp8(x) - 126 + int32(hi(r[1])%40) - 30), 0
		case 6: // normal x, results near overflow
			x = withExp(lo(r[0]), 1+int32(hi(r[0])%254))
			return x, uint32(254 - exp8(x) + int32(hi(r[1])%9) - 4), 0
		default: // subnormal x scaled up
			return withExp(lo(r[0]), 0), uint32(int32(hi(r[0])%320) - 20), 0
		}
	}
	// Other families: signed 24-bit integers scaled into [2^-43, 2^21).
	real := func(r uint64) uint32 {
		m := int64(lo(r) & 0xffffff)
		if hi(r)&0x80000000 != 0 {
			m = -m
		}
		return realF32(m, int32(hi(r)%41)-20-23)
	}
	return real(r[0]), real(r[1]), real(r[2])
}

// genScaleL widens the int exponent y of stratum s to a long long for
// FamScaleL: sign-extended, except for stratum 0 (64 random bits) and
// stratum 1 (random high word above a small low word: saturation, not
// truncation, to the int range).
func genScaleL(s uint64, r [4]uint64, y uint32) uint64 {
	switch s {
	case 0:
		return r[3]
	case 1:
		return r[3]&0xffffffff00000000 | uint64(uint32(int32(hi(r[1])%601)-300))
	}
	return uint64(int64(int32(y)))
}

// genInt64 generates 64-bit integer arguments (as bit patterns).
func genInt64(s uint64, r [4]uint64, axis []uint64) uint64 {
	switch s {
	case 0:
		return r[0]
	case 1: // every magnitude
		return r[0] >> (r[1] % 64)
	case 2:
		return -(r[0] >> (r[1] % 64))
	case 3:
		return axis[r[0]%uint64(len(axis))] + uint64(int64(small(hi(r[1]))))
	case 4, 5: // halfway between float32 neighbours, ± 2
		m := uint64(0x800000 | lo(r[0])&0x7fffff)
		k := r[1] % 40
		v := m<<k + 1<<k>>1 + uint64(int64(hi(r[1])%5)-2)
		if s == 5 {
			v = -v
		}
		return v
	case 6: // 32-bit values, sign-extended
		return uint64(int64(int32(lo(r[0]))))
	}
	b := 24 + r[1]%40 // top bit at 24…63, random below
	return r[0]&(1<<b-1) | 1<<b
}

// f32ToF64Bits converts a finite float32 to float64 exactly, in integers.
func f32ToF64Bits(u uint32) uint64 {
	s := uint64(u>>31) << 63
	e := u >> 23 & 0xff
	f := u & 0x7fffff
	if e == 0 {
		if f == 0 {
			return s
		}
		k := uint32(bits.LeadingZeros32(f) - 8) // shift that sets bit 23
		return s | uint64(1023-126-k)<<52 | uint64(f<<k&0x7fffff)<<29
	}
	return s | uint64(e-127+1023)<<52 | uint64(f)<<29
}

// genF64 generates double arguments (as bit patterns).
func genF64(s uint64, r [4]uint64, axis []uint64) uint64 {
	const keep = 0x800fffffffffffff // sign and fraction
	switch s {
	case 0:
		return r[0]
	case 1: // the float32 range and a little beyond: 2^-160 … 2^130
		return r[0]&keep | (863+r[1]%291)<<52
	case 2: // halfway between float32 neighbours, ± 2 double ulps
		u := lo(r[0]) & 0x7fffffff
		if u>>23 == 0xff {
			u &= 0x7f7fffff
		}
		return (f32ToF64Bits(u) + 1<<28 + uint64(int64(hi(r[1])%5)-2)) | r[1]&(1<<63)
	case 3:
		return axis[r[0]%uint64(len(axis))] + uint64(int64(small(hi(r[1]))))
	case 4: // NaNs with random payloads
		v := r[0]&keep | 0x7ff0000000000000
		if v&0xfffffffffffff == 0 {
			v |= 1
		}
		return v
	case 5: // near float32 overflow
		return r[0]&keep | (1023+126+r[1]%3)<<52
	case 6: // near and below float32 underflow
		return r[0]&keep | (1023-152+r[1]%28)<<52
	}
	u := lo(r[0])
	if u>>23&0xff == 0xff {
		u &= 0xff7fffff
	}
	return f32ToF64Bits(u) // exact float32 values
}

// NormDraws is the number of splitmix64 outputs a FamNorm input draws:
// input i uses Draw(GenSeed, NormDraws·i … NormDraws·i+NormDraws−1).
const NormDraws = 12

// genNorm returns generated input i of a norm of four floats or of an
// array (FamNorm): the elements e[0…7] of normElems and, for an array
// function, the count d = 1 + r8 mod 8 (every count equally often) before
// the first d of them; everything past them is 0.
func (f *Func) genNorm(i uint64) (in Args) {
	var r [NormDraws]uint64
	for j := range r {
		r[j] = Draw(GenSeed, NormDraws*i+uint64(j))
	}
	e := normElems(i&7, r, f.grid[f.GenLo():])
	if !f.Array {
		for j := range len(f.In) {
			in[j] = uint64(e[j])
		}
		return in
	}
	d := 1 + r[8]%MaxArray
	in[0] = d
	for j := range d {
		in[1+j] = uint64(e[j])
	}
	return in
}

// normElems returns the eight elements of stratum s from the draws r:
// element j takes random bits b_j (the 32-bit halves of r0…r3) and a
// random choice c_j (the halves of r4…r7).
//
//	0  uniform bit patterns
//	1  the binade of e0: e_j takes e0's exponent with its own sign and fraction
//	2  nearby binades: exponents within ±25 of e0's
//	3  special values (axis) ± up to 4 ulps
//	4  squares that overflow: exponents 2^63 … 2^127
//	5  squares that underflow: exponents 0 (subnormal) … 2^-64
//	6  mixed magnitudes: e0 normal, the others 0 to 39 binades below it, e0 swapped to position r9 mod 8
//	7  a repeated maximum: ±(m + δ_j) with δ_j ∈ {−1, 0, +1} ulps, so that several elements equal the maximum
func normElems(s uint64, r [NormDraws]uint64, axis []uint64) (e [MaxArray]uint32) {
	b := func(j int) uint32 { return uint32(r[j>>1] >> (32 * (j & 1))) }
	c := func(j int) uint32 { return uint32(r[4+j>>1] >> (32 * (j & 1))) }
	for j := range e {
		switch s {
		case 0:
			e[j] = b(j)
		case 1:
			e[j] = b(0)&0x7f800000 | b(j)&0x807fffff
		case 2:
			e[j] = withExp(b(j), exp8(b(0))+int32(c(j)%51)-25)
		case 3:
			e[j] = addUlps(uint32(axis[c(j)%uint32(len(axis))]), small(b(j)))
		case 4:
			e[j] = withExp(b(j), 190+int32(c(j)%65))
		case 5:
			e[j] = withExp(b(j), int32(c(j)%64))
		case 6:
			e0 := withExp(b(0), 1+int32(c(0)%254))
			e[j] = withExp(b(j), exp8(e0)-int32(c(j)%40))
			if j == 0 {
				e[j] = e0
			}
		default:
			m := withExp(b(0), 1+int32(c(0)%254)) & 0x7fffffff
			e[j] = addUlps(m, int32(c(j)%3)-1) | b(j)&0x80000000
		}
	}
	if s == 6 {
		p := r[9] % MaxArray
		e[0], e[p] = e[p], e[0]
	}
	return e
}

// genBessel returns generated input i of jnf or ynf (stratum s, draws r):
// the order n of besselOrder and x by stratum:
//
//	0  uniform bit patterns
//	1  |x| in [2^-4, 2^8) with random sign
//	2  x near 0: |x| below 2^-4, subnormals included
//	3  special values (axis, after the orders) ± up to 4 ulps
//	4  near a zero of J0, J1, Y0 or Y1: up to ±2^12 ulps of one
//	5  large x: |x| in [8, 2^40)
//	6  x near the order: |x| in n's binade or the one below for n > 0, x in (0, 8) otherwise
//	7  x in (0, 8], every float there equally likely by encoding
func genBessel(s uint64, r [4]uint64, axis []uint64) (n, x uint32) {
	n = besselOrder(r[1])
	sign := hi(r[2]) & 0x80000000
	switch s {
	case 0:
		x = lo(r[0])
	case 1:
		x = withExp(lo(r[0]), 123+int32(hi(r[0])%12))
	case 2:
		x = withExp(lo(r[0]), int32(hi(r[0])%124))
	case 3:
		x = nearSpecial(axis[len(besselOrders):], r[0])
	case 4:
		orders, zeros := BesselAxisParts()
		z := uint32(axis[orders+int(hi(r[0])%uint32(zeros))])
		x = addUlps(z, int32(lo(r[0])%(1<<13))-1<<12) | sign
	case 5:
		x = withExp(lo(r[0]), 130+int32(hi(r[0])%37))
	case 6:
		if int32(n) > 0 { // the binade of n or the one below
			x = withExp(lo(r[0]), exp8(realF32(int64(n), 0))-int32(hi(r[0])%2))
		} else {
			x = realF32(int64(lo(r[0])&0xffffff)+1, -21)
		}
	default:
		x = lo(r[0])%0x41000000 + 1
	}
	return n, x
}

// besselOrder returns an order in [-10, 100] weighted to small orders: 0…5
// half of the time, −10…20 a quarter, −10…100 a quarter.
func besselOrder(r uint64) uint32 {
	v := hi(r)
	switch lo(r) % 4 {
	case 0, 1:
		return v % 6
	case 2:
		return uint32(int32(v%31) - 10)
	}
	return uint32(int32(v%111) - 10)
}
