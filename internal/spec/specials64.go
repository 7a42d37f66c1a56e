package spec

import "math"

// Special values of the binary64 functions (Func.D64), as bit patterns.
// Like specials.go, every list is data shared by the Go verifier and the
// CUDA harness (gpu/funcs_gen.cuh is generated from it). Values written as
// Go constant expressions (d(math.Pi)) are the constants rounded to the
// nearest double by the compiler: exact, the same on every GOARCH.

// d returns the encoding of v.
func d(v float64) uint64 { return math.Float64bits(v) }

// baseSpecials64 are the positive double specials of every binary64
// family: zero, the subnormal and normal edges, 1 and its neighbours, 0.5,
// 1.5, 2, the largest finite, +Inf, and the integer thresholds 2^31, 2^32,
// 2^52, 2^53, 2^63, 2^64 with their neighbours. SpecialsF64 adds their
// negations and nanSpecials64.
var baseSpecials64 = []uint64{
	0x0000000000000000, // 0
	0x0000000000000001, // smallest subnormal, 2^-1074
	0x000fffffffffffff, // largest subnormal
	0x0010000000000000, // smallest normal, 2^-1022
	d(0.5),
	0x3fefffffffffffff, // 1 - 2^-53
	d(1),
	0x3ff0000000000001, // 1 + 2^-52
	d(1.5),
	d(2),
	0x7fefffffffffffff,                                // largest finite
	0x7ff0000000000000,                                // +Inf
	0x41dfffffffffffff, d(0x1p31), 0x41e0000000000001, // 2^31 and neighbours
	0x41efffffffffffff, d(0x1p32), 0x41f0000000000001, // 2^32
	0x432fffffffffffff, d(0x1p52), 0x4330000000000001, // 2^52: every double is an integer from here
	0x433fffffffffffff, d(0x1p53), 0x4340000000000001, // 2^53
	0x43dfffffffffffff, d(0x1p63), 0x43e0000000000001, // 2^63
	0x43efffffffffffff, d(0x1p64), 0x43f0000000000001, // 2^64
}

// nanSpecials64 are NaNs of both signs, quiet and signalling, with and
// without payloads (binary64 arithmetic propagates payloads: rounding/cuda.go).
var nanSpecials64 = []uint64{
	0x7ff8000000000000, // the default quiet NaN of most hosts
	0xfff8000000000000, // the NaN a binary64 operation creates (defaultNaN64)
	0x7ff8000000000001, // quiet NaN with a payload
	0xfffc0000deadbeef, // negative quiet NaN with a payload
	0x7ff0000000000001, // signalling NaN
	0xfff0f9c7ff5fb763, // negative signalling NaN with a payload
}

// familySpecials64 are extra positive values per family, each also used
// negated (SpecialsF64).
var familySpecials64 = map[Family][]uint64{
	FamArith: {d(0x1p-53), d(0x1p-52), d(3), d(1.0 / 3), d(0x1p1023), 0x7feffffffffffffe},
	// 0x1p-537 squared is the smallest subnormal; 0x1p512 squared overflows.
	FamMul:  {d(3), d(1.0 / 3), d(math.Sqrt2), d(0x1p-537), d(0x1p512), 0x3feffffffffffffe},
	FamDiv:  {d(3), d(1.0 / 3), d(0x1p1022), d(0x1p-1022 * 3), 0x3feffffffffffffe, d(0x1p-52)},
	FamFMA:  {d(0x1p-53), d(3), d(1.0 / 3), d(0x1p1023), d(0x1p-537), 0x3feffffffffffffe},
	FamRoot: {d(4), d(3), d(0x1p1022), d(0x1p-1073), 0x3fffffffffffffff, d(0x1p-1022 * 3)},
	// Halves and the largest non-integers below the thresholds.
	FamRound: {0x3fdfffffffffffff, 0x3fe0000000000001, d(2.5), d(3.5), d(0x1p52 - 0.5), d(0x1p31 - 0.5), d(0x1p32 - 0.5)},
	// exp's overflow (1024 ln 2) and underflow-to-zero (1075 ln 2)
	// thresholds, exp10's (1024 log10 2), exp2's (1024, 1075).
	FamExp:   {d(1024 * math.Ln2), d(1075 * math.Ln2), d(1024 * math.Ln2 / math.Ln10), d(1024), d(1075), d(0x1p-54)},
	FamLog:   {d(math.E), d(math.Sqrt2 / 2), d(math.Sqrt2), d(10), 0x3feffffffffffffe, 0x3ff0000000000002},
	FamTrig:  {d(math.Pi), d(math.Pi / 2), d(math.Pi / 4), d(2 * math.Pi), d(1e22), d(0x1p-27)},
	FamTanh:  {d(0x1p-27), d(0.55), d(19), d(22), d(0x1p-1022 * 3), d(710)},
	FamPow:   {d(0.25), d(3), d(1.0 / 3), d(10), d(100), 0x3feffffffffffffe, 0x3ff0000000000002},
	FamMisc:  {d(3), d(8), d(math.Pi / 4), d(math.Pi), d(1.0 / 3), d(10), d(100), d(1e-3)},
	FamScale: {d(3), d(1.0 / 3)},
	// FamBessel: 8 (the asymptotic forms start above it), the documented
	// order 128 and 1.5·128 ("for |x| > 1.5n"), 25, 100, 10^-3.
	FamBessel:  {d(8), d(25), d(100), d(128), d(192), d(1e-3)},
	FamBesselX: {d(8), d(25), d(100), d(1e-3)},
	// FamNorm: squares near the overflow and underflow thresholds (2^±512), 3, 1/3, √2.
	FamNorm: {0x5fefffffffffffff, d(0x1p512), d(0x1p-511), d(0x1p-538), d(3), d(1.0 / 3), d(math.Sqrt2)},
}

// SpecialsF64 returns the double special values of a family: the base
// values and the family's extras, each with both signs, then the NaNs.
func SpecialsF64(fam Family) []uint64 {
	pos := append(append([]uint64(nil), baseSpecials64...), familySpecials64[fam]...)
	out := make([]uint64, 0, 2*len(pos)+len(nanSpecials64))
	out = append(out, pos...)
	for _, v := range pos {
		out = append(out, v|1<<63)
	}
	return append(out, nanSpecials64...)
}

// ternarySpecials64 is the subset of double specials whose 16^3 triples
// make the special grid of a ternary binary64 function (ternarySpecials'
// twin): zeros, the smallest subnormal, -2^-1022, ±1, 1 + 2^-52, 1.5, 2,
// ±max, ±Inf, a NaN, ±2^-53.
var ternarySpecials64 = []uint64{
	0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x8010000000000000, d(1), d(-1), 0x3ff0000000000001, d(1.5),
	d(2), 0x7fefffffffffffff, 0xffefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, d(0x1p-53), d(-0x1p-53),
}

// normGridSpecials64 are the element values of a binary64 array
// function's grid (norm, rnorm; normGridSpecials' twin).
var normGridSpecials64 = []uint64{0x0000000000000000, 0x8000000000000000, 0x0000000000000001, d(1), 0xbff0000000000001, 0x7fefffffffffffff, 0xfff0000000000000, 0x7ff8000000000000}

// scaleSpecials64 are the int exponents n of the binary64 x·2^n family
// (ldexp, scalbn), appended to its double axis: the thresholds of the
// binary64 range (±52, ±53, ±1022 … ±1024, ±1074 … ±1076, ±2046 …, ±2098
// …: the largest subnormal scaled to the largest finite and beyond) and 0.
var scaleSpecials64 = []uint32{
	0x00000000, 0x00000001, 0x00000034, 0x00000035, 0x000003fe, 0x000003ff, 0x00000400, 0x00000432,
	0x00000433, 0x00000434, 0x000007fe, 0x000007ff, 0x00000832, 0x00000833, 0x00000834, 0x7fffffff,
	0xffffffff, 0xffffffcc, 0xffffffcb, 0xfffffc02, 0xfffffc01, 0xfffffc00, 0xfffffbce, 0xfffffbcd,
	0xfffffbcc, 0xfffff802, 0xfffff801, 0xfffff7ce, 0xfffff7cd, 0xfffff7cc, 0x80000000,
}

// ScaleInts64 returns the number of int exponents at the end of the axis
// of ldexp and scalbn (scaleSpecials64); the harness reads it from
// funcs_gen.cuh.
func ScaleInts64() int { return len(scaleSpecials64) }

// int64DSpecials are the 64-bit integer specials of the conversions to
// double (FamInt64D): int64Specials and the binary64 rounding thresholds:
// 2^53 ± 1 (the first odd integer that rounds), ties at 2^54, and the
// integers around 2^63 and 2^64 − 2^11 where a conversion rounds up to the
// next power of two.
var int64DSpecials = append(append([]uint64(nil), int64Specials...),
	0x001fffffffffffff, 0x0020000000000000, 0x0020000000000001, 0x0020000000000003,
	0x0040000000000002, 0x0040000000000006, 0x7ffffffffffffc00, 0x7ffffffffffffdff,
	0x7ffffffffffffe00, 0x7ffffffffffffe01, 0xfffffffffffff800, 0xfffffffffffffbff,
	0xfffffffffffffc00, 0xfffffffffffffc01, 0x8000000000000400, 0xffe0000000000001,
)

// halvesSpecials are the 32-bit halves of __hiloint2double's grid (high
// word, then low word): the high words of ±0, the smallest normal, 1, the
// largest finite, ±Inf and NaNs, and low words 0, 1, all ones.
var halvesSpecials = []uint32{
	0x00000000, 0x80000000, 0x00000001, 0xffffffff, 0x000fffff, 0x00100000, 0x3ff00000, 0xbff00000,
	0x7fefffff, 0x7ff00000, 0xfff00000, 0x7ff80000, 0xfff80000, 0x7fffffff, 0x55555555, 0x7ff00001,
}

// BesselZeros64 holds, for J0, J1, Y0 and Y1 in that order, the double
// nearest each of their first four positive zeros (bit patterns; the
// binary64 twin of BesselZeros). Provenance: TestBesselZeros64's
// big-float root finder computes the table and checks it.
var BesselZeros64 = [4][besselAxisZeros]uint64{
	{0x40033d152e971b40, 0x4016148f5b2c2e45, 0x40214eb56cccdeca, 0x40279544008272b6}, // J0: 2.40483 5.52008 8.65373 11.7915
	{0x400ea75575af6f09, 0x401c0ff5f3b47250, 0x402458d0d0bdfc29, 0x402aa5baf310e5a2}, // J1: 3.83171 7.01559 10.1735 13.3237
	{0x3fec982eb8d417ea, 0x400fa9534d98569c, 0x401c581dc4e72103, 0x402471d735a47d58}, // Y0: 0.893577 3.95768 7.08605 10.2223
	{0x400193bed4dff243, 0x4015b7fe4e87b02e, 0x40213127ae6169b4, 0x40277f9138d43206}, // Y1: 2.19714 5.42968 8.59601 11.7492
}

// computeGrid64 is computeGrid for the binary64 functions (D64): the same
// shapes, on the binary64 lists.
func (f *Func) computeGrid64() []uint64 {
	var axis []uint64
	u64 := func(vs []uint32) {
		for _, v := range vs {
			axis = append(axis, uint64(v))
		}
	}
	zeros := func() {
		for _, z := range BesselZeros64 {
			axis = append(axis, z[:]...)
		}
	}
	switch {
	case f.Family == FamBessel: // orders, zeros, double specials
		u64(besselOrders)
		zeros()
		axis = append(axis, SpecialsF64(FamBessel)...)
		o := [2]int{0, len(besselOrders)}
		f.gridSpan = [][2]int{o, {o[1], len(axis)}}
	case f.Family == FamBesselX: // zeros, double specials
		zeros()
		axis = append(axis, SpecialsF64(FamBesselX)...)
	case f.Array: // counts 1…MaxArray, the grid's elements, more double specials for the generators
		for d := range MaxArray {
			axis = append(axis, uint64(d+1))
		}
		axis = append(axis, normGridSpecials64...)
		axis = append(axis, SpecialsF64(f.Family)...)
		f.gridSpan = [][2]int{{0, MaxArray}}
		for range GridElems {
			f.gridSpan = append(f.gridSpan, [2]int{MaxArray, MaxArray + len(normGridSpecials64)})
		}
	case len(f.In) == 4: // the ternary subset on the grid, more double specials for the generators
		axis = append(axis, ternarySpecials64...)
		axis = append(axis, SpecialsF64(f.Family)...)
		for range 4 {
			f.gridSpan = append(f.gridSpan, [2]int{0, len(ternarySpecials64)})
		}
	case len(f.In) == 3:
		axis = append(axis, ternarySpecials64...)
	case f.Family == FamScale: // doubles, then the int exponents
		axis = append(axis, SpecialsF64(FamScale)...)
		nd := len(axis)
		u64(scaleSpecials64)
		f.gridSpan = [][2]int{{0, nd}, {nd, len(axis)}}
	case f.Family == FamInt64D:
		axis = append(axis, int64DSpecials...)
	case f.Family == FamHalves:
		u64(halvesSpecials)
	default:
		axis = append(axis, SpecialsF64(f.Family)...)
	}
	return axis
}
