// Inputs of the 16-bit harness (gpu/harness16.cu): the same integer
// computations as internal/spec/gen16.go. Include after gen.h.
#pragma once

struct Fmt16 {
  uint32_t mant;   // fraction bits: 10 (half), 7 (bfloat16)
  int32_t emask;   // the exponent field of Inf and NaN: 31, 255
  int32_t bias;    // 15, 127
  uint16_t one;    // 1.0
};
CUDAFP_HD inline Fmt16 fmt16(bool bf16) {
  Fmt16 f;
  if (bf16) { f.mant = 7; f.emask = 255; f.bias = 127; f.one = 0x3f80; }
  else { f.mant = 10; f.emask = 31; f.bias = 15; f.one = 0x3c00; }
  return f;
}
CUDAFP_HD inline int32_t exp16(Fmt16 ft, uint16_t x) { return (int32_t)(x >> ft.mant) & ft.emask; }
CUDAFP_HD inline uint16_t with_exp16(Fmt16 ft, uint16_t x, int32_t e) {
  e = e < 0 ? 0 : (e > ft.emask - 1 ? ft.emask - 1 : e);
  return (uint16_t)((x & ~((uint32_t)ft.emask << ft.mant)) | ((uint32_t)e << ft.mant));
}
CUDAFP_HD inline uint16_t add_ulps16(uint16_t x, int32_t d) {
  return (uint16_t)((x & 0x8000u) | ((uint32_t)((int32_t)(x & 0x7fffu) + d) & 0x7fffu));
}
CUDAFP_HD inline uint16_t near_special16(const uint64_t* axis, int n, uint64_t r) {
  return add_ulps16((uint16_t)axis[r % (uint64_t)n], small9(hi32(r)));
}

// gen16: generated triple i of a 16-bit format (internal/spec gen16).
CUDAFP_HD inline void gen16(Fmt16 ft, uint64_t i, const uint64_t* axis, int n, uint16_t* x, uint16_t* y, uint16_t* z) {
  uint64_t r[4];
  for (int j = 0; j < 4; j++) r[j] = draw(GEN_SEED, 4 * i + j);
  int32_t k = (int32_t)ft.mant + 2;
  uint32_t k2 = (uint32_t)(2 * k + 1);
  switch (i & 7) {
  case 0: *x = (uint16_t)r[0]; *y = (uint16_t)(r[0] >> 16); *z = (uint16_t)(r[0] >> 32); return;
  case 1: {
    uint16_t em = (uint16_t)((uint32_t)ft.emask << ft.mant);
    *x = (uint16_t)r[0];
    *y = (uint16_t)((*x & em) | ((uint16_t)r[1] & (uint16_t)~em));
    *z = (uint16_t)((*x & em) | ((uint16_t)(r[1] >> 16) & (uint16_t)~em));
    return;
  }
  case 2:
    *x = (uint16_t)r[0];
    *y = with_exp16(ft, (uint16_t)r[1], exp16(ft, *x) + (int32_t)(hi32(r[0]) % k2) - k);
    *z = with_exp16(ft, (uint16_t)r[2], exp16(ft, *x) + (int32_t)(hi32(r[1]) % k2) - k);
    return;
  case 3: *x = near_special16(axis, n, r[0]); *y = near_special16(axis, n, r[1]); *z = near_special16(axis, n, r[2]); return;
  case 4:
    *x = (uint16_t)r[0];
    *y = add_ulps16(ft.one, small9(hi32(r[0])));
    *z = add_ulps16((uint16_t)(*x ^ 0x8000u), small9(hi32(r[1])));
    return;
  case 5:
    *x = with_exp16(ft, (uint16_t)r[0], 1 + (int32_t)(hi32(r[0]) % (uint32_t)(ft.emask - 1)));
    *y = with_exp16(ft, (uint16_t)r[1], ft.emask - 1 + ft.bias - exp16(ft, *x) + (int32_t)(hi32(r[1]) % 5u) - 2);
    *z = with_exp16(ft, (uint16_t)r[2], exp16(ft, *x) + exp16(ft, *y) - ft.bias + (int32_t)(hi32(r[2]) % 5u) - 2);
    return;
  case 6:
    *x = with_exp16(ft, (uint16_t)r[0], 1 + (int32_t)(hi32(r[0]) % (uint32_t)(ft.emask - 1)));
    *y = with_exp16(ft, (uint16_t)r[1], ft.bias + 1 - exp16(ft, *x) - (int32_t)(hi32(r[1]) % (ft.mant + 3)));
    *z = with_exp16(ft, (uint16_t)r[2], (int32_t)(hi32(r[2]) % 3u));
    return;
  }
  *x = (uint16_t)r[0]; *y = (uint16_t)r[1];
  *z = with_exp16(ft, (uint16_t)r[2], exp16(ft, *x) + exp16(ft, *y) - ft.bias + (int32_t)(hi32(r[2]) % k2) - k);
}

// pair_args: the arguments of pair index i = x<<16 | y (internal/spec
// Func.PairIndexArgs): f(x, y); one vector v = i (lane 0 y, lane 1 x); two
// vectors (x, y) and (y, x).
CUDAFP_HD inline void pair_args(bool vec, int arity, uint32_t i, uint64_t* a) {
  uint64_t x = i >> 16, y = i & 0xffffu;
  if (!vec) { a[0] = x; a[1] = y; }
  else if (arity == 1) a[0] = i;
  else { a[0] = x | y << 16; a[1] = y | x << 16; }
}

// triple_args: generated input i of a triples-shaped function (internal/spec
// Func.Input16): triple i in lane 0, triple i + GEN_COUNT in lane 1.
CUDAFP_HD inline void triple_args(bool bf16, bool vec, uint64_t i, const uint64_t* axis, int n, uint64_t* a) {
  Fmt16 ft = fmt16(bf16);
  uint16_t x, y, z;
  gen16(ft, i, axis, n, &x, &y, &z);
  a[0] = x; a[1] = y; a[2] = z;
  if (vec) {
    gen16(ft, i + GEN_COUNT, axis, n, &x, &y, &z);
    a[0] |= (uint64_t)x << 16; a[1] |= (uint64_t)y << 16; a[2] |= (uint64_t)z << 16;
  }
}
