#include "solver/agents.h"

#include <algorithm>
#include <limits>

namespace mists {

Deal seeded_deal(const Rules& rules, uint64_t run_seed, uint64_t game) {
  std::vector<uint8_t> tiles = tiles_in_play(rules);
  Rng rng(stream_seed(run_seed, game, DEAL_STREAM));
  rng.shuffle(tiles);
  std::vector<uint8_t> aside;
  if (rules.n_land_types > rules.n_base_types) {  // CT1: the Tollkeepers tiles
    Rng toll(stream_seed(run_seed, game, TOLL_STREAM));
    std::vector<uint8_t> extra;
    for (int t = rules.n_base_types; t < rules.n_land_types; ++t) extra.insert(extra.end(), size_t(rules.types[size_t(t)].in_play), uint8_t(t));
    toll.shuffle(extra);
    if (rules.toll_replace) {
      // Places of plain tiles (no mist, castle or cemetery), a random choice of them for the new tiles.
      std::vector<size_t> plain;
      for (size_t i = 0; i < tiles.size(); ++i) {
        const TileType& tt = rules.types[tiles[i]];
        if (!tt.misty && tt.castle < 0 && tt.cemetery < 0) plain.push_back(i);
      }
      for (size_t j = 0; j < extra.size(); ++j) {  // a partial Fisher-Yates over the places
        std::swap(plain[j], plain[j + toll.below(uint32_t(plain.size() - j))]);
        aside.push_back(tiles[plain[j]]);
        tiles[plain[j]] = extra[j];
      }
      std::sort(aside.begin(), aside.end());
    } else {
      for (uint8_t t : extra) tiles.insert(tiles.begin() + long(toll.below(uint32_t(tiles.size() + 1))), t);
    }
  }
  Deal d = deal_piles(rules, tiles);
  d.set_aside = std::move(aside);
  if (!rules.chip_cells.empty()) {  // CM1: 30 chips shuffled, one face down on each chip cell
    std::vector<uint8_t> chips(size_t(CHIP_ONES), 1);
    chips.insert(chips.end(), size_t(CHIP_TWOS), 2);
    Rng chip(stream_seed(run_seed, game, CHIP_STREAM));
    chip.shuffle(chips);
    d.chips.assign(chips.begin(), chips.begin() + long(rules.chip_cells.size()));
  }
  return d;
}

int true_next_tile(const Rules& R, const Deal& deal, const State& s) { return deal_outcome(R, deal, s); }

Deal sample_deal(const Rules& R, const State& s, Rng& rng) {
  std::vector<uint8_t> pool;
  for (size_t t = 0; t < R.types.size(); ++t) pool.insert(pool.end(), s.unseen[t], uint8_t(t));
  rng.shuffle(pool);
  Deal d;
  d.piles.resize(R.pile_sizes.size());
  size_t at = 0;
  for (size_t k = 0; k < R.pile_sizes.size(); ++k) {
    d.piles[k].assign(size_t(R.pile_sizes[k]), 0);
    for (size_t i = size_t(R.pile_sizes[k] - s.pile_size[k]); i < d.piles[k].size() && at < pool.size(); ++i) d.piles[k][i] = pool[at++];
  }
  if (!R.chip_cells.empty()) {  // the chips still face down, from those not yet turned up
    std::vector<uint8_t> chips(size_t(CHIP_ONES - s.chips_seen[0]), 1);
    chips.insert(chips.end(), size_t(CHIP_TWOS - s.chips_seen[1]), 2);
    rng.shuffle(chips);
    d.chips.assign(R.chip_cells.size(), 1);
    size_t next = 0;
    for (size_t i = 0; i < R.chip_cells.size() && next < chips.size(); ++i)
      if ((s.chips_left >> i & 1) || (s.phase == Phase::ChipDraw && s.chip_taken == i)) d.chips[i] = chips[next++];
  }
  return d;
}

int GreedyAgent::operator()(const State& s, const Action* options, int n) {
  double best = -std::numeric_limits<double>::infinity();
  int pick = 0, ties = 0;
  State c;
  for (int i = 0; i < n; ++i) {
    c = s;
    apply(*R_, c, options[i]);
    const double v = evaluate(*R_, c, w_);
    if (v > best + 1e-9) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v > best - 1e-9 && rng_.below(uint32_t(++ties)) == 0) {
      pick = i;  // reservoir choice among equals
    }
  }
  return pick;
}

ExpertAgent::ExpertAgent(const Rules& rules, uint64_t seed, Weights w)
    : R_(&rules), rng_(seed), w_(w), inner_(rules, splitmix64(seed), w) {}

double ExpertAgent::finish_turn_value(State s) {
  thread_local Action buf[MAX_ACTIONS];
  const uint16_t turn = s.turn;
  while (!is_over(s) && !turn_start(s) && s.turn == turn) {
    if (is_chance(s)) {  // a chip turned up mid-turn (CM2): its values, weighted by the chips left
      ChanceOutcome out[2];
      const int k = chance_outcomes(*R_, s, out);
      double sum = 0, weight = 0;
      for (int i = 0; i < k; ++i) {
        State c = s;
        apply_draw(*R_, c, out[i].type);
        sum += out[i].weight * finish_turn_value(c);
        weight += out[i].weight;
      }
      return sum / weight;
    }
    const int n = legal_actions(*R_, s, buf);
    apply(*R_, s, buf[n > 1 ? inner_(s, buf, n) : 0]);
  }
  return evaluate(*R_, s, w_);
}

int ExpertAgent::operator()(const State& s, const Action* options, int n) {
  double best = -std::numeric_limits<double>::infinity();
  int pick = 0, ties = 0;
  for (int i = 0; i < n; ++i) {
    State c = s;
    apply(*R_, c, options[i]);
    const double v = finish_turn_value(c);
    if (v > best + 1e-9) {
      best = v;
      pick = i;
      ties = 1;
    } else if (v > best - 1e-9 && rng_.below(uint32_t(++ties)) == 0) {
      pick = i;
    }
  }
  return pick;
}

}  // namespace mists
