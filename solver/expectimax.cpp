#include "solver/expectimax.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "solver/deal_solver.h"
#include "solver/rng.h"

namespace mists {

int tiles_to_come(const Rules& R, const State& s) {
  int n = 0;
  for (size_t k = 0; k < R.pile_sizes.size(); ++k) n += s.pile_size[k];
  return n;
}

namespace {

// The unseen multiset as a hash: two positions with the same board may differ in what is still to
// come (a tile discarded on one path, R2.2, another on the other).
uint64_t unseen_key(const State& s) {
  uint64_t h = 0x6a09e667f3bcc909ull;
  for (int t = 0; t < MAX_TYPES; ++t)
    if (s.unseen[size_t(t)]) h = splitmix64(h ^ (uint64_t(t) << 8 | s.unseen[size_t(t)]));
  return h;
}

double terminal(const State& s) { return s.outcome == Outcome::Won ? 1.0 : 0.0; }

struct OutOfBudget {};

// What the table knows of a position: its value lies in [lo, hi] (equal when exact).
struct Bounds {
  double lo = 0, hi = 1;
};

class Exact {
 public:
  Exact(const Rules& R, long long limit) : R_(R), limit_(limit) {}

  // Fail-soft: a result at or below alpha is an upper bound on the value, at or above beta a lower
  // bound, strictly between them the value.
  double search(const State& s, double alpha, double beta) {
    if (is_over(s)) return terminal(s);
    const uint64_t key = position_key(R_, s) ^ unseen_key(s);
    if (auto it = table_.find(key); it != table_.end()) {
      const Bounds b = it->second;
      if (b.lo == b.hi || b.lo >= beta) return b.lo;
      if (b.hi <= alpha) return b.hi;
    }
    const double v = is_chance(s) ? chance(s, alpha, beta) : decision(s, alpha, beta);
    Bounds& b = table_[key];
    if (v <= alpha) b.hi = std::min(b.hi, v);
    else if (v >= beta) b.lo = std::max(b.lo, v);
    else b.lo = b.hi = v;
    return v;
  }

  long long nodes() const { return nodes_; }
  long long positions() const { return (long long)table_.size(); }

 private:
  void step() {
    if (++nodes_ > limit_ && limit_ > 0) throw OutOfBudget{};
  }

  double decision(const State& s, double alpha, double beta) {
    Action opts[MAX_ACTIONS];
    const int n = legal_actions(R_, s, opts);
    double best = 0;
    for (int i = 0; i < n; ++i) {
      State c = s;
      apply(R_, c, opts[i]);
      step();
      const double v = search(c, std::max(alpha, best), beta);
      best = std::max(best, v);
      if (best >= beta || best >= 1.0) break;
    }
    return best;
  }

  // Star1: with the draws before i known exactly (sum) and those after i bounded by [0, 1], draw i
  // must lie in (A, B) for the node to lie in (alpha, beta).
  double chance(const State& s, double alpha, double beta) {
    ChanceOutcome out[MAX_TYPES];
    const int k = chance_outcomes(R_, s, out);
    std::sort(out, out + k, [](const ChanceOutcome& a, const ChanceOutcome& b) {
      return a.weight != b.weight ? a.weight > b.weight : a.type < b.type;
    });
    double total = 0;
    for (int j = 0; j < k; ++j) total += out[j].weight;
    double sum = 0, rest = 1;
    for (int j = 0; j < k; ++j) {
      const double p = out[j].weight / total, after = std::max(0.0, rest - p);
      const double A = (alpha - sum - after) / p, B = (beta - sum) / p;
      if (A >= 1.0) return sum + p + after;  // even a sure win here leaves the node at or below alpha
      if (B <= 0.0) return sum;              // even a sure loss here leaves it at or above beta
      State c = s;
      apply_draw(R_, c, out[j].type);
      step();
      const double v = search(c, std::max(A, 0.0), std::min(B, 1.0));
      sum += p * v;
      if (v <= A) return sum + after;
      if (v >= B) return sum;
      rest = after;
    }
    return sum;
  }

  const Rules& R_;
  long long limit_;
  long long nodes_ = 0;
  std::unordered_map<uint64_t, Bounds> table_;
};

// Plays forced steps, and the agent's choices when given, up to a draw or the end.
void settle(const Rules& R, State& s, const Policy* agent, long long* decisions) {
  Action opts[MAX_ACTIONS];
  while (!is_over(s) && !is_chance(s)) {
    const int n = legal_actions(R, s, opts);
    int pick = 0;
    if (n > 1 && agent) {
      pick = (*agent)(s, opts, n);
      if (decisions) ++*decisions;
    }
    apply(R, s, opts[pick]);
  }
}

double chance_mean(const Rules& R, const State& s, const std::function<double(const State&)>& child) {
  ChanceOutcome out[MAX_TYPES];
  const int k = chance_outcomes(R, s, out);
  double sum = 0, total = 0;
  for (int j = 0; j < k; ++j) {
    State c = s;
    apply_draw(R, c, out[j].type);
    sum += out[j].weight * child(c);
    total += out[j].weight;
  }
  return sum / total;
}

}  // namespace

ExactResult exact_value(const Rules& R, const State& s, long long node_limit) {
  Exact search(R, node_limit);
  ExactResult r;
  try {
    // A window just outside [0, 1]: every result inside it is the value itself.
    r.value = search.search(s, -1e-9, 1.0 + 1e-9);
    r.exact = true;
  } catch (const OutOfBudget&) {
    r.exact = false;
  }
  r.nodes = search.nodes();
  r.positions = search.positions();
  return r;
}

double brute_value(const Rules& R, const State& s) {
  if (is_over(s)) return terminal(s);
  if (is_chance(s)) return chance_mean(R, s, [&](const State& c) { return brute_value(R, c); });
  Action opts[MAX_ACTIONS];
  const int n = legal_actions(R, s, opts);
  double best = 0;
  for (int i = 0; i < n; ++i) {
    State c = s;
    apply(R, c, opts[i]);
    best = std::max(best, brute_value(R, c));
  }
  return best;
}

double policy_value(const Rules& R, const State& s0, const Policy& agent, long long* decisions) {
  State s = s0;
  settle(R, s, &agent, decisions);
  if (is_over(s)) return terminal(s);
  return chance_mean(R, s, [&](const State& c) { return policy_value(R, c, agent, decisions); });
}

}  // namespace mists
