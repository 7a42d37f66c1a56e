package spec

import "math"

// Bound is NVIDIA's documented accuracy for a function: the words, their
// source, and a numeric reading of them for reports. NVIDIA states its ulp
// bounds as the distance to the correctly rounded (round-to-nearest-even)
// result, "generated from extensive but not exhaustive tests, so they are not
// guaranteed bounds" (CUDA Programming Guide).
type Bound struct {
	Text   string // the documented bound, quoted
	Source string // where it is documented

	// Numeric reading; the zero value of each field means "not stated".
	CR       bool    // correctly rounded (IEEE-754 compliant, 0 ulp)
	ULP      float64 // max ulp distance to the correctly rounded result
	ULPSlope float64 // the bound is ULP + floor(|ULPSlope·x|) ulp (__expf, __exp10f)
	Abs      float64 // max absolute error on [AbsLo, AbsHi]; ULP (if set) applies outside
	AbsLo    float64 // interval of the absolute bound
	AbsHi    float64 //
	// AbsOutside turns the interval around: Abs applies outside the open
	// interval (AbsLo, AbsHi) and ULP inside it (the Bessel functions: "9
	// ulp for |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6").
	AbsOutside bool
	// Unstated is an open interval where the documentation states no bound
	// at all (lgammaf: "6 ulp outside interval -10.001 ... -2.264; larger
	// inside"); the zero value means none.
	Unstated [2]float64
	Rel      float64    // max relative error
	YRange   [2]float64 // binary functions: the ulp bound holds for |y| in this range (__fdividef)
}

// None reports whether the documentation gives no numeric bound.
func (b Bound) None() bool {
	return !b.CR && b.ULP == 0 && b.Abs == 0 && b.Rel == 0
}

// ULPAt returns the ulp bound at input x: ULP + floor(|ULPSlope·x|), 0 for a
// correctly rounded function, and +Inf when no ulp bound applies at x.
func (b Bound) ULPAt(x float64) float64 {
	if b.CR {
		return 0
	}
	if b.InAbs(x) {
		return math.Inf(1) // an absolute bound governs here
	}
	if b.InUnstated(x) {
		return math.Inf(1) // no bound is documented here
	}
	if b.ULP == 0 {
		return math.Inf(1)
	}
	return b.ULP + math.Floor(math.Abs(b.ULPSlope*x))
}

// InAbs reports whether the absolute part of the bound applies at x: x in
// [AbsLo, AbsHi], or outside (AbsLo, AbsHi) with AbsOutside; never at a NaN
// x, nor without an absolute part.
func (b Bound) InAbs(x float64) bool {
	if b.Abs == 0 {
		return false
	}
	if b.AbsOutside {
		return x <= b.AbsLo || x >= b.AbsHi
	}
	return x >= b.AbsLo && x <= b.AbsHi
}

// InUnstated reports whether x lies in the interval where the documentation
// states no bound (Unstated); never at a NaN x.
func (b Bound) InUnstated(x float64) bool {
	return b.Unstated != [2]float64{} && x > b.Unstated[0] && x < b.Unstated[1]
}

// Sources of documented bounds (cuda-facts.md §0).
const (
	srcGuideStd = "CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 17 (single-precision standard functions)"
	srcGuideInt = "CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 21 (single-precision intrinsics)"
	srcGuideOps = "CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 17 (operators) and §Intrinsic Functions"
	srcPTX      = "PTX ISA 9.1, §9.7.3 Floating-Point Instructions"
	srcPTXCvt   = "PTX ISA 9.1, §9.7.9.21 cvt (rounding and saturation rules)"
	srcLibdev   = "libdevice User's Guide"
)

func cr(text, src string) Bound              { return Bound{Text: text, Source: src, CR: true} }
func ulps(n float64, text, src string) Bound { return Bound{Text: text, Source: src, ULP: n} }
func noBound(text, src string) Bound         { return Bound{Text: text, Source: src} }
