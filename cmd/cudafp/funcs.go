package main

import (
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/bf16"
	"github.com/cudafp/cudafp/internal/f16"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
)

// lookup finds a catalogued function by CUDA name, ID or Go name.
func lookup(name string) (*spec.Func, error) {
	if f, ok := spec.Lookup(name); ok {
		return f, nil
	}
	if f, ok := spec.Lookup16(name); ok {
		return f, nil
	}
	for _, f := range spec.All() {
		if strings.EqualFold(f.Go, name) || strings.EqualFold(strings.TrimPrefix(f.Go, "fp."), name) && f.Kind == spec.Library {
			return f, nil
		}
	}
	return nil, usagef("unknown function %q (cudafp list shows the catalog)", name)
}

// parseFlags reads --flags in nvcc spelling.
func parseFlags(s string) (fp.Flags, error) {
	fl, err := fp.ParseFlags(s)
	if err != nil {
		return fp.Flags{}, usageError{err}
	}
	return fl, nil
}

// parseArg reads one argument of type t.
func parseArg(t spec.Type, s string) (uint64, error) {
	switch t {
	case spec.F32:
		u, err := f32.Parse(s)
		if err != nil {
			return 0, usageError{err}
		}
		return uint64(u), nil
	case spec.F64:
		return parseF64(s)
	case spec.F16:
		u, err := f16.Parse(s)
		if err != nil {
			return 0, usageError{err}
		}
		return uint64(u), nil
	case spec.BF16:
		u, err := bf16.Parse(s)
		if err != nil {
			return 0, usageError{err}
		}
		return uint64(u), nil
	case spec.F16x2, spec.BF16x2:
		// Two lanes "lo,hi" (each as its scalar type reads it), or the
		// pair's 32-bit pattern.
		if lo, hi, ok := strings.Cut(s, ","); ok {
			a, err := parseArg(t.Lane(), lo)
			if err != nil {
				return 0, err
			}
			b, err := parseArg(t.Lane(), hi)
			if err != nil {
				return 0, err
			}
			return a | b<<16, nil
		}
		v, err := strconv.ParseUint(s, 0, 32)
		if err != nil {
			return 0, usagef("%s %q: want two lanes \"lo,hi\" or a 0x bit pattern of 32 bits", t, s)
		}
		return v, nil
	case spec.I32, spec.I64:
		v, err := parseInt(s, t == spec.I32)
		if err != nil {
			return 0, err
		}
		if t == spec.I32 {
			return uint64(uint32(int32(v))), nil
		}
		return uint64(v), nil
	}
	v, err := strconv.ParseUint(s, 0, bitsOf(t))
	if err != nil {
		return 0, usagef("%s %q: want an unsigned integer (decimal or 0x hex)", t, s)
	}
	return v, nil
}

func bitsOf(t spec.Type) int { return t.Bits() }

func parseInt(s string, narrow bool) (int64, error) {
	size := 64
	if narrow {
		size = 32
	}
	if strings.HasPrefix(strings.ToLower(s), "0x") {
		// A bit pattern of the full width, e.g. 0xffffffff for -1.
		v, err := strconv.ParseUint(s[2:], 16, size)
		if err != nil {
			return 0, usagef("integer %q: bad bit pattern", s)
		}
		if narrow {
			return int64(int32(uint32(v))), nil
		}
		return int64(v), nil
	}
	v, err := strconv.ParseInt(s, 10, size)
	if err != nil {
		return 0, usagef("integer %q: want a decimal or a 0x bit pattern", s)
	}
	return v, nil
}

// parseF64 reads a double as 16-digit bits (0x3ff0000000000000), a hex float
// or a decimal (correctly rounded by strconv).
func parseF64(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	l := strings.ToLower(t)
	if strings.HasPrefix(l, "0x") && !strings.ContainsAny(l, ".p") {
		v, err := strconv.ParseUint(l[2:], 16, 64)
		if err != nil {
			return 0, usagef("double %q: bad bit pattern", s)
		}
		return v, nil
	}
	switch l {
	case "nan", "+nan":
		return 0x7ff8000000000000, nil
	case "-nan":
		return 0xfff8000000000000, nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil {
		var ne *strconv.NumError
		if !(errorsAs(err, &ne) && ne.Err == strconv.ErrRange) {
			return 0, usagef("double %q: not a number", s)
		}
	}
	return f64bits(v), nil
}

// formatResult spells a packed result of f: each component as decimal, hex
// float and bits.
type spelled struct {
	Decimal string `json:"decimal"`
	Hex     string `json:"hex,omitempty"` // hex float; empty for integers
	Bits    string `json:"bits"`
}

func spell(t spec.Type, v uint64) spelled {
	switch t {
	case spec.F32:
		u := uint32(v)
		return spelled{f32.FormatDecimal(u), f32.FormatHex(u), f32.FormatBits(u)}
	case spec.F64:
		return spellF64(v)
	case spec.I32:
		return spelled{strconv.FormatInt(int64(int32(uint32(v))), 10), "", hexBits(v&0xffffffff, 8)}
	case spec.U32:
		return spelled{strconv.FormatUint(v&0xffffffff, 10), "", hexBits(v&0xffffffff, 8)}
	case spec.I64:
		return spelled{strconv.FormatInt(int64(v), 10), "", hexBits(v, 16)}
	case spec.I16:
		return spelled{strconv.FormatInt(int64(int16(uint16(v))), 10), "", hexBits(v&0xffff, 4)}
	case spec.F16:
		u := uint16(v)
		return spelled{f16.FormatDecimal(u), f16.FormatHex(u), f16.FormatBits(u)}
	case spec.BF16:
		u := uint16(v)
		return spelled{bf16.FormatDecimal(u), bf16.FormatHex(u), bf16.FormatBits(u)}
	case spec.F16x2, spec.BF16x2:
		// Lane 0 (the low half) first, as CUDA's __halves2half2(lo, hi).
		lo, hi := spell(t.Lane(), v&0xffff), spell(t.Lane(), v>>16&0xffff)
		return spelled{lo.Decimal + "," + hi.Decimal, lo.Hex + "," + hi.Hex, hexBits(v&0xffffffff, 8)}
	}
	return spelled{strconv.FormatUint(v, 10), "", hexBits(v, t.Digits())}
}

func results(f *spec.Func, v uint64) []spelled {
	if len(f.Out) == 2 {
		return []spelled{spell(f.Out[0], v>>32), spell(f.Out[1], v&0xffffffff)}
	}
	return []spelled{spell(f.Out[0], v)}
}
