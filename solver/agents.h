// Agents: who makes the team's decisions. An agent is a callable
//   int operator()(const State& s, const Action* options, int n)   // n >= 2, returns an index
// bound at compile time in the hot paths; choice by name happens only in analysis/agents/agents.cpp
// (with_agent: studies, the command line and the Python module alike).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/coop/game.h"
#include "solver/eval.h"
#include "solver/random_agent.h"
#include "solver/rng.h"

namespace mists {


// Best immediate outcome: applies each option to a copy and keeps the best `evaluate` (solver/eval.h)
// of the position it leads to; ties go to a random one of the best.
class GreedyAgent {
 public:
  GreedyAgent(const Rules& rules, uint64_t seed, Weights w = {}) : R_(&rules), rng_(seed), w_(w) {}
  int operator()(const State& s, const Action* options, int n);

 private:
  const Rules* R_;
  Rng rng_;
  Weights w_;
};

// A policy that looks to the end of the turn: each option is followed by the rest of the turn
// played greedily (meeple, scorings, burial, hounds, the face-down tile) and judged by the
// heuristic at the start of the next turn, so a placement is chosen together with what it lets
// the team do. A chip turned up during the turn (CM2) is averaged over its two values.
// The heuristic makes it keep meeples for likely features, finish mist, trade points for ghost
// removal when the supply runs low, close cemeteries and chase the pile target; docs/solver.md.
class ExpertAgent {
 public:
  ExpertAgent(const Rules& rules, uint64_t seed, Weights w = {});
  int operator()(const State& s, const Action* options, int n);

 private:
  double finish_turn_value(State s);
  const Rules* R_;
  Rng rng_;
  Weights w_;
  GreedyAgent inner_;
};

// The deal of game `game` in a run seeded `run_seed`: the base catalog's tiles in play shuffled by
// the game's deal stream (the same shuffle for every lever setting), then the levers' set-up from
// streams of their own: the Tollkeepers tiles (CT1: replace puts them in the places of randomly
// chosen plain tiles, which are set aside; add inserts them at random places, keeping the order of
// the others) and the chips on the chip cells (CM1); cut into piles.
Deal seeded_deal(const Rules& rules, uint64_t run_seed, uint64_t game);

// The outcome of the chance step `s` waits for, read from the true deal (for the clairvoyant
// bound): the tile on top of the active pile, or the value of the chip being taken (deal_outcome).
int true_next_tile(const Rules& rules, const Deal& deal, const State& s);

// A deal that agrees with everything the team knows in `s`: the tiles still to come in each pile
// are drawn at random from the unseen tiles (face-down and burned ones included, R7.3, CA1), the
// chips still face down (and the one being taken) from the chips not yet turned up; places already
// drawn hold tile 0 (never read). A determinization for perfect-information search of a fair agent.
Deal sample_deal(const Rules& rules, const State& s, Rng& rng);

}  // namespace mists
