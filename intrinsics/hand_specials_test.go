package intrinsics_test

import (
	"math"

	"github.com/cudafp/cudafp/intrinsics"
)

// Encodings of the hand-written special-case tables.
const (
	pZero   = 0x00000000
	nZero   = 0x80000000
	pOne    = 0x3f800000
	nOne    = 0xbf800000
	pHalf   = 0x3f000000
	pInf    = 0x7f800000
	nInf    = 0xff800000
	pMax    = 0x7f7fffff
	nMax    = 0xff7fffff
	pMinSub = 0x00000001
	nMinSub = 0x80000001
	pMaxSub = 0x007fffff
	qNaN    = 0x7fc00000
	nNaN    = 0xffc00001
	sNaN    = 0x7f800001
	cNaN    = 0x7fffffff // CUDA's canonical NaN
)

func f1(m func(intrinsics.Target, float32) float32) func(intrinsics.Target, [3]uint64) uint64 {
	return func(t intrinsics.Target, a [3]uint64) uint64 {
		return uint64(math.Float32bits(m(t, math.Float32frombits(uint32(a[0])))))
	}
}

func f2(m func(intrinsics.Target, float32, float32) float32) func(intrinsics.Target, [3]uint64) uint64 {
	return func(t intrinsics.Target, a [3]uint64) uint64 {
		return uint64(math.Float32bits(m(t, math.Float32frombits(uint32(a[0])), math.Float32frombits(uint32(a[1])))))
	}
}

// both is a case with the same result in both builds; cz one whose result
// under -ftz=true is given; d one that holds in the default build only.
func both(want uint64, args ...uint64) specialCase {
	return specialCase{args: args3(args), want: want, ftz: want}
}

func cz(want, ftz uint64, args ...uint64) specialCase {
	return specialCase{args: args3(args), want: want, ftz: ftz}
}

// zOnly is a case of the -ftz=true build only.
func zOnly(ftz uint64, args ...uint64) specialCase {
	return specialCase{args: args3(args), ftz: ftz, builds: ftzOnly}
}

func args3(a []uint64) (r [3]uint64) {
	copy(r[:], a)
	return r
}

// handSpecials holds the special-case tables of the hand-written intrinsics,
// row for row as in their doc comments.
var handSpecials = []specialFunc{
	{name: "Saturatef", id: "i_saturatef", in: 1, fn: f1(intrinsics.Target.Saturatef), rows: []specialRow{
		{"Saturatef(NaN) = +0", []specialCase{both(pZero, qNaN), both(pZero, nNaN), both(pZero, sNaN)}},
		{"Saturatef(x) = +0 for x ≤ 0, -0 and -Inf included", []specialCase{both(pZero, nZero), both(pZero, nInf), both(pZero, nOne), both(pZero, nMinSub)}},
		{"Saturatef(x) = 1 for x ≥ 1, +Inf included", []specialCase{both(pOne, pOne), both(pOne, pInf), both(pOne, pMax), both(pOne, 0x3f800001)}},
		{"Saturatef(x) = x for 0 < x < 1, positive subnormals included (+0 with FTZ)", []specialCase{both(pHalf, pHalf), both(0x3f7fffff, 0x3f7fffff), cz(pMinSub, pZero, pMinSub), cz(pMaxSub, pZero, pMaxSub)}},
	}},
}
