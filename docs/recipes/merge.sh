#!/bin/bash
# Merge the shards' results in $OUT once every shard has finished (docs/batch.md): the report as JSON and
# HTML, then the verification, whose exit status is the verdict (1 on a mismatch or a missing shard).
# Under Slurm: sbatch --dependency=afterok:<array job id> docs/recipes/merge.sh
#SBATCH --job-name=cudafp-merge
#SBATCH --output=cudafp-merge-%j.log
set -euo pipefail
cd "${CUDAFP_SRC:-${SLURM_SUBMIT_DIR:-$PWD}}"
OUT=${CUDAFP_OUT:-$PWD/cudafp-results}
cudafp report merge --format json --out "$OUT" "$OUT"/report.shard-*-of-*.json
cudafp report merge --format html --out "$OUT" "$OUT"/report.shard-*-of-*.json
cudafp verify merge --out "$OUT" "$OUT"/verify.shard-*-of-*.json
