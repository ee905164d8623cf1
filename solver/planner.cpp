#include "solver/planner.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <thread>

#include "solver/deal_solver.h"
#include "solver/td_agent.h"

namespace mists {

namespace {
// Runs work(0) .. work(threads - 1), work(0) on this thread and the others on helper threads that
// have joined when it returns.
template <class Work>
void on_threads(int threads, Work& work) {
  if (threads == 1) return work(0);
  std::vector<std::jthread> helpers;
  helpers.reserve(size_t(threads - 1));
  for (int t = 1; t < threads; ++t) helpers.emplace_back([&work, t] { work(t); });
  work(0);
}
}  // namespace

// One sample's search: the beam of whole turns on one sampled deal. Owns its buffers, so several
// run at once on different threads.
class PlannerSample {
 public:
  PlannerSample(const Rules& R, const PlannerConfig& cfg) : R_(R), cfg_(cfg) {
    if (cfg.afterstate) afterstate_.emplace(R, *cfg.afterstate, cfg.weights);
  }

  struct Outcome {
    int vote = -1;                    // vote mode: the root option of the best position of the last layer
    std::vector<double> first_value;  // vote mode: each option's value after its own turn
    std::vector<double> cand_value;   // candidate mode: each candidate's best value over its beam
    long long steps = 0;              // engine steps (apply and apply_draw)
  };
  // Vote mode: one beam from every option.
  Outcome run(const State& s, const Action* options, int n, const Deal& deal);
  // Candidate mode: a beam of its own from each of the options `candidates` (indices into `options`),
  // each followed by the rest of its turn.
  Outcome run_candidates(const State& s, const Action* options, const std::vector<int>& candidates, const Deal& deal);
  // The position after option `a` and the rest of its turn played greedily, and its value. The deal
  // is consulted only for a map chip turned up mid-turn (CM2); without chips it is not read.
  State after_turn(const State& s, Action a, const Deal& deal, double& value);
  long long take_steps() { const long long k = steps_; steps_ = 0; return k; }

 private:
  struct Entry {
    State s;
    int root;      // index of the root option the position descends from
    double value;  // heuristic value at the position (a win: above every other)
  };
  // Runs the beam from layer_ for the configured horizon; returns the best value of the deepest
  // layer reached and sets `vote` to that position's root.
  double beam(const Deal& deal, int& vote);
  // A position's worth to the beam: the heuristic's, or with value_all or an afterstate value the
  // learned chance to win (a won game is worth 2 less a little for a later win, as the heuristic
  // prefers an earlier one).
  double judge(const State& s) const {
    if (afterstate_) return s.outcome == mists::Outcome::Won ? 2.0 - s.turn * 1e-4 : afterstate_->value(s);
    if (cfg_.value && cfg_.value_all) return s.outcome == mists::Outcome::Won ? 2.0 - s.turn * 1e-4 : cfg_.value->value(R_, s);
    return evaluate(R_, s, cfg_.weights);
  }
  int settle(State& s, const Deal& deal, Action* buf);
  void finish_turn(State& s, const Deal& deal);

  const Rules& R_;
  PlannerConfig cfg_;
  long long steps_ = 0;
  std::vector<Entry> layer_, next_;
  std::vector<int> order_;
  std::vector<uint64_t> seen_;
  std::optional<AfterstateEval> afterstate_;
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

State PlannerSample::after_turn(const State& s, Action a, const Deal& deal, double& value) {
  State t = s;
  apply(R_, t, a);
  ++steps_;
  finish_turn(t, deal);
  value = judge(t);
  return t;
}

double PlannerSample::beam(const Deal& deal, int& vote) {
  Action buf[MAX_ACTIONS], opts[MAX_ACTIONS];
  double best_value = -std::numeric_limits<double>::infinity();
  auto consider = [&] {
    vote = -1;
    best_value = -std::numeric_limits<double>::infinity();
    for (const Entry& e : layer_)
      if (e.value > best_value) best_value = e.value, vote = e.root;
  };
  consider();
  const int width = std::max(1, cfg_.width);
  for (int depth = 0; cfg_.horizon == 0 || depth < cfg_.horizon; ++depth) {
    if (std::any_of(layer_.begin(), layer_.end(), [](const Entry& e) { return e.s.outcome == mists::Outcome::Won; })) break;  // a win ends the sample
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
  if (cfg_.value && !cfg_.value_all) {  // the deepest layer judged by the learned value: the chance to win from there
    best_value = -std::numeric_limits<double>::infinity();
    for (const Entry& e : layer_) {
      double v = cfg_.value->value(R_, e.s);
      if (cfg_.value_blend > 0) {  // beside the heuristic, in its points
        v = std::clamp(v, 0.001, 0.999);
        v = e.value + cfg_.value_blend * std::log(v / (1 - v));
      }
      if (v > best_value) best_value = v, vote = e.root;
    }
  }
  return best_value;
}

PlannerSample::Outcome PlannerSample::run(const State& s, const Action* options, int n, const Deal& deal) {
  Outcome out;
  out.first_value.assign(size_t(n), 0.0);
  // Layer 0: every option with the rest of its turn.
  layer_.clear();
  for (int i = 0; i < n; ++i) {
    double v = 0;
    layer_.push_back(Entry{after_turn(s, options[i], deal, v), i, v});
    out.first_value[size_t(i)] = v;
  }
  beam(deal, out.vote);
  out.steps = take_steps();
  return out;
}

PlannerSample::Outcome PlannerSample::run_candidates(const State& s, const Action* options,
                                                     const std::vector<int>& candidates, const Deal& deal) {
  Outcome out;
  out.cand_value.assign(candidates.size(), 0.0);
  for (size_t c = 0; c < candidates.size(); ++c) {
    double value = 0;
    layer_.clear();
    layer_.push_back(Entry{after_turn(s, options[candidates[c]], deal, value), int(c), value});
    int vote = -1;
    out.cand_value[c] = beam(deal, vote);
  }
  out.steps = take_steps();
  return out;
}

PlannerAgent::PlannerAgent(const Rules& rules, const PlannerConfig& cfg, uint64_t seed, const Deal* deal)
    : R_(&rules), cfg_(cfg), rng_(seed), expert_(rules, splitmix64(seed ^ 0x5bd1e995u), cfg.weights), deal_(deal) {
  if (cfg.afterstate) {
    TdConfig td;
    td.weights = cfg.weights;
    td_ = std::make_unique<TdAgent>(rules, *cfg.afterstate, td, splitmix64(seed ^ 0x5bd1e995u));
  }
}
PlannerAgent::~PlannerAgent() = default;
PlannerAgent::PlannerAgent(PlannerAgent&&) noexcept = default;

int PlannerAgent::operator()(const State& s, const Action* options, int n) {
  const bool planned = s.phase == Phase::Place || s.phase == Phase::Abbey || (cfg_.all_decisions && n >= 2);
  if (!planned) return td_ ? (*td_)(s, options, n) : expert_(s, options, n);  // placements and abbeys (CA2) are planned; the rest with all_decisions
  return plan(s, options, n);
}

int PlannerAgent::plan(const State& s, const Action* options, int n) {
  ++stats_.decisions;
  // The deals first, in order, from the one stream: the same deals on any number of threads. With the
  // true deal known, one sample is that deal (more would repeat it).
  const int k_samples = deal_ ? 1 : std::max(1, cfg_.samples);
  std::vector<Deal> deals;
  deals.reserve(size_t(k_samples));
  for (int k = 0; k < k_samples; ++k) deals.push_back(deal_ ? *deal_ : sample_deal(*R_, s, rng_));
  std::vector<PlannerSample::Outcome> outcomes(static_cast<size_t>(k_samples));
  const int threads = std::clamp(cfg_.threads, 1, k_samples);
  while (int(searches_.size()) < threads) searches_.push_back(std::make_unique<PlannerSample>(*R_, cfg_));
  if (cfg_.candidates > 0) return plan_candidates(s, options, n, deals, threads);
  auto work = [&](int t) {
    for (int k = t; k < k_samples; k += threads) outcomes[size_t(k)] = searches_[size_t(t)]->run(s, options, n, deals[size_t(k)]);
  };
  on_threads(threads, work);
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

// Candidate mode. The shortlist is the `candidates` options whose own turn (the option and the rest
// of the turn played greedily, a chip turned up mid-turn taken from the first sample) the heuristic
// values most (ties: the earlier option); each sample
// then runs a beam of its own from every candidate. The candidate with the highest sum over the
// samples of its best value is played (ties: the better own turn, then the earlier option). A won
// line is worth about 1e6 and a lost one about -1e5 (evaluate), so the sum counts the samples won
// and lost first and the heuristic after them.
int PlannerAgent::plan_candidates(const State& s, const Action* options, int n, const std::vector<Deal>& deals,
                                  int threads) {
  PlannerSample& first = *searches_[0];
  std::vector<double> own(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) first.after_turn(s, options[i], deals[0], own[size_t(i)]);
  stats_.steps += first.take_steps();
  std::vector<int> order(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) order[size_t(i)] = i;
  const int m = std::min(n, cfg_.candidates);
  std::partial_sort(order.begin(), order.begin() + m, order.end(), [&](int a, int b) {
    return own[size_t(a)] > own[size_t(b)] || (own[size_t(a)] == own[size_t(b)] && a < b);
  });
  order.resize(size_t(m));
  if (m == 1) return order[0];
  const int k_samples = int(deals.size());
  std::vector<PlannerSample::Outcome> outcomes(static_cast<size_t>(k_samples));
  auto work = [&](int t) {
    for (int k = t; k < k_samples; k += threads)
      outcomes[size_t(k)] = searches_[size_t(t)]->run_candidates(s, options, order, deals[size_t(k)]);
  };
  on_threads(threads, work);
  std::vector<double> total(static_cast<size_t>(m), 0.0);
  for (const auto& o : outcomes) {
    for (int c = 0; c < m; ++c) total[size_t(c)] += o.cand_value[size_t(c)];
    stats_.steps += o.steps;
  }
  int pick = 0;  // candidates are in order of their own turn's value
  for (int c = 1; c < m; ++c)
    if (total[size_t(c)] > total[size_t(pick)]) pick = c;
  return order[size_t(pick)];
}

}  // namespace mists
