package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cudafp/cudafp/bench"
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// compareSchema names the JSON document of cudafp compare (docs/json.md).
const compareSchema = "cudafp-compare/1"

// compareSamples is the default number of generated inputs per function of
// compare --funcs, besides the special-value grid.
const compareSamples = 1 << 16

func newCompare() *cobra.Command {
	var (
		flagsText []string
		funcNames []string
		format    string
		worst     int
		each      bool
		samples   uint64
	)
	cmd := &cobra.Command{
		Use:   "compare [--flags A --flags B] [--format md|json] [--worst N] [--each] (FUNC < INPUTS | --funcs F,G,...)",
		Short: "Compare a function's results under two flag sets, input by input",
		Long: `Evaluate a function under two nvcc flag sets (default: --flags "" --flags "-use_fast_math") on every input
and summarise where they differ: how many results differ, the largest ulp distance between the two results and
from each to the correctly rounded result, and the worst inputs with both results.

With FUNC, the inputs are read from standard input, one tuple per line, in the formats eval accepts (decimals,
hex floats, bit patterns; arguments separated by spaces). With --funcs F,G,... the inputs are the built-in
samples of each function: its special-value grid and --samples generated inputs (spec.Input, the generators of
the device capture). --each lists every input with both results.

The input is streamed: memory stays constant however long it is (--each spools its rows to a temporary file).
Nothing is printed before the input is fully read: a bad line stops the run with a one-line error naming the
line (exit 2). Distances are ulp distances (ulp.Dist) and are given for float32 results; for other result types
only the number of differing results is. docs/json.md describes the JSON.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(flagsText) == 0 {
				flagsText = []string{"", "-use_fast_math"}
			}
			if len(flagsText) != 2 {
				return usagef("--flags: give exactly two flag sets (--flags A --flags B), got %d", len(flagsText))
			}
			var fls [2]fp.Flags
			for i, t := range flagsText {
				fl, err := parseFlags(t)
				if err != nil {
					return err
				}
				fls[i] = fl
			}
			if format != "md" && format != "json" {
				return usagef("--format %q: want md or json", format)
			}
			if worst < 0 {
				return usagef("--worst %d: want a count ≥ 0", worst)
			}
			opt := compareOptions{flags: fls, worst: worst, each: each}
			var runs []*comparison
			switch {
			case len(args) == 1 && len(funcNames) == 0:
				f, err := lookup(args[0])
				if err != nil {
					return err
				}
				c, err := newComparison(f, opt)
				if err != nil {
					return err
				}
				runs = []*comparison{c}
			case len(args) == 0 && len(funcNames) > 0:
				for _, n := range funcNames {
					if n = strings.TrimSpace(n); n == "" {
						continue
					}
					f, err := lookup(n)
					if err != nil {
						return err
					}
					c, err := newComparison(f, opt)
					if err != nil {
						return err
					}
					runs = append(runs, c)
				}
				if len(runs) == 0 {
					return usagef("--funcs: no function named")
				}
			default:
				return usagef("name one FUNC and give its inputs on standard input, or name the functions with --funcs")
			}
			var sp *spool
			if each {
				var err error
				if sp, err = newSpool(); err != nil {
					return err
				}
				defer sp.close()
			}
			var source string
			if len(funcNames) == 0 {
				n, err := runs[0].stream(cmd.InOrStdin(), sp)
				if err != nil {
					return err
				}
				source = fmt.Sprintf("standard input (%d lines)", n)
			} else {
				for _, c := range runs {
					if err := c.samples(samples, sp); err != nil {
						return err
					}
				}
				source = fmt.Sprintf("built-in samples: the special-value grid and %d generated inputs (spec.Input) per function", samples)
			}
			doc := compareDoc{Schema: compareSchema, Provenance: provenance(), Flags: []string{fls[0].String(), fls[1].String()}, Source: source}
			for _, c := range runs {
				doc.Functions = append(doc.Functions, c.summary())
			}
			// The input is fully read: only now is anything written.
			w := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)
			var err error
			if format == "json" {
				err = doc.writeJSON(w, sp)
			} else {
				err = doc.writeMarkdown(w, sp)
			}
			if ferr := w.Flush(); err == nil {
				err = ferr
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&flagsText, "flags", nil, "a flag set in nvcc spelling; give two (default: \"\" and \"-use_fast_math\")")
	f.StringSliceVar(&funcNames, "funcs", nil, "compare these functions on their built-in samples instead of standard input")
	f.StringVar(&format, "format", "md", "output format: md or json")
	f.IntVar(&worst, "worst", 10, "how many of the worst inputs to list per function")
	f.BoolVar(&each, "each", false, "list every input with both results")
	f.Uint64Var(&samples, "samples", compareSamples, "generated inputs per function with --funcs (besides the special-value grid)")
	return cmd
}

type compareOptions struct {
	flags [2]fp.Flags
	worst int
	each  bool
}

// A comparison accumulates the comparison of one function under two flag
// sets, input by input, in constant memory: counts, maxima and the worst
// inputs.
type comparison struct {
	f     *spec.Func
	opt   compareOptions
	k     [2]spec.Kernel
	ref   *ulp.Ref // nil when f has no float reference
	float bool     // every result is a float32: distances are defined

	n, differ uint64
	maxDist   uint32
	maxAt     string
	cr        [2]uint64 // results equal to the correctly rounded one (the same bits, or both NaN)
	refMax    [2]uint32 // max Dist to the correctly rounded result
	refAt     [2]string
	worst     []compareInput // the opt.worst worst differing inputs, worst first
}

func newComparison(f *spec.Func, opt compareOptions) (*comparison, error) {
	c := &comparison{f: f, opt: opt, float: true}
	for i, fl := range opt.flags {
		k, ok := f.Impl(fl)
		if !ok {
			return nil, usagef("%s is catalogued but not implemented yet", f.Name)
		}
		c.k[i] = k
	}
	for _, t := range f.Out {
		c.float = c.float && t == spec.F32
	}
	if r, ok := bench.Reference(f); ok {
		c.ref = r
	}
	return c, nil
}

// compareInput is one input with both results (JSON: docs/json.md).
type compareInput struct {
	Function string       `json:"function,omitempty"` // in --each rows
	Where    string       `json:"where"`              // "stdin:12", "generated:5", "special:3"
	Args     []spelled    `json:"args"`
	Results  [2][]spelled `json:"results"`
	Dist     *uint32      `json:"dist"`                        // ulp distance between the two results; null for non-float results
	Want     *spelled     `json:"correctly_rounded,omitempty"` // the reference's result, when there is one

	dist uint32
	seq  uint64
}

// outDist returns the ulp distance between two packed results: the larger
// of the components' for two results.
func (c *comparison) outDist(a, b uint64) uint32 {
	if len(c.f.Out) == 2 {
		return max(ulp.Dist(uint32(a>>32), uint32(b>>32)), ulp.Dist(uint32(a), uint32(b)))
	}
	return ulp.Dist(uint32(a), uint32(b))
}

// add compares the two flag sets on one input.
func (c *comparison) add(where string, in spec.Args, sp *spool) error {
	var out [2]uint64
	for i, k := range c.k {
		out[i] = k(&in)
	}
	seq := c.n
	c.n++
	same := out[0] == out[1]
	if !same {
		c.differ++
	}
	var d uint32
	if c.float && !same {
		d = c.outDist(out[0], out[1])
	}
	if (d > c.maxDist || c.n == 1) && c.float {
		c.maxDist, c.maxAt = d, where
	}
	var want uint32
	if c.ref != nil {
		want, _, _ = c.ref.Eval(ulp.Input{X: uint32(in[0]), Y: uint32(in[1]), Z: uint32(in[2])}, c.f.Mode)
		for i, o := range out {
			// Correctly rounded as in ulp.Stats: the same bits, or both NaN.
			if g := uint32(o); g == want || f32.IsNaN(g) && f32.IsNaN(want) {
				c.cr[i]++
			}
			e := ulp.Dist(uint32(o), want)
			if e > c.refMax[i] || c.n == 1 {
				c.refMax[i], c.refAt[i] = e, where
			}
		}
	}
	worse := func(a, b *compareInput) bool { return a.dist > b.dist || a.dist == b.dist && a.seq < b.seq }
	keep := !same && c.opt.worst > 0 && (len(c.worst) < c.opt.worst || worse(&compareInput{dist: d, seq: seq}, &c.worst[len(c.worst)-1]))
	if !keep && sp == nil {
		return nil
	}
	rec := c.record(where, in, out, d, want)
	rec.seq = seq
	if keep {
		i, _ := slices.BinarySearchFunc(c.worst, rec, func(a, b compareInput) int {
			if worse(&a, &b) {
				return -1
			}
			return 1
		})
		c.worst = slices.Insert(c.worst, i, rec)
		if len(c.worst) > c.opt.worst {
			c.worst = c.worst[:c.opt.worst]
		}
	}
	if sp != nil {
		rec.Function = c.f.Name
		return sp.add(&rec)
	}
	return nil
}

// record spells one input and its results.
func (c *comparison) record(where string, in spec.Args, out [2]uint64, d, want uint32) compareInput {
	rec := compareInput{Where: where, Results: [2][]spelled{results(c.f, out[0]), results(c.f, out[1])}, dist: d}
	for j, t := range c.f.In {
		rec.Args = append(rec.Args, spell(t, in[j]))
	}
	if c.float {
		rec.Dist = &rec.dist
	}
	if c.ref != nil {
		w := spell(spec.F32, uint64(want))
		rec.Want = &w
	}
	return rec
}

// stream compares the tuples read from r, one per line (scanTuples), and
// returns the number of lines read.
func (c *comparison) stream(r io.Reader, sp *spool) (int, error) {
	return scanTuples(r, c.f, func(line int, in spec.Args) error {
		return c.add("stdin:"+strconv.Itoa(line), in, sp)
	})
}

// samples compares the built-in samples of the function: n generated
// inputs, then the special-value grid.
func (c *comparison) samples(n uint64, sp *spool) error {
	for i := range n {
		if err := c.add(fmt.Sprintf("generated:%d", i), c.f.Input(i), sp); err != nil {
			return err
		}
	}
	grid := c.f.Grid()
	for k := range c.f.GridLen() {
		if err := c.add(fmt.Sprintf("special:%d", k), c.f.GridPoint(grid, k), sp); err != nil {
			return err
		}
	}
	return nil
}

// compareFunc is the summary of one function (JSON: docs/json.md).
type compareFunc struct {
	Function  string         `json:"function"`
	ID        string         `json:"id"`
	Inputs    uint64         `json:"inputs"`
	Differ    uint64         `json:"differ"`
	MaxDist   *uint32        `json:"max_dist"` // null for non-float results
	MaxDistAt string         `json:"max_dist_at,omitempty"`
	Reference string         `json:"reference,omitempty"`
	Mode      string         `json:"mode,omitempty"`
	VsRef     []compareRef   `json:"vs_reference,omitempty"`
	Worst     []compareInput `json:"worst"`
}

// compareRef is one flag set's distance to the correctly rounded result.
type compareRef struct {
	Flags     string  `json:"flags"`
	CR        uint64  `json:"cr"`
	CRShare   float64 `json:"cr_share"`
	MaxDist   uint32  `json:"max_dist"`
	MaxDistAt string  `json:"max_dist_at,omitempty"`
}

func (c *comparison) summary() compareFunc {
	s := compareFunc{Function: c.f.Name, ID: c.f.ID, Inputs: c.n, Differ: c.differ, Worst: c.worst}
	if s.Worst == nil {
		s.Worst = []compareInput{}
	}
	if c.float && c.n > 0 {
		d := c.maxDist
		s.MaxDist, s.MaxDistAt = &d, c.maxAt
	}
	if c.ref != nil && c.n > 0 {
		s.Reference, s.Mode = c.ref.Name(), c.f.Mode.String()
		for i, fl := range c.opt.flags {
			s.VsRef = append(s.VsRef, compareRef{Flags: fl.String(), CR: c.cr[i], CRShare: float64(c.cr[i]) / float64(c.n), MaxDist: c.refMax[i], MaxDistAt: c.refAt[i]})
		}
	}
	return s
}

// compareDoc is the JSON document of cudafp compare.
type compareDoc struct {
	Schema     string        `json:"schema"`
	Provenance string        `json:"provenance"`
	Flags      []string      `json:"flags"`
	Source     string        `json:"source"`
	Functions  []compareFunc `json:"functions"`
}

// writeJSON writes the document, one line per top-level field and per
// function, and with --each the spooled rows as "each", one per line.
func (d *compareDoc) writeJSON(w *bufio.Writer, sp *spool) error {
	field := func(name string, v any, last bool) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "  %q: %s", name, b)
		if !last {
			w.WriteString(",")
		}
		w.WriteString("\n")
		return nil
	}
	w.WriteString("{\n")
	for _, f := range []struct {
		name string
		v    any
	}{{"schema", d.Schema}, {"provenance", d.Provenance}, {"flags", d.Flags}, {"source", d.Source}} {
		if err := field(f.name, f.v, false); err != nil {
			return err
		}
	}
	w.WriteString("  \"functions\": [\n")
	for i, f := range d.Functions {
		b, err := json.Marshal(f)
		if err != nil {
			return err
		}
		w.WriteString("    ")
		w.Write(b)
		if i < len(d.Functions)-1 {
			w.WriteString(",")
		}
		w.WriteString("\n")
	}
	w.WriteString("  ]")
	if sp != nil {
		w.WriteString(",\n  \"each\": [\n")
		if err := sp.copyTo(w, "    ", ",\n"); err != nil {
			return err
		}
		w.WriteString("\n  ]")
	}
	w.WriteString("\n}\n")
	return nil
}

// flagsLabel spells a flag set for a table heading.
func flagsLabel(s string) string {
	if s == "" {
		return "(default)"
	}
	return s
}

// spellText writes a spelled value for a table: bits [hex decimal].
func spellText(s spelled) string {
	if s.Hex != "" {
		return s.Bits + " [" + s.Hex + " " + s.Decimal + "]"
	}
	return s.Bits + " [" + s.Decimal + "]"
}

func spellsText(ss []spelled) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = spellText(s)
	}
	return strings.Join(parts, ", ")
}

func (r *compareInput) markdownRow(w io.Writer, withFunc bool) {
	fn := ""
	if withFunc {
		fn = "| " + r.Function + " "
	}
	dist, want := "–", "–"
	if r.Dist != nil {
		dist = fmt.Sprint(*r.Dist)
	}
	if r.Want != nil {
		want = spellText(*r.Want)
	}
	fmt.Fprintf(w, "%s| %s | %s | %s | %s | %s | %s |\n", fn, r.Where, spellsText(r.Args), spellsText(r.Results[0]), spellsText(r.Results[1]), dist, want)
}

// writeMarkdown writes the summary table, each function's worst inputs and,
// with --each, every input.
func (d *compareDoc) writeMarkdown(w *bufio.Writer, sp *spool) error {
	a, b := flagsLabel(d.Flags[0]), flagsLabel(d.Flags[1])
	fmt.Fprintf(w, "<!-- cudafp compare; %s -->\n# cudafp compare: `%s` vs `%s`\n\nInputs: %s. Distances are in ulps (ulp.Dist); *CR* is the correctly rounded result.\n\n", d.Provenance, a, b, d.Source)
	fmt.Fprintf(w, "| function | inputs | differ | max ulp A↔B | at | reference | A: CR share, max ulp to CR | B: CR share, max ulp to CR |\n")
	fmt.Fprintf(w, "|---|--:|--:|--:|---|---|---|---|\n")
	for _, f := range d.Functions {
		maxd, at, ref, ra, rb := "–", "–", "–", "–", "–"
		if f.MaxDist != nil {
			maxd, at = fmt.Sprint(*f.MaxDist), f.MaxDistAt
		}
		if len(f.VsRef) == 2 {
			ref = f.Reference + " (" + f.Mode + ")"
			vs := func(r compareRef) string {
				return fmt.Sprintf("%.2f%%, %d at %s", 100*r.CRShare, r.MaxDist, r.MaxDistAt)
			}
			ra, rb = vs(f.VsRef[0]), vs(f.VsRef[1])
		}
		fmt.Fprintf(w, "| %s | %d | %d (%.2f%%) | %s | %s | %s | %s | %s |\n", f.Function, f.Inputs, f.Differ, share(f.Differ, f.Inputs), maxd, at, ref, ra, rb)
	}
	cols := fmt.Sprintf("| input | arguments | A: `%s` | B: `%s` | ulp A↔B | CR |\n", a, b)
	rule := "|---|---|---|---|--:|---|\n"
	for _, f := range d.Functions {
		fmt.Fprintf(w, "\n## %s: the %d worst of %d differing inputs\n\n", f.Function, len(f.Worst), f.Differ)
		if len(f.Worst) == 0 {
			w.WriteString("No input differs.\n")
			continue
		}
		w.WriteString(cols + rule)
		for i := range f.Worst {
			f.Worst[i].markdownRow(w, false)
		}
	}
	if sp != nil {
		w.WriteString("\n## Every input\n\n| function " + cols + "|---" + rule)
		if err := sp.each(func(r *compareInput) { r.markdownRow(w, true) }); err != nil {
			return err
		}
	}
	return nil
}

func share(k, n uint64) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}

// A spool keeps --each's rows in a temporary file, one JSON object per
// line, so that memory stays constant and nothing is printed before the
// input is fully read.
type spool struct {
	f *os.File
	w *bufio.Writer
	n uint64
}

func newSpool() (*spool, error) {
	f, err := os.CreateTemp("", "cudafp-compare-*")
	if err != nil {
		return nil, err
	}
	return &spool{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

func (s *spool) add(r *compareInput) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	s.n++
	s.w.Write(b)
	return s.w.WriteByte('\n')
}

// rewind flushes the spool and returns a reader of its lines.
func (s *spool) rewind() (*bufio.Scanner, error) {
	if err := s.w.Flush(); err != nil {
		return nil, err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(s.f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	return sc, nil
}

// copyTo writes the spooled lines, each after prefix, separated by sep.
func (s *spool) copyTo(w *bufio.Writer, prefix, sep string) error {
	sc, err := s.rewind()
	if err != nil {
		return err
	}
	for i := 0; sc.Scan(); i++ {
		if i > 0 {
			w.WriteString(sep)
		}
		w.WriteString(prefix)
		w.Write(sc.Bytes())
	}
	return sc.Err()
}

// each calls fn with every spooled row.
func (s *spool) each(fn func(r *compareInput)) error {
	sc, err := s.rewind()
	if err != nil {
		return err
	}
	for sc.Scan() {
		var r compareInput
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return err
		}
		fn(&r)
	}
	return sc.Err()
}

func (s *spool) close() {
	s.f.Close()
	os.Remove(s.f.Name())
}
