// A fair agent that plans several turns ahead: perfect-information Monte Carlo (Long, Sturtevant,
// Buro & Furtak 2010) with the deal solver's beam search over whole turns as the search of each
// sample, in place of a tree with chance nodes.
//
// At a placement with two or more options:
//  1. Sample K deals that agree with what the team knows (`sample_deal`: the unseen tiles shuffled
//     into the places left in the piles).
//  2. In each sample, every option is followed by the rest of its turn played greedily (the expert's
//     own look-ahead), and from those positions a beam of width W over whole turns (every placement,
//     the rest of the turn greedy, judged by the heuristic at the next draw) runs H turns on, or to
//     the end of the game. The sample votes for the option at the root of the best position of the
//     deepest layer reached (a win within the horizon is the best position there is).
//  3. The option with the most votes is played; ties go to the one the expert prefers.
// Every other decision (meeple, scorings, burial, hounds, areas, the face-down tile) is the expert's:
// the option followed by the rest of the turn played greedily, which is how the beam judged it.
//
// With `threads` > 1 the samples of a placement are searched on that many threads. The deals are
// drawn first, in order, from the agent's one random stream, each beam is a function of its deal,
// and votes are counted in sample order: the choice is the same on any number of threads.
//
// The search plans toward the next pile target over H turns, where the chance-node tree of `mcts`
// spreads its playouts over the tile types that may come and rarely sees two turns deep.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/game.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/rng.h"

namespace mists {

struct PlannerConfig {
  int samples = 4;   // K: deals sampled per placement
  int width = 8;     // W: positions kept per turn of the beam
  int horizon = 4;   // H: turns the beam looks past the current one (0 = to the end of the game)
  int threads = 1;   // threads that search the samples of one placement (the choice does not depend on it)
  Weights weights;   // the heuristic that judges positions (and plays the greedy rest of a turn)
};

struct PlannerStats {
  long long decisions = 0;  // placements planned
  long long steps = 0;      // engine steps spent planning (apply and apply_draw)
};

class PlannerSample;  // one sample's beam search (planner.cpp)

class PlannerAgent {
 public:
  PlannerAgent(const Rules& rules, const PlannerConfig& cfg, uint64_t seed);
  ~PlannerAgent();
  PlannerAgent(PlannerAgent&&) noexcept;
  int operator()(const State& s, const Action* options, int n);
  const PlannerStats& stats() const { return stats_; }

 private:
  int plan(const State& s, const Action* options, int n);

  const Rules* R_;
  PlannerConfig cfg_;
  Rng rng_;
  ExpertAgent expert_;
  PlannerStats stats_;
  std::vector<std::unique_ptr<PlannerSample>> searches_;  // one per thread, buffers kept between decisions
};

}  // namespace mists
