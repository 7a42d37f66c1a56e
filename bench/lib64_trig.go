package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of the double trigonometric functions (package fp,
// lib64_trig.go): the emulation as a user calls it, and package math's
// function as the native route (sinpi and cospi: of π·x, as a user writes
// them). sincos and sincospi run through their catalog kernels.
func init() {
	for id, m := range map[string]func(fp.Flags, float64) float64{
		"sin": fp.Flags.Sin, "cos": fp.Flags.Cos, "tan": fp.Flags.Tan,
		"sinpi": fp.Flags.Sinpi, "cospi": fp.Flags.Cospi,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF64), packF64)
		}
	}
	for ref, n := range map[string]native{
		"sin":   natLib64("math.Sin(x)", math.Sin),
		"cos":   natLib64("math.Cos(x)", math.Cos),
		"tan":   natLib64("math.Tan(x)", math.Tan),
		"sinpi": natLib64("math.Sin(math.Pi * x)", func(x float64) float64 { return math.Sin(math.Pi * x) }),
		"cospi": natLib64("math.Cos(math.Pi * x)", func(x float64) float64 { return math.Cos(math.Pi * x) }),
	} {
		natives64[ref] = n
	}
}
