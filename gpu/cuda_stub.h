// cuda_stub.h: a host-only stand-in for the parts of the CUDA runtime and
// device library that gpu/harness.cu uses, so that the harness compiles with
// a plain C++ compiler where nvcc is absent (capture.sh's check mode):
//
//   g++ -std=c++17 -fsyntax-only -x c++ -include gpu/cuda_stub.h -DCUDAFP_FLAGSET=0 gpu/harness.cu
//
// checks the generated function list (funcs_gen.cuh) and the harness for
// every catalogued function, and with -DCUDAFP_HOST_STUB and
// -DCUDAFP_ONLY_FUNCS(X)='X(F_norm4df) …' a build that runs: kernels are
// loops over blocks and threads on the CPU. The functions it can run are
// the stand-ins at the end of this file, which hash their arguments: NOT
// what a GPU computes. A file written by such a build checks the input
// generators, the special grid and the file format against internal/spec
// and internal/golden (gpu/stubcheck.go), never the emulation. Its
// provenance header names "host stub (not a GPU)".
#pragma once
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

// Stand-ins that run (CUDAFP_HOST_STUB builds) for the functions of
// capture.sh's check: each returns a hash of its argument words, so that the
// outputs and block hashes of a stub capture record every input the harness
// generated, and gpu/stubcheck.go, hashing the inputs of internal/spec the
// same way (golden.StubHash), proves that both sides generate the same
// inputs and grid points. A function's words are its arguments' bit
// patterns in order; normf's are its count and its first count elements.
inline uint64_t cudafp_stub_mix(uint64_t z) {  // splitmix64's finaliser (gen.h mix64)
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
inline float cudafp_stub_hash(const uint32_t* w, int n) {
  uint64_t h = 0;
  for (int j = 0; j < n; j++) h = cudafp_stub_mix(h ^ (((uint64_t)j << 32) | w[j]));
  return __uint_as_float((uint32_t)h & 0x3fffffffu);  // finite and positive
}
inline float cudafp_stub_words(int n, const float* a, bool count) {
  uint32_t w[16];
  int k = 0;
  if (count) w[k++] = (uint32_t)n;
  for (int j = 0; j < n && k < 16; j++) w[k++] = __float_as_uint(a[j]);
  return cudafp_stub_hash(w, k);
}
inline float norm4df(float x, float y, float z, float t) {
  float a[4] = {x, y, z, t};
  return cudafp_stub_words(4, a, false);
}
inline float rnorm4df(float x, float y, float z, float t) { return norm4df(x, y, z, t); }
inline float normf(int n, const float* a) { return cudafp_stub_words(n < 0 ? 0 : n, a, true); }
inline float rnormf(int n, const float* a) { return normf(n, a); }
inline float cudafp_stub_jnf(int n, float x) {
  uint32_t w[2] = {(uint32_t)n, __float_as_uint(x)};
  return cudafp_stub_hash(w, 2);
}
#define jnf cudafp_stub_jnf  // glibc declares jnf and ynf with C linkage
#define ynf cudafp_stub_jnf
