#!/usr/bin/env bash
# Plays a study whose agents read another weights file than the shipped configs/value/value.txt:
# the study runs in a scratch folder holding only configs/value/value.txt (a copy of WEIGHTS), so
# `mists` finds the catalogs and levels in the source tree as usual and that file for the learned
# value. The study records the weights' checksum (provenance.value_checksum), which names WEIGHTS.
#   scripts/screen_value.sh WEIGHTS OUT [mists analyze options...]
# e.g. scripts/screen_value.sh results/value-hindsight/value.txt results/value-hindsight/screen \
#        --agents "planner:value=leaf" --levels 4,5 --players 1,4 --games 100 --seed 7 --chunk 25
# MISTS=path/to/mists picks the binary (default build/mists).
set -euo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 WEIGHTS OUT [mists analyze options...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
weights=$(realpath "$1")
out=$(realpath -m "$2")
shift 2
mists=$(realpath "${MISTS:-$here/build/mists}")
[[ -f "$weights" ]] || { echo "$0: $weights: no such weights file" >&2; exit 2; }
scratch=$(mktemp -d "${TMPDIR:-/tmp}/mists-screen.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/configs/value"
cp "$weights" "$scratch/configs/value/value.txt"
cd "$scratch"
"$mists" analyze --out "$out" "$@"
