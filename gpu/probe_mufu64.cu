// probe_mufu64: the H100's double-precision approximate instructions, the
// device data for modelling them (issue 18: 35 double library functions
// read rcp.approx.ftz.f64 or rsqrt.approx[.ftz].f64, whose SASS is
// MUFU.RCP64H / MUFU.RSQ64H, an approximation of the result's high word
// from the operand's high word, with or without a Newton step).
//
//   nvcc -arch=sm_90 -O3 -o /tmp/probe_mufu64 gpu/probe_mufu64.cu && /tmp/probe_mufu64 OUTDIR
//
// For each form F of rcp.approx.ftz.f64, rsqrt.approx.ftz.f64 and
// rsqrt.approx.f64, it writes
//   OUTDIR/F.table: binary, little-endian, the full 64-bit results for the
//     operands (e<<52 | m<<32 | 0) with m over all 2^20 high mantissas and the
//     exponents e of the form's table (0x3ff for rcp; 0x3ff and 0x3fe for
//     rsqrt: the two parities), in that order;
//   OUTDIR/F.txt: the 256 block hashes over all 2^32 operand high words h
//     (operand h<<32, result r, element hash Mix64(h<<32 ^ Mix64(r)) as
//     spec.ElemHash with wide results; block b holds h in [b·2^24, (b+1)·2^24)),
//     the same hashes for the operands h<<32 | 0xffffffff and
//     h<<32 | Mix64(h) & 0xffffffff (does the low word matter?), the count of
//     high words whose three results differ, and explicit results for every
//     sign and exponent with the mantissas 0, 1, 2^51, 2^52−1 (all low words).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

__host__ __device__ static inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

template <int F> __device__ __forceinline__ uint64_t op(uint64_t a) {
  double x = __longlong_as_double((long long)a), r;
  if (F == 0) asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
  if (F == 1) asm volatile("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
  if (F == 2) asm volatile("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(x));
  return (uint64_t)__double_as_longlong(r);
}

// One thread per high word h; lowmode 0: low word 0, 1: all ones, 2: Mix64(h).
template <int F> __global__ void hashes(uint64_t *blk, int lowmode, unsigned long long *diff) {
  uint64_t h = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x + ((uint64_t)blockIdx.y << 24);
  uint64_t lo = lowmode == 0 ? 0 : lowmode == 1 ? 0xffffffffULL : (mix64(h) & 0xffffffffULL);
  uint64_t r = op<F>(h << 32 | lo);
  if (lowmode != 0 && r != op<F>(h << 32)) atomicAdd(diff, 1ULL);
  uint64_t e = mix64(h << 32 ^ mix64(r));
  // Reduce within the warp, then one atomic per warp.
  for (int o = 16; o > 0; o >>= 1) e += __shfl_xor_sync(0xffffffffu, e, o);
  if ((threadIdx.x & 31) == 0) atomicAdd((unsigned long long *)&blk[blockIdx.y], (unsigned long long)e);
}

template <int F> __global__ void table(uint64_t *out, int nexp, const uint32_t *exps) {
  uint32_t m = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < nexp; k++) out[(size_t)k << 20 | m] = op<F>((uint64_t)exps[k] << 52 | (uint64_t)m << 32);
}

template <int F> __global__ void specials(uint64_t *out, const uint64_t *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = op<F>(in[i]);
}

template <int F> void run(const char *dir, const char *name, std::vector<uint32_t> exps) {
  char path[512];
  uint64_t *blk; unsigned long long *diff;
  CHECK(cudaMalloc(&blk, 256 * 8)); CHECK(cudaMalloc(&diff, 8));
  snprintf(path, sizeof path, "%s/%s.txt", dir, name);
  FILE *t = fopen(path, "w");
  if (!t) { perror(path); exit(1); }
  fprintf(t, "form %s\n", name);
  for (int lowmode = 0; lowmode < 3; lowmode++) {
    CHECK(cudaMemset(blk, 0, 256 * 8)); CHECK(cudaMemset(diff, 0, 8));
    hashes<F><<<dim3(1 << 16, 256), 256>>>(blk, lowmode, diff);
    CHECK(cudaDeviceSynchronize());
    uint64_t hb[256]; unsigned long long d;
    CHECK(cudaMemcpy(hb, blk, sizeof hb, cudaMemcpyDeviceToHost)); CHECK(cudaMemcpy(&d, diff, 8, cudaMemcpyDeviceToHost));
    fprintf(t, "hashes low%d differing %llu\n", lowmode, d);
    for (int b = 0; b < 256; b++) fprintf(t, "h %d %016llx\n", b, (unsigned long long)hb[b]);
  }
  // Specials: every sign and exponent with a few mantissas, low words 0 and all ones.
  std::vector<uint64_t> in;
  for (uint64_t se = 0; se < 4096; se++)
    for (uint64_t m : {0ULL, 1ULL, 1ULL << 51, (1ULL << 52) - 1, 0xfffff00000000ULL, 0x8000000000000ULL | 0xffffffffULL})
      in.push_back(se << 52 | m);
  uint64_t *din, *dout;
  CHECK(cudaMalloc(&din, in.size() * 8)); CHECK(cudaMalloc(&dout, in.size() * 8));
  CHECK(cudaMemcpy(din, in.data(), in.size() * 8, cudaMemcpyHostToDevice));
  specials<F><<<(in.size() + 255) / 256, 256>>>(dout, din, (int)in.size());
  std::vector<uint64_t> out(in.size());
  CHECK(cudaMemcpy(out.data(), dout, out.size() * 8, cudaMemcpyDeviceToHost));
  fprintf(t, "specials %zu\n", in.size());
  for (size_t i = 0; i < in.size(); i++) fprintf(t, "s %016llx %016llx\n", (unsigned long long)in[i], (unsigned long long)out[i]);
  fclose(t);
  // The mantissa tables.
  uint32_t *dexp; uint64_t *dtab;
  size_t n = exps.size() << 20;
  CHECK(cudaMalloc(&dexp, exps.size() * 4)); CHECK(cudaMalloc(&dtab, n * 8));
  CHECK(cudaMemcpy(dexp, exps.data(), exps.size() * 4, cudaMemcpyHostToDevice));
  table<F><<<(1 << 20) / 256, 256>>>(dtab, (int)exps.size(), dexp);
  std::vector<uint64_t> tab(n);
  CHECK(cudaMemcpy(tab.data(), dtab, n * 8, cudaMemcpyDeviceToHost));
  snprintf(path, sizeof path, "%s/%s.table", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(tab.data(), 8, n, f) != n) { perror(path); exit(1); }
  fclose(f);
  cudaFree(blk); cudaFree(diff); cudaFree(din); cudaFree(dout); cudaFree(dexp); cudaFree(dtab);
}

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: probe_mufu64 OUTDIR\n"); return 2; }
  run<0>(argv[1], "rcp.approx.ftz.f64", {0x3ff});
  run<1>(argv[1], "rsqrt.approx.ftz.f64", {0x3ff, 0x3fe});
  run<2>(argv[1], "rsqrt.approx.f64", {0x3ff, 0x3fe});
  return 0;
}
