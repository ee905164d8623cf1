// A batch of independent games, one game a task, on the threads the caller's limit allows.
#pragma once

#include <exception>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

namespace mists {

// Runs body(0), ..., body(n - 1), each index once, on the threads that tbb::global_control's
// max_allowed_parallelism allows here. With more than one, TBB's pool takes one index a task
// (games differ a lot in length). With one, the loop runs on a thread of its own while the caller
// waits: a lone thread then plays as a pool's worker does (its own allocator arena, its thread-local
// buffers placed like a worker's) and not on the program's main thread, whose heap is the one every
// file, table and report of the run has grown. An exception of body reaches the caller either way.
template <class Body>
void for_each_game(int n, const Body& body) {
  if (n <= 0) return;
  if (tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) > 1) {
    tbb::parallel_for(0, n, [&](int i) { body(i); }, tbb::simple_partitioner());
    return;
  }
  std::exception_ptr failed;
  std::thread lone([&] {
    try {
      for (int i = 0; i < n; ++i) body(i);
    } catch (...) {
      failed = std::current_exception();
    }
  });
  lone.join();
  if (failed) std::rethrow_exception(failed);
}

}  // namespace mists
