// The uniformly random player, the same for every game: a seeded stream and a choice among the n
// legal options, whatever the game's state and action types.
#pragma once

#include <cstdint>

#include "solver/rng.h"

namespace mists {

class RandomAgent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  template <class State, class Action>
  int operator()(const State&, const Action*, int n) {
    return int(rng_.below(uint32_t(n)));
  }

 private:
  Rng rng_;
};

}  // namespace mists
