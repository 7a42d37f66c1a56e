// mufu_dump: dense tables of the H100's MUFU-backed PTX approximations, the
// device data from which ptx/internal/mufugen derives the coefficient tables
// of the MUFU models.
//
//   nvcc -arch=sm_90 -O3 -o mufu_dump mufu_dump.cu && ./mufu_dump OUTDIR
//
// For each dataset it writes OUTDIR/<name>.d2: the results out[i] of the
// instruction on inputs in[i] (see the table below), as little-endian int32
// second differences d[i] = out[i] - 2*out[i-1] + out[i-2] (out[-1] =
// out[-2] = 0, arithmetic mod 2^32), which compress well (xz) because the
// functions are smooth. The ftz forms are used: the non-ftz forms add fix-up
// code around the same MUFU operation, which the models handle separately.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include "gen.h"

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

#define OP(fn, ins) __device__ __forceinline__ float fn(float x) { float r; asm volatile(ins " %0, %1;" : "=f"(r) : "f"(x)); return r; }
OP(ex2f, "ex2.approx.ftz.f32") OP(lg2f, "lg2.approx.ftz.f32") OP(rcpf, "rcp.approx.ftz.f32")
OP(rsqf, "rsqrt.approx.ftz.f32") OP(sqrf, "sqrt.approx.ftz.f32") OP(sinf_, "sin.approx.ftz.f32")
OP(cosf_, "cos.approx.ftz.f32") OP(tanhf_, "tanh.approx.f32")

enum Op { EX2, LG2, RCP, RSQ, SQRT, SIN, COS, TANH };
// Input of element i: grid datasets use real_f32(start + i, scale) (exact
// fixed-point values); the others use bits base + i*stride.
struct Dataset { const char* name; Op op; bool grid; int64_t start; int32_t scale; uint32_t base, stride; uint64_t count; };

__global__ void k_eval(Dataset d, uint32_t* out) {
  uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= d.count) return;
  uint32_t bits = d.grid ? real_f32(d.start + (int64_t)i, d.scale) : d.base + (uint32_t)i * d.stride;
  float x = __uint_as_float(bits), r = 0;
  switch (d.op) {
  case EX2: r = ex2f(x); break;
  case LG2: r = lg2f(x); break;
  case RCP: r = rcpf(x); break;
  case RSQ: r = rsqf(x); break;
  case SQRT: r = sqrf(x); break;
  case SIN: r = sinf_(x); break;
  case COS: r = cosf_(x); break;
  case TANH: r = tanhf_(x); break;
  }
  out[i] = __float_as_uint(r);
}

int main(int argc, char** argv) {
  if (argc != 2) { fprintf(stderr, "usage: mufu_dump OUTDIR\n"); return 2; }
  const uint64_t M = 1ull << 23;
  const Dataset sets[] = {
    {"ex2", EX2, true, -(int64_t)M, -23, 0, 0, 2 * M},           // x = i·2^-23, i in [-2^23, 2^23)
    {"rcp", RCP, false, 0, 0, 0x3f800000u, 1, M},                // [1, 2)
    {"rsqrt", RSQ, false, 0, 0, 0x3f800000u, 1, 2 * M},          // [1, 4)
    {"sqrt", SQRT, false, 0, 0, 0x3f800000u, 1, 2 * M},          // [1, 4)
    {"lg2_e0", LG2, false, 0, 0, 0x3f800000u, 1, M},             // [1, 2)
    {"lg2_em1", LG2, false, 0, 0, 0x3f000000u, 1, M},            // [0.5, 1)
    {"lg2_e1", LG2, false, 0, 0, 0x40000000u, 1, M},             // [2, 4)
    {"lg2_e64", LG2, false, 0, 0, 0x5f800000u, 1, M},            // [2^64, 2^65)
    {"lg2_em126", LG2, false, 0, 0, 0x00800000u, 1, M},          // [2^-126, 2^-125)
    {"sin", SIN, false, 0, 0, 0x3f000000u, 1, 3 * M},            // [0.5, 4)
    {"cos", COS, false, 0, 0, 0x3f000000u, 1, 3 * M},            // [0.5, 4)
    {"tanh", TANH, false, 0, 0, 0x3e800000u, 1, 4 * M},          // [0.25, 4)
    {"tanh_sparse", TANH, false, 0, 0, 0u, 256, (1ull << 31) / 256}, // every 256th positive encoding
  };
  uint32_t* d_out;
  CHECK(cudaMalloc(&d_out, 4 * M * sizeof(uint32_t)));
  std::vector<uint32_t> out(4 * M);
  std::vector<int32_t> enc(4 * M);
  for (const Dataset& d : sets) {
    k_eval<<<(unsigned)((d.count + 255) / 256), 256>>>(d, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out.data(), d_out, d.count * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    uint32_t p1 = 0, p2 = 0;
    for (uint64_t i = 0; i < d.count; i++) {
      enc[i] = (int32_t)(out[i] - 2 * p1 + p2);
      p2 = p1; p1 = out[i];
    }
    std::string path = std::string(argv[1]) + "/" + d.name + ".d2";
    FILE* f = fopen(path.c_str(), "wb");
    if (!f) { perror(path.c_str()); return 1; }
    fwrite(enc.data(), sizeof(int32_t), d.count, f);
    fclose(f);
    printf("%-12s %9llu results\n", d.name, (unsigned long long)d.count);
  }
  return 0;
}
