package main

// codeTemplate is the encoding leaf of one format. The 16-bit formats
// (not Native) add Float64 and FromFloat64, and a parser that rounds once
// (through float64 and an exact comparison at the format's midpoints),
// since strconv has no 16-bit formats.
const codeTemplate = `// Package {{.Pkg}} is the {{.Name}} ({{.CType}}) encoding leaf of cudafp:
// field extraction, classification, named bit patterns, the ordered integer
// key behind ULP distances, next-up/next-down, and text formatting and
// parsing of hex floats, bit patterns and decimals. internal/fgen writes
// it, with the leaves of the other formats, from one template.
//
// Every function works on the {{.U}} encoding.{{if .Native}} Nothing here performs host
// floating-point arithmetic on a value whose bits matter.{{else}} Host float64 arithmetic
// appears only where it is exact: every {{.Name}} value is a float64.{{end}}
package {{.Pkg}}

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// Format widths of {{.Name}}.
const (
	FracBits         = {{.FracBits}}                 // stored fraction bits
	ExpBits          = {{.ExpBits}}                  // biased exponent bits
	Bias             = 1<<(ExpBits-1) - 1 // {{.BiasValue}}
	Emax             = Bias               // {{.BiasValue}}: largest normal exponent
	Emin             = 1 - Bias           // {{.Emin}}: smallest normal exponent
	Dmin             = Emin - FracBits    // {{.Dmin}}: exponent of the smallest subnormal
	MaxBexp          = 1<<ExpBits - 1     // {{.MaxBexp}}: biased exponent of Inf and NaN
	HiddenBit {{.U}} = 1 << FracBits      // {{.C.HiddenBit}}
)

// Field masks.
const (
	SignMask {{.U}} = {{.C.SignMask}}
	ExpMask  {{.U}} = {{.C.ExpMask}}
	FracMask {{.U}} = {{.C.FracMask}}
	AbsMask  {{.U}} = {{.C.AbsMask}}
)

// Named encodings.
const (
	ZeroBits         {{.U}} = {{.C.Zero}} // +0
	NegZeroBits      {{.U}} = {{.C.NegZero}} // -0
	OneBits          {{.U}} = {{.C.One}} // 1
	NegOneBits       {{.U}} = {{.C.NegOne}} // -1
	InfBits          {{.U}} = {{.C.Inf}} // +Inf
	NegInfBits       {{.U}} = {{.C.NegInf}} // -Inf
	MaxFiniteBits    {{.U}} = {{.C.MaxFinite}} // {{.V.MaxFinite}}
	MinNormalBits    {{.U}} = {{.C.MinNormal}} // {{.V.MinNormal}}
	MaxSubnormalBits {{.U}} = {{.C.MaxSubnormal}} // {{.V.MaxSubnormal}}
	MinSubnormalBits {{.U}} = {{.C.MinSubnormal}} // {{.V.MinSubnormal}}
	QuietBit         {{.U}} = {{.C.Quiet}} // set in every quiet NaN

{{.NaNDoc}}
	{{.NaNName}} {{.U}} = {{.C.NaN}}
)

// Class is the IEEE class of an encoding.
type Class uint8

// The classes, in the order of the ordered line from -Inf to +Inf; NaN last.
const (
	NegInf Class = iota
	NegNormal
	NegSubnormal
	NegZero
	PosZero
	PosSubnormal
	PosNormal
	PosInf
	NaN
)

var classNames = [...]string{"-Inf", "-normal", "-subnormal", "-0", "+0", "+subnormal", "+normal", "+Inf", "NaN"}

func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Class(?)"
}

// Classify returns the class of u.
func Classify(u {{.U}}) Class {
	a := u & AbsMask
	var c Class
	switch {
	case a > InfBits:
		return NaN
	case a == InfBits:
		c = PosInf
	case a >= MinNormalBits:
		c = PosNormal
	case a != 0:
		c = PosSubnormal
	default:
		c = PosZero
	}
	if u&SignMask != 0 {
		c = NegZero + PosZero - c // PosZero→NegZero, PosSubnormal→NegSubnormal, PosNormal→NegNormal, PosInf→NegInf
	}
	return c
}

// Sign returns 1 if the sign bit of u is set, else 0.
func Sign(u {{.U}}) {{.U}} { return u >> {{.SignShift}} }

// Bexp returns the biased exponent field of u (0 for zeros and subnormals,
// {{.MaxBexp}} for Inf and NaN).
func Bexp(u {{.U}}) int32 { return int32(u>>FracBits) & MaxBexp }

// Frac returns the {{.FracBits}} stored fraction bits of u.
func Frac(u {{.U}}) {{.U}} { return u & FracMask }

// IsNaN reports whether u encodes a NaN (quiet or signalling, any sign).
func IsNaN(u {{.U}}) bool { return u&AbsMask > InfBits }

// IsSignalling reports whether u encodes a signalling NaN (quiet bit clear).
func IsSignalling(u {{.U}}) bool { return IsNaN(u) && u&QuietBit == 0 }

// IsInf reports whether u encodes ±Inf.
func IsInf(u {{.U}}) bool { return u&AbsMask == InfBits }

// IsZero reports whether u encodes ±0.
func IsZero(u {{.U}}) bool { return u&AbsMask == 0 }

// IsSubnormal reports whether u encodes a nonzero subnormal.
func IsSubnormal(u {{.U}}) bool { a := u & AbsMask; return a != 0 && a < MinNormalBits }

// IsFinite reports whether u encodes neither Inf nor NaN.
func IsFinite(u {{.U}}) bool { return u&ExpMask != ExpMask }

// IsNormal reports whether u encodes a nonzero normal number.
func IsNormal(u {{.U}}) bool { e := u & ExpMask; return e != 0 && e != ExpMask }

// FlushSubnormal returns u with a subnormal replaced by the zero of the same
// sign (PTX .ftz). Other encodings are returned unchanged.
func FlushSubnormal(u {{.U}}) {{.U}} {
	if u&ExpMask == 0 {
		return u & SignMask
	}
	return u
}

// Key maps an encoding to its position on the ordered line of {{.Name}}
// values: Key is strictly increasing from -Inf to +Inf, ±0 both map to 0,
// and adjacent finite values differ by 1. NaNs map outside
// [-Key(Inf), Key(Inf)] by magnitude and are not meaningful for ordering.
func Key(u {{.U}}) int64 {
	if u&SignMask != 0 {
		return -int64(u & AbsMask)
	}
	return int64(u)
}

// FromKey is the inverse of Key on [Key(-Inf), Key(+Inf)]; key 0 returns +0.
func FromKey(k int64) {{.U}} {
	if k < 0 {
		return {{.U}}(-k) | SignMask
	}
	return {{.U}}(k)
}

// NextUp returns the least encoding greater than u (IEEE nextUp):
// NextUp(±0) = {{.V.MinSubnormal}}, NextUp(MaxFinite) = +Inf, NextUp(+Inf) = +Inf,
// NextUp(-Inf) = -MaxFinite, NextUp(NaN) = NaN (u unchanged).
func NextUp(u {{.U}}) {{.U}} {
	switch {
	case IsNaN(u), u == InfBits:
		return u
	case u&AbsMask == 0:
		return MinSubnormalBits
	case u&SignMask != 0:
		return u - 1
	}
	return u + 1
}

// NextDown returns the greatest encoding less than u (IEEE nextDown); it is
// NextUp mirrored through the sign.
func NextDown(u {{.U}}) {{.U}} {
	if IsNaN(u) {
		return u
	}
	return NextUp(u^SignMask) ^ SignMask
}

// UlpExp returns the weight of the last place of |u| as an unbiased
// exponent: ulp(u) = 2^UlpExp(u). Subnormals and zero have 2^{{.Dmin}}; Inf
// and NaN return the exponent of MaxFinite's ulp ({{.MaxUlpExp}}).
func UlpExp(u {{.U}}) int32 {
	b := Bexp(u)
	switch {
	case b == 0:
		return Dmin
	case b == MaxBexp:
		return Emax - FracBits
	}
	return b - Bias - FracBits
}

{{if not .Native}}// Float64 returns the value of u as a float64, exactly (a NaN keeps its
// sign, the quiet bit is set and the payload moves to the top of
// float64's fraction, as IEEE 754 widening does).
func Float64(u uint16) float64 {
	neg := u&SignMask != 0
	a := u & AbsMask
	var f float64
	switch {
	case a > InfBits:
		b := uint64(u&SignMask)<<48 | 0x7ff8000000000000 | uint64(a&FracMask)<<(52-FracBits)
		return math.Float64frombits(b)
	case a == InfBits:
		f = math.Inf(1)
	case a < MinNormalBits: // 2^Dmin·frac, exact: frac < 2^FracBits and Dmin ≥ -1074
		f = math.Ldexp(float64(a), Dmin)
	default: // (2^FracBits + frac)·2^(e - FracBits), exact likewise
		f = math.Ldexp(float64(a&FracMask|HiddenBit), int(Bexp(a))-Bias-FracBits)
	}
	if neg {
		f = -f
	}
	return f
}

// FromFloat64 returns the non-NaN float64 v rounded to {{.Name}} to nearest,
// ties to even (a NaN gives CanonicalNaNBits). Integer arithmetic on v's
// bits; the rounding package has the four modes and the device's rules.
func FromFloat64(v float64) uint16 {
	u, _ := fromFloat64(v, 0)
	return u
}

// fromFloat64 rounds v to nearest; tie reports that v lay exactly halfway
// between two neighbours (or halfway from MaxFinite to 2^(Emax+1)), where
// dir decides: 0 ties to even, +1 rounds the magnitude up, -1 down.
func fromFloat64(v float64, dir int) (u uint16, tie bool) {
	b := math.Float64bits(v)
	sign := uint16(b>>48) & SignMask
	a := b &^ (1 << 63)
	switch {
	case a > 0x7ff0000000000000:
		return CanonicalNaNBits, false
	case a == 0x7ff0000000000000:
		return sign | InfBits, false
	case a < 1<<52: // zero or float64 subnormal: below 2^-1022, far below half of 2^Dmin
		return sign, false
	}
	e := int(a>>52) - 1023 // v = sig·2^(e-52)
	sig := a&(1<<52-1) | 1<<52
	q := max(e-FracBits, Dmin) // quantum of the result
	shift := q - (e - 52)      // bits dropped, ≥ 52 - FracBits
	if shift > 60 {            // sig < 2^53 < 2^(shift-1): below half a quantum
		return sign, false
	}
	n := sig >> shift
	rem := sig & (1<<shift - 1)
	half := uint64(1) << (shift - 1)
	tie = rem == half
	if rem > half || tie && (dir > 0 || dir == 0 && n&1 == 1) {
		n++
	}
	// n·2^q: n < 2^FracBits only on the subnormal grid (q = Dmin), where
	// the field formula below gives the subnormal encoding n (and a carry
	// to 2^FracBits gives MinNormal); otherwise n has its leading 1 at
	// FracBits, or at FracBits+1 after a carry, moving into the exponent.
	r := (q+FracBits+Bias-1)<<FracBits + int(n)
	if r >= int(InfBits) {
		return sign | InfBits, tie
	}
	return sign | uint16(r), tie
}

{{end}}// FormatBits returns u as a full-width lowercase bit pattern,
// "{{.V.OneHalfBits}}".
func FormatBits(u {{.U}}) string {
	const digits = "0123456789abcdef"
	var b [{{.BitsLen}}]byte
	b[0], b[1] = '0', 'x'
	for i := {{.BitsLast}}; i >= 2; i-- {
		b[i] = digits[u&0xf]
		u >>= 4
	}
	return string(b[:])
}

// FormatHex returns u as a hex float in Go's %x style ("0x1.8p+00",
// "-{{.V.MinSubnormal}}", "0x0p+00"), "+Inf", "-Inf" or "NaN". A NaN's sign and
// payload are visible only in FormatBits.
func FormatHex(u {{.U}}) string {
	if IsNaN(u) {
		return "NaN"
	}
{{- if eq .Width 32}}
	// float32 → float64 is exact for every non-NaN encoding.
	return strconv.FormatFloat(float64(math.Float32frombits(u)), 'x', -1, 32)
{{- else if eq .Width 64}}
	return strconv.FormatFloat(math.Float64frombits(u), 'x', -1, 64)
{{- else}}
	return strconv.FormatFloat(Float64(u), 'x', -1, 64) // exact: Float64 is
{{- end}}
}

// FormatDecimal returns the shortest decimal that parses back to u ("1.5",
// "-0", "+Inf", "NaN"), in strconv's 'g' style.
func FormatDecimal(u {{.U}}) string {
	if IsNaN(u) {
		return "NaN"
	}
{{- if eq .Width 32}}
	return strconv.FormatFloat(float64(math.Float32frombits(u)), 'g', -1, 32)
{{- else if eq .Width 64}}
	return strconv.FormatFloat(math.Float64frombits(u), 'g', -1, 64)
{{- else}}
	f := Float64(u)
	if math.IsInf(f, 0) || f == 0 {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	for prec := 1; ; prec++ {
		s := strconv.FormatFloat(f, 'e', prec-1, 64)
		if p, err := Parse(s); err != nil || p != u {
			continue
		}
		// The shortest float64 spelling of s's value is s's digits
		// (no float64 between needs fewer), in 'g' style.
		v, _ := strconv.ParseFloat(s, 64)
		if g := strconv.FormatFloat(v, 'g', -1, 64); g != s {
			if p, err := Parse(g); err == nil && p == u {
				return g
			}
		}
		return s // prec ≤ 17 always succeeds: 17 digits give f exactly
	}
{{- end}}
}

// Format returns the three spellings of u joined as
// "{{.V.OneHalfBits}} [0x1.8p+00 1.5]", the form used by test failures and
// the command line.
func Format(u {{.U}}) string {
	return FormatBits(u) + " [" + FormatHex(u) + " " + FormatDecimal(u) + "]"
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("invalid {{.TextName}}")

// Parse reads a {{.Name}} written as
//
//	a bit pattern:  {{.V.OneHalfBits}} (0x and 1 to {{.HexDigits}} hex digits, no '.' and no 'p')
//	a hex float:    0x1.8p+00, -{{.V.MinSubnormal}} (rounded to nearest even when longer)
//	a decimal:      1.5, -2e-5 (rounded to nearest even)
//	a keyword:      inf, +inf, -inf, infinity, nan ({{.C.NaN}}), -nan
//
// Decimals and hex floats out of range round as IEEE round-to-nearest does
// (to ±Inf or ±0). Keywords are case-insensitive.{{if not .Native}} The value is rounded
// once: strconv's float64 rounding, then to {{.Name}}, with an exact
// comparison of the text against the float64 where that lands on a
// {{.Name}} midpoint (double rounding's only failure).{{end}}
func Parse(s string) ({{.U}}, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, syntaxError(s, "empty")
	}
	switch strings.ToLower(t) {
	case "nan", "+nan":
		return {{.NaNName}}, nil
	case "-nan":
		return {{.NaNName}} | SignMask, nil
	case "inf", "+inf", "infinity", "+infinity":
		return InfBits, nil
	case "-inf", "-infinity":
		return NegInfBits, nil
	}
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 {
		return 0, syntaxError(s, "more than one sign")
	}
	lower := strings.ToLower(body)
	if strings.HasPrefix(lower, "0x") && !strings.ContainsAny(lower, ".p") {
		if body != t {
			return 0, syntaxError(s, "a bit pattern has no sign")
		}
		digits := lower[2:]
		if len(digits) == 0 || len(digits) > {{.HexDigits}} {
			return 0, syntaxError(s, "a bit pattern has 1 to {{.HexDigits}} hex digits")
		}
		v, err := strconv.ParseUint(digits, 16, {{.Width}})
		if err != nil {
			return 0, syntaxError(s, "bad hex digit")
		}
		return {{.U}}(v), nil
	}
	if strings.HasPrefix(lower, "0x") && !strings.Contains(lower, "p") {
		return 0, syntaxError(s, "a hex float needs a p exponent, as in 0x1.8p+00")
	}
{{- if .Native}}
	f, err := strconv.ParseFloat(t, {{.Width}})
	if err != nil {
		var ne *strconv.NumError
		if !errors.As(err, &ne) || ne.Err != strconv.ErrRange {
			return 0, syntaxError(s, "not a number")
		}
		// ErrRange: f holds the correctly rounded ±Inf or ±0.
	}
{{- if eq .Width 32}}
	return math.Float32bits(float32(f)), nil // f is exactly a float32 value
{{- else}}
	return math.Float64bits(f), nil
{{- end}}
}
{{- else}}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		var ne *strconv.NumError
		if !errors.As(err, &ne) || ne.Err != strconv.ErrRange || math.IsNaN(f) {
			return 0, syntaxError(s, "not a number")
		}
		// ErrRange: f holds the correctly rounded ±Inf or ±0.
	}
	if math.IsNaN(f) || math.IsInf(f, 0) && !strings.ContainsAny(lower, "0123456789") {
		return 0, syntaxError(s, "not a number") // strconv's other spellings of nan and inf
	}
	u, tie := fromFloat64(f, 0)
	if tie {
		if c := cmpText(lower, f); c != 0 {
			u, _ = fromFloat64(f, c)
		}
	}
	return u, nil
}

// cmpText compares the magnitude of the number written (unsigned, lower
// case) in body, a decimal or hex float strconv accepted, with |f| ≠ 0: -1,
// 0 or +1. Exact: both become digit strings in the text's base.
func cmpText(body string, f float64) int {
	f = math.Abs(f)
	if strings.HasPrefix(body, "0x") {
		mant, exp, _ := strings.Cut(body[2:], "p")
		e, _ := strconv.Atoi(exp)
		d, point := digitsOf(mant)
		var bin strings.Builder
		for _, c := range d {
			v, _ := strconv.ParseUint(string(c), 16, 8)
			bin.WriteString(strconv.FormatUint(v|16, 2)[1:])
		}
		// f = m·2^k exactly (strconv's 'b' format).
		m, k, _ := strings.Cut(strconv.FormatFloat(f, 'b', -1, 64), "p")
		mi, _ := strconv.ParseUint(m, 10, 64)
		kb, _ := strconv.Atoi(k)
		fb := strconv.FormatUint(mi, 2)
		return cmpDigits(bin.String(), 4*point+e, fb, len(fb)+kb)
	}
	mant, exp, _ := strings.Cut(strings.ReplaceAll(body, "e", "E"), "E")
	e, _ := strconv.Atoi(exp)
	d, point := digitsOf(mant)
	// 800 digits hold every float64 exactly (at most 767 significant).
	fm, fe, _ := strings.Cut(strconv.FormatFloat(f, 'e', 800, 64), "e")
	fd, _ := digitsOf(fm)
	fx, _ := strconv.Atoi(fe)
	return cmpDigits(d, point+e, fd, 1+fx)
}

// digitsOf returns the digits of a mantissa without its point and
// underscores, and the number of digits before the point.
func digitsOf(mant string) (string, int) {
	mant = strings.ReplaceAll(mant, "_", "")
	i, f, _ := strings.Cut(mant, ".")
	return i + f, len(i)
}

// cmpDigits compares 0.a·B^ea with 0.b·B^eb for digit strings of one base
// B: -1, 0 or +1.
func cmpDigits(a string, ea int, b string, eb int) int {
	trim := func(d string, e int) (string, int) {
		n := len(d)
		d = strings.TrimLeft(d, "0")
		e -= n - len(d)
		return strings.TrimRight(d, "0"), e
	}
	a, ea = trim(a, ea)
	b, eb = trim(b, eb)
	switch {
	case a == "" || b == "":
		return strings.Compare(a, b)
	case ea != eb:
		if ea < eb {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b) // trailing zeros trimmed: a longer string with the same prefix is larger
}
{{- end}}

func syntaxError(s, why string) error {
	return &ParseError{Input: s, Why: why}
}

// ParseError reports an input Parse could not read.
type ParseError struct {
	Input string
	Why   string
}

func (e *ParseError) Error() string {
	return "{{.TextName}} " + strconv.Quote(e.Input) + ": " + e.Why + " (want a decimal, a hex float like 0x1.8p+00, a bit pattern like {{.V.OneHalfBits}}, inf or nan)"
}

// Unwrap makes errors.Is(err, ErrSyntax) true.
func (e *ParseError) Unwrap() error { return ErrSyntax }
`

// testTemplate is the leaf's test: every encoding through every function,
// and Parse at every midpoint.
const testTemplate = `package {{.Pkg}}_test

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/{{.Pkg}}"
	"github.com/cudafp/cudafp/internal/testflag"
)

// TestEveryEncoding checks the predicates, the key, next up/down, the
// float64 view and the three spellings on all 2^16 encodings against the
// host's float64 view of each.
func TestEveryEncoding(t *testing.T) {
	prev := math.Inf(-1)
	for k := {{.Pkg}}.Key({{.Pkg}}.NegInfBits); k <= {{.Pkg}}.Key({{.Pkg}}.InfBits); k++ {
		u := {{.Pkg}}.FromKey(k)
		f := {{.Pkg}}.Float64(u)
		if k != {{.Pkg}}.Key({{.Pkg}}.NegInfBits) && !(f > prev) && !(f == 0 && k == 0) {
			t.Fatalf("%s: Float64 %v not above the previous key's %v", {{.Pkg}}.FormatBits(u), f, prev)
		}
		prev = f
		if {{.Pkg}}.Key(u) != k && !(k == 0) {
			t.Fatalf("Key(FromKey(%d)) = %d", k, {{.Pkg}}.Key(u))
		}
	}
	for i := 0; i < 1<<16; i++ {
		u := uint16(i)
		f := {{.Pkg}}.Float64(u)
		if {{.Pkg}}.IsNaN(u) != math.IsNaN(f) || {{.Pkg}}.IsInf(u) != math.IsInf(f, 0) || {{.Pkg}}.IsZero(u) != (f == 0) ||
			{{.Pkg}}.IsFinite(u) == (math.IsNaN(f) || math.IsInf(f, 0)) || math.Signbit(f) != ({{.Pkg}}.Sign(u) == 1) {
			t.Fatalf("%s: predicates disagree with the float64 %v", {{.Pkg}}.FormatBits(u), f)
		}
		if {{.Pkg}}.IsNaN(u) {
			if {{.Pkg}}.Classify(u) != {{.Pkg}}.NaN || {{.Pkg}}.NextUp(u) != u || {{.Pkg}}.NextDown(u) != u || {{.Pkg}}.FormatHex(u) != "NaN" {
				t.Fatalf("%s: NaN handling", {{.Pkg}}.FormatBits(u))
			}
			if uint16(math.Float64bits(f)>>(52-{{.Pkg}}.FracBits))&{{.Pkg}}.FracMask != u&{{.Pkg}}.FracMask|{{.Pkg}}.QuietBit {
				t.Fatalf("%s: Float64 payload %#x", {{.Pkg}}.FormatBits(u), math.Float64bits(f))
			}
			if {{.Pkg}}.IsSignalling(u) != (u&{{.Pkg}}.QuietBit == 0) {
				t.Fatalf("%s: IsSignalling", {{.Pkg}}.FormatBits(u))
			}
		} else {
			a := math.Abs(f)
			sub := a != 0 && a < math.Ldexp(1, {{.Pkg}}.Emin)
			if {{.Pkg}}.IsSubnormal(u) != sub || {{.Pkg}}.IsNormal(u) != (a != 0 && !sub && !math.IsInf(f, 0)) {
				t.Fatalf("%s: subnormal/normal predicates wrong for %v", {{.Pkg}}.FormatBits(u), f)
			}
			if got := {{.Pkg}}.FromFloat64(f); got != u {
				t.Fatalf("FromFloat64(Float64(%s)) = %s", {{.Pkg}}.FormatBits(u), {{.Pkg}}.FormatBits(got))
			}
			if up := {{.Pkg}}.NextUp(u); u != {{.Pkg}}.InfBits && !({{.Pkg}}.Float64(up) > f) {
				t.Fatalf("NextUp(%s) = %s is not above", {{.Pkg}}.FormatBits(u), {{.Pkg}}.FormatBits(up))
			}
			if dn := {{.Pkg}}.NextDown(u); u != {{.Pkg}}.NegInfBits && !({{.Pkg}}.Float64(dn) < f) {
				t.Fatalf("NextDown(%s) = %s is not below", {{.Pkg}}.FormatBits(u), {{.Pkg}}.FormatBits(dn))
			}
			if {{.Pkg}}.FlushSubnormal(u) != u && !(sub && {{.Pkg}}.FlushSubnormal(u) == u&{{.Pkg}}.SignMask) {
				t.Fatalf("FlushSubnormal(%s) = %s", {{.Pkg}}.FormatBits(u), {{.Pkg}}.FormatBits({{.Pkg}}.FlushSubnormal(u)))
			}
			if !math.IsInf(f, 0) && a != 0 {
				ulp := math.Ldexp(1, int({{.Pkg}}.UlpExp(u)))
				if math.Mod(a, ulp) != 0 || ({{.Pkg}}.IsNormal(u) && a/ulp < 1<<{{.Pkg}}.FracBits) {
					t.Fatalf("UlpExp(%s) = %d", {{.Pkg}}.FormatBits(u), {{.Pkg}}.UlpExp(u))
				}
			}
		}
		for _, s := range []string{ {{.Pkg}}.FormatBits(u), {{.Pkg}}.FormatHex(u), {{.Pkg}}.FormatDecimal(u)} {
			want := u
			if {{.Pkg}}.IsNaN(u) && s == "NaN" {
				want = {{.Pkg}}.CanonicalNaNBits
			}
			if got, err := {{.Pkg}}.Parse(s); err != nil || got != want {
				t.Fatalf("Parse(%q) = %s, %v; want %s", s, {{.Pkg}}.FormatBits(got), err, {{.Pkg}}.FormatBits(want))
			}
		}
		if d := {{.Pkg}}.FormatDecimal(u); !{{.Pkg}}.IsNaN(u) && !math.IsInf(f, 0) {
			// Shortest: one digit fewer, rounded either way, misses u.
			m, _, _ := strings.Cut(strings.TrimLeft(d, "-"), "e")
			n := len(strings.Trim(strings.ReplaceAll(m, ".", ""), "0"))
			if n > 1 {
				s := strconv.FormatFloat(f, 'e', n-2, 64)
				if got, _ := {{.Pkg}}.Parse(s); got == u {
					t.Fatalf("FormatDecimal(%s) = %q, but %q has fewer digits", {{.Pkg}}.FormatBits(u), d, s)
				}
			}
		}
	}
}

// TestNamedConstants checks each named encoding's value.
func TestNamedConstants(t *testing.T) {
	for _, c := range []struct {
		u    uint16
		want float64
	}{
		{ {{.Pkg}}.ZeroBits, 0},
		{ {{.Pkg}}.NegZeroBits, math.Copysign(0, -1)},
		{ {{.Pkg}}.OneBits, 1},
		{ {{.Pkg}}.NegOneBits, -1},
		{ {{.Pkg}}.InfBits, math.Inf(1)},
		{ {{.Pkg}}.NegInfBits, math.Inf(-1)},
		{ {{.Pkg}}.MaxFiniteBits, (2 - math.Ldexp(1, -{{.Pkg}}.FracBits)) * math.Ldexp(1, {{.Pkg}}.Emax)},
		{ {{.Pkg}}.MinNormalBits, math.Ldexp(1, {{.Pkg}}.Emin)},
		{ {{.Pkg}}.MaxSubnormalBits, math.Ldexp(1, {{.Pkg}}.Emin) - math.Ldexp(1, {{.Pkg}}.Dmin)},
		{ {{.Pkg}}.MinSubnormalBits, math.Ldexp(1, {{.Pkg}}.Dmin)},
	} {
		if got := {{.Pkg}}.Float64(c.u); math.Float64bits(got) != math.Float64bits(c.want) {
			t.Errorf("%s = %v, want %v", {{.Pkg}}.FormatBits(c.u), got, c.want)
		}
	}
	if !{{.Pkg}}.IsNaN({{.Pkg}}.CanonicalNaNBits) || {{.Pkg}}.IsSignalling({{.Pkg}}.CanonicalNaNBits) {
		t.Errorf("CanonicalNaNBits %s is not a quiet NaN", {{.Pkg}}.FormatBits({{.Pkg}}.CanonicalNaNBits))
	}
}

// TestParseMidpoints parses, between every two neighbouring positive
// values (and between MaxFinite and the overflow threshold), the exact
// midpoint and numbers just above and below it, which strconv rounds to
// that midpoint in float64, as decimals and hex floats: every 8th pair and
// the last, every pair under CUDAFP_EXHAUSTIVE.
func TestParseMidpoints(t *testing.T) {
	step := uint16(8)
	if testflag.Exhaustive() {
		step = 1
	}
	for lo := uint16(0); lo <= {{.Pkg}}.MaxFiniteBits; lo = min(lo+step, max(lo+1, {{.Pkg}}.MaxFiniteBits)) {
		hi := lo + 1
		fl := {{.Pkg}}.Float64(lo)
		fh := {{.Pkg}}.Float64(hi)
		if hi == {{.Pkg}}.InfBits {
			fh = math.Ldexp(1, {{.Pkg}}.Emax+1)
		}
		m := (fl + fh) / 2 // exact: 12 significant bits at most
		even := lo
		if lo&1 == 1 {
			even = hi
		}
		bm := new(big.Float).SetPrec(256).SetFloat64(m)
		_, e := math.Frexp(m)
		d := new(big.Float).SetPrec(256).SetMantExp(big.NewFloat(1), e-80)
		above := new(big.Float).SetPrec(256).Add(bm, d)
		below := new(big.Float).SetPrec(256).Sub(bm, d)
		for _, c := range []struct {
			s    string
			want uint16
		}{
			{bm.Text('e', 400), even},
			{above.Text('e', 400), hi},
			{below.Text('e', 400), lo},
			{strconv.FormatFloat(m, 'x', 13, 64), even},
			{strings.Replace(strconv.FormatFloat(m, 'x', 13, 64), "p", "01p", 1), hi},
			{strings.Replace(strconv.FormatFloat(math.Nextafter(m, 0), 'x', 13, 64), "p", "ffp", 1), lo},
		} {
			if got, err := {{.Pkg}}.Parse(c.s); err != nil || got != c.want {
				t.Fatalf("Parse(%.60q...) = %s, %v; want %s (midpoint of %s and %s)", c.s, {{.Pkg}}.FormatBits(got), err,
					{{.Pkg}}.FormatBits(c.want), {{.Pkg}}.FormatBits(lo), {{.Pkg}}.FormatBits(hi))
			}
			if got, _ := {{.Pkg}}.Parse("-" + c.s); got != c.want|{{.Pkg}}.SignMask {
				t.Fatalf("Parse(-%.60q...) = %s; want %s", c.s, {{.Pkg}}.FormatBits(got), {{.Pkg}}.FormatBits(c.want|{{.Pkg}}.SignMask))
			}
		}
	}
}

func TestParseKeywordsAndErrors(t *testing.T) {
	for s, want := range map[string]uint16{
		"nan": {{.Pkg}}.CanonicalNaNBits, "-NaN": {{.Pkg}}.CanonicalNaNBits | {{.Pkg}}.SignMask, "inf": {{.Pkg}}.InfBits,
		"-Infinity": {{.Pkg}}.NegInfBits, "0x0": 0, " 0x8000 ": 0x8000, "-0": 0x8000, "1e-300": 0, "-1e300": {{.Pkg}}.NegInfBits,
		"1": {{.Pkg}}.OneBits, "0x1p+0": {{.Pkg}}.OneBits,
	} {
		if got, err := {{.Pkg}}.Parse(s); err != nil || got != want {
			t.Errorf("Parse(%q) = %s, %v; want %s", s, {{.Pkg}}.FormatBits(got), err, {{.Pkg}}.FormatBits(want))
		}
	}
	for _, s := range []string{"", "x", "--1", "-0x3c00", "0x12345", "0xg", "0x1.8", "1.5.2", "nan(1)"} {
		if _, err := {{.Pkg}}.Parse(s); !errors.Is(err, {{.Pkg}}.ErrSyntax) {
			t.Errorf("Parse(%q): error %v, want ErrSyntax", s, err)
		}
	}
}
`
