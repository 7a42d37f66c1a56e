package reports

import (
	"bufio"
	"html/template"
	"io"
	"strings"

	"github.com/cudafp/cudafp/internal/spec"
)

// htmlGroup is one section of the HTML page: the rows of one result of one
// function, with its plots.
type htmlGroup struct {
	Anchor, Name  string
	Bounds        []htmlBound
	Rows          []htmlRow
	ErrSVG, Histo template.HTML
	Legend        []htmlLegend
}

type htmlLegend struct{ Color, Label string }

// htmlBound is one documented bound of a section, with the flag sets it
// applies to when the section's rows have different bounds.
type htmlBound struct {
	Bound
	Flags string
}

type htmlRow struct {
	*Row
	Anchor, Name, Flags, Inputs, MaxErr, MaxErrAt, MaxDist, MaxDistAt, Abs, CR, Mean, Q999, Bound, Check, OverAt, Color string
	SourceKey                                                                                                           int
	Exceeds                                                                                                             bool
}

type htmlPage struct {
	Header    template.HTML
	Title     string
	Rows      []htmlRow
	Sources   []string
	Inputs    []string
	Fallbacks string
	LeftOut   []htmlLeftOut
	NLeft     int
	Groups    []*htmlGroup
	Bins      int
}

type htmlLeftOut struct {
	Reason string
	Names  string
	N      int
}

func anchor(row *Row) string {
	a := "f-" + row.ID
	if row.Component != "" {
		a += "-" + row.Component
	}
	return a
}

// WriteHTML writes the report as one self-contained HTML page: the
// provenance comment, the table, and per function an error-versus-input plot
// and an error histogram as inline SVG (no scripts, no external resources).
func (r *Report) WriteHTML(w io.Writer) error {
	keys, sources := r.sources()
	page := htmlPage{Header: template.HTML(r.header()), Title: r.title(), Sources: sources, Inputs: r.inputDescs(), Fallbacks: r.fallbackText(func(row *Row) string { return row.Function + " (" + flagNames(row.Flags) + ")" }), NLeft: len(r.LeftOut), Bins: Bins}
	reasons, names := r.leftOutGroups()
	for _, reason := range reasons {
		page.LeftOut = append(page.LeftOut, htmlLeftOut{reason, strings.Join(names[reason], ", "), len(names[reason])})
	}
	var g *htmlGroup
	var ss []series
	flush := func() error {
		if g == nil {
			return nil
		}
		var measured []series
		for _, s := range ss {
			if s.row.Result != nil {
				measured = append(measured, s)
			}
		}
		if len(measured) > 0 {
			first := measured[0].row
			e, err := errorPlot(measured, spellType(first.Args[0]))
			if err != nil {
				return err
			}
			h, err := histPlot(measured)
			if err != nil {
				return err
			}
			g.ErrSVG, g.Histo = template.HTML(e), template.HTML(h)
		}
		page.Groups = append(page.Groups, g)
		return nil
	}
	for i, row := range r.Rows {
		if i == 0 || row.ID != r.Rows[i-1].ID || row.Component != r.Rows[i-1].Component {
			if err := flush(); err != nil {
				return err
			}
			g = &htmlGroup{Anchor: anchor(row), Name: row.displayName()}
			ss = nil
		}
		if n := len(g.Bounds); n == 0 || g.Bounds[n-1].Bound != row.Bound {
			g.Bounds = append(g.Bounds, htmlBound{Bound: row.Bound, Flags: flagNames(row.Flags)})
		} else {
			g.Bounds[n-1].Flags += ", " + flagNames(row.Flags)
		}
		c := colorOf(len(ss))
		hr := htmlRow{Row: row, Anchor: anchor(row), Name: row.displayName(), Flags: flagNames(row.Flags),
			Bound: row.Bound.Reading, SourceKey: keys[row.Bound.Source], Check: row.checkText(), Color: cssColor(c)}
		if s := row.Summary; s != nil {
			hr.Inputs = fmtInputs(s)
			hr.MaxErr, hr.MaxErrAt, hr.MaxDist, hr.Abs, hr.Mean = row.cells()
			hr.MaxDistAt, hr.Q999 = s.MaxDistAt.String(), fmtUlps(s.Q999)
			if s.MaxIntDist != nil {
				hr.MaxDistAt, hr.Q999 = hr.MaxErrAt, "-"
			}
			hr.CR = fmtShare(s.CR, s.Inputs)
			hr.Exceeds = s.Verdict == "exceeds"
			if s.OverAt != nil {
				hr.OverAt = s.OverAt.String()
			}
		}
		page.Rows = append(page.Rows, hr)
		g.Rows = append(g.Rows, hr)
		g.Legend = append(g.Legend, htmlLegend{cssColor(c), hr.Flags})
		ss = append(ss, series{color: c, row: row})
	}
	if err := flush(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := htmlTemplate.Execute(bw, page); err != nil {
		return err
	}
	return bw.Flush()
}

func spellType(s string) spec.Type {
	t, ok := spec.ParseType(s)
	if !ok {
		panic("reports: unknown argument type " + s)
	}
	return t
}

var htmlTemplate = template.Must(template.New("report").Parse(`{{.Header}}
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<title>{{.Title}}</title>
<style>
body { font-family: 'Liberation Sans', Arial, Helvetica, sans-serif; margin: 1.5em; color: #222; font-size: 14px; }
h1 { font-size: 1.5em; }
h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.1em; margin: 0.2em 0; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccc; padding: 2px 5px; vertical-align: top; }
th { background: #f0f0f0; text-align: left; }
td.n, td.flags { text-align: right; white-space: nowrap; }
td.flags { text-align: left; }
td.mono, span.mono { font-family: 'Liberation Mono', 'DejaVu Sans Mono', monospace; font-size: 11px; }
tr.over td.check { background: #fde2e2; }
tr.ok td.check { background: #e3f4e3; }
section { margin: 1.2em 0 2em; padding-top: 0.4em; border-top: 1px solid #ddd; }
p.bound { margin: 0.3em 0; }
div.plots { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 0.6em; }
figure { margin: 0; width: 630px; }
figcaption { font-size: 12px; }
span.key { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 10px; vertical-align: middle; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>Errors against the reference of each row (<em>reference</em>: correctly rounded; exact, for the functions whose float result is exact; exact integer, for integer results; correctly rounded (binary64) and exact (binary64), for double results, whose distances are in binary64 ulps).
<em>Max error</em> is the largest fractional error |got − f(x)| / ulp(f(x));
<em>max dist</em> the largest distance to the reference's result (in ulps, NVIDIA's metric; in integer units for an integer result);
<em>max abs error</em> the largest |got − f(x)| where the documented bound is absolute;
<em>CR</em> the share of results equal to the reference's. <em>Within bound</em> checks every measured input against NVIDIA's documented bound.</p>
<table>
<tr><th>function</th><th>flags</th><th>reference</th><th>inputs</th><th>max error (ulp)</th><th>at input</th><th>max dist</th><th>max abs error</th><th>CR</th><th>mean error (ulp)</th><th>documented bound</th><th>within bound</th></tr>
{{range .Rows}}<tr class="{{if .Exceeds}}over{{else if eq .Check "no documented bound"}}none{{else}}ok{{end}}"><td><a href="#{{.Anchor}}">{{.Name}}</a></td><td class="flags">{{.Flags}}</td><td>{{.RefKind}}</td><td class="n">{{.Inputs}}</td><td class="n">{{.MaxErr}}</td><td class="mono">{{.MaxErrAt}}</td><td class="n">{{.MaxDist}}</td><td class="n">{{.Abs}}</td><td class="n">{{.CR}}</td><td class="n">{{.Mean}}</td><td>{{.Bound}} [{{.SourceKey}}]</td><td class="check">{{.Check}}</td></tr>
{{end}}</table>
<h2>Sources of the documented bounds</h2>
<ol>{{range .Sources}}<li>{{.}}</li>{{end}}</ol>
<h2>Inputs</h2>
<ul>{{range .Inputs}}<li>{{.}}</li>{{end}}</ul>
<p>{{.Fallbacks}}</p>
{{if .NLeft}}<h2>Left out: {{.NLeft}} functions that cannot be measured</h2>
<ul>{{range .LeftOut}}<li>{{.Reason}} ({{.N}}): {{.Names}}</li>{{end}}</ul>
{{end}}<h2>Functions</h2>
{{range .Groups}}<section id="{{.Anchor}}">
<h3>{{.Name}}</h3>
{{$many := gt (len .Bounds) 1}}{{range .Bounds}}<p class="bound">{{if $many}}{{.Flags}}: {{end}}Documented bound: “{{.Text}}” ({{.Source}}); checked as: {{.Reading}}.</p>
{{end}}
<table>
<tr><th>flags</th><th>reference</th><th>inputs</th><th>max error (ulp)</th><th>at input</th><th>max dist</th><th>at input</th><th>max abs error</th><th>CR</th><th>mean (ulp)</th><th>99.9% below (ulp)</th><th>within bound</th><th>first input over the bound</th></tr>
{{range .Rows}}<tr class="{{if .Exceeds}}over{{else if eq .Check "no documented bound"}}none{{else}}ok{{end}}"><td class="flags"><span class="key" style="background: {{.Color}}"></span>{{.Flags}}</td><td>{{.RefKind}}</td><td class="n">{{.Inputs}}</td><td class="n">{{.MaxErr}}</td><td class="mono">{{.MaxErrAt}}</td><td class="n">{{.MaxDist}}</td><td class="mono">{{.MaxDistAt}}</td><td class="n">{{.Abs}}</td><td class="n">{{.CR}}</td><td class="n">{{.Mean}}</td><td class="n">{{.Q999}}</td><td class="check">{{.Check}}</td><td class="mono">{{.OverAt}}</td></tr>
{{end}}</table>
{{if .ErrSVG}}<div class="plots">
<figure>{{.ErrSVG}}<figcaption>Largest fractional error per bin of the input axis ({{$.Bins}} bins); dashed: documented ulp bound, in the colour of its flags.{{range .Legend}}<span class="key" style="background: {{.Color}}"></span>{{.Label}}{{end}}</figcaption></figure>
<figure>{{.Histo}}<figcaption>Number of inputs per error octave.{{range .Legend}}<span class="key" style="background: {{.Color}}"></span>{{.Label}}{{end}}</figcaption></figure>
</div>{{end}}
</section>
{{end}}</body>
</html>
`))
