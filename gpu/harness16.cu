// cudafp capture harness for the 16-bit catalog (spec.All16: __half and
// __nv_bfloat16): records what an NVIDIA GPU computes for every function
// under one nvcc flag set, as golden files of format 16 (see
// internal/golden/doc.go), before gpu/pack16.go packs them.
//
// Build once per flag set (capture16.sh does this):
//   nvcc -arch=sm_90 -O3 <FLAGS> -DCUDAFP_FLAGSET=<k> -o harness16_<k> harness16.cu
// Run:
//   harness16_<k> --out DIR --commit SHA --driver VER --cuda VER [ID ...]
//
// Per function (spec.Func.Shape):
//   table    one 16-bit argument: all 65,536 outputs;
//   pairs    two 16-bit arguments, or one half2/bfloat162: all 2^32 pair
//            indices i = x<<16 | y (pair_args), 256 block hashes (block k:
//            i = k·2^24 …), the 16 sub-blocks of rows x = QuickRows16, 1,024
//            sampled indices explicit;
//   triples  three: 2^24 generated triples (gen16), 256 block hashes, the
//            first 4,096 explicit;
//   wide32   one 32-bit argument: as a unary float32 function of harness.cu
//            (all 2^32 inputs, sub-blocks spec.QuickSubBlocks, 1,024 samples);
//   gen64    one 64-bit argument: as harness.cu's double conversions (2^24
//            generated inputs, the first 4,096 explicit);
// and every shape the outputs at its special grid. The hash, the generators
// and the sampling are gen.h's and gen16.h's (one definition, shared with
// harness.cu). Nothing here depends on floating-point code generation: the
// nvcc flags change only the functions under test.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#ifndef CUDAFP_FLAGSET
#error "define CUDAFP_FLAGSET (the flag set index, see funcs16_gen.cuh)"
#endif

#ifdef CUDAFP_STUB
#include "cuda_stub16.h"
#else
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#endif
#include "funcs16_gen.cuh"
#ifdef CUDAFP_ONLY_FUNCS  // a build of some functions only (the host stub)
#undef CUDAFP_FUNCS16
#define CUDAFP_FUNCS16(X) CUDAFP_ONLY_FUNCS(X)
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
#include "gen16.h"

static const uint64_t TABLE_SIZE = 1ull << 16;
static const int QUICK_ROWS = 16;

// ---- kernels ------------------------------------------------------------------

// grid_point16 computes special-grid point k (internal/spec Func.Grid16Point).
template <class F>
__host__ __device__ void grid_point16(const uint64_t* axis, int k, uint64_t* a) {
  for (int j = 0; j < MAX_ARGS; j++) a[j] = 0;
  const int n = F::grid_n;
  if (F::shape == ShapePairs) {
    pair_args(F::vec, F::arity, (uint32_t)(axis[k / n] << 16 | axis[k % n]), a);
  } else if (F::shape == ShapeTriples) {
    a[0] = axis[k / (n * n)]; a[1] = axis[k / n % n]; a[2] = axis[k % n];
    if (F::vec) {
      int m = n * n * n - 1 - k;
      a[0] |= axis[m / (n * n)] << 16; a[1] |= axis[m / n % n] << 16; a[2] |= axis[m % n] << 16;
    }
  } else {
    a[0] = axis[k];
  }
}

// index_args: the arguments of index i of a function hashed over 2^32
// indices: a pair index, or the 32-bit argument itself.
template <class F>
__host__ __device__ inline void index_args(uint64_t i, uint64_t* a) {
  for (int j = 0; j < MAX_ARGS; j++) a[j] = 0;
  if (F::shape == ShapePairs) pair_args(F::vec, F::arity, (uint32_t)i, a);
  else a[0] = i;
}

// gen_args: generated input i of a triples or gen64 function.
template <class F>
__host__ __device__ inline void gen_args(uint64_t i, const uint64_t* axis, uint64_t* a) {
  for (int j = 0; j < MAX_ARGS; j++) a[j] = 0;
  if (F::shape == ShapeTriples) triple_args(F::bf16, F::vec, i, axis, F::grid_n, a);
  else gen_input(false, F::in0, F::family, false, 1, 0, i, axis, F::grid_n, a);
}

template <class F>
__global__ void k_grid(const uint64_t* axis, int points, uint64_t* out) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= points) return;
  uint64_t a[MAX_ARGS];
  grid_point16<F>(axis, k, a);
  out[k] = F::eval(a);
}

template <class F>
__global__ void k_table(uint64_t* out) {
  uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= TABLE_SIZE) return;
  uint64_t a[MAX_ARGS] = {0};
  a[0] = t;
  out[t] = F::eval(a);
}

// All 2^32 indices: thread t covers [t*PER, (t+1)*PER), all in one hash block.
static const uint64_t EXH_PER = 1ull << 12;
template <class F>
__global__ void k_exhaustive(unsigned long long* hashes) {
  uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t first = t * EXH_PER;
  if (first >= (1ull << 32)) return;
  uint64_t h = 0;
  uint64_t a[MAX_ARGS];
  for (uint64_t i = first; i < first + EXH_PER; i++) {
    index_args<F>(i, a);
    h += elem_hash(i, F::eval(a), F::wide_out);
  }
  atomicAdd(&hashes[first >> 24], (unsigned long long)h);
}

// Sub-blocks: thread t covers SUB_PER indices of sub-block subs[t / (SUB_BLOCK_SIZE / SUB_PER)],
// which starts at subs[…] << 16.
static const uint64_t SUB_PER = 1ull << 8;
template <class F>
__global__ void k_subblocks(const uint32_t* subs, int nsubs, unsigned long long* hashes) {
  uint64_t t = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t per_sub = SUB_BLOCK_SIZE / SUB_PER;
  if (t >= (uint64_t)nsubs * per_sub) return;
  uint64_t first = ((uint64_t)subs[t / per_sub] << 16) + (t % per_sub) * SUB_PER;
  uint64_t h = 0;
  uint64_t a[MAX_ARGS];
  for (uint64_t i = first; i < first + SUB_PER; i++) {
    index_args<F>(i, a);
    h += elem_hash(i, F::eval(a), F::wide_out);
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
  uint64_t a[MAX_ARGS];
  for (uint64_t i = first; i < first + GEN_PER; i++) {
    gen_args<F>(i, axis, a);
    h += elem_hash(i, F::eval(a), F::wide_out);
  }
  atomicAdd(&hashes[first >> 16], (unsigned long long)h);
}

// Recorded inputs: sampled indices (pairs, wide32) or the first generated inputs.
template <class F>
__global__ void k_recorded(const uint64_t* axis, int count, uint64_t* ins, uint64_t* outs) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= count) return;
  uint64_t a[MAX_ARGS];
  if (F::shape == ShapePairs || F::shape == ShapeWide32) index_args<F>(sample_input(k), a);
  else gen_args<F>(k, axis, a);
  for (int j = 0; j < MAX_ARGS; j++) ins[MAX_ARGS * k + j] = a[j];
  outs[k] = F::eval(a);
}

// ---- output -------------------------------------------------------------------

struct Prov {
  std::string flags_name, flags, gpu, cc, driver, cuda, commit;
};

static void put(FILE* f, uint64_t v, int digits) { fprintf(f, " %0*llx", digits, (unsigned long long)v); }

static const char* shape_name(int s) {
  static const char* names[] = {"table", "pairs", "triples", "wide32", "gen64"};
  return names[s];
}

template <class F>
static void capture(const Prov& p, const std::string& dir) {
  std::string path = dir + "/" + F::id + ".txt";
  FILE* f = fopen(path.c_str(), "w");
  if (!f) { perror(path.c_str()); exit(1); }
  const int n = F::grid_n, points = F::grid_points;
  constexpr bool hashed32 = F::shape == ShapePairs || F::shape == ShapeWide32;  // all 2^32 indices
  uint64_t *d_axis, *d_out, *d_ins;
  unsigned long long* d_hash;
  uint32_t* d_subs;
  int outN = points > RECORDED ? points : RECORDED;
  if (outN < (int)TABLE_SIZE) outN = (int)TABLE_SIZE;
  CHECK(cudaMalloc(&d_axis, n * sizeof(uint64_t)));
  CHECK(cudaMemcpy(d_axis, F::grid(), n * sizeof(uint64_t), cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&d_out, outN * sizeof(uint64_t)));
  CHECK(cudaMalloc(&d_ins, MAX_ARGS * RECORDED * sizeof(uint64_t)));
  CHECK(cudaMalloc(&d_hash, BLOCKS * sizeof(unsigned long long)));
  CHECK(cudaMalloc(&d_subs, QUICK_SUBS * sizeof(uint32_t)));

  fprintf(f, "# cudafp golden data, format 16: what the device computes for one 16-bit function under one flag set.\n");
  fprintf(f, "# function: %s (%s), %s\n", F::name, F::id, F::types);
  fprintf(f, "# flags: %s (%s)\n", p.flags.empty() ? "(nvcc default)" : p.flags.c_str(), p.flags_name.c_str());
  fprintf(f, "# nvcc: nvcc -arch=sm_90 -O3 %s\n", p.flags.c_str());
  fprintf(f, "# gpu: %s, compute capability %s, driver %s\n", p.gpu.c_str(), p.cc.c_str(), p.driver.c_str());
  fprintf(f, "# cuda: %s\n", p.cuda.c_str());
  fprintf(f, "# harness: gpu/harness16.cu at cudafp commit %s\n", p.commit.c_str());
  fprintf(f, "format 16\nfunc %s\nflagset %s\ntypes %s\nshape %s\n", F::id, p.flags_name.c_str(), F::types, shape_name(F::shape));

  // Special grid.
  fprintf(f, "grid %d", n);
  for (int j = 0; j < n; j++) put(f, F::grid()[j], F::grid_digits);
  fprintf(f, "\nspecial %d\n", points);
  CUDAFP_LAUNCH(k_grid<F>, (points + 255) / 256, 256, d_axis, points, d_out);
  CHECK(cudaGetLastError());
  std::vector<uint64_t> out(outN);
  CHECK(cudaMemcpy(out.data(), d_out, points * sizeof(uint64_t), cudaMemcpyDeviceToHost));
  for (int k = 0; k < points; k += 16) {
    fprintf(f, "s %d", k);
    for (int j = k; j < k + 16 && j < points; j++) put(f, out[j], F::out_digits);
    fprintf(f, "\n");
  }

  if constexpr (F::shape == ShapeTable) {
    // The whole table, 64 outputs a line (gpu/pack16.go delta-codes it).
    CUDAFP_LAUNCH(k_table<F>, (unsigned)(TABLE_SIZE / 256), 256, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), d_out, TABLE_SIZE * sizeof(uint64_t), cudaMemcpyDeviceToHost));
    fprintf(f, "table %llu\n", (unsigned long long)TABLE_SIZE);
    for (uint64_t k = 0; k < TABLE_SIZE; k += 64) {
      fprintf(f, "t %llu", (unsigned long long)k);
      for (uint64_t j = k; j < k + 64; j++) put(f, out[j], F::out_digits);
      fprintf(f, "\n");
    }
  } else {
    // Recorded inputs and outputs.
    int count = hashed32 ? SAMPLES : RECORDED;
    CUDAFP_LAUNCH(k_recorded<F>, (count + 255) / 256, 256, d_axis, count, d_ins, d_out);
    CHECK(cudaGetLastError());
    std::vector<uint64_t> ins(MAX_ARGS * RECORDED);
    CHECK(cudaMemcpy(ins.data(), d_ins, MAX_ARGS * count * sizeof(uint64_t), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(out.data(), d_out, count * sizeof(uint64_t), cudaMemcpyDeviceToHost));
    if (hashed32) fprintf(f, "inputs exhaustive 4294967296 sample-seed %016llx\n", (unsigned long long)SAMPLE_SEED);
    else fprintf(f, "inputs generated %llu seed %016llx\n", (unsigned long long)GEN_COUNT, (unsigned long long)GEN_SEED);
    for (int k = 0; k < SHOWN; k++) {
      fprintf(f, "g %d", k);
      for (int j = 0; j < F::arity; j++) put(f, ins[MAX_ARGS * k + j], F::in_digits);
      fprintf(f, "\n");
    }
    fprintf(f, "recorded %d\n", count);
    for (int k = 0; k < count; k += 16) {
      fprintf(f, "o %d", k);
      for (int j = k; j < k + 16; j++) put(f, out[j], F::out_digits);
      fprintf(f, "\n");
    }

    // Block hashes.
    CHECK(cudaMemset(d_hash, 0, BLOCKS * sizeof(unsigned long long)));
    if constexpr (hashed32) {
      uint64_t threads = (1ull << 32) / EXH_PER;
      CUDAFP_LAUNCH(k_exhaustive<F>, (unsigned)(threads / 256), 256, d_hash);
    } else {
      uint64_t threads = GEN_COUNT / GEN_PER;
      CUDAFP_LAUNCH(k_generated<F>, (unsigned)(threads / 256), 256, d_axis, d_hash);
    }
    CHECK(cudaGetLastError());
    unsigned long long h[BLOCKS];
    CHECK(cudaMemcpy(h, d_hash, sizeof h, cudaMemcpyDeviceToHost));
    fprintf(f, "hashes %d %llu\n", BLOCKS, hashed32 ? (1ull << 24) : (unsigned long long)(GEN_COUNT / BLOCKS));
    for (int b = 0; b < BLOCKS; b++) fprintf(f, "h %d %016llx\n", b, h[b]);

    // Sub-block hashes: the quick tier's share of the 2^32 indices.
    if constexpr (hashed32) {
      uint32_t subs[QUICK_SUBS];
      int nsubs = QUICK_SUBS;
      if (F::shape == ShapePairs) {
        static const uint32_t rows_f16[QUICK_ROWS] = {QUICK_ROWS_F16};
        static const uint32_t rows_bf16[QUICK_ROWS] = {QUICK_ROWS_BF16};
        nsubs = QUICK_ROWS;
        for (int k = 0; k < nsubs; k++) subs[k] = F::bf16 ? rows_bf16[k] : rows_f16[k];
      } else {
        for (int k = 0; k < nsubs; k++) subs[k] = QUICK_SUB[k];
      }
      CHECK(cudaMemcpy(d_subs, subs, nsubs * sizeof(uint32_t), cudaMemcpyHostToDevice));
      CHECK(cudaMemset(d_hash, 0, nsubs * sizeof(unsigned long long)));
      uint64_t threads = (uint64_t)nsubs * (SUB_BLOCK_SIZE / SUB_PER);
      CUDAFP_LAUNCH(k_subblocks<F>, (unsigned)((threads + 255) / 256), 256, d_subs, nsubs, d_hash);
      CHECK(cudaGetLastError());
      CHECK(cudaMemcpy(h, d_hash, nsubs * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
      fprintf(f, "subhashes %d %llu\n", nsubs, (unsigned long long)SUB_BLOCK_SIZE);
      for (int k = 0; k < nsubs; k++) fprintf(f, "u %08x %016llx\n", subs[k] << 16, h[k]);
    }
  }
  fprintf(f, "end\n");
  fclose(f);
  CHECK(cudaFree(d_axis)); CHECK(cudaFree(d_out)); CHECK(cudaFree(d_ins)); CHECK(cudaFree(d_hash)); CHECK(cudaFree(d_subs));
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
  CUDAFP_FUNCS16(RUN)
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "flag set %s: %d 16-bit functions captured\n", p.flags_name.c_str(), done);
  return 0;
}
