package spec

import "math/bits"

// The generated inputs of the binary64 functions (Func.D64): the double
// intrinsics, operators, conversions and standard functions. Like gen.go,
// everything is integer arithmetic that gpu/gen.h repeats line for line, so
// that the device and Go generate the same inputs (the golden files record
// the first of them).
//
// Input i draws r0…r3 = Draw(GenSeed, 4i…4i+3) and belongs to stratum i
// mod 8. For double arguments x, y, z:
//
//	0  uniform bit patterns
//	1  |x| in [2^-64, 2^65); y and z in x's binade, random sign and fraction
//	2  nearby binades: y and z within 2^±60 of x
//	3  special values (the axis) ± up to 4 ulps
//	4-7  the family's strata (genD64Family)
//
// The shapes with integer arguments (FamScale: x·2^n; FamBessel: jn, yn;
// FamInt64D: 64-bit integers; FamHalves: two 32-bit words; FamNorm: a
// count and an array) have strata of their own below.

// D64 reports whether f draws its inputs and special values from the
// binary64 generators (gen64.go, specials64.go): a double argument, except
// the conversions to float (FamF64, whose inputs predate these), or one of
// the binary64 families of integer arguments (FamInt64D, FamHalves).
func (f *Func) D64() bool { return f.d64 }

func (f *Func) isD64() bool {
	switch f.Family {
	case FamF64:
		return false
	case FamInt64D, FamHalves, FamBesselX:
		return true
	}
	for _, t := range f.In {
		if t == F64 {
			return true
		}
	}
	return false
}

// Fields of a binary64 encoding.
const (
	sign64 uint64 = 1 << 63
	abs64  uint64 = sign64 - 1
	keep64 uint64 = 0x800fffffffffffff // sign and fraction
	exp64  uint64 = 0x7ff0000000000000
	one64  uint64 = 0x3ff0000000000000
	mone64 uint64 = 0xbff0000000000000

	// piOver2Fixed is ⌊π/2 · 2^62⌋, π/2 in fixed point with 62 fractional
	// bits (checked against oracle.Pi by TestPiOver2Fixed).
	piOver2Fixed uint64 = 0x6487ed5110b4611a
)

// exp11 returns the biased exponent field of x.
func exp11(x uint64) int32 { return int32(x>>52) & 0x7ff }

// withExp64 returns x's sign and fraction with biased exponent e clamped
// to [0, 2046].
func withExp64(x uint64, e int32) uint64 {
	e = max(0, min(e, 2046))
	return x&keep64 | uint64(e)<<52
}

// addUlps64 moves the magnitude of x by d encodings, keeping the sign bit
// (wrapping within the 63 magnitude bits).
func addUlps64(x uint64, d int32) uint64 {
	return x&sign64 | (x&abs64+uint64(int64(d)))&abs64
}

// realF64 returns the double m·2^scale for 0 ≤ |m| < 2^53, exactly (the
// biased exponent clamped to [1, 2046]).
func realF64(m int64, scale int32) uint64 {
	var s uint64
	if m < 0 {
		s, m = sign64, -m
	}
	if m == 0 {
		return s
	}
	u := uint64(m)
	e := int32(63 - bits.LeadingZeros64(u))
	frac := u << uint(52-e) & (1<<52 - 1)
	be := max(1, min(e+scale+1023, 2046))
	return s | uint64(be)<<52 | frac
}

func nearSpecial64(axis []uint64, r uint64) uint64 {
	return addUlps64(axis[r%uint64(len(axis))], small(hi(r)))
}

// spread returns d in [-2^k, 2^k) from r.
func spread(r uint32, k uint) int32 { return int32(r%(1<<(k+1))) - 1<<k }

// odd27 returns a 27-bit odd significand (2^26 ≤ m < 2^27) from r: the
// product of two is odd with 53 or 54 bits, a tie of the rounding to 53
// bits when it has 54.
func odd27(r uint32) int64 { return int64(1<<26 | r&(1<<26-1) | 1) }

// Input64 returns generated input i of a binary64 function (f.D64()).
func (f *Func) input64(i uint64) (in Args) {
	if f.Family == FamNorm {
		return f.genNorm64(i)
	}
	var r [4]uint64
	for j := range r {
		r[j] = Draw(GenSeed, 4*i+uint64(j))
	}
	s := i & 7
	switch f.Family {
	case FamInt64D:
		in[0] = genInt64D(s, r, f.grid)
		return in
	case FamHalves:
		in[0], in[1] = genHalves(s, r, f.grid)
		return in
	case FamScale:
		x, n := genScale64(s, r, f.grid)
		in[0], in[1] = x, uint64(n)
		return in
	case FamBessel:
		n, x := genBessel64(s, r, f.grid)
		in[0], in[1] = uint64(n), x
		return in
	}
	x, y, z := genD64(f.Family, s, r, f.grid)
	in[0], in[1], in[2] = x, y, z
	for j := len(f.In); j < 3; j++ {
		in[j] = 0 // drawn but not an argument
	}
	return in
}

func genD64(fam Family, s uint64, r [4]uint64, axis []uint64) (x, y, z uint64) {
	switch s {
	case 0:
		return r[0], r[1], r[2]
	case 1:
		x = withExp64(r[0], 959+int32(hi(r[3])%129))
		e := x & exp64
		return x, e | r[1]&keep64, e | r[2]&keep64
	case 2:
		x = r[0]
		return x, withExp64(r[1], exp11(x)+int32(hi(r[3])%121)-60), withExp64(r[2], exp11(x)+int32(lo(r[3])%121)-60)
	case 3:
		return nearSpecial64(axis, r[0]), nearSpecial64(axis, r[1]), nearSpecial64(axis, r[2])
	}
	return genD64Family(fam, s, r, axis)
}

// genD64Family holds strata 4-7 of each family of double arguments.
func genD64Family(fam Family, s uint64, r [4]uint64, axis []uint64) (x, y, z uint64) {
	switch fam {
	case FamArith:
		switch s {
		case 4: // y = ±x within 4 ulps: x + y or x − y cancels
			x = r[0]
			return x, addUlps64(x^r[3]&sign64, small(hi(r[1]))), r[2]
		case 5: // y and z odd multiples of half an ulp of x: exact ties
			ex := 54 + int32(hi(r[0])%1939)
			x = withExp64(r[0], ex)
			y = realF64(2*int64(hi(r[1])%(1<<16))+1, ex-1023-53) | r[1]&sign64
			z = realF64(2*int64(hi(r[2])%(1<<16))+1, ex-1023-53) | r[2]&sign64
			return x, y, z
		case 6: // exponents 50 to 89 binades apart: the sticky bit decides
			x = r[0]
			d := 50 + int32(hi(r[1])%40)
			if r[3]&1 != 0 {
				d = -d
			}
			return x, withExp64(r[1], exp11(x)-d), withExp64(r[2], exp11(x)-d)
		default: // tiny operands (subnormal results) or huge ones (overflow)
			base := int32(2044)
			if r[3]&2 != 0 {
				base = 0
			}
			return withExp64(r[0], base+int32(hi(r[0])%3)), withExp64(r[1], base+int32(hi(r[1])%3)), withExp64(r[2], base+int32(hi(r[2])%3))
		}
	case FamMul:
		switch s {
		case 4: // products near the subnormal boundary: 2^(1-t), t in [-3, 55] (both factors normal)
			x = withExp64(r[0], 1+int32(hi(r[0])%965))
			return x, withExp64(r[1], 1024-exp11(x)-(int32(hi(r[1])%59)-3)), withExp64(r[2], 1024-exp11(x)-(int32(hi(r[2])%59)-3))
		case 5: // products near overflow
			x = withExp64(r[0], 1025+int32(hi(r[0])%1020))
			return x, withExp64(r[1], 3069-exp11(x)+int32(hi(r[1])%5)-2), withExp64(r[2], 3069-exp11(x)+int32(hi(r[2])%5)-2)
		case 6: // 27-bit odd significands: exact products, ties when 54 bits long
			x = realF64(odd27(lo(r[0])), int32(hi(r[0])%601)-326) | r[0]&sign64
			y = realF64(odd27(lo(r[1])), int32(hi(r[1])%601)-326) | r[1]&sign64
			z = realF64(odd27(lo(r[2])), int32(hi(r[2])%601)-326) | r[2]&sign64
			return x, y, z
		default: // x within 4 ulps of ±1, y and z near special values
			return addUlps64(one64|r[0]&sign64, small(hi(r[0]))), nearSpecial64(axis, r[1]), nearSpecial64(axis, r[2])
		}
	case FamDiv:
		switch s {
		case 4: // quotients near the subnormal boundary
			x = withExp64(r[0], 1+int32(hi(r[0])%2046))
			return x, withExp64(r[1], exp11(x)+1022+int32(hi(r[1])%59)-3), r[2]
		case 5: // quotients near overflow
			x = withExp64(r[0], 1+int32(hi(r[0])%2046))
			return x, withExp64(r[1], exp11(x)-1023-(int32(hi(r[1])%5)-2)), r[2]
		case 6: // exact quotients: x = y·q, y 26 bits, q 27 bits
			m := int64(1<<25 | lo(r[1])&(1<<25-1) | 1)
			q := int64(1<<26 | lo(r[0])&(1<<26-1))
			sy := int32(hi(r[1])%1201) - 625
			sq := int32(hi(r[0])%61) - 56
			return realF64(m*q, sy+sq) | r[0]&sign64, realF64(m, sy) | r[1]&sign64, r[2]
		default: // quotients near ±1
			x = r[0]
			return x, addUlps64(x, small(hi(r[0]))) ^ r[1]&sign64, r[2]
		}
	case FamFMA:
		switch s {
		case 4: // x·(1±ε) − x: cancellation
			x = r[0]
			return x, addUlps64(one64, small(hi(r[0]))), addUlps64(x^sign64, small(hi(r[1])))
		case 5: // exact product x·2^k and z = −(x·2^k) ± up to 4 ulps
			x = withExp64(r[0], 60+int32(hi(r[0])%1927))
			k := int32(hi(r[1])%81) - 40
			y = uint64(1023+k)<<52 | r[1]&sign64
			return x, y, addUlps64(withExp64(x^sign64^y&sign64, exp11(x)+k), small(hi(r[2])))
		case 6: // exact 53/54-bit products plus an odd multiple of half their last bit: ties
			sx := int32(hi(r[0])%401) - 226
			sy := int32(hi(r[1])%401) - 226
			x = realF64(odd27(lo(r[0])), sx) | r[0]&sign64
			y = realF64(odd27(lo(r[1])), sy) | r[1]&sign64
			z = realF64(2*int64(lo(r[2])%(1<<20))+1, sx+sy-1) | r[2]&sign64
			return x, y, z
		default:
			if r[3]&4 != 0 { // x within 4 ulps of ±1, y near a special value, tiny addend
				return addUlps64(one64|r[0]&sign64, small(hi(r[0]))), nearSpecial64(axis, r[1]), withExp64(r[2], int32(hi(r[2])%60))
			}
			// the addend within 2^±60 of the product
			x, y = r[0], r[1]
			return x, y, withExp64(r[2], exp11(x)+exp11(y)-1023+int32(hi(r[2])%121)-60)
		}
	case FamRoot:
		switch s {
		case 4: // perfect squares m²·4^k ± up to 4 ulps: exact roots and their neighbours
			m := int64(hi(r[0])%(1<<26)) | 1
			k := int32(hi(r[1])%1001) - 500
			x = addUlps64(realF64(m*m, 2*k), small(lo(r[1])))
		case 5: // subnormals
			x = withExp64(r[0], 0)
		case 6: // huge
			x = withExp64(r[0], 1990+int32(hi(r[0])%57))
		default: // powers of two ± up to 4 ulps
			x = addUlps64(uint64(1+hi(r[0])%2046)<<52|r[0]&sign64, small(lo(r[1])))
		}
		return x, r[1], r[2]
	case FamRound:
		switch s {
		case 4: // integers and halves of every magnitude below 2^52, ± up to 4 ulps
			m := int64(r[0] >> (11 + r[1]%53))
			x = addUlps64(realF64(m, -1), small(hi(r[1]))) | r[2]&sign64
		case 5: // quarters within 3 of 2^31 and 2^32
			b := int64(1) << (31 + r[1]%2)
			x = realF64((b+int64(hi(r[1])%7)-3)*4+int64(lo(r[0])%4), -2) | r[0]&sign64
		case 6: // within 4 ulps of 2^62, 2^63, 2^64
			x = addUlps64(uint64(1085+r[1]%3)<<52, small(hi(r[1]))) | r[0]&sign64
		default: // |x| in [2^-60, 16)
			x = withExp64(r[0], 963+int32(hi(r[0])%64))
		}
		return x, r[1], r[2]
	case FamExp:
		switch s {
		case 4: // |x| in [256, 2048): overflow and underflow of exp, exp2, exp10
			x = withExp64(r[0], 1031+int32(hi(r[0])%3))
		case 5: // |x| in [2^-60, 2^-2)
			x = withExp64(r[0], 963+int32(hi(r[0])%59))
		case 6: // |x| in [2^-6, 2^6)
			x = withExp64(r[0], 1017+int32(hi(r[0])%12))
		default: // within 2^20 ulps of a special value (the thresholds among them), either sign
			x = addUlps64(axis[r[0]%uint64(len(axis))], spread(hi(r[0]), 20)) ^ r[1]&sign64
		}
		return x, r[1], r[2]
	case FamLog:
		switch s {
		case 4: // within 2^20 ulps of 1
			x = addUlps64(one64, spread(hi(r[0]), 20))
		case 5: // positive subnormals
			x = withExp64(r[0], 0) &^ sign64
		case 6: // positive bit patterns
			x = r[0] &^ sign64
		default:
			if r[3]&8 != 0 { // just above -1 (log1p's pole)
				x = addUlps64(mone64, -int32(hi(r[0])%(1<<20)))
			} else { // |x| in [2^-60, 1)
				x = withExp64(r[0], 963+int32(hi(r[0])%60))
			}
		}
		return x, r[1], r[2]
	case FamTrig:
		switch s {
		case 4: // the double below k·π/2 (1 ≤ k < 2^16) ± up to 4 ulps, either sign
			k := 1 + hi(r[0])%(1<<16-1)
			h, l := bits.Mul64(uint64(k), piOver2Fixed)
			// k·π/2 = (h·2^64 + l)·2^-62 < 2^79: its top 53 bits.
			top := int32(127 - bits.LeadingZeros64(h))
			if h == 0 {
				top = int32(63 - bits.LeadingZeros64(l))
			}
			sh := uint(top - 52) // 10 … 26
			m := h<<(64-sh) | l>>sh
			x = addUlps64(realF64(int64(m), int32(sh)-62), small(lo(r[1]))) | r[1]&sign64
		case 5: // |x| in [2^30, 2^1024): Payne–Hanek reduction
			x = withExp64(r[0], 1053+int32(hi(r[0])%994))
		case 6: // |x| in [2^-60, 1)
			x = withExp64(r[0], 963+int32(hi(r[0])%60))
		default: // quarters k/4, |k| ≤ 2^20, ± up to 4 ulps: sinpi and cospi's zeros and extrema
			x = addUlps64(realF64(int64(hi(r[0])%(1<<21))-1<<20, -2), small(lo(r[1])))
		}
		return x, r[1], r[2]
	case FamTanh:
		switch s {
		case 4: // |x| in [2^-30, 1)
			x = withExp64(r[0], 993+int32(hi(r[0])%30))
		case 5: // |x| in [1, 32)
			x = withExp64(r[0], 1023+int32(hi(r[0])%5))
		case 6: // |x| in [32, 1024)
			x = withExp64(r[0], 1028+int32(hi(r[0])%5))
		default: // |x| below 2^-60, subnormals included
			x = withExp64(r[0], int32(hi(r[0])%964))
		}
		return x, r[1], r[2]
	case FamPow:
		switch s {
		case 4: // x in (0, 16], y in [-40, 40]
			return realF64(int64(r[0]%(1<<52-1))+1, -48), realF64(int64(r[1]%(80<<46+1))-40<<46, -46), r[2]
		case 5: // x within 2^20 ulps of 1, |y| in [1, 2^63)
			return addUlps64(one64, spread(hi(r[0]), 20)), withExp64(r[1], 1023+int32(hi(r[1])%63)), r[2]
		case 6: // x negative in [-16, 0), y an integer or a half in [-40, 40]
			return realF64(int64(r[0]%(1<<52-1))+1, -48) | sign64, realF64(int64(r[1]%161)-80, -1), r[2]
		default: // any positive x, y in [-2, 2)
			return r[0] &^ sign64, realF64(int64(r[1]%(1<<53))-1<<52, -51), r[2]
		}
	case FamBesselX:
		switch s {
		case 4: // within 2^12 ulps of a zero of J0, J1, Y0 or Y1, either sign
			x = addUlps64(axis[hi(r[0])%uint32(4*besselAxisZeros)], spread(lo(r[0]), 12)) | r[1]&sign64
		case 5: // |x| in [8, 2^40)
			x = withExp64(r[0], 1026+int32(hi(r[0])%37))
		case 6: // |x| below 2^-4, subnormals included
			x = withExp64(r[0], int32(hi(r[0])%1019))
		default: // x in (0, 8], every double there equally likely by encoding
			x = r[0]%0x4020000000000000 + 1
		}
		return x, r[1], r[2]
	}
	// FamMisc and the others: each argument on its own.
	return genMisc64(s, r[0]), genMisc64(s, r[1]), genMisc64(s, r[2])
}

// genMisc64 is strata 4-7 of one FamMisc argument.
func genMisc64(s, r uint64) uint64 {
	switch s {
	case 4: // |x| in [2^-60, 0.5)
		return withExp64(r, 963+int32(hi(r)%59))
	case 5: // within 2^20 ulps of ±1
		return addUlps64(one64|r&sign64, spread(hi(r), 20))
	case 6: // |x| in [1, 2^10)
		return withExp64(r, 1023+int32(hi(r)%10))
	}
	if lo(r)&1 != 0 { // within 4 ulps of a negative integer -1 … -200 (lgamma, tgamma)
		return addUlps64(realF64(-int64(hi(r)%200)-1, 0), small(lo(r)>>1))
	}
	return withExp64(r, 1033+int32(hi(r)%50)) // |x| in [2^10, 2^60)
}

// genInt64D generates the 64-bit integer arguments of the conversions to
// double (as bit patterns).
func genInt64D(s uint64, r [4]uint64, axis []uint64) uint64 {
	switch s {
	case 0:
		return r[0]
	case 1: // every magnitude
		return r[0] >> (r[1] % 64)
	case 2:
		return -(r[0] >> (r[1] % 64))
	case 3:
		return axis[r[0]%uint64(len(axis))] + uint64(int64(small(hi(r[1]))))
	case 4, 5: // halfway between double neighbours (2^53 … 2^63), ± 2
		m := uint64(1<<52 | r[0]&(1<<52-1))
		k := 1 + r[1]%10
		v := m<<k + 1<<k>>1 + uint64(int64(hi(r[1])%5)-2)
		if s == 5 {
			v = -v
		}
		return v
	case 6: // 32-bit values, sign-extended
		return uint64(int64(int32(lo(r[0]))))
	}
	b := 53 + r[1]%11 // top bit at 53…63, random below
	return r[0]&(1<<b-1) | 1<<b
}

// genHalves generates __hiloint2double's arguments: the high and low words
// of a double.
func genHalves(s uint64, r [4]uint64, axis []uint64) (h, l uint64) {
	var v uint64
	switch s {
	case 0, 7:
		v = r[0]
	case 1: // |v| in [2^-64, 2^65)
		v = withExp64(r[0], 959+int32(hi(r[3])%129))
	case 2: // subnormals
		v = withExp64(r[0], 0)
	case 3: // special words ± up to 4
		return uint64(uint32(axis[r[0]%uint64(len(axis))]) + uint32(small(hi(r[0])))), uint64(uint32(axis[r[1]%uint64(len(axis))]) + uint32(small(hi(r[1]))))
	case 4: // NaNs with random payloads
		v = r[0]&keep64 | exp64
		if v&(1<<52-1) == 0 {
			v |= 1
		}
	case 5: // the high word of ±0 or ±Inf, a random low word
		return uint64([4]uint32{0x7ff00000, 0xfff00000, 0, 0x80000000}[r[1]%4]), uint64(lo(r[0]))
	case 6: // normal numbers
		v = withExp64(r[0], 1+int32(hi(r[0])%2046))
	}
	return v >> 32, v & 0xffffffff
}

// genScale64 generates ldexp and scalbn's arguments: the double x from
// axis[:len(axis)-len(scaleSpecials64)] and the int exponent n from the
// rest:
//
//	0  x, n uniform bit patterns
//	1  |x| in [2^-64, 2^65), |n| ≤ 100
//	2  x uniform, |n| ≤ 2200
//	3  x and n special values ± up to 4
//	4  x uniform, |n| ≤ 2200
//	5  normal x, results from 2^-1128 to 2^-1018: the subnormal range, double rounding
//	6  normal x, results near overflow
//	7  subnormal x scaled up
func genScale64(s uint64, r [4]uint64, axis []uint64) (x uint64, n uint32) {
	nd := len(axis) - len(scaleSpecials64)
	switch s {
	case 0:
		return r[0], lo(r[1])
	case 1:
		return withExp64(r[0], 959+int32(hi(r[3])%129)), uint32(int32(hi(r[1])%201) - 100)
	case 2, 4:
		return r[0], uint32(int32(hi(r[1])%4401) - 2200)
	case 3:
		ints := axis[nd:]
		return nearSpecial64(axis[:nd], r[0]), uint32(ints[r[1]%uint64(len(ints))]) + uint32(small(hi(r[1])))
	case 5:
		x = withExp64(r[0], 1+int32(hi(r[0])%2046))
		return x, uint32(-exp11(x) + int32(hi(r[1])%60) - 54)
	case 6:
		x = withExp64(r[0], 1+int32(hi(r[0])%2046))
		return x, uint32(2046 - exp11(x) + int32(hi(r[1])%9) - 4)
	}
	return withExp64(r[0], 0), uint32(int32(hi(r[0])%1120) - 20)
}

// genBessel64 returns generated input i of jn or yn (stratum s, draws r):
// the order n of besselOrder and x by stratum, as genBessel:
//
//	0  uniform bit patterns
//	1  |x| in [2^-4, 2^8) with random sign
//	2  x near 0: |x| below 2^-4, subnormals included
//	3  special values (the axis after the orders) ± up to 4 ulps
//	4  within 2^12 ulps of a zero of J0, J1, Y0 or Y1 (BesselZeros64)
//	5  large x: |x| in [8, 2^40)
//	6  x near the order: |x| in n's binade or the one below for n > 0, x in (0, 8) otherwise
//	7  x in (0, 8], every double there equally likely by encoding
func genBessel64(s uint64, r [4]uint64, axis []uint64) (n uint32, x uint64) {
	n = besselOrder(r[1])
	sign := r[2] & sign64
	orders, zeros := BesselAxisParts()
	switch s {
	case 0:
		x = r[0]
	case 1:
		x = withExp64(r[0], 1019+int32(hi(r[0])%12))
	case 2:
		x = withExp64(r[0], int32(hi(r[0])%1019))
	case 3:
		x = nearSpecial64(axis[orders:], r[0])
	case 4:
		x = addUlps64(axis[orders+int(hi(r[0])%uint32(zeros))], spread(lo(r[0]), 12)) | sign
	case 5:
		x = withExp64(r[0], 1026+int32(hi(r[0])%37))
	case 6:
		if int32(n) > 0 {
			x = withExp64(r[0], exp11(realF64(int64(n), 0))-int32(hi(r[0])%2))
		} else {
			x = realF64(int64(lo(r[0])&0xffffff)+1, -21)
		}
	default:
		x = r[0]%0x4020000000000000 + 1
	}
	return n, x
}

// NormDraws64 is the number of splitmix64 outputs a binary64 FamNorm input
// draws: input i uses Draw(GenSeed, NormDraws64·i … NormDraws64·i+NormDraws64−1).
const NormDraws64 = 14

// genNorm64 returns generated input i of a binary64 norm of four doubles
// or of an array: the elements of normElems64 and, for an array function,
// the count d = 1 + r12 mod 8 before the first d of them.
func (f *Func) genNorm64(i uint64) (in Args) {
	var r [NormDraws64]uint64
	for j := range r {
		r[j] = Draw(GenSeed, NormDraws64*i+uint64(j))
	}
	e := normElems64(i&7, r, f.grid[f.GenLo():])
	if !f.Array {
		for j := range len(f.In) {
			in[j] = e[j]
		}
		return in
	}
	d := 1 + r[12]%MaxArray
	in[0] = d
	for j := range d {
		in[1+j] = e[j]
	}
	return in
}

// normElems64 returns the eight elements of stratum s (normElems' twin):
// element j takes the random bits b_j = r_j and a random choice c_j (the
// 32-bit halves of r8…r11).
//
//	0  uniform bit patterns
//	1  the binade of e0: e_j takes e0's exponent with its own sign and fraction
//	2  nearby binades: exponents within ±60 of e0's
//	3  special values (axis) ± up to 4 ulps
//	4  squares that overflow: exponents 2^512 … 2^1023
//	5  squares that underflow: exponents 0 (subnormal) … 2^-512
//	6  mixed magnitudes: e0 normal, the others 0 to 59 binades below it, e0 swapped to position r13 mod 8
//	7  a repeated maximum: ±(m + δ_j) with δ_j ∈ {−1, 0, +1} ulps
func normElems64(s uint64, r [NormDraws64]uint64, axis []uint64) (e [MaxArray]uint64) {
	b := func(j int) uint64 { return r[j] }
	c := func(j int) uint32 { return uint32(r[8+j>>1] >> (32 * (j & 1))) }
	for j := range e {
		switch s {
		case 0:
			e[j] = b(j)
		case 1:
			e[j] = b(0)&exp64 | b(j)&keep64
		case 2:
			e[j] = withExp64(b(j), exp11(b(0))+int32(c(j)%121)-60)
		case 3:
			e[j] = addUlps64(axis[c(j)%uint32(len(axis))], small(uint32(b(j))))
		case 4:
			e[j] = withExp64(b(j), 1535+int32(c(j)%512))
		case 5:
			e[j] = withExp64(b(j), int32(c(j)%512))
		case 6:
			e0 := withExp64(b(0), 1+int32(c(0)%2046))
			e[j] = withExp64(b(j), exp11(e0)-int32(c(j)%60))
			if j == 0 {
				e[j] = e0
			}
		default:
			m := withExp64(b(0), 1+int32(c(0)%2046)) & abs64
			e[j] = addUlps64(m, int32(c(j)%3)-1) | b(j)&sign64
		}
	}
	if s == 6 {
		p := r[13] % MaxArray
		e[0], e[p] = e[p], e[0]
	}
	return e
}

// PiOver2Fixed is piOver2Fixed, for the test that checks it.
const PiOver2Fixed = piOver2Fixed
