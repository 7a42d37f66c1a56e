// mixed.cu: mixed precision: half and bfloat16 storage with float
// arithmetic (load, convert, compute in float, convert back, store), and the
// conversions themselves. Part of the kernel corpus
// (testdata/kernels/README.md): gpu/kernels/capture.sh compiles this file to
// a .cubin under each flag set and runs the cases of gpu/kernels/cases.txt
// that name it.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// half_gelu: y = GELU(x) (tanh form) for half x and y, computed in float.
__global__ void half_gelu(const __half* x, __half* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __half2float(x[i]);
    float t = tanhf(0.7978845608f * (v + 0.044715f * v * v * v));
    y[i] = __float2half(0.5f * v * (1.0f + t));
  }
}

// bf16_silu: y = x * sigmoid(x) = x / (1 + e^-x) for bfloat16 x and y,
// computed in float.
__global__ void bf16_silu(const __nv_bfloat16* x, __nv_bfloat16* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __bfloat162float(x[i]);
    y[i] = __float2bfloat16(v / (1.0f + expf(-v)));
  }
}

// mixed_axpy: out = a * x + y with half x, float y, float a and out.
__global__ void mixed_axpy(const __half* x, const float* y, float a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * __half2float(x[i]) + y[i];
}

// half2_dot: out[r] = sum over j < k of x[r*k + j] * y[r*k + j] (as __half2
// pairs, so 2k half products), accumulated in float in increasing j; one
// thread per row r of rows.
__global__ void half2_dot(const __half2* x, const __half2* y, float* out, int k, int rows) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.0f;
  for (int j = 0; j < k; j++) {
    float2 a = __half22float2(x[(size_t)r * k + j]);
    float2 b = __half22float2(y[(size_t)r * k + j]);
    acc += a.x * b.x;
    acc += a.y * b.y;
  }
  out[r] = acc;
}

// bf16_matvec: out[r] = sum over j of W[r][j] * v[j] with bfloat16 W (rows x
// cols) and v, float accumulation, stored as bfloat16 and as float.
__global__ void bf16_matvec(const __nv_bfloat16* W, const __nv_bfloat16* v, __nv_bfloat16* out, float* outf,
                            int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.0f;
  for (int j = 0; j < cols; j++) acc += __bfloat162float(W[(size_t)r * cols + j]) * __bfloat162float(v[j]);
  out[r] = __float2bfloat16(acc);
  outf[r] = acc;
}

// convert_f32: float to half and bfloat16 under each rounding and back:
// h[k*n+i] for k = 0..3: __float2half_rn _rz _rd _ru; b[k*n+i] for k = 0..3:
// __float2bfloat16_rn _rz _rd _ru; back[i] = __half2float(h rn),
// back[n+i] = __bfloat162float(b rn); and the conversions of a double,
// hd[i] = __double2half(d), bd[i] = __double2bfloat16(d), with
// d = (double)x[i] * (1 + 2^-30) (not a float, so no double rounding through
// float is possible).
__global__ void convert_f32(const float* x, __half* h, __nv_bfloat16* b, float* back, __half* hd,
                            __nv_bfloat16* bd, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    __half h0 = __float2half_rn(v);
    h[0 * n + i] = h0;
    h[1 * n + i] = __float2half_rz(v);
    h[2 * n + i] = __float2half_rd(v);
    h[3 * n + i] = __float2half_ru(v);
    __nv_bfloat16 b0 = __float2bfloat16_rn(v);
    b[0 * n + i] = b0;
    b[1 * n + i] = __float2bfloat16_rz(v);
    b[2 * n + i] = __float2bfloat16_rd(v);
    b[3 * n + i] = __float2bfloat16_ru(v);
    back[i] = __half2float(h0);
    back[n + i] = __bfloat162float(b0);
    double d = (double)v * (1.0 + 0x1p-30);
    hd[i] = __double2half(d);
    bd[i] = __double2bfloat16(d);
  }
}
