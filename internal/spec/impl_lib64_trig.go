package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of CUDA's double trigonometric functions (package fp,
// lib64_trig.go; issue 18) to the catalog. No flag changes their results;
// the catalog still verifies them under every captured flag set.
func init() {
	for id, g := range map[string]func(float64) float64{
		"sin": fp.Sin, "cos": fp.Cos, "tan": fp.Tan, "sinpi": fp.Sinpi, "cospi": fp.Cospi,
	} {
		bindD1(id, always(g))
	}
	// Two results: r0 the sine, r1 the cosine.
	for id, g := range map[string]func(float64) (float64, float64){"sincos": fp.Sincos, "sincospi": fp.Sincospi} {
		bindPair(id, func(in *Args) (uint64, uint64) {
			s, c := g(f64a(in[0]))
			return f64r(s), f64r(c)
		})
	}
}
