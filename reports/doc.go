// Package reports measures cudafp's functions against correctly rounded
// references and renders the results: the ULP-error report of
// `cudafp report` as Markdown, CSV, JSON and a self-contained HTML page with
// plots (gonum/plot, inline SVG).
//
// Run expands a Config (functions, flag sets, sampled or exhaustive inputs,
// shard, checkpoint directory) into sweeps, one per result of a function
// under one set of effective flags, and measures them block by block with
// package ulp's sweeps, against ulp's references or, for the IEEE operations
// and conversions, against package rounding. The exhaustive sweeps of one
// reference and mode (expf under each flag set, __expf) measure each block
// together, the reference evaluated once for all of them
// (ulp.ExhaustiveShared); each keeps its own result and checkpoint. A probe
// wrapped around the reference checks every input against NVIDIA's
// documented bound (spec.Bound, read under the flags) and keeps the largest
// error per bin of the input axis for the plots (Extra). Results are plain
// data: the shards of a run merge (Merge) into exactly the unsharded report,
// and a report does not depend on the number of cores.
//
// Renderers are deterministic: the same report gives the same bytes, apart
// from the provenance line the caller sets. docs/report.md describes the
// report, docs/json.md its JSON form.
package reports
