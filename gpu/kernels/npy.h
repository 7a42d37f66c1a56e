// npy.h: a minimal reader and writer of NumPy .npy files for the kernel
// runner (gpu/kernels/runner.cu). Host C++17 only; no CUDA.
//
// Supported: format version 1.0 (and 2.0/3.0 headers on read), little-endian
// or byte-order-free dtypes, C order, 0-D, 1-D and 2-D shapes, and the dtypes
// <f2 <f4 <f8 |i1 |u1 <i2 <u2 <i4 <u4 <i8 <u8 (i1/u1 also as <i1/<u1). The
// writer emits version 1.0 with the header padded so that the data starts at
// a multiple of 64 bytes, as NumPy does; its header text is the same for the
// same dtype and shape, so equal data gives byte-identical files.
//
//   npy::Array a;
//   std::string err;
//   if (!npy::read("x.npy", &a, &err)) { ... err says what failed ... }
//   npy::write("y.npy", a, &err);
//
// Tested on the host by gpu/kernels/npy_test.cpp (capture.sh's check mode).
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace npy {

// Array is one .npy file: descr is the dtype string as written in the header
// with a canonical byte-order character ("<f4", "|u1"), shape has 0 to 2
// entries, data holds count()*itemsize() bytes in C order.
struct Array {
  std::string descr;
  std::vector<size_t> shape;
  std::vector<unsigned char> data;

  size_t count() const {
    size_t n = 1;
    for (size_t d : shape) n *= d;
    return n;
  }
};

// itemsize returns the element size in bytes of a supported canonical descr,
// or 0 if the descr is not supported.
inline size_t itemsize(const std::string& descr) {
  static const struct {
    const char* d;
    size_t n;
  } table[] = {{"<f2", 2}, {"<f4", 4}, {"<f8", 8}, {"|i1", 1}, {"|u1", 1}, {"<i2", 2},
               {"<u2", 2}, {"<i4", 4}, {"<u4", 4}, {"<i8", 8}, {"<u8", 8}};
  for (const auto& e : table)
    if (descr == e.d) return e.n;
  return 0;
}

// canonical maps the byte-order spellings NumPy accepts for the supported
// dtypes onto the ones itemsize knows ("<i1" and "i1" to "|i1", "=f4" to
// "<f4" on this little-endian host); anything else is returned unchanged.
inline std::string canonical(const std::string& d) {
  if (d.size() < 2) return d;
  std::string body = d;
  char bo = d[0];
  if (bo == '<' || bo == '|' || bo == '=' || bo == '>')
    body = d.substr(1);
  else
    bo = '=';
  if (bo == '>') {
    // Big-endian is fine only for one-byte types.
    if (body == "i1" || body == "u1") return "|" + body;
    return d;
  }
  if (body == "i1" || body == "u1") return "|" + body;
  return "<" + body;
}

namespace detail {

inline bool fail(std::string* err, const std::string& msg) {
  if (err) *err = msg;
  return false;
}

// value finds key's value text in the header dict: the text after "'key':"
// up to the matching end (a quoted string, a parenthesised tuple, or a word).
inline bool value(const std::string& h, const char* key, std::string* out) {
  std::string k = std::string("'") + key + "'";
  size_t p = h.find(k);
  if (p == std::string::npos) return false;
  p = h.find(':', p + k.size());
  if (p == std::string::npos) return false;
  p++;
  while (p < h.size() && h[p] == ' ') p++;
  if (p >= h.size()) return false;
  size_t e;
  if (h[p] == '\'' || h[p] == '"') {
    e = h.find(h[p], p + 1);
    if (e == std::string::npos) return false;
    *out = h.substr(p + 1, e - p - 1);
    return true;
  }
  if (h[p] == '(') {
    e = h.find(')', p);
    if (e == std::string::npos) return false;
    *out = h.substr(p, e - p + 1);
    return true;
  }
  e = p;
  while (e < h.size() && h[e] != ',' && h[e] != '}' && h[e] != ' ') e++;
  *out = h.substr(p, e - p);
  return true;
}

// shape parses "(3,)", "(2, 5)" or "()".
inline bool parse_shape(const std::string& s, std::vector<size_t>* shape) {
  shape->clear();
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') return false;
  size_t i = 1;
  while (i < s.size() - 1) {
    while (i < s.size() - 1 && (s[i] == ' ' || s[i] == ',')) i++;
    if (i >= s.size() - 1) break;
    if (s[i] < '0' || s[i] > '9') return false;
    size_t v = 0;
    while (i < s.size() - 1 && s[i] >= '0' && s[i] <= '9') {
      v = v * 10 + size_t(s[i] - '0');
      i++;
    }
    if (i < s.size() - 1 && s[i] == 'L') i++;  // Python 2 long suffix
    shape->push_back(v);
  }
  return true;
}

}  // namespace detail

// read loads path into *a. On failure it returns false and sets *err to one
// line naming the file and what is wrong with it.
inline bool read(const std::string& path, Array* a, std::string* err) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return detail::fail(err, path + ": cannot open");
  std::vector<unsigned char> buf;
  unsigned char tmp[65536];
  size_t got;
  while ((got = std::fread(tmp, 1, sizeof tmp, f)) > 0) buf.insert(buf.end(), tmp, tmp + got);
  bool ioerr = std::ferror(f) != 0;
  std::fclose(f);
  if (ioerr) return detail::fail(err, path + ": read error");
  static const unsigned char magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (buf.size() < 10 || std::memcmp(buf.data(), magic, 6) != 0)
    return detail::fail(err, path + ": not a .npy file (bad magic)");
  unsigned major = buf[6];
  size_t hlen, hstart;
  if (major == 1) {
    hlen = size_t(buf[8]) | size_t(buf[9]) << 8;
    hstart = 10;
  } else if (major == 2 || major == 3) {
    if (buf.size() < 12) return detail::fail(err, path + ": truncated header");
    hlen = size_t(buf[8]) | size_t(buf[9]) << 8 | size_t(buf[10]) << 16 | size_t(buf[11]) << 24;
    hstart = 12;
  } else {
    return detail::fail(err, path + ": unsupported .npy version " + std::to_string(major));
  }
  if (buf.size() < hstart + hlen) return detail::fail(err, path + ": truncated header");
  std::string h(reinterpret_cast<const char*>(buf.data() + hstart), hlen);
  std::string descr, fortran, shape;
  if (!detail::value(h, "descr", &descr) || !detail::value(h, "fortran_order", &fortran) ||
      !detail::value(h, "shape", &shape))
    return detail::fail(err, path + ": header lacks descr, fortran_order or shape");
  a->descr = canonical(descr);
  size_t isz = itemsize(a->descr);
  if (isz == 0) return detail::fail(err, path + ": unsupported dtype " + descr);
  if (fortran != "False") return detail::fail(err, path + ": Fortran order is not supported");
  if (!detail::parse_shape(shape, &a->shape)) return detail::fail(err, path + ": bad shape " + shape);
  if (a->shape.size() > 2)
    return detail::fail(err, path + ": shape " + shape + " has more than 2 dimensions");
  size_t want = a->count() * isz;
  size_t have = buf.size() - hstart - hlen;
  if (have != want)
    return detail::fail(err, path + ": data is " + std::to_string(have) + " bytes, shape " + shape +
                                 " of " + a->descr + " needs " + std::to_string(want));
  a->data.assign(buf.begin() + long(hstart + hlen), buf.end());
  return true;
}

// header returns the complete version 1.0 header (magic to '\n') for a.
inline std::string header(const Array& a) {
  std::string dict = "{'descr': '" + a.descr + "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < a.shape.size(); i++) {
    if (i > 0) dict += ", ";
    dict += std::to_string(a.shape[i]);
  }
  if (a.shape.size() == 1) dict += ",";
  dict += "), }";
  // magic(6) + version(2) + length(2) + dict + padding + '\n' = multiple of 64.
  size_t total = 10 + dict.size() + 1;
  size_t pad = (64 - total % 64) % 64;
  dict.append(pad, ' ');
  dict += '\n';
  std::string h("\x93NUMPY\x01\x00", 8);
  h += char(dict.size() & 0xff);
  h += char(dict.size() >> 8);
  return h + dict;
}

// write stores a at path (version 1.0). On failure it returns false and sets
// *err.
inline bool write(const std::string& path, const Array& a, std::string* err) {
  if (itemsize(a.descr) == 0) return detail::fail(err, path + ": unsupported dtype " + a.descr);
  if (a.shape.size() > 2) return detail::fail(err, path + ": more than 2 dimensions");
  if (a.data.size() != a.count() * itemsize(a.descr))
    return detail::fail(err, path + ": data size does not match the shape");
  std::string h = header(a);
  if (h.size() - 10 > 0xffff) return detail::fail(err, path + ": header too long");
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return detail::fail(err, path + ": cannot create");
  bool ok = std::fwrite(h.data(), 1, h.size(), f) == h.size();
  if (ok && !a.data.empty()) ok = std::fwrite(a.data.data(), 1, a.data.size(), f) == a.data.size();
  if (std::fclose(f) != 0) ok = false;
  if (!ok) return detail::fail(err, path + ": write error");
  return true;
}

}  // namespace npy
