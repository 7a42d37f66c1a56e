// probe_f64: the NaN results (and the saturation of the integer conversions)
// of the H100's binary64 arithmetic, the device data that sets
// rounding/cuda.go's binary64 NaN rule (nan64Result, nanF64To*) for issue 17.
//
//   nvcc -arch=sm_90 -O3 -o /tmp/probe_f64 gpu/probe_f64.cu && /tmp/probe_f64 > $OUT/probe_f64.txt
//
// Every instruction is written as inline PTX with an explicit rounding
// modifier (so nvcc neither folds nor contracts it) and runs on operands
// loaded from device memory, one thread per row. Output: one line per row,
//
//   <instruction> <operand bits ...> -> <result bits>
//
// operands and f64 results as 16 hex digits, f32 operands and 32-bit results
// as 8, 64-bit integer results as 16. The operand lists put every NaN of the
// list below in each operand position against ordinary values, every
// ordered pair of six of them (and, for fma, the triples that matter), and the
// invalid operations that create a NaN from non-NaN operands.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

// Instructions, by code. The rounding modifier is the code's low two bits
// where an instruction has four (rn, rz, rm, rp in that order).
enum {
  ADD = 0, SUB = 4, MUL = 8, DIV = 12, FMA = 16, RCP = 20, SQRT = 24,
  CVT_S32 = 28, CVT_U32 = 32, CVT_S64 = 36, CVT_U64 = 40,  // cvt.r?i.{s32,u32,s64,u64}.f64
  CVT_F64_F32 = 44,                                          // cvt.f64.f32 (one form)
  CVT_F32_F64 = 48,                                          // cvt.r?.f32.f64
  CVT_RI_F64 = 52,                                           // cvt.r?i.f64.f64
  NCODES = 56
};
static const char *name(int code) {
  static const char *base[] = {"add", "sub", "mul", "div", "fma", "rcp", "sqrt",
                               "cvt.s32.f64", "cvt.u32.f64", "cvt.s64.f64", "cvt.u64.f64",
                               "cvt.f64.f32", "cvt.f32.f64", "cvt.ri.f64.f64"};
  static const char *rnd[] = {"rn", "rz", "rm", "rp"};
  static char buf[64];
  if (code == CVT_F64_F32) return base[code / 4];
  snprintf(buf, sizeof buf, "%s.%s", base[code / 4], rnd[code % 4]);
  return buf;
}

#define F3(ins) asm volatile(ins " %0, %1, %2;" : "=d"(d) : "d"(a), "d"(b))
#define F4(ins) asm volatile(ins " %0, %1, %2, %3;" : "=d"(d) : "d"(a), "d"(b), "d"(c))
#define F2(ins) asm volatile(ins " %0, %1;" : "=d"(d) : "d"(a))
#define I32(ins) asm volatile(ins " %0, %1;" : "=r"(r32) : "d"(a))
#define I64(ins) asm volatile(ins " %0, %1;" : "=l"(r64) : "d"(a))

__global__ void run(const int *code, const uint64_t *A, const uint64_t *B, const uint64_t *C, uint64_t *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = __longlong_as_double(A[i]), b = __longlong_as_double(B[i]), c = __longlong_as_double(C[i]), d = 0;
  unsigned r32 = 0;
  unsigned long long r64 = 0;
  float f = __uint_as_float((unsigned)A[i]), g = 0;
  switch (code[i]) {
  case ADD + 0: F3("add.rn.f64"); break;   case ADD + 1: F3("add.rz.f64"); break;
  case ADD + 2: F3("add.rm.f64"); break;   case ADD + 3: F3("add.rp.f64"); break;
  case SUB + 0: F3("sub.rn.f64"); break;   case SUB + 1: F3("sub.rz.f64"); break;
  case SUB + 2: F3("sub.rm.f64"); break;   case SUB + 3: F3("sub.rp.f64"); break;
  case MUL + 0: F3("mul.rn.f64"); break;   case MUL + 1: F3("mul.rz.f64"); break;
  case MUL + 2: F3("mul.rm.f64"); break;   case MUL + 3: F3("mul.rp.f64"); break;
  case DIV + 0: F3("div.rn.f64"); break;   case DIV + 1: F3("div.rz.f64"); break;
  case DIV + 2: F3("div.rm.f64"); break;   case DIV + 3: F3("div.rp.f64"); break;
  case FMA + 0: F4("fma.rn.f64"); break;   case FMA + 1: F4("fma.rz.f64"); break;
  case FMA + 2: F4("fma.rm.f64"); break;   case FMA + 3: F4("fma.rp.f64"); break;
  case RCP + 0: F2("rcp.rn.f64"); break;   case RCP + 1: F2("rcp.rz.f64"); break;
  case RCP + 2: F2("rcp.rm.f64"); break;   case RCP + 3: F2("rcp.rp.f64"); break;
  case SQRT + 0: F2("sqrt.rn.f64"); break; case SQRT + 1: F2("sqrt.rz.f64"); break;
  case SQRT + 2: F2("sqrt.rm.f64"); break; case SQRT + 3: F2("sqrt.rp.f64"); break;
  case CVT_S32 + 0: I32("cvt.rni.s32.f64"); break; case CVT_S32 + 1: I32("cvt.rzi.s32.f64"); break;
  case CVT_S32 + 2: I32("cvt.rmi.s32.f64"); break; case CVT_S32 + 3: I32("cvt.rpi.s32.f64"); break;
  case CVT_U32 + 0: I32("cvt.rni.u32.f64"); break; case CVT_U32 + 1: I32("cvt.rzi.u32.f64"); break;
  case CVT_U32 + 2: I32("cvt.rmi.u32.f64"); break; case CVT_U32 + 3: I32("cvt.rpi.u32.f64"); break;
  case CVT_S64 + 0: I64("cvt.rni.s64.f64"); break; case CVT_S64 + 1: I64("cvt.rzi.s64.f64"); break;
  case CVT_S64 + 2: I64("cvt.rmi.s64.f64"); break; case CVT_S64 + 3: I64("cvt.rpi.s64.f64"); break;
  case CVT_U64 + 0: I64("cvt.rni.u64.f64"); break; case CVT_U64 + 1: I64("cvt.rzi.u64.f64"); break;
  case CVT_U64 + 2: I64("cvt.rmi.u64.f64"); break; case CVT_U64 + 3: I64("cvt.rpi.u64.f64"); break;
  case CVT_F64_F32: asm volatile("cvt.f64.f32 %0, %1;" : "=d"(d) : "f"(f)); break;
  case CVT_F32_F64 + 0: asm volatile("cvt.rn.f32.f64 %0, %1;" : "=f"(g) : "d"(a)); r32 = __float_as_uint(g); break;
  case CVT_F32_F64 + 1: asm volatile("cvt.rz.f32.f64 %0, %1;" : "=f"(g) : "d"(a)); r32 = __float_as_uint(g); break;
  case CVT_F32_F64 + 2: asm volatile("cvt.rm.f32.f64 %0, %1;" : "=f"(g) : "d"(a)); r32 = __float_as_uint(g); break;
  case CVT_F32_F64 + 3: asm volatile("cvt.rp.f32.f64 %0, %1;" : "=f"(g) : "d"(a)); r32 = __float_as_uint(g); break;
  case CVT_RI_F64 + 0: F2("cvt.rni.f64.f64"); break; case CVT_RI_F64 + 1: F2("cvt.rzi.f64.f64"); break;
  case CVT_RI_F64 + 2: F2("cvt.rmi.f64.f64"); break; case CVT_RI_F64 + 3: F2("cvt.rpi.f64.f64"); break;
  }
  int k = code[i];
  if ((k >= CVT_S32 && k < CVT_S64) || (k >= CVT_F32_F64 && k < CVT_F32_F64 + 4))
    out[i] = r32;
  else if (k >= CVT_S64 && k < CVT_F64_F32)
    out[i] = r64;
  else
    out[i] = (uint64_t)__double_as_longlong(d);
}

struct Row { int code; int arity; uint64_t a, b, c; };

int main() {
  // NaNs: quiet and signalling, both signs, empty / low / high / full payloads.
  const uint64_t nans[] = {
      0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff8000000000001ull, 0xfff80000deadbeefull,
      0x7fffffffffffffffull, 0xffffffffffffffffull, 0x7ff0000000000001ull, 0xfff0000000000001ull,
      0x7ff4000000000abcull, 0x7ff7ffffffffffffull, 0x7ffc000000012345ull, 0xfff0f9c7ff5fb763ull};
  const int nn = sizeof nans / sizeof nans[0];
  // The pairs and triples of NaNs use six of them: quiet ±, quiet with
  // payloads of either sign, signalling with the smallest and a middle payload.
  const uint64_t pnans[] = {nans[0], nans[1], nans[2], nans[3], nans[6], nans[8]};
  const int np = sizeof pnans / sizeof pnans[0];
  // Ordinary operands: 1, -2, +Inf, -Inf, +0, -0, the smallest subnormal.
  const uint64_t vals[] = {0x3ff0000000000000ull, 0xc000000000000000ull, 0x7ff0000000000000ull,
                           0xfff0000000000000ull, 0x0000000000000000ull, 0x8000000000000000ull,
                           0x0000000000000001ull};
  const int nv = sizeof vals / sizeof vals[0];
  const uint64_t one = 0x3ff0000000000000ull, inf = 0x7ff0000000000000ull, ninf = 0xfff0000000000000ull;
  std::vector<Row> rows;
  for (int op = ADD; op <= DIV + 3; op++) {
    for (int i = 0; i < nn; i++)
      for (int v = 0; v < nv; v++) {
        rows.push_back({op, 2, nans[i], vals[v], 0});
        rows.push_back({op, 2, vals[v], nans[i], 0});
      }
    for (int i = 0; i < np; i++)
      for (int j = 0; j < np; j++) rows.push_back({op, 2, pnans[i], pnans[j], 0});
    // Invalid operations without a NaN operand.
    rows.push_back({op, 2, inf, ninf, 0}); rows.push_back({op, 2, ninf, inf, 0});
    rows.push_back({op, 2, inf, inf, 0});  rows.push_back({op, 2, 0, inf, 0});
    rows.push_back({op, 2, inf, 0, 0});    rows.push_back({op, 2, 0, 0, 0});
    rows.push_back({op, 2, 0x8000000000000000ull, 0, 0});
  }
  for (int op = FMA; op <= FMA + 3; op++) {
    for (int i = 0; i < nn; i++) {
      rows.push_back({op, 3, nans[i], one, one}); rows.push_back({op, 3, one, nans[i], one});
      rows.push_back({op, 3, one, one, nans[i]});
      rows.push_back({op, 3, nans[i], 0, inf});   rows.push_back({op, 3, inf, 0, nans[i]});
      rows.push_back({op, 3, 0, inf, nans[i]});   rows.push_back({op, 3, inf, one, nans[i]});
    }
    for (int i = 0; i < np; i++)
      for (int j = 0; j < np; j++) {
        rows.push_back({op, 3, pnans[i], pnans[j], one});
        rows.push_back({op, 3, pnans[i], one, pnans[j]});
        rows.push_back({op, 3, one, pnans[i], pnans[j]});
      }
    for (int i = 0; i < np; i++) rows.push_back({op, 3, pnans[i], pnans[(i + 1) % np], pnans[(i + 2) % np]});
    rows.push_back({op, 3, inf, 0, one}); rows.push_back({op, 3, 0, ninf, one});
    rows.push_back({op, 3, inf, one, ninf}); rows.push_back({op, 3, ninf, ninf, ninf});
  }
  // Unary f64 operations and conversions from f64: every NaN, plus values
  // at and beyond the integer limits (saturation) and the ordinary values.
  const uint64_t limits[] = {
      0x41dfffffffc00000ull /* 2^31-1 */, 0x41e0000000000000ull /* 2^31 */, 0xc1e0000000000000ull /* -2^31 */,
      0xc1e0000000200000ull /* -2^31-1 */, 0x41efffffffe00000ull /* 2^32-1 */, 0x41f0000000000000ull /* 2^32 */,
      0x43e0000000000000ull /* 2^63 */, 0xc3e0000000000000ull /* -2^63 */, 0xc3e0000000000001ull,
      0x43f0000000000000ull /* 2^64 */, 0x43efffffffffffffull, 0xbff0000000000000ull /* -1 */,
      0xbfe0000000000000ull /* -0.5 */, 0xbfe8000000000000ull /* -0.75 */, 0x3fe0000000000000ull /* 0.5 */,
      0x41dfffffffe00000ull /* 2^31-0.5 */, 0x7fefffffffffffffull, 0xffefffffffffffffull};
  for (int op = RCP; op < CVT_F64_F32; op++) {
    for (int i = 0; i < nn; i++) rows.push_back({op, 1, nans[i], 0, 0});
    for (int v = 0; v < nv; v++) rows.push_back({op, 1, vals[v], 0, 0});
    if (op >= CVT_S32)
      for (uint64_t l : limits) rows.push_back({op, 1, l, 0, 0});
    if (op >= SQRT && op < SQRT + 4) rows.push_back({op, 1, 0xbff0000000000000ull, 0, 0});
  }
  for (int op = CVT_F32_F64; op < NCODES; op++)
    for (int i = 0; i < nn; i++) rows.push_back({op, 1, nans[i], 0, 0});
  const uint32_t fnans[] = {0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fffffffu, 0x7fa00000u, 0x7fc00123u};
  for (uint32_t f : fnans) rows.push_back({CVT_F64_F32, 1, f, 0, 0});

  int n = (int)rows.size();
  std::vector<int> code(n);
  std::vector<uint64_t> A(n), B(n), C(n), out(n);
  for (int i = 0; i < n; i++) { code[i] = rows[i].code; A[i] = rows[i].a; B[i] = rows[i].b; C[i] = rows[i].c; }
  int *dcode; uint64_t *dA, *dB, *dC, *dout;
  CHECK(cudaMalloc(&dcode, n * sizeof(int)));
  CHECK(cudaMalloc(&dA, n * 8)); CHECK(cudaMalloc(&dB, n * 8)); CHECK(cudaMalloc(&dC, n * 8)); CHECK(cudaMalloc(&dout, n * 8));
  CHECK(cudaMemcpy(dcode, code.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dA, A.data(), n * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, B.data(), n * 8, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dC, C.data(), n * 8, cudaMemcpyHostToDevice));
  run<<<(n + 255) / 256, 256>>>(dcode, dA, dB, dC, dout, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(out.data(), dout, n * 8, cudaMemcpyDeviceToHost));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int rt = 0, drv = 0;
  cudaRuntimeGetVersion(&rt); cudaDriverGetVersion(&drv);
  printf("# probe_f64: %s (sm_%d%d), runtime %d, driver %d; %d rows\n", prop.name, prop.major, prop.minor, rt, drv, n);
  for (int i = 0; i < n; i++) {
    const Row &r = rows[i];
    int k = r.code;
    printf("%-17s", name(k));
    if (k == CVT_F64_F32) printf(" %08x", (uint32_t)r.a);
    else {
      printf(" %016llx", (unsigned long long)r.a);
      if (r.arity >= 2) printf(" %016llx", (unsigned long long)r.b);
      if (r.arity >= 3) printf(" %016llx", (unsigned long long)r.c);
    }
    bool narrow = (k >= CVT_S32 && k < CVT_S64) || (k >= CVT_F32_F64 && k < CVT_F32_F64 + 4);
    if (narrow) printf(" -> %08x\n", (uint32_t)out[i]);
    else printf(" -> %016llx\n", (unsigned long long)out[i]);
  }
  return 0;
}
