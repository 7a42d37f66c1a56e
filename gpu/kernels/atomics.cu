// atomics.cu: atomic read-modify-write operations on global and shared
// memory. Part of the kernel corpus (testdata/kernels/README.md):
// gpu/kernels/capture.sh compiles this file to a .cubin under each flag set
// and runs the cases of gpu/kernels/cases.txt that name it.
//
// All kernels but the last two are order-independent by construction: their
// final memory does not depend on the order in which threads reach the
// atomics (integer operations are associative and commutative; the float and
// double inputs are multiples of a power of two small enough that every
// partial sum is exact; products are by powers of two; atomicInc/atomicDec
// apply the same map each time; atomicExch writes one value). Returned old
// values, which do depend on the order, are not stored. The last two kernels
// are order-DEPENDENT on purpose and are marked so in cases.txt: the device
// run records one outcome, and capture.sh's determinism.txt says whether two
// runs agreed.
//
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// Slot s of an accumulator array collects the elements i with i % nslots == s.

// atomic_add_global: atomicAdd in global memory on int, unsigned,
// unsigned long long, float and double.
__global__ void atomic_add_global(const int* vi, const unsigned* vu, const unsigned long long* vul, const float* vf,
                                  const double* vd, int* si, unsigned* su, unsigned long long* sul, float* sf,
                                  double* sd, int nslots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int s = i % nslots;
    atomicAdd(&si[s], vi[i]);
    atomicAdd(&su[s], vu[i]);
    atomicAdd(&sul[s], vul[i]);
    atomicAdd(&sf[s], vf[i]);
    atomicAdd(&sd[s], vd[i]);
  }
}

// atomic_add_shared: per block, atomicAdd in shared memory on an int and a
// float total and on 8 int bins (bin = vi & 7); thread 0 then writes the
// block's totals: bi[b], bf[b], bins[8*b + 0..7].
__global__ void atomic_add_shared(const int* vi, const float* vf, int* bi, float* bf, int* bins, int n) {
  __shared__ int s_i;
  __shared__ float s_f;
  __shared__ int s_bins[8];
  int t = threadIdx.x;
  if (t == 0) {
    s_i = 0;
    s_f = 0.0f;
  }
  if (t < 8) s_bins[t] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + t;
  if (i < n) {
    atomicAdd(&s_i, vi[i]);
    atomicAdd(&s_f, vf[i]);
    atomicAdd(&s_bins[vi[i] & 7], 1);
  }
  __syncthreads();
  if (t == 0) {
    bi[blockIdx.x] = s_i;
    bf[blockIdx.x] = s_f;
  }
  if (t < 8) bins[8 * blockIdx.x + t] = s_bins[t];
}

// atomic_bitops: atomicMax and atomicMin on int and unsigned, atomicAnd,
// atomicOr and atomicXor on unsigned, and atomicMax on unsigned long long
// (of v zero-extended times 2^32 plus u). The accumulators' initial values come
// from the inputs.
__global__ void atomic_bitops(const int* v, const unsigned* u, int* mx, int* mn, unsigned* umx, unsigned* umn,
                              unsigned* andv, unsigned* orv, unsigned* xorv, unsigned long long* ulmx, int nslots,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int s = i % nslots;
    atomicMax(&mx[s], v[i]);
    atomicMin(&mn[s], v[i]);
    atomicMax(&umx[s], u[i]);
    atomicMin(&umn[s], u[i]);
    atomicAnd(&andv[s], u[i] | 0x01010101u);
    atomicOr(&orv[s], u[i] & 0x80808080u);
    atomicXor(&xorv[s], u[i]);
    atomicMax(&ulmx[s], (unsigned long long)(unsigned)v[i] << 32 | u[i]);
  }
}

// atomic_misc: per slot, with w = v[i]:
//  prod: a float multiplied by 2^((w % 3) - 1), negated when w & 8, through an
//        atomicCAS loop on its bits (exact, so order-independent);
//  inc:  atomicInc(&inc[s], 10);  dec: atomicDec(&dec[s], 7);
//  flag: atomicExch(&flag[w % nslots], 1) when w % 5 == 0;
//  umax: a 64-bit maximum of w * 0x9e3779b97f4a7c15 through an atomicCAS loop.
__global__ void atomic_misc(const unsigned* v, float* prod, unsigned* inc, unsigned* dec, int* flag,
                            unsigned long long* umax, int nslots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s = i % nslots;
  unsigned w = v[i];
  float f = (w % 3 == 0) ? 0.5f : (w % 3 == 1) ? 1.0f : 2.0f;
  if (w & 8) f = -f;
  unsigned* p = (unsigned*)&prod[s];
  unsigned old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __float_as_uint(__uint_as_float(assumed) * f));
  } while (old != assumed);
  atomicInc(&inc[s], 10u);
  atomicDec(&dec[s], 7u);
  if (w % 5 == 0) atomicExch(&flag[w % nslots], 1);
  unsigned long long h = (unsigned long long)w * 0x9e3779b97f4a7c15ull;
  unsigned long long o = umax[s], a;
  while (o < h) {
    a = o;
    o = atomicCAS(&umax[s], a, h);
    if (o == a) break;
  }
}

// histogram: 256-bin byte histogram; each block counts its grid-stride share
// of data into shared bins (atomicAdd on shared unsigned), then adds them to
// the global bins (atomicAdd on global unsigned). Launch with 256 threads.
__global__ void histogram(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned s[256];
  s[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&s[data[i]], 1u);
  __syncthreads();
  if (s[threadIdx.x] != 0) atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);
}

// atomic_add_float_order: ORDER-DEPENDENT. sum[i % nslots] += v[i] by float
// atomicAdd of arbitrary values: each addition rounds, so the result depends
// on the order in which threads arrive.
__global__ void atomic_add_float_order(const float* v, float* sum, int nslots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&sum[i % nslots], v[i]);
}

// atomic_exch_last: ORDER-DEPENDENT. last[i % nslots] = i by atomicExch: each
// slot ends holding the index of whichever thread wrote last.
__global__ void atomic_exch_last(int* last, int nslots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicExch(&last[i % nslots], i);
}

// atomic_fp_semantics: the arithmetic of floating-point atomics, one atomic
// per address (order-independent): for every pair (a[i], b[i]) it stores
// the result of atomicAdd(&x, b[i]) on x = a[i] in global memory (g*) and in
// shared memory (s*), for float, double, __half2 (both lanes) and
// __nv_bfloat162. The pairs include subnormals, signed zeros, NaN payloads,
// infinities, overflow and rounding ties, so the outputs show whether each
// space and type rounds to nearest even, flushes subnormals, and which NaN
// it returns.
__global__ void atomic_fp_semantics(const float* af, const float* bf, const double* ad, const double* bd,
                                    const __half2* ah, const __half2* bh, const __nv_bfloat162* ab,
                                    const __nv_bfloat162* bb, float* gf, float* sf, double* gd, double* sd,
                                    __half2* gh, __half2* sh, __nv_bfloat162* gb, __nv_bfloat162* sb, int n) {
  __shared__ float s_f[256];
  __shared__ double s_d[256];
  __shared__ __half2 s_h[256];
  __shared__ __nv_bfloat162 s_b[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i < n) {
    gf[i] = af[i];
    gd[i] = ad[i];
    gh[i] = ah[i];
    gb[i] = ab[i];
    s_f[t] = af[i];
    s_d[t] = ad[i];
    s_h[t] = ah[i];
    s_b[t] = ab[i];
  }
  __syncthreads();
  if (i < n) {
    atomicAdd(&gf[i], bf[i]);
    atomicAdd(&gd[i], bd[i]);
    atomicAdd(&gh[i], bh[i]);
    atomicAdd(&gb[i], bb[i]);
    atomicAdd(&s_f[t], bf[i]);
    atomicAdd(&s_d[t], bd[i]);
    atomicAdd(&s_h[t], bh[i]);
    atomicAdd(&s_b[t], bb[i]);
  }
  __syncthreads();
  if (i < n) {
    sf[i] = s_f[t];
    sd[i] = s_d[t];
    sh[i] = s_h[t];
    sb[i] = s_b[t];
  }
}
