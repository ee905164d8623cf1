// mists ladder: every requested level × player count brought to a target win rate (the curve of
// results/README.md by default) by moving the level numbers the designer allows, on the same deals
// for every setting tried. Each cell searches one path of settings that leave the printed numbers
// step by step (all allowed numbers moved together by the same share of their printed value), so
// the setting it recommends is the one nearest the printed numbers in the largest relative change
// of any number. Games are played in sealed batches saved as they finish: a killed run resumes
// (--resume) to the result an uninterrupted run gives, whatever the thread count.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/agents/game_options.h"

namespace mists::analysis {

// The level numbers a ladder may move, in the order tables list them. The pile count is not one of
// them: on levels 3-6 the two hounds need all three piles (it cannot move), and on levels 1-2 the
// piles have no targets, so more piles only split one draw pile in parts.
inline constexpr const char* LADDER_NUMBERS[] = {"ghosts", "goal", "hound1", "hound2"};

// The default target curve, levels 1-6 (results/README.md).
inline constexpr double LADDER_CURVE[] = {0.80, 0.60, 0.40, 0.25, 0.15, 0.10};

struct LadderConfig {
  GameOptions game;                             // catalog, level files, switches (its level, players and overrides unused)
  std::vector<int> levels = {1, 2, 3, 4, 5, 6};
  std::vector<int> players = {1, 2, 4};
  std::vector<double> targets;                  // one per level of `levels`; empty: LADDER_CURVE of each level
  std::vector<std::string> numbers = {"ghosts", "goal", "hound1", "hound2"};  // moved where the level has them
  // `planner` played the ladder of results/ladder/ before BEST_FAIR_AGENT was measured.
  std::string agent = BEST_FAIR_AGENT;
  double max_change = 0.5;  // each number moves at most this share of its printed value (at least 1)
  int steps = 10;           // the path from the printed numbers to the largest change, in equal steps
  int batch = 10;           // games in a sealed batch; a probe plays whole batches
  int max_games = 100;      // games a probe plays at most (a multiple of batch)
  uint64_t seed = 1;
  int shard = 1, shards = 1;  // play only the cells k with k % shards == shard - 1
  // Not part of the study:
  int threads = 0;          // 0 = all cores; the result never depends on it
  bool quiet = false;
  bool plot = true;         // draw ladder.png (tests leave it out: starting matplotlib takes a second)
  std::string command;      // the command line, recorded in the provenance
  long long stop_after = 0; // tests: stop (as a signal would) once this run has played this many batches; 0 = never

  // The target of level `levels[i]`.
  double target_of(size_t i) const { return targets.empty() ? LADDER_CURVE[levels[i] - 1] : targets[i]; }
  // Checks every field (ranges, lists, one target per level); AnalysisError naming the field.
  void check() const;
  // The study's settings (everything above "Not part of the study"), as saved in ladder-run.json.
  nlohmann::json to_json() const;
  // The settings back from `j` (ladder-run.json's "config"); AnalysisError naming `where` and the field.
  static LadderConfig from_json(const nlohmann::json& j, const std::string& where);
};

// One setting of a level's numbers (0 for a hound the level does not have).
struct LadderSetting {
  int ghosts = 0, goal = 0, hound1 = 0, hound2 = 0;
  bool operator==(const LadderSetting&) const = default;
  // "ghosts 13, hound1 20, hound2 60, goal 120" (hounds left out when the level has none).
  std::string text() const;
  // "g13-h20-h60-G120": the key of its batches in a cell's file.
  std::string key() const;
  int get(const std::string& number) const;
};

// The rules' own limits on a setting of `level`: integers in their ranges (ghosts from the start
// tile's own to 250, thresholds and goal 1 to 30000) and hound 1 < hound 2 < goal for the numbers
// the level has. Empty when it holds, else what is wrong.
std::string setting_violation(const LadderSetting& s, const LadderSetting& printed, int start_ghosts);

// The setting at `step` (0..steps) of the path from `printed` toward easier (`easier`) or harder
// games: each allowed number moved by round(printed value × max_change × step / steps), at least 1
// from step 1 on, the easier way (more ghosts, lower goal and thresholds) or the harder way, kept
// inside its range and below / above its neighbours (hound 1 < hound 2 < goal) by stopping the
// number that would cross a fixed neighbour.
LadderSetting path_setting(const LadderSetting& printed, const std::vector<std::string>& allowed, double max_change, int steps,
                           int step, bool easier, int start_ghosts);

// The games of one setting: wins and losses by cause (loss_cause_name), over its batches.
struct LadderProbe {
  LadderSetting setting;
  int step = 0;              // its step on the path (0: the printed numbers)
  long long games = 0, wins = 0;
  std::map<std::string, long long> losses;
  double rate() const { return games ? double(wins) / double(games) : 0; }
};

// Where a probe's 95% Wilson interval lies against the target.
enum class Side { Below, Holds, Above };
Side side_of(const LadderProbe& p, double target);

// The result of one level × player count.
struct LadderCell {
  int level = 0, players = 0;
  double target = 0;
  std::vector<std::string> moved;  // the allowed numbers the level has
  LadderSetting printed, recommended;
  bool easier = true;              // the direction searched (toward more wins)
  int step = 0;                    // the recommended setting's step (0: keep the printed numbers)
  // printed: the printed numbers' interval holds the target; reached: a step's does; between: the
  // target lies between two neighbouring steps (the nearer is recommended); unreachable: the last
  // step (every allowed number moved by max_change) still misses.
  std::string status;
  LadderProbe before, after;       // the printed setting's games and the recommended (or last) one's
  std::vector<LadderProbe> probes; // every setting tried, in the order tried
  std::string verdict;             // a sentence with the rates and intervals
};

struct LadderResult {
  std::vector<LadderCell> cells;   // this shard's cells, in level then player order
  long long batches_played = 0, batches_read = 0;  // by this run / read back from its folder
};

// Runs (resume = false: a new study in `dir`, refused if one is there) or resumes (the settings must
// equal those saved in dir/ladder-run.json; a different one is refused naming the field) the
// ladder, and writes ladder.md, ladder.csv, ladder.json and ladder.png (the plot, when Python's
// matplotlib is there) into `dir`. Batches are sealed in dir/cells/L<level>-P<players>.json as
// they finish. SIGINT / SIGTERM (or stop_after) stop it between batches: analysis::Interrupted
// with the --resume command. One run at a time holds the folder (analysis/run/lock.h).
LadderResult run_ladder(const LadderConfig& cfg, const std::string& dir, bool resume);

// The settings saved in dir/ladder-run.json (for `--resume DIR`).
LadderConfig read_ladder_config(const std::string& dir);

}  // namespace mists::analysis
