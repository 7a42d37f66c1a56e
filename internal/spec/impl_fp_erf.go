package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's error functions and normal distribution (erff,
// erfcf, erfcxf, erfinvf, erfcinvf, normcdff, normcdfinvf) to the catalog.
// Each binding receives the effective flags of the golden file it is checked
// against and returns the function as compiled under them.
func init() {
	bindF32("erff", func(fl fp.Flags) func(float32) float32 { return fl.Erff })
	bindF32("erfcf", func(fl fp.Flags) func(float32) float32 { return fl.Erfcf })
	bindF32("erfcxf", func(fl fp.Flags) func(float32) float32 { return fl.Erfcxf })
	bindF32("erfinvf", func(fl fp.Flags) func(float32) float32 { return fl.Erfinvf })
	bindF32("erfcinvf", func(fl fp.Flags) func(float32) float32 { return fl.Erfcinvf })
	bindF32("normcdff", func(fl fp.Flags) func(float32) float32 { return fl.Normcdff })
	bindF32("normcdfinvf", func(fl fp.Flags) func(float32) float32 { return fl.Normcdfinvf })
}
