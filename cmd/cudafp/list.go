package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cudafp/cudafp/internal/spec"
)

// listEntry is one row of cudafp list --json.
type listEntry struct {
	Name        string   `json:"name"`
	ID          string   `json:"id"`
	Go          string   `json:"go"`
	Kind        string   `json:"kind"`
	Types       string   `json:"types"`
	Sensitive   string   `json:"flag_sensitivity"`
	Captured    []string `json:"captured_flag_sets"`
	Implemented bool     `json:"implemented"`
	Bound       string   `json:"documented_bound"`
	BoundSource string   `json:"bound_source"`
}

func newList() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List every catalogued function, its flag sensitivity and whether it is implemented",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return list(cmd.OutOrStdout(), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON (an array of objects)")
	return cmd
}

func typesString(f *spec.Func) string {
	var in, out []string
	for _, t := range f.In {
		in = append(in, t.String())
	}
	for _, t := range f.Out {
		out = append(out, t.String())
	}
	return strings.Join(in, ",") + " -> " + strings.Join(out, ",")
}

func list(w io.Writer, asJSON bool) error {
	var rows []listEntry
	for _, f := range append(slices.Clip(spec.All()), spec.All16()...) {
		var sets []string
		for _, fl := range f.Flags {
			sets = append(sets, fl.Name())
		}
		rows = append(rows, listEntry{
			Name: f.Name, ID: f.ID, Go: f.Go, Kind: f.Kind.String(), Types: typesString(f),
			Sensitive: f.Sens.String(), Captured: sets, Implemented: f.Implemented(),
			Bound: f.Bound.Text, BoundSource: f.Bound.Source,
		})
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FUNCTION\tGO\tKIND\tTYPES\tCHANGED BY\tIMPLEMENTED")
	impl := 0
	for _, r := range rows {
		yes := "no"
		if r.Implemented {
			yes = "yes"
			impl++
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.Name, r.Go, r.Kind, r.Types, r.Sensitive, yes)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d functions, %d implemented\n", len(rows), impl)
	return err
}
