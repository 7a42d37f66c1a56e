package intrinsics

import "math"

// Target is the compilation target of an intrinsic: only -ftz changes
// intrinsics (CUDA C++ Programming Guide, Intrinsic Functions: intrinsics are
// not affected by -prec-div, -prec-sqrt or -fmad). The zero value is nvcc's
// default build, -ftz=false.
type Target struct {
	// FTZ is nvcc -ftz=true: the .ftz forms of the PTX instructions, which
	// read subnormal float32 inputs as zeros of their sign and flush
	// subnormal float32 results to zeros of their sign.
	FTZ bool
}

// bits and fromBits are the package's only float32 boundary: kernels work on
// encodings, and the conversions keep every bit (NaN payloads included).
func bits(x float32) uint32     { return math.Float32bits(x) }
func fromBits(u uint32) float32 { return math.Float32frombits(u) }
