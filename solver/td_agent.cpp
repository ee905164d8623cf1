#include "solver/td_agent.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace mists {

void finish_turn(const Rules& R, State& s, const Weights& w) {
  thread_local Action buf[MAX_ACTIONS];
  thread_local State scratch;
  const uint16_t turn = s.turn;
  while (!is_over(s) && !turn_start(s) && s.turn == turn) {
    assert(!is_chance(s));
    const int n = legal_actions(R, s, buf);
    apply(R, s, buf[n > 1 ? first_best(R, s, buf, n, w, scratch) : 0]);
  }
}

TdAgent::TdAgent(const Rules& rules, const AfterstateModel& model, const TdConfig& cfg, uint64_t seed, const Deal* deal)
    : R_(&rules), deal_(deal), eval_(rules, model, cfg.weights), cfg_(cfg), rng_(seed) {
  if (cfg.preview > 0 && !deal) throw std::invalid_argument("td agent: preview needs the game's deal");
}

double TdAgent::afterstate_value(State& c, double* tie) {
  finish_turn(*R_, c, cfg_.weights);
  ++stats_.evaluations;
  AfterstateInputs in;
  eval_.inputs(c, in);
  if (tie) *tie = in.heuristic_value;
  return eval_.value(in);
}

void TdAgent::option_values(const State& s, const Action* options, int n, std::vector<double>& out, std::vector<double>* ties) {
  out.resize(size_t(n));
  if (ties) ties->resize(size_t(n));
  for (int i = 0; i < n; ++i) {
    State c = s;
    apply(*R_, c, options[i]);
    out[size_t(i)] = afterstate_value(c, ties ? &(*ties)[size_t(i)] : nullptr);
  }
}

double TdAgent::draw_value(const State& after) {
  if (is_over(after)) return after.outcome == Outcome::Won ? 1.0 : 0.0;
  thread_local Action buf[MAX_ACTIONS];
  ChanceOutcome outcomes[MAX_TYPES];
  const int k = chance_outcomes(*R_, after, outcomes);
  double sum = 0, weight = 0;
  for (int j = 0; j < k; ++j) {
    State d = after;
    apply_draw(*R_, d, outcomes[j].type);
    double best;
    if (is_over(d) || turn_start(d)) {  // the game ended, or the tile fitted nowhere and was discarded
      ++stats_.evaluations;
      best = eval_.value(d);
    } else {
      const int n = legal_actions(*R_, d, buf);
      best = 0;
      for (int i = 0; i < n; ++i) {
        State c = d;
        apply(*R_, c, buf[i]);
        best = std::max(best, afterstate_value(c));
      }
    }
    sum += outcomes[j].weight * best;
    weight += outcomes[j].weight;
  }
  return weight > 0 ? sum / weight : eval_.value(after);
}

double TdAgent::known_value(const State& after, int k) {
  if (is_over(after)) return after.outcome == Outcome::Won ? 1.0 : 0.0;
  if (k == 0) {
    ++stats_.evaluations;
    return eval_.value(after);
  }
  State d = after;
  apply_draw(*R_, d, true_next_tile(*R_, *deal_, d));
  if (is_over(d) || turn_start(d)) return known_value(d, k - 1);  // the game ended, or the tile was discarded
  thread_local Action buf[MAX_ACTIONS];
  const int n = legal_actions(*R_, d, buf);
  std::vector<Action> opts(buf, buf + n);
  std::vector<double> values;
  option_values(d, opts.data(), n, values);
  const int best = int(std::max_element(values.begin(), values.end()) - values.begin());
  State c = d;
  apply(*R_, c, opts[size_t(best)]);
  finish_turn(*R_, c, cfg_.weights);
  return known_value(c, k - 1);
}

int TdAgent::operator()(const State& s, const Action* options, int n) {
  ++stats_.decisions;
  if (cfg_.explore > 0 && rng_.uniform() < cfg_.explore) return int(rng_.below(uint32_t(n)));
  // Depth 1: V of each option's afterstate, the heuristic there to break ties.
  option_values(s, options, n, values_, &tie_);
  if ((cfg_.depth >= 2 || cfg_.preview > 0) && s.phase == Phase::Place && n > 1) {
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    const int top = std::min(n, cfg_.top);
    std::partial_sort(order.begin(), order.begin() + top, order.end(), [&](int a, int b) {
      return values_[size_t(a)] != values_[size_t(b)] ? values_[size_t(a)] > values_[size_t(b)] : a < b;
    });
    int pick = order[0];
    double best = -1;
    for (int r = 0; r < top; ++r) {
      const int i = order[size_t(r)];
      State c = s;
      apply(*R_, c, options[i]);
      finish_turn(*R_, c, cfg_.weights);
      const double v = cfg_.preview > 0 ? known_value(c, cfg_.preview) : draw_value(c);
      if (v > best + 1e-12) best = v, pick = i;
    }
    return pick;
  }
  int pick = 0, ties = 0;
  double best = -std::numeric_limits<double>::infinity(), best_tie = best;
  for (int i = 0; i < n; ++i) {
    const double v = values_[size_t(i)], t = tie_[size_t(i)];
    if (v > best + 1e-12 || (v > best - 1e-12 && t > best_tie + 1e-9)) {
      best = std::max(best, v), best_tie = t, pick = i, ties = 1;
    } else if (v > best - 1e-12 && t > best_tie - 1e-9 && rng_.below(uint32_t(++ties)) == 0) {
      pick = i;
    }
  }
  return pick;
}

}  // namespace mists
