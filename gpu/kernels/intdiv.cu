// intdiv.cu: integer division and remainder at their edges. Part of the
// kernel corpus (testdata/kernels/README.md): gpu/kernels/capture.sh compiles
// this file to a .cubin under each flag set and runs the cases of
// gpu/kernels/cases.txt that name it.
//
// PTX leaves div and rem by zero unspecified, and C++ leaves them and
// INT_MIN / -1 undefined; with a divisor known only at run time nvcc emits
// div/rem.{s32,u32,s64,u64}, which ptxas expands (an estimate from the float
// reciprocal and corrections for 32 bits, a subroutine for 64). This kernel
// records what those expansions return at b = 0 and at INT_MIN / -1, beside
// ordinary operands.

// int_div_edges: out32[k*n+i] for k = 0..3 over a = a[i], b = b[i]:
// (int)a / (int)b, (int)a % (int)b, a / b, a % b (unsigned); out64[k*n+i]
// for k = 0..3 the same over the 64-bit c = c[i], d = d[i].
__global__ void int_div_edges(const unsigned* a, const unsigned* b, const unsigned long long* c,
                              const unsigned long long* d, unsigned* out32, unsigned long long* out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned u = a[i], v = b[i];
    int s = (int)u, t = (int)v;
    out32[0 * n + i] = (unsigned)(s / t);
    out32[1 * n + i] = (unsigned)(s % t);
    out32[2 * n + i] = u / v;
    out32[3 * n + i] = u % v;
    unsigned long long p = c[i], q = d[i];
    long long ps = (long long)p, qs = (long long)q;
    out64[0 * n + i] = (unsigned long long)(ps / qs);
    out64[1 * n + i] = (unsigned long long)(ps % qs);
    out64[2 * n + i] = p / q;
    out64[3 * n + i] = p % q;
  }
}
