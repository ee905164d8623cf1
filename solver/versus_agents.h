// Agents for the competitive game (docs/versus.md): each plays for its own seat.
#pragma once

#include <cstdint>

#include "engine/versus.h"
#include "solver/rng.h"

namespace mists::vs {

// What a competitive agent maximises (G6.3): its own final score, or its margin over the best
// opponent.
enum class Objective : uint8_t { Own, Margin };

// Uniform among the legal options.
class VsRandomAgent {
 public:
  explicit VsRandomAgent(uint64_t seed) : rng_(seed) {}
  int operator()(const VsState&, const VsAction*, int n) { return int(rng_.below(uint32_t(n))); }

 private:
  Rng rng_;
};

// The value of a position for `seat`: its score plus what final scoring would pay it now
// (G1.9), or that minus the best opponent's same figure.
double position_value(const VsRules& R, const VsState& s, int seat, Objective obj);

// Best position at the end of its own turn: a placement is judged with the rest of the turn played
// greedily (each ghost step (GCC) to the best value at once, then the best meeple step), a meeple
// step by the position after the turn's scoring; ties go to a random one of the best.
class VsGreedyAgent {
 public:
  VsGreedyAgent(const VsRules& rules, uint64_t seed, Objective obj = Objective::Own)
      : R_(&rules), rng_(seed), obj_(obj) {}
  int operator()(const VsState& s, const VsAction* options, int n);

 private:
  double after_turn(const VsState& s, int seat);  // the value of the rest of seat's turn
  int pick_now(const VsState& s, const VsAction* options, int n, int seat);  // best value one step on
  const VsRules* R_;
  Rng rng_;
  Objective obj_;
};

}  // namespace mists::vs
