package rounding

import "github.com/cudafp/cudafp/internal/f32"

// roundPackG is the rounding funnel of both formats (roundpack.go's
// roundPack is its binary32 instance): it rounds
// sign × sig × 2^(bexp − bias − sigTop) to the format of T in mode m and
// packs it. sig must have its leading 1 at bit sigTop; sign is the sign bit
// in place. With ftz (binary32 only: PTX has no .ftz for .f64), a result
// that cuda.go's ftzFlushes calls tiny becomes the zero of its sign;
// without, tiny results are rounded once on the subnormal grid. Overflow
// gives ±Inf, or ±MaxFinite where the mode rounds the magnitude down.
func roundPackG[T encoding](sign T, bexp int32, sig uint64, m Mode, ftz bool) T {
	rb := roundBitsOf[T]()
	s := uint64(sign >> signShiftOf[T]())
	if uint32(bexp-1) < uint32(maxBexpOf[T]()-1) { // neither tiny nor overflowing
		// The kept bits, hidden bit at fracBits, may carry into the
		// exponent: bexp, or bexp+1 after a carry (Inf on overflow).
		z := T((sig + incrementG[T](s, sig, m)) >> rb)
		return sign | (T(bexp-1)<<fracBitsOf[T]() + z)
	}
	inc := incrementG[T](s, sig, m)
	if bexp > 0 { // at or above 2^(emax+1) before rounding
		if inc == 1<<rb-1 || m == RN {
			return sign | infBitsOf[T]()
		}
		return sign | (infBitsOf[T]() - 1)
	}
	if ftz {
		if ftzFlushes(bexp, sig, inc) {
			return sign
		}
		return sign | T(f32.MinNormalBits)
	}
	// Gradual underflow: move sig onto the subnormal grid, keeping what
	// falls off as sticky; a carry into the hidden bit is MinNormal.
	sig = f32.ShiftRightJam(sig, uint(uint32(1-bexp)))
	return sign | T((sig+incrementG[T](s, sig, m))>>rb)
}

// incrementG is the rounding increment of sig in mode m for sign bit s
// (0 or 1): an ulp minus one where the mode rounds the magnitude up, 0
// where it rounds it down, and for RN half an ulp minus one plus the kept
// last bit, which carries exactly when the round bits exceed half an ulp
// or equal it with an odd last bit (ties to even, no branch).
func incrementG[T encoding](s, sig uint64, m Mode) uint64 {
	rb := roundBitsOf[T]()
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
