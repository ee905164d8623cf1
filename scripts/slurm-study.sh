#!/usr/bin/env bash
# Runs a mists study on a Slurm cluster: a job array with one shard per task, then a job that
# merges the shards once every task has succeeded (afterok).
#
#   scripts/slurm-study.sh [--wait] [SBATCH_OPTION...] MISTS OUT N [ANALYZE_ARG...]
#
#   MISTS            the mists binary (on a file system every node sees)
#   OUT              the study folder (must not exist): the merged study lands here, shard K in
#                    OUT/shards/K, the generated batch scripts and job logs in OUT/slurm/
#   N                the number of shards (array tasks)
#   ANALYZE_ARG      passed to every `mists analyze` (the same study options for all shards;
#                    not --out, --shard or --precision)
#   SBATCH_OPTION    any option in the form --name=value, given to both sbatch calls, e.g.
#                    --partition=short --account=proj --time=01:00:00 --cpus-per-task=8
#   --wait           block until the merge job ends; exit non-zero if it did not complete
#
# Each task plays with --threads $SLURM_CPUS_PER_TASK (1 when not set) unless ANALYZE_ARG has
# --threads. Jobs run in the current directory, where mists finds configs/ by default.
# Prints "array job ID" and "merge job ID".
set -euo pipefail

wait=0
sbatch_opts=()
while (($#)) && [[ $1 == -* ]]; do
  case $1 in
    --wait) wait=1 ;;
    --*=*) sbatch_opts+=("$1") ;;
    *) echo "slurm-study: sbatch options must be written --name=value: $1" >&2; exit 2 ;;
  esac
  shift
done
if (($# < 3)); then
  echo "usage: $0 [--wait] [SBATCH_OPTION...] MISTS OUT N [ANALYZE_ARG...]" >&2
  exit 2
fi
mists=$(realpath "$1") out=$(realpath -m "$2") n=$3
shift 3
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "slurm-study: N must be a positive integer: $n" >&2; exit 2; }
[[ -x $mists ]] || { echo "slurm-study: not an executable: $mists" >&2; exit 2; }
[[ ! -e $out ]] || { echo "slurm-study: $out already exists" >&2; exit 2; }

# shellcheck disable=SC2016  # expanded in the job, not here
threads=(--threads '"${SLURM_CPUS_PER_TASK:-1}"')
for a in "$@"; do [[ $a == --threads* ]] && threads=(); done

mkdir -p "$out/shards" "$out/slurm"
shard_dirs=()
for ((k = 1; k <= n; k++)); do shard_dirs+=("$out/shards/$k"); done

# The two batch scripts, kept in OUT/slurm/ to show what ran.
cat >"$out/slurm/shard.sh" <<EOF
#!/bin/bash
set -euo pipefail
exec $(printf '%q ' "$mists" analyze "$@") ${threads[*]} \\
  --shard "\$SLURM_ARRAY_TASK_ID/$n" --out $(printf '%q' "$out/shards")/"\$SLURM_ARRAY_TASK_ID"
EOF
cat >"$out/slurm/merge.sh" <<EOF
#!/bin/bash
set -euo pipefail
exec $(printf '%q ' "$mists" merge "${shard_dirs[@]}") --out $(printf '%q' "$out")
EOF

common=(--parsable --chdir="$PWD" "${sbatch_opts[@]}")
array_id=$(sbatch "${common[@]}" --job-name=mists-shard --array="1-$n" \
  --output="$out/slurm/shard-%a.log" "$out/slurm/shard.sh")
array_id=${array_id%%;*}   # "id;cluster" on a multi-cluster setup
echo "array job $array_id"
merge_id=$(sbatch "${common[@]}" --job-name=mists-merge --dependency="afterok:$array_id" \
  --kill-on-invalid-dep=yes --output="$out/slurm/merge.log" "$out/slurm/merge.sh")
merge_id=${merge_id%%;*}
echo "merge job $merge_id"
((wait)) || exit 0

# Poll the controller (it keeps finished jobs for MinJobAge, 300 s by default), every 2 s at
# first, then less often, up to every 30 s. Five failed queries in a row give up.
state() { squeue --noheader --states=all --jobs="$1" --format=%T 2>/dev/null || true; }
poll=2 misses=0
while :; do
  final=$(state "$merge_id")
  case $final in
    PENDING | CONFIGURING | RUNNING | COMPLETING | SUSPENDED) misses=0 ;;
    "") ((++misses < 5)) || break ;;
    *) break ;;
  esac
  sleep "$poll"
  poll=$((poll < 30 ? poll + 2 : 30))
done
if [[ $final == COMPLETED ]]; then
  echo "study merged: $out"
  exit 0
fi
echo "slurm-study: merge job $merge_id ended ${final:-unknown (purged?)}; array tasks:" >&2
squeue --noheader --states=all --jobs="$array_id" --format='  task %K %T' >&2 || true
echo "logs: $out/slurm/" >&2
exit 1
