package rounding

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
)

// Host floating point (DESIGN.md, "Host floating point"). The exported
// operations compute on the host's IEEE arithmetic wherever IEEE 754 and the
// Go specification make the result exact, and hand the rare cases they
// cannot settle to the integer kernels of arith.go, fma.go, sqrt.go and
// convert.go, which stay as the oracle of the tests (export_test.go).
//
// The facts the proofs use:
//
//  1. Go's float32 + − × ÷ are IEEE binary32 operations rounded to nearest
//     even with gradual underflow on every port (Go never sets FTZ/DAZ);
//     float64 likewise; float64 → float32 conversion rounds to nearest even,
//     subnormals included. Only NaN results need canonicalising.
//  2. float64(x) is exact for a float32 x. The product of two binary32 values
//     is exact in binary64 (24+24 ≤ 53 bits; |x·y| ≥ 2^-298 ≫ 2^-1074 when
//     nonzero, ≤ 2^256 ≪ 2^1024). A sum of binary32 values, or of such a
//     product and a binary32, is nonzero in binary64 exactly when it is
//     nonzero (it is a multiple of 2^-298, far above binary64's subnormals),
//     and never overflows.
//  3. TwoSum (Knuth) gives the exact error of a binary64 sum, and of a
//     binary32 sum computed in binary32 when none of its six operations
//     overflows (it holds in any binary format with rounding to nearest and
//     gradual underflow); math.FMA,
//     correctly rounded on every port, gives the exact remainder a − q·b of a
//     correctly rounded binary64 quotient q and a − s·s of a correctly
//     rounded square root s (Boldo and Daumas; no underflow: the operands
//     are binary32 values).
//  4. One step from nearest: if r is a binary32 value less than one binary32
//     step away from the exact v (its rounding to nearest, or the rounding
//     to nearest of v's binary64 rounding), the rounding of v in a directed
//     mode is r or r's neighbour on v's side, chosen by the mode and the
//     sign of v − r: stepNearest takes that sign from an exact error (facts
//     2 and 3), narrow from the binary64 difference of an exact binary64 v
//     and r.
//  5. The compiler may fuse x*y + z into one FMA on arm64, ppc64le and s390x
//     (Go specification, "Floating-point operators"): every product below
//     that feeds an add is wrapped in an explicit float64(...) conversion,
//     which forbids the fusion. CI runs these tests on arm64 under qemu-user.

// f32v returns the float32 encoded by u; it keeps every bit (NaN payloads
// included).
func f32v(u uint32) float32 { return math.Float32frombits(u) }

// wide returns the float32 encoded by u as a float64, exactly.
func wide(u uint32) float64 { return float64(math.Float32frombits(u)) }

// canon returns the encoding of z, the canonical NaN for any NaN.
func canon(z float32) uint32 {
	if z != z {
		return canonicalNaN
	}
	return math.Float32bits(z)
}

// twoSumErr returns the exact error (a + b) − s of s = a + b rounded to
// nearest (Knuth's TwoSum: six operations, no condition on |a|, |b|). It is
// NaN when s is infinite.
func twoSumErr(a, b, s float64) float64 {
	bb := s - a
	return (a - (s - bb)) + (b - bb)
}

// narrow rounds the float64 s, the exact value, to binary32 in mode m (fact
// 4) and returns the encoding; a NaN s gives the canonical NaN. It is the
// step from binary64 to binary32 of the paths whose exact result is a
// binary64 value (products, conversions), without .ftz (see ftzTiny).
//
// The conversion r = float32(s) rounds to nearest (fact 1), and the
// binary64 difference s − r has the sign of the exact one: a binary64
// subtraction is zero only for equal operands (gradual underflow) and
// otherwise keeps the sign of the exact difference; an overflow to
// r = ±Inf gives ∓Inf, on the correct side; s = ±Inf (an exact result)
// gives NaN, no step. stepNearest does the rest.
func narrow(s float64, m Mode) uint32 {
	r := float32(s)
	return stepNearest(r, s-float64(r), m)
}

// ftzTiny reports whether a .ftz operation must look again at its
// fast-path result z (rounded on the subnormal grid): |z| ≤ 2^-126 and not
// zero. Below 2^-126 the device flushes (the exact value, rounded to 24 bits
// with unbounded exponent in the same mode, is below 2^-126 too); at 2^-126
// exactly it depends on tininess after rounding (cuda.go), which the
// integer kernels decide.
func ftzTiny(z uint32) bool { return z&f32.AbsMask-1 < f32.MinNormalBits }

// ftzFlush is .ftz on a result z that ftzTiny picked: the zero of its sign
// below 2^-126, and ok = false at 2^-126 exactly, which the integer kernel
// must decide.
func ftzFlush(z uint32) (uint32, bool) {
	return z & f32.SignMask, z&f32.AbsMask < f32.MinNormalBits
}

// zeroSum is the encoding of an exact zero sum of two terms with sign bits
// sa and sb (one of each operand; a product's is the XOR of its factors'):
// -0 when both are negative, +0 when both are positive, and otherwise +0,
// or -0 in RD (IEEE 754 §6.3; exactZeroSign).
func zeroSum(sa, sb uint32, m Mode) uint32 {
	if m == RD {
		return (sa | sb) & f32.SignMask
	}
	return sa & sb & f32.SignMask
}

// stepNearest is the directed rounding in mode m of an exact value v from
// its rounding to nearest r (a binary32 result of the host, fact 1) and a
// float64 d with the sign of v − r: zero exactly when v = r, NaN when r is
// not a rounding of a finite v (an operand was Inf or NaN: the result is
// exact). It returns the encoding, the canonical NaN for a NaN r.
//
// v lies in the binary32 interval between r and its neighbour on d's side,
// so the answer is r, or that neighbour when the mode rounds toward it: one
// step of the encoding, +1 to move the magnitude up (from ±0 to the smallest
// subnormal, from MaxFinite to Inf), −1 to move it down (from Inf to
// MaxFinite: an RN overflow whose v is finite). There is no branch: d's sign
// is as unpredictable as the operands, and a mispredicted branch costs more
// than the arithmetic.
func stepNearest(r float32, d float64, m Mode) uint32 {
	z := math.Float32bits(r)
	ud := math.Float64bits(d)
	step := nearestStep[m&3][ud>>63][z>>31]
	if ud<<1-1 < f64InfBits<<1 { // d ≠ 0 and not NaN, on the bits
		z += step
	}
	if z&f32.AbsMask > f32.InfBits {
		z = canonicalNaN
	}
	return z
}

// nearestStep[m][sd][sr] is the step of stepNearest in mode m for an
// error of sign bit sd and a result of sign bit sr (0, +1, or −1 as
// 0xffffffff): RZ moves the magnitude down when v is nearer zero than r
// (sd ≠ sr); RU moves up in value when v > r (sd = 0), RD down when v < r
// (sd = 1); RN never moves.
var nearestStep = [4][2][2]uint32{
	RN: {},
	RZ: {{0, minusOne}, {minusOne, 0}},
	RU: {{1, minusOne}, {0, 0}},
	RD: {{0, 0}, {minusOne, 1}},
}

const minusOne = 0xffffffff // −1 as a step of an encoding

// addHost is Add32 on the host: Add32RN in RN, AddMode in a directed mode,
// on the operands read as zeros under .ftz, and .ftz's look at a tiny
// result (ftzTiny).
func addHost(x, y uint32, m Mode, ftz bool) uint32 {
	if ftz {
		x, y = ftzInput(x), ftzInput(y)
	}
	var z uint32
	if m == RN { // without a call: the operators' and the library's common mode
		z = Add32RN(x, y)
	} else {
		z = math.Float32bits(AddMode(f32v(x), f32v(y), m))
	}
	if ftz && ftzTiny(z) {
		if f, ok := ftzFlush(z); ok {
			return f
		}
		return add32(x, y, m, true)
	}
	return z
}

// mulHost is Mul32 on the host: Mul32RN or MulMode, and .ftz as in addHost.
func mulHost(x, y uint32, m Mode, ftz bool) uint32 {
	if ftz {
		x, y = ftzInput(x), ftzInput(y)
	}
	var z uint32
	if m == RN { // without a call: the operators' and the library's common mode
		z = Mul32RN(x, y)
	} else {
		z = math.Float32bits(MulMode(f32v(x), f32v(y), m))
	}
	if ftz && ftzTiny(z) {
		if f, ok := ftzFlush(z); ok {
			return f
		}
		return mul32(x, y, m, true)
	}
	return z
}

// divHost is Div32 on the host: Div32RN or DivMode, and .ftz as in addHost.
func divHost(x, y uint32, m Mode, ftz bool) uint32 {
	if ftz {
		x, y = ftzInput(x), ftzInput(y)
	}
	var z uint32
	if m == RN { // without a call: the operators' and the library's common mode
		z = Div32RN(x, y)
	} else {
		z = math.Float32bits(DivMode(f32v(x), f32v(y), m))
	}
	if ftz && ftzTiny(z) {
		if f, ok := ftzFlush(z); ok {
			return f
		}
		return div32(x, y, m, true)
	}
	return z
}

// sqrtHost is Sqrt32 on the host: SqrtMode. A square root of a binary32 is
// never below 2^-75, so .ftz only reads the input.
func sqrtHost(x uint32, m Mode, ftz bool) uint32 {
	if ftz {
		x = ftzInput(x)
	}
	return math.Float32bits(SqrtMode(f32v(x), m))
}

// fmaHost is Fma32 on the host: FmaMode, and .ftz as in addHost. FmaMode
// rounds on the subnormal grid (its integer fallback without .ftz), and a
// tiny result is looked at again here.
func fmaHost(x, y, z uint32, m Mode, ftz bool) uint32 {
	if ftz {
		x, y, z = ftzInput(x), ftzInput(y), ftzInput(z)
	}
	out := math.Float32bits(fmaBits(x, y, z, m))
	if ftz && ftzTiny(out) {
		if f, ok := ftzFlush(out); ok {
			return f
		}
		return fma32(x, y, z, m, true)
	}
	return out
}

// The mode entries below are Add32, Sub32, Mul32, Div32, Rcp32, Sqrt32 and
// Fma32 without .ftz on float32 values, in any mode, each one call with no
// call inside on its common path (FmaMode inlines to its call of fmaBits):
// the default-target intrinsics of every mode use them (a call costs more
// than the arithmetic), and the encoding forms above add .ftz around them. Each canonicalises a NaN result. No
// branch depends on the operands' values where a mispredicted one would
// cost more than the arithmetic (stepNearest).

// AddMode is Add32(x, y, m, false) on float32 values. r = x + y rounded to
// nearest (fact 1) is the RN result. In a directed mode, TwoSum in binary32
// gives e = v − r exactly, v = x + y exact, unless an operation of it
// overflows (fact 3); an overflow, or an Inf or NaN operand,
// makes e an Inf or a NaN, since every intermediate value feeds e, and
// addWide decides those. Otherwise r is finite and the step of
// stepNearest is taken from e's sign, on its bits (nearestStep). A
// binary32 sum is zero only when exact (fact 2), and the host's RN zero
// has IEEE's sign in RZ and RU too (zeroSum); RD's -0 is set here. The
// binary32 TwoSum needs no conversion to binary64: the conversions' SSE
// forms depend on their destination register's old value, which chains
// one call to the next.
func AddMode(x, y float32, m Mode) float32 {
	checkMode(m)
	r := x + y
	if m == RN {
		return CanonNaN(r)
	}
	bb := r - x
	e := (x - (r - bb)) + (y - bb) // TwoSum
	ue := math.Float32bits(e)
	if ue&f32.AbsMask >= f32.InfBits {
		return addWide(x, y, r, m)
	}
	z := math.Float32bits(r)
	step := nearestStep[m&3][ue>>31][z>>31]
	if ue&f32.AbsMask != 0 {
		z += step
	}
	if z&f32.AbsMask == 0 && m == RD {
		z = (math.Float32bits(x) | math.Float32bits(y)) & f32.SignMask
	}
	return f32v(z)
}

// addWide is AddMode in a directed mode where the binary32 TwoSum
// overflowed or met an Inf or NaN: the sign of v − r is that of
// (s − r) + e, where s = x + y in binary64 and e its TwoSum error (fact
// 3). s − r is exact: s and r are roundings of v to 53 and 24 bits, within
// a factor 2 of each other (Sterbenz), or r = ±Inf from an overflow, where
// s − r = ∓Inf is on the correct side; the final add rounds to nearest and
// so keeps the sign of the exact v − r. Inf and NaN operands give a NaN
// (exact results: no step).
func addWide(x, y, r float32, m Mode) float32 {
	a, b := float64(x), float64(y)
	s := a + b
	return f32v(stepNearest(r, (s-float64(r))+twoSumErr(a, b, s), m))
}

// SubMode is Sub32(x, y, m, false) on float32 values: AddMode(x, −y, m)
// (negation flips the sign bit alone).
func SubMode(x, y float32, m Mode) float32 { return AddMode(x, -y, m) }

// MulMode is Mul32(x, y, m, false) on float32 values: the product p is
// exact in binary64 (fact 2), ±0, ±Inf and NaN included, and r = x·y in
// binary32 is its rounding to nearest (fact 1); then as narrow(p, m). r is
// not float32(p): a float32 product keeps the conversions (whose SSE forms
// depend on their destination register's old value) off the critical path.
func MulMode(x, y float32, m Mode) float32 {
	checkMode(m)
	if m == RN { // no step to take (nearestStep[RN] is zero)
		return MulRN(x, y)
	}
	p := float64(float64(x) * float64(y)) // exact; the conversion keeps it from fusing with the subtraction (fact 5)
	r := x * y
	return f32v(stepNearest(r, p-float64(r), m))
}

// DivMode is Div32(x, y, m, false) on float32 values: r = x/y rounded to
// nearest (fact 1); in a directed mode the sign of x/y − r is that of the
// remainder x − r·y, exact in binary64 by math.FMA (fact 3), times y's
// sign. Special operands give a zero or NaN remainder (exact results: no
// step); an overflow to r = ±Inf gives ∓Inf on the correct side, an
// underflow to r = ±0 the remainder x itself.
func DivMode(x, y float32, m Mode) float32 {
	checkMode(m)
	r := x / y
	if m == RN { // DivRN
		return CanonNaN(r)
	}
	// y's sign flipped into the remainder on the bits (no branch).
	rem := math.FMA(-float64(r), float64(y), float64(x))
	return f32v(stepNearest(r, math.Float64frombits(math.Float64bits(rem)^uint64(math.Float32bits(y)&f32.SignMask)<<32), m))
}

// RcpMode is Rcp32(x, m, false) on float32 values: DivMode(1, x, m).
func RcpMode(x float32, m Mode) float32 { return DivMode(1, x, m) }

// SqrtMode is Sqrt32(x, m, false) on float32 values: r = √x rounded to
// nearest through binary64 (fact 1: double rounding is innocuous for √,
// 53 ≥ 2·24 + 2); in a directed mode the sign of √x − r is that of the
// remainder x − r·r, exact by math.FMA (fact 3); ±0, +Inf and NaN give a
// zero or NaN remainder (exact results).
func SqrtMode(x float32, m Mode) float32 {
	checkMode(m)
	a := float64(x)
	r := float32(math.Sqrt(a))
	if m == RN { // SqrtRN
		return CanonNaN(r)
	}
	return f32v(stepNearest(r, math.FMA(-float64(r), float64(r), a), m))
}

// FmaMode is Fma32(x, y, z, m, false) on float32 values: the product p =
// x·y is exact in binary64 (fact 2), s = p + z is the exact v = x·y + z
// rounded to 53 bits, e its TwoSum error (fact 3), and r = float32(s) is s
// rounded to nearest.
//
// RN: r is the rounding of v unless a binary32 midpoint lies between v and
// s, and none can lie strictly between (it would be a binary64 value nearer
// v than s), so r is right unless s is itself a midpoint (its 29 bits below
// binary32's last place are 1000…0); those, and results below 2^-125 in
// magnitude (where the binary32 grid is the subnormal one) go to the
// integer kernel. Directed modes: |v − r| is below one binary32 step of r,
// so stepNearest gives the rounding of v from the sign of
// v − r = (s − r) + e, where s − r is exact (Sterbenz, or ∓Inf from an
// overflow to r = ±Inf). In every mode a zero s is an exact zero (fact 2),
// signed by zeroSum from the signs of the product and of z.
func FmaMode(x, y, z float32, m Mode) float32 {
	return fmaBits(math.Float32bits(x), math.Float32bits(y), math.Float32bits(z), m)
}

// fmaBits is FmaMode on encodings (the result a float32, so that FmaMode
// is small enough to inline to a call of it). Its operands arrive in
// integer registers, and their conversions to binary64 are made in place,
// where the SSE conversion into another register would wait for that
// register's last value (of the previous call).
func fmaBits(x, y, z uint32, m Mode) float32 {
	checkMode(m)
	c := wide(z)
	p := float64(wide(x) * wide(y)) // exact; the conversion keeps it apart from the add (fact 5)
	s := p + c
	if s == 0 { // exact zero (fact 2): signs of the product and of z
		return f32v(zeroSum(uint32(math.Float64bits(p)>>32), z, m))
	}
	r := float32(s)
	if m == RN {
		u := math.Float64bits(s)
		if u&(1<<29-1) == 1<<28 || u>>52&0x7ff < 1023-125 { // a midpoint, or |s| < 2^-125
			return f32v(fma32(x, y, z, RN, false))
		}
		return CanonNaN(r)
	}
	return f32v(stepNearest(r, (s-float64(r))+twoSumErr(p, c, s), m))
}

// roundIntHost is RoundInt32 on the host: math.RoundToEven, Trunc, Ceil and
// Floor are exact and keep the sign of a zero result (-0.4 → -0), as
// cvt.rni/rzi/rpi/rmi.f32.f32 do.
func roundIntHost(x uint32, m Mode, ftz bool) uint32 {
	if ftz {
		x = ftzInput(x)
	}
	return canon(float32(roundIntegral(wide(x), m))) // exact: an integral value of at most 24 bits, or x itself
}

// roundIntegral returns a rounded to an integer in mode m by math's
// RoundToEven, Trunc, Ceil or Floor: exact (each returns the integer its
// direction selects, which is a float64 since a has at most 53 significant
// bits and |a| ≥ 2^52 is returned as it is), and a zero result keeps a's
// sign (IEEE 754 roundToIntegral; math.Ceil(-0.5) = -0). A NaN's bits may
// not survive it (math may quiet a signalling NaN): RoundInt32
// canonicalises its result, RoundInt64 handles NaNs before calling it.
func roundIntegral(a float64, m Mode) float64 {
	switch m {
	case RN:
		return math.RoundToEven(a)
	case RZ:
		return math.Trunc(a)
	case RU:
		return math.Ceil(a)
	case RD:
		return math.Floor(a)
	}
	panic(badMode)
}

// The RN entries below are Add32, Sub32, Mul32, Div32, Rcp32 and Sqrt32 in
// mode RN without .ftz, written without calls so that the Go compiler
// inlines them into their callers: a call costs more than the operation.
// The float32 forms (AddRN, …) keep the values in floating-point registers;
// the encoding forms (Add32RN, …) serve callers that hold encodings. The
// default-target _rn intrinsics and fp's default-flag operators use them;
// everything else takes the general functions.

// CanonNaN returns z, or the canonical NaN (encoding 0x7fffffff) when z is
// a NaN: the NaN every binary32 operation of the device returns.
func CanonNaN(z float32) float32 {
	if z != z {
		return f32v(canonicalNaN)
	}
	return z
}

// AddRN is Add32(x, y, RN, false) on float32 values: host binary32
// addition (fact 1).
func AddRN(x, y float32) float32 { return CanonNaN(x + y) }

// SubRN is Sub32(x, y, RN, false) on float32 values (fact 1).
func SubRN(x, y float32) float32 { return CanonNaN(x - y) }

// MulRN is Mul32(x, y, RN, false) on float32 values (fact 1). The
// conversion keeps the product from fusing with a caller's add (fact 5).
func MulRN(x, y float32) float32 { return CanonNaN(float32(x * y)) }

// DivRN is Div32(x, y, RN, false) on float32 values (fact 1).
func DivRN(x, y float32) float32 { return CanonNaN(x / y) }

// RcpRN is Rcp32(x, RN, false) on float32 values (fact 1).
func RcpRN(x float32) float32 { return CanonNaN(1 / x) }

// SqrtRN is Sqrt32(x, RN, false) on float32 values: the binary64 root
// rounded to binary32 (fact 1: double rounding is innocuous for √).
func SqrtRN(x float32) float32 { return CanonNaN(float32(math.Sqrt(float64(x)))) }

// Add32RN is AddRN on encodings.
func Add32RN(x, y uint32) uint32 { return canon(f32v(x) + f32v(y)) }

// Sub32RN is SubRN on encodings.
func Sub32RN(x, y uint32) uint32 { return canon(f32v(x) - f32v(y)) }

// Mul32RN is MulRN on encodings.
func Mul32RN(x, y uint32) uint32 { return canon(f32v(x) * f32v(y)) }

// Div32RN is DivRN on encodings.
func Div32RN(x, y uint32) uint32 { return canon(f32v(x) / f32v(y)) }

// Rcp32RN is RcpRN on encodings.
func Rcp32RN(x uint32) uint32 { return canon(1 / f32v(x)) }

// Sqrt32RN is SqrtRN on encodings.
func Sqrt32RN(x uint32) uint32 { return canon(float32(math.Sqrt(wide(x)))) }
