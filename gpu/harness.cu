// cudafp capture harness: records what an NVIDIA GPU computes for every
// catalogued function under one nvcc flag set, as golden files (format 2,
// see internal/golden/doc.go).
//
// Build once per flag set (capture.sh does this):
//   nvcc -arch=sm_90 -O3 <FLAGS> -DCUDAFP_FLAGSET=<k> -o harness_<k> harness.cu
// Run:
//   harness_<k> --out DIR --commit SHA --driver VER --cuda VER [ID ...]
//
// The generators, the special grids and the block hash are the same integer
// computations as internal/spec (gen.go, hash.go, specials.go); the function
// list and the grids come from funcs_gen.cuh, generated from the catalog.
// Nothing here depends on floating-point code generation: the nvcc flags
// change only the functions under test.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef CUDAFP_FLAGSET
#error "define CUDAFP_FLAGSET (the flag set index, see funcs_gen.cuh)"
#endif
#ifndef CUDAFP_NVCC
#define CUDAFP_NVCC "nvcc"
#endif

#include "funcs_gen.cuh"
#ifdef CUDAFP_ONLY_FUNCS  // a build of some functions only (the host stub, gpu/cuda_stub.h)
#undef CUDAFP_FUNCS
#define CUDAFP_FUNCS(X) CUDAFP_ONLY_FUNCS(X)
#endif
#ifndef CUDAFP_LAUNCH
#define CUDAFP_LAUNCH(kernel, blocks, threads, ...) kernel<<<(blocks), (threads)>>>(__VA_ARGS__)
#endif

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t e_ = (call);                                                     \
    if (e_ != cudaSuccess) {                                                     \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,              \
              cudaGetErrorString(e_));                                           \
      exit(1);                                                                   \
    }                                                                            \
  } while (0)

#include "gen.h"

// ---- kernels ------------------------------------------------------------------

// grid_point computes special-grid point k (internal/spec Func.GridPoint):
// coordinate j takes axis[span_lo(j) + k_j], the last varying fastest; an
// array function's elements 5…8 repeat 1…4 and those past its count are 0.
template <class F>
__host__ __device__ void grid_point(const uint64_t* axis, int k, uint64_t* a) {
  for (int j = 0; j < MAX_ARGS; j++) a[j] = 0;
  int rem = k;
  for (int j = F::grid_args - 1; j >= 0; j--) {
    int lo = F::span_lo(j), len = F::span_hi(j) - lo;
    a[j] = axis[lo + rem % len];
    rem /= len;
  }
  if (F::array) {
    for (int j = 1 + GRID_ELEMS; j < MAX_ARGS; j++) a[j] = a[j - GRID_ELEMS];
    for (int j = 1 + array_len(a); j < MAX_ARGS; j++) a[j] = 0;
  }
}

// out2 receives the second results of a pair_wide function.
template <class F>
__global__ void k_grid(const uint64_t* axis, int points, uint64_t* out, uint64_t* out2) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= points) return;
  uint64_t a[MAX_ARGS];
  grid_point<F>(axis, k, a);
  uint64_t second = 0;
  out[k] = F::eval(a, &second);
  out2[k] = second;
}

// hashed is the word a result contributes to its block hash: the packed
// result, or pair_fold of a pair_wide function's two results.
template <class F>
__device__ inline uint64_t hashed(const uint64_t* a) {
  uint64_t second = 0;
  uint64_t out = F::eval(a, &second);
  return F::pair_wide ? pair_fold(out, second) : out;
}

// Exhaustive: thread t covers inputs [t*PER, (t+1)*PER), all in one hash block.
static const uint64_t EXH_PER = 1ull << 12;
template <class F>
__global__ void k_exhaustive(unsigned long long* hashes) {
  uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t first = t * EXH_PER;
  if (first >= (1ull << 32)) return;
  uint64_t h = 0;
  uint64_t a[MAX_ARGS] = {0};
  for (uint64_t i = first; i < first + EXH_PER; i++) {
    a[0] = i;
    h += elem_hash(i, hashed<F>(a), F::wide_out);
  }
  atomicAdd(&hashes[first >> 24], (unsigned long long)h);
}

// Quick sub-blocks of an exhaustive function: thread t covers SUB_PER inputs
// of sub-block QUICK_SUB_DEV[t / (SUB_BLOCK_SIZE / SUB_PER)].
static const uint64_t SUB_PER = 1ull << 8;
template <class F>
__global__ void k_subblocks(unsigned long long* hashes) {
  uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t per_sub = SUB_BLOCK_SIZE / SUB_PER;
  if (t >= QUICK_SUBS * per_sub) return;
  uint64_t first = ((uint64_t)QUICK_SUB_DEV[t / per_sub] << 16) + (t % per_sub) * SUB_PER;
  uint64_t h = 0;
  uint64_t a[MAX_ARGS] = {0};
  for (uint64_t i = first; i < first + SUB_PER; i++) {
    a[0] = i;
    h += elem_hash(i, hashed<F>(a), F::wide_out);
  }
  atomicAdd(&hashes[t / per_sub], (unsigned long long)h);
}

static const uint64_t GEN_PER = 16;
template <class F>
__global__ void k_generated(const uint64_t* axis, unsigned long long* hashes) {
  uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t first = t * GEN_PER;
  if (first >= GEN_COUNT) return;
  uint64_t h = 0;
  for (uint64_t i = first; i < first + GEN_PER; i++) {
    uint64_t a[MAX_ARGS];
    gen_input(F::d64, F::in0, F::family, F::array, F::arity, F::gen_lo, i, axis, F::grid_n, a);
    h += elem_hash(i, hashed<F>(a), F::wide_out);
  }
  atomicAdd(&hashes[first >> 16], (unsigned long long)h);
}

template <class F>
__global__ void k_recorded(const uint64_t* axis, int count, uint64_t* ins, uint64_t* outs, uint64_t* outs2) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= count) return;
  uint64_t a[MAX_ARGS] = {0};
  if (F::exhaustive) a[0] = sample_input(k);
  else gen_input(F::d64, F::in0, F::family, F::array, F::arity, F::gen_lo, k, axis, F::grid_n, a);
  for (int j = 0; j < MAX_ARGS; j++) ins[MAX_ARGS * k + j] = a[j];
  uint64_t second = 0;
  outs[k] = F::eval(a, &second);
  outs2[k] = second;
}

// ---- output -------------------------------------------------------------------

struct Prov {
  std::string flags_name, flags, gpu, cc, driver, cuda, commit;
};

static void put_in(FILE* f, uint64_t v, int t) {
  if (t == TF64 || t == TI64 || t == TU64) fprintf(f, " %016llx", (unsigned long long)v);
  else fprintf(f, " %08llx", (unsigned long long)v);
}
// put_out writes one output: 8 or 16 hex digits, or 32 (the first result,
// then the second) for a pair_wide function.
template <class F>
static void put_out(FILE* f, uint64_t v, uint64_t v2) {
  if (F::pair_wide) fprintf(f, " %016llx%016llx", (unsigned long long)v, (unsigned long long)v2);
  else if (F::wide_out) fprintf(f, " %016llx", (unsigned long long)v);
  else fprintf(f, " %08llx", (unsigned long long)v);
}

template <class F>
static void capture(const Prov& p, const std::string& dir) {
  std::string path = dir + "/" + F::id + ".txt";
  FILE* f = fopen(path.c_str(), "w");
  if (!f) { perror(path.c_str()); exit(1); }
  int n = F::grid_n;
  int points = F::grid_points;
  uint64_t *d_axis, *d_out, *d_out2, *d_ins;
  unsigned long long* d_hash;
  CHECK(cudaMalloc(&d_axis, n * sizeof(uint64_t)));
  CHECK(cudaMemcpy(d_axis, F::grid(), n * sizeof(uint64_t), cudaMemcpyHostToDevice));
  int outN = points > RECORDED ? points : RECORDED;
  CHECK(cudaMalloc(&d_out, outN * sizeof(uint64_t)));
  CHECK(cudaMalloc(&d_out2, outN * sizeof(uint64_t)));
  CHECK(cudaMalloc(&d_ins, MAX_ARGS * RECORDED * sizeof(uint64_t)));
  CHECK(cudaMalloc(&d_hash, BLOCKS * sizeof(unsigned long long)));

  fprintf(f, "# cudafp golden data, format 2: what the device computes for one function under one flag set.\n");
  fprintf(f, "# function: %s (%s), %s\n", F::name, F::id, F::types);
  fprintf(f, "# flags: %s (%s)\n", p.flags.empty() ? "(nvcc default)" : p.flags.c_str(), p.flags_name.c_str());
  fprintf(f, "# nvcc: nvcc -arch=sm_90 -O3 %s\n", p.flags.c_str());
  fprintf(f, "# gpu: %s, compute capability %s, driver %s\n", p.gpu.c_str(), p.cc.c_str(), p.driver.c_str());
  fprintf(f, "# cuda: %s\n", p.cuda.c_str());
  fprintf(f, "# harness: gpu/harness.cu at cudafp commit %s\n", p.commit.c_str());
  fprintf(f, "format 2\nfunc %s\nflagset %s\ntypes %s\n", F::id, p.flags_name.c_str(), F::types);

  // Special grid.
  fprintf(f, "grid %d", n);
  for (int j = 0; j < n; j++) put_in(f, F::grid()[j], F::grid_t);
  fprintf(f, "\nspecial %d\n", points);
  CUDAFP_LAUNCH(k_grid<F>, (points + 255) / 256, 256, d_axis, points, d_out, d_out2);
  CHECK(cudaGetLastError());
  std::vector<uint64_t> out(outN), out2(outN);
  CHECK(cudaMemcpy(out.data(), d_out, points * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out2.data(), d_out2, points * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  for (int k = 0; k < points; k += 16) {
    fprintf(f, "s %d", k);
    for (int j = k; j < k + 16 && j < points; j++) put_out<F>(f, out[j], out2[j]);
    fprintf(f, "\n");
  }

  // Recorded inputs and outputs.
  int count = F::exhaustive ? SAMPLES : RECORDED;
  CUDAFP_LAUNCH(k_recorded<F>, (count + 255) / 256, 256, d_axis, count, d_ins, d_out, d_out2);
  CHECK(cudaGetLastError());
  std::vector<uint64_t> ins(MAX_ARGS * RECORDED);
  CHECK(cudaMemcpy(ins.data(), d_ins, MAX_ARGS * count * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out.data(), d_out, count * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out2.data(), d_out2, count * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  if (F::exhaustive) fprintf(f, "inputs exhaustive 4294967296 sample-seed %016llx\n", (unsigned long long)SAMPLE_SEED);
  else fprintf(f, "inputs generated %llu seed %016llx\n", (unsigned long long)GEN_COUNT, (unsigned long long)GEN_SEED);
  for (int k = 0; k < SHOWN; k++) {
    fprintf(f, "g %d", k);
    for (int j = 0; j < F::arity; j++) put_in(f, ins[MAX_ARGS * k + j], F::in_t(j));
    fprintf(f, "\n");
  }
  fprintf(f, "recorded %d\n", count);
  for (int k = 0; k < count; k += 16) {
    fprintf(f, "o %d", k);
    for (int j = k; j < k + 16; j++) put_out<F>(f, out[j], out2[j]);
    fprintf(f, "\n");
  }

  // Block hashes.
  CHECK(cudaMemset(d_hash, 0, BLOCKS * sizeof(unsigned long long)));
  if (F::exhaustive) {
    uint64_t threads = (1ull << 32) / EXH_PER;
    CUDAFP_LAUNCH(k_exhaustive<F>, (unsigned)(threads / 256), 256, d_hash);
  } else {
    uint64_t threads = GEN_COUNT / GEN_PER;
    CUDAFP_LAUNCH(k_generated<F>, (unsigned)(threads / 256), 256, d_axis, d_hash);
  }
  CHECK(cudaGetLastError());
  unsigned long long h[BLOCKS];
  CHECK(cudaMemcpy(h, d_hash, sizeof h, cudaMemcpyDeviceToHost));
  fprintf(f, "hashes %d %llu\n", BLOCKS, F::exhaustive ? (1ull << 24) : (GEN_COUNT / BLOCKS));
  for (int b = 0; b < BLOCKS; b++) fprintf(f, "h %d %016llx\n", b, h[b]);

  // Sub-block hashes (exhaustive functions): the quick tier's share.
  if (F::exhaustive) {
    CHECK(cudaMemset(d_hash, 0, QUICK_SUBS * sizeof(unsigned long long)));
    uint64_t threads = QUICK_SUBS * (SUB_BLOCK_SIZE / SUB_PER);
    CUDAFP_LAUNCH(k_subblocks<F>, (unsigned)((threads + 255) / 256), 256, d_hash);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h, d_hash, QUICK_SUBS * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
    fprintf(f, "subhashes %d %llu\n", QUICK_SUBS, (unsigned long long)SUB_BLOCK_SIZE);
    for (int k = 0; k < QUICK_SUBS; k++) fprintf(f, "u %08x %016llx\n", QUICK_SUB[k] << 16, h[k]);
  }
  fprintf(f, "end\n");
  fclose(f);
  CHECK(cudaFree(d_axis)); CHECK(cudaFree(d_out)); CHECK(cudaFree(d_out2)); CHECK(cudaFree(d_ins)); CHECK(cudaFree(d_hash));
}

int main(int argc, char** argv) {
  Prov p;
  std::string dir = ".";
  std::vector<std::string> only;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto next = [&]() -> std::string { if (i + 1 >= argc) { fprintf(stderr, "%s needs a value\n", a.c_str()); exit(2); } return argv[++i]; };
    if (a == "--out") dir = next();
    else if (a == "--commit") p.commit = next();
    else if (a == "--driver") p.driver = next();
    else if (a == "--cuda") p.cuda = next();
    else only.push_back(a);
  }
#define SETNAME(k_, name_, flags_) if (k_ == CUDAFP_FLAGSET) { p.flags_name = name_; p.flags = flags_; }
  CUDAFP_FLAGSETS(SETNAME)
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  p.gpu = prop.name;
  p.cc = std::to_string(prop.major) + "." + std::to_string(prop.minor);
  if (prop.major != 9 || prop.minor != 0) fprintf(stderr, "warning: compute capability %s, not 9.0\n", p.cc.c_str());
  int done = 0;
  auto want = [&](const char* id) {
    if (only.empty()) return true;
    for (auto& o : only) if (o == id) return true;
    return false;
  };
#define RUN(F) if (want(F::id)) { capture<F>(p, dir); done++; }
  CUDAFP_FUNCS(RUN)
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "flag set %s: %d functions captured\n", p.flags_name.c_str(), done);
  return 0;
}
