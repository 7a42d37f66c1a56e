package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of package fp's error functions and normal distribution (erff,
// erfcf, erfcxf, erfinvf, erfcinvf, normcdff, normcdfinvf) to the catalog.
// Each binding receives the effective flags of the golden file it is checked
// against and returns the function as compiled under them.
func init() {
	bindF32("erff", flagsOf, fp.Flags.Erff)
	bindF32("erfcf", flagsOf, fp.Flags.Erfcf)
	bindF32("erfcxf", flagsOf, fp.Flags.Erfcxf)
	bindF32("erfinvf", flagsOf, fp.Flags.Erfinvf)
	bindF32("erfcinvf", flagsOf, fp.Flags.Erfcinvf)
	bindF32("normcdff", flagsOf, fp.Flags.Normcdff)
	bindF32("normcdfinvf", flagsOf, fp.Flags.Normcdfinvf)
}
