#include "solver/mcts.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstring>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>

#include "solver/agents.h"

namespace mists {

double reward(const Rules& R, const State& s) {
  if (s.outcome == Outcome::Won) return 1.0;
  const double supply = double(s.ghost_supply) / std::max(1, R.level.ghosts);
  return 0.08 * goal_fraction(R, s) + 0.02 * supply;  // at most 0.1: any cut-off position beats a loss
}

double cutoff_reward(const Rules& R, const State& s, double root_value, double scale, const Weights& w) {
  if (is_over(s)) return reward(R, s);
  const double h = evaluate(R, s, w);
  return 0.1 + 0.8 / (1.0 + std::exp(-(h - root_value) / scale));
}

namespace {

// One node of the search tree. A node stands for the position reached by the edge into it; it is
// a decision node or a chance node depending on that position, known once it is expanded.
struct TNode {
  double value = 0;       // sum of rewards backed up through the node
  uint32_t visits = 0;
  uint32_t vloss = 0;     // playouts under way through the node (tree parallelism)
  uint32_t child = 0;     // first child slot
  uint16_t slots = 0;     // child slots: legal options (ordered) or possible draws
  uint8_t kind = 0;       // 0 unexpanded, 1 decision, 2 chance
  uint8_t outcome = 0;    // edge from a chance node: the tile type drawn
  Action action{};        // edge from a decision node
};

// What one search thread owns: its random stream and its rollout policy.
struct Worker {
  Worker(const Rules& R, uint64_t seed, const Weights& w) : rng(seed), greedy(R, splitmix64(seed ^ 0x5eed), w) {}
  Rng rng;
  GreedyAgent greedy;
};

}  // namespace

class SearchTree {
 public:
  SearchTree(const Rules& R, const MctsConfig& cfg, const Deal* deal, double root_value)
      : R_(R), cfg_(cfg), deal_(deal), root_value_(root_value) {
    nodes_.reserve(1 << 16);
    nodes_.emplace_back();
  }

  // A new tree holding the subtree under `node` (node becomes the root), statistics kept.
  std::unique_ptr<SearchTree> extract(uint32_t node) const {
    auto t = std::make_unique<SearchTree>(R_, cfg_, deal_, root_value_);
    t->nodes_[0] = nodes_[node];
    std::vector<std::pair<uint32_t, uint32_t>> queue{{node, 0}};  // (old, new)
    for (size_t q = 0; q < queue.size(); ++q) {
      const auto [old, fresh] = queue[q];
      const TNode& o = nodes_[old];
      if (o.kind == 0 || o.slots == 0) continue;
      const uint32_t first = uint32_t(t->nodes_.size());
      for (uint32_t i = 0; i < o.slots; ++i) {
        t->nodes_.push_back(nodes_[o.child + i]);
        queue.emplace_back(o.child + i, first + i);
      }
      t->nodes_[fresh].child = first;
    }
    for (auto& n : t->nodes_) n.vloss = 0;
    return t;
  }

  // Follows `s` from `node` through one-option decisions until it reaches `target`; returns the
  // node standing for `target`, or -1 when the path leaves the tree or passes a draw.
  long follow(uint32_t node, State s, const State& target) const {
    thread_local Action opts[MAX_ACTIONS];
    for (int guard = 0; guard < 64; ++guard) {
      if (std::memcmp(&s, &target, sizeof(State)) == 0) return long(node);
      if (is_over(s) || is_chance(s) || nodes_[node].kind != 1) return -1;
      if (legal_actions(R_, s, opts) != 1) return -1;
      node = nodes_[node].child;
      apply(R_, s, opts[0]);
    }
    return -1;
  }

  uint32_t root_visits() const { return nodes_[0].visits; }
  double root_value() const { return root_value_; }
  uint32_t child_of_root(Action a) const {
    for (uint32_t i = 0; i < nodes_[0].slots; ++i)
      if (nodes_[nodes_[0].child + i].action == a) return nodes_[0].child + i;
    return 0;
  }

  // One playout: select and expand down the tree, roll out, back up. `lock` guards the tree in
  // tree parallelism (null otherwise).
  void playout(const State& root, Worker& w, std::mutex* lock) {
    State s = root;
    uint32_t path[512];
    int depth = 0;
    {
      std::unique_lock<std::mutex> guard;
      if (lock) guard = std::unique_lock<std::mutex>(*lock);
      uint32_t cur = 0;
      path[depth++] = cur;
      nodes_[cur].vloss++;
      while (!is_over(s) && depth < 511) {
        if (is_chance(s)) {
          if (nodes_[cur].kind == 0) expand_chance(cur, s);
          const int t = draw(s, w.rng);
          uint32_t next = nodes_[cur].child;
          while (nodes_[next].outcome != t) ++next;  // the child exists: same path, same unseen tiles
          apply_draw(R_, s, t);
          cur = next;
        } else {
          if (nodes_[cur].visits == 0 && cur != 0) break;  // a new leaf: roll out from here
          if (nodes_[cur].kind == 0) expand_decision(cur, s, w.rng);
          cur = select(cur);
          apply(R_, s, nodes_[cur].action);
        }
        path[depth++] = cur;
        nodes_[cur].vloss++;
      }
    }
    const double r = rollout(s, w);
    std::unique_lock<std::mutex> guard;
    if (lock) guard = std::unique_lock<std::mutex>(*lock);
    for (int i = 0; i < depth; ++i) {
      TNode& n = nodes_[path[i]];
      n.visits++;
      n.value += r;
      n.vloss--;
    }
  }

  // Root children as (action, visits, mean value).
  struct Edge {
    Action action;
    uint32_t visits;
    double value;
  };
  std::vector<Edge> root_edges() const {
    std::vector<Edge> out;
    const TNode& root = nodes_[0];
    for (uint32_t i = 0; i < root.slots; ++i) {
      const TNode& c = nodes_[root.child + i];
      out.push_back({c.action, c.visits, c.value});
    }
    return out;
  }
  size_t size() const { return nodes_.size(); }

 private:
  int draw(const State& s, Rng& rng) {
    if (deal_) return true_next_tile(R_, *deal_, s);
    int total = 0;
    for (int t = 0; t < R_.n_land_types; ++t) total += s.unseen[t];
    int x = int(rng.below(uint32_t(total)));
    for (int t = 0; t < R_.n_land_types; ++t)
      if ((x -= s.unseen[t]) < 0) return t;
    return R_.n_land_types - 1;
  }

  void expand_chance(uint32_t n, const State& s) {
    ChanceOutcome out[MAX_TYPES];
    const int k = chance_outcomes(R_, s, out);
    const uint32_t first = uint32_t(nodes_.size());
    if (deal_) {  // one outcome: the true next tile
      nodes_.emplace_back().outcome = uint8_t(true_next_tile(R_, *deal_, s));
    } else {
      for (int i = 0; i < k; ++i) nodes_.emplace_back().outcome = out[i].type;
    }
    nodes_[n].child = first;
    nodes_[n].slots = uint16_t(nodes_.size() - first);
    nodes_[n].kind = 2;
  }

  // Children in the order progressive widening opens them: best first by the heuristic of the
  // position each option leads to (ties in a random order), so the few children a young node may
  // have are the promising ones.
  void expand_decision(uint32_t n, const State& s, Rng& rng) {
    thread_local Action opts[MAX_ACTIONS];
    const int k = legal_actions(R_, s, opts);
    std::vector<std::pair<double, Action>> order(static_cast<size_t>(k));
    State c;
    for (int i = 0; i < k; ++i) {
      double key = rng.uniform() * 1e-6;
      if (k > 1) {
        c = s;
        apply(R_, c, opts[i]);
        key -= evaluate(R_, c, cfg_.weights);
      }
      order[size_t(i)] = {key, opts[i]};
    }
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    const uint32_t first = uint32_t(nodes_.size());
    for (const auto& [key, a] : order) nodes_.emplace_back().action = a;
    nodes_[n].child = first;
    nodes_[n].slots = uint16_t(k);
    nodes_[n].kind = 1;
  }

  uint32_t select(uint32_t n) {
    const TNode& p = nodes_[n];
    const double N = double(p.visits + p.vloss);
    uint32_t open = p.slots;
    if (p.slots > 1) open = std::min<uint32_t>(p.slots, uint32_t(std::ceil(cfg_.pw_k * std::pow(std::max(1.0, N), cfg_.pw_alpha))));
    const double logN = std::log(std::max(1.0, N));
    uint32_t best = p.child;
    double best_score = -1;
    for (uint32_t i = 0; i < open; ++i) {
      const TNode& c = nodes_[p.child + i];
      const double n_c = double(c.visits + c.vloss);
      if (n_c == 0) return p.child + i;  // open children are tried once first, in order
      const double score = c.value / n_c + cfg_.c * std::sqrt(logN / n_c);  // virtual losses count as 0
      if (score > best_score) best_score = score, best = p.child + i;
    }
    return best;
  }

  double rollout(State& s, Worker& w) {
    thread_local Action opts[MAX_ACTIONS];
    if (cfg_.rollout == Rollout::None) return cutoff_reward(R_, s, root_value_, cfg_.value_scale, cfg_.weights);
    const bool turn_only = cfg_.rollout == Rollout::Turn;
    const int stop = cfg_.rollout_turns && !turn_only ? s.turn + cfg_.rollout_turns : 1 << 30;
    while (!is_over(s) && s.turn < stop && !(turn_only && is_chance(s))) {
      if (is_chance(s)) {
        apply_draw(R_, s, draw(s, w.rng));
        continue;
      }
      const int n = legal_actions(R_, s, opts);
      int pick = 0;
      if (n > 1) pick = cfg_.rollout == Rollout::Random ? int(w.rng.below(uint32_t(n))) : w.greedy(s, opts, n);
      apply(R_, s, opts[pick]);
    }
    return cutoff_reward(R_, s, root_value_, cfg_.value_scale, cfg_.weights);
  }

  const Rules& R_;
  const MctsConfig& cfg_;
  const Deal* deal_;
  double root_value_;
  std::vector<TNode> nodes_;
};

MctsAgent::MctsAgent(const Rules& rules, MctsConfig config, uint64_t seed, const Deal* deal)
    : R_(&rules), cfg_(config), seed_(seed), deal_(deal) {}


int MctsAgent::operator()(const State& s, const Action* options, int n) {
  const uint64_t base = splitmix64(seed_ ^ splitmix64(++decisions_));
  const int threads = std::max(1, cfg_.threads);
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(cfg_.seconds);
  auto more = [&](long long done, long long budget) {
    if (cfg_.seconds > 0) return (done & 15) != 0 || Clock::now() < deadline;
    return done < budget;
  };
  const double root_value = evaluate(*R_, s, cfg_.weights);
  std::map<uint32_t, std::pair<uint64_t, double>> total;  // action bits -> visits, value
  const bool one_tree = threads == 1 || cfg_.parallel == SearchParallel::Tree;
  std::unique_ptr<SearchTree> kept;
  if (one_tree && cfg_.reuse && tree_) {  // the subtree of the last choice, if the game went on through it
    const long node = tree_->follow(expected_node_, expected_, s);
    if (node > 0) kept = tree_->extract(uint32_t(node));
  }
  tree_.reset();
  if (!one_tree) {
    // Root parallelism: independent trees, their root statistics added up.
    std::vector<std::vector<SearchTree::Edge>> edges(static_cast<size_t>(threads));
    std::vector<long long> done(size_t(threads), 0), nodes(size_t(threads), 0);
    auto run = [&](int t) {
      SearchTree search(*R_, cfg_, deal_, root_value);
      Worker worker(*R_, splitmix64(base + uint64_t(t)), cfg_.weights);
      const long long budget = cfg_.playouts / threads + (t < cfg_.playouts % threads);
      long long k = 0;
      while (more(k, budget)) search.playout(s, worker, nullptr), ++k;
      edges[size_t(t)] = search.root_edges();
      done[size_t(t)] = k;
      nodes[size_t(t)] = (long long)search.size();
    };
    tbb::task_arena arena(threads);
    arena.execute([&] { tbb::parallel_for(0, threads, run); });
    for (int t = 0; t < threads; ++t) {
      for (const auto& e : edges[size_t(t)]) {
        auto& [v, q] = total[e.action.bits];
        v += e.visits;
        q += e.value;
      }
      stats_.playouts += done[size_t(t)];
      stats_.nodes += nodes[size_t(t)];
    }
  } else {
    // One tree: on 1 thread, or shared by the threads with a lock around selection and backup
    // and virtual loss to spread them over different branches (tree parallelism).
    std::unique_ptr<SearchTree> search = kept ? std::move(kept) : std::make_unique<SearchTree>(*R_, cfg_, deal_, root_value);
    long long budget = cfg_.playouts;
    if (search->root_visits() > 0) {
      ++stats_.reused;
      budget = std::max<long long>(cfg_.playouts / 4, (long long)cfg_.playouts - search->root_visits());
    }
    std::atomic<long long> issued{0};
    if (threads == 1) {
      Worker worker(*R_, base, cfg_.weights);
      long long k = 0;
      while (more(k, budget)) search->playout(s, worker, nullptr), ++k;
      issued = k;
    } else {
      std::mutex lock;
      tbb::task_arena arena(threads);
      arena.execute([&] {
        tbb::parallel_for(0, threads, [&](int t) {
          Worker worker(*R_, splitmix64(base + uint64_t(t)), cfg_.weights);
          long long k;
          while (more(k = issued++, budget)) search->playout(s, worker, &lock);
        });
      });
      issued = std::min<long long>(issued, budget);
    }
    for (const auto& e : search->root_edges()) total[e.action.bits] = {e.visits, e.value};
    stats_.playouts += issued;
    stats_.nodes += (long long)search->size();
    tree_ = std::move(search);
  }
  // Most visits; ties broken by mean value.
  int pick = 0;
  uint64_t best_v = 0;
  double best_q = -1;
  for (int i = 0; i < n; ++i) {
    auto it = total.find(options[i].bits);
    if (it == total.end()) continue;
    const auto [v, sum] = it->second;
    const double q = v ? sum / double(v) : 0;
    if (v > best_v || (v == best_v && q > best_q)) best_v = v, best_q = q, pick = i;
  }
  if (tree_) {
    expected_ = s;
    apply(*R_, expected_, options[pick]);
    expected_node_ = tree_->child_of_root(options[pick]);
  }
  return pick;
}

}  // namespace mists
