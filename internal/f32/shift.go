package f32

// ShiftRightEven returns v/2^sh rounded to the nearest integer, ties to
// even, for v < 2^63 and 1 ≤ sh ≤ 63: the rounding to nearest of a
// significand held with sh extra bits. Half minus one plus the kept last
// bit, added before truncating, carries exactly when the dropped bits
// exceed half or equal it with an odd last bit; no branch.
func ShiftRightEven(v uint64, sh uint) uint64 {
	return (v + (1<<(sh-1) - 1) + (v >> sh & 1)) >> sh
}

// ShiftRightJam returns v >> n with every bit shifted out ORed into bit 0
// ("jamming", SoftFloat's softfloat_shiftRightJam64): the sticky bit of a
// significand moved right before rounding. Any n; no branch.
func ShiftRightJam(v uint64, n uint) uint64 {
	n = min(n, 63) // at 63 everything below bit 63 is sticky already
	lost := v & (1<<n - 1)
	return v>>n | (lost|-lost)>>63
}
