package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/cobra"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/reports"
)

// verifyShardSchema names the partial result of cudafp verify --shard
// (docs/json.md).
const verifyShardSchema = "cudafp-verify-shard/1"

// verifyShard is the partial result of one shard of cudafp verify.
type verifyShard struct {
	Schema     string            `json:"schema"`
	Provenance string            `json:"provenance"`
	Shard      reports.ShardInfo `json:"shard"`
	Funcs      []string          `json:"funcs"`     // the FUNCs asked for, catalog IDs, sorted; empty: all
	FlagSets   []string          `json:"flag_sets"` // the --flags asked for, flag set names, sorted; empty: all
	Report     verifyReport      `json:"report"`    // the shard's checks, as verify --json prints them
}

// verifyShardFlags are verify's --shard, --shards and --out.
type verifyShardFlags struct {
	text  string
	count int
	out   string
}

func (sh *verifyShardFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&sh.text, "shard", "", "check only shard I of N (0 ≤ I < N) and write a partial JSON result; auto: I and N from Slurm or Kubernetes")
	f.IntVar(&sh.count, "shards", 0, "the shard count N for --shard auto under a Kubernetes Indexed Job (its completions)")
	f.StringVar(&sh.out, "out", "", "with --shard: write DIR/verify.shard-I-of-N.json instead of printing")
}

// resolve returns the shard asked for (0, 0: none).
func (sh *verifyShardFlags) resolve() (int, int, error) {
	i, n, err := resolveShard(sh.text, sh.count, os.Getenv)
	if err != nil {
		return 0, 0, err
	}
	if sh.out != "" {
		if n == 0 {
			return 0, 0, usagef("--out needs --shard: verify prints its report")
		}
		if err := checkOutDir(sh.out); err != nil {
			return 0, 0, err
		}
	}
	return i, n, nil
}

// writeVerifyShard writes the partial result of shard i of n, to
// dir/verify.shard-I-of-N.json (through a temporary file and a rename) or
// to standard output.
func writeVerifyShard(cmd *cobra.Command, rep *verifyReport, i, n int, funcs, sets map[string]bool, dir string) error {
	doc := verifyShard{Schema: verifyShardSchema, Provenance: provenance(), Shard: reports.ShardInfo{Index: i, Count: n},
		Funcs: sortedKeys(funcs), FlagSets: sortedKeys(sets), Report: *rep}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if dir == "" {
		_, err = cmd.OutOrStdout().Write(b)
		return err
	}
	name := filepath.Join(dir, fmt.Sprintf("verify.shard-%d-of-%d.json", i, n))
	if err := reports.WriteFileAtomic(name, b); err != nil {
		return usagef("--out %s: %v", dir, err)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s (%d files, %d mismatching)\n", name, rep.Checked+rep.NotImplemented, rep.Mismatching)
	return nil
}

func sortedKeys(m map[string]bool) []string {
	out := []string{}
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func newVerifyMerge() *cobra.Command {
	var (
		asJSON bool
		outDir string
	)
	cmd := &cobra.Command{
		Use:   "merge [--json] [--out DIR] SHARD.json...",
		Short: "Merge the partial results of 'cudafp verify --shard' and give the verdict",
		Long: `Merge the JSON results of the shards of one verify run (cudafp verify --shard I/N ...) and print the whole
verification as verify does (--json: its JSON). With --out DIR the JSON goes to DIR/verify.json and the table to
standard output. Results of different commits, tiers, functions, flag sets or shard counts, or two results of
the same shard, are refused (exit 2). Exit status 0 when every shard is there and everything is bit-exact, 1 on a
mismatch or a missing shard (named).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if outDir != "" {
				if err := checkOutDir(outDir); err != nil {
					return err
				}
			}
			var docs []*verifyShard
			var meta []shardPart
			for _, path := range args {
				d, err := readVerifyShard(path)
				if err != nil {
					return err
				}
				docs = append(docs, d)
				meta = append(meta, shardPart{path: path, commit: commitOf(d.Provenance), index: d.Shard.Index, count: d.Shard.Count,
					config: fmt.Sprintf("tier %s, functions %q, flag sets %q", d.Report.Tier, d.Funcs, d.FlagSets)})
			}
			missing, err := checkShards(meta)
			if err != nil {
				return err
			}
			rep, err := mergeVerify(docs)
			if err != nil {
				return usagef("merge: %v", err)
			}
			w := cmd.OutOrStdout()
			if outDir != "" {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					return err
				}
				if err := reports.WriteFileAtomic(filepath.Join(outDir, "verify.json"), buf.Bytes()); err != nil {
					return usagef("--out %s: %v", outDir, err)
				}
			}
			if asJSON && outDir == "" {
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					return err
				}
			} else if err := printVerify(w, rep); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "merged %d %s of commit %s\n", len(docs), map[bool]string{true: "shard", false: "shards"}[len(docs) == 1], meta[0].commit)
			if len(missing) > 0 {
				return fmt.Errorf("incomplete verification: %s", missingText(missing, meta[0].count))
			}
			if rep.Mismatching > 0 {
				return errMismatch
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON report (schema: docs/json.md)")
	cmd.Flags().StringVar(&outDir, "out", "", "write DIR/verify.json and print the table")
	return cmd
}

func readVerifyShard(path string) (*verifyShard, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError{err}
	}
	var d verifyShard
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	if d.Schema != verifyShardSchema {
		return nil, usagef("%s: schema %q, want %q (a file of cudafp verify --shard)", path, d.Schema, verifyShardSchema)
	}
	if d.Shard.Count < 1 || d.Shard.Index < 0 || d.Shard.Index >= d.Shard.Count {
		return nil, usagef("%s: shard %d of %d", path, d.Shard.Index, d.Shard.Count)
	}
	for i := range d.Report.Results {
		r := &d.Report.Results[i]
		f, ok := spec.Lookup(r.ID)
		if !ok {
			f, ok = spec.Lookup16(r.ID)
		}
		if !ok {
			return nil, usagef("%s: unknown function %q", path, r.ID)
		}
		r.Func = f
	}
	return &d, nil
}

// mergeVerify sums the shards' checks file by file: the unsharded
// verification of the shards present.
func mergeVerify(docs []*verifyShard) (*verifyReport, error) {
	first := &docs[0].Report
	rep := &verifyReport{Tier: first.Tier, Golden: first.Golden, Results: slices.Clone(first.Results)}
	for i := range rep.Results {
		r := &rep.Results[i]
		r.BadSpans, r.First = slices.Clone(r.BadSpans), slices.Clone(r.First)
	}
	for k, d := range docs {
		rep.Seconds += d.Report.Seconds
		if len(d.Report.Results) != len(rep.Results) {
			return nil, fmt.Errorf("%d results in part %d, %d in part 1", len(d.Report.Results), k+1, len(rep.Results))
		}
		if k == 0 {
			continue
		}
		for i, r := range d.Report.Results {
			m := &rep.Results[i]
			if r.ID != m.ID || r.FlagSet != m.FlagSet || r.Implemented != m.Implemented {
				return nil, fmt.Errorf("part %d, result %d: %s %s, want %s %s", k+1, i, r.ID, r.FlagSet, m.ID, m.FlagSet)
			}
			m.Inputs += r.Inputs
			m.Mismatches += r.Mismatches
			m.HashesChecked += r.HashesChecked
			m.ExplicitInputs += r.ExplicitInputs
			m.BadSpans = append(m.BadSpans, r.BadSpans...)
			m.First = append(m.First, r.First...)
		}
	}
	for i := range rep.Results {
		r := &rep.Results[i]
		slices.SortFunc(r.BadSpans, func(a, b golden.Span) int { return cmp.Compare(a.First, b.First) })
	}
	rep.tally()
	return rep, nil
}
