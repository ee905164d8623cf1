// Agents: who makes the team's decisions. The hot path binds an agent at compile time; choice by
// name happens in cli/.
#pragma once

#include "engine/game.h"
#include "solver/rng.h"

namespace mists {

// Uniform over the legal options.
class RandomAgent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  int operator()(const State&, const Action*, int n) { return int(rng_.below(uint32_t(n))); }

 private:
  Rng rng_;
};

// The deal of game `game` in a run seeded `run_seed`: the tiles in play shuffled by the game's
// deal stream and cut into piles.
Deal seeded_deal(const Rules& rules, uint64_t run_seed, uint64_t game);

}  // namespace mists
