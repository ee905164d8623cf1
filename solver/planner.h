// A fair agent that plans several turns ahead: perfect-information Monte Carlo (Long, Sturtevant,
// Buro & Furtak 2010) with the deal solver's beam search over whole turns as the search of each
// sample, in place of a tree with chance nodes.
//
// At a placement with two or more options (the default, `candidates` M > 0):
//  1. Shortlist the M options whose own turn (the option, then the rest of the turn played greedily)
//     the expert's heuristic values most; ties keep the earlier option.
//  2. Sample K deals that agree with what the team knows (`sample_deal`: the unseen tiles shuffled
//     into the places left in the piles).
//  3. In each sample, each candidate's position after its turn starts a beam of width W over whole
//     turns (every placement, the rest of the turn greedy, judged by the heuristic at the next draw)
//     that runs H turns on or to the end of the game; the candidate scores the value of the best
//     position of its beam (a win is worth far more than any position, a loss far less).
//  4. The candidate with the highest sum over the samples is played; ties go to the better own
//     turn, then to the earlier option.
// With `candidates=0` the older vote mode runs instead: one beam of width W from all options per
// sample, and each sample votes for the option at the root of its best position; the most votes win,
// ties going to the option the expert prefers.
// Every other decision (meeple, scorings, burial, hounds, areas, the face-down tile) is the expert's:
// the option followed by the rest of the turn played greedily, which is how the beam judged it;
// with `all_decisions` they are planned as placements are.
//
// With `threads` > 1 the samples of a placement are searched on that many threads. The deals are
// drawn first, in order, from the agent's one random stream, each beam is a function of its deal,
// and values and votes are summed in sample order: the choice is the same on any number of threads.
//
// The search plans toward the next pile target over H turns, where the chance-node tree of `mcts`
// spreads its playouts over the tile types that may come and rarely sees two turns deep.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/coop/game.h"
#include "solver/afterstate.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/rng.h"
#include "solver/value.h"

namespace mists {

struct PlannerConfig {
  int samples = 7;   // K: deals sampled per placement
  int width = 1;     // W: positions kept per turn of each beam
  int horizon = 4;   // H: turns the beam looks past the current one (0 = to the end of the game)
  int threads = 1;   // threads that search the samples of one placement (the choice does not depend on it)
  // M > 0 (the default): the M options whose own turn the expert values most are each followed by
  // a beam of `width` of their own in every sample; the option with the best mean value of its best
  // line over the samples is played (PIMC's average over determinizations, on a shortlist).
  // 0: one beam of `width` from all options, each sample votes for the root of its best line.
  int candidates = 6;
  Weights weights;   // the heuristic that judges positions (and plays the greedy rest of a turn)
  // A learned value (solver/value.h), or null. When set, the last position of each beam is judged
  // by it (the chance to win from there) instead of by the heuristic; with `value_all` every
  // judgement is (the shortlist and the positions each beam keeps), else those stay the heuristic's.
  // The greedy rest of a turn is the heuristic's either way. Precondition: value->covers(rules).
  const ValueModel* value = nullptr;
  bool value_all = false;
  // > 0 (with `value`, not `value_all`): the last position of each beam is judged by both, the
  // heuristic plus `value_blend` × logit V (V clamped to [0.001, 0.999]): heuristic points per unit
  // of the learned value's log-odds. On levels 4-5 a logistic fit of the win on the heuristic gives
  // about 30 points per unit (docs/solver.md).
  double value_blend = 0;
  // false (the default): placements (and abbeys) are planned, every other decision is the expert's.
  // true: every decision with two or more options is planned the same way — its option, the rest of
  // the turn greedy, then the beams — the meeple, the scorings' points or ghosts, the hounds too.
  bool all_decisions = false;
  // The afterstate value (solver/afterstate.h), or null. When set it judges every position the
  // planner values (the shortlist, each beam's choice of the next turn, the last positions): the
  // beam of width 1 is then a rollout of the td agent's policy, judged by V. Decisions that are not
  // planned are the td agent's (depth 1) instead of the expert's. `value` must be null then.
  // Precondition: afterstate->covers(rules).
  const AfterstateModel* afterstate = nullptr;
};

struct PlannerStats {
  long long decisions = 0;  // placements planned
  long long steps = 0;      // engine steps spent planning (apply and apply_draw)
};

class PlannerSample;  // one sample's beam search (planner.cpp)
class TdAgent;

class PlannerAgent {
 public:
  // With `deal` (not null) every sample is that deal, the game's true one: the same search with the
  // future known, a bound on this search shape rather than a fair agent (`planner:deals=true`).
  PlannerAgent(const Rules& rules, const PlannerConfig& cfg, uint64_t seed, const Deal* deal = nullptr);
  ~PlannerAgent();
  PlannerAgent(PlannerAgent&&) noexcept;
  int operator()(const State& s, const Action* options, int n);
  const PlannerStats& stats() const { return stats_; }

 private:
  int plan(const State& s, const Action* options, int n);
  int plan_candidates(const State& s, const Action* options, int n, const std::vector<Deal>& deals, int threads);

  const Rules* R_;
  PlannerConfig cfg_;
  Rng rng_;
  ExpertAgent expert_;
  std::unique_ptr<TdAgent> td_;  // with an afterstate value: the decisions that are not planned
  const Deal* deal_;  // the true deal, or null (the fair planner)
  PlannerStats stats_;
  std::vector<std::unique_ptr<PlannerSample>> searches_;  // one per thread, buffers kept between decisions
};

}  // namespace mists
