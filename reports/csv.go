package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// csvHeader names the CSV columns (docs/report.md).
var csvHeader = []string{
	"function", "id", "component", "flags", "effective_flags", "reference", "reference_kind", "mode", "sweep", "inputs", "complete",
	"max_err", "max_err_at", "max_dist", "max_dist_at", "max_int_dist", "max_int_dist_at", "cr", "cr_share", "mean_err", "q999",
	"abs_max", "abs_at", "max_rel", "bound", "bound_text", "bound_source", "verdict", "over", "over_at", "fallbacks",
}

// WriteCSV writes one line per row after a "# " provenance line. Numbers are
// written in full (shortest round-trip decimals; "+Inf"); flag sets are
// joined by ';'; inputs are "bits [value]" joined by ", ".
func (r *Report) WriteCSV(w io.Writer) error {
	if _, err := fmt.Fprintf(w, "# cudafp report; %s\n", r.Provenance); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, row := range r.Rows {
		rec := []string{row.Function, row.ID, row.Component, strings.Join(row.Flags, ";"), row.EffectiveFlags,
			row.Reference, row.RefKind, row.Mode}
		s := row.Summary
		if s == nil {
			rec = append(rec, "", "0", "false", "", "", "", "", "", "", "", "", "", "", "", "", "", row.Bound.Reading, row.Bound.Text, row.Bound.Source, "not measured", "", "", "")
			if err := cw.Write(rec); err != nil {
				return err
			}
			continue
		}
		opt := func(u *float64) string {
			if u == nil {
				return ""
			}
			return num(*u)
		}
		var absMax, maxRel *float64
		if s.AbsMax != nil {
			v := float64(*s.AbsMax)
			absMax = &v
		}
		if s.MaxRel != nil {
			v := float64(*s.MaxRel)
			maxRel = &v
		}
		str := func(a *Arg) string {
			if a == nil {
				return ""
			}
			return a.String()
		}
		intDist := ""
		if s.MaxIntDist != nil {
			intDist = strconv.FormatUint(*s.MaxIntDist, 10)
		}
		rec = append(rec, s.Sweep, strconv.FormatUint(s.Inputs, 10), strconv.FormatBool(s.Complete),
			num(float64(s.MaxErr)), s.MaxErrAt.String(), strconv.FormatUint(uint64(s.MaxDist), 10), s.MaxDistAt.String(),
			intDist, str(s.MaxIntDistAt), strconv.FormatUint(s.CR, 10), num(s.CRShare), num(float64(s.MeanErr)), num(float64(s.Q999)),
			opt(absMax), str(s.AbsAt), opt(maxRel), row.Bound.Reading, row.Bound.Text, row.Bound.Source, s.Verdict,
			strconv.FormatUint(s.Over, 10), str(s.OverAt), strconv.FormatUint(s.Fallbacks, 10))
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
