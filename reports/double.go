package reports

import (
	"fmt"
	"io"
	"strconv"

	"github.com/cudafp/cudafp/internal/spec"
)

// The double section of a report: every function of CUDA's double-precision
// standard library in the catalog (the CUDA C++ Programming Guide's Table
// 18), each with its measured rows or the reason it is left out ("not
// implemented"), so that the state of the port reads off one table. A
// double result is measured against its correctly rounded (or exact)
// binary64 result: max dist is the distance in binary64 ulps, NVIDIA's
// metric, and the bound check compares it with the documented ulps.

// Types a report can be restricted to (Config.Type).
const (
	TypeF32 = "f32" // float32 (and integer and 16-bit) functions
	TypeF64 = "f64" // functions with a double argument or result
)

// ofType reports whether f belongs to the report type t ("" for any).
func ofType(f *spec.Func, t string) bool {
	switch t {
	case TypeF64:
		return isBinary64Row(f)
	case TypeF32:
		return !isBinary64Row(f)
	case TypeHalf: // the 16-bit section only (half.go)
		return false
	}
	return true
}

// isDoubleLibrary reports whether f is a double standard library function.
func isDoubleLibrary(f *spec.Func) bool { return f.Kind == spec.Library && isBinary64Row(f) }

// doubleEntry is one function of the double section: its rows, or why the
// report leaves it out.
type doubleEntry struct {
	f      *spec.Func
	rows   []*Row
	reason string
}

// doubleSection returns the double library functions r measured or left
// out, in catalog order; the functions r did not select are not listed.
func (r *Report) doubleSection() []doubleEntry {
	rows := map[string][]*Row{}
	for _, row := range r.Rows {
		rows[row.ID] = append(rows[row.ID], row)
	}
	out := map[string]string{}
	for _, l := range r.LeftOut {
		out[l.ID] = l.Reason
	}
	var es []doubleEntry
	for _, f := range spec.All() {
		if !isDoubleLibrary(f) {
			continue
		}
		if rs, ok := rows[f.ID]; ok {
			es = append(es, doubleEntry{f: f, rows: rs})
		} else if why, ok := out[f.ID]; ok {
			es = append(es, doubleEntry{f: f, reason: why})
		}
	}
	return es
}

// writeDoubleMarkdown writes the double section as a Markdown table; keys
// numbers the bound sources of the main table.
func (r *Report) writeDoubleMarkdown(w io.Writer, keys map[string]int) {
	es := r.doubleSection()
	if len(es) == 0 {
		return
	}
	measured := 0
	for _, e := range es {
		if e.rows != nil {
			measured++
		}
	}
	fmt.Fprintf(w, "## Double-precision standard library\n\n")
	fmt.Fprintf(w, "%d functions of CUDA's double-precision standard library, %d measured: *max dist* is the largest distance in binary64 ulps to the correctly rounded (or exact) result, NVIDIA's metric, and *first over bound* the smallest input whose result is outside the documented bound.\n\n", len(es), measured)
	fmt.Fprintln(w, "| function | flags | reference | inputs | max dist (binary64 ulp) | at input | CR | documented bound | within bound | first over bound |")
	fmt.Fprintln(w, "|---|---|---|--:|--:|---|--:|---|---|---|")
	for _, e := range es {
		if e.rows == nil {
			fmt.Fprintf(w, "| %s | | | | | | | %s | %s | |\n", mdCode(e.f.Name), boundCell(e.f.Bound, keys), mdEscape(e.reason))
			continue
		}
		for _, row := range e.rows {
			name := mdCode(row.Function)
			if row.Component != "" {
				name += " (" + row.Component + ")"
			}
			bound := boundCell(e.f.Bound, keys)
			s := row.Summary
			if s == nil {
				fmt.Fprintf(w, "| %s | %s | %s | 0 | | | | %s | not measured | |\n", name, flagNames(row.Flags), row.RefKind, bound)
				continue
			}
			dist, at := "-", "-"
			if s.MaxIntDist != nil {
				dist = strconv.FormatUint(*s.MaxIntDist, 10)
				if s.MaxIntDistAt != nil {
					at = s.MaxIntDistAt.String()
				}
			}
			over := "-"
			if s.OverAt != nil {
				over = mdCode(s.OverAt.String())
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				name, flagNames(row.Flags), row.RefKind, fmtInputs(s), dist, mdCode(at),
				fmtShare(s.CR, s.Inputs), bound, mdEscape(row.checkText()), over)
		}
	}
	fmt.Fprintln(w)
}

// boundCell spells a documented bound with the number of its source.
func boundCell(b spec.Bound, keys map[string]int) string {
	if k, ok := keys[b.Source]; ok {
		return fmt.Sprintf("%s [%d]", mdEscape(b.Text), k)
	}
	return mdEscape(b.Text)
}
