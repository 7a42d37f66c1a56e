// Input generators and block hash of the cudafp capture harness: the same
// integer computations as internal/spec (gen.go, hash.go). Host and device.
// Include after funcs_gen.cuh (MAX_ARGS, NORM_DRAWS, NORM_DRAWS64, BESSEL_ORDERS,
// SCALE64_INTS, …).
#pragma once
#include <cstdint>
#ifdef __CUDACC__
#define CUDAFP_HD __host__ __device__
#else
#define CUDAFP_HD
#endif

// ---- shared with internal/spec ------------------------------------------------

static const uint64_t GAMMA = 0x9e3779b97f4a7c15ull;
static const uint64_t GEN_SEED = 0x6375646166702d31ull;
static const uint64_t SAMPLE_SEED = 0x6375646166702d32ull;
static const uint64_t GEN_COUNT = 1ull << 24;
static const int BLOCKS = 256;
static const int RECORDED = 4096;
static const int SAMPLES = 1024;
static const int SHOWN = 16;

CUDAFP_HD inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
CUDAFP_HD inline uint64_t draw(uint64_t seed, uint64_t n) { return mix64(seed + (n + 1) * GAMMA); }
CUDAFP_HD inline uint64_t elem_hash(uint64_t i, uint64_t out, bool wide) {
  return wide ? mix64((i << 32) ^ mix64(out)) : mix64((i << 32) | (out & 0xffffffffull));
}
// pair_fold: the one word hashed for two results that do not fit one word
// (internal/spec PairFold).
CUDAFP_HD inline uint64_t pair_fold(uint64_t r0, uint64_t r1) { return r0 ^ mix64(r1); }
CUDAFP_HD inline uint32_t lo32(uint64_t r) { return (uint32_t)r; }
CUDAFP_HD inline uint32_t hi32(uint64_t r) { return (uint32_t)(r >> 32); }
CUDAFP_HD inline int32_t exp8(uint32_t x) { return (int32_t)((x >> 23) & 0xff); }
CUDAFP_HD inline uint32_t with_exp(uint32_t x, int32_t e) {
  e = e < 0 ? 0 : (e > 254 ? 254 : e);
  return (x & 0x807fffffu) | ((uint32_t)e << 23);
}
CUDAFP_HD inline uint32_t add_ulps(uint32_t x, int32_t d) {
  return (x & 0x80000000u) | (((x & 0x7fffffffu) + (uint32_t)d) & 0x7fffffffu);
}
CUDAFP_HD inline int32_t small9(uint32_t a) { return (int32_t)(a % 9u) - 4; }
CUDAFP_HD inline int clz32(uint32_t v) {
  int n = 0;
  if (v == 0) return 32;
  while (!(v & 0x80000000u)) { v <<= 1; n++; }
  return n;
}
CUDAFP_HD inline uint32_t real_f32(int64_t m, int32_t scale) {
  uint32_t s = 0;
  if (m < 0) { s = 0x80000000u; m = -m; }
  if (m == 0) return s;
  uint32_t u = (uint32_t)m;
  int32_t e = 31 - clz32(u);
  uint32_t frac = (u << (23 - e)) & 0x7fffffu;
  int32_t be = e + scale + 127;
  be = be < 1 ? 1 : (be > 254 ? 254 : be);
  return s | ((uint32_t)be << 23) | frac;
}
CUDAFP_HD inline uint32_t near_special(const uint64_t* axis, int n, uint64_t r) {
  uint32_t v = (uint32_t)axis[r % (uint64_t)n];
  return add_ulps(v, small9(hi32(r)));
}

enum { FamArith, FamMul, FamDiv, FamFMA, FamPow, FamExp, FamLog, FamTrig, FamTanh, FamRoot, FamRound, FamMisc, FamInt32, FamInt64, FamF64, FamScale, FamScaleL, FamNorm, FamBessel, FamInt64D, FamHalves, FamBesselX, FamHalf };
enum { TF32, TF64, TI32, TU32, TI64, TU64 };

CUDAFP_HD inline uint32_t real_misc(uint64_t r) {
  int64_t m = (int64_t)(lo32(r) & 0xffffffu);
  if (hi32(r) & 0x80000000u) m = -m;
  return real_f32(m, (int32_t)(hi32(r) % 41u) - 20 - 23);
}

CUDAFP_HD inline void gen_family(int fam, uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint32_t* x, uint32_t* y, uint32_t* z) {
  switch (fam) {
  case FamArith:
    if (s == 4) { *x = lo32(r[0]); *y = add_ulps(*x ^ 0x80000000u, small9(hi32(r[0]))); *z = lo32(r[1]); }
    else if (s == 5) { *x = lo32(r[0]); *y = add_ulps(*x, small9(hi32(r[0]))); *z = lo32(r[1]); }
    else if (s == 6) { *x = with_exp(lo32(r[0]), (int32_t)(hi32(r[0]) % 25u)); *y = with_exp(lo32(r[1]), (int32_t)(hi32(r[1]) % 25u)); *z = with_exp(lo32(r[2]), (int32_t)(hi32(r[2]) % 25u)); }
    else { *x = with_exp(lo32(r[0]), 230 + (int32_t)(hi32(r[0]) % 25u)); *y = with_exp(lo32(r[1]), 230 + (int32_t)(hi32(r[1]) % 25u)); *z = with_exp(lo32(r[2]), 230 + (int32_t)(hi32(r[2]) % 25u)); }
    return;
  case FamMul:
    if (s == 4 || s == 5) {
      *x = with_exp(lo32(r[0]), 1 + (int32_t)(hi32(r[0]) % 254u));
      *y = with_exp(lo32(r[1]), 128 - exp8(*x) + (int32_t)(hi32(r[1]) % 29u) - 26);
      *z = with_exp(lo32(r[2]), 128 - exp8(*x) + (int32_t)(hi32(r[2]) % 29u) - 26);
    } else if (s == 6) {
      *x = with_exp(lo32(r[0]), 1 + (int32_t)(hi32(r[0]) % 254u));
      *y = with_exp(lo32(r[1]), 381 - exp8(*x) + (int32_t)(hi32(r[1]) % 5u) - 2);
      *z = with_exp(lo32(r[2]), 381 - exp8(*x) + (int32_t)(hi32(r[2]) % 5u) - 2);
    } else {
      *x = add_ulps(0x3f800000u | (lo32(r[0]) & 0x80000000u), small9(hi32(r[0]))); *y = near_special(axis, n, r[1]); *z = near_special(axis, n, r[2]);
    }
    return;
  case FamDiv:
    if (s == 4) {
      *x = with_exp(lo32(r[0]), 1 + (int32_t)(hi32(r[0]) % 254u));
      *y = with_exp(lo32(r[1]), exp8(*x) + 126 - ((int32_t)(hi32(r[1]) % 29u) - 2)); *z = lo32(r[2]);
    } else if (s == 5) {
      *x = with_exp(lo32(r[0]), 1 + (int32_t)(hi32(r[0]) % 254u));
      *y = with_exp(lo32(r[1]), exp8(*x) - 127 + (int32_t)(hi32(r[1]) % 5u) - 2); *z = lo32(r[2]);
    } else if (s == 6) {
      *x = lo32(r[0]); *y = with_exp(lo32(r[1]), 253 + (int32_t)(hi32(r[1]) % 2u)); *z = lo32(r[2]);
    } else {
      *x = lo32(r[0]); *y = add_ulps(*x, small9(hi32(r[0]))) ^ (lo32(r[1]) & 0x80000000u); *z = lo32(r[2]);
    }
    return;
  case FamFMA:
    if (s == 4) {
      *x = lo32(r[0]); *y = add_ulps(0x3f800000u, small9(hi32(r[0]))); *z = add_ulps(*x ^ 0x80000000u, small9(hi32(r[1])));
    } else if (s == 5) {
      *x = with_exp(lo32(r[0]), 20 + (int32_t)(hi32(r[0]) % 215u));
      int32_t k = (int32_t)(hi32(r[1]) % 41u) - 20;
      *y = ((uint32_t)(127 + k) << 23) | (lo32(r[1]) & 0x80000000u);
      *z = add_ulps(with_exp(*x ^ 0x80000000u ^ (*y & 0x80000000u), exp8(*x) + k), small9(hi32(r[2])));
    } else if (s == 6) {
      *x = add_ulps(0x3f800000u | (lo32(r[0]) & 0x80000000u), small9(hi32(r[0])));
      *y = near_special(axis, n, r[1]);
      *z = with_exp(lo32(r[2]), (int32_t)(hi32(r[2]) % 25u));
    } else {
      *x = lo32(r[0]); *y = lo32(r[1]);
      *z = with_exp(lo32(r[2]), exp8(*x) + exp8(*y) - 127 + (int32_t)(hi32(r[2]) % 51u) - 25);
    }
    return;
  case FamPow:
    if (s == 4) {
      *x = real_f32((int64_t)(hi32(r[0]) % ((1u << 24) - 1u)) + 1, -20);
      *y = real_f32((int64_t)(lo32(r[1]) % ((80u << 18) + 1u)) - (40 << 18), -18); *z = lo32(r[2]);
    } else if (s == 5) {
      *x = add_ulps(0x3f800000u, (int32_t)(hi32(r[0]) % (1u << 17)) - (1 << 16));
      *y = with_exp(lo32(r[1]), 127 + (int32_t)(hi32(r[1]) % 31u)); *z = lo32(r[2]);
    } else if (s == 6) {
      *x = real_f32((int64_t)(hi32(r[0]) % ((1u << 24) - 1u)) + 1, -20) | 0x80000000u;
      *y = real_f32((int64_t)(lo32(r[1]) % 81u) - 40, 0); *z = lo32(r[2]);
    } else {
      *x = lo32(r[0]) & 0x7fffffffu; *y = real_f32((int64_t)(lo32(r[1]) % (1u << 24)) - (1 << 23), -22); *z = lo32(r[2]);
    }
    return;
  case FamScale: case FamScaleL:  // y is the int exponent n of x*2^n
    *z = 0;
    if (s == 4) {
      *x = lo32(r[0]); *y = (uint32_t)((int32_t)(hi32(r[0]) % 601u) - 300);
    } else if (s == 5) {
      *x = with_exp(lo32(r[0]), 1 + (int32_t)(hi32(r[0]) % 254u));
      *y = (uint32_t)(127 - exp8(*x) - 126 + (int32_t)(hi32(r[1]) % 40u) - 30);
    } else if (s == 6) {
      *x = with_exp(lo32(r[0]), 1 + (int32_t)(hi32(r[0]) % 254u));
      *y = (uint32_t)(254 - exp8(*x) + (int32_t)(hi32(r[1]) % 9u) - 4);
    } else {
      *x = with_exp(lo32(r[0]), 0); *y = (uint32_t)((int32_t)(hi32(r[0]) % 320u) - 20);
    }
    return;
  }
  *x = real_misc(r[0]); *y = real_misc(r[1]); *z = real_misc(r[2]);
}

CUDAFP_HD inline void gen_f32(int fam, uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint32_t* x, uint32_t* y, uint32_t* z) {
  switch (s) {
  case 0: *x = lo32(r[0]); *y = hi32(r[0]); *z = lo32(r[1]); return;
  case 1: *x = lo32(r[0]); *y = (*x & 0x7f800000u) | (hi32(r[0]) & 0x807fffffu); *z = (*x & 0x7f800000u) | (lo32(r[1]) & 0x807fffffu); return;
  case 2: *x = lo32(r[0]); *y = with_exp(lo32(r[1]), exp8(*x) + (int32_t)(hi32(r[0]) % 51u) - 25); *z = with_exp(lo32(r[2]), exp8(*x) + (int32_t)(hi32(r[1]) % 51u) - 25); return;
  case 3: *x = near_special(axis, n, r[0]); *y = near_special(axis, n, r[1]); *z = near_special(axis, n, r[2]); return;
  }
  gen_family(fam, s, r, axis, n, x, y, z);
}

CUDAFP_HD inline uint64_t gen_int64(uint64_t s, const uint64_t* r, const uint64_t* axis, int n) {
  switch (s) {
  case 0: return r[0];
  case 1: return r[0] >> (r[1] % 64);
  case 2: return (uint64_t)0 - (r[0] >> (r[1] % 64));
  case 3: return axis[r[0] % (uint64_t)n] + (uint64_t)(int64_t)small9(hi32(r[1]));
  case 4: case 5: {
    uint64_t m = (uint64_t)(0x800000u | (lo32(r[0]) & 0x7fffffu));
    uint64_t k = r[1] % 40;
    uint64_t v = (m << k) + ((1ull << k) >> 1) + (uint64_t)((int64_t)(hi32(r[1]) % 5u) - 2);
    return s == 5 ? (uint64_t)0 - v : v;
  }
  case 6: return (uint64_t)(int64_t)(int32_t)lo32(r[0]);
  }
  uint64_t b = 24 + r[1] % 40;
  return (r[0] & ((1ull << b) - 1)) | (1ull << b);
}

CUDAFP_HD inline uint64_t f32_to_f64_bits(uint32_t u) {
  uint64_t s = (uint64_t)(u >> 31) << 63;
  uint32_t e = (u >> 23) & 0xffu, f = u & 0x7fffffu;
  if (e == 0) {
    if (f == 0) return s;
    uint32_t k = (uint32_t)(clz32(f) - 8);
    return s | ((uint64_t)(1023 - 126 - k) << 52) | ((uint64_t)((f << k) & 0x7fffffu) << 29);
  }
  return s | ((uint64_t)(e - 127 + 1023) << 52) | ((uint64_t)f << 29);
}

CUDAFP_HD inline uint64_t gen_f64(uint64_t s, const uint64_t* r, const uint64_t* axis, int n) {
  const uint64_t keep = 0x800fffffffffffffull;
  switch (s) {
  case 0: return r[0];
  case 1: return (r[0] & keep) | ((863 + r[1] % 291) << 52);
  case 2: {
    uint32_t u = lo32(r[0]) & 0x7fffffffu;
    if ((u >> 23) == 0xffu) u &= 0x7f7fffffu;
    return (f32_to_f64_bits(u) + (1ull << 28) + (uint64_t)((int64_t)(hi32(r[1]) % 5u) - 2)) | (r[1] & (1ull << 63));
  }
  case 3: return axis[r[0] % (uint64_t)n] + (uint64_t)(int64_t)small9(hi32(r[1]));
  case 4: {
    uint64_t v = (r[0] & keep) | 0x7ff0000000000000ull;
    if ((v & 0xfffffffffffffull) == 0) v |= 1;
    return v;
  }
  case 5: return (r[0] & keep) | ((1023 + 126 + r[1] % 3) << 52);
  case 6: return (r[0] & keep) | ((1023 - 152 + r[1] % 28) << 52);
  }
  uint32_t u = lo32(r[0]);
  if (((u >> 23) & 0xffu) == 0xffu) u &= 0xff7fffffu;
  return f32_to_f64_bits(u);
}

// gen_scale_l widens the int exponent y of stratum s to a long long for
// FamScaleL (internal/spec genScaleL).
CUDAFP_HD inline uint64_t gen_scale_l(uint64_t s, const uint64_t* r, uint32_t y) {
  if (s == 0) return r[3];
  if (s == 1) return (r[3] & 0xffffffff00000000ull) | (uint64_t)(uint32_t)((int32_t)(hi32(r[1]) % 601u) - 300);
  return (uint64_t)(int64_t)(int32_t)y;
}

// array_len is the number of elements an array function reads from the
// tuple a: its count a[0] clamped to [0, MAX_ARRAY] (internal/spec ArrayLen).
CUDAFP_HD inline int array_len(const uint64_t* a) {
  int32_t d = (int32_t)(uint32_t)a[0];
  return d < 0 ? 0 : (d > MAX_ARRAY ? MAX_ARRAY : d);
}

// norm_elems: the eight elements of stratum s of the norm family
// (internal/spec normElems); axis holds the n float specials.
CUDAFP_HD inline void norm_elems(uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint32_t* e) {
  uint32_t b[MAX_ARRAY], c[MAX_ARRAY];
  for (int j = 0; j < MAX_ARRAY; j++) {
    b[j] = (uint32_t)(r[j >> 1] >> (32 * (j & 1)));
    c[j] = (uint32_t)(r[4 + (j >> 1)] >> (32 * (j & 1)));
  }
  for (int j = 0; j < MAX_ARRAY; j++) {
    switch (s) {
    case 0: e[j] = b[j]; break;
    case 1: e[j] = (b[0] & 0x7f800000u) | (b[j] & 0x807fffffu); break;
    case 2: e[j] = with_exp(b[j], exp8(b[0]) + (int32_t)(c[j] % 51u) - 25); break;
    case 3: e[j] = add_ulps((uint32_t)axis[c[j] % (uint32_t)n], small9(b[j])); break;
    case 4: e[j] = with_exp(b[j], 190 + (int32_t)(c[j] % 65u)); break;
    case 5: e[j] = with_exp(b[j], (int32_t)(c[j] % 64u)); break;
    case 6: {
      uint32_t e0 = with_exp(b[0], 1 + (int32_t)(c[0] % 254u));
      e[j] = j == 0 ? e0 : with_exp(b[j], exp8(e0) - (int32_t)(c[j] % 40u));
      break;
    }
    default: {
      uint32_t m = with_exp(b[0], 1 + (int32_t)(c[0] % 254u)) & 0x7fffffffu;
      e[j] = add_ulps(m, (int32_t)(c[j] % 3u) - 1) | (b[j] & 0x80000000u);
    }
    }
  }
  if (s == 6) {
    int p = (int)(r[9] % MAX_ARRAY);
    uint32_t t = e[0]; e[0] = e[p]; e[p] = t;
  }
}

// gen_norm: generated input i of the norm family (internal/spec genNorm);
// axis+lo holds the n-lo float specials.
CUDAFP_HD inline void gen_norm(bool array, int arity, uint64_t i, const uint64_t* axis, int lo, int n, uint64_t* a) {
  uint64_t r[NORM_DRAWS];
  for (int j = 0; j < NORM_DRAWS; j++) r[j] = draw(GEN_SEED, NORM_DRAWS * i + j);
  uint32_t e[MAX_ARRAY];
  norm_elems(i & 7, r, axis + lo, n - lo, e);
  if (!array) {
    for (int j = 0; j < arity; j++) a[j] = e[j];
    return;
  }
  uint64_t d = 1 + r[8] % MAX_ARRAY;
  a[0] = d;
  for (uint64_t j = 0; j < d; j++) a[1 + j] = e[j];
}

// bessel_order: an order in [-10, 100] weighted to small ones (internal/spec besselOrder).
CUDAFP_HD inline uint32_t bessel_order(uint64_t r) {
  uint32_t v = hi32(r);
  switch (lo32(r) % 4u) {
  case 0: case 1: return v % 6u;
  case 2: return (uint32_t)((int32_t)(v % 31u) - 10);
  }
  return (uint32_t)((int32_t)(v % 111u) - 10);
}

// gen_bessel: stratum s of jnf and ynf (internal/spec genBessel); the axis
// holds BESSEL_ORDERS orders, BESSEL_ZEROS zeros, then float specials.
CUDAFP_HD inline void gen_bessel(uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* a) {
  uint32_t ord = bessel_order(r[1]);
  uint32_t sign = hi32(r[2]) & 0x80000000u;
  uint32_t x;
  switch (s) {
  case 0: x = lo32(r[0]); break;
  case 1: x = with_exp(lo32(r[0]), 123 + (int32_t)(hi32(r[0]) % 12u)); break;
  case 2: x = with_exp(lo32(r[0]), (int32_t)(hi32(r[0]) % 124u)); break;
  case 3: x = near_special(axis + BESSEL_ORDERS, n - BESSEL_ORDERS, r[0]); break;
  case 4: {
    uint32_t z = (uint32_t)axis[BESSEL_ORDERS + hi32(r[0]) % (uint32_t)BESSEL_ZEROS];
    x = add_ulps(z, (int32_t)(lo32(r[0]) % (1u << 13)) - (1 << 12)) | sign;
    break;
  }
  case 5: x = with_exp(lo32(r[0]), 130 + (int32_t)(hi32(r[0]) % 37u)); break;
  case 6:
    if ((int32_t)ord > 0) x = with_exp(lo32(r[0]), exp8(real_f32((int64_t)ord, 0)) - (int32_t)(hi32(r[0]) % 2u));
    else x = real_f32((int64_t)(lo32(r[0]) & 0xffffffu) + 1, -21);
    break;
  default: x = lo32(r[0]) % 0x41000000u + 1;
  }
  a[0] = ord; a[1] = x;
}

// ---- binary64 generators (internal/spec gen64.go) ------------------------------

static const uint64_t SIGN64 = 0x8000000000000000ull;
static const uint64_t ABS64 = 0x7fffffffffffffffull;
static const uint64_t KEEP64 = 0x800fffffffffffffull;
static const uint64_t EXP64 = 0x7ff0000000000000ull;
static const uint64_t ONE64 = 0x3ff0000000000000ull;
static const uint64_t MONE64 = 0xbff0000000000000ull;
static const uint64_t PI_OVER_2_FIXED = 0x6487ed5110b4611aull;  // floor(pi/2 * 2^62)

CUDAFP_HD inline int clz64(uint64_t v) {
  return v >> 32 ? clz32((uint32_t)(v >> 32)) : 32 + clz32((uint32_t)v);
}
CUDAFP_HD inline int32_t exp11(uint64_t x) { return (int32_t)((x >> 52) & 0x7ff); }
CUDAFP_HD inline uint64_t with_exp64(uint64_t x, int32_t e) {
  e = e < 0 ? 0 : (e > 2046 ? 2046 : e);
  return (x & KEEP64) | ((uint64_t)e << 52);
}
CUDAFP_HD inline uint64_t add_ulps64(uint64_t x, int32_t d) {
  return (x & SIGN64) | (((x & ABS64) + (uint64_t)(int64_t)d) & ABS64);
}
CUDAFP_HD inline uint64_t real_f64(int64_t m, int32_t scale) {
  uint64_t s = 0;
  if (m < 0) { s = SIGN64; m = -m; }
  if (m == 0) return s;
  uint64_t u = (uint64_t)m;
  int32_t e = 63 - clz64(u);
  uint64_t frac = (u << (52 - e)) & ((1ull << 52) - 1);
  int32_t be = e + scale + 1023;
  be = be < 1 ? 1 : (be > 2046 ? 2046 : be);
  return s | ((uint64_t)be << 52) | frac;
}
CUDAFP_HD inline uint64_t near_special64(const uint64_t* axis, int n, uint64_t r) {
  return add_ulps64(axis[r % (uint64_t)n], small9(hi32(r)));
}
CUDAFP_HD inline int32_t spread(uint32_t r, unsigned k) { return (int32_t)(r % (1u << (k + 1))) - (1 << k); }
CUDAFP_HD inline int64_t odd27(uint32_t r) { return (int64_t)((1u << 26) | (r & ((1u << 26) - 1)) | 1u); }
// mul64: the 128-bit product a*b as hi:lo.
CUDAFP_HD inline void mul64(uint64_t a, uint64_t b, uint64_t* hi, uint64_t* lo) {
  uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  *lo = (mid << 32) | (uint32_t)p00;
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

CUDAFP_HD inline uint64_t gen_misc64(uint64_t s, uint64_t r) {
  switch (s) {
  case 4: return with_exp64(r, 963 + (int32_t)(hi32(r) % 59u));
  case 5: return add_ulps64(ONE64 | (r & SIGN64), spread(hi32(r), 20));
  case 6: return with_exp64(r, 1023 + (int32_t)(hi32(r) % 10u));
  }
  if (lo32(r) & 1u) return add_ulps64(real_f64(-(int64_t)(hi32(r) % 200u) - 1, 0), small9(lo32(r) >> 1));
  return with_exp64(r, 1033 + (int32_t)(hi32(r) % 50u));
}

CUDAFP_HD inline void gen_d64_family(int fam, uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* x, uint64_t* y, uint64_t* z) {
  *y = r[1]; *z = r[2];
  switch (fam) {
  case FamArith:
    if (s == 4) { *x = r[0]; *y = add_ulps64(*x ^ (r[3] & SIGN64), small9(hi32(r[1]))); *z = r[2]; }
    else if (s == 5) {
      int32_t ex = 54 + (int32_t)(hi32(r[0]) % 1939u);
      *x = with_exp64(r[0], ex);
      *y = real_f64(2 * (int64_t)(hi32(r[1]) % (1u << 16)) + 1, ex - 1023 - 53) | (r[1] & SIGN64);
      *z = real_f64(2 * (int64_t)(hi32(r[2]) % (1u << 16)) + 1, ex - 1023 - 53) | (r[2] & SIGN64);
    } else if (s == 6) {
      *x = r[0];
      int32_t d = 50 + (int32_t)(hi32(r[1]) % 40u);
      if (r[3] & 1) d = -d;
      *y = with_exp64(r[1], exp11(*x) - d); *z = with_exp64(r[2], exp11(*x) - d);
    } else {
      int32_t base = (r[3] & 2) ? 0 : 2044;
      *x = with_exp64(r[0], base + (int32_t)(hi32(r[0]) % 3u));
      *y = with_exp64(r[1], base + (int32_t)(hi32(r[1]) % 3u));
      *z = with_exp64(r[2], base + (int32_t)(hi32(r[2]) % 3u));
    }
    return;
  case FamMul:
    if (s == 4) {
      *x = with_exp64(r[0], 1 + (int32_t)(hi32(r[0]) % 965u));
      *y = with_exp64(r[1], 1024 - exp11(*x) - ((int32_t)(hi32(r[1]) % 59u) - 3));
      *z = with_exp64(r[2], 1024 - exp11(*x) - ((int32_t)(hi32(r[2]) % 59u) - 3));
    } else if (s == 5) {
      *x = with_exp64(r[0], 1025 + (int32_t)(hi32(r[0]) % 1020u));
      *y = with_exp64(r[1], 3069 - exp11(*x) + (int32_t)(hi32(r[1]) % 5u) - 2);
      *z = with_exp64(r[2], 3069 - exp11(*x) + (int32_t)(hi32(r[2]) % 5u) - 2);
    } else if (s == 6) {
      *x = real_f64(odd27(lo32(r[0])), (int32_t)(hi32(r[0]) % 601u) - 326) | (r[0] & SIGN64);
      *y = real_f64(odd27(lo32(r[1])), (int32_t)(hi32(r[1]) % 601u) - 326) | (r[1] & SIGN64);
      *z = real_f64(odd27(lo32(r[2])), (int32_t)(hi32(r[2]) % 601u) - 326) | (r[2] & SIGN64);
    } else {
      *x = add_ulps64(ONE64 | (r[0] & SIGN64), small9(hi32(r[0])));
      *y = near_special64(axis, n, r[1]); *z = near_special64(axis, n, r[2]);
    }
    return;
  case FamDiv:
    if (s == 4) {
      *x = with_exp64(r[0], 1 + (int32_t)(hi32(r[0]) % 2046u));
      *y = with_exp64(r[1], exp11(*x) + 1022 + (int32_t)(hi32(r[1]) % 59u) - 3);
    } else if (s == 5) {
      *x = with_exp64(r[0], 1 + (int32_t)(hi32(r[0]) % 2046u));
      *y = with_exp64(r[1], exp11(*x) - 1023 - ((int32_t)(hi32(r[1]) % 5u) - 2));
    } else if (s == 6) {
      int64_t m = (int64_t)((1u << 25) | (lo32(r[1]) & ((1u << 25) - 1)) | 1u);
      int64_t q = (int64_t)((1u << 26) | (lo32(r[0]) & ((1u << 26) - 1)));
      int32_t sy = (int32_t)(hi32(r[1]) % 1201u) - 625;
      int32_t sq = (int32_t)(hi32(r[0]) % 61u) - 56;
      *x = real_f64(m * q, sy + sq) | (r[0] & SIGN64);
      *y = real_f64(m, sy) | (r[1] & SIGN64);
    } else {
      *x = r[0]; *y = add_ulps64(*x, small9(hi32(r[0]))) ^ (r[1] & SIGN64);
    }
    return;
  case FamFMA:
    if (s == 4) {
      *x = r[0]; *y = add_ulps64(ONE64, small9(hi32(r[0]))); *z = add_ulps64(*x ^ SIGN64, small9(hi32(r[1])));
    } else if (s == 5) {
      *x = with_exp64(r[0], 60 + (int32_t)(hi32(r[0]) % 1927u));
      int32_t k = (int32_t)(hi32(r[1]) % 81u) - 40;
      *y = ((uint64_t)(1023 + k) << 52) | (r[1] & SIGN64);
      *z = add_ulps64(with_exp64(*x ^ SIGN64 ^ (*y & SIGN64), exp11(*x) + k), small9(hi32(r[2])));
    } else if (s == 6) {
      int32_t sx = (int32_t)(hi32(r[0]) % 401u) - 226;
      int32_t sy = (int32_t)(hi32(r[1]) % 401u) - 226;
      *x = real_f64(odd27(lo32(r[0])), sx) | (r[0] & SIGN64);
      *y = real_f64(odd27(lo32(r[1])), sy) | (r[1] & SIGN64);
      *z = real_f64(2 * (int64_t)(lo32(r[2]) % (1u << 20)) + 1, sx + sy - 1) | (r[2] & SIGN64);
    } else if (r[3] & 4) {
      *x = add_ulps64(ONE64 | (r[0] & SIGN64), small9(hi32(r[0])));
      *y = near_special64(axis, n, r[1]);
      *z = with_exp64(r[2], (int32_t)(hi32(r[2]) % 60u));
    } else {
      *x = r[0]; *y = r[1];
      *z = with_exp64(r[2], exp11(*x) + exp11(*y) - 1023 + (int32_t)(hi32(r[2]) % 121u) - 60);
    }
    return;
  case FamRoot:
    if (s == 4) {
      int64_t m = (int64_t)(hi32(r[0]) % (1u << 26)) | 1;
      int32_t k = (int32_t)(hi32(r[1]) % 1001u) - 500;
      *x = add_ulps64(real_f64(m * m, 2 * k), small9(lo32(r[1])));
    } else if (s == 5) *x = with_exp64(r[0], 0);
    else if (s == 6) *x = with_exp64(r[0], 1990 + (int32_t)(hi32(r[0]) % 57u));
    else *x = add_ulps64(((uint64_t)(1 + hi32(r[0]) % 2046u) << 52) | (r[0] & SIGN64), small9(lo32(r[1])));
    return;
  case FamRound:
    if (s == 4) {
      int64_t m = (int64_t)(r[0] >> (11 + r[1] % 53));
      *x = add_ulps64(real_f64(m, -1), small9(hi32(r[1]))) | (r[2] & SIGN64);
    } else if (s == 5) {
      int64_t b = (int64_t)1 << (31 + r[1] % 2);
      *x = real_f64((b + (int64_t)(hi32(r[1]) % 7u) - 3) * 4 + (int64_t)(lo32(r[0]) % 4u), -2) | (r[0] & SIGN64);
    } else if (s == 6) {
      *x = add_ulps64((uint64_t)(1085 + r[1] % 3) << 52, small9(hi32(r[1]))) | (r[0] & SIGN64);
    } else *x = with_exp64(r[0], 963 + (int32_t)(hi32(r[0]) % 64u));
    return;
  case FamExp:
    if (s == 4) *x = with_exp64(r[0], 1031 + (int32_t)(hi32(r[0]) % 3u));
    else if (s == 5) *x = with_exp64(r[0], 963 + (int32_t)(hi32(r[0]) % 59u));
    else if (s == 6) *x = with_exp64(r[0], 1017 + (int32_t)(hi32(r[0]) % 12u));
    else *x = add_ulps64(axis[r[0] % (uint64_t)n], spread(hi32(r[0]), 20)) ^ (r[1] & SIGN64);
    return;
  case FamLog:
    if (s == 4) *x = add_ulps64(ONE64, spread(hi32(r[0]), 20));
    else if (s == 5) *x = with_exp64(r[0], 0) & ~SIGN64;
    else if (s == 6) *x = r[0] & ~SIGN64;
    else if (r[3] & 8) *x = add_ulps64(MONE64, -(int32_t)(hi32(r[0]) % (1u << 20)));
    else *x = with_exp64(r[0], 963 + (int32_t)(hi32(r[0]) % 60u));
    return;
  case FamTrig:
    if (s == 4) {
      uint64_t k = 1 + hi32(r[0]) % ((1u << 16) - 1);
      uint64_t h, l;
      mul64(k, PI_OVER_2_FIXED, &h, &l);
      int32_t top = h ? 127 - clz64(h) : 63 - clz64(l);
      unsigned sh = (unsigned)(top - 52);
      uint64_t m = (h << (64 - sh)) | (l >> sh);
      *x = add_ulps64(real_f64((int64_t)m, (int32_t)sh - 62), small9(lo32(r[1]))) | (r[1] & SIGN64);
    } else if (s == 5) *x = with_exp64(r[0], 1053 + (int32_t)(hi32(r[0]) % 994u));
    else if (s == 6) *x = with_exp64(r[0], 963 + (int32_t)(hi32(r[0]) % 60u));
    else *x = add_ulps64(real_f64((int64_t)(hi32(r[0]) % (1u << 21)) - (1 << 20), -2), small9(lo32(r[1])));
    return;
  case FamTanh:
    if (s == 4) *x = with_exp64(r[0], 993 + (int32_t)(hi32(r[0]) % 30u));
    else if (s == 5) *x = with_exp64(r[0], 1023 + (int32_t)(hi32(r[0]) % 5u));
    else if (s == 6) *x = with_exp64(r[0], 1028 + (int32_t)(hi32(r[0]) % 5u));
    else *x = with_exp64(r[0], (int32_t)(hi32(r[0]) % 964u));
    return;
  case FamPow:
    if (s == 4) {
      *x = real_f64((int64_t)(r[0] % ((1ull << 52) - 1)) + 1, -48);
      *y = real_f64((int64_t)(r[1] % ((80ull << 46) + 1)) - (40ll << 46), -46);
    } else if (s == 5) {
      *x = add_ulps64(ONE64, spread(hi32(r[0]), 20));
      *y = with_exp64(r[1], 1023 + (int32_t)(hi32(r[1]) % 63u));
    } else if (s == 6) {
      *x = real_f64((int64_t)(r[0] % ((1ull << 52) - 1)) + 1, -48) | SIGN64;
      *y = real_f64((int64_t)(r[1] % 161) - 80, -1);
    } else {
      *x = r[0] & ~SIGN64;
      *y = real_f64((int64_t)(r[1] % (1ull << 53)) - (1ll << 52), -51);
    }
    return;
  case FamBesselX:
    if (s == 4) *x = add_ulps64(axis[hi32(r[0]) % (uint32_t)BESSEL_ZEROS], spread(lo32(r[0]), 12)) | (r[1] & SIGN64);
    else if (s == 5) *x = with_exp64(r[0], 1026 + (int32_t)(hi32(r[0]) % 37u));
    else if (s == 6) *x = with_exp64(r[0], (int32_t)(hi32(r[0]) % 1019u));
    else *x = r[0] % 0x4020000000000000ull + 1;
    return;
  }
  *x = gen_misc64(s, r[0]); *y = gen_misc64(s, r[1]); *z = gen_misc64(s, r[2]);
}

CUDAFP_HD inline void gen_d64(int fam, uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* x, uint64_t* y, uint64_t* z) {
  switch (s) {
  case 0: *x = r[0]; *y = r[1]; *z = r[2]; return;
  case 1: {
    *x = with_exp64(r[0], 959 + (int32_t)(hi32(r[3]) % 129u));
    uint64_t e = *x & EXP64;
    *y = e | (r[1] & KEEP64); *z = e | (r[2] & KEEP64);
    return;
  }
  case 2:
    *x = r[0];
    *y = with_exp64(r[1], exp11(*x) + (int32_t)(hi32(r[3]) % 121u) - 60);
    *z = with_exp64(r[2], exp11(*x) + (int32_t)(lo32(r[3]) % 121u) - 60);
    return;
  case 3: *x = near_special64(axis, n, r[0]); *y = near_special64(axis, n, r[1]); *z = near_special64(axis, n, r[2]); return;
  }
  gen_d64_family(fam, s, r, axis, n, x, y, z);
}

CUDAFP_HD inline uint64_t gen_int64d(uint64_t s, const uint64_t* r, const uint64_t* axis, int n) {
  switch (s) {
  case 0: return r[0];
  case 1: return r[0] >> (r[1] % 64);
  case 2: return (uint64_t)0 - (r[0] >> (r[1] % 64));
  case 3: return axis[r[0] % (uint64_t)n] + (uint64_t)(int64_t)small9(hi32(r[1]));
  case 4: case 5: {
    uint64_t m = (1ull << 52) | (r[0] & ((1ull << 52) - 1));
    uint64_t k = 1 + r[1] % 10;
    uint64_t v = (m << k) + ((1ull << k) >> 1) + (uint64_t)((int64_t)(hi32(r[1]) % 5u) - 2);
    return s == 5 ? (uint64_t)0 - v : v;
  }
  case 6: return (uint64_t)(int64_t)(int32_t)lo32(r[0]);
  }
  uint64_t b = 53 + r[1] % 11;
  return (r[0] & ((1ull << b) - 1)) | (1ull << b);
}

CUDAFP_HD inline void gen_halves(uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* a) {
  uint64_t v = r[0];
  switch (s) {
  case 1: v = with_exp64(r[0], 959 + (int32_t)(hi32(r[3]) % 129u)); break;
  case 2: v = with_exp64(r[0], 0); break;
  case 3:
    a[0] = (uint32_t)((uint32_t)axis[r[0] % (uint64_t)n] + (uint32_t)small9(hi32(r[0])));
    a[1] = (uint32_t)((uint32_t)axis[r[1] % (uint64_t)n] + (uint32_t)small9(hi32(r[1])));
    return;
  case 4:
    v = (r[0] & KEEP64) | EXP64;
    if ((v & ((1ull << 52) - 1)) == 0) v |= 1;
    break;
  case 5: {
    const uint32_t his[4] = {0x7ff00000u, 0xfff00000u, 0u, 0x80000000u};
    a[0] = his[r[1] % 4]; a[1] = lo32(r[0]);
    return;
  }
  case 6: v = with_exp64(r[0], 1 + (int32_t)(hi32(r[0]) % 2046u)); break;
  }
  a[0] = v >> 32; a[1] = v & 0xffffffffull;
}

// gen_scale64: ldexp and scalbn's x (axis[0 .. n-SCALE64_INTS)) and int n
// (the rest of the axis); internal/spec genScale64.
CUDAFP_HD inline void gen_scale64(uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* a) {
  int nd = n - SCALE64_INTS;
  uint64_t x;
  uint32_t e;
  switch (s) {
  case 0: x = r[0]; e = lo32(r[1]); break;
  case 1: x = with_exp64(r[0], 959 + (int32_t)(hi32(r[3]) % 129u)); e = (uint32_t)((int32_t)(hi32(r[1]) % 201u) - 100); break;
  case 2: case 4: x = r[0]; e = (uint32_t)((int32_t)(hi32(r[1]) % 4401u) - 2200); break;
  case 3:
    x = near_special64(axis, nd, r[0]);
    e = (uint32_t)axis[nd + r[1] % (uint64_t)SCALE64_INTS] + (uint32_t)small9(hi32(r[1]));
    break;
  case 5: x = with_exp64(r[0], 1 + (int32_t)(hi32(r[0]) % 2046u)); e = (uint32_t)(-exp11(x) + (int32_t)(hi32(r[1]) % 60u) - 54); break;
  case 6: x = with_exp64(r[0], 1 + (int32_t)(hi32(r[0]) % 2046u)); e = (uint32_t)(2046 - exp11(x) + (int32_t)(hi32(r[1]) % 9u) - 4); break;
  default: x = with_exp64(r[0], 0); e = (uint32_t)((int32_t)(hi32(r[0]) % 1120u) - 20);
  }
  a[0] = x; a[1] = e;
}

// gen_bessel64: stratum s of jn and yn (internal/spec genBessel64).
CUDAFP_HD inline void gen_bessel64(uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* a) {
  uint32_t ord = bessel_order(r[1]);
  uint64_t sign = r[2] & SIGN64;
  uint64_t x;
  switch (s) {
  case 0: x = r[0]; break;
  case 1: x = with_exp64(r[0], 1019 + (int32_t)(hi32(r[0]) % 12u)); break;
  case 2: x = with_exp64(r[0], (int32_t)(hi32(r[0]) % 1019u)); break;
  case 3: x = near_special64(axis + BESSEL_ORDERS, n - BESSEL_ORDERS, r[0]); break;
  case 4: x = add_ulps64(axis[BESSEL_ORDERS + hi32(r[0]) % (uint32_t)BESSEL_ZEROS], spread(lo32(r[0]), 12)) | sign; break;
  case 5: x = with_exp64(r[0], 1026 + (int32_t)(hi32(r[0]) % 37u)); break;
  case 6:
    if ((int32_t)ord > 0) x = with_exp64(r[0], exp11(real_f64((int64_t)(int32_t)ord, 0)) - (int32_t)(hi32(r[0]) % 2u));
    else x = real_f64((int64_t)(lo32(r[0]) & 0xffffffu) + 1, -21);
    break;
  default: x = r[0] % 0x4020000000000000ull + 1;
  }
  a[0] = ord; a[1] = x;
}

// norm_elems64: the eight elements of stratum s of a binary64 norm
// (internal/spec normElems64); axis holds the n double specials.
CUDAFP_HD inline void norm_elems64(uint64_t s, const uint64_t* r, const uint64_t* axis, int n, uint64_t* e) {
  uint32_t c[MAX_ARRAY];
  for (int j = 0; j < MAX_ARRAY; j++) c[j] = (uint32_t)(r[8 + (j >> 1)] >> (32 * (j & 1)));
  for (int j = 0; j < MAX_ARRAY; j++) {
    const uint64_t b = r[j];
    switch (s) {
    case 0: e[j] = b; break;
    case 1: e[j] = (r[0] & EXP64) | (b & KEEP64); break;
    case 2: e[j] = with_exp64(b, exp11(r[0]) + (int32_t)(c[j] % 121u) - 60); break;
    case 3: e[j] = add_ulps64(axis[c[j] % (uint32_t)n], small9((uint32_t)b)); break;
    case 4: e[j] = with_exp64(b, 1535 + (int32_t)(c[j] % 512u)); break;
    case 5: e[j] = with_exp64(b, (int32_t)(c[j] % 512u)); break;
    case 6: {
      uint64_t e0 = with_exp64(r[0], 1 + (int32_t)(c[0] % 2046u));
      e[j] = j == 0 ? e0 : with_exp64(b, exp11(e0) - (int32_t)(c[j] % 60u));
      break;
    }
    default: {
      uint64_t m = with_exp64(r[0], 1 + (int32_t)(c[0] % 2046u)) & ABS64;
      e[j] = add_ulps64(m, (int32_t)(c[j] % 3u) - 1) | (b & SIGN64);
    }
    }
  }
  if (s == 6) {
    int p = (int)(r[13] % MAX_ARRAY);
    uint64_t t = e[0]; e[0] = e[p]; e[p] = t;
  }
}

// gen_norm64: generated input i of a binary64 norm (internal/spec genNorm64).
CUDAFP_HD inline void gen_norm64(bool array, int arity, uint64_t i, const uint64_t* axis, int lo, int n, uint64_t* a) {
  uint64_t r[NORM_DRAWS64];
  for (int j = 0; j < NORM_DRAWS64; j++) r[j] = draw(GEN_SEED, NORM_DRAWS64 * i + j);
  uint64_t e[MAX_ARRAY];
  norm_elems64(i & 7, r, axis + lo, n - lo, e);
  if (!array) {
    for (int j = 0; j < arity; j++) a[j] = e[j];
    return;
  }
  uint64_t d = 1 + r[12] % MAX_ARRAY;
  a[0] = d;
  for (uint64_t j = 0; j < d; j++) a[1 + j] = e[j];
}

// gen_input64: generated input i of a binary64 function (internal/spec input64).
CUDAFP_HD inline void gen_input64(int fam, bool array, int arity, int lo, uint64_t i, const uint64_t* axis, int n, uint64_t* a) {
  if (fam == FamNorm) { gen_norm64(array, arity, i, axis, lo, n, a); return; }
  uint64_t r[4];
  for (int j = 0; j < 4; j++) r[j] = draw(GEN_SEED, 4 * i + j);
  uint64_t s = i & 7;
  switch (fam) {
  case FamInt64D: a[0] = gen_int64d(s, r, axis, n); return;
  case FamHalves: gen_halves(s, r, axis, n, a); return;
  case FamScale: gen_scale64(s, r, axis, n, a); return;
  case FamBessel: gen_bessel64(s, r, axis, n, a); return;
  }
  uint64_t x, y, z;
  gen_d64(fam, s, r, axis, n, &x, &y, &z);
  a[0] = x;
  if (arity > 1) a[1] = y;
  if (arity > 2) a[2] = z;
}

// gen_input computes generated input i of a function whose first argument
// has type in0, whose family is fam, with arity arguments (array: a count
// and an array); axis holds its n special values, the float specials of
// its generators from lo on; d64 selects the binary64 generators
// (internal/spec Func.D64). a receives MAX_ARGS words, 0 past the arguments.
CUDAFP_HD inline void gen_input(bool d64, int in0, int fam, bool array, int arity, int lo, uint64_t i, const uint64_t* axis, int n, uint64_t* a) {
  for (int j = 0; j < MAX_ARGS; j++) a[j] = 0;
  if (d64) { gen_input64(fam, array, arity, lo, i, axis, n, a); return; }
  if (fam == FamNorm) { gen_norm(array, arity, i, axis, lo, n, a); return; }
  uint64_t r[4];
  for (int j = 0; j < 4; j++) r[j] = draw(GEN_SEED, 4 * i + j);
  uint64_t s = i & 7;
  if (in0 == TI64 || in0 == TU64) { a[0] = gen_int64(s, r, axis, n); return; }
  if (in0 == TF64) { a[0] = gen_f64(s, r, axis, n); return; }
  if (fam == FamBessel) { gen_bessel(s, r, axis, n, a); return; }
  uint32_t x, y, z;
  gen_f32(fam, s, r, axis, n, &x, &y, &z);
  a[0] = x;
  if (arity > 1) a[1] = fam == FamScaleL ? gen_scale_l(s, r, y) : y;
  if (arity > 2) a[2] = z;
}

CUDAFP_HD inline uint32_t sample_input(uint64_t k) {
  return (uint32_t)(k << 22) | ((uint32_t)draw(SAMPLE_SEED, k) & 0x3fffffu);
}

