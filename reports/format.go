package reports

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/ulp"
)

// Fixed number formatting: the same report always gives the same bytes.

// fmtUlps spells an error in ulps: four decimals below 10, two below 10^4,
// then four significant digits in e-notation; "inf" and "nan".
func fmtUlps(u ulp.Ulps) string {
	v := float64(u)
	switch {
	case math.IsInf(v, 1):
		return "inf"
	case v != v:
		return "nan"
	case v < 10:
		return strconv.FormatFloat(v, 'f', 4, 64)
	case v < 1e4:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'e', 3, 64)
}

// fmtShare spells a share as a percentage with two decimals, rounded down,
// so that "100%" means every input.
func fmtShare(cr, n uint64) string {
	switch {
	case n == 0:
		return "-"
	case cr == n:
		return "100%"
	case cr == 0:
		return "0%"
	}
	// Exact: cr·10^4 / n fits in 64 bits for n < 2^50.
	bp := cr * 10000 / n
	if n >= 1<<50 {
		bp = uint64(math.Floor(float64(cr) / float64(n) * 10000))
	}
	return fmt.Sprintf("%d.%02d%%", bp/100, bp%100)
}

// fmtDist spells an ulp distance; a NaN against a number is "NaN".
func fmtDist(d uint32) string {
	if d == math.MaxUint32 {
		return "NaN"
	}
	return strconv.FormatUint(uint64(d), 10)
}

// fmtLog2 spells a positive error as a power of two with two decimals.
func fmtLog2(v float64) string {
	switch {
	case v == 0:
		return "0"
	case math.IsInf(v, 1):
		return "inf"
	case v != v:
		return "nan"
	}
	return "2^" + strconv.FormatFloat(math.Log2(v), 'f', 2, 64)
}

// fmtInputs spells an input count: "all 2^32" for a whole exhaustive sweep.
func fmtInputs(s *Summary) string {
	if s.Sweep == "exhaustive" && s.Complete && s.Inputs == 1<<32 {
		return "all 2^32"
	}
	n := strconv.FormatUint(s.Inputs, 10)
	if !s.Complete {
		n += " (partial)"
	}
	return n
}

// flagName spells a flag set for tables: "default" for nvcc's defaults.
func flagName(s string) string {
	if s == "" {
		return "default"
	}
	return s
}

func flagNames(fl []string) string {
	var parts []string
	for _, f := range fl {
		parts = append(parts, flagName(f))
	}
	return strings.Join(parts, ", ")
}

// displayName is the function's CUDA name with the component of a
// two-result function: "sincosf (sin)".
func (row *Row) displayName() string {
	if row.Component != "" {
		return row.Function + " (" + row.Component + ")"
	}
	return row.Function
}

// cells spells the measured columns of a row for the tables: the largest
// error and where, the largest distance (in ulps; in integer units for an
// integer result), the largest absolute error where the bound's absolute
// part applies ("-" without one), the mean error. An integer result has no
// ulp error: "-", and "at" is where its largest distance is reached.
func (row *Row) cells() (maxErr, at, dist, abs, mean string) {
	s := row.Summary
	abs = "-"
	if s.AbsMax != nil {
		abs = fmtLog2(float64(*s.AbsMax))
	}
	if s.MaxIntDist != nil {
		at = "-"
		if s.MaxIntDistAt != nil {
			at = s.MaxIntDistAt.String()
		}
		return "-", at, strconv.FormatUint(*s.MaxIntDist, 10), abs, "-"
	}
	return fmtUlps(s.MaxErr), s.MaxErrAt.String(), fmtDist(s.MaxDist), abs, fmtUlps(s.MeanErr)
}

// checkText spells the verdict of a row with the measurement in the bound's
// own metric.
func (row *Row) checkText() string {
	s := row.Summary
	if s == nil {
		return "not measured"
	}
	b := row.bound
	var m []string
	switch {
	case b.CR:
		if s.Verdict == "exceeds" {
			what := "not correctly rounded"
			if row.RefKind != kindCR && row.RefKind != kindCR64 {
				what = "not exact"
			}
			m = append(m, fmt.Sprintf("%d %s", row.Extra.OverCR, what))
		}
	default:
		if row.Extra.ULPN > 0 {
			m = append(m, "max dist "+fmtDist(row.Extra.MaxDist))
		}
		if s.AbsMax != nil {
			m = append(m, "abs "+fmtLog2(float64(*s.AbsMax)))
		}
		if s.MaxRel != nil {
			m = append(m, "rel "+fmtLog2(float64(*s.MaxRel)))
		}
	}
	detail := ""
	if len(m) > 0 {
		detail = " (" + strings.Join(m, ", ") + ")"
	}
	switch s.Verdict {
	case "within":
		return "yes" + detail
	case "exceeds":
		return fmt.Sprintf("no: %s%s", plural(s.Over, "input"), detail)
	}
	return "no documented bound"
}

// sources numbers the distinct bound sources of the rows in order of first
// appearance.
func (r *Report) sources() (keys map[string]int, list []string) {
	keys = map[string]int{}
	for _, row := range r.Rows {
		if _, ok := keys[row.Bound.Source]; !ok {
			list = append(list, row.Bound.Source)
			keys[row.Bound.Source] = len(list)
		}
	}
	return keys, list
}

// leftOutGroups groups the left-out functions by reason, in a fixed order.
func (r *Report) leftOutGroups() (reasons []string, names map[string][]string) {
	names = map[string][]string{}
	for _, reason := range []string{reasonNotImplemented, reasonNoRef} {
		for _, l := range r.LeftOut {
			if l.Reason == reason {
				names[reason] = append(names[reason], l.Function)
			}
		}
		if len(names[reason]) > 0 {
			reasons = append(reasons, reason)
		}
	}
	return reasons, names
}

// inputDescs lists the distinct input descriptions of the rows, in order.
func (r *Report) inputDescs() []string {
	var out []string
	seen := map[string]bool{}
	for _, row := range r.Rows {
		if row.Summary != nil && !seen[row.Summary.Desc] {
			seen[row.Summary.Desc] = true
			out = append(out, row.Summary.Desc)
		}
	}
	return out
}

// plural spells "1 input", "2 inputs".
func plural(n uint64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.FormatUint(n, 10) + " " + word + "s"
}
