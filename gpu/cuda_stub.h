// cuda_stub.h: a host-only stand-in for the parts of the CUDA runtime and
// device library that gpu/harness.cu uses, so that the harness compiles with
// a plain C++ compiler where nvcc is absent (capture.sh's check mode):
//
//   g++ -std=c++17 -fsyntax-only -x c++ -include gpu/cuda_stub.h -DCUDAFP_FLAGSET=0 gpu/harness.cu
//
// checks the generated function list (funcs_gen.cuh) and the harness for
// every catalogued function, and with -DCUDAFP_HOST_STUB and
// -DCUDAFP_ONLY_FUNCS(X)='X(F_norm4df) …' a build that runs: kernels are
// loops over blocks and threads on the CPU, and every function evaluates
// cudafp_stub_eval at the end of this file, a hash of its arguments: NOT
// what a GPU computes. A file written by such a build checks the input
// generators, the special grid and the file format against internal/spec
// and internal/golden (gpu/stubcheck.go), never the emulation. Its
// provenance header names "host stub (not a GPU)".
#pragma once
#define CUDAFP_STUB 1  // gpu/harness16.cu then includes cuda_stub16.h instead of cuda_fp16.h
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#define __global__
#define __device__
#define __host__
#define __constant__

struct cudafp_dim3 {
  unsigned x = 0, y = 0, z = 0;
};
inline cudafp_dim3 blockIdx, blockDim, threadIdx;

// Kernel launches run every thread of every block in turn.
#define CUDAFP_LAUNCH(kernel, blocks, threads, ...)                              \
  do {                                                                           \
    blockDim.x = (threads);                                                      \
    for (blockIdx.x = 0; blockIdx.x < (unsigned)(blocks); blockIdx.x++)          \
      for (threadIdx.x = 0; threadIdx.x < blockDim.x; threadIdx.x++)             \
        kernel(__VA_ARGS__);                                                     \
  } while (0)

typedef int cudaError_t;
enum { cudaSuccess = 0 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost };
inline const char* cudaGetErrorString(cudaError_t) { return "host stub error"; }
template <class T>
inline cudaError_t cudaMalloc(T** p, size_t n) {
  *p = static_cast<T*>(calloc(n, 1));
  return *p ? cudaSuccess : 2;
}
inline cudaError_t cudaMemcpy(void* dst, const void* src, size_t n, cudaMemcpyKind) {
  memcpy(dst, src, n);
  return cudaSuccess;
}
inline cudaError_t cudaMemset(void* p, int v, size_t n) {
  memset(p, v, n);
  return cudaSuccess;
}
inline cudaError_t cudaFree(void* p) {
  free(p);
  return cudaSuccess;
}
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
struct cudaDeviceProp {
  char name[256];
  int major, minor;
};
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int) {
  strcpy(p->name, "host stub (not a GPU)");
  p->major = 9;  // keeps the harness quiet; the name says what ran
  p->minor = 0;
  return cudaSuccess;
}
inline unsigned long long atomicAdd(unsigned long long* p, unsigned long long v) {
  unsigned long long old = *p;
  *p = old + v;
  return old;
}

template <class To, class From>
inline To cudafp_bits(From v) {
  To t;
  memcpy(&t, &v, sizeof t);
  return t;
}
inline float __uint_as_float(uint32_t u) { return cudafp_bits<float>(u); }
inline uint32_t __float_as_uint(float f) { return cudafp_bits<uint32_t>(f); }
inline float __int_as_float(int u) { return cudafp_bits<float>(u); }
inline int __float_as_int(float f) { return cudafp_bits<int>(f); }
inline double __longlong_as_double(long long u) { return cudafp_bits<double>(u); }
inline long long __double_as_longlong(double d) { return cudafp_bits<long long>(d); }

// Declarations of the CUDA device functions that have no C++ counterpart,
// enough for -fsyntax-only of the whole function list.
#define CUDAFP_F1(n) float n(float);
#define CUDAFP_F2(n) float n(float, float);
CUDAFP_F1(__expf) CUDAFP_F1(__exp10f) CUDAFP_F1(__logf) CUDAFP_F1(__log2f) CUDAFP_F1(__log10f)
CUDAFP_F1(__sinf) CUDAFP_F1(__cosf) CUDAFP_F1(__tanf) CUDAFP_F1(__tanhf) CUDAFP_F1(__saturatef)
CUDAFP_F2(__powf) CUDAFP_F2(__fdividef) CUDAFP_F2(fdividef)
CUDAFP_F1(rsqrtf) CUDAFP_F1(rcbrtf) CUDAFP_F1(sinpif) CUDAFP_F1(cospif) CUDAFP_F1(erfinvf) CUDAFP_F1(erfcinvf)
CUDAFP_F1(erfcxf) CUDAFP_F1(normcdff) CUDAFP_F1(normcdfinvf) CUDAFP_F1(cyl_bessel_i0f) CUDAFP_F1(cyl_bessel_i1f)
CUDAFP_F2(rhypotf)
float norm3df(float, float, float);
float rnorm3df(float, float, float);
void sincospif(float, float*, float*);
void __sincosf(float, float*, float*);
#define CUDAFP_R4(n) CUDAFP_F2(n##_rn) CUDAFP_F2(n##_rz) CUDAFP_F2(n##_ru) CUDAFP_F2(n##_rd)
CUDAFP_R4(__fadd) CUDAFP_R4(__fsub) CUDAFP_R4(__fmul) CUDAFP_R4(__fdiv)
#define CUDAFP_R4U(n) CUDAFP_F1(n##_rn) CUDAFP_F1(n##_rz) CUDAFP_F1(n##_ru) CUDAFP_F1(n##_rd)
CUDAFP_R4U(__frcp) CUDAFP_R4U(__fsqrt)
CUDAFP_F1(__frsqrt_rn)
#define CUDAFP_FMA4(n) float n##_rn(float, float, float); float n##_rz(float, float, float); \
  float n##_ru(float, float, float); float n##_rd(float, float, float);
CUDAFP_FMA4(__fmaf) CUDAFP_FMA4(__fmaf_ieee)
#define CUDAFP_CVT(from, to, n) to n##_rn(from); to n##_rz(from); to n##_ru(from); to n##_rd(from);
CUDAFP_CVT(float, int, __float2int) CUDAFP_CVT(float, unsigned int, __float2uint)
CUDAFP_CVT(float, long long, __float2ll) CUDAFP_CVT(float, unsigned long long, __float2ull)
CUDAFP_CVT(int, float, __int2float) CUDAFP_CVT(unsigned int, float, __uint2float)
CUDAFP_CVT(long long, float, __ll2float) CUDAFP_CVT(unsigned long long, float, __ull2float)
CUDAFP_CVT(double, float, __double2float)

#define CUDAFP_D2(n) double n##_rn(double, double); double n##_rz(double, double); double n##_ru(double, double); double n##_rd(double, double);
#define CUDAFP_D1(n) double n##_rn(double); double n##_rz(double); double n##_ru(double); double n##_rd(double);
CUDAFP_D2(__dadd) CUDAFP_D2(__dsub) CUDAFP_D2(__dmul) CUDAFP_D2(__ddiv) CUDAFP_D1(__drcp) CUDAFP_D1(__dsqrt)
double __fma_rn(double, double, double); double __fma_rz(double, double, double);
double __fma_ru(double, double, double); double __fma_rd(double, double, double);
CUDAFP_CVT(double, int, __double2int) CUDAFP_CVT(double, unsigned int, __double2uint)
CUDAFP_CVT(double, long long, __double2ll) CUDAFP_CVT(double, unsigned long long, __double2ull)
CUDAFP_CVT(long long, double, __ll2double) CUDAFP_CVT(unsigned long long, double, __ull2double)
double __int2double_rn(int); double __uint2double_rn(unsigned int);
int __double2hiint(double); int __double2loint(double); double __hiloint2double(int, int);
// The double standard functions that glibc's <cmath> does not declare.
double rsqrt(double); double rcbrt(double); double sinpi(double); double cospi(double);
void sincospi(double, double*, double*);
double erfinv(double); double erfcinv(double); double erfcx(double); double normcdf(double); double normcdfinv(double);
double cyl_bessel_i0(double); double cyl_bessel_i1(double); double rhypot(double, double);
double norm3d(double, double, double); double rnorm3d(double, double, double);
double norm4d(double, double, double, double); double rnorm4d(double, double, double, double);
double norm(int, const double*); double rnorm(int, const double*);
float norm4df(float, float, float, float); float rnorm4df(float, float, float, float);
float normf(int, const float*); float rnormf(int, const float*);

// The evaluation of every function in a CUDAFP_HOST_STUB build (the
// generated eval calls it instead of the CUDA function): a hash of the
// argument words, so that the outputs and block hashes of a stub capture
// record every input the harness generated, and gpu/stubcheck.go, hashing
// the inputs of internal/spec the same way (golden.StubKernel), proves that
// both sides generate the same inputs and grid points. NOT what a GPU
// computes. Argument j (an array function's count and its first count
// elements) contributes mix(h ^ (j<<32 | low word)) and, when 64 bits wide
// (spec.Type f64, i64, u64: 1, 4, 5), mix(h ^ (1<<63 | j<<32 | high word)).
// The result is the hash masked to a finite positive value of the result's
// width; a pair_wide function's second result is mix(hash), masked.
inline uint64_t cudafp_stub_mix(uint64_t z) {  // splitmix64's finaliser (gen.h mix64)
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
template <class F>
inline uint64_t cudafp_stub_eval(const uint64_t* in, uint64_t* second) {
  int n = F::arity;
  if (F::array) {
    int32_t d = (int32_t)(uint32_t)in[0];
    n = 1 + (d < 0 ? 0 : (d > F::arity - 1 ? F::arity - 1 : d));
  }
  uint64_t h = 0;
  for (int j = 0; j < n; j++) {
    int t = F::in_t(j);
    h = cudafp_stub_mix(h ^ (((uint64_t)j << 32) | (in[j] & 0xffffffffull)));
    if (t == 1 || t == 4 || t == 5) h = cudafp_stub_mix(h ^ (1ull << 63) ^ ((uint64_t)j << 32) ^ (in[j] >> 32));
  }
  const uint64_t wide = 0x3fffffffffffffffull, narrow = 0x3fffffffull;
  if (F::pair_wide) *second = cudafp_stub_mix(h) & (F::second_wide ? wide : narrow);
  return h & (F::wide_out ? wide : narrow);
}
