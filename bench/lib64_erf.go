package bench

import (
	"math"

	"github.com/cudafp/cudafp/fp"
)

// Benchmark bindings of the double error and gamma functions (package fp,
// lib64_erf.go, lib64_gamma.go): the emulation as a user calls it, and
// package math's nearest function as the native route (not correctly
// rounded, so no input is declared exact).
func init() {
	for id, m := range map[string]func(fp.Flags, float64) float64{
		"erf": fp.Flags.Erf,
	} {
		emuBindings[id] = func(fl fp.Flags, in columns) runner {
			return loop1(m, fl, decode(in[0], argF64), packF64)
		}
	}
	for ref, n := range map[string]native{
		"erf": natLib64("math.Erf(x)", math.Erf),
	} {
		natives64[ref] = n
	}
}
