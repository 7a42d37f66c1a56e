// slowpath.cu: small kernels whose inputs (gpu/kernels/geninputs.go) drive
// the compiled code into its rarely taken branches: the float division
// subroutine (subnormal and huge operands and quotients), sqrtf of
// subnormals, the Payne-Hanek reduction of sinf/cosf/tanf (|x| > 105615),
// double division and square root near the ends of the range, and powf with
// extreme arguments. Part of the kernel corpus (testdata/kernels/README.md):
// gpu/kernels/capture.sh compiles this file to a .cubin under each flag set
// and runs the cases of gpu/kernels/cases.txt that name it.

// div_f32: q[i] = x/y, r[i] = 1/x, s[i] = y/x.
__global__ void div_f32(const float* x, const float* y, float* q, float* r, float* s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[i], b = y[i];
    q[i] = a / b;
    r[i] = 1.0f / a;
    s[i] = b / a;
  }
}

// sqrt_f32: out[k*n+i] for k = 0..2: sqrtf(x) rsqrtf(x) and 1/sqrtf(x).
__global__ void sqrt_f32(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    out[0 * n + i] = sqrtf(v);
    out[1 * n + i] = rsqrtf(v);
    out[2 * n + i] = 1.0f / sqrtf(v);
  }
}

// trig_huge: out[k*n+i] for k = 0..4: sinf(x) cosf(x) tanf(x) and sincosf's
// sine and cosine.
__global__ void trig_huge(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    out[0 * n + i] = sinf(v);
    out[1 * n + i] = cosf(v);
    out[2 * n + i] = tanf(v);
    float s, c;
    sincosf(v, &s, &c);
    out[3 * n + i] = s;
    out[4 * n + i] = c;
  }
}

// div_sqrt_f64: out[k*n+i] for k = 0..3: x/y, 1/x, sqrt(x) and 1/sqrt(x)
// (rsqrt is not used: the point is the double division and sqrt sequences).
__global__ void div_sqrt_f64(const double* x, const double* y, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i], b = y[i];
    out[0 * n + i] = a / b;
    out[1 * n + i] = 1.0 / a;
    out[2 * n + i] = sqrt(a);
    out[3 * n + i] = 1.0 / sqrt(a);
  }
}

// pow_extreme: out[k*n+i] for k = 0..2: powf(x, y), powf(x, 1/y) and
// powf(|x|, y) * powf(2, -y).
__global__ void pow_extreme(const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[i], b = y[i];
    out[0 * n + i] = powf(a, b);
    out[1 * n + i] = powf(a, 1.0f / b);
    out[2 * n + i] = powf(fabsf(a), b) * powf(2.0f, -b);
  }
}
