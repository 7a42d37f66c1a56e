package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of the 16-bit sine, cosine, hyperbolic tangent and division
// (fp/half_trig.go, fp/half_div.go): hsin, hcos, htanh, htanh_approx,
// __hdiv and x/y of both types; their h2 and __h2div forms follow from the
// lanes (laneKernel). Each receives the effective flags (Func.Sens).
func init() {
	for _, t := range []struct {
		pfx                        string
		sin, cos, tanh, tanhApprox func(fp.Flags, uint16) uint16
		div                        func(fp.Flags, uint16, uint16) uint16
	}{
		{"f16", fp.Flags.HsinF16, fp.Flags.HcosF16, fp.Flags.HtanhF16, fp.Flags.HtanhApproxF16, fp.Flags.HdivF16},
		{"bf16", fp.Flags.HsinBF16, fp.Flags.HcosBF16, fp.Flags.HtanhBF16, fp.Flags.HtanhApproxBF16, fp.Flags.HdivBF16},
	} {
		for name, g := range map[string]func(fp.Flags, uint16) uint16{
			"hsin": t.sin, "hcos": t.cos, "htanh": t.tanh, "htanh_approx": t.tanhApprox,
		} {
			bindH1(t.pfx+"_"+name, func(fl fp.Flags) func(uint16) uint16 {
				return func(x uint16) uint16 { return g(fl, x) }
			})
		}
		for _, name := range []string{"hdiv", "op_div"} {
			bindH2(t.pfx+"_"+name, func(fl fp.Flags) func(x, y uint16) uint16 {
				return func(x, y uint16) uint16 { return t.div(fl, x, y) }
			})
		}
	}
}
