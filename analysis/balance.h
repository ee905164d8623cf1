// mists balance: the value of one level number (ghosts, goal, hound1, hound2, piles) or of a co-op
// lever's piece count (coop_abbeys, coop_tolls as team:N) that brings a level to a target win rate
// for a player count and agent — a bracketing search on the same deals for every value, saved as it
// goes (balance.json) so a killed search resumes.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "analysis/game_options.h"

namespace mists::analysis {

struct BalanceConfig {
  GameOptions game;            // level, players, overrides, switches, levers
  std::string param = "ghosts";
  std::string agent = "expert";
  double target = 0.5;
  std::optional<int> lo, hi;   // the values to search between (default: a range around the level's)
  int games = 1000;            // per value tried
  uint64_t seed = 1;
  int threads = 0;             // 0 = all cores
  bool quiet = false;
  std::string command;         // recorded in balance.json
};

struct BalancePoint {
  int value = 0;
  long long games = 0, wins = 0;
  double rate() const { return games ? double(wins) / double(games) : 0; }
};

struct BalanceResult {
  int current = 0, lo = 0, hi = 0;     // the level's value and the range searched
  std::map<int, BalancePoint> points;  // every value tried
  bool reached = false;                // the target lies between two values tried
  int best = 0;                        // the value whose win rate is nearest the target
  std::string verdict;                 // one sentence, percentages with their intervals
};

// The numbers balance can move, in the order --help lists them: the level's numbers, and the piece
// count N of a co-op lever played as team:N (docs/rules.md C; the lever's other knobs from --levers).
inline constexpr const char* BALANCE_PARAMS[] = {"ghosts", "goal", "hound1", "hound2", "piles", "coop_abbeys", "coop_tolls"};
// True for the lever parameters (coop_abbeys, coop_tolls).
inline bool is_lever_param(const std::string& p) { return p == "coop_abbeys" || p == "coop_tolls"; }

// Runs (or resumes, when dir/balance.json holds the same search) the search and writes
// balance.json and balance.md into `dir`. Throws AnalysisError for an impossible search.
BalanceResult run_balance(const BalanceConfig& cfg, const std::string& dir);

}  // namespace mists::analysis
