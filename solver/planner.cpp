#include "solver/planner.h"

#include <algorithm>
#include <limits>
#include <thread>

#include "solver/deal_solver.h"

namespace mists {

// One sample's search: the beam of whole turns on one sampled deal. Owns its buffers, so several
// run at once on different threads.
class PlannerSample {
 public:
  PlannerSample(const Rules& R, const PlannerConfig& cfg) : R_(R), cfg_(cfg) {}

  struct Outcome {
    int vote = -1;                    // the root option of the best position of the last layer
    std::vector<double> first_value;  // each option's value after its own turn
    long long steps = 0;              // engine steps (apply and apply_draw)
  };
  Outcome run(const State& s, const Action* options, int n, const Deal& deal);

 private:
  struct Entry {
    State s;
    int root;      // index of the root option the position descends from
    double value;  // heuristic value at the position (a win: above every other)
  };
  double judge(const State& s) const { return evaluate(R_, s, cfg_.weights); }
  int settle(State& s, const Deal& deal, Action* buf);
  void finish_turn(State& s, const Deal& deal);

  const Rules& R_;
  PlannerConfig cfg_;
  long long steps_ = 0;
  std::vector<Entry> layer_, next_;
  std::vector<int> order_;
  std::vector<uint64_t> seen_;
};

// Plays draws (from `deal`) and forced steps until a decision with two or more options (returns
// their count, options in `buf`) or the end of the game (returns 0).
int PlannerSample::settle(State& s, const Deal& deal, Action* buf) {
  while (!is_over(s)) {
    if (is_chance(s)) {
      apply_draw(R_, s, true_next_tile(R_, deal, s));
      ++steps_;
      continue;
    }
    const int n = legal_actions(R_, s, buf);
    if (n >= 2) return n;
    apply(R_, s, buf[0]);
    ++steps_;
  }
  return 0;
}

// Plays the rest of the turn greedily, stopping at the start of the next turn or the end of the
// game, by `first_best` as the deal solver's macro moves do (no random tie-break, so a beam is a
// function of its deal); a chip turned up mid-turn (CM2) comes from the deal.
void PlannerSample::finish_turn(State& s, const Deal& deal) {
  Action buf[MAX_ACTIONS];
  State c;
  while (!is_over(s) && !turn_start(s)) {
    if (is_chance(s)) {
      apply_draw(R_, s, true_next_tile(R_, deal, s));
      ++steps_;
      continue;
    }
    const int n = legal_actions(R_, s, buf);
    int pick = 0;
    if (n >= 2) {
      pick = first_best(R_, s, buf, n, cfg_.weights, c);
      steps_ += n;
    }
    apply(R_, s, buf[pick]);
    ++steps_;
  }
}

PlannerSample::Outcome PlannerSample::run(const State& s, const Action* options, int n, const Deal& deal) {
  Action buf[MAX_ACTIONS], opts[MAX_ACTIONS];
  Outcome out;
  out.first_value.assign(size_t(n), 0.0);
  // Layer 0: every option with the rest of its turn.
  layer_.clear();
  for (int i = 0; i < n; ++i) {
    Entry e{s, i, 0};
    apply(R_, e.s, options[i]);
    ++steps_;
    finish_turn(e.s, deal);
    e.value = judge(e.s);
    out.first_value[size_t(i)] = e.value;
    layer_.push_back(e);
  }
  double best_value = -std::numeric_limits<double>::infinity();
  auto consider = [&] {
    out.vote = -1;
    best_value = -std::numeric_limits<double>::infinity();
    for (const Entry& e : layer_)
      if (e.value > best_value) best_value = e.value, out.vote = e.root;
  };
  consider();
  const int width = std::max(1, cfg_.width);
  for (int depth = 0; cfg_.horizon == 0 || depth < cfg_.horizon; ++depth) {
    if (best_value >= 1e5) break;  // a win (evaluate: 1e6 - turn) ends the sample
    // The best `width` positions that go on.
    order_.clear();
    for (int i = 0; i < int(layer_.size()); ++i)
      if (!is_over(layer_[size_t(i)].s)) order_.push_back(i);
    if (order_.empty()) break;
    const size_t keep = std::min(order_.size(), size_t(width));
    std::partial_sort(order_.begin(), order_.begin() + long(keep), order_.end(),
                      [&](int a, int b) { return layer_[size_t(a)].value > layer_[size_t(b)].value; });
    order_.resize(keep);
    // Each one turn on: every option of its next decision, the rest of the turn greedy.
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
      std::copy(buf, buf + m, opts);
      for (int j = 0; j < m; ++j) {
        Entry e{base, root, 0};
        apply(R_, e.s, opts[j]);
        ++steps_;
        finish_turn(e.s, deal);
        const uint64_t key = position_key(R_, e.s);
        if (std::find(seen_.begin(), seen_.end(), key) != seen_.end()) continue;
        seen_.push_back(key);
        e.value = judge(e.s);
        next_.push_back(std::move(e));
      }
    }
    if (next_.empty()) break;
    layer_.swap(next_);
    consider();
  }
  out.steps = steps_;
  steps_ = 0;
  return out;
}

PlannerAgent::PlannerAgent(const Rules& rules, const PlannerConfig& cfg, uint64_t seed)
    : R_(&rules), cfg_(cfg), rng_(seed), expert_(rules, splitmix64(seed ^ 0x5bd1e995u), cfg.weights) {}
PlannerAgent::~PlannerAgent() = default;
PlannerAgent::PlannerAgent(PlannerAgent&&) noexcept = default;

int PlannerAgent::operator()(const State& s, const Action* options, int n) {
  if (s.phase != Phase::Place && s.phase != Phase::Abbey) return expert_(s, options, n);  // placements and abbeys (CA2) are planned
  return plan(s, options, n);
}

int PlannerAgent::plan(const State& s, const Action* options, int n) {
  ++stats_.decisions;
  const int k_samples = std::max(1, cfg_.samples);
  // The deals first, in order, from the one stream: the same deals on any number of threads.
  std::vector<Deal> deals;
  deals.reserve(size_t(k_samples));
  for (int k = 0; k < k_samples; ++k) deals.push_back(sample_deal(*R_, s, rng_));
  std::vector<PlannerSample::Outcome> outcomes(static_cast<size_t>(k_samples));
  const int threads = std::clamp(cfg_.threads, 1, k_samples);
  while (int(searches_.size()) < threads) searches_.push_back(std::make_unique<PlannerSample>(*R_, cfg_));
  auto work = [&](int t) {
    for (int k = t; k < k_samples; k += threads) outcomes[size_t(k)] = searches_[size_t(t)]->run(s, options, n, deals[size_t(k)]);
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::jthread> helpers;
    helpers.reserve(size_t(threads - 1));
    for (int t = 1; t < threads; ++t) helpers.emplace_back([&work, t] { work(t); });
    work(0);
  }  // the helpers join here
  // Votes, and the value of each option's own turn summed, in sample order.
  std::vector<int> votes(size_t(n), 0);
  std::vector<double> first_value(size_t(n), 0.0);
  for (const auto& o : outcomes) {
    if (o.vote >= 0) ++votes[size_t(o.vote)];
    for (int i = 0; i < n; ++i) first_value[size_t(i)] += o.first_value[size_t(i)];
    stats_.steps += o.steps;
  }
  int pick = 0;
  for (int i = 1; i < n; ++i)
    if (votes[size_t(i)] > votes[size_t(pick)] ||
        (votes[size_t(i)] == votes[size_t(pick)] && first_value[size_t(i)] > first_value[size_t(pick)]))
      pick = i;
  return pick;
}

}  // namespace mists
