// Agents on the afterstate value (solver/afterstate.h).
//
// depth 1, the fast fair agent: each option is followed by the rest of its turn played greedily by
// the heuristic (as the expert finishes a turn, though with the first of equal options where the
// expert draws one at random) and judged by V at the afterstate it reaches; the best V is played,
// ties going to the better heuristic value, then to a random one of the equals. With every table at
// zero it ranks options as the expert does.
//
// depth 2, an expectimax with exact chance over tile types: at a placement the `top` options the
// depth-1 values rank first are searched one draw deeper: for every tile type the team has not yet
// seen, weighted by its unseen copies (the chance of drawing it next: the order of the unseen tiles
// is uniform), the best depth-1 afterstate of that draw; a tile that fits nowhere is discarded as
// the rules do (R2.2). The option with the best expected value is played. Decisions other than
// placements are depth 1. The search reads only the multiset of unseen tiles, never their order.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/afterstate.h"
#include "solver/agents.h"
#include "solver/rng.h"

namespace mists {

struct TdConfig {
  int depth = 1;        // 1 or 2
  int top = 3;          // depth 2: the options searched one draw deeper
  double explore = 0;   // training: the share of decisions with two or more options taken at random
  Weights weights;      // the heuristic that finishes turns and is V's linear input
};

struct TdStats {
  long long decisions = 0;
  long long evaluations = 0;  // afterstates valued by V
};

// Plays the rest of the turn from `s` greedily by the heuristic `w` (first_best: the first of the best
// options, no random tie-break, so an option's afterstate is a function of the position), up to the
// next turn start or the end of the game. Precondition: no co-op lever (no chance step inside a turn).
void finish_turn(const Rules& rules, State& s, const Weights& w);

class TdAgent {
 public:
  TdAgent(const Rules& rules, const AfterstateModel& model, const TdConfig& cfg, uint64_t seed);
  int operator()(const State& s, const Action* options, int n);
  const TdStats& stats() const { return stats_; }
  const AfterstateEval& eval() const { return eval_; }
  // Depth 1's value of each option (the afterstate its turn reaches), in option order; `ties`, when
  // given, receives the heuristic's value of each afterstate (how equal values are told apart).
  void option_values(const State& s, const Action* options, int n, std::vector<double>& out, std::vector<double>* ties = nullptr);

 private:
  // Finishes the turn of c (left at the afterstate), then V; `tie`, when given, receives the
  // heuristic's value there (a win above and a loss below every other).
  double afterstate_value(State& c, double* tie = nullptr);
  double draw_value(const State& after);  // depth 2: the expected best depth-1 value over the next draw
  const Rules* R_;
  AfterstateEval eval_;
  TdConfig cfg_;
  Rng rng_;
  TdStats stats_;
  std::vector<double> values_, tie_;
};

}  // namespace mists
