#!/usr/bin/env bash
# CI: the parallel-search tests (tests/test_mcts_parallel.cpp: one search tree shared by 2-4
# threads) built with ThreadSanitizer in a tree of their own, build-tsan/, and run with a time
# bound. Builds only the test binary of those suites (mists_parallel_tests), not the program.
# The search threads are std::threads, which TSan sees start and join; TBB, whose own
# synchronisation TSan cannot see, is not used by these tests, so no suppressions are needed.
#   scripts/ci-tsan.sh            (BUILD_DIR=dir to build elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build-tsan}
werror=OFF
[[ "${CI:-}" == "true" ]] && werror=ON   # CI treats warnings as errors

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMISTS_WERROR=$werror -DMISTS_PYTHON=OFF \
  -DCMAKE_CXX_FLAGS=-fsanitize=thread -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" >/dev/null
cmake --build "$build" --target mists_parallel_tests --parallel "$(nproc)"

# halt_on_error: the first race fails the run. setarch -R (no address randomisation) where it is
# allowed: GCC 12's TSan fails on kernels with high mmap randomisation ("unexpected memory mapping").
norandom=(setarch "$(uname -m)" -R)
"${norandom[@]}" true 2>/dev/null || norandom=()
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
  timeout 600 "${norandom[@]}" "$build/tests/mists_parallel_tests" --test-suite="mcts parallel,planner parallel"
