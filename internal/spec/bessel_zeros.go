package spec

// BesselZeros holds, for J0, J1, Y0 and Y1 in that order, the float32
// nearest each of their first six positive zeros (bit patterns), where
// their relative error explodes (the Bessel functions' hard region).
// Provenance: TestBesselZeros' big-float root finder (power series on
// math/big, bisection on encodings) computes the table and checks it. The
// first zeros agree with the high parts of the zeros in libdevice's
// near-zero polynomials (j0f_, j1f_, y0f_ and y1f_'s add.f32 constants).
var BesselZeros = [4][6]uint32{
	{0x4019e8a9, 0x40b0a47b, 0x410a75ab, 0x413caa20, 0x416ee50a, 0x4190918a}, // J0: 2.40483 5.52008 8.65373 11.7915 14.9309 18.0711
	{0x40753aac, 0x40e07fb0, 0x4122c687, 0x41552dd8, 0x4183c3da, 0x419ced47}, // J1: 3.83171 7.01559 10.1735 13.3237 16.4706 19.6159
	{0x3f64c176, 0x407d4a9a, 0x40e2c0ee, 0x41238eba, 0x4155c70e, 0x418401e4}, // Y0: 0.893577 3.95768 7.08605 10.2223 13.3611 16.5009
	{0x400c9df7, 0x40adbff2, 0x4109893d, 0x413bfc8a, 0x416e5bec, 0x419058e3}, // Y1: 2.19714 5.42968 8.59601 11.7492 14.8974 18.0434
}
