// A study: many games on a list of cells (level x players x ghost budget x agent), played in
// deterministic chunks that are saved as they finish, so a killed run resumes without replaying
// finished games, a run can be split into shards, and the numbers never depend on the thread count.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/common.h"
#include "cli/registry.h"
#include "cli/stats.h"

namespace mists::cli {

struct CellSpec {
  int level = 1;
  int players = 2;
  int ghosts = 15;        // ghost total of the cell
  int ghost_delta = 0;    // ghosts minus the level's official total
  std::string agent = "expert";
  int games = 2000;       // games to play (at most, with a precision target)
  std::string id() const; // "L3-P2-G15-expert"
};

struct StudyConfig {
  GameOptions game;               // catalog, level files, overrides (except ghosts), switches
  std::vector<CellSpec> cells;
  MctsConfig mcts;                // for the mcts and clairvoyant agents
  uint64_t seed = 1;
  double precision = 0;           // > 0: stop a cell when its 95% half-width is below this
  int min_games = 200;            // with a precision target, never stop before this many games
  int chunk = 100;                // games per saved chunk
  int threads = 0;                // 0 = all cores
  int shard = 1, shards = 1;      // this run plays chunks k with k % shards == shard - 1
  std::string title = "custom study";

  nlohmann::json to_json() const;
  static StudyConfig from_json(const nlohmann::json& j, const std::string& where);
};

// One finished game of a cell.
struct GameRow {
  int game = 0;
  GameSummary s;
};

struct CellResult {
  CellSpec spec;
  std::vector<GameRow> rows;  // in game order
  long long wins() const;
  Interval ci() const;
};

// The deal seed of a cell's games: it depends on the run seed, the level and the player count
// only, so every agent and every ghost budget of a level and player count plays the same deals.
uint64_t cell_seed(uint64_t run_seed, int level, int players);

// Runs (or resumes) a study in `dir`: writes study.json first, a file per finished chunk under
// dir/chunks/, then games.csv, cells.csv, cells.json and report.md (each written to a temporary
// file and renamed). `verbose` prints each cell's result; progress goes to standard error.
std::vector<CellResult> run_study(const StudyConfig& cfg, const std::string& dir, bool resume, int verbosity);

// Reads finished chunks of `dirs` (shards of one study) and writes the outputs into `out`.
std::vector<CellResult> merge_studies(const std::vector<std::string>& dirs, const std::string& out);

// Reads a study.json and checks the fields mists relies on (config and provenance; the config
// itself is checked by StudyConfig::from_json). A bad file is a UsageError naming it and the field.
// A file from before runs were recorded gets provenance.runs = [{revision: its starting revision}].
nlohmann::json read_study_json(const std::string& path);

// Writes games.csv, cells.csv, cells.json and report.md of finished cells into `dir`;
// `provenance` is study.json's (its "runs" name the revisions that played the games).
void write_outputs(const StudyConfig& cfg, const nlohmann::json& provenance, const std::vector<CellResult>& cells,
                   const std::string& dir);

// The revisions that played a study's games, in order and without repeats, from its provenance.
std::vector<std::string> played_by(const nlohmann::json& provenance);

// Plays games 0..n-1 of `rules` with deal seed `seed` in parallel (results in game order).
std::vector<GameSummary> play_games(const Rules& rules, const AgentSpec& agent, uint64_t seed, int n);

// Writes `text` to `path` atomically (temporary file, then rename).
void write_atomic(const std::string& path, const std::string& text);

}  // namespace mists::cli
