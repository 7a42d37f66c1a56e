package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

func newEval() *cobra.Command {
	var flagsText string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "eval [--flags \"NVCC FLAGS\"] [--json] FUNC [ARGS...]",
		Short: "Evaluate a function as the device would",
		Long: `Evaluate FUNC on ARGS as an H100 computes it under the given nvcc flags (default: none).
Options come before FUNC; everything after FUNC is an argument, so negative numbers need no "--".
Arguments are decimals (1.5), hex floats (0x1.8p+00) or bit patterns (0x3fc00000, a double's 16 digits, a
half's 4: 0x3e00); integers are decimals or 0x bit patterns; a half2 or bfloat162 is two lanes "lo,hi"
(1.5,2) or its 32-bit pattern. The result is printed as a decimal, a hex float and its bits (a vector's
lanes joined by a comma, lane 0 first).

With no ARGS, eval reads one input tuple per line from standard input (arguments separated by spaces)
and prints one result line per input: decimal, hex float and bits of each result.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := lookup(args[0])
			if err != nil {
				return err
			}
			fl, err := parseFlags(flagsText)
			if err != nil {
				return err
			}
			k, ok := f.Impl(fl)
			if !ok {
				return usagef("%s is catalogued but not implemented yet", f.Name)
			}
			if len(args) > 1 {
				return evalOne(cmd.OutOrStdout(), f, fl, k, args[1:], asJSON)
			}
			return evalStream(cmd.InOrStdin(), cmd.OutOrStdout(), f, fl, k, asJSON)
		},
	}
	cmd.Flags().StringVar(&flagsText, "flags", "", "nvcc flags, e.g. \"-use_fast_math\" or \"-ftz=true -prec-div=false\"")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	// Options precede FUNC, so that negative arguments (eval i_int2float_rn -3)
	// are read as numbers, not as shorthand flags.
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// evalRecord is the JSON form of one evaluation.
type evalRecord struct {
	Function string    `json:"function"`
	Flags    string    `json:"flags"`
	Args     []spelled `json:"args"`
	Results  []spelled `json:"results"`
}

func parseArgs(f *spec.Func, args []string) (spec.Args, error) {
	var in spec.Args
	if f.Array {
		return parseArray(f, args)
	}
	if len(args) != f.Arity() {
		return in, usagef("%s takes %d argument(s) (%s), got %d", f.Name, f.Arity(), typesString(f), len(args))
	}
	for j, a := range args {
		v, err := parseArg(f.In[j], a)
		if err != nil {
			return in, err
		}
		in[j] = v
	}
	return in, nil
}

// parseArray reads the arguments of an array function (normf, rnormf): the
// count d, then exactly d elements (at most spec.MaxArray).
func parseArray(f *spec.Func, args []string) (spec.Args, error) {
	var in spec.Args
	if len(args) == 0 {
		return in, usagef("%s takes a count and that many elements (%s(dim, a)), got no arguments", f.Name, f.Name)
	}
	v, err := parseArg(f.In[0], args[0])
	if err != nil {
		return in, err
	}
	d := int32(uint32(v))
	switch {
	case d < 0 || d > spec.MaxArray:
		return in, usagef("%s: count %s: the catalog's %s takes 0 to %d elements", f.Name, args[0], f.Name, spec.MaxArray)
	case int(d) != len(args)-1:
		return in, usagef("%s: count %d but %d element(s) follow it", f.Name, d, len(args)-1)
	}
	in[0] = v
	for j, a := range args[1:] {
		if in[1+j], err = parseArg(f.In[1+j], a); err != nil {
			return in, err
		}
	}
	return in, nil
}

func evalOne(w io.Writer, f *spec.Func, fl fp.Flags, k spec.Kernel, args []string, asJSON bool) error {
	in, err := parseArgs(f, args)
	if err != nil {
		return err
	}
	out := k(&in)
	if asJSON {
		rec := evalRecord{Function: f.Name, Flags: fl.String(), Results: results(f, out)}
		for j := range argCount(f, &in) {
			rec.Args = append(rec.Args, spell(f.In[j], in[j]))
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rec)
	}
	for _, r := range results(f, out) {
		if r.Hex != "" {
			fmt.Fprintf(w, "%s %s %s\n", r.Decimal, r.Hex, r.Bits)
		} else {
			fmt.Fprintf(w, "%s %s\n", r.Decimal, r.Bits)
		}
	}
	return nil
}

// evalStream evaluates one tuple per input line. A bad line stops the run
// with a usage error naming the line.
func evalStream(r io.Reader, w io.Writer, f *spec.Func, fl fp.Flags, k spec.Kernel, asJSON bool) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	defer bw.Flush()
	enc := json.NewEncoder(bw)
	_, err := scanTuples(r, f, func(_ int, in spec.Args) error {
		out := k(&in)
		if asJSON {
			rec := evalRecord{Function: f.Name, Flags: fl.String(), Results: results(f, out)}
			for j := range argCount(f, &in) {
				rec.Args = append(rec.Args, spell(f.In[j], in[j]))
			}
			return enc.Encode(rec)
		}
		for i, s := range results(f, out) {
			if i > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(s.Decimal)
			if s.Hex != "" {
				bw.WriteByte(' ')
				bw.WriteString(s.Hex)
			}
			bw.WriteByte(' ')
			bw.WriteString(s.Bits)
		}
		return bw.WriteByte('\n')
	})
	return err
}

// scanTuples reads one input tuple of f per line of r (arguments separated
// by blanks; blank lines skipped) and calls fn with each and its line
// number, streaming. It returns the number of lines read. A bad line is a
// usage error naming it ("stdin:LINE: …").
func scanTuples(r io.Reader, f *spec.Func, fn func(line int, in spec.Args) error) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		in, err := parseArgs(f, fields)
		if err != nil {
			return line, usagef("stdin:%d: %v", line, err)
		}
		if err := fn(line, in); err != nil {
			return line, err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return line, usagef("stdin:%d: line longer than 1 MiB", line+1)
		}
		return line, err
	}
	return line, nil
}

// argCount returns the number of arguments in a tuple of f: its arity, or
// for an array function its count and that many elements.
func argCount(f *spec.Func, in *spec.Args) int {
	if f.Array {
		return 1 + spec.ArrayLen(in)
	}
	return f.Arity()
}
