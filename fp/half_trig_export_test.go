package fp

// HalfTrigRawF16 is the binary16 hsin (cos false) or hcos (cos true)
// kernel without its corrections, and HalfTrigCorrF16 the values of |x|
// its corrections fire on, for TestHalfTrigCorrections.
func HalfTrigRawF16(x uint16, cos bool) uint16 { return from32(hsincosF16(x, cos, false), false) }

func HalfTrigCorrF16(cos bool) []uint16 {
	cs := hsinCorrF16[:]
	if cos {
		cs = hcosCorrF16[:]
	}
	var spc []uint16
	for _, c := range cs {
		spc = append(spc, c.spc)
	}
	return spc
}
