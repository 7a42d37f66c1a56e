// cuda_stub16.h: the host-only stand-in (see cuda_stub.h) for the parts of
// cuda_fp16.h and cuda_bf16.h that gpu/harness16.cu and funcs16_gen.cuh
// use: the four types as bit holders, their reinterpretations, lanes,
// operators and casts, for -fsyntax-only; funcs16_gen.cuh declares the
// named functions under CUDAFP_STUB. A CUDAFP_HOST_STUB build evaluates
// cudafp_stub_eval16 instead: a hash of the arguments, NOT what a GPU
// computes (gpu/stubcheck16.go, golden.StubKernel16).
#pragma once
#include <cstdint>

struct __half {
  unsigned short u;
  __half() = default;
  __half(float);
  __half(double);
  operator float() const;
};
struct __nv_bfloat16 {
  unsigned short u;
  __nv_bfloat16() = default;
  __nv_bfloat16(float);
  __nv_bfloat16(double);
  operator float() const;
};
struct __half2 { __half x, y; };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
#define CUDAFP_STUB16_OPS(T)                                                     \
  T operator+(T, T); T operator-(T, T); T operator*(T, T); T operator/(T, T);    \
  T operator-(T);
CUDAFP_STUB16_OPS(__half)
CUDAFP_STUB16_OPS(__nv_bfloat16)

inline __half __ushort_as_half(unsigned short u) { __half h; h.u = u; return h; }
inline unsigned short __half_as_ushort(__half h) { return h.u; }
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { __nv_bfloat16 h; h.u = u; return h; }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.u; }
inline __half2 __halves2half2(__half a, __half b) { return {a, b}; }
inline __half __low2half(__half2 v) { return v.x; }
inline __half __high2half(__half2 v) { return v.y; }
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return {a, b}; }
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 v) { return v.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 v) { return v.y; }

// cudafp_stub_eval16: argument j contributes mix(h ^ (j<<32 | low word))
// and, when 64 bits wide (spec.Type f64, i64, u64: 1, 4, 5), mix(h ^ (1<<63
// | j<<32 | high word)); the result is the hash masked to the result's
// width (bool: 1 bit).
template <class F>
inline uint64_t cudafp_stub_eval16(const uint64_t* in) {
  uint64_t h = 0;
  for (int j = 0; j < F::arity; j++) {
    h = cudafp_stub_mix(h ^ (((uint64_t)j << 32) | (in[j] & 0xffffffffull)));
    if (F::in0 == 1 || F::in0 == 4 || F::in0 == 5) h = cudafp_stub_mix(h ^ (1ull << 63) ^ ((uint64_t)j << 32) ^ (in[j] >> 32));
  }
  if (F::out_digits == 1) return h & 1;
  return h & (~0ull >> (64 - 4 * F::out_digits));
}
