// apps.cu: small realistic application kernels: Black-Scholes (two options
// per thread, after NVIDIA's BlackScholes CUDA sample; DESIGN.md, "Kernels,
// not only functions", explains why its two inlined bodies matter), an n-body
// acceleration step, GELU in its tanh and erf forms, Box-Muller, SAXPY
// (extern "C", so its symbol is unmangled), DAXPY in a namespace with 64-bit
// sizes, a 1-D stencil, and polynomials written as a*b + c*d and a*b - c*d,
// which show where the compiler contracts into fma. Part of the kernel corpus
// (testdata/kernels/README.md): gpu/kernels/capture.sh compiles this file to
// a .cubin under each flag set and runs the cases of gpu/kernels/cases.txt
// that name it.

// cnd: the cumulative normal distribution by the polynomial approximation of
// Abramowitz and Stegun 26.2.17, as the sample computes it.
__device__ inline float cnd(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = __fdividef(1.0f, 1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) c = 1.0f - c;
  return c;
}

// bs_body: call and put prices of one European option: stock price S,
// strike X, years T, riskless rate R, volatility V.
__device__ inline void bs_body(float& call, float& put, float S, float X, float T, float R, float V) {
  float sqrtT = __fdividef(1.0f, rsqrtf(T));
  float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float cndd1 = cnd(d1);
  float cndd2 = cnd(d2);
  float expRT = __expf(-R * T);
  call = S * cndd1 - X * expRT * cndd2;
  put = X * expRT * (1.0f - cndd2) - S * (1.0f - cndd1);
}

// black_scholes: optN options (optN even) as optN/2 float2 pairs; thread k
// prices pair k.
__global__ void black_scholes(float2* call, float2* put, const float2* S, const float2* X, const float2* T, float R,
                              float V, int optN) {
  int opt = blockDim.x * blockIdx.x + threadIdx.x;
  if (opt < optN / 2) {
    float2 s = S[opt], x = X[opt], t = T[opt];
    float c1, p1, c2, p2;
    bs_body(c1, p1, s.x, x.x, t.x, R, V);
    bs_body(c2, p2, s.y, x.y, t.y, R, V);
    call[opt] = make_float2(c1, c2);
    put[opt] = make_float2(p1, p2);
  }
}

// nbody_accel: acc[i].xyz = sum over j of m_j d / (|d|^2 + soft2)^(3/2),
// d = pos[j].xyz - pos[i].xyz, m_j = pos[j].w, by tiles of blockDim.x bodies
// staged in shared memory (blockDim.x at most 256); acc[i].w = 0.
__global__ void nbody_accel(const float4* pos, float4* acc, int n, float soft2) {
  __shared__ float4 sh[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += blockDim.x) {
    int j = base + threadIdx.x;
    sh[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);  // mass 0: no pull
    __syncthreads();
    for (int k = 0; k < (int)blockDim.x; k++) {
      float4 q = sh[k];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float r2 = dx * dx + dy * dy + dz * dz + soft2;
      float inv = rsqrtf(r2);
      float s = q.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) acc[i] = make_float4(ax, ay, az, 0.0f);
}

// gelu_tanh: y = x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
__global__ void gelu_tanh(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
  }
}

// gelu_erf: y = x/2 (1 + erf(x / sqrt(2))).
__global__ void gelu_erf(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
  }
}

// box_muller: n pairs of standard normals from n pairs of 32-bit uniforms:
// u1 = ((u[2k] >> 8) + 1) 2^-24 in (0, 1], u2 = (u[2k+1] >> 8) 2^-24,
// r = sqrt(-2 ln u1), z[2k] = r cos(2 pi u2), z[2k+1] = r sin(2 pi u2).
__global__ void box_muller(const unsigned* u, float* z, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    float u1 = (float)((u[2 * k] >> 8) + 1) * 0x1p-24f;
    float u2 = (float)(u[2 * k + 1] >> 8) * 0x1p-24f;
    float r = sqrtf(-2.0f * logf(u1));
    float s, c;
    sincosf(6.2831853071795865f * u2, &s, &c);
    z[2 * k] = r * c;
    z[2 * k + 1] = r * s;
  }
}

// saxpy: y = a x + y (extern "C": the symbol is "saxpy").
extern "C" __global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

namespace apps {
// apps::daxpy: y = a x + y over a 64-bit count by a grid-stride loop.
__global__ void daxpy(long long n, double a, const double* x, double* y) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = a * x[i] + y[i];
}
}  // namespace apps

#define RADIUS 3

// stencil_1d: out[i] = sum over r in [-3, 3] of w[r+3] * in[i+r], with in
// read as 0 outside [0, n); the block stages its slice and halo in shared
// memory (blockDim.x at most 256).
__global__ void stencil_1d(const float* in, const float* w, float* out, int n) {
  __shared__ float s[256 + 2 * RADIUS];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x + RADIUS;
  s[t] = i < n ? in[i] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int lo = i - RADIUS, hi = i + blockDim.x;
    s[t - RADIUS] = lo >= 0 && lo < n ? in[lo] : 0.0f;
    s[t + blockDim.x] = hi < n ? in[hi] : 0.0f;
  }
  __syncthreads();
  if (i < n) {
    float acc = 0.0f;
    for (int r = -RADIUS; r <= RADIUS; r++) acc += w[r + RADIUS] * s[t + r];
    out[i] = acc;
  }
}

// poly_contract: out[k*n+i] for k = 0..5 over a, b, c, d = a[i], b[i], c[i], d[i]:
//   a*b + c*d,  a*b - c*d,  (a*b + c)*d - a,  a*a - b*b,  a*b + c*d + a*c,
//   and the degree-5 polynomial 1 + a(1/2 + a(1/6 + a(1/24 + a(1/120 + a/720)))) by
//   Horner's rule.
__global__ void poly_contract(const float* a, const float* b, const float* c, const float* d, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float p = a[i], q = b[i], r = c[i], s = d[i];
    out[0 * n + i] = p * q + r * s;
    out[1 * n + i] = p * q - r * s;
    out[2 * n + i] = (p * q + r) * s - p;
    out[3 * n + i] = p * p - q * q;
    out[4 * n + i] = p * q + r * s + p * r;
    out[5 * n + i] =
        1.0f + p * (0.5f + p * (1.0f / 6.0f + p * (1.0f / 24.0f + p * (1.0f / 120.0f + p * (1.0f / 720.0f)))));
  }
}

// poly_contract_f64: poly_contract in double.
__global__ void poly_contract_f64(const double* a, const double* b, const double* c, const double* d, double* out,
                                  int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double p = a[i], q = b[i], r = c[i], s = d[i];
    out[0 * n + i] = p * q + r * s;
    out[1 * n + i] = p * q - r * s;
    out[2 * n + i] = (p * q + r) * s - p;
    out[3 * n + i] = p * p - q * q;
    out[4 * n + i] = p * q + r * s + p * r;
    out[5 * n + i] = 1.0 + p * (0.5 + p * (1.0 / 6.0 + p * (1.0 / 24.0 + p * (1.0 / 120.0 + p * (1.0 / 720.0)))));
  }
}
