#include "solver/planner.h"

#include <algorithm>
#include <limits>

#include "solver/deal_solver.h"

namespace mists {

PlannerAgent::PlannerAgent(const Rules& rules, const PlannerConfig& cfg, uint64_t seed)
    : R_(&rules), cfg_(cfg), rng_(seed), expert_(rules, splitmix64(seed ^ 0x5bd1e995u), cfg.weights) {}

int PlannerAgent::operator()(const State& s, const Action* options, int n) {
  if (s.phase != Phase::Place) return expert_(s, options, n);
  return plan(s, options, n);
}

double PlannerAgent::judge(const State& s) const { return evaluate(*R_, s, cfg_.weights); }

int PlannerAgent::settle(State& s, const Deal& deal, Action* buf) {
  while (!is_over(s)) {
    if (is_chance(s)) {
      apply_draw(*R_, s, true_next_tile(*R_, deal, s));
      ++stats_.steps;
      continue;
    }
    const int n = legal_actions(*R_, s, buf);
    if (n >= 2) return n;
    apply(*R_, s, buf[0]);
    ++stats_.steps;
  }
  return 0;
}

// The greedy rule of GreedyAgent and of the deal solver's macro moves: each option applied and
// judged, the first best kept (no random tie-break, so a sample's beam is a function of the sample).
void PlannerAgent::finish_turn(State& s, const Deal& deal) {
  thread_local Action buf[MAX_ACTIONS];
  State c;
  while (!is_over(s)) {
    if (is_chance(s)) return;
    const int n = legal_actions(*R_, s, buf);
    int pick = 0;
    if (n >= 2) {
      double best = -std::numeric_limits<double>::infinity();
      for (int i = 0; i < n; ++i) {
        c = s;
        apply(*R_, c, buf[i]);
        ++stats_.steps;
        const double v = judge(c);
        if (v > best) best = v, pick = i;
      }
    }
    apply(*R_, s, buf[pick]);
    ++stats_.steps;
  }
  (void)deal;
}

int PlannerAgent::plan(const State& s, const Action* options, int n) {
  thread_local Action buf[MAX_ACTIONS];
  ++stats_.decisions;
  std::vector<int> votes(size_t(n), 0);
  std::vector<double> first_value(size_t(n), 0.0);
  const int width = std::max(1, cfg_.width);
  for (int k = 0; k < std::max(1, cfg_.samples); ++k) {
    const Deal deal = sample_deal(*R_, s, rng_);
    // Layer 0: every option with the rest of its turn.
    layer_.clear();
    for (int i = 0; i < n; ++i) {
      Entry e{s, i, 0};
      apply(*R_, e.s, options[i]);
      ++stats_.steps;
      finish_turn(e.s, deal);
      e.value = judge(e.s);
      first_value[size_t(i)] += e.value;
      layer_.push_back(e);
    }
    // The beam: the best `width` positions not over go on, one turn a layer.
    int best_root = -1;
    double best_value = -std::numeric_limits<double>::infinity();
    auto consider = [&](const std::vector<Entry>& cands) {
      best_root = -1;
      best_value = -std::numeric_limits<double>::infinity();
      for (const Entry& e : cands)
        if (e.value > best_value) best_value = e.value, best_root = e.root;
    };
    consider(layer_);
    for (int depth = 0; cfg_.horizon == 0 || depth < cfg_.horizon; ++depth) {
      if (best_value >= 1e5) break;  // a win (evaluate: 1e6 - turn) ends the sample
      // Keep the best `width` positions that go on.
      order_.clear();
      for (int i = 0; i < int(layer_.size()); ++i)
        if (!is_over(layer_[size_t(i)].s)) order_.push_back(i);
      if (order_.empty()) break;
      const size_t keep = std::min(order_.size(), size_t(width));
      std::partial_sort(order_.begin(), order_.begin() + long(keep), order_.end(),
                        [&](int a, int b) { return layer_[size_t(a)].value > layer_[size_t(b)].value; });
      order_.resize(keep);
      next_.clear();
      seen_.clear();
      for (int idx : order_) {
        State base = layer_[size_t(idx)].s;
        const int root = layer_[size_t(idx)].root;
        const int m = settle(base, deal, buf);
        if (m == 0) {  // the draw ended the game
          next_.push_back(Entry{base, root, judge(base)});
          continue;
        }
        Action opts[MAX_ACTIONS];
        std::copy(buf, buf + m, opts);
        for (int j = 0; j < m; ++j) {
          Entry e{base, root, 0};
          apply(*R_, e.s, opts[j]);
          ++stats_.steps;
          finish_turn(e.s, deal);
          const uint64_t key = position_key(*R_, e.s);
          if (std::find(seen_.begin(), seen_.end(), key) != seen_.end()) continue;
          seen_.push_back(key);
          e.value = judge(e.s);
          next_.push_back(std::move(e));
        }
      }
      if (next_.empty()) break;
      layer_.swap(next_);
      consider(layer_);
    }
    if (best_root >= 0) ++votes[size_t(best_root)];
  }
  int pick = 0;
  for (int i = 1; i < n; ++i)
    if (votes[size_t(i)] > votes[size_t(pick)] ||
        (votes[size_t(i)] == votes[size_t(pick)] && first_value[size_t(i)] > first_value[size_t(pick)]))
      pick = i;
  return pick;
}

}  // namespace mists
