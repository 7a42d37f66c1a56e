package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's Bessel functions of orders 0 and 1 (j0f, j1f,
// y0f, y1f) to the catalog. Each binding receives the effective flags of
// the golden file it is checked against and returns the function as
// compiled under them.
func init() {
	bindF32("j0f", func(fl fp.Flags) func(float32) float32 { return fl.J0f })
	bindF32("j1f", func(fl fp.Flags) func(float32) float32 { return fl.J1f })
	bindF32("y0f", func(fl fp.Flags) func(float32) float32 { return fl.Y0f })
	bindF32("y1f", func(fl fp.Flags) func(float32) float32 { return fl.Y1f })
}
