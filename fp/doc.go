// Package fp emulates CUDA's single-precision standard math library (expf,
// powf, sinf, …) and the C operators on float (x/y, 1.0f/x, sqrtf, x*y+z) as
// nvcc compiles them for sm_90 under a given set of nvcc flags.
//
// Each function is the sequence of PTX operations nvcc emits for it in that
// flag mode (CUDA 13.0), evaluated with the ptx and rounding packages on
// uint32 encodings. Flags travel as a value: the package-level functions use
// nvcc's default flags, and the methods of Target use any other set.
package fp
