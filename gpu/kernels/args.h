// args.h: parses the kernel runner's --arg values into host data (no CUDA),
// so that gpu/kernels/runner.cu only moves bytes and the parsing is tested on
// the host (gpu/kernels/host_test.cpp, run by capture.sh's check mode).
//
// One --arg per kernel parameter, in parameter order:
//
//   @PATH.npy         a buffer initialised from a NumPy file; the dtype is the
//                     element type (<f4 <f8 <f2 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8)
//   bf16:@PATH.npy    a bfloat16 buffer from a <u2 file (the bit patterns)
//   f16:@PATH.npy     a half buffer from a <u2 file (the bit patterns), or from
//                     a <f2 file (then the same as @PATH.npy)
//   zeros:TYPE:COUNT  a zero-filled buffer of COUNT elements; TYPE is one of
//                     f32 f64 f16 bf16 s8 u8 s16 u16 s32 u32 s64 u64
//   s32:V u32:V s64:V u64:V
//                     an integer scalar: decimal, or 0x and hex digits (the bit
//                     pattern at that width)
//   f32:V f64:V f16:V a floating-point scalar: 0x and hex digits is the bit
//                     pattern (f32:0x3f400000 is 0.75); otherwise a decimal
//                     (strtod syntax, inf and nan included) rounded to nearest
//                     even once: f32 by strtof, f64 by strtod, f16 by
//                     half_from_decimal below; a decimal NaN gives the
//                     canonical NaN of the type (use 0x for a payload)
//
// A buffer's output file (DIR/argN.npy) has the dtype and shape of its input:
// <u2 for bf16:@ and for f16:@ of a <u2 file, <f2 for zeros:f16, <u2 for
// zeros:bf16, (COUNT,) for zeros.
#pragma once
#include <cerrno>
#include <cfenv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "npy.h"

namespace args {

// Spec is one parsed --arg.
struct Spec {
  bool buffer = false;
  npy::Array array;          // buffer: initial contents, and the output's dtype and shape
  alignas(8) unsigned char scalar[8]{};  // scalar: little-endian bytes
  size_t size = 0;           // scalar: byte size (2, 4 or 8)
};

// zero_descr maps a zeros: TYPE to its npy dtype, or "" if TYPE is unknown.
inline std::string zero_descr(const std::string& t) {
  static const char* table[][2] = {{"f32", "<f4"}, {"f64", "<f8"}, {"f16", "<f2"}, {"bf16", "<u2"},
                                   {"s8", "|i1"},  {"u8", "|u1"},  {"s16", "<i2"}, {"u16", "<u2"},
                                   {"s32", "<i4"}, {"u32", "<u4"}, {"s64", "<i8"}, {"u64", "<u8"}};
  for (const auto& e : table)
    if (t == e[0]) return e[1];
  return "";
}

// half_from_double_rne rounds the double with bits b to binary16, to nearest
// even, with subnormals and overflow to infinity; NaN gives 0x7fff.
inline uint16_t half_from_double_rne(uint64_t b) {
  uint16_t sign = uint16_t((b >> 48) & 0x8000);
  int bexp = int((b >> 52) & 0x7ff);
  uint64_t frac = b & ((uint64_t(1) << 52) - 1);
  if (bexp == 0x7ff) return frac ? uint16_t(0x7fff) : uint16_t(sign | 0x7c00);
  if (bexp == 0 && frac == 0) return sign;
  uint64_t sig;
  int exp;  // value = sig * 2^exp
  if (bexp == 0) {
    sig = frac;
    exp = -1074;
  } else {
    sig = frac | (uint64_t(1) << 52);
    exp = bexp - 1075;
  }
  int top = exp + 63 - __builtin_clzll(sig);  // floor(log2(value))
  int qexp = top - 10;                        // exponent of the result's last place
  if (qexp < -24) qexp = -24;                 // subnormal: fixed last place 2^-24
  int shift = qexp - exp;
  uint64_t q;
  if (shift <= 0) {
    q = sig << -shift;  // exact; q < 2^11 here
  } else if (shift >= 64) {
    q = 0;  // below half the smallest subnormal: rounds to zero
  } else {
    q = sig >> shift;
    uint64_t rem = sig & ((uint64_t(1) << shift) - 1);
    uint64_t half = uint64_t(1) << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) q++;
  }
  if (q == (uint64_t(1) << 11)) {
    q >>= 1;
    qexp++;
  }
  if (q >= (uint64_t(1) << 10)) {
    int e = qexp + 25;
    if (e >= 31) return uint16_t(sign | 0x7c00);
    return uint16_t(sign | uint16_t(e) << 10 | uint16_t(q - 1024));
  }
  return uint16_t(sign | uint16_t(q));  // subnormal or zero
}

// strtod_mode parses s under rounding mode m; it returns false unless all of
// s is consumed.
inline bool strtod_mode(const char* s, int m, double* d) {
  int old = std::fegetround();
  std::fesetround(m);
  char* end = nullptr;
  errno = 0;
  volatile double v = std::strtod(s, &end);
  std::fesetround(old);
  *d = v;
  return end != s && *end == '\0';
}

// half_from_decimal rounds the decimal s to binary16 to nearest even with one
// rounding: it reads s toward zero and away from zero (strtod honours the
// rounding mode in glibc), and where they differ takes the one with an odd
// last bit ("round to odd"), which binary16's rounding of a 53-bit value then
// cannot double-round.
inline bool half_from_decimal(const char* s, uint16_t* h) {
  double dz, du, dd;
  if (!strtod_mode(s, FE_TOWARDZERO, &dz) || !strtod_mode(s, FE_UPWARD, &du) ||
      !strtod_mode(s, FE_DOWNWARD, &dd))
    return false;
  uint64_t bz, bu, bd;
  std::memcpy(&bz, &dz, 8);
  std::memcpy(&bu, &du, 8);
  std::memcpy(&bd, &dd, 8);
  uint64_t b = bz;
  if (bu != bd && (bz & 1) == 0) b = bz == bu ? bd : bu;  // inexact: the odd neighbour
  if (dz != dz) b = 0x7ff8000000000000ull;                // NaN
  *h = half_from_double_rne(b);
  return true;
}

namespace detail {

inline bool fail(std::string* err, const std::string& msg) {
  if (err) *err = msg;
  return false;
}

// hexbits parses "0x" and 1..2*width hex digits; false if s is not of that form.
inline bool hexbits(const std::string& s, size_t width, uint64_t* v) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return false;
  if (s.size() - 2 > 2 * width) return false;
  uint64_t r = 0;
  for (size_t i = 2; i < s.size(); i++) {
    char c = s[i];
    int d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return false;
    r = r << 4 | uint64_t(d);
  }
  *v = r;
  return true;
}

inline bool is_hex_prefixed(const std::string& s) {
  return s.size() >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

// decimal_int parses an optional '-' and decimal digits into [lo, hi]
// (as signed or unsigned 64-bit per is_signed).
inline bool decimal_int(const std::string& s, bool is_signed, uint64_t* v) {
  if (s.empty()) return false;
  size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return false;
  for (size_t j = i; j < s.size(); j++)
    if (s[j] < '0' || s[j] > '9') return false;
  errno = 0;
  char* end = nullptr;
  if (is_signed) {
    long long x = std::strtoll(s.c_str(), &end, 10);
    if (errno == ERANGE) return false;
    *v = uint64_t(x);
  } else {
    if (s[0] == '-') return false;
    unsigned long long x = std::strtoull(s.c_str(), &end, 10);
    if (errno == ERANGE) return false;
    *v = uint64_t(x);
  }
  return *end == '\0';
}

inline void put(Spec* s, uint64_t v, size_t n) {
  for (size_t i = 0; i < n; i++) s->scalar[i] = (unsigned char)(v >> (8 * i));
  s->size = n;
}

}  // namespace detail

// parse reads one --arg value. It loads @ files. On failure it returns false
// and sets *err to one line naming the argument and the problem.
inline bool parse(const std::string& text, Spec* s, std::string* err) {
  *s = Spec();
  const std::string what = "--arg " + text + ": ";
  if (!text.empty() && text[0] == '@') {
    s->buffer = true;
    return npy::read(text.substr(1), &s->array, err);
  }
  size_t colon = text.find(':');
  if (colon == std::string::npos) return detail::fail(err, what + "expected @FILE, TYPE:VALUE or zeros:TYPE:COUNT");
  std::string type = text.substr(0, colon), val = text.substr(colon + 1);

  if ((type == "bf16" || type == "f16") && !val.empty() && val[0] == '@') {
    s->buffer = true;
    if (!npy::read(val.substr(1), &s->array, err)) return false;
    if (s->array.descr == "<u2") return true;
    if (type == "f16" && s->array.descr == "<f2") return true;
    return detail::fail(err, what + "needs a <u2 file" + (type == "f16" ? " (or <f2)" : "") + ", got " +
                                 s->array.descr);
  }
  if (type == "zeros") {
    size_t c2 = val.find(':');
    if (c2 == std::string::npos) return detail::fail(err, what + "expected zeros:TYPE:COUNT");
    std::string et = val.substr(0, c2), count = val.substr(c2 + 1);
    std::string d = zero_descr(et);
    if (d.empty()) return detail::fail(err, what + "unknown element type " + et);
    uint64_t n;
    if (!detail::decimal_int(count, false, &n) || n > (uint64_t(1) << 32))
      return detail::fail(err, what + "bad COUNT " + count);
    s->buffer = true;
    s->array.descr = d;
    s->array.shape = {size_t(n)};
    s->array.data.assign(size_t(n) * npy::itemsize(d), 0);
    return true;
  }

  uint64_t v;
  if (type == "s32" || type == "u32" || type == "s64" || type == "u64") {
    size_t w = type[1] == '3' ? 4 : 8;
    bool sgn = type[0] == 's';
    if (detail::is_hex_prefixed(val)) {
      if (!detail::hexbits(val, w, &v)) return detail::fail(err, what + "bad hex value");
    } else {
      if (!detail::decimal_int(val, sgn, &v)) return detail::fail(err, what + "bad decimal value");
      if (w == 4) {
        if (sgn && (int64_t(v) < INT32_MIN || int64_t(v) > INT32_MAX))
          return detail::fail(err, what + "out of range");
        if (!sgn && v > UINT32_MAX) return detail::fail(err, what + "out of range");
      }
    }
    detail::put(s, v, w);
    return true;
  }
  if (type == "f32" || type == "f64" || type == "f16") {
    size_t w = type == "f16" ? 2 : type == "f32" ? 4 : 8;
    if (detail::is_hex_prefixed(val)) {
      if (!detail::hexbits(val, w, &v)) return detail::fail(err, what + "bad bit pattern (0x and up to " +
                                                                     std::to_string(2 * w) + " hex digits)");
      detail::put(s, v, w);
      return true;
    }
    if (val.empty() || val.find_first_of(" \t") != std::string::npos)
      return detail::fail(err, what + "bad decimal value");
    char* end = nullptr;
    if (w == 4) {
      float f = std::strtof(val.c_str(), &end);
      if (end == val.c_str() || *end != '\0') return detail::fail(err, what + "bad decimal value");
      uint32_t b;
      std::memcpy(&b, &f, 4);
      if (f != f) b = 0x7fffffff;  // CUDA's canonical float NaN
      detail::put(s, b, 4);
    } else if (w == 8) {
      double d = std::strtod(val.c_str(), &end);
      if (end == val.c_str() || *end != '\0') return detail::fail(err, what + "bad decimal value");
      uint64_t b;
      std::memcpy(&b, &d, 8);
      if (d != d) b = 0xfff8000000000000ull;  // CUDA's canonical double NaN
      detail::put(s, b, 8);
    } else {
      uint16_t h;
      if (!half_from_decimal(val.c_str(), &h)) return detail::fail(err, what + "bad decimal value");
      detail::put(s, h, 2);
    }
    return true;
  }
  return detail::fail(err, what + "unknown type " + type);
}

}  // namespace args
