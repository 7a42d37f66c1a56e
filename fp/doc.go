// Package fp emulates CUDA's single-precision standard math library (expf,
// powf, sinf, …) and the C operators on float (x/y, 1.0f/x, sqrtf, x*y+z) as
// nvcc compiles them for sm_90 under a given set of nvcc flags, and the C
// operators on double (Add64 … MulSub64: x+y, x/y, 1.0/x, sqrt(x), x*y+z on
// double, of which -fmad changes only the contraction of x*y±z), and the
// __half and __nv_bfloat16 math functions as they are ported (HexpF16,
// HlogBF16, …: half_math.go), on the 16-bit encodings as package rounding
// takes them.
//
// Each function is the sequence of PTX operations nvcc emits for it in that
// flag mode (CUDA 13.0), evaluated with the ptx and rounding packages on
// uint32 encodings; where ptxas contracts a multiply and an add into one
// FFMA (read from the SASS of each build), so does the emulation. Flags
// travel as a value: the methods of Flags compile a function under any set
// (fp.FastMath.Expf is expf under -use_fast_math, that is __expf), and the
// package-level functions use nvcc's default flags (fp.Expf is
// fp.Flags{}.Expf).
//
// The common arguments take a fast path (fastkern.go): the same sequence
// on host floating point, each fma an exact binary64 product plus an add
// rounded once to binary32, with a check that this rounding is the
// device's (no binary32 midpoint, a normal result; or, for the
// logarithms' polynomials, an enumeration of every reduced argument in the
// tests). Everything else runs the sequence instruction by instruction,
// which is also what the tests compare every fast path with.
//
// Each function is checked bit for bit against the H100's results in testdata/golden
// under the six captured flag sets (default, -ftz=true, -prec-div=false,
// -prec-sqrt=false, -fmad=false, -use_fast_math): on all 2^32 inputs of the
// unary functions, and on the special-value grid and 2^24 generated inputs
// of the others (go test ./internal/golden; CUDAFP_EXHAUSTIVE=1 for every
// input).
package fp
