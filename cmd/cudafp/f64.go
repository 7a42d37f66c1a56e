package main

import (
	"errors"
	"math"
	"strconv"
)

func errorsAs(err error, target any) bool { return errors.As(err, target) }

func f64bits(v float64) uint64 { return math.Float64bits(v) }

// hexBits returns v as 0x and digits lowercase hex digits.
func hexBits(v uint64, digits int) string {
	s := strconv.FormatUint(v, 16)
	for len(s) < digits {
		s = "0" + s
	}
	return "0x" + s
}

func spellF64(v uint64) spelled {
	f := math.Float64frombits(v)
	if math.IsNaN(f) {
		return spelled{"NaN", "NaN", hexBits(v, 16)}
	}
	return spelled{strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(f, 'x', -1, 64), hexBits(v, 16)}
}
