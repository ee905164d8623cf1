#!/usr/bin/env bash
# Fuzzes the parsers with the libFuzzer harnesses of tests/fuzz (AddressSanitizer + UBSan): installs
# clang and libFuzzer if missing, configures and builds build-fuzz (clang, MISTS_FUZZ=ON), then runs
# each harness for a bounded time on a copy of its seed corpus. Fails on any crash, sanitizer
# report, uncaught exception, harness oracle, leak, timeout or out-of-memory, printing the
# reproducer. See tests/fuzz/README.md.
#   scripts/fuzz.sh                        every harness (5), 60 s each, as many at once as there are cores
#   FUZZ_PARALLEL=1 scripts/fuzz.sh        one harness at a time
#   FUZZ_SECONDS=600 scripts/fuzz.sh       longer
#   FUZZ_HARNESSES="fuzz_record" scripts/fuzz.sh
#   FUZZ_REGRESSIONS=1 scripts/fuzz.sh     replay tests/fuzz/regressions/<harness>/* first and fail if
#                                          any still fails; every finding counts
# Without FUZZ_REGRESSIONS=1 the files in tests/fuzz/regressions/ are known findings, not checks:
# a crash with the same signature as one of them (sanitizer report location, oracle tag, or
# exception type and throw site) is reported as known and fuzzing goes on; only new ones fail.
# Reproduce one:  build-fuzz/tests/fuzz/<harness> FILE
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

seconds=${FUZZ_SECONDS:-60}
harnesses=${FUZZ_HARNESSES:-"fuzz_catalog fuzz_level fuzz_record fuzz_study fuzz_study_toml"}
regressions=${FUZZ_REGRESSIONS:-0}
build=${FUZZ_BUILD_DIR:-build-fuzz}
jobs=${FUZZ_BUILD_JOBS:-$(nproc)}
max_restarts=${FUZZ_MAX_RESTARTS:-300}   # known findings hit again before a harness gives up

# ---- clang and libFuzzer -------------------------------------------------------------------------
have_libfuzzer() {
  command -v clang++ >/dev/null 2>&1 || return 1
  local dir
  dir=$(mktemp -d)
  printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' \
    >"$dir/t.cpp"
  clang++ -fsanitize=fuzzer,address,undefined "$dir/t.cpp" -o "$dir/t" >/dev/null 2>&1
  local ok=$?
  rm -rf "$dir"
  return $ok
}
if ! have_libfuzzer || ! command -v llvm-symbolizer >/dev/null 2>&1; then
  echo "fuzz: installing clang, libFuzzer (libclang-rt-dev) and llvm-symbolizer (llvm)"
  SUDO=""
  [[ $(id -u) -eq 0 ]] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clang libclang-rt-dev llvm >/dev/null
  have_libfuzzer || { echo "fuzz: clang++ -fsanitize=fuzzer still does not link (libclang-rt-<version>-dev?)" >&2; exit 2; }
fi

# ---- build -------------------------------------------------------------------------------------------
echo "== fuzz: building $build (clang, MISTS_FUZZ=ON, ASan + UBSan)"
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DMISTS_FUZZ=ON -DMISTS_CHECK_EVERY_STEP=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
nice cmake --build "$build" --target fuzz --parallel "$jobs"

export ASAN_OPTIONS=${ASAN_OPTIONS:-symbolize=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
command -v llvm-symbolizer >/dev/null 2>&1 && export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-$(command -v llvm-symbolizer)}
# The study harnesses write a study folder per input: on tmpfs they run several times faster. A
# harness that crashes leaves its folder behind: all go with this one at exit.
scratch_parent=${TMPDIR:-/tmp}
[[ -d /dev/shm && -w /dev/shm ]] && scratch_parent=/dev/shm
TMPDIR=$(mktemp -d "$scratch_parent/mists-fuzz.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

# ---- signatures ---------------------------------------------------------------------------------------
# One line naming a failure in a libFuzzer log, stable across runs: the oracle tag, the sanitizer
# report's source line, or the kind and the first stack frame in the project's sources.
first_frame() {
  grep -E '^ *#[0-9]+ 0x[0-9a-f]+ in ' "$1" | grep -vE "$root/tests/fuzz/" | grep -oE "$root/[^ :]+:[0-9]+" | head -1 |
    sed "s|^$root/||"
}
# file:line:column of a sanitizer SUMMARY line, relative to the source tree; outside it (a library
# header), followed by the file of the first frame in the tree (one finding per caller file).
summary_place() {
  local place
  place=$(echo "$1" | grep -oE "/[^ :]+:[0-9]+(:[0-9]+)?" | head -1)
  if [[ $place == "$root/"* ]]; then echo "${place#"$root/"}"; else echo "$place via $(first_frame "$2" | cut -d: -f1)"; fi
}
signature() {
  local log=$1 line
  if line=$(grep -m1 -oE 'FUZZ-ORACLE: [^:]+' "$log"); then
    echo "oracle ${line#FUZZ-ORACLE: }"
  elif line=$(grep -m1 -E '^SUMMARY: UndefinedBehaviorSanitizer' "$log"); then
    echo "ubsan at $(summary_place "$line" "$log")"
  elif line=$(grep -m1 -E '^SUMMARY: AddressSanitizer' "$log"); then
    echo "asan $(echo "$line" | awk '{print $3}') at $(summary_place "$line" "$log")"
  elif grep -q 'ERROR: LeakSanitizer' "$log"; then
    echo "leak at $(first_frame "$log")"
  elif line=$(grep -m1 -oE "terminate called after throwing an instance of '[^']+'" "$log"); then
    echo "uncaught ${line#terminate called after throwing an instance of } at $(first_frame "$log")"
  elif grep -q 'ERROR: libFuzzer: timeout' "$log"; then
    echo "timeout at $(first_frame "$log")"
  elif grep -qE 'ERROR: libFuzzer: (out-of-memory|malloc)' "$log"; then
    echo "out-of-memory at $(first_frame "$log")"
  elif grep -q 'ERROR: libFuzzer: deadly signal' "$log"; then
    echo "signal at $(first_frame "$log")"
  else
    echo "unknown failure"
  fi
}

# ---- runs --------------------------------------------------------------------------------------------
# fuzz_harness H: the regressions, then the fuzzing session(s) of one harness, in $build/fuzz-runs/H.
# Writes its summary lines to H/summary.txt and exits 1 on a failure. The harnesses run
# $FUZZ_PARALLEL at a time (default: the cores), each on a core, each for its full time.
fuzz_harness() {
  local h=$1
  local bin="$build/tests/fuzz/$h"
  local work="$build/fuzz-runs/$h"
  rm -rf "$work"
  mkdir -p "$work/corpus" "$work/artifacts" "$work/logs"
  cp tests/fuzz/corpus/"$h"/* "$work/corpus/"
  dict=()
  [[ -f tests/fuzz/dict/$h.dict ]] && dict=(-dict="tests/fuzz/dict/$h.dict")
  opts=(-timeout=10 -rss_limit_mb=2048 "${dict[@]}")

  # Regressions: checks with FUZZ_REGRESSIONS=1, else the signatures of known findings.
  local -A known=()
  local new=() f log sig deadline runs known_hits before left artifact stats failing n dict opts
  shopt -s nullglob
  for f in tests/fuzz/regressions/"$h"/*; do
    [[ $f == *.md ]] && continue
    log="$work/logs/regression-$(basename "$f").log"
    if "$bin" "${opts[@]}" "$f" >"$log" 2>&1; then
      if [[ $regressions == 1 ]]; then echo "fuzz: $h: regression $f passes"
      else echo "fuzz: $h: known finding $f no longer fails: fixed? (FUZZ_REGRESSIONS=1 makes the regressions checks)"; fi
      continue
    fi
    sig=$(signature "$log")
    if [[ $regressions == 1 ]]; then
      echo "fuzz: $h: REGRESSION FAILS: $f: $sig (log $log)"
      new+=("$f  [$sig]")
    else
      known["$sig"]=$f
    fi
  done
  shopt -u nullglob
  ((${#known[@]})) && echo "fuzz: $h: ${#known[@]} known finding(s) excluded (tests/fuzz/regressions/$h; FUZZ_REGRESSIONS=1 to check them)"

  echo "== fuzz: $h for ${seconds}s"
  deadline=$((SECONDS + seconds))
  runs=0 known_hits=0
  while ((SECONDS < deadline)); do
    runs=$((runs + 1))
    log="$work/logs/run-$runs.log"
    before=$(ls "$work/artifacts" | sort)
    left=$((deadline - SECONDS))
    ((left >= 1)) || left=1   # 0 would mean no limit
    if "$bin" "${opts[@]}" -max_total_time=$left -print_final_stats=1 \
        -artifact_prefix="$work/artifacts/" "$work/corpus" >"$log" 2>&1; then
      break
    fi
    artifact=$(comm -13 <(echo "$before") <(ls "$work/artifacts" | sort) | head -1)
    sig=$(signature "$log")
    if [[ -z $artifact ]]; then
      echo "fuzz: $h: the fuzzer failed without a reproducer: $sig (log $log)"
      new+=("(no reproducer, log $log)  [$sig]")
      break
    fi
    if [[ $regressions != 1 && -n ${known["$sig"]:-} ]]; then
      known_hits=$((known_hits + 1))
      echo "fuzz: $h: known finding again ($sig, as ${known["$sig"]}): $work/artifacts/$artifact"
      if ((known_hits >= max_restarts)); then echo "fuzz: $h: $known_hits known hits, stopping early"; break; fi
      continue
    fi
    echo "fuzz: $h: NEW FINDING: $sig"
    echo "fuzz: $h:   reproducer: $work/artifacts/$artifact"
    echo "fuzz: $h:   log:        $log"
    echo "fuzz: $h:   replay:     $bin $work/artifacts/$artifact"
    grep -m12 -E 'FUZZ-ORACLE|runtime error|ERROR: |SUMMARY|terminate called|what\(\)|^ +#[0-9]+ .* in .*('"$root"'/(engine|cli|solver|tests/fuzz))' \
      "$log" | sed 's/^/    /' || true
    new+=("$work/artifacts/$artifact  [$sig]")
    break
  done
  stats=$(grep -hE '^stat::number_of_executed_units' "$work"/logs/run-*.log 2>/dev/null | awk '{n += $2} END {print n + 0}')
  if [[ $regressions == 1 ]]; then failing="failures (regressions and findings) ${#new[@]}"; else failing="new findings ${#new[@]}"; fi
  {
    echo "$h: $stats runs in $runs session(s), known findings hit $known_hits time(s), $failing"
    for n in "${new[@]}"; do echo "  $h: $n"; done
  } >"$work/summary.txt"
  ((${#new[@]} == 0))
}

parallel=${FUZZ_PARALLEL:-$(nproc)}
failed=0
pids=() names=()
# finish_one I: waits for the I-th harness, prints its output, notes a failure.
finish_one() {
  local i=$1
  wait "${pids[$i]}" || failed=1
  cat "$build/fuzz-runs/${names[$i]}.out"
}
mkdir -p "$build/fuzz-runs"
next_done=0
for h in $harnesses; do
  if ((${#pids[@]} - next_done >= parallel)); then finish_one $next_done; next_done=$((next_done + 1)); fi
  fuzz_harness "$h" >"$build/fuzz-runs/$h.out" 2>&1 &
  pids+=($!) names+=("$h")
done
while ((next_done < ${#pids[@]})); do finish_one $next_done; next_done=$((next_done + 1)); done

echo "== fuzz: summary"
for h in $harnesses; do cat "$build/fuzz-runs/$h/summary.txt" 2>/dev/null || echo "$h: no summary (the harness's run stopped early)"; done
if ((failed)); then
  echo "fuzz: FAILED: keep each new reproducer under tests/fuzz/regressions/<harness>/ once understood"
  exit 1
fi
echo "fuzz: ok"
