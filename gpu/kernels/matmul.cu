// matmul.cu: 2-D and 3-D grids: a tiled matrix product with 16x16
// shared-memory tiles (templated for float and double), a tiled transpose and
// a kernel that uses every index register of a 3-D launch. Part of the kernel
// corpus (testdata/kernels/README.md): gpu/kernels/capture.sh compiles this
// file to a .cubin under each flag set and runs the cases of
// gpu/kernels/cases.txt that name it.

#define TILE 16

// matmul_tiled<T>: C = A B for row-major A (M x K), B (K x N), C (M x N), with
// any M, N, K (out-of-range tile entries load as zero). Launch with block
// (16,16) and grid (ceil(N/16), ceil(M/16)). Each C entry accumulates
// sum over k of A[r][k]*B[k][c] in increasing k.
template <typename T>
__global__ void matmul_tiled(const T* A, const T* B, T* C, int M, int N, int K) {
  __shared__ T As[TILE][TILE];
  __shared__ T Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;
  T acc = T(0);
  for (int k0 = 0; k0 < K; k0 += TILE) {
    int ka = k0 + tx, kb = k0 + ty;
    As[ty][tx] = (row < M && ka < K) ? A[(size_t)row * K + ka] : T(0);
    Bs[ty][tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : T(0);
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}
template __global__ void matmul_tiled<float>(const float*, const float*, float*, int, int, int);
template __global__ void matmul_tiled<double>(const double*, const double*, double*, int, int, int);

// transpose_tiled: out (cols x rows) = in (rows x cols) transposed through a
// padded shared tile. Launch with block (16,16) and grid (ceil(cols/16),
// ceil(rows/16)).
__global__ void transpose_tiled(const float* in, float* out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[(size_t)y * cols + x];
  __syncthreads();
  int tx = blockIdx.y * TILE + threadIdx.x;  // column of out = row of in
  int ty = blockIdx.x * TILE + threadIdx.y;  // row of out = column of in
  if (tx < rows && ty < cols) out[(size_t)ty * rows + tx] = tile[threadIdx.x][threadIdx.y];
}

// index3d: a 3-D launch over an nx x ny x nz volume (x fastest). For each
// point p = (x, y, z) inside the volume, at v = (z*ny + y)*nx + x:
//   ids[4*v + 0..3] = linear thread index in the block, linear block index in
//                     the grid, blockDim.x*blockDim.y*blockDim.z and
//                     gridDim.x*gridDim.y*gridDim.z;
//   val[v] = in[v] * (x + 1) - 0.5 * y + 0.25 * z / (blockDim.z + gridDim.y).
__global__ void index3d(const float* in, int* ids, float* val, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz) return;
  int v = (z * ny + y) * nx + x;
  ids[4 * v + 0] = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  ids[4 * v + 1] = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  ids[4 * v + 2] = blockDim.x * blockDim.y * blockDim.z;
  ids[4 * v + 3] = gridDim.x * gridDim.y * gridDim.z;
  val[v] = in[v] * (float)(x + 1) - 0.5f * (float)y + 0.25f * (float)z / (float)(blockDim.z + gridDim.y);
}
