#include "solver/agents.h"

#include <limits>

namespace mists {

Deal seeded_deal(const Rules& rules, uint64_t run_seed, uint64_t game) {
  std::vector<uint8_t> tiles = tiles_in_play(rules);
  Rng rng(stream_seed(run_seed, game, DEAL_STREAM));
  rng.shuffle(tiles);
  return deal_piles(rules, tiles);
}

int true_next_tile(const Rules& R, const Deal& deal, const State& s) {
  const int seg = draw_segment(s);
  if (seg < 0) return -1;
  return deal.piles[size_t(seg)][size_t(R.pile_sizes[size_t(seg)] - s.pile_size[seg])];
}

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
  while (!is_over(s) && !is_chance(s) && s.turn == turn) {
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
