#!/usr/bin/env bash
# Packs the output of gpu/kernels/capture.sh (run on the GPU machine) into
# the committed layout of testdata/kernels/device:
#
#   gpu/kernels/pack.sh CAPTUREDIR testdata/kernels/device
#
#   VERSION                     capture.sh's provenance, as captured
#   FLAGSET/SOURCE.ptx.xz       nvcc -ptx, as captured
#   FLAGSET/SOURCE.sass.xz      cuobjdump -sass of the cubin, as captured
#   FLAGSET/determinism.txt     whether the two device runs of each case agreed
#   FLAGSET/outputs.txt         "CASE argN SHA256" for every buffer argument
#                               after the launch, in case and argument order
#   blobs/SHA256.npy.gz         each distinct output file once (gzip -9 -n),
#                               named by the SHA-256 of the .npy itself
#
# The cubins are not kept: the SASS listing is read from them, and the
# emulator runs the PTX. Packing is deterministic: packing the same capture
# twice gives the same bytes.
set -euo pipefail
src=${1:?usage: pack.sh CAPTUREDIR OUTDIR}
out=${2:?usage: pack.sh CAPTUREDIR OUTDIR}
src=$(cd "$src" && pwd)
mkdir -p "$out/blobs"
out=$(cd "$out" && pwd)
cp "$src/VERSION" "$out/VERSION"
for dir in "$src"/*/; do
  fs=$(basename "$dir")
  [ -f "$dir/determinism.txt" ] || continue
  mkdir -p "$out/$fs"
  cp "$dir"/*.ptx.xz "$dir"/*.sass.xz "$dir/determinism.txt" "$out/$fs/"
  : >"$out/$fs/outputs.txt"
  for c in $(cd "$dir" && ls -d */ | tr -d / | LC_ALL=C sort); do
    for f in $(cd "$dir/$c" && ls arg*.npy | LC_ALL=C sort -V); do
      h=$(sha256sum "$dir/$c/$f" | cut -c1-64)
      [ -f "$out/blobs/$h.npy.gz" ] || gzip -9 -n -c "$dir/$c/$f" >"$out/blobs/$h.npy.gz"
      echo "$c ${f%.npy} $h" >>"$out/$fs/outputs.txt"
    done
  done
done
(cd "$out" && find . -type f ! -name SHA256SUMS | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
echo "pack.sh: $(ls "$out/blobs" | wc -l) distinct outputs, $(du -sh "$out" | cut -f1) under $out"
