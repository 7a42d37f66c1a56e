// host_test.cpp: host tests of the runner's CUDA-free parts, npy.h and
// args.h. capture.sh's check mode builds and runs it:
//
//   g++ -std=c++17 -O2 -o host_test gpu/kernels/host_test.cpp && ./host_test TMPDIR
//
// It writes and reads back .npy files under TMPDIR, checks the header layout,
// checks half_from_double_rne against the compiler's _Float16 conversion
// (every binary16 value, every midpoint and its neighbours, random doubles),
// checks half_from_decimal on decimals within 2^-60 of a midpoint (where
// reading the decimal to double first would round twice), and checks the
// --arg parser's accepted and rejected forms. Prints "host_test: ok" and
// exits 0, or names the first failure and exits 1. Its same and zero modes
// (below) compare the stub runner's outputs with its inputs.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <string>

#include "args.h"
#include "npy.h"

static int failures = 0;

#define EXPECT(cond, ...)                                  \
  do {                                                     \
    if (!(cond)) {                                         \
      std::fprintf(stderr, "host_test: %s:%d: ", __FILE__, __LINE__); \
      std::fprintf(stderr, __VA_ARGS__);                   \
      std::fprintf(stderr, "\n");                          \
      if (++failures > 10) std::exit(1);                   \
    }                                                      \
  } while (0)

static uint64_t splitmix64(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint16_t ref_half(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  _Float16 h = (_Float16)d;  // libgcc's correctly rounded conversion
  uint16_t r;
  std::memcpy(&r, &h, 2);
  if (d != d) r = 0x7fff;
  return r;
}

static uint64_t dbits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

static double half_value(uint16_t h) {
  int e = (h >> 10) & 0x1f, f = h & 0x3ff;
  double v = e == 0 ? std::ldexp(f, -24) : std::ldexp(f | 0x400, e - 25);
  return (h & 0x8000) ? -v : v;
}

static void test_npy(const std::string& dir) {
  // 1-D and 2-D round trips of every dtype.
  const char* descrs[] = {"<f2", "<f4", "<f8", "|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8"};
  uint64_t seed = 1;
  for (const char* d : descrs) {
    for (int two = 0; two < 2; two++) {
      npy::Array a;
      a.descr = d;
      a.shape = two ? std::vector<size_t>{7, 13} : std::vector<size_t>{101};
      a.data.resize(a.count() * npy::itemsize(d));
      for (auto& b : a.data) b = (unsigned char)splitmix64(&seed);
      std::string path = dir + "/t_" + std::string(d + 1) + (two ? "_2d" : "_1d") + ".npy";
      std::string err;
      EXPECT(npy::write(path, a, &err), "write %s: %s", path.c_str(), err.c_str());
      npy::Array b;
      EXPECT(npy::read(path, &b, &err), "read %s: %s", path.c_str(), err.c_str());
      EXPECT(b.descr == a.descr && b.shape == a.shape && b.data == a.data, "round trip of %s differs", path.c_str());
      std::string h = npy::header(a);
      EXPECT(h.size() % 64 == 0 && h.back() == '\n', "header of %s is %zu bytes", d, h.size());
    }
  }
  // The exact header text, as NumPy writes it.
  npy::Array a;
  a.descr = "<f4";
  a.shape = {3};
  a.data.assign(12, 0);
  std::string h = npy::header(a);
  EXPECT(h.substr(10, 60) == "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }   ", "header text: %s",
         h.c_str() + 10);
  a.shape = {2, 5};
  a.data.assign(40, 0);
  EXPECT(npy::header(a).find("'shape': (2, 5), }") != std::string::npos, "2-D header text");
  a.shape = {};
  a.data.assign(4, 0);
  EXPECT(npy::header(a).find("'shape': (), }") != std::string::npos, "0-D header text");
  // Rejections.
  std::string err;
  npy::Array b;
  EXPECT(!npy::read(dir + "/missing.npy", &b, &err), "missing file read");
  FILE* f = std::fopen((dir + "/bad.npy").c_str(), "wb");
  std::fputs("not numpy", f);
  std::fclose(f);
  EXPECT(!npy::read(dir + "/bad.npy", &b, &err) && err.find("magic") != std::string::npos, "bad magic: %s",
         err.c_str());
  // A truncated data section.
  a.descr = "<f4";
  a.shape = {4};
  a.data.assign(16, 1);
  npy::write(dir + "/trunc.npy", a, &err);
  std::string hdr = npy::header(a);
  FILE* g = std::fopen((dir + "/trunc.npy").c_str(), "wb");
  std::fwrite(hdr.data(), 1, hdr.size(), g);
  std::fwrite(a.data.data(), 1, 15, g);
  std::fclose(g);
  EXPECT(!npy::read(dir + "/trunc.npy", &b, &err), "truncated data accepted");
}

static void test_half() {
  // Every half value, the midpoints between neighbours, and one double ulp
  // either side of each midpoint.
  for (uint32_t h = 0; h < 0x7c00; h++) {
    for (int sign = 0; sign < 2; sign++) {
      double v = half_value(uint16_t(h));
      double next = h + 1 == 0x7c00 ? 65536.0 : half_value(uint16_t(h + 1));
      double mid = (v + next) / 2;  // exact: 12 significant bits
      double cases[] = {v, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300)};
      for (double c : cases) {
        double x = sign ? -c : c;
        uint16_t got = args::half_from_double_rne(dbits(x)), want = ref_half(dbits(x));
        EXPECT(got == want, "half_from_double_rne(%a) = %04x, want %04x", x, got, want);
      }
    }
  }
  uint64_t s = 7;
  for (int i = 0; i < 2000000; i++) {
    uint64_t b = splitmix64(&s);
    if (i & 1) b = (b & 0x800fffffffffffffull) | uint64_t(0x3d0 + (splitmix64(&s) % 0x70)) << 52;  // near half range
    uint16_t got = args::half_from_double_rne(b), want = ref_half(b);
    EXPECT(got == want, "half_from_double_rne(%016llx) = %04x, want %04x", (unsigned long long)b, got, want);
  }
  uint16_t nan = args::half_from_double_rne(0x7ff8000000000001ull);
  EXPECT(nan == 0x7fff, "NaN gives %04x", nan);

  // Decimal input: a midpoint plus or minus 10^-30 of itself must round away
  // from or toward zero, never to even.
  struct {
    const char* s;
    uint16_t want;
  } dec[] = {
      {"1", 0x3c00},
      {"-2", 0xc000},
      {"0.1", 0x2e66},
      {"65504", 0x7bff},
      {"65519.99", 0x7bff},
      {"65520", 0x7c00},
      {"1e-8", 0x0000},  // below half of 2^-24 (5.96e-8)
      {"3e-8", 0x0001},  // above half of 2^-24
      {"-0", 0x8000},
      {"inf", 0x7c00},
      {"-inf", 0xfc00},
      {"nan", 0x7fff},
      // 1 + 2^-11 is the midpoint of 1 and 1+2^-10 (tie: to even, 1).
      {"1.00048828125", 0x3c00},
      {"1.000488281250000000000000000001", 0x3c01},
      {"1.000488281249999999999999999999", 0x3c00},
      // 1 + 3*2^-11: midpoint of 0x3c01 and 0x3c02 (tie: to even, 0x3c02).
      {"1.00146484375", 0x3c02},
      {"1.001464843749999999999999999999", 0x3c01},
      {"1.001464843750000000000000000001", 0x3c02},
  };
  for (const auto& d : dec) {
    uint16_t h = 0;
    EXPECT(args::half_from_decimal(d.s, &h) && h == d.want, "half_from_decimal(%s) = %04x, want %04x", d.s, h,
           d.want);
  }
}

static void test_args(const std::string& dir) {
  args::Spec s;
  std::string err;
  auto ok = [&](const char* t) {
    bool r = args::parse(t, &s, &err);
    EXPECT(r, "parse(%s) failed: %s", t, err.c_str());
    return r;
  };
  auto bad = [&](const char* t) {
    bool r = args::parse(t, &s, &err);
    EXPECT(!r, "parse(%s) accepted", t);
  };
  auto bytes = [&](uint64_t v, size_t n) {
    uint64_t got = 0;
    for (size_t i = 0; i < s.size; i++) got |= uint64_t(s.scalar[i]) << (8 * i);
    return !s.buffer && s.size == n && got == v;
  };
  if (ok("s32:-5")) EXPECT(bytes(0xfffffffbull, 4), "s32:-5");
  if (ok("s32:2147483647")) EXPECT(bytes(0x7fffffff, 4), "s32 max");
  bad("s32:2147483648");
  bad("s32:1.5");
  if (ok("s32:0xffffffff")) EXPECT(bytes(0xffffffff, 4), "s32 hex");
  bad("s32:0x1ffffffff");
  if (ok("u32:4294967295")) EXPECT(bytes(0xffffffff, 4), "u32 max");
  bad("u32:-1");
  bad("u32:4294967296");
  if (ok("s64:-9223372036854775808")) EXPECT(bytes(0x8000000000000000ull, 8), "s64 min");
  if (ok("u64:18446744073709551615")) EXPECT(bytes(~0ull, 8), "u64 max");
  bad("u64:18446744073709551616");
  if (ok("f32:0x3f400000")) EXPECT(bytes(0x3f400000, 4), "f32 hex");
  if (ok("f32:0.75")) EXPECT(bytes(0x3f400000, 4), "f32 0.75");
  if (ok("f32:0.1")) EXPECT(bytes(0x3dcccccd, 4), "f32 0.1");
  if (ok("f32:1e-5")) EXPECT(bytes(0x3727c5ac, 4), "f32 1e-5");
  if (ok("f32:-0")) EXPECT(bytes(0x80000000, 4), "f32 -0");
  if (ok("f32:nan")) EXPECT(bytes(0x7fffffff, 4), "f32 nan");
  bad("f32:0x1.8p0");
  bad("f32:0x123456789");
  bad("f32:");
  bad("f32:1.5x");
  if (ok("f64:0.1")) EXPECT(bytes(0x3fb999999999999aull, 8), "f64 0.1");
  if (ok("f64:0x7ff0000000000000")) EXPECT(bytes(0x7ff0000000000000ull, 8), "f64 hex");
  if (ok("f16:1.5")) EXPECT(bytes(0x3e00, 2), "f16 1.5");
  if (ok("f16:0x3c00")) EXPECT(bytes(0x3c00, 2), "f16 hex");
  bad("f16:0x10000");
  bad("x32:1");
  bad("s32");
  if (ok("zeros:f32:10"))
    EXPECT(s.buffer && s.array.descr == "<f4" && s.array.data.size() == 40 && s.array.shape.size() == 1 &&
               s.array.shape[0] == 10,
           "zeros:f32:10");
  if (ok("zeros:bf16:3")) EXPECT(s.array.descr == "<u2" && s.array.data.size() == 6, "zeros:bf16:3");
  if (ok("zeros:f16:3")) EXPECT(s.array.descr == "<f2" && s.array.data.size() == 6, "zeros:f16:3");
  if (ok("zeros:s8:5")) EXPECT(s.array.descr == "|i1" && s.array.data.size() == 5, "zeros:s8:5");
  if (ok("zeros:u64:2")) EXPECT(s.array.descr == "<u8" && s.array.data.size() == 16, "zeros:u64:2");
  bad("zeros:f32");
  bad("zeros:f128:4");
  bad("zeros:f32:-1");

  npy::Array a;
  a.descr = "<u2";
  a.shape = {4};
  a.data = {1, 2, 3, 4, 5, 6, 7, 8};
  npy::write(dir + "/u2.npy", a, &err);
  a.descr = "<f4";
  a.shape = {2};
  npy::write(dir + "/f4.npy", a, &err);
  std::string at = "@" + dir + "/f4.npy", bt = "bf16:@" + dir + "/u2.npy", ht = "f16:@" + dir + "/u2.npy",
              hbad = "f16:@" + dir + "/f4.npy", bbad = "bf16:@" + dir + "/f4.npy";
  if (ok(at.c_str())) EXPECT(s.buffer && s.array.descr == "<f4" && s.array.data == a.data, "@f4");
  if (ok(bt.c_str())) EXPECT(s.buffer && s.array.descr == "<u2", "bf16:@");
  if (ok(ht.c_str())) EXPECT(s.buffer && s.array.descr == "<u2", "f16:@");
  bad(hbad.c_str());
  bad(bbad.c_str());
  bad(("@" + dir + "/missing.npy").c_str());
}

// same_array is the check mode's comparison of a runner output with what it
// must be: `host_test same A.npy B.npy` exits 0 if both files hold the same
// dtype, shape and data (their header versions may differ), and
// `host_test zero A.npy DESCR COUNT` exits 0 if A is COUNT zero elements of
// DESCR.
static int same_array(int argc, char** argv) {
  npy::Array a, b;
  std::string err;
  if (!npy::read(argv[2], &a, &err)) {
    std::fprintf(stderr, "host_test: %s\n", err.c_str());
    return 1;
  }
  if (std::string(argv[1]) == "zero") {
    if (argc != 5) return 2;
    size_t n = std::strtoull(argv[4], nullptr, 10);
    bool ok = a.descr == argv[3] && a.shape.size() == 1 && a.shape[0] == n;
    for (unsigned char c : a.data) ok = ok && c == 0;
    if (!ok) std::fprintf(stderr, "host_test: %s is not %zu zeros of %s\n", argv[2], n, argv[3]);
    return ok ? 0 : 1;
  }
  if (argc != 4) return 2;
  if (!npy::read(argv[3], &b, &err)) {
    std::fprintf(stderr, "host_test: %s\n", err.c_str());
    return 1;
  }
  if (a.descr != b.descr || a.shape != b.shape || a.data != b.data) {
    std::fprintf(stderr, "host_test: %s and %s differ\n", argv[2], argv[3]);
    return 1;
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc >= 2 && (std::string(argv[1]) == "same" || std::string(argv[1]) == "zero")) return same_array(argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: host_test TMPDIR | host_test same A.npy B.npy | host_test zero A.npy DESCR COUNT\n");
    return 2;
  }
  std::string dir = argv[1];
  test_npy(dir);
  test_half();
  test_args(dir);
  if (failures) return 1;
  std::printf("host_test: ok\n");
  return 0;
}
