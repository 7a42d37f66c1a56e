// cuda_driver_stub.h: a host-only stand-in for the part of the CUDA driver
// API (cuda.h) that gpu/kernels/runner.cu uses, so that the runner compiles
// and runs where nvcc and a GPU are absent (capture.sh's check mode):
//
//   g++ -std=c++17 -fsyntax-only -x c++ -include gpu/kernels/cuda_driver_stub.h gpu/kernels/runner.cu
//
// The declarations follow cuda.h of CUDA 13.0 (types reduced to what the
// runner needs). The definitions make a runner that moves bytes and launches
// nothing: memory is host memory, cuLaunchKernel does nothing (so every
// output file equals its input), cuModuleLoad only checks that the file can
// be opened, and the module's functions are the mangled names listed in the
// environment variable CUDAFP_STUB_FUNCS (separated by spaces).
// cuFuncGetParamInfo answers CUDA_ERROR_NOT_SUPPORTED, so the runner's
// parameter check is skipped. Nothing it writes is device data.
#pragma once
#define CUDAFP_DRIVER_STUB 1
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CUDAAPI

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_FILE_NOT_FOUND = 301,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_SUPPORTED = 801,
} CUresult;

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUfunc_st* CUfunction;
typedef struct CUstream_st* CUstream;

typedef enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
} CUfunction_attribute;

struct CUfunc_st {
  std::string name;
};
struct CUmod_st {
  std::vector<CUfunc_st> funcs;
};

inline CUresult cuInit(unsigned int) { return CUDA_SUCCESS; }
inline CUresult cuDeviceGet(CUdevice* d, int ordinal) {
  *d = ordinal;
  return CUDA_SUCCESS;
}
inline CUresult cuDevicePrimaryCtxRetain(CUcontext* c, CUdevice) {
  *c = nullptr;
  return CUDA_SUCCESS;
}
inline CUresult cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
inline CUresult cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
inline CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }
inline CUresult cuGetErrorName(CUresult e, const char** s) {
  *s = e == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_STUB";
  return CUDA_SUCCESS;
}
inline CUresult cuGetErrorString(CUresult, const char** s) {
  *s = "host stub error";
  return CUDA_SUCCESS;
}

inline CUresult cuModuleLoad(CUmodule* m, const char* fname) {
  FILE* f = std::fopen(fname, "rb");
  if (!f) return CUDA_ERROR_FILE_NOT_FOUND;
  std::fclose(f);
  CUmod_st* mod = new CUmod_st;
  const char* env = std::getenv("CUDAFP_STUB_FUNCS");
  std::string names = env ? env : "";
  size_t p = 0;
  while (p < names.size()) {
    size_t e = names.find(' ', p);
    if (e == std::string::npos) e = names.size();
    if (e > p) mod->funcs.push_back(CUfunc_st{names.substr(p, e - p)});
    p = e + 1;
  }
  *m = mod;
  return CUDA_SUCCESS;
}
inline CUresult cuModuleUnload(CUmodule m) {
  delete m;
  return CUDA_SUCCESS;
}
inline CUresult cuModuleGetFunction(CUfunction* f, CUmodule m, const char* name) {
  for (auto& fn : m->funcs)
    if (fn.name == name) {
      *f = &fn;
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}
inline CUresult cuModuleGetFunctionCount(unsigned int* count, CUmodule m) {
  *count = (unsigned int)m->funcs.size();
  return CUDA_SUCCESS;
}
inline CUresult cuModuleEnumerateFunctions(CUfunction* fs, unsigned int n, CUmodule m) {
  for (unsigned int i = 0; i < n && i < m->funcs.size(); i++) fs[i] = &m->funcs[i];
  return CUDA_SUCCESS;
}
inline CUresult cuFuncGetName(const char** name, CUfunction f) {
  *name = f->name.c_str();
  return CUDA_SUCCESS;
}
inline CUresult cuFuncGetAttribute(int* v, CUfunction_attribute, CUfunction) {
  *v = 0;
  return CUDA_SUCCESS;
}
inline CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) { return CUDA_SUCCESS; }
inline CUresult cuFuncGetParamInfo(CUfunction, size_t, size_t*, size_t*) { return CUDA_ERROR_NOT_SUPPORTED; }

inline CUresult cuMemAlloc(CUdeviceptr* p, size_t n) {
  void* q = std::calloc(n, 1);
  if (!q) return CUDA_ERROR_OUT_OF_MEMORY;
  *p = (CUdeviceptr)(uintptr_t)q;
  return CUDA_SUCCESS;
}
inline CUresult cuMemFree(CUdeviceptr p) {
  std::free((void*)(uintptr_t)p);
  return CUDA_SUCCESS;
}
inline CUresult cuMemsetD8(CUdeviceptr p, unsigned char v, size_t n) {
  std::memset((void*)(uintptr_t)p, v, n);
  return CUDA_SUCCESS;
}
inline CUresult cuMemcpyHtoD(CUdeviceptr dst, const void* src, size_t n) {
  std::memcpy((void*)(uintptr_t)dst, src, n);
  return CUDA_SUCCESS;
}
inline CUresult cuMemcpyDtoH(void* dst, CUdeviceptr src, size_t n) {
  std::memcpy(dst, (const void*)(uintptr_t)src, n);
  return CUDA_SUCCESS;
}
inline CUresult cuLaunchKernel(CUfunction, unsigned int, unsigned int, unsigned int, unsigned int, unsigned int,
                               unsigned int, unsigned int, CUstream, void**, void**) {
  return CUDA_SUCCESS;
}
