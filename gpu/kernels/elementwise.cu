// elementwise.cu: one-thread-per-element kernels over every library family:
// float math and intrinsics, double math, half and bfloat16 (scalar and
// paired forms) and integer bit operations. Part of the kernel corpus
// (testdata/kernels/README.md): gpu/kernels/capture.sh compiles this file to
// a .cubin under each flag set and runs the cases of gpu/kernels/cases.txt
// that name it.
//
// A kernel with several results writes result k of element i to
// out[k*n + i], in the order its comment lists them; every kernel guards its
// index with n and uses a 1-D grid.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// float_unary: out[k*n+i] for k = 0..11: expf logf sinf cosf tanf tanhf erff
// erfcf lgammaf sqrtf rsqrtf cbrtf of x[i].
__global__ void float_unary(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    out[0 * n + i] = expf(v);
    out[1 * n + i] = logf(v);
    out[2 * n + i] = sinf(v);
    out[3 * n + i] = cosf(v);
    out[4 * n + i] = tanf(v);
    out[5 * n + i] = tanhf(v);
    out[6 * n + i] = erff(v);
    out[7 * n + i] = erfcf(v);
    out[8 * n + i] = lgammaf(v);
    out[9 * n + i] = sqrtf(v);
    out[10 * n + i] = rsqrtf(v);
    out[11 * n + i] = cbrtf(v);
  }
}

// float_binary: out[k*n+i] for k = 0..4: powf atan2f hypotf fmodf and x/y.
__global__ void float_binary(const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[i], b = y[i];
    out[0 * n + i] = powf(a, b);
    out[1 * n + i] = atan2f(a, b);
    out[2 * n + i] = hypotf(a, b);
    out[3 * n + i] = fmodf(a, b);
    out[4 * n + i] = a / b;
  }
}

// float_intrinsics: out[k*n+i] for k = 0..7: __expf(x) __logf(x) __sinf(x)
// __powf(x,y) __fdividef(x,y) __fmul_rz(x,y) __fadd_rd(x,y) __saturatef(x);
// iout[i] = __float2int_rn(x).
__global__ void float_intrinsics(const float* x, const float* y, float* out, int* iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[i], b = y[i];
    out[0 * n + i] = __expf(a);
    out[1 * n + i] = __logf(a);
    out[2 * n + i] = __sinf(a);
    out[3 * n + i] = __powf(a, b);
    out[4 * n + i] = __fdividef(a, b);
    out[5 * n + i] = __fmul_rz(a, b);
    out[6 * n + i] = __fadd_rd(a, b);
    out[7 * n + i] = __saturatef(a);
    iout[i] = __float2int_rn(a);
  }
}

// double_math: out[k*n+i] for k = 0..9: exp(x) log(x) sin(x) cos(x) pow(x,y)
// sqrt(x) x/y erf(x) atan2(x,y) fma(x,y,z).
__global__ void double_math(const double* x, const double* y, const double* z, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i], b = y[i], c = z[i];
    out[0 * n + i] = exp(a);
    out[1 * n + i] = log(a);
    out[2 * n + i] = sin(a);
    out[3 * n + i] = cos(a);
    out[4 * n + i] = pow(a, b);
    out[5 * n + i] = sqrt(a);
    out[6 * n + i] = a / b;
    out[7 * n + i] = erf(a);
    out[8 * n + i] = atan2(a, b);
    out[9 * n + i] = fma(a, b, c);
  }
}

// half_math: out[k*n+i] for k = 0..7: hexp(x) hlog(x) hsin(x) __hadd(x,y)
// __hmul(x,y) __hfma(x,y,z) __hdiv(x,y) __float2half(f[i]);
// fout[i] = __half2float(x).
__global__ void half_math(const __half* x, const __half* y, const __half* z, const float* f, __half* out,
                          float* fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half a = x[i], b = y[i], c = z[i];
    out[0 * n + i] = hexp(a);
    out[1 * n + i] = hlog(a);
    out[2 * n + i] = hsin(a);
    out[3 * n + i] = __hadd(a, b);
    out[4 * n + i] = __hmul(a, b);
    out[5 * n + i] = __hfma(a, b, c);
    out[6 * n + i] = __hdiv(a, b);
    out[7 * n + i] = __float2half(f[i]);
    fout[i] = __half2float(a);
  }
}

// half2_math: n pairs; out[k*n+i] for k = 0..2: __hadd2(x,y) __hmul2(x,y)
// h2exp(x).
__global__ void half2_math(const __half2* x, const __half2* y, __half2* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half2 a = x[i], b = y[i];
    out[0 * n + i] = __hadd2(a, b);
    out[1 * n + i] = __hmul2(a, b);
    out[2 * n + i] = h2exp(a);
  }
}

// bf16_math: out[k*n+i] for k = 0..7: hexp(x) hlog(x) hsin(x) __hadd(x,y)
// __hmul(x,y) __hfma(x,y,z) __hdiv(x,y) __float2bfloat16(f[i]);
// fout[i] = __bfloat162float(x).
__global__ void bf16_math(const __nv_bfloat16* x, const __nv_bfloat16* y, const __nv_bfloat16* z, const float* f,
                          __nv_bfloat16* out, float* fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __nv_bfloat16 a = x[i], b = y[i], c = z[i];
    out[0 * n + i] = hexp(a);
    out[1 * n + i] = hlog(a);
    out[2 * n + i] = hsin(a);
    out[3 * n + i] = __hadd(a, b);
    out[4 * n + i] = __hmul(a, b);
    out[5 * n + i] = __hfma(a, b, c);
    out[6 * n + i] = __hdiv(a, b);
    out[7 * n + i] = __float2bfloat16(f[i]);
    fout[i] = __bfloat162float(a);
  }
}

// bf162_math: n pairs; out[k*n+i] for k = 0..2: __hadd2(x,y) __hmul2(x,y)
// h2exp(x).
__global__ void bf162_math(const __nv_bfloat162* x, const __nv_bfloat162* y, __nv_bfloat162* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __nv_bfloat162 a = x[i], b = y[i];
    out[0 * n + i] = __hadd2(a, b);
    out[1 * n + i] = __hmul2(a, b);
    out[2 * n + i] = h2exp(a);
  }
}

// hscale: y[i] = x[i] * alpha + x[i] in half arithmetic (__hfma); alpha is a
// __half kernel parameter.
__global__ void hscale(const __half* x, __half alpha, __half* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hfma(x[i], alpha, x[i]);
}

// int_ops: out[k*n+i] for k = 0..15 over a = a[i], b = b[i]:
//  0 __popc(a)            1 __clz(a)              2 __brev(a)
//  3 __umulhi(a, b)       4 __mul24(a, b)         5 a << (b & 31)
//  6 a >> (b & 31)        7 (int)a >> (b & 31)    8 min(a, b) unsigned
//  9 max((int)a, (int)b)  10 abs((int)a >> 1)     11 a & (0u - a) (lowest set bit)
// 12 a & (a - 1)          13 __byte_perm(a, b, b >> 16)
// 14 __funnelshift_l(a, b, b >> 27)               15 __ffs(a) + 32 * __popc(a ^ b)
__global__ void int_ops(const unsigned* a, const unsigned* b, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned u = a[i], v = b[i];
    int s = (int)u, t = (int)v;
    out[0 * n + i] = (unsigned)__popc(u);
    out[1 * n + i] = (unsigned)__clz(s);
    out[2 * n + i] = __brev(u);
    out[3 * n + i] = __umulhi(u, v);
    out[4 * n + i] = (unsigned)__mul24(s, t);
    out[5 * n + i] = u << (v & 31);
    out[6 * n + i] = u >> (v & 31);
    out[7 * n + i] = (unsigned)(s >> (v & 31));
    out[8 * n + i] = min(u, v);
    out[9 * n + i] = (unsigned)max(s, t);
    out[10 * n + i] = (unsigned)abs(s >> 1);
    out[11 * n + i] = u & (0u - u);
    out[12 * n + i] = u & (u - 1);
    out[13 * n + i] = __byte_perm(u, v, v >> 16);
    out[14 * n + i] = __funnelshift_l(u, v, v >> 27);
    out[15 * n + i] = (unsigned)__ffs(s) + 32u * (unsigned)__popc(u ^ v);
  }
}

// int64_ops: 64-bit integer operations with a 64-bit scalar; out[k*n+i] for
// k = 0..5 over a = a[i], b = b[i]: __popcll(a) __clzll(a) __brevll(a)
// __umul64hi(a, b) a*b + salt (wrapping) and a splitmix64-style mix of a ^ salt.
__global__ void int64_ops(const unsigned long long* a, const unsigned long long* b, unsigned long long* out,
                          unsigned long long salt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned long long u = a[i], v = b[i];
    out[0 * n + i] = (unsigned long long)__popcll(u);
    out[1 * n + i] = (unsigned long long)__clzll((long long)u);
    out[2 * n + i] = __brevll(u);
    out[3 * n + i] = __umul64hi(u, v);
    out[4 * n + i] = u * v + salt;
    unsigned long long z = u ^ salt;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    out[5 * n + i] = z ^ (z >> 31);
  }
}
