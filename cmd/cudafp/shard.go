package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/reports"
)

// The variables of the batch systems --shard auto reads (docs/batch.md).
const (
	envSlurmID    = "SLURM_ARRAY_TASK_ID"    // Slurm job array: this task's index
	envSlurmCount = "SLURM_ARRAY_TASK_COUNT" // the number of tasks of the array
	envSlurmMin   = "SLURM_ARRAY_TASK_MIN"   // the array's first index (--array=1-8: 1)
	envSlurmStep  = "SLURM_ARRAY_TASK_STEP"  // the array's step (--array=0-15:2: 2)
	envK8sIndex   = "JOB_COMPLETION_INDEX"   // Kubernetes Indexed Job: this pod's completion index
)

// resolveShard reads --shard (I/N, or auto) and --shards (0: not given)
// and returns the shard index and count; 0, 0 without --shard. With auto,
// the index comes from a Slurm job array (SLURM_ARRAY_TASK_ID less
// SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT tasks) or a Kubernetes
// Indexed Job (JOB_COMPLETION_INDEX, of --shards N completions), read with
// getenv; an error names the variables when none is set.
func resolveShard(text string, shards int, getenv func(string) string) (int, int, error) {
	if shards < 0 || shards > 1<<16 {
		return 0, 0, usagef("--shards %d: want 1 ≤ N ≤ 65536", shards)
	}
	switch text {
	case "":
		if shards != 0 {
			return 0, 0, usagef("--shards needs --shard auto (or --shard I/N)")
		}
		return 0, 0, nil
	case "auto":
	default:
		i, n, err := parseShard(text)
		if err == nil && shards != 0 && shards != n {
			return 0, 0, usagef("--shard %s and --shards %d disagree", text, shards)
		}
		return i, n, err
	}
	atoi := func(name string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil || v < 0 {
			return 0, usagef("--shard auto: %s=%q is not an index", name, getenv(name))
		}
		return v, nil
	}
	if getenv(envSlurmID) != "" {
		id, err := atoi(envSlurmID)
		if err != nil {
			return 0, 0, err
		}
		if getenv(envSlurmCount) == "" {
			return 0, 0, usagef("--shard auto: %s is set but %s is not", envSlurmID, envSlurmCount)
		}
		n, err := atoi(envSlurmCount)
		if err != nil {
			return 0, 0, err
		}
		lo := 0
		if getenv(envSlurmMin) != "" {
			if lo, err = atoi(envSlurmMin); err != nil {
				return 0, 0, err
			}
		}
		if st := strings.TrimSpace(getenv(envSlurmStep)); st != "" && st != "1" {
			return 0, 0, usagef("--shard auto: the job array has step %s=%s; use consecutive indices (--array=0-%d)", envSlurmStep, st, n-1)
		}
		i := id - lo
		if n < 1 || n > 1<<16 || i < 0 || i >= n {
			return 0, 0, usagef("--shard auto: %s=%d (%s=%d) is not one of %d consecutive tasks (%s=%d)", envSlurmID, id, envSlurmMin, lo, n, envSlurmCount, n)
		}
		if shards != 0 && shards != n {
			return 0, 0, usagef("--shard auto: --shards %d, but the job array has %s=%d tasks", shards, envSlurmCount, n)
		}
		return i, n, nil
	}
	if getenv(envK8sIndex) != "" {
		i, err := atoi(envK8sIndex)
		if err != nil {
			return 0, 0, err
		}
		if shards == 0 {
			return 0, 0, usagef("--shard auto: %s=%d is set; give the Job's completions as --shards N", envK8sIndex, i)
		}
		if i >= shards {
			return 0, 0, usagef("--shard auto: %s=%d, but --shards %d", envK8sIndex, i, shards)
		}
		return i, shards, nil
	}
	return 0, 0, usagef("--shard auto: no batch system found: set %s and %s (a Slurm job array), or %s with --shards N (a Kubernetes Indexed Job)", envSlurmID, envSlurmCount, envK8sIndex)
}

// A shardPart is what a merge checks of one partial result.
type shardPart struct {
	path   string
	commit string // from the provenance line
	config string // what must agree between the parts of one run, spelled for an error
	index  int
	count  int // 0 for an unsharded result
}

// commitOf returns the commit of a provenance line ("commit 0123456789ab;
// go1.26.0; …"), "" when it names none.
func commitOf(provenance string) string {
	c, ok := strings.CutPrefix(provenance, "commit ")
	if !ok {
		return ""
	}
	c, _, _ = strings.Cut(c, ";")
	return strings.TrimSpace(c)
}

// checkShards checks that the parts are the shards of one run: the same
// commit, configuration and shard count, no shard twice. It returns the
// numbers of the shards missing.
func checkShards(parts []shardPart) (missing []int, err error) {
	first := parts[0]
	seen := map[int]string{}
	for _, p := range parts {
		switch {
		case p.commit != first.commit:
			return nil, usagef("merge: %s is from commit %s, %s from commit %s: shards of different builds", p.path, p.commit, first.path, first.commit)
		case p.config != first.config:
			return nil, usagef("merge: %s is a shard of another run (%s), %s of %s", p.path, p.config, first.path, first.config)
		case p.count != first.count && (p.count == 0 || first.count == 0):
			return nil, usagef("merge: %s and %s: one is a shard (--shard I/N), the other is not", first.path, p.path)
		case p.count != first.count:
			return nil, usagef("merge: %s is shard %d of %d, %s shard %d of %d: different shard counts", p.path, p.index, p.count, first.path, first.index, first.count)
		}
		if prev, dup := seen[p.index]; dup && p.count > 0 {
			return nil, usagef("merge: shard %d of %d given twice (%s and %s)", p.index, p.count, prev, p.path)
		}
		seen[p.index] = p.path
	}
	for i := range first.count {
		if _, ok := seen[i]; !ok {
			missing = append(missing, i)
		}
	}
	return missing, nil
}

// missingText spells the missing shards: "shards 1, 3 of 4 are missing".
func missingText(missing []int, count int) string {
	s := make([]string, len(missing))
	for i, m := range missing {
		s[i] = strconv.Itoa(m)
	}
	word := "shards"
	verb := "are"
	if len(missing) == 1 {
		word, verb = "shard", "is"
	}
	return fmt.Sprintf("%s %s of %d %s missing", word, strings.Join(s, ", "), count, verb)
}

// reportShard describes a report's partial result for checkShards.
func reportShard(path string, r *reports.Report) shardPart {
	p := shardPart{path: path, commit: commitOf(r.Provenance), config: fmt.Sprintf("flags %q, exhaustive %v", r.Flags, r.Exhaustive)}
	if r.Shard != nil {
		p.index, p.count = r.Shard.Index, r.Shard.Count
	}
	return p
}
