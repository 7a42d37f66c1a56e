// runner.cu: launches one kernel of a compiled module (.cubin) on the GPU
// through the CUDA driver API and writes every buffer argument back to a
// NumPy file. It is the device side of the kernel corpus (testdata/kernels):
// gpu/kernels/capture.sh runs it for each case of gpu/kernels/cases.txt, and
// the Go emulator accepts the same command line.
//
// Build (host program; the kernels come from the .cubin at run time):
//   nvcc -O2 -o runner gpu/kernels/runner.cu -lcuda
//
// Usage:
//   runner MODULE.cubin --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]
//          [--shared BYTES] --arg A [--arg A ...] --out DIR
//
// NAME is the kernel's symbol (mangled, or plain for extern "C") or its
// demangled name without the parameter list ("softmax_rows",
// "reduce_sum<float>", "apps::daxpy") or with it, as c++filt prints it less
// a template's return type ("reduce_sum<float>(float const*, float*, int)");
// a demangled name is resolved by
// enumerating the module's functions (cuModuleEnumerateFunctions and
// cuFuncGetName, CUDA 12.4 and later) and demangling each symbol. The --arg
// syntax is in args.h (@FILE.npy, bf16:@FILE.npy, f16:@FILE.npy,
// zeros:TYPE:COUNT, s32:V u32:V s64:V u64:V f32:V f64:V f16:V), one per
// kernel parameter in order; where the driver reports the kernel's parameter
// layout (cuFuncGetParamInfo) the count and each size are checked against the
// --arg list. --shared is the dynamic shared memory in bytes (default 0).
// After the launch and a synchronisation, buffer argument N is written to
// DIR/argN.npy (DIR is created if missing; its parent must exist).
//
// Any error: one line on stderr naming what failed, exit status 1. The
// runner uses device 0 (select another with CUDA_VISIBLE_DEVICES) and its
// primary context.
//
// Host check without CUDA (capture.sh's check mode):
//   g++ -std=c++17 -x c++ -include gpu/kernels/cuda_driver_stub.h -o runner_stub gpu/kernels/runner.cu
#ifndef CUDAFP_DRIVER_STUB
#include <cuda.h>
#endif
#include <cxxabi.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "args.h"
#include "npy.h"

namespace {

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "runner: %s\n", msg.c_str());
  std::exit(1);
}

std::string cu_error(CUresult r) {
  const char* name = nullptr;
  const char* text = nullptr;
  if (cuGetErrorName(r, &name) != CUDA_SUCCESS || !name) name = "unknown CUresult";
  if (cuGetErrorString(r, &text) != CUDA_SUCCESS || !text) text = "";
  return std::string(name) + " (" + std::to_string(int(r)) + "): " + text;
}

void check(CUresult r, const std::string& what) {
  if (r != CUDA_SUCCESS) die(what + ": " + cu_error(r));
}

// dims parses "X", "X,Y" or "X,Y,Z" (positive decimals) into d[3].
void dims(const std::string& flag, const std::string& s, unsigned d[3]) {
  d[0] = d[1] = d[2] = 1;
  size_t p = 0;
  for (int k = 0; k < 3; k++) {
    size_t e = s.find(',', p);
    std::string part = s.substr(p, e == std::string::npos ? std::string::npos : e - p);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos || part.size() > 10)
      die(flag + " " + s + ": expected X[,Y[,Z]] with positive integers");
    unsigned long long v = std::strtoull(part.c_str(), nullptr, 10);
    if (v == 0 || v > 0xffffffffull) die(flag + " " + s + ": dimension out of range");
    d[k] = unsigned(v);
    if (e == std::string::npos) return;
    p = e + 1;
  }
  die(flag + " " + s + ": more than three dimensions");
}

// strip_params turns a demangled function name into the name without its
// parameter list and without the return type that template functions carry
// ("void reduce_sum<float>(float const*, float*, int)" to
// "reduce_sum<float>").
std::string strip_params(const std::string& d) {
  std::string s = d;
  if (!s.empty() && s.back() == ')') {
    int depth = 0;
    for (size_t i = s.size(); i-- > 0;) {
      if (s[i] == ')') depth++;
      if (s[i] == '(') depth--;
      if (depth == 0) {
        s = s.substr(0, i);
        break;
      }
    }
  }
  if (s.compare(0, 5, "void ") == 0) s = s.substr(5);
  return s;
}

std::string demangle(const char* sym) {
  int status = 0;
  char* d = abi::__cxa_demangle(sym, nullptr, nullptr, &status);
  if (status != 0 || !d) return sym;
  std::string r = d;
  std::free(d);
  return r;
}

// resolve finds NAME in the module: as a symbol first, then by demangled
// name (with or without the parameter list).
CUfunction resolve(CUmodule mod, const std::string& name) {
  CUfunction f = nullptr;
  CUresult r = cuModuleGetFunction(&f, mod, name.c_str());
  if (r == CUDA_SUCCESS) return f;
  if (r != CUDA_ERROR_NOT_FOUND) check(r, "cuModuleGetFunction(" + name + ")");
  unsigned int count = 0;
  check(cuModuleGetFunctionCount(&count, mod), "cuModuleGetFunctionCount");
  std::vector<CUfunction> fs(count);
  if (count > 0) check(cuModuleEnumerateFunctions(fs.data(), count, mod), "cuModuleEnumerateFunctions");
  std::vector<CUfunction> found;
  std::string all, hits;
  for (CUfunction g : fs) {
    const char* sym = nullptr;
    check(cuFuncGetName(&sym, g), "cuFuncGetName");
    std::string full = demangle(sym);
    if (full.compare(0, 5, "void ") == 0) full = full.substr(5);  // a template's return type
    std::string bare = strip_params(full);
    all += " " + bare;
    if (name == bare || name == full) {
      found.push_back(g);
      hits += std::string(" ") + sym;
    }
  }
  if (found.size() == 1) return found[0];
  if (found.empty()) die("no kernel " + name + " in the module; it has:" + all);
  die("kernel name " + name + " is ambiguous; give the symbol, one of:" + hits);
}

std::string cli(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; i++) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::string module, kernel, out, grid_s, block_s;
  unsigned long long shared = 0;
  std::vector<std::string> arg_text;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto value = [&](const char* flag) -> std::string {
      if (i + 1 >= argc) die(std::string(flag) + " needs a value");
      return argv[++i];
    };
    if (a == "--kernel")
      kernel = value("--kernel");
    else if (a == "--grid")
      grid_s = value("--grid");
    else if (a == "--block")
      block_s = value("--block");
    else if (a == "--shared") {
      std::string v = value("--shared");
      if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || v.size() > 10)
        die("--shared " + v + ": expected a byte count");
      shared = std::strtoull(v.c_str(), nullptr, 10);
    } else if (a == "--arg")
      arg_text.push_back(value("--arg"));
    else if (a == "--out")
      out = value("--out");
    else if (a.compare(0, 2, "--") == 0)
      die("unknown flag " + a);
    else if (module.empty())
      module = a;
    else
      die("unexpected argument " + a + " (one module only)");
  }
  if (module.empty() || kernel.empty() || grid_s.empty() || block_s.empty() || out.empty())
    die("usage: runner MODULE.cubin --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] [--shared BYTES] --arg A ... "
        "--out DIR (got: " + cli(argc, argv) + ")");
  unsigned grid[3], block[3];
  dims("--grid", grid_s, grid);
  dims("--block", block_s, block);

  // Parse (and read) every argument before touching the device.
  std::vector<args::Spec> specs(arg_text.size());
  for (size_t i = 0; i < arg_text.size(); i++) {
    std::string err;
    if (!args::parse(arg_text[i], &specs[i], &err)) die("argument " + std::to_string(i) + ": " + err);
  }
  if (mkdir(out.c_str(), 0777) != 0 && errno != EEXIST) die("--out " + out + ": cannot create: " + std::strerror(errno));

  check(cuInit(0), "cuInit");
  CUdevice dev;
  check(cuDeviceGet(&dev, 0), "cuDeviceGet(0)");
  CUcontext ctx;
  check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  CUmodule mod;
  check(cuModuleLoad(&mod, module.c_str()), "cuModuleLoad(" + module + ")");
  CUfunction f = resolve(mod, kernel);

  // Loading the function (which an attribute query does) before asking for
  // its parameter layout: with lazy loading the handle may be partial.
  int regs = 0;
  check(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f), "cuFuncGetAttribute(NUM_REGS)");
  {
    size_t off = 0, size = 0;
    CUresult r = cuFuncGetParamInfo(f, 0, &off, &size);
    if (r == CUDA_SUCCESS || r == CUDA_ERROR_INVALID_VALUE) {  // otherwise: layout not reported, no check
      size_t n = 0;
      std::vector<size_t> sizes;
      while (r == CUDA_SUCCESS && n < 1024) {
        sizes.push_back(size);
        n++;
        r = cuFuncGetParamInfo(f, n, &off, &size);
      }
      if (r != CUDA_SUCCESS && r != CUDA_ERROR_INVALID_VALUE)
        check(r, "cuFuncGetParamInfo(" + std::to_string(n) + ")");
      if (n != specs.size())
        die("kernel " + kernel + " takes " + std::to_string(n) + " parameters, " + std::to_string(specs.size()) +
            " --arg given");
      for (size_t i = 0; i < n; i++) {
        size_t want = specs[i].buffer ? sizeof(CUdeviceptr) : specs[i].size;
        if (sizes[i] != want)
          die("kernel " + kernel + " parameter " + std::to_string(i) + " is " + std::to_string(sizes[i]) +
              " bytes, --arg " + arg_text[i] + " gives " + std::to_string(want));
      }
    }
  }

  std::vector<CUdeviceptr> dptr(specs.size(), 0);
  std::vector<void*> params(specs.size());
  for (size_t i = 0; i < specs.size(); i++) {
    args::Spec& s = specs[i];
    if (!s.buffer) {
      params[i] = s.scalar;
      continue;
    }
    size_t bytes = s.array.data.size();
    // An empty buffer still gets a valid (unused) address.
    check(cuMemAlloc(&dptr[i], bytes > 0 ? bytes : 256), "cuMemAlloc(argument " + std::to_string(i) + ")");
    if (bytes > 0)
      check(cuMemcpyHtoD(dptr[i], s.array.data.data(), bytes), "cuMemcpyHtoD(argument " + std::to_string(i) + ")");
    params[i] = &dptr[i];
  }
  if (shared > 48 * 1024)
    check(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(shared)),
          "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
  check(cuLaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2], unsigned(shared), nullptr,
                       params.empty() ? nullptr : params.data(), nullptr),
        "cuLaunchKernel(" + kernel + ")");
  check(cuCtxSynchronize(), "cuCtxSynchronize (kernel " + kernel + ")");

  for (size_t i = 0; i < specs.size(); i++) {
    args::Spec& s = specs[i];
    if (!s.buffer) continue;
    size_t bytes = s.array.data.size();
    if (bytes > 0)
      check(cuMemcpyDtoH(s.array.data.data(), dptr[i], bytes), "cuMemcpyDtoH(argument " + std::to_string(i) + ")");
    std::string err;
    if (!npy::write(out + "/arg" + std::to_string(i) + ".npy", s.array, &err)) die(err);
    check(cuMemFree(dptr[i]), "cuMemFree");
  }
  check(cuModuleUnload(mod), "cuModuleUnload");
  check(cuDevicePrimaryCtxRelease(dev), "cuDevicePrimaryCtxRelease");
  return 0;
}
