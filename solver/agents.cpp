#include "solver/agents.h"

namespace mists {

Deal seeded_deal(const Rules& rules, uint64_t run_seed, uint64_t game) {
  std::vector<uint8_t> tiles = tiles_in_play(rules);
  Rng rng(stream_seed(run_seed, game, DEAL_STREAM));
  rng.shuffle(tiles);
  return deal_piles(rules, tiles);
}

}  // namespace mists
