// Package rounding holds cudafp's correctly rounded IEEE-754 binary32
// operations and conversions, parameterised by rounding Mode and the PTX
// .ftz flag, with CUDA's NaN policy.
//
// Every kernel works on uint32 (and, for the conversions, uint64 and integer)
// encodings with integer arithmetic only: no host floating-point operation
// decides a result bit, so results are identical on every GOARCH. Each
// floating-point result leaves through one rounding funnel, roundPack
// (roundpack.go); each integer result of a float-to-integer conversion
// through one integer rounding step, roundToInt (convert.go). The CUDA
// specifics (canonical NaN, what .ftz flushes, NaN results of conversions)
// live in cuda.go and nowhere else.
//
// Kernels are total: they are defined on every encoding, allocate nothing
// and never panic, except on an invalid Mode, which panics with the constant
// message "rounding: invalid Mode".
package rounding
