package rounding

// Mode is an IEEE-754 rounding direction. The zero value is RN.
type Mode uint8

const (
	RN Mode = iota // round to nearest, ties to even; IEEE roundTiesToEven; PTX .rn/.rni; CUDA _rn
	RZ             // toward zero; IEEE roundTowardZero; PTX .rz/.rzi; CUDA _rz
	RU             // toward +Inf; IEEE roundTowardPositive; PTX .rp/.rpi; CUDA _ru
	RD             // toward -Inf; IEEE roundTowardNegative; PTX .rm/.rmi; CUDA _rd
)

// Modes lists the four modes in declaration order, for tests and sweeps.
var Modes = [...]Mode{RN, RZ, RU, RD}

var modeNames = [...]string{"RN", "RZ", "RU", "RD"}

// String returns "RN", "RZ", "RU" or "RD".
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "Mode(?)"
}

// PTX returns the PTX rounding modifier of m for floating-point results:
// "rn", "rz", "rp" or "rm".
func (m Mode) PTX() string {
	return [...]string{"rn", "rz", "rp", "rm"}[m&3]
}

// CUDA returns the suffix CUDA intrinsics use for m: "rn", "rz", "ru" or "rd".
func (m Mode) CUDA() string {
	return [...]string{"rn", "rz", "ru", "rd"}[m&3]
}
