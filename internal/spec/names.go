package spec

import "strings"

// GoName maps a CUDA name to the Go identifier cudafp gives it, by the rule of
// STYLE.md §2.3, implemented only here:
//
//  1. drop the leading "__" (the package qualifier plays its role);
//  2. a last "_" segment rn, rz, ru or rd becomes the suffix RN, RZ, RU, RD;
//  3. every other "_" segment is capitalised, and so is the type name after
//     the '2' of a conversion (float2int → Float2Int; but log2f → Log2f);
//  4. the segments ll, ull and ieee are initialisms: LL, ULL, IEEE.
//
// GoName("__fmul_rz") = "FmulRZ", GoName("__float2ull_rd") = "Float2ULLRD",
// GoName("__ll2float_rn") = "LL2FloatRN", GoName("cyl_bessel_i0f") =
// "CylBesselI0f". CUDAName inverts it.
func GoName(cuda string) string {
	name := strings.TrimPrefix(cuda, "__")
	segs := strings.Split(name, "_")
	var b strings.Builder
	for i, s := range segs {
		if i == len(segs)-1 && i > 0 && isModeSuffix(s) {
			b.WriteString(strings.ToUpper(s))
			continue
		}
		from, to, ok := strings.Cut(s, "2")
		if ok && isTypeName(to) {
			b.WriteString(capitalise(from) + "2" + capitalise(to))
			continue
		}
		b.WriteString(capitalise(s))
	}
	return b.String()
}

// CUDAName is the inverse of GoName for names of the given kind: it returns
// the CUDA spelling of a Go identifier (with "__" for intrinsics).
func CUDAName(goName string, intrinsic bool) string {
	var segs []string
	rest := goName
	var suffix string
	if n := len(rest); n > 2 && isModeSuffix(strings.ToLower(rest[n-2:])) && rest[n-2:] == strings.ToUpper(rest[n-2:]) {
		suffix, rest = strings.ToLower(rest[n-2:]), rest[:n-2]
	}
	// Split before each capital that starts a new segment, keeping initialisms whole.
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			segs = append(segs, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(rest); {
		matched := false
		for _, ini := range initialisms {
			up := strings.ToUpper(ini)
			if strings.HasPrefix(rest[i:], up) && (i+len(up) == len(rest) || !isLower(rest[i+len(up)])) {
				if i > 0 && !(rest[i-1] == '2' && isTypeName(ini)) {
					flush()
				}
				cur.WriteString(ini)
				i += len(up)
				matched = true
				break
			}
		}
		if matched {
			continue
		}
		c := rest[i]
		if isUpper(c) {
			if i > 0 && !(rest[i-1] == '2' && startsTypeName(rest[i:])) {
				flush()
			}
			c += 'a' - 'A'
		}
		cur.WriteByte(c)
		i++
	}
	flush()
	if suffix != "" {
		segs = append(segs, suffix)
	}
	name := strings.Join(segs, "_")
	if intrinsic {
		name = "__" + name
	}
	return name
}

var initialisms = []string{"ull", "ll", "ieee"}

// startsTypeName reports whether s starts with a capitalised conversion type
// name followed by the end or a capital (Float2Int: "Int").
func startsTypeName(s string) bool {
	for _, t := range []string{"Float", "Int", "Uint", "Double"} {
		if strings.HasPrefix(s, t) && (len(s) == len(t) || !isLower(s[len(t)])) {
			return true
		}
	}
	return false
}

// isTypeName reports whether s names the destination type of a conversion
// (__float2int_rn, __ll2float_rd).
func isTypeName(s string) bool {
	switch s {
	case "float", "int", "uint", "ll", "ull", "double":
		return true
	}
	return false
}

func capitalise(s string) string {
	for _, ini := range initialisms {
		if s == ini {
			return strings.ToUpper(s)
		}
	}
	if s == "" {
		return s
	}
	if isLower(s[0]) {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func isModeSuffix(s string) bool { return s == "rn" || s == "rz" || s == "ru" || s == "rd" }
func isLower(c byte) bool        { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool        { return 'A' <= c && c <= 'Z' }
