// reduce.cu: reductions inside a block and inside a warp: row-wise softmax
// and layer norm (one block per row), shared-memory tree reductions (static,
// templated for float and double, and dynamic shared memory), warp shuffles
// and votes. Every reduction has a fixed combining order, so results do not
// depend on scheduling. Part of the kernel corpus
// (testdata/kernels/README.md): gpu/kernels/capture.sh compiles this file to
// a .cubin under each flag set and runs the cases of gpu/kernels/cases.txt
// that name it.
//
// Block-wide kernels assume blockDim.x is a power of two, at most 256.

// block_max and block_sum combine v over the block through s (blockDim.x
// floats) as a halving tree; every thread gets the result.
__device__ float block_max(float v, float* s) {
  int t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] = fmaxf(s[t], s[t + w]);
    __syncthreads();
  }
  float r = s[0];
  __syncthreads();
  return r;
}

__device__ float block_sum(float v, float* s) {
  int t = threadIdx.x;
  s[t] = v;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  float r = s[0];
  __syncthreads();
  return r;
}

// softmax_rows: y = softmax(x) along each row of a rows x cols matrix; block
// b handles row b, each thread a strided slice of the columns.
__global__ void softmax_rows(const float* x, float* y, int cols) {
  __shared__ float s[256];
  const float* xr = x + (size_t)blockIdx.x * cols;
  float* yr = y + (size_t)blockIdx.x * cols;
  float m = __int_as_float(0xff800000);  // -Inf
  for (int j = threadIdx.x; j < cols; j += blockDim.x) m = fmaxf(m, xr[j]);
  m = block_max(m, s);
  float sum = 0.0f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    float e = expf(xr[j] - m);
    yr[j] = e;
    sum += e;
  }
  sum = block_sum(sum, s);
  float inv = 1.0f / sum;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) yr[j] *= inv;
}

// layer_norm: y = (x - mean) * rsqrt(var + eps) * gamma + beta along each row
// of a rows x cols matrix (population variance); block b handles row b.
__global__ void layer_norm(const float* x, const float* gamma, const float* beta, float* y, int cols, float eps) {
  __shared__ float s[256];
  const float* xr = x + (size_t)blockIdx.x * cols;
  float* yr = y + (size_t)blockIdx.x * cols;
  float sum = 0.0f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) sum += xr[j];
  float mean = block_sum(sum, s) / (float)cols;
  float sq = 0.0f;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) {
    float d = xr[j] - mean;
    sq += d * d;
  }
  float var = block_sum(sq, s) / (float)cols;
  float r = rsqrtf(var + eps);
  for (int j = threadIdx.x; j < cols; j += blockDim.x) yr[j] = (xr[j] - mean) * r * gamma[j] + beta[j];
}

// reduce_sum<T>: partial[b] = sum of the block's slice of x (blockDim.x
// elements from b*blockDim.x, zero past n), by a static shared-memory tree.
// Launch with blockDim.x = 256.
template <typename T>
__global__ void reduce_sum(const T* x, T* partial, int n) {
  __shared__ T s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? x[i] : T(0);
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) s[t] += s[t + w];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
template __global__ void reduce_sum<float>(const float*, float*, int);
template __global__ void reduce_sum<double>(const double*, double*, int);

// reduce_sum_dyn: as reduce_sum<float> with dynamic shared memory sized by the
// launch (blockDim.x floats), and each thread first adding two elements
// (x[i] + x[i + blockDim.x] for a block slice of 2*blockDim.x).
__global__ void reduce_sum_dyn(const float* x, float* partial, int n) {
  extern __shared__ float sdata[];
  int t = threadIdx.x;
  int i = blockIdx.x * (2 * blockDim.x) + t;
  float v = 0.0f;
  if (i < n) v = x[i];
  if (i + (int)blockDim.x < n) v += x[i + blockDim.x];
  sdata[t] = v;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (t < w) sdata[t] += sdata[t + w];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = sdata[0];
}

// warp_reduce: per warp of 32 consecutive elements (zero past n):
// down[w] = sum by __shfl_down_sync halving, xor[i] = butterfly sum by
// __shfl_xor_sync (every lane), bcast[i] = the value of lane (x[i] bits % 32)
// by __shfl_sync, maxv[w] = max by __shfl_xor_sync. w = warp index.
__global__ void warp_reduce(const float* x, float* down, float* xsum, float* bcast, float* maxv, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  float v = i < n ? x[i] : 0.0f;
  float d = v;
  for (int off = 16; off > 0; off >>= 1) d += __shfl_down_sync(0xffffffffu, d, off);
  float b = v;
  for (int m = 1; m < 32; m <<= 1) b += __shfl_xor_sync(0xffffffffu, b, m);
  float mx = v;
  for (int m = 16; m > 0; m >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, m));
  int src = (int)(__float_as_uint(v) % 32u);
  float bc = __shfl_sync(0xffffffffu, v, src);
  if (i < n) {
    xsum[i] = b;
    bcast[i] = bc;
    if (lane == 0) {
      down[i / 32] = d;
      maxv[i / 32] = mx;
    }
  }
}

// warp_scan: inclusive prefix sum of x within each warp by __shfl_up_sync
// (integers, so exact), and of 8-lane segments (width 8).
__global__ void warp_scan(const int* x, int* scan32, int* scan8, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? x[i] : 0;
  int s = v;
  for (int off = 1; off < 32; off <<= 1) {
    int u = __shfl_up_sync(0xffffffffu, s, off);
    if (lane >= off) s += u;
  }
  int s8 = v;
  for (int off = 1; off < 8; off <<= 1) {
    int u = __shfl_up_sync(0xffffffffu, s8, off, 8);
    if ((lane & 7) >= off) s8 += u;
  }
  if (i < n) {
    scan32[i] = s;
    scan8[i] = s8;
  }
}

// warp_vote: per warp (w = warp index), with p = x[i] > 0:
// ballot[w] = __ballot_sync(p), any[w] = __any_sync(x[i] > 100),
// all[w] = __all_sync(x[i] != 0); and inside the divergent branch taken by
// lanes with odd x[i], active[i] = __activemask() (0 for the other lanes),
// and oddsum[i] = __reduce_add_sync(that mask, x[i]), the sum of x over the
// branch's lanes (0 for the other lanes).
__global__ void warp_vote(const int* x, unsigned* ballot, int* any, int* all, unsigned* active, int* oddsum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? x[i] : 0;
  unsigned b = __ballot_sync(0xffffffffu, v > 0);
  int a = __any_sync(0xffffffffu, v > 100);
  int l = __all_sync(0xffffffffu, v != 0);
  unsigned act = 0;
  int os = 0;
  if (v & 1) {
    act = __activemask();
    os = __reduce_add_sync(act, v);
  }
  if (i < n) {
    active[i] = act;
    oddsum[i] = os;
    if (lane == 0) {
      ballot[i / 32] = b;
      any[i / 32] = a;
      all[i / 32] = l;
    }
  }
}
