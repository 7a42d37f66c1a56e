package rounding_test

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/rounding"
)

// probeF64File is the H100's output of gpu/probe_f64.cu (provenance in its
// header; testdata/golden/README.md).
const probeF64File = "../testdata/golden/f64probe/probe_f64.txt.gz"

// probePath is one Go implementation of a probed instruction: ops are the
// row's operand bits, the result its bits as the probe prints them (32-bit
// results zero-extended).
type probePath struct {
	name string
	f    func(ops []uint64, m rounding.Mode) uint64
}

// probeImpls maps a probe instruction, its rounding suffix removed, to its
// operand count and every Go path that computes it: the exported (host)
// operation, the integer kernel and, in RN, the inlinable entry.
var probeImpls = map[string]struct {
	arity int
	paths []probePath
	rn    func(ops []uint64) uint64 // the RN entry, or nil
}{
	"add": {2, []probePath{
		{"Add64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Add64(o[0], o[1], m) }},
		{"Add64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Add64Int(o[0], o[1], m) }},
	}, func(o []uint64) uint64 { return rounding.Add64RN(o[0], o[1]) }},
	"sub": {2, []probePath{
		{"Sub64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Sub64(o[0], o[1], m) }},
		{"Sub64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Sub64Int(o[0], o[1], m) }},
	}, func(o []uint64) uint64 { return rounding.Sub64RN(o[0], o[1]) }},
	"mul": {2, []probePath{
		{"Mul64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Mul64(o[0], o[1], m) }},
		{"Mul64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Mul64Int(o[0], o[1], m) }},
	}, func(o []uint64) uint64 { return rounding.Mul64RN(o[0], o[1]) }},
	"div": {2, []probePath{
		{"Div64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Div64(o[0], o[1], m) }},
		{"Div64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Div64Int(o[0], o[1], m) }},
	}, func(o []uint64) uint64 { return rounding.Div64RN(o[0], o[1]) }},
	"fma": {3, []probePath{
		{"Fma64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Fma64(o[0], o[1], o[2], m) }},
		{"Fma64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Fma64Int(o[0], o[1], o[2], m) }},
	}, func(o []uint64) uint64 { return rounding.Fma64RN(o[0], o[1], o[2]) }},
	"rcp": {1, []probePath{
		{"Rcp64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Rcp64(o[0], m) }},
		{"Rcp64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Rcp64Int(o[0], m) }},
	}, func(o []uint64) uint64 { return rounding.Rcp64RN(o[0]) }},
	"sqrt": {1, []probePath{
		{"Sqrt64", func(o []uint64, m rounding.Mode) uint64 { return rounding.Sqrt64(o[0], m) }},
		{"Sqrt64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.Sqrt64Int(o[0], m) }},
	}, func(o []uint64) uint64 { return rounding.Sqrt64RN(o[0]) }},
	"cvt.s32.f64": {1, []probePath{
		{"F64ToI32", func(o []uint64, m rounding.Mode) uint64 { return uint64(uint32(rounding.F64ToI32(o[0], m))) }},
	}, nil},
	"cvt.u32.f64": {1, []probePath{
		{"F64ToU32", func(o []uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToU32(o[0], m)) }},
	}, nil},
	"cvt.s64.f64": {1, []probePath{
		{"F64ToI64", func(o []uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToI64(o[0], m)) }},
	}, nil},
	"cvt.u64.f64": {1, []probePath{
		{"F64ToU64", func(o []uint64, m rounding.Mode) uint64 { return rounding.F64ToU64(o[0], m) }},
	}, nil},
	"cvt.f32.f64": {1, []probePath{
		{"F64ToF32", func(o []uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToF32(o[0], m, false)) }},
		{"F64ToF32Int", func(o []uint64, m rounding.Mode) uint64 { return uint64(rounding.F64ToF32Int(o[0], m, false)) }},
	}, nil},
	"cvt.f64.f32": {1, []probePath{ // one form, no rounding modifier
		{"F32ToF64", func(o []uint64, _ rounding.Mode) uint64 { return rounding.F32ToF64(uint32(o[0]), false) }},
	}, nil},
	"cvt.ri.f64.f64": {1, []probePath{
		{"RoundInt64", func(o []uint64, m rounding.Mode) uint64 { return rounding.RoundInt64(o[0], m) }},
		{"RoundInt64Int", func(o []uint64, m rounding.Mode) uint64 { return rounding.RoundInt64Int(o[0], m) }},
	}, nil},
}

// TestProbeF64 replays every row of the H100's binary64 probe (NaN
// operands of every sign, payload and position, invalid operations,
// integer saturation) through every Go path of its instruction and
// requires equal bits. A row whose instruction has no Go implementation
// fails the test, listed by instruction with its count.
func TestProbeF64(t *testing.T) {
	f, err := os.Open(probeF64File)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	modes := map[string]rounding.Mode{}
	for _, m := range rounding.Modes {
		modes[m.PTX()] = m
	}
	var (
		rows, declared, checks, mismatches int
		perIns                             = map[string]int{}
		unimplemented                      = map[string]int{}
	)
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") {
			if i := strings.Index(text, "; "); i >= 0 && strings.HasSuffix(text, " rows") {
				declared, _ = strconv.Atoi(strings.TrimSuffix(text[i+2:], " rows"))
			}
			continue
		}
		fields := strings.Fields(text)
		if len(fields) < 4 || fields[len(fields)-2] != "->" {
			t.Fatalf("line %d: malformed row %q", line, text)
		}
		rows++
		ins := fields[0]
		base, mode := ins, rounding.RN
		if i := strings.LastIndexByte(ins, '.'); i >= 0 {
			if m, ok := modes[ins[i+1:]]; ok {
				base, mode = ins[:i], m
			}
		}
		var ops []uint64
		for _, s := range fields[1 : len(fields)-2] {
			u, err := strconv.ParseUint(s, 16, 64)
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			ops = append(ops, u)
		}
		want, err := strconv.ParseUint(fields[len(fields)-1], 16, 64)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		impl, ok := probeImpls[base]
		if !ok {
			unimplemented[ins]++
			continue
		}
		if len(ops) != impl.arity {
			t.Fatalf("line %d: %s has %d operands, want %d", line, ins, len(ops), impl.arity)
		}
		perIns[base]++
		check := func(path string, got uint64) {
			checks++
			if got != want {
				mismatches++
				if mismatches <= 20 {
					t.Errorf("line %d: %s(%s) mode=%v: %s = %#x, device %#x", line, ins, strings.Join(fields[1:len(fields)-2], ", "), mode, path, got, want)
				}
			}
		}
		for _, p := range impl.paths {
			check(p.name, p.f(ops, mode))
		}
		if impl.rn != nil && mode == rounding.RN {
			check(impl.paths[0].name+"RN", impl.rn(ops))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows != declared {
		t.Errorf("%d rows read, the header declares %d", rows, declared)
	}
	names := make([]string, 0, len(perIns))
	for n := range perIns {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%-15s %5d rows", n, perIns[n])
	}
	var missing []string
	for ins, n := range unimplemented {
		missing = append(missing, fmt.Sprintf("%s (%d rows)", ins, n))
	}
	sort.Strings(missing)
	t.Logf("%d rows, %d checks, %d mismatches; %d rows of %d instructions without a Go implementation%s",
		rows, checks, mismatches, rows-sum(perIns), len(unimplemented), strings.Join(append([]string{""}, missing...), "\n\t"))
	if len(unimplemented) > 0 {
		t.Errorf("probe rows without a Go implementation: %s", strings.Join(missing, ", "))
	}
	if mismatches > 20 {
		t.Errorf("%d mismatches in all (first 20 shown)", mismatches)
	}
}

func sum(m map[string]int) int {
	var n int
	for _, v := range m {
		n += v
	}
	return n
}
