// mists sensitivity: which level number moves a level most. Each of the four level numbers
// (ghosts, goal, hound1, hound2) is moved one step down and one step up around the printed values,
// one number at a time, and every setting plays the same deals as the printed numbers, so each
// change is a paired difference of win rates (and of final scores) with its interval. The table
// and its tornado plot rank the numbers by the swing between their two steps.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/agents/game_options.h"
#include "analysis/run/stats.h"

namespace mists::analysis {

// The numbers the view moves, in the order its tables list them before ranking.
inline constexpr const char* SENSITIVITY_NUMBERS[] = {"ghosts", "goal", "hound1", "hound2"};

struct SensitivityConfig {
  GameOptions game;             // catalogs, switches, levers, overrides: the printed values moved around
  std::vector<int> levels = {1, 2, 3, 4, 5, 6};
  std::vector<int> players = {2};
  std::string agent = BEST_FAIR_AGENT;
  double change = 0.1;          // a step: this share of the printed value, rounded, at least 1
  int games = 100;              // per setting
  uint64_t seed = 1;
  int threads = 0;              // 0 = all cores; results do not depend on it
  bool quiet = false;
  std::string command;          // recorded in sensitivity.json
};

// One number's two steps on one level: the values, or why a side is not played.
struct NumberSteps {
  std::string number;
  int printed = 0, step = 0;
  std::optional<int> down, up;       // the values played; absent: that side breaks the rules' order
  std::string down_why, up_why;      // why a side is absent ("hound 1 would reach hound 2 = 25")
  bool in_level = true;              // false: the level has no such number (a hound of 0)
};

// The steps of every number of `lv`: step = max(1, round(printed × change)); a side is played when
// it keeps the number in its range (ghosts from the start tile's `start_ghosts` to 250) and the
// order hound 1 < hound 2 < goal (hounds of 0 are absent and hold no place in it).
std::vector<NumberSteps> number_steps(const Level& lv, int start_ghosts, double change);

// One setting's games: the wins and final scores in game order (the same deals for every setting).
struct SettingGames {
  std::string number;  // "" for the printed numbers
  int value = 0;
  std::vector<bool> won;
  std::vector<double> score;
};

// One side of one number against the printed numbers, on the same deals.
struct SideResult {
  bool played = false;
  int value = 0;
  double rate = 0;
  Interval ci;            // the setting's own 95% Wilson interval
  Paired vs;              // its win rate minus the printed numbers', paired
  PairedMean score;       // its final score minus the printed numbers', paired
};

struct NumberResult {
  NumberSteps steps;
  SideResult down, up;
  // up.diff - down.diff: how far the win rate moves across the two steps (a side not played counts
  // as no change); the tornado ranks by its size.
  double swing() const;
};

struct SensitivityCell {
  int level = 0, players = 0;
  SettingGames printed;
  double rate = 0;
  Interval ci;
  std::vector<NumberResult> numbers;  // ranked: the largest swing first; numbers not in the level last
  std::string summary;                // "goal moves level 4 most: ..."
};

// The table of one cell from its games (`played` holds the printed numbers' games first, then any
// number's sides, in any order).
SensitivityCell sensitivity_cell(int level, int players, const std::vector<NumberSteps>& steps,
                                 const std::vector<SettingGames>& played);

// Runs (or resumes, when dir/sensitivity.json holds the same view) every cell and writes
// sensitivity.json (config, provenance, every setting's games, saved after each setting),
// sensitivity.md, sensitivity.csv and sensitivity.png (scripts/plot_sensitivity.py). A folder of
// another view is refused naming the field that differs. Throws AnalysisError for a bad request.
std::vector<SensitivityCell> run_sensitivity(const SensitivityConfig& cfg, const std::string& dir);

}  // namespace mists::analysis
