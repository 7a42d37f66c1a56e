package kernel

import (
	"strconv"
	"strings"
)

// Demangle returns the C++ spelling of an Itanium-mangled name in the form
// c++filt prints ("void reduce_sum<float>(float const*, float*, int)"), for
// the cases nvcc emits for kernels: plain and namespaced functions, templates
// with type and integer arguments, pointers, references, cv-qualifiers and
// substitutions. ok is false for a name it does not understand (including any
// name not starting with _Z).
func Demangle(s string) (string, bool) {
	d, ok := demangle(s)
	if !ok {
		return "", false
	}
	if !d.fn {
		return d.name, true // a data name: no parameter types
	}
	out := d.name + "(" + strings.Join(d.params, ", ") + ")"
	if d.ret != "" {
		out = d.ret + " " + out
	}
	return out, true
}

// demangleBase returns the demangled name without return type and parameter
// list ("reduce_sum<float>", "ns::kernel"), or s itself when s is not mangled.
func demangleBase(s string) string {
	d, ok := demangle(s)
	if !ok {
		return s
	}
	return d.name
}

type demangled struct {
	fn     bool
	name   string
	ret    string
	params []string
}

type dm struct {
	s      string
	i      int
	subs   []string
	targs  []string
	failed bool
}

func demangle(s string) (demangled, bool) {
	var r demangled
	if !strings.HasPrefix(s, "_Z") {
		return r, false
	}
	d := &dm{s: s, i: 2}
	name, isTemplate := d.name()
	if d.failed {
		return r, false
	}
	r.name = name
	r.fn = d.i < len(d.s)
	if d.i < len(d.s) && isTemplate {
		r.ret = d.typ()
	}
	for d.i < len(d.s) && !d.failed {
		t := d.typ()
		if t == "void" && len(r.params) == 0 && d.i == len(d.s) {
			break
		}
		r.params = append(r.params, t)
	}
	if d.failed || d.i != len(d.s) {
		return r, false
	}
	return r, true
}

func (d *dm) peek() byte {
	if d.i < len(d.s) {
		return d.s[d.i]
	}
	return 0
}

func (d *dm) fail() string {
	d.failed = true
	d.i = len(d.s)
	return ""
}

func (d *dm) sourceName() string {
	j := d.i
	for j < len(d.s) && d.s[j] >= '0' && d.s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(d.s[d.i:j])
	if err != nil || n <= 0 || j+n > len(d.s) {
		return d.fail()
	}
	d.i = j + n
	return d.s[j : j+n]
}

// name parses a <name>; isTemplate reports template arguments at its end.
func (d *dm) name() (string, bool) {
	switch d.peek() {
	case 'N':
		d.i++
		for d.peek() == 'K' || d.peek() == 'V' || d.peek() == 'r' {
			d.i++
		}
		var parts []string
		cur := ""
		tmpl := false
		for !d.failed {
			c := d.peek()
			switch {
			case c == 'E':
				d.i++
				return cur, tmpl
			case c == 'I':
				args := d.templateArgs()
				cur += args
				if d.peek() != 'E' { // the whole name is no candidate
					d.subs = append(d.subs, cur)
				}
				tmpl = true
				continue
			case c == 'S':
				s := d.substitution()
				parts = append(parts, s)
				cur = s
			case c >= '0' && c <= '9':
				n := d.sourceName()
				if cur != "" {
					cur += "::"
				}
				cur += n
				parts = append(parts, n)
				d.subs = append(d.subs, cur)
			default:
				return d.fail(), false
			}
			tmpl = false
		}
		return "", false
	case 'S':
		if strings.HasPrefix(d.s[d.i:], "St") {
			d.i += 2
			n := "std::" + d.sourceName()
			if d.peek() == 'I' {
				d.subs = append(d.subs, n)
				return n + d.templateArgs(), true
			}
			return n, false
		}
		n := d.substitution()
		if d.peek() == 'I' {
			return n + d.templateArgs(), true
		}
		return n, false
	}
	if d.peek() < '0' || d.peek() > '9' {
		return d.fail(), false
	}
	n := d.sourceName()
	if d.peek() == 'I' {
		d.subs = append(d.subs, n)
		return n + d.templateArgs(), true
	}
	return n, false
}

func (d *dm) templateArgs() string {
	d.i++ // I
	var args []string
	for !d.failed && d.peek() != 'E' {
		if d.i >= len(d.s) {
			return d.fail()
		}
		if d.peek() == 'L' {
			d.i++
			t := d.typ()
			neg := false
			if d.peek() == 'n' {
				neg = true
				d.i++
			}
			j := d.i
			for j < len(d.s) && d.s[j] >= '0' && d.s[j] <= '9' {
				j++
			}
			v := d.s[d.i:j]
			d.i = j
			if d.peek() != 'E' || v == "" {
				return d.fail()
			}
			d.i++
			if neg {
				v = "-" + v
			}
			switch t {
			case "unsigned int":
				v += "u"
			case "long":
				v += "l"
			case "unsigned long":
				v += "ul"
			case "long long":
				v += "ll"
			case "unsigned long long":
				v += "ull"
			case "bool":
				if v == "0" {
					v = "false"
				} else {
					v = "true"
				}
			}
			args = append(args, v)
			continue
		}
		args = append(args, d.typ())
	}
	d.i++ // E
	d.targs = args
	out := "<" + strings.Join(args, ", ")
	if strings.HasSuffix(out, ">") {
		out += " "
	}
	return out + ">"
}

func (d *dm) substitution() string {
	d.i++ // S
	j := d.i
	for j < len(d.s) && d.s[j] != '_' {
		j++
	}
	if j >= len(d.s) {
		return d.fail()
	}
	seq := d.s[d.i:j]
	d.i = j + 1
	k := 0
	if seq != "" {
		n, err := strconv.ParseUint(seq, 36, 32)
		if err != nil {
			return d.fail()
		}
		k = int(n) + 1
	}
	if k >= len(d.subs) {
		return d.fail()
	}
	return d.subs[k]
}

var builtins = map[byte]string{
	'v': "void", 'w': "wchar_t", 'b': "bool", 'c': "char", 'a': "signed char", 'h': "unsigned char",
	's': "short", 't': "unsigned short", 'i': "int", 'j': "unsigned int", 'l': "long", 'm': "unsigned long",
	'x': "long long", 'y': "unsigned long long", 'n': "__int128", 'o': "unsigned __int128",
	'f': "float", 'd': "double", 'e': "long double", 'g': "__float128", 'z': "...",
}

func (d *dm) typ() string {
	if d.failed || d.i >= len(d.s) {
		return d.fail()
	}
	c := d.s[d.i]
	if b, ok := builtins[c]; ok {
		d.i++
		return b
	}
	switch c {
	case 'P', 'R', 'O':
		d.i++
		t := d.typ()
		suf := map[byte]string{'P': "*", 'R': "&", 'O': "&&"}[c]
		t = t + suf
		d.subs = append(d.subs, t)
		return t
	case 'K', 'V', 'r':
		q := ""
		for d.peek() == 'K' || d.peek() == 'V' || d.peek() == 'r' {
			switch d.peek() {
			case 'r':
				q += " restrict"
			case 'V':
				q += " volatile"
			case 'K':
				q = " const" + q
			}
			d.i++
		}
		t := d.typ() + q
		d.subs = append(d.subs, t)
		return t
	case 'T':
		d.i++
		j := d.i
		for j < len(d.s) && d.s[j] != '_' {
			j++
		}
		if j >= len(d.s) {
			return d.fail()
		}
		k := 0
		if j > d.i {
			n, err := strconv.Atoi(d.s[d.i:j])
			if err != nil {
				return d.fail()
			}
			k = n + 1
		}
		d.i = j + 1
		if k >= len(d.targs) {
			return d.fail()
		}
		t := d.targs[k]
		d.subs = append(d.subs, t)
		return t
	case 'S':
		if strings.HasPrefix(d.s[d.i:], "St") {
			n, _ := d.name()
			d.subs = append(d.subs, n)
			return n
		}
		t := d.substitution()
		if d.peek() == 'I' {
			t += d.templateArgs()
			d.subs = append(d.subs, t)
		}
		return t
	case 'D':
		if strings.HasPrefix(d.s[d.i:], "Dn") {
			d.i += 2
			return "decltype(nullptr)"
		}
		if strings.HasPrefix(d.s[d.i:], "DF16_") {
			d.i += 5
			return "_Float16"
		}
		return d.fail()
	case 'N':
		n, _ := d.name()
		d.subs = append(d.subs, n)
		return n
	}
	if c >= '0' && c <= '9' {
		n := d.sourceName()
		d.subs = append(d.subs, n)
		if d.peek() == 'I' {
			n += d.templateArgs()
			d.subs = append(d.subs, n)
		}
		return n
	}
	return d.fail()
}
