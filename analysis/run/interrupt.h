// Stopping a study cleanly on SIGINT or SIGTERM. The handler only records the signal; the study
// checks it between games and chunks, keeps every chunk already sealed, plays no new one, and ends
// with the conventional status 128 + the signal (130 for SIGINT, 143 for SIGTERM).
#pragma once

#include <stdexcept>
#include <string>

namespace mists::analysis {

// Added to the signal's number to give the exit status of a command a signal stopped (shells' rule).
inline constexpr int SIGNAL_EXIT_BASE = 128;

// Thrown by a study that a signal stopped once its sealed chunks are safe: the message says how
// many chunks are kept and gives the exact `--resume` command; `status` is 128 + the signal.
struct Interrupted : std::runtime_error {
  int status;
  Interrupted(const std::string& message, int exit_status) : std::runtime_error(message), status(exit_status) {}
};

// While it lives, SIGINT and SIGTERM only record themselves (a second one ends the program at once,
// by the default action); the previous handlers come back when it ends.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// The signal received since the innermost live InterruptGuard was made, or 0.
int interrupt_signal();

// The exception to throw after `kept` sealed units (`unit`: chunks, a ladder's batches) of the run in
// `dir` when `signal` arrived; its message ends with `continue_with`, the call that continues it
// (OptionWords::resume_call: `mists <command> --resume <dir>` on the command line).
Interrupted interrupted(int signal, long long kept, const std::string& dir, const std::string& continue_with,
                        const std::string& unit = "chunk");

// A shell word for a path: as it is when plain, else in single quotes.
std::string shell_word(const std::string& s);

// The command word of a recorded command line ("mists compare --agents ..." gives "compare"), or
// `fallback` when it has none.
std::string command_word(const std::string& command_line, const std::string& fallback);

}  // namespace mists::analysis
