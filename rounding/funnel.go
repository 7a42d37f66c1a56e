package rounding

import "github.com/cudafp/cudafp/internal/f32"

// format holds what the rounding funnel needs of a binary format: every
// result of every format, binary16 and bfloat16 included, is rounded by
// roundPackF. formatOf gives binary32's and binary64's, fmtF16 and fmtBF16
// the 16-bit ones (half.go).
type format struct {
	fracBits  uint  // stored fraction bits: 10, 7, 23 or 52
	bias      int32 // exponent bias; 2·bias+1 is the biased exponent of Inf and NaN
	signShift uint  // position of the sign bit: 15, 31 or 63
}

// maxBexp is the biased exponent of Inf and NaN.
func (f format) maxBexp() int32 { return 2*f.bias + 1 }

// inf is the encoding of +Inf.
func (f format) inf() uint64 { return uint64(f.maxBexp()) << f.fracBits }

// formatOf is the format of the encoding type T (binary32 or binary64).
func formatOf[T encoding]() format {
	return format{fracBits: fracBitsOf[T](), bias: biasOf[T](), signShift: signShiftOf[T]()}
}

// roundPackG is the rounding funnel for T's own format (roundpack.go's
// roundPack is its binary32 copy for the hot paths): roundPackF at
// formatOf[T]. sign is the sign bit in place.
func roundPackG[T encoding](sign T, bexp int32, sig uint64, m Mode, ftz bool) T {
	return T(roundPackF(formatOf[T](), uint64(sign>>signShiftOf[T]()), bexp, sig, m, ftz))
}

// roundPackF is the rounding funnel of every format: it rounds
// (-1)^s × sig × 2^(bexp − f.bias − sigTop) to format f in mode m and packs
// it. sig must have its leading 1 at bit sigTop; s is 0 or 1. With ftz
// (binary32, binary16: PTX has no .ftz for .f64 and .bf16), a result that
// cuda.go's ftzFlushes calls tiny becomes the zero of its sign; without,
// tiny results are rounded once on the subnormal grid. Overflow gives ±Inf,
// or ±MaxFinite where the mode rounds the magnitude down.
func roundPackF(f format, s uint64, bexp int32, sig uint64, m Mode, ftz bool) uint64 {
	rb := sigTop - f.fracBits
	sign := s << f.signShift
	if uint32(bexp-1) < uint32(f.maxBexp()-1) { // neither tiny nor overflowing
		// The kept bits, hidden bit at fracBits, may carry into the
		// exponent: bexp, or bexp+1 after a carry (Inf on overflow).
		z := (sig + incrementF(rb, s, sig, m)) >> rb
		return sign | (uint64(bexp-1)<<f.fracBits + z)
	}
	inc := incrementF(rb, s, sig, m)
	if bexp > 0 { // at or above 2^(emax+1) before rounding
		if inc == 1<<rb-1 || m == RN {
			return sign | f.inf()
		}
		return sign | (f.inf() - 1)
	}
	if ftz {
		if ftzFlushes(bexp, sig, inc) {
			return sign
		}
		return sign | 1<<f.fracBits // MinNormal
	}
	// Gradual underflow: move sig onto the subnormal grid, keeping what
	// falls off as sticky; a carry into the hidden bit is MinNormal.
	sig = f32.ShiftRightJam(sig, uint(uint32(1-bexp)))
	return sign | (sig+incrementF(rb, s, sig, m))>>rb
}

// incrementF is the rounding increment of sig, rb bits below the kept ones,
// in mode m for sign bit s (0 or 1): an ulp minus one where the mode rounds
// the magnitude up, 0 where it rounds it down, and for RN half an ulp minus
// one plus the kept last bit, which carries exactly when the round bits
// exceed half an ulp or equal it with an odd last bit (ties to even, no
// branch).
func incrementF(rb uint, s, sig uint64, m Mode) uint64 {
	up := upMask[m&3][s] & (1<<rb - 1)
	rn := rnMask[m&3] & (1<<(rb-1) - 1 + sig>>rb&1)
	return up | rn
}

// upMask[m][s] is all ones where mode m rounds the magnitude of a result
// of sign bit s up; rnMask[m] is all ones for RN.
var (
	upMask = [4][2]uint64{RU: {^uint64(0), 0}, RD: {0, ^uint64(0)}}
	rnMask = [4]uint64{RN: ^uint64(0)}
)
