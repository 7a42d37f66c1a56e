package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// small is a quick report run: a unary, a binary and a two-result function,
// an integer result and a float-and-integer pair, thinly sampled.
var small = []string{"report", "--funcs", "__expf,x/y,__sincosf,__float2int_rn,frexpf", "--samples", "4096", "--generated", "65536"}

func withArgs(extra ...string) []string { return append(append([]string(nil), small...), extra...) }

// dropHeader removes the provenance line (the first line of md, html and
// csv; the "provenance" field of JSON).
func dropHeader(s string) string {
	var keep []string
	for i, l := range strings.Split(s, "\n") {
		if i == 0 && (strings.HasPrefix(l, "<!-- ") || strings.HasPrefix(l, "# cudafp report")) || strings.HasPrefix(l, `  "provenance": `) {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

func TestReportUsageErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte(`{"schema": "cudafp-report/2", "rows": [{"id": "nosuch"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "truncated.json")
	if err := os.WriteFile(truncated, []byte(`{"schema": "cudafp-report/2", "rows": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"report", "--funcs", "nosuchfunc"}, "unknown function"},
		{[]string{"report", "--flags", "-O3"}, "unknown option"},
		{[]string{"report", "--flags", "-ftz=maybe"}, "true or false"},
		{[]string{"report", "--format", "pdf"}, "--format"},
		{[]string{"report", "--shard", "1"}, "--shard"},
		{[]string{"report", "--shard", "a/b"}, "--shard"},
		{[]string{"report", "--shard", "4/4"}, "--shard"},
		{[]string{"report", "--shard", "-1/4"}, "--shard"},
		{[]string{"report", "--shard", "0/2", "--format", "md"}, "partial JSON"},
		{[]string{"report", "--samples", "1000"}, "power of two"},
		{[]string{"report", "--out", filepath.Join(file, "sub")}, "--out"},
		{[]string{"report", "extra"}, "unknown command"},
		{[]string{"report", "merge"}, "requires at least 1 arg"},
		{[]string{"report", "merge", filepath.Join(dir, "missing.json")}, "no such file"},
		{[]string{"report", "merge", file}, "invalid character"},
		{[]string{"report", "merge", truncated}, "unexpected EOF"},
		{[]string{"report", "merge", garbage}, "unknown function"},
		{[]string{"report", "merge", "--format", "pdf", garbage}, "--format"},
		{[]string{"report", "merge", "--out", filepath.Join(file, "sub"), garbage}, "--out"},
	}
	if name := unimplemented(t); name != "" {
		cases = append(cases, struct {
			args []string
			msg  string
		}{[]string{"report", "--funcs", name}, "not implemented"})
	}
	for _, c := range cases {
		args := append(c.args, "--out", out)
		if slicesContains(c.args, "--out") {
			args = c.args
		}
		stdout, stderr, code := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Contains(strings.TrimSpace(stderr), "\n") {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and one line with %q", strings.Join(c.args, " "), code, stderr, c.msg)
		}
		if stdout != "" {
			t.Errorf("cudafp %s: printed %q", strings.Join(c.args, " "), stdout)
		}
		if ents, _ := os.ReadDir(out); len(ents) != 0 {
			t.Errorf("cudafp %s left files in the output directory: %v", strings.Join(c.args, " "), ents)
		}
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestReportNoPartialFile makes the final rename fail (the report's name is
// taken by a directory): exit 2, and nothing but that directory is left.
func TestReportNoPartialFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "report.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCLI(t, "", withArgs("--out", dir)...)
	if code != 2 || !strings.Contains(stderr, "--out") {
		t.Errorf("exit %d, stderr %q; want 2", code, stderr)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "report.md" || !ents[0].IsDir() {
		t.Errorf("left %v in the output directory", ents)
	}
}

// TestReportDeterministic runs the same report twice in each format: the
// same bytes but the provenance line.
func TestReportDeterministic(t *testing.T) {
	for _, format := range []string{"md", "csv", "json", "html"} {
		a, stderr, code := runCLI(t, "", withArgs("--format", format)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", format, code, stderr)
		}
		b, _, _ := runCLI(t, "", withArgs("--format", format)...)
		if dropHeader(a) != dropHeader(b) {
			t.Errorf("%s: two runs differ beyond the provenance line", format)
		}
		if n := len(strings.Split(a, "\n")) - len(strings.Split(dropHeader(a), "\n")); n != 1 {
			t.Errorf("%s: %d provenance lines, want 1", format, n)
		}
	}
}

// TestReportShardMerge runs a report in three shards, merges them with
// cudafp report merge, and compares with the unsharded run, in JSON and
// Markdown.
func TestReportShardMerge(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 3 {
		_, stderr, code := runCLI(t, "", withArgs("--shard", string(rune('0'+i))+"/3", "--out", dir)...)
		if code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
		}
		files = append(files, filepath.Join(dir, "report.shard-"+string(rune('0'+i))+"-of-3.json"))
	}
	for _, format := range []string{"json", "md"} {
		want, stderr, code := runCLI(t, "", withArgs("--format", format)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		got, stderr, code := runCLI(t, "", append([]string{"report", "merge", "--format", format}, files...)...)
		if code != 0 {
			t.Fatalf("merge: exit %d: %s", code, stderr)
		}
		if dropHeader(got) != dropHeader(want) {
			t.Errorf("%s: merged shards differ from the unsharded report", format)
		}
	}
	// A shard twice, or an incomplete set of shards.
	if _, stderr, code := runCLI(t, "", "report", "merge", files[0], files[1], files[1]); code != 2 || !strings.Contains(stderr, "twice") {
		t.Errorf("merging a shard twice: exit %d, %q", code, stderr)
	}
	if _, stderr, code := runCLI(t, "", "report", "merge", files[0], files[2]); code != 0 || !strings.Contains(stderr, "do not cover") {
		t.Errorf("merging two of three shards: exit %d, %q; want 0 and a warning", code, stderr)
	}
}

// TestReportOut writes report.<format> into --out.
func TestReportOut(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"md", "html"} {
		stdout, stderr, code := runCLI(t, "", withArgs("--format", format, "--out", dir)...)
		if code != 0 || stdout != "" {
			t.Fatalf("%s: exit %d, stdout %q, stderr %s", format, code, stdout, stderr)
		}
		b, err := os.ReadFile(filepath.Join(dir, "report."+format))
		if err != nil || !bytes.HasPrefix(b, []byte("<!-- Code generated by cudafp report")) {
			t.Errorf("%s: %v, %.60q", format, err, b)
		}
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("files in --out: %v, want report.md and report.html", ents)
	}
}
