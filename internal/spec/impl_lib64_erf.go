package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of CUDA's double error and gamma functions (package fp,
// lib64_erf.go and lib64_gamma.go; issue 18) to the catalog.
func init() {
	for id, g := range map[string]func(fp.Flags) func(float64) float64{
		"erf":        func(fl fp.Flags) func(float64) float64 { return fl.Erf },
		"erfc":       func(fl fp.Flags) func(float64) float64 { return fl.Erfc },
		"erfcx":      func(fl fp.Flags) func(float64) float64 { return fl.Erfcx },
		"normcdf":    func(fl fp.Flags) func(float64) float64 { return fl.Normcdf },
		"erfinv":     func(fl fp.Flags) func(float64) float64 { return fl.Erfinv },
		"erfcinv":    func(fl fp.Flags) func(float64) float64 { return fl.Erfcinv },
		"normcdfinv": func(fl fp.Flags) func(float64) float64 { return fl.Normcdfinv },
		"lgamma":     func(fl fp.Flags) func(float64) float64 { return fl.Lgamma },
		"tgamma":     func(fl fp.Flags) func(float64) float64 { return fl.Tgamma },
	} {
		bindD1(id, g)
	}
}
