package fp

// The Payne–Hanek table, the fixed-point π/2 and the argument reduction of
// the double trigonometric functions, for the tests of package fp_test.
var (
	I2opi64      = i2opi64
	Pio2Fix64    = uint64(trig64Pio2Fix)
	Trig64Reduce = trig64Reduce
)
