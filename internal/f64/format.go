package f64

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// FormatBits returns u as a full-width lowercase bit pattern,
// "0x3ff8000000000000".
func FormatBits(u uint64) string {
	const digits = "0123456789abcdef"
	var b [18]byte
	b[0], b[1] = '0', 'x'
	for i := 17; i >= 2; i-- {
		b[i] = digits[u&0xf]
		u >>= 4
	}
	return string(b[:])
}

// FormatHex returns u as a hex float in Go's %x style ("0x1.8p+01",
// "-0x1p-1074", "0x0p+00"), "+Inf", "-Inf" or "NaN". A NaN's sign and
// payload are visible only in FormatBits.
func FormatHex(u uint64) string {
	if IsNaN(u) {
		return "NaN"
	}
	return strconv.FormatFloat(math.Float64frombits(u), 'x', -1, 64)
}

// FormatDecimal returns the shortest decimal that parses back to u
// ("1.5", "5e-324", "-0", "+Inf", "NaN").
func FormatDecimal(u uint64) string {
	if IsNaN(u) {
		return "NaN"
	}
	return strconv.FormatFloat(math.Float64frombits(u), 'g', -1, 64)
}

// Format returns the three spellings of u joined as
// "0x3ff8000000000000 [0x1.8p+00 1.5]", the form used by test failures and
// the command line.
func Format(u uint64) string {
	return FormatBits(u) + " [" + FormatHex(u) + " " + FormatDecimal(u) + "]"
}

// ErrSyntax is wrapped by every error Parse returns.
var ErrSyntax = errors.New("invalid float64")

// Parse reads a float64 written as
//
//	a bit pattern:  0x3ff8000000000000 (0x and 1 to 16 hex digits, no '.' and no 'p')
//	a hex float:    0x1.8p+00, -0x1p-1074 (rounded to nearest even when longer)
//	a decimal:      1.5, -5e-324, 1.7976931348623157e308 (rounded to nearest even)
//	a keyword:      inf, +inf, -inf, infinity, nan (0x7fffffffffffffff),
//	                -nan (0xffffffffffffffff)
//
// Decimals and hex floats out of range round as IEEE round-to-nearest does
// (to ±Inf or ±0). Keywords are case-insensitive.
func Parse(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, syntaxError(s, "empty")
	}
	switch strings.ToLower(t) {
	case "nan", "+nan":
		return DefaultNaNBits, nil
	case "-nan":
		return DefaultNaNBits | SignMask, nil
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
		if len(digits) == 0 || len(digits) > 16 {
			return 0, syntaxError(s, "a bit pattern has 1 to 16 hex digits")
		}
		v, err := strconv.ParseUint(digits, 16, 64)
		if err != nil {
			return 0, syntaxError(s, "bad hex digit")
		}
		return v, nil
	}
	if strings.HasPrefix(lower, "0x") && !strings.Contains(lower, "p") {
		return 0, syntaxError(s, "a hex float needs a p exponent, as in 0x1.8p+00")
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		var ne *strconv.NumError
		if !errors.As(err, &ne) || ne.Err != strconv.ErrRange {
			return 0, syntaxError(s, "not a number")
		}
		// ErrRange: f holds the correctly rounded ±Inf or ±0.
	}
	return math.Float64bits(f), nil
}

func syntaxError(s, why string) error {
	return &ParseError{Input: s, Why: why}
}

// ParseError reports an input Parse could not read.
type ParseError struct {
	Input string
	Why   string
}

func (e *ParseError) Error() string {
	return "float64 " + strconv.Quote(e.Input) + ": " + e.Why + " (want a decimal, a hex float like 0x1.8p+00, a bit pattern like 0x3ff8000000000000, inf or nan)"
}

// Unwrap makes errors.Is(err, ErrSyntax) true.
func (e *ParseError) Unwrap() error { return ErrSyntax }
