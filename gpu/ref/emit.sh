#!/bin/bash
# Emits the PTX and SASS that nvcc gives each kernel of funcs64.cu and funcs16.cu under the six captured flag
# sets, as ../../shared/reference/ptx holds them for float32. Run on the device machine:
#   bash gpu/ref/emit.sh OUTDIR
# OUTDIR/<file>/<flagset>.ptx and .sass, VERSION, and dropped.txt (kernels that did not compile, with nvcc's error).
set -u
out=${1:?usage: emit.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
{ nvcc --version; nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv; } >"$out/VERSION" 2>&1
declare -A flags=([default]="" [ftz]="-ftz=true" [precdiv0]="-prec-div=false" [precsqrt0]="-prec-sqrt=false" [fmad0]="-fmad=false" [fast]="-use_fast_math")
: >"$out/dropped.txt"
for src in funcs64 funcs16; do
	d="$out/$src"; mkdir -p "$d"
	cp "$here/$src.cu" "$d/$src.cu"
	# Drop the lines nvcc rejects, a few rounds (an error can hide the next).
	for round in 1 2 3 4 5 6; do
		if nvcc -arch=sm_90 -O3 -ptx -o /dev/null "$d/$src.cu" 2>"$d/err.txt"; then break; fi
		lines=$(grep -oE "$src\.cu\(([0-9]+)\): error" "$d/err.txt" | grep -oE '\(([0-9]+)\)' | tr -d '()' | sort -un)
		[ -z "$lines" ] && { cat "$d/err.txt" >>"$out/dropped.txt"; break; }
		for n in $lines; do
			echo "$src.cu:$n: $(grep -m1 "$src\.cu($n): error" "$d/err.txt")" >>"$out/dropped.txt"
			sed -i "${n}s|^|// dropped: |" "$d/$src.cu"
		done
	done
	rm -f "$d/err.txt"
	for fs in "${!flags[@]}"; do
		( nvcc -arch=sm_90 -O3 ${flags[$fs]} -ptx -o "$d/$fs.ptx" "$d/$src.cu" &&
		  nvcc -arch=sm_90 -O3 ${flags[$fs]} -cubin -o "/tmp/$src.$fs.cubin" "$d/$src.cu" &&
		  cuobjdump -sass "/tmp/$src.$fs.cubin" >"$d/$fs.sass" ) 2>>"$out/dropped.txt" &
	done
	wait
done
