// One run of a resumable command, written once for every plan that resumes (the study, the
// tournament, the ladder, the regret run, the value's training games): while a RunLog lives, the
// folder is held (its FolderLock, or the one the caller already holds) and SIGINT and SIGTERM only
// ask the run to stop (InterruptGuard); the run's entry in the "runs" list of the file that keeps the
// plan's provenance is opened when the run starts and closed when it ends, or when a signal stops
// it, with what it played. What a unit is, how it is sealed and read back, and the report stay the
// plan's own.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "analysis/run/interrupt.h"
#include "analysis/run/lock.h"

namespace mists::analysis {

// Closes one run's entry of a provenance's `runs`: `ended` (UTC now), `count_key` (chunks_played,
// games_played, batches_played) = `count`, and with a `signal` that stopped the run, `stopped` =
// "SIGINT" or "SIGTERM".
void end_run(nlohmann::json& entry, const std::string& count_key, long long count, int signal);

class RunLog {
 public:
  // Holds `dir` (creating it) unless `held` is that folder's lock already, and watches the signals.
  // `file` is the plan's file in `dir` (study.json, tournament.json, ...), whose document keeps the
  // runs list at `runs_at` ("/provenance/runs", "/runs").
  RunLog(const std::string& dir, const std::string& file, const std::string& command, const FolderLock* held = nullptr,
         const std::string& runs_at = "/provenance/runs");
  RunLog(const RunLog&) = delete;
  RunLog& operator=(const RunLog&) = delete;

  const std::string& dir() const { return dir_; }
  const std::string& path() const { return path_; }  // dir/file
  // Appends this run's entry to the runs list of `doc` (made when missing): the revision, when it
  // started, `threads` when > 0, the command when there is one; then writes `doc` to the file. `doc`
  // is the caller's and must outlive the log's use of it (save, stop, close).
  void open(nlohmann::json& doc, int threads);
  nlohmann::json& entry();  // this run's entry (for a plan's own fields)
  // Writes the document to the file, atomically (JSON indented by 2, a newline after).
  void save() const;
  // The signal that asks the run to stop, or 0.
  int signal() const { return interrupt_signal(); }
  // Stops the run that `signal` asked to stop: closes the entry (`count_key` = `count`, stopped),
  // saves the file and throws Interrupted, whose message says how many `unit`s are kept in the folder
  // and `continue_with`, the call that goes on.
  [[noreturn]] void stop(int signal, const std::string& count_key, long long count, long long kept, const std::string& continue_with,
                         const char* unit = "chunk");
  // Closes the entry (`count_key` = `count`) and saves the file.
  void close(const std::string& count_key, long long count);

 private:
  std::string dir_, path_, command_;
  nlohmann::json::json_pointer runs_at_;
  std::optional<FolderLock> lock_;
  InterruptGuard guard_;
  nlohmann::json* doc_ = nullptr;
};

}  // namespace mists::analysis
