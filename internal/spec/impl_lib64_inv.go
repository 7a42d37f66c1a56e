package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of CUDA's double inverse trigonometric functions, roots and
// norms (package fp, lib64_inv.go, lib64_norm.go; issue 18) to the
// catalog.
func init() {
	for id, g := range map[string]func(fp.Flags) func(float64) float64{
		"asin": func(fl fp.Flags) func(float64) float64 { return fl.Asin },
		"acos": func(fl fp.Flags) func(float64) float64 { return fl.Acos },
		"atan": func(fl fp.Flags) func(float64) float64 { return fl.Atan },
	} {
		bindD1(id, g)
	}
	bindD2("atan2", func(fl fp.Flags) func(y, x float64) float64 { return fl.Atan2 })
}

func init() {
	bindD1("rsqrt", func(fl fp.Flags) func(float64) float64 { return fl.Rsqrt })
	bindD1("cbrt", func(fl fp.Flags) func(float64) float64 { return fl.Cbrt })
}
