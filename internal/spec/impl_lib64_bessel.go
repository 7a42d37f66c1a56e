package spec

import (
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of CUDA's double Bessel functions (package fp, lib64_bessel*.go;
// issue 18) to the catalog.
func init() {
	for id, g := range map[string]func(fp.Flags) func(float64) float64{
		"cyl_bessel_i0": func(fl fp.Flags) func(float64) float64 { return fl.CylBesselI0 },
		"cyl_bessel_i1": func(fl fp.Flags) func(float64) float64 { return fl.CylBesselI1 },
		"j0":            func(fl fp.Flags) func(float64) float64 { return fl.J0 },
		"j1":            func(fl fp.Flags) func(float64) float64 { return fl.J1 },
		"y0":            func(fl fp.Flags) func(float64) float64 { return fl.Y0 },
		"y1":            func(fl fp.Flags) func(float64) float64 { return fl.Y1 },
	} {
		bindD1(id, g)
	}
	bindOrder64("jn", func(fl fp.Flags) func(int32, float64) float64 { return fl.Jn })
	bindOrder64("yn", func(fl fp.Flags) func(int32, float64) float64 { return fl.Yn })
	// A NaN x meets the NaN 0x7fffffff00000000 of rcp.approx.ftz.f64 in
	// the first fma of the Newton step, fma(−x, rcp, 1): in PTX's operand
	// order (o[0] AsWritten) that NaN wins and reaches the result (fp's
	// functions); with the operands swapped x's NaN wins at every step and
	// the result is x quieted.
	for _, id := range []string{"j0", "j1", "y0", "y1"} {
		g := bindings[id]
		ordered[id] = func(fl fp.Flags, o NaNOrders) Kernel {
			k := g(fl)
			return func(in *Args) uint64 {
				if o[0] != rounding.AsWritten && isNaN64(in[0]) {
					return in[0] | 1<<51
				}
				return k(in)
			}
		}
	}
	// jn and yn of order 0 or 1 are j0, j1, y0 or y1.
	for _, id := range []string{"jn", "yn"} {
		g := bindings[id]
		ordered[id] = func(fl fp.Flags, o NaNOrders) Kernel {
			k := g(fl)
			return func(in *Args) uint64 {
				if n := int32(uint32(in[0])); o[0] != rounding.AsWritten && isNaN64(in[1]) && (n == 0 || n == 1) {
					return in[1] | 1<<51
				}
				return k(in)
			}
		}
	}
}

// bindOrder64 binds a function of an int order and a double (jn, yn).
func bindOrder64(id string, fn func(fp.Flags) func(int32, float64) float64) {
	bind(id, func(fl fp.Flags) Kernel {
		g := fn(fl)
		return func(in *Args) uint64 { return f64r(g(int32(uint32(in[0])), f64a(in[1]))) }
	})
}
