package rounding

// Panic messages, one constant per programmer error (gonum's errors.go).
const badMode = "rounding: invalid Mode"

// checkMode panics with badMode unless m is RN, RZ, RU or RD.
func checkMode(m Mode) {
	if m > RD {
		panic(badMode)
	}
}
