// A study: many games on a list of cells (level x players x ghost budget x agent), played in
// deterministic chunks that are saved as they finish, so a killed run resumes without replaying
// finished games, a run can be split into shards, and the numbers never depend on the thread count.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/study/chunks.h"
#include "analysis/run/lock.h"
#include "analysis/run/stats.h"
#include "analysis/study/study_config.h"

namespace mists::analysis {

struct CellResult {
  CellSpec spec;
  std::vector<GameRow> rows;  // in game order
  long long wins() const;
  Interval ci() const;
};

// The deal seed of a cell's games: it depends on the run seed, the level and the player count
// only, so every agent and every ghost budget of a level and player count plays the same deals.
uint64_t cell_seed(uint64_t run_seed, int level, int players);

// How a run was started and how much it says.
struct RunOptions {
  int verbosity = 0;        // -1 quiet, 0 progress, 1 each cell's result too
  std::string command;      // the command line that started it, recorded in study.json
  std::string config_file;  // the TOML study file it came from, if any (its text is recorded)
  std::function<void(const std::string&)> warn;  // told when the plots could not be drawn
  OptionWords words;        // how messages name the options: flags, or Python's keyword arguments
  // The folder's lock when the caller already holds it (compare holds it over the study and its
  // tables); otherwise run_study and merge_studies take it themselves (analysis/run/lock.h).
  const FolderLock* held = nullptr;
};

// Options of a run that prints nothing (tests, library callers).
inline RunOptions quiet_run() {
  RunOptions r;
  r.verbosity = -1;
  return r;
}

// Runs (or resumes) a study in `dir`: writes study.json first, a file per finished chunk under
// dir/chunks/, then the outputs (analysis/study/outputs.h). A resume takes everything from study.json
// except the thread count, and refuses a study whose catalog or level files changed. The folder is
// locked for the whole run (analysis/run/lock.h): a second run on it throws FolderBusy. Every run is a
// provenance entry (started, then ended and chunks_played; a run stopped by a signal also `stopped`).
std::vector<CellResult> run_study(const StudyConfig& cfg, const std::string& dir, bool resume, const RunOptions& run);

// SIGINT and SIGTERM during run_study: no chunk is started or sealed after the signal (the games
// already running finish, the rest of their chunk is not played), and run_study throws
// analysis::Interrupted (analysis/run/interrupt.h) with the chunks kept and the `--resume` command.

// Reads the finished chunks of `dirs` (the shards of one study) and writes the outputs into `out`,
// which must not be one of them. Refuses shards of different studies, a shard twice, a chunk missing
// or present in two shards with different content, and changed catalog or level files.
std::vector<CellResult> merge_studies(const std::vector<std::string>& dirs, const std::string& out,
                                      const RunOptions& run = {});

// Plays games 0..n-1 of `rules` with deal seed `seed` in parallel (results in game order).
std::vector<GameSummary> play_games(const Rules& rules, const AgentSpec& agent, uint64_t seed, int n);

}  // namespace mists::analysis
