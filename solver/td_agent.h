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
//
// preview K > 0, an agent told the next K tiles (not fair: it reads the deal): at a placement the
// `top` options the depth-1 values rank first are each followed by the next K tiles as the deal
// will bring them, each placed by depth 1 (a tile that fits nowhere is discarded, R2.2), and judged
// by V where they end; with K = 1 this is depth 2 with the chance node replaced by the true draw.
// The same agent at preview 0, 1, 2, 4 on the same deals measures what foresight is worth.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/afterstate.h"
#include "solver/agents.h"
#include "solver/rng.h"

namespace mists {

struct TdConfig {
  int depth = 1;        // 1 or 2
  int top = 3;          // depth 2 and preview: the options searched deeper
  int preview = 0;      // > 0: the next `preview` tiles are known (read from the deal given to the agent)
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
  // `deal`: the game's true deal, read with preview > 0 only (then it must not be null).
  TdAgent(const Rules& rules, const AfterstateModel& model, const TdConfig& cfg, uint64_t seed, const Deal* deal = nullptr);
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
  double known_value(const State& after, int k);  // preview: the next k true tiles placed by depth 1, then V
  const Rules* R_;
  const Deal* deal_;
  AfterstateEval eval_;
  TdConfig cfg_;
  Rng rng_;
  TdStats stats_;
  std::vector<double> values_, tie_;
};

}  // namespace mists
