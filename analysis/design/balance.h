// mists balance: the value of one level number (ghosts, goal, hound1, hound2, piles) or of a co-op
// lever's piece count (coop_abbeys, coop_tolls as team:N) that brings a level to a target win rate
// for a player count and agent — a bracketing search on the same deals for every value, saved as it
// goes (balance.json) so a killed search resumes.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/agents/game_options.h"

namespace mists::analysis {

struct BalanceConfig {
  GameOptions game;            // level, players, overrides, switches, levers
  std::string param = "ghosts";
  std::string agent = BEST_FAIR_AGENT;  // the strongest fair agent measured (analysis/agents/agents.h)
  double target = 0.5;
  std::optional<int> lo, hi;   // the values to search between (default: a range around the level's)
  int games = 200;             // per value tried
  uint64_t seed = 1;
  int threads = 0;             // 0 = all cores
  bool quiet = false;
  std::string command;         // recorded in balance.json
};

struct BalancePoint {
  int value = 0;
  long long games = 0, wins = 0;
  // Lost games by cause (loss_cause_name: ghost_supply, pile1_target, ...); empty for a value
  // read from a balance.json written before the causes were kept.
  std::map<std::string, long long> losses;
  double rate() const { return games ? double(wins) / double(games) : 0; }
};

// What a search knows besides its games: the number searched, the target, the range to search and
// the number's whole range, and the level's other numbers (for the warnings).
struct BalanceSearch {
  std::string param = "ghosts";
  double target = 0.5;
  int lo = 0, hi = 0;            // the values searched
  int full_lo = 0, full_hi = 0;  // every value the rules allow for this number here
  int current = 0;               // the level's value (pieces with --levers for a lever)
  int hound1 = 0, hound2 = 0, goal = 0;  // the level's numbers, overrides applied
};

struct BalanceResult {
  int current = 0, lo = 0, hi = 0;     // the level's value and the range searched
  int full_lo = 0, full_hi = 0;        // the number's whole range
  std::map<int, BalancePoint> points;  // every value tried
  bool reached = false;                // a value's interval holds the target, or two neighbours bracket it
  bool plateau = false;                // not reached: the win rate stopped moving toward the target
  int best = 0;                        // the value whose win rate is nearest the target (the one that holds it)
  std::string verdict;                 // sentences, percentages with their intervals
  std::vector<std::string> warnings;   // the best value makes another level number meaningless
};

// The search (run_balance plays the games; `play(v)` returns the games of value v, `saved` is told
// after each new value). The steps:
//  1. The ends, hi then lo. A value whose win rate's 95% interval holds the target ends the search
//     there, at this step or any later one: more values would not tell it apart from the target.
//  2. The target between the ends' win rates: bisect on integers, the direction read from the ends.
//  3. Not between: the middle value. If the target lies between it and an end, bisect there. When
//     the range already reaches the end of the number's whole range on the side toward the target,
//     no value of the number reaches it (a fact of the rules, said first). Otherwise, if the middle's
//     interval overlaps that of the end nearer the target, the win rate has levelled off (a
//     plateau); else the target lies beyond the range: widen it on that side, never past the whole
//     range. Each says the loss causes at that end and the level number they point to.
//  4. Warnings: a best value that makes another number meaningless (a goal at or below a hound).
BalanceResult search_balance(const BalanceSearch& s, std::map<int, BalancePoint> known,
                             const std::function<BalancePoint(int)>& play,
                             const std::function<void(const std::map<int, BalancePoint>&)>& saved = {});

// The warning for `param` = `value` when it makes another number of the level meaningless (empty
// when it does not): a goal at or below a hound's threshold (that hound never comes), a hound at or
// above the goal.
std::string meaningless_warning(const std::string& param, int value, int hound1, int hound2, int goal);

// The numbers balance can move, in the order --help lists them: the level's numbers, and the piece
// count N of a co-op lever played as team:N (docs/rules.md C; the lever's other knobs from --levers).
inline constexpr const char* BALANCE_PARAMS[] = {"ghosts", "goal", "hound1", "hound2", "piles", "coop_abbeys", "coop_tolls"};
// True for the lever parameters (coop_abbeys, coop_tolls).
inline bool is_lever_param(const std::string& p) { return p == "coop_abbeys" || p == "coop_tolls"; }

// Runs (or resumes, when dir/balance.json holds the same search) the search and writes
// balance.json and balance.md into `dir`. Throws AnalysisError for an impossible search.
BalanceResult run_balance(const BalanceConfig& cfg, const std::string& dir);

}  // namespace mists::analysis
