package golden

import (
	"math"
	"strconv"
)

func hex(v uint64, digits int) string {
	s := strconv.FormatUint(v, 16)
	for len(s) < digits {
		s = "0" + s
	}
	return "0x" + s
}

func itoa(v int64) string  { return strconv.FormatInt(v, 10) }
func utoa(v uint64) string { return strconv.FormatUint(v, 10) }

func formatF64(v uint64) string {
	f := math.Float64frombits(v)
	s := "NaN"
	if !math.IsNaN(f) {
		s = strconv.FormatFloat(f, 'x', -1, 64)
	}
	return hex(v, 16) + " [" + s + "]"
}
