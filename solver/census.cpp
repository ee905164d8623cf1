#include "solver/census.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <unordered_set>

#include "solver/agents.h"
#include "solver/rng.h"

namespace mists {

namespace {

using Clock = std::chrono::steady_clock;

class Census {
 public:
  Census(const Rules& R, const Deal& deal, int turns, const SolveBudget& budget)
      : R_(R), deal_(deal), turns_(turns), budget_(budget), start_(Clock::now()) {}

  // The first turn start of the game: the initial position after its chance and forced steps.
  State root() {
    State s = initial_state(R_, deal_);
    Action* buf = buf_.data();
    while (!is_over(s) && !turn_start(s)) {
      if (is_chance(s)) draw(s);
      else if (legal_actions(R_, s, buf) == 1) step(s, buf[0]);
      else throw std::logic_error("census: a decision before the first turn");
    }
    return s;
  }

  // What one walk of a turn met besides the positions that end it.
  struct TurnWalk {
    long long cut = 0, lost = 0, won = 0;
  };

  // Every line of the turn that starts at `s`: appends to `out` each position that starts the next
  // turn whose key is not in `seen` yet, and adds the key; counts in `w` the games that end during the
  // turn (new in `seen`) and the decisions the points bound cuts (new in `cut_seen`; as in the prover,
  // the bound is asked at every decision with two or more options, and a cut one is not walked on).
  // Decisions inside the turn that lead to the same position are walked once. False when the budget
  // ran out (`out` and `w` then hold only part of the turn).
  bool walk_turn(const State& s, std::unordered_set<uint64_t>& seen, std::unordered_set<uint64_t>& cut_seen,
                 std::vector<State>& out, TurnWalk& w) {
    within_.clear();
    std::vector<State> stack{s};  // positions inside the turn still to expand (depth first)
    bool first = true;            // the turn start itself is not the end of the turn
    Action* buf = buf_.data();
    while (!stack.empty()) {
      if (out_of_budget()) return false;
      State c = std::move(stack.back());
      stack.pop_back();
      // Forced steps and chance steps (the draw, a chip, CM2) until a decision, the end or the next turn.
      while (true) {
        if (is_over(c) || (turn_start(c) && !first)) {
          if (!seen.insert(position_key(R_, c)).second) break;
          if (!is_over(c)) out.push_back(std::move(c));
          else ++(c.outcome == Outcome::Won ? w.won : w.lost);
          break;
        }
        first = false;
        if (is_chance(c)) {
          draw(c);
          continue;
        }
        const int n = legal_actions(R_, c, buf);
        if (n == 1) {
          step(c, buf[0]);
          continue;
        }
        const uint64_t key = position_key(R_, c);
        if (!within_.insert(key).second) break;
        if (bound_proves_lost(R_, deal_, c)) {
          w.cut += cut_seen.insert(key).second;
          break;
        }
        for (int i = n - 1; i >= 0; --i) {
          State g = c;
          step(g, buf[i]);
          stack.push_back(std::move(g));
        }
        break;
      }
    }
    return true;
  }

  CensusResult count(long long max_positions) {
    max_positions_ = max_positions;
    res_.turns.resize(size_t(turns_) + 1);
    seen_.resize(size_t(turns_) + 1);
    cut_.resize(size_t(turns_) + 1);
    const State s = root();
    if (is_over(s)) throw std::logic_error("census: the game is over before its first turn");
    seen_[0].insert(position_key(R_, s));
    boundary(s, 0);
    res_.complete = !stopped_;
    return finish();
  }

  CensusEstimate probe(int probes, uint64_t seed) {
    CensusEstimate est;
    est.turns.resize(size_t(turns_) + 1);
    const State root_position = root();
    std::unordered_set<uint64_t> seen, cut;
    std::vector<State> next;
    std::vector<CensusTurnEstimate> sums(est.turns.size());  // one probe's weights, kept only when it finishes
    for (int p = 0; p < probes && !stopped_; ++p) {
      std::fill(sums.begin(), sums.end(), CensusTurnEstimate{});
      Rng rng(stream_seed(seed, uint64_t(p), 0));  // probe p walks the same first turns whatever `turns` is
      State s = root_position;
      double weight = 1;  // the product of the numbers of choices along the probe
      for (int d = 0;; ++d) {
        CensusTurnEstimate& t = sums[size_t(d)];
        t.positions += weight;
        if (d == turns_) break;
        seen.clear();
        cut.clear();
        next.clear();
        TurnWalk w;
        if (!walk_turn(s, seen, cut, next, w)) break;
        t.cut += weight * double(w.cut);
        t.lost += weight * double(w.lost);
        t.won += weight * double(w.won);
        if (next.empty()) break;  // every line of this turn ended the game or was cut
        weight *= double(next.size());
        s = next[rng.below(uint32_t(next.size()))];
      }
      if (stopped_) break;
      ++est.probes;
      for (size_t k = 0; k < sums.size(); ++k) {
        est.turns[k].positions += sums[k].positions, est.turns[k].cut += sums[k].cut;
        est.turns[k].lost += sums[k].lost, est.turns[k].won += sums[k].won;
      }
    }
    // Means over the finished probes (an unfinished one is left out).
    for (CensusTurnEstimate& t : est.turns) {
      if (est.probes == 0) break;
      t.positions /= est.probes, t.cut /= est.probes, t.lost /= est.probes, t.won /= est.probes;
    }
    est.nodes = nodes_;
    est.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    return est;
  }

 private:
  void draw(State& s) {
    apply_draw(R_, s, true_next_tile(R_, deal_, s));
    ++nodes_;
  }
  void step(State& s, Action a) {
    apply(R_, s, a);
    ++nodes_;
  }
  bool out_of_budget() {
    if (stopped_) return true;
    if (budget_.nodes > 0 && nodes_ >= budget_.nodes) stopped_ = true;
    if (budget_.seconds > 0 && nodes_ - last_clock_ >= 256) {
      last_clock_ = nodes_;
      if (std::chrono::duration<double>(Clock::now() - start_).count() >= budget_.seconds) stopped_ = true;
    }
    return stopped_;
  }

  // A position met for the first time at the start of turn d: counted, and unless d is the last
  // turn asked for, every line of its turn walked, then the positions that start turn d + 1.
  void boundary(const State& s, int d) {
    CensusTurn& t = res_.turns[size_t(d)];
    const int tiles = tiles_left(s);
    t.tiles_min = t.positions == 0 ? tiles : std::min(t.tiles_min, tiles);
    t.tiles_max = std::max(t.tiles_max, tiles);
    ++t.positions;
    if (t.positions >= max_positions_) {
      res_.capped = true;
      stopped_ = true;
    }
    if (d == turns_ || stopped_) return;
    std::vector<State> next;
    TurnWalk w;
    const bool whole = walk_turn(s, seen_[size_t(d) + 1], cut_[size_t(d)], next, w);
    t.cut += w.cut, t.lost += w.lost, t.won += w.won;
    if (!whole) return;
    for (const State& n : next) {
      boundary(n, d + 1);
      if (stopped_) return;
    }
  }

  CensusResult finish() {
    res_.nodes = nodes_;
    res_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    return res_;
  }

  const Rules& R_;
  const Deal& deal_;
  int turns_;
  long long max_positions_ = 0;
  SolveBudget budget_;
  Clock::time_point start_;
  CensusResult res_;
  std::vector<std::unordered_set<uint64_t>> seen_;  // keys met at each turn start (and games ended before it)
  std::vector<std::unordered_set<uint64_t>> cut_;   // keys of the decisions the bound cut in each turn
  std::unordered_set<uint64_t> within_;             // keys of decisions met inside the turn being walked
  std::vector<Action> buf_ = std::vector<Action>(MAX_ACTIONS);  // option lists, used one at a time
  long long nodes_ = 0, last_clock_ = 0;
  bool stopped_ = false;
};

}  // namespace

CensusResult census_deal(const Rules& rules, const Deal& deal, int turns, long long max_positions, const SolveBudget& budget) {
  return Census(rules, deal, turns, budget).count(max_positions);
}

CensusEstimate census_estimate(const Rules& rules, const Deal& deal, int turns, int probes, uint64_t seed,
                               const SolveBudget& budget) {
  return Census(rules, deal, turns, budget).probe(probes, seed);
}

}  // namespace mists
