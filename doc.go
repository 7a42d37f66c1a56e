// Package cudafp computes CUDA single-precision math on any CPU bit for bit
// as an NVIDIA H100 (sm_90, CUDA 13.0) computes it, measures how far each CUDA
// function is from the correctly rounded result, and benchmarks the emulation.
//
// The module is organised in layers; each imports only the ones above it
// (deps_test.go enforces this):
//
//	internal/f32       binary32 encoding: fields, classes, constants, ordered key, formatting
//	internal/testflag  the switches of the test tiers (CUDAFP_EXHAUSTIVE, CUDAFP_SEED)
//	rounding           IEEE-754 binary32 operations and conversions in RN/RZ/RU/RD, with .ftz
//	internal/oracle    correctly rounded references on math/big and bigfloat
//	ptx                PTX .f32 instruction semantics on sm_90, the MUFU models included
//	intrinsics         one Go function per CUDA __ intrinsic
//	fp                 CUDA's float32 standard library and C operators under nvcc flag modes
//	internal/spec      the catalog of every emulated function
//	internal/golden    device-captured golden data: format, loader, verification
//	ulp                error metrics, sweeps and statistics
//	bench              benchmark cases and the throughput runner
//	reports            Markdown, CSV, JSON and HTML rendering
//	cmd/cudafp         the command-line tool
//	gpu/               the CUDA capture harness that writes testdata/golden
package cudafp
