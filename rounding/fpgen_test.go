package rounding_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// The IBM FPgen floating-point test suite (Copyright IBM Corp. 2005), binary32
// lines, from ../shared/testdata/fpgen (README.md there gives the syntax).
// Every b32 case of + - * / *+ V in the modes CUDA has (=0 RN, 0 RZ, > RU,
// < RD) is run with ftz off, comparing result bits; a NaN result means
// CUDA's canonical NaN 0x7fffffff; exception flags are ignored (CUDA has
// none). Not applicable, and counted: other operations, the mode =^ (ties
// away), and cases with the overflow or underflow trap enabled that raise
// it, whose listed result is the trap handler's scaled one (IEEE 754-1985
// §7.3-7.4), not a delivered result.

var fpgenModes = map[string]rounding.Mode{"=0": rounding.RN, "0": rounding.RZ, ">": rounding.RU, "<": rounding.RD}

var fpgenOps = map[string]int{"+": 2, "-": 2, "*": 2, "/": 2, "*+": 3, "V": 1}

// parseFPgen reads one FPgen operand or result.
func parseFPgen(s string) (uint32, error) {
	switch s {
	case "+Zero":
		return f32.ZeroBits, nil
	case "-Zero":
		return f32.NegZeroBits, nil
	case "+Inf":
		return f32.InfBits, nil
	case "-Inf":
		return f32.NegInfBits, nil
	case "Q", "#":
		return f32.CanonicalNaNBits, nil
	case "S":
		return 0x7fa00000, nil // a signalling NaN: quiet bit clear, payload nonzero
	}
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return 0, fmt.Errorf("bad operand %q", s)
	}
	var sign uint32
	if s[0] == '-' {
		sign = f32.SignMask
	}
	lead, rest, ok := strings.Cut(s[1:], ".")
	if !ok || (lead != "0" && lead != "1") {
		return 0, fmt.Errorf("bad operand %q", s)
	}
	hex, exp, ok := strings.Cut(rest, "P")
	if !ok || len(hex) != 6 {
		return 0, fmt.Errorf("bad operand %q", s)
	}
	frac, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || frac > uint64(f32.FracMask) {
		return 0, fmt.Errorf("bad significand in %q", s)
	}
	e, err := strconv.Atoi(exp)
	if err != nil {
		return 0, fmt.Errorf("bad exponent in %q", s)
	}
	if lead == "0" {
		if e != f32.Emin {
			return 0, fmt.Errorf("subnormal %q with exponent other than %d", s, f32.Emin)
		}
		return sign | uint32(frac), nil
	}
	if e < f32.Emin || e > f32.Emax {
		return 0, fmt.Errorf("exponent out of range in %q", s)
	}
	return sign | uint32(e+f32.Bias)<<f32.FracBits | uint32(frac), nil
}

type fpgenCase struct {
	where string // file:line
	op    string
	mode  rounding.Mode
	in    []uint32
	want  uint32
}

func TestFPgen(t *testing.T) {
	dir := filepath.Join(sharedDir(t), "testdata", "fpgen")
	files, err := filepath.Glob(filepath.Join(dir, "*.fptest"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no *.fptest files in %s: the IBM FPgen vectors come from the project's shared folder (../shared/testdata/fpgen beside the repository root), which CI has", dir)
	}
	ran := map[string]int{}
	notApplicable := map[string]int{}
	var fc failCounter
	for _, file := range files {
		cases := readFPgen(t, file, notApplicable)
		for _, c := range cases {
			var got uint32
			switch c.op {
			case "+":
				got = rounding.Add32(c.in[0], c.in[1], c.mode, false)
			case "-":
				got = rounding.Sub32(c.in[0], c.in[1], c.mode, false)
			case "*":
				got = rounding.Mul32(c.in[0], c.in[1], c.mode, false)
			case "/":
				got = rounding.Div32(c.in[0], c.in[1], c.mode, false)
			case "*+":
				got = rounding.Fma32(c.in[0], c.in[1], c.in[2], c.mode, false)
			case "V":
				got = rounding.Sqrt32(c.in[0], c.mode, false)
			}
			ran[c.op+" "+c.mode.String()]++
			if !same(got, c.want) {
				fc.fail(t, c.where+": "+failure("FPgen "+c.op, c.in, c.mode, false, got, c.want))
			}
		}
	}
	total := 0
	keys := make([]string, 0, len(ran))
	for k, n := range ran {
		keys = append(keys, k)
		total += n
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("ran %-6s %6d cases", k, ran[k])
	}
	na := 0
	naKeys := make([]string, 0, len(notApplicable))
	for k, n := range notApplicable {
		naKeys = append(naKeys, k)
		na += n
	}
	sort.Strings(naKeys)
	for _, k := range naKeys {
		t.Logf("not applicable: %s: %d", k, notApplicable[k])
	}
	t.Logf("FPgen binary32: %d cases ran, %d not applicable", total, na)
	if total == 0 {
		t.Fatal("no FPgen case ran")
	}
}

// readFPgen returns the applicable cases of one file and counts the others.
func readFPgen(t *testing.T, file string, notApplicable map[string]int) []fpgenCase {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []fpgenCase
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "b32") {
			continue
		}
		where := fmt.Sprintf("%s:%d", filepath.Base(file), line)
		lhs, rhs, ok := strings.Cut(text, "->")
		if !ok {
			t.Fatalf("%s: no '->' in %q", where, text)
		}
		fields := strings.Fields(lhs)
		op := strings.TrimPrefix(fields[0], "b32")
		arity, known := fpgenOps[op]
		if !known {
			notApplicable["operation "+op]++
			continue
		}
		if len(fields) < 2 {
			t.Fatalf("%s: no rounding mode in %q", where, text)
		}
		mode, ok := fpgenModes[fields[1]]
		if !ok {
			notApplicable["mode "+fields[1]]++
			continue
		}
		operands := fields[2:]
		traps := ""
		if len(operands) == arity+1 {
			traps, operands = operands[0], operands[1:]
		}
		if len(operands) != arity {
			t.Fatalf("%s: %d operands for %q, want %d", where, len(operands), op, arity)
		}
		out := strings.Fields(rhs)
		if len(out) == 0 || len(out) > 2 {
			t.Fatalf("%s: bad result field %q", where, rhs)
		}
		flags := ""
		if len(out) == 2 {
			flags = out[1]
		}
		if strings.Contains(traps, "u") && strings.Contains(flags, "u") ||
			strings.Contains(traps, "o") && strings.Contains(flags, "o") {
			notApplicable["trapped overflow/underflow (scaled result)"]++
			continue
		}
		c := fpgenCase{where: where, op: op, mode: mode}
		for _, s := range operands {
			u, err := parseFPgen(s)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			c.in = append(c.in, u)
		}
		if c.want, err = parseFPgen(out[0]); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return cases
}
