// loops.cu: per-thread loops whose trip counts depend on the data, with
// early exits, so that threads of one warp diverge and reconverge. Part of
// the kernel corpus (testdata/kernels/README.md): gpu/kernels/capture.sh
// compiles this file to a .cubin under each flag set and runs the cases of
// gpu/kernels/cases.txt that name it.

// newton_cbrt: cube root of x[i] by Newton's iteration y <- y - (y^3 - x)/(3y^2),
// started from a power of two near the root and stopped when the step is at
// most 2^-22 of y or after 60 steps. out[i] is the root, iters[i] the steps
// taken. Zero, infinite and NaN inputs return at once with x[i] and 0 steps.
__global__ void newton_cbrt(const float* x, float* out, int* iters, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  if (v == 0.0f || !(fabsf(v) <= 0x1.fffffep127f)) {  // zero, infinite or NaN
    out[i] = v;
    iters[i] = 0;
    return;
  }
  int e;
  frexpf(v, &e);
  float y = ldexpf(v < 0.0f ? -1.0f : 1.0f, e / 3);
  int k = 0;
  while (k < 60) {
    float y2 = y * y;
    float step = (y2 * y - v) / (3.0f * y2);
    y -= step;
    k++;
    if (fabsf(step) <= 0x1p-22f * fabsf(y)) break;
  }
  out[i] = y;
  iters[i] = k;
}

// collatz: steps[i] is the number of Collatz steps (n -> n/2, n -> 3n+1)
// from start[i] to 1, counted in 64 bits, or -1 after 100000 steps; start 0
// gives 0.
__global__ void collatz(const unsigned* start, int* steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long v = start[i];
  int k = 0;
  if (v == 0) {
    steps[i] = 0;
    return;
  }
  while (v != 1) {
    v = (v & 1) ? 3 * v + 1 : v >> 1;
    if (++k >= 100000) {
      k = -1;
      break;
    }
  }
  steps[i] = k;
}

// series_exp: e^x[i] by its Taylor series, summed until a term falls below
// 2^-24 of the sum (at most 200 terms). out[i] is the sum, terms[i] the
// number of terms added.
__global__ void series_exp(const float* x, float* out, int* terms, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  float sum = 1.0f, term = 1.0f;
  int k = 1;
  for (; k < 200; k++) {
    term *= v / (float)k;
    sum += term;
    if (fabsf(term) < 0x1p-24f * fabsf(sum)) break;
  }
  out[i] = sum;
  terms[i] = k;
}

// loop_ctrl: threads with a[i] < 0 return before writing anything (out[i]
// keeps its initial value). The others walk j = 0, 1, ... up to a[i] % 97:
// j divisible by 3 is skipped (continue), the walk stops early (break) when
// the accumulator's low 5 bits are all set, and acc = acc * 31 + j ^ a[i]
// otherwise. out[i] = acc, or acc + 1000000 for a break.
__global__ void loop_ctrl(const int* a, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = a[i];
  if (v < 0) return;
  int limit = v % 97;
  unsigned acc = 7;
  bool broke = false;
  for (int j = 0; j < limit; j++) {
    if (j % 3 == 0) continue;
    if ((acc & 31u) == 31u) {
      broke = true;
      break;
    }
    acc = acc * 31u + ((unsigned)j ^ (unsigned)v);
  }
  out[i] = (int)acc + (broke ? 1000000 : 0);
}

// bisect_root: the root of t^3 + t - c[i] in [-|c|-1, |c|+1] by bisection,
// stopping when the interval no longer shrinks (float) or after 200 halvings;
// out[i] is the midpoint, iters[i] the halvings.
__global__ void bisect_root(const float* c, float* out, int* iters, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float cv = c[i];
  float lo = -fabsf(cv) - 1.0f, hi = fabsf(cv) + 1.0f;
  int k = 0;
  while (k < 200) {
    float mid = 0.5f * (lo + hi);
    if (mid == lo || mid == hi) break;
    float f = mid * mid * mid + mid - cv;
    if (f > 0.0f)
      hi = mid;
    else
      lo = mid;
    k++;
  }
  out[i] = 0.5f * (lo + hi);
  iters[i] = k;
}
