// One run at a time in a study folder. Every command that writes a folder it may later resume
// (analyze, compare, merge's --out, balance, versus, train's --work) holds the folder's lock while it
// runs: an flock(2) on DIR/.lock, which the kernel releases when the process ends however it ends
// (a kill -9 included), so a lock never outlives its run. The file holds who took it (process id,
// host, start time, command); a second run finds the lock held, reads that, and refuses to start.
#pragma once

#include <string>

#include "analysis/run/error.h"

namespace mists::analysis {

// A run refused because another holds the folder; the message names the holder (process id, host,
// since when, its command) and the lock file. Commands exit 1 on it (README, "Exit status").
struct FolderBusy : AnalysisError {
  using AnalysisError::AnalysisError;
};

// The lock of one folder, held from construction to destruction.
class FolderLock {
 public:
  // Creates `dir` when it is missing (and removes it again at the end if it is still empty: a run
  // refused before it wrote anything leaves no folder behind), then takes the lock without waiting;
  // throws FolderBusy when another run holds it. `command` is recorded for whoever finds it held.
  FolderLock(const std::string& dir, const std::string& command);
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  const std::string& dir() const { return dir_; }
  // The lock file's path for `dir` (DIR/.lock).
  static std::string path_of(const std::string& dir);

 private:
  std::string dir_, path_;
  int fd_ = -1;
  bool created_dir_ = false;
};

}  // namespace mists::analysis
