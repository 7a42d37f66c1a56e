package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const recipes = "../../docs/recipes"

// smallReport are the small inputs appended to the recipes' report
// commands: two cheap functions of generated inputs (2^18 generated inputs:
// 5 blocks, so that each of 4 shards measures some).
var smallReport = []string{"--funcs", "__fadd_rn,x/y", "--generated", "262144"}

// smallVerify returns the arguments appended to the recipes' verify
// commands: one flag set of __fadd_rn (2^24 inputs in the exhaustive tier),
// read from a golden directory that holds only its file (loading every
// golden file would take most of the time).
func smallVerify(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	const name = "default/i_fadd_rn.txt.gz"
	b, err := os.ReadFile(filepath.Join("../../testdata/golden", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "default"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{"--golden", dir, "--flags", "", "__fadd_rn"}
}

// testShards replaces the recipes' shard counts (64, 16).
const testShards = 4

// shellWords splits a command line as the shell would, for the recipes'
// simple lines: words separated by blanks, "double" and 'single' quotes,
// and $VAR or ${VAR} expanded from vars (an unknown variable is an
// error). Words with a * are globbed.
func shellWords(t *testing.T, line string, vars map[string]string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	inWord, glob := false, false
	expand := func(s string, i int) int {
		name, end := "", i+1
		if end < len(s) && s[end] == '{' {
			j := strings.IndexByte(s[end:], '}')
			name, end = s[end+1:end+j], end+j+1
		} else {
			for end < len(s) && (s[end] == '_' || 'A' <= s[end] && s[end] <= 'Z' || 'a' <= s[end] && s[end] <= 'z' || '0' <= s[end] && s[end] <= '9') {
				end++
			}
			name = s[i+1 : end]
		}
		v, ok := vars[name]
		if !ok {
			t.Fatalf("recipe line %q uses $%s, which the test does not set", line, name)
		}
		w.WriteString(v)
		return end
	}
	flush := func() {
		if !inWord {
			return
		}
		word := w.String()
		if glob {
			m, err := filepath.Glob(word)
			if err != nil || len(m) == 0 {
				t.Fatalf("recipe line %q: %s matches no file", line, word)
			}
			words = append(words, m...)
		} else {
			words = append(words, word)
		}
		w.Reset()
		inWord, glob = false, false
	}
	for i := 0; i < len(line); {
		switch c := line[i]; {
		case c == ' ' || c == '\t':
			flush()
			i++
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			w.WriteString(line[i+1 : i+1+j])
			inWord, i = true, i+j+2
		case c == '"':
			inWord = true
			for i++; line[i] != '"'; {
				if line[i] == '$' {
					i = expand(line, i)
				} else {
					w.WriteByte(line[i])
					i++
				}
			}
			i++
		case c == '$':
			inWord, i = true, expand(line, i)
		default:
			if c == '*' {
				glob = true
			}
			w.WriteByte(c)
			inWord = true
			i++
		}
	}
	flush()
	return words
}

// recipeLines returns the cudafp command lines of a recipe file: the lines
// that start with "cudafp" and, in a "| parallel …" line, the command after
// parallel's options.
func recipeLines(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(recipes, name))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, "cudafp "):
			out = append(out, l)
		case strings.Contains(l, "| parallel "):
			_, cmd, ok := strings.Cut(l, " cudafp ")
			if !ok {
				t.Fatalf("%s: %q runs no cudafp command", name, l)
			}
			out = append(out, "cudafp "+cmd)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cudafp command", name)
	}
	return out
}

// runRecipeLine runs one recipe command (its first word, cudafp, dropped)
// in process, with the small inputs appended to report and verify shards.
func runRecipeLine(t *testing.T, line string, vars map[string]string, verifyArgs []string) {
	t.Helper()
	args := shellWords(t, line, vars)[1:]
	switch {
	case args[0] == "report" && args[1] != "merge":
		args = append(args, smallReport...)
	case args[0] == "verify" && args[1] != "merge":
		args = append(args, verifyArgs...)
	}
	if _, stderr, code := runCLI(t, "", args...); code != 0 {
		t.Fatalf("cudafp %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
}

// clearBatchEnv unsets the variables of every scheduler for this test.
func clearBatchEnv(t *testing.T) {
	for _, k := range []string{envSlurmID, envSlurmCount, envSlurmMin, envSlurmStep, envK8sIndex} {
		t.Setenv(k, "")
	}
}

// TestBatchRecipes runs each recipe of docs/recipes end to end with 4
// shards: the shard commands read from the recipe under the variables its
// scheduler sets, then merge.sh's commands, and compares the merged report
// and verification with unsharded runs of the same commands.
func TestBatchRecipes(t *testing.T) {
	wantReport, stderr, code := runCLI(t, "", append([]string{"report", "--exhaustive", "--format", "json"}, smallReport...)...)
	if code != 0 {
		t.Fatalf("unsharded report: exit %d: %s", code, stderr)
	}
	small := smallVerify(t)
	wantVerify, stderr, code := runCLI(t, "", append([]string{"verify", "--exhaustive", "--json"}, small...)...)
	if code != 0 {
		t.Fatalf("unsharded verify: exit %d: %s", code, stderr)
	}
	yaml, err := os.ReadFile(filepath.Join(recipes, "kubernetes-job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		file string
		env  func(t *testing.T, i int) // what the scheduler sets for shard i
		vars map[string]string         // the shell variables the recipe's commands use, but OUT
	}{
		{"slurm", "slurm.sbatch", func(t *testing.T, i int) {
			t.Setenv(envSlurmID, strconv.Itoa(i))
			t.Setenv(envSlurmCount, strconv.Itoa(testShards))
			t.Setenv(envSlurmMin, "0")
			t.Setenv(envSlurmStep, "1")
		}, map[string]string{}},
		{"kubernetes", "kubernetes-job.yaml", func(t *testing.T, i int) {
			t.Setenv(envK8sIndex, strconv.Itoa(i))
		}, map[string]string{"SHARDS": strconv.Itoa(testShards)}},
		{"parallel", "parallel.sh", nil, map[string]string{"SHARDS": strconv.Itoa(testShards)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			clearBatchEnv(t)
			out := t.TempDir()
			c.vars["OUT"] = out
			lines := recipeLines(t, c.file)
			for i := range testShards {
				if c.env != nil {
					c.env(t, i)
				}
				for _, l := range lines {
					if c.env == nil { // parallel: {} is the shard index
						l = strings.ReplaceAll(l, "{}", strconv.Itoa(i))
					}
					runRecipeLine(t, l, c.vars, small)
				}
			}
			for i := range testShards {
				for _, kind := range []string{"report", "verify"} {
					if _, err := os.Stat(filepath.Join(out, kind+".shard-"+strconv.Itoa(i)+"-of-4.json")); err != nil {
						t.Errorf("shard %d wrote no %s result: %v", i, kind, err)
					}
				}
			}
			for _, l := range recipeLines(t, "merge.sh") {
				runRecipeLine(t, l, map[string]string{"OUT": out}, small)
			}
			got, err := os.ReadFile(filepath.Join(out, "report.json"))
			if err != nil {
				t.Fatal(err)
			}
			if dropHeader(string(got)) != dropHeader(wantReport) {
				t.Errorf("the merged report differs from the unsharded one")
			}
			if _, err := os.Stat(filepath.Join(out, "report.html")); err != nil {
				t.Error(err)
			}
			gotV, err := os.ReadFile(filepath.Join(out, "verify.json"))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := verifyJSON(t, string(gotV)), verifyJSON(t, wantVerify); !reflect.DeepEqual(a, b) {
				t.Errorf("the merged verification differs from the unsharded one:\n%v\nwant\n%v", a, b)
			}
		})
	}

	// The manifest's SHARDS is its completions, and the Slurm array's
	// indices are consecutive.
	comp := regexp.MustCompile(`(?m)^\s*completions: (\d+)$`).FindSubmatch(yaml)
	shards := regexp.MustCompile(`(?m)- name: SHARDS\n\s*value: "(\d+)"`).FindSubmatch(yaml)
	if comp == nil || shards == nil || string(comp[1]) != string(shards[1]) || !strings.Contains(string(yaml), "completionMode: Indexed") {
		t.Errorf("kubernetes-job.yaml: completions %q, SHARDS %q: want an Indexed Job with SHARDS = completions", comp, shards)
	}
	sb, _ := os.ReadFile(filepath.Join(recipes, "slurm.sbatch"))
	if !regexp.MustCompile(`(?m)^#SBATCH --array=\d+-\d+$`).Match(sb) {
		t.Errorf("slurm.sbatch: want an array of consecutive indices (#SBATCH --array=A-B)")
	}
}

// verifyJSON decodes verify's JSON without its run time.
func verifyJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("%v: %.200s", err, s)
	}
	delete(m, "seconds")
	return m
}

// TestResolveShard reads the shard from --shard, --shards and the
// schedulers' variables.
func TestResolveShard(t *testing.T) {
	for _, c := range []struct {
		text   string
		shards int
		env    map[string]string
		i, n   int
		msg    string // the error's words; "" for success
	}{
		{"", 0, nil, 0, 0, ""},
		{"2/5", 0, nil, 2, 5, ""},
		{"2/5", 5, nil, 2, 5, ""},
		{"2/5", 4, nil, 0, 0, "disagree"},
		{"", 4, nil, 0, 0, "--shards needs --shard auto"},
		{"auto", 0, map[string]string{envSlurmID: "3", envSlurmCount: "8"}, 3, 8, ""},
		{"auto", 8, map[string]string{envSlurmID: "3", envSlurmCount: "8", envSlurmMin: "0", envSlurmStep: "1"}, 3, 8, ""},
		{"auto", 0, map[string]string{envSlurmID: "8", envSlurmCount: "8", envSlurmMin: "1"}, 7, 8, ""},
		{"auto", 0, map[string]string{envSlurmID: "8", envSlurmCount: "8"}, 0, 0, "not one of 8 consecutive tasks"},
		{"auto", 0, map[string]string{envSlurmID: "4", envSlurmCount: "4", envSlurmStep: "2"}, 0, 0, "step"},
		{"auto", 0, map[string]string{envSlurmID: "1"}, 0, 0, "SLURM_ARRAY_TASK_COUNT is not"},
		{"auto", 4, map[string]string{envSlurmID: "1", envSlurmCount: "8"}, 0, 0, "--shards 4"},
		{"auto", 0, map[string]string{envSlurmID: "x", envSlurmCount: "8"}, 0, 0, "not an index"},
		{"auto", 4, map[string]string{envK8sIndex: "3"}, 3, 4, ""},
		{"auto", 0, map[string]string{envK8sIndex: "3"}, 0, 0, "--shards N"},
		{"auto", 3, map[string]string{envK8sIndex: "3"}, 0, 0, "--shards 3"},
		{"auto", 0, nil, 0, 0, "SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm job array), or JOB_COMPLETION_INDEX with --shards N"},
	} {
		i, n, err := resolveShard(c.text, c.shards, func(k string) string { return c.env[k] })
		var ue usageError
		switch {
		case c.msg == "" && (err != nil || i != c.i || n != c.n):
			t.Errorf("--shard %q --shards %d %v: %d/%d, %v; want %d/%d", c.text, c.shards, c.env, i, n, err, c.i, c.n)
		case c.msg != "" && (err == nil || !strings.Contains(err.Error(), c.msg) || !errorsAs(err, &ue)):
			t.Errorf("--shard %q --shards %d %v: %v; want a usage error with %q", c.text, c.shards, c.env, err, c.msg)
		}
	}
}

// TestShardAutoCLI: --shard auto without a scheduler is a one-line usage
// error naming the variables, for report and verify.
func TestShardAutoCLI(t *testing.T) {
	clearBatchEnv(t)
	for _, args := range [][]string{
		{"report", "--shard", "auto"},
		{"verify", "--exhaustive", "--shard", "auto", "__fadd_rn"},
		{"verify", "--out", t.TempDir(), "__fadd_rn"},
	} {
		stdout, stderr, code := runCLI(t, "", args...)
		want := "JOB_COMPLETION_INDEX"
		if slices.Contains(args, "--out") {
			want = "--out needs --shard"
		}
		if code != 2 || !strings.Contains(stderr, want) || strings.Contains(strings.TrimSpace(stderr), "\n") || stdout != "" {
			t.Errorf("cudafp %s: exit %d, stderr %q; want exit 2 and one line with %q", strings.Join(args, " "), code, stderr, want)
		}
	}
}

// TestMergeRefusals: both merges refuse shards of different commits, runs or
// shard counts, and shards given twice, naming them; missing shards are
// named.
func TestMergeRefusals(t *testing.T) {
	clearBatchEnv(t)
	dir := t.TempDir()
	small := smallVerify(t)
	shard := func(kind, spec string) string {
		args := withArgs("--shard", spec, "--out", dir)
		if kind == "verify" {
			args = append([]string{"verify", "--shard", spec, "--out", dir}, small...)
		}
		if _, stderr, code := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		i, n, _ := strings.Cut(spec, "/")
		return filepath.Join(dir, kind+".shard-"+i+"-of-"+n+".json")
	}
	// copyAs rewrites a shard file into another name, replacing old by new.
	copyAs := func(path, name, old, new string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s has no %q", path, old)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, kind := range []string{"report", "verify"} {
		s0, s1, s2 := shard(kind, "0/3"), shard(kind, "1/3"), shard(kind, "2/3")
		other := shard(kind, "1/2")
		b, _ := os.ReadFile(s1)
		commit := commitOf(func() string {
			var p struct{ Provenance string }
			json.Unmarshal(b, &p)
			return p.Provenance
		}())
		if commit == "" {
			t.Fatalf("%s: no commit in the provenance", s1)
		}
		foreign := copyAs(s1, kind+".foreign.json", "commit "+commit, "commit 0123456789ab")
		var otherRun string
		if kind == "report" {
			otherRun = copyAs(s1, "report.other.json", `"exhaustive": false`, `"exhaustive": true`)
		} else {
			otherRun = copyAs(s1, "verify.other.json", `"tier": "quick"`, `"tier": "exhaustive"`)
		}
		for _, c := range []struct {
			files []string
			code  int
			msg   string
		}{
			{[]string{s0, foreign, s2}, 2, "from commit 0123456789ab"},
			{[]string{s0, other, s2}, 2, "different shard counts"},
			{[]string{s0, otherRun, s2}, 2, "shard of another run"},
			{[]string{s0, s1, s1, s2}, 2, "shard 1 of 3 given twice"},
			{[]string{s0, s2}, map[string]int{"report": 0, "verify": 1}[kind], "shard 1 of 3 is missing"},
			{[]string{s1}, map[string]int{"report": 0, "verify": 1}[kind], "shards 0, 2 of 3 are missing"},
			{[]string{s2, s0, s1}, 0, ""},
		} {
			args := append([]string{kind, "merge"}, c.files...)
			_, stderr, code := runCLI(t, "", args...)
			if code != c.code || !strings.Contains(stderr, c.msg) {
				t.Errorf("cudafp %s merge %v: exit %d, stderr %q; want exit %d and %q", kind, c.files, code, stderr, c.code, c.msg)
			}
		}
	}
}
