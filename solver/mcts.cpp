#include "solver/mcts.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <new>
#include <stdexcept>
#include <thread>
#include <type_traits>

#include "solver/agents.h"
#include "solver/td_agent.h"

namespace mists {

double reward(const Rules& R, const State& s) {
  if (s.outcome == Outcome::Won) return 1.0;
  const double supply = double(s.ghost_supply) / std::max(1, R.level.ghosts);
  return 0.08 * goal_fraction(R, s) + 0.02 * supply;  // at most 0.1: any cut-off position beats a loss
}

// The learned value's chance as log-odds, kept finite.
double value_logit(double p) {
  const double q = std::clamp(p, 1e-6, 1.0 - 1e-6);
  return std::log(q / (1.0 - q));
}

// A cut-off position judged by the learned value, relative to the root as the heuristic's reward is:
// 0.1 + 0.8 * sigmoid((logit V - logit V_root) / VALUE_LOGIT_SCALE).
constexpr double VALUE_LOGIT_SCALE = 0.5;  // log-odds that move a reward across the sigmoid
double value_reward(const Rules& R, const State& s, const ValueModel& v, double root_logit) {
  return 0.1 + 0.8 / (1.0 + std::exp(-(value_logit(v.value(R, s)) - root_logit) / VALUE_LOGIT_SCALE));
}

double cutoff_reward(const Rules& R, const State& s, double root_value, double scale, const Weights& w) {
  if (is_over(s)) return reward(R, s);
  const double h = evaluate(R, s, w);
  return 0.1 + 0.8 / (1.0 + std::exp(-(h - root_value) / scale));
}

namespace {

// How far a node is expanded. Only the thread that moves a node from Unexpanded to Expanding
// creates its children and writes its `child` and `slots`; it then publishes them with a release
// store of Decision or Chance, and every reader loads the state with acquire before it reads them.
enum NodeState : uint8_t { Unexpanded, Expanding, Decision, Chance };

// One node of the search tree. A node stands for the position reached by the edge into it; it is
// a decision node or a chance node depending on that position, known once it is expanded.
// Statistics are atomics so that several threads can select and back up through one tree without
// a lock (tree parallelism; KataGo's NodeStatsAtomic, lc0's n_in_flight_): selection reads them
// relaxed, backup adds to them, and a mean read while another thread backs up is at most one
// playout stale.
struct TNode {
  std::atomic<double> value{0};          // sum of rewards backed up through the node
  std::atomic<uint64_t> count{0};        // visits << 32 | playouts under way through the node
                                         //   (virtual loss): one word, so that a backup turns
                                         //   its playout into a visit in one step
  uint32_t child = 0;                    // first child (read only after an acquire of `state`)
  uint16_t slots = 0;                    // children: legal options (ordered) or possible draws
  std::atomic<uint8_t> state{Unexpanded};
  uint8_t outcome = 0;                   // edge from a chance node: the tile type drawn
  Action action{};                       // edge from a decision node
};
static_assert(std::is_trivially_destructible_v<TNode>, "the arena frees chunks without destroying nodes");
static_assert(sizeof(TNode) == 32, "two nodes a cache line");

constexpr uint64_t UNDERWAY = 1;                  // count: one more playout under way
constexpr uint64_t VISIT = uint64_t(1) << 32;     // count: one more visit
constexpr uint32_t visits_of(uint64_t count) { return uint32_t(count >> 32); }
constexpr uint32_t underway_of(uint64_t count) { return uint32_t(count); }

// Adds `d` to a node statistic. Shared (several threads in one tree): an atomic read-modify-write
// (a compare-and-swap loop for the double). One thread: a plain load and store — the same
// arithmetic in the same order, so a 1-thread search repeats bit for bit, and no locked
// instruction on its path.
template <bool Shared, class T>
void add(std::atomic<T>& x, T d) {
  if constexpr (Shared) x.fetch_add(d, std::memory_order_relaxed);
  else x.store(x.load(std::memory_order_relaxed) + d, std::memory_order_relaxed);
}

// The nodes of one tree, in chunks that never move once made, so a thread may read nodes while
// another adds children (a std::vector that reallocates under its readers would be a data race).
// Chunk c holds FIRST << c nodes and node i lies in chunk bit_width(i + FIRST) - 1 - FIRST_BITS,
// so a tree of any size needs few chunks and the first one is small. Space is taken with an
// atomic bump index; the children of a node are contiguous and never straddle two chunks.
class NodeArena {
 public:
  static constexpr int FIRST_BITS = 13;                   // the first chunk holds 8,192 nodes
  static constexpr uint64_t FIRST = uint64_t(1) << FIRST_BITS;
  static constexpr int CHUNKS = 32 - FIRST_BITS;          // node indices fit in 32 bits
  static constexpr uint64_t CAPACITY = (uint64_t(1) << 32) - FIRST;
  static_assert(FIRST >= uint64_t(MAX_ACTIONS), "a node's children must fit in one chunk");

  NodeArena() = default;
  NodeArena(const NodeArena&) = delete;
  NodeArena& operator=(const NodeArena&) = delete;
  ~NodeArena() {
    for (auto& c : chunk_) ::operator delete(c.load(std::memory_order_relaxed));
  }

  // Node i (made by allocate). The chunk pointer may be read relaxed: whoever holds index i got it
  // through the acquire that published it, which comes after the chunk was stored.
  TNode& operator[](uint32_t i) const {
    const uint64_t j = uint64_t(i) + FIRST;
    const int c = chunk_of(j);
    return chunk_[c].load(std::memory_order_relaxed)[j - (FIRST << c)];
  }

  // k (1..MAX_ACTIONS) contiguous new nodes; returns the first index. Safe from several threads.
  uint32_t allocate(uint32_t k) {
    uint64_t cur = next_.load(std::memory_order_relaxed), first;
    do {
      first = cur;
      const uint64_t chunk_end = (FIRST << (chunk_of(first + FIRST) + 1)) - FIRST;
      if (first + k > chunk_end) first = chunk_end;  // skip the chunk's tail: children stay together
    } while (!next_.compare_exchange_weak(cur, first + k, std::memory_order_relaxed));
    if (first + k > CAPACITY) throw std::length_error("search tree: more than 2^32 nodes");
    const uint64_t j = first + FIRST;
    const int c = chunk_of(j);
    TNode* base = chunk(c) + (j - (FIRST << c));
    for (uint32_t i = 0; i < k; ++i) new (base + i) TNode();
    made_.fetch_add(k, std::memory_order_relaxed);
    return uint32_t(first);
  }

  size_t made() const { return made_.load(std::memory_order_relaxed); }

 private:
  static int chunk_of(uint64_t j) { return int(std::bit_width(j)) - 1 - FIRST_BITS; }

  // Chunk c, made by the first thread that needs it (a loser of the race frees its own).
  TNode* chunk(int c) {
    TNode* p = chunk_[c].load(std::memory_order_acquire);
    if (p) return p;
    auto* fresh = static_cast<TNode*>(::operator new(sizeof(TNode) * (FIRST << c)));
    if (chunk_[c].compare_exchange_strong(p, fresh, std::memory_order_acq_rel, std::memory_order_acquire)) return fresh;
    ::operator delete(fresh);
    return p;
  }

  std::atomic<TNode*> chunk_[CHUNKS] = {};
  std::atomic<uint64_t> next_{0};  // first unused index
  std::atomic<uint64_t> made_{0};  // nodes made (indices skipped at chunk ends not counted)
};

// What one search thread owns: its random stream and its rollout policy.
struct Worker {
  Worker(const Rules& R, uint64_t seed, const Weights& w) : rng(seed), greedy(R, splitmix64(seed ^ 0x5eed), w) {}
  Rng rng;
  GreedyAgent greedy;
};

// Runs work(0) on the calling thread and work(1), ..., work(n - 1) on threads of their own, and
// returns when all have finished. Plain threads rather than TBB tasks: a search gets the threads
// it asks for even inside a batch that tbb::global_control limits to one thread per game, and
// ThreadSanitizer sees the start and the join (TBB's own synchronisation is not instrumented).
template <class Work>
void run_threads(int n, Work&& work) {
  std::vector<std::jthread> helpers;
  helpers.reserve(size_t(std::max(0, n - 1)));
  for (int t = 1; t < n; ++t) helpers.emplace_back([&work, t] { work(t); });
  work(0);
}  // the jthreads join here

}  // namespace

class SearchTree {
 public:
  static constexpr int MAX_DEPTH = 512;  // nodes on one playout's path

  // `afterstate`: the agent's evaluator of cfg.afterstate (null without one), shared by its trees.
  SearchTree(const Rules& R, const MctsConfig& cfg, const Deal* deal, double root_value, const AfterstateEval* afterstate)
      : R_(R), cfg_(cfg), deal_(deal), root_value_(root_value), afterstate_(afterstate) {
    nodes_.allocate(1);  // the root, index 0
  }

  // A new tree holding the subtree under `node` (node becomes the root), statistics kept. Only
  // when no playout is under way.
  std::unique_ptr<SearchTree> extract(uint32_t node) const {
    auto t = std::make_unique<SearchTree>(R_, cfg_, deal_, root_value_, afterstate_);
    copy(t->nodes_[0], nodes_[node]);
    std::vector<std::pair<uint32_t, uint32_t>> queue{{node, 0}};  // (old, new)
    for (size_t q = 0; q < queue.size(); ++q) {
      const auto [old, fresh] = queue[q];
      const TNode& o = nodes_[old];
      if (o.state.load(std::memory_order_acquire) < Decision || o.slots == 0) continue;
      const uint32_t first = t->nodes_.allocate(o.slots);
      for (uint32_t i = 0; i < o.slots; ++i) {
        copy(t->nodes_[first + i], nodes_[o.child + i]);
        queue.emplace_back(o.child + i, first + i);
      }
      t->nodes_[fresh].child = first;
    }
    return t;
  }

  // Follows `s` from `node` through one-option decisions until it reaches `target`; returns the
  // node standing for `target`, or -1 when the path leaves the tree or passes a draw.
  long follow(uint32_t node, State s, const State& target) const {
    thread_local Action opts[MAX_ACTIONS];
    for (int guard = 0; guard < 64; ++guard) {
      if (std::memcmp(&s, &target, sizeof(State)) == 0) return long(node);
      if (is_over(s) || is_chance(s) || nodes_[node].state.load(std::memory_order_acquire) != Decision) return -1;
      if (legal_actions(R_, s, opts) != 1) return -1;
      node = nodes_[node].child;
      apply(R_, s, opts[0]);
    }
    return -1;
  }

  uint32_t root_visits() const { return visits_of(nodes_[0].count.load(std::memory_order_relaxed)); }
  double root_value() const { return root_value_; }
  uint32_t child_of_root(Action a) const {
    const TNode& root = nodes_[0];
    for (uint32_t i = 0; i < root.slots; ++i)
      if (nodes_[root.child + i].action == a) return root.child + i;
    return 0;
  }

  // One playout: select and expand down the tree, roll out, back up. Shared: other threads run
  // playouts in this tree at the same time (tree parallelism), so statistics change with atomic
  // read-modify-writes; otherwise with plain loads and stores (see add()).
  //   1. From the root, follow sampled draws at chance nodes and UCT choices at decision nodes,
  //      counting a virtual loss on every node passed, until a decision node never visited (a new
  //      leaf), the end of the game, or a node another thread is expanding (a leaf this time; the
  //      root and chance nodes, quick to expand, are waited for instead).
  //   2. Expand the nodes passed on the way the first time (the thread that claims a node does).
  //   3. Judge the leaf (rollout) and add the reward to every node on the path, removing its
  //      virtual loss.
  template <bool Shared>
  void playout(const State& root, Worker& w) {
    State s = root;
    uint32_t path[MAX_DEPTH];
    int depth = 0;
    uint32_t cur = 0;
    path[depth++] = cur;
    add<Shared>(nodes_[cur].count, UNDERWAY);
    while (!is_over(s) && depth < MAX_DEPTH - 1) {
      if (is_chance(s)) {
        expand(cur, s, w, true);
        const int t = draw(s, w.rng);
        const uint32_t first = nodes_[cur].child;
        const TNode* kids = &nodes_[first];  // contiguous, in one chunk
        uint32_t i = 0;
        while (kids[i].outcome != t) ++i;  // the child exists: same path, same unseen tiles
        cur = first + i;
        apply_draw(R_, s, t);
      } else {
        if (cur != 0 && visits_of(nodes_[cur].count.load(std::memory_order_relaxed)) == 0) break;  // a new leaf
        if (expand(cur, s, w, cur == 0) == Expanding) break;  // being expanded elsewhere: a leaf now
        cur = select(cur);
        apply(R_, s, nodes_[cur].action);
      }
      path[depth++] = cur;
      add<Shared>(nodes_[cur].count, UNDERWAY);
    }
    const double r = rollout(s, w);
    for (int i = 0; i < depth; ++i) {
      TNode& n = nodes_[path[i]];
      // The count first: its fetch_add takes the cache line for writing at once, so the
      // compare-and-swap on the value next to it does not need a second trip.
      add<Shared>(n.count, VISIT - UNDERWAY);  // visits + 1, under way - 1: their sum stays
      add<Shared>(n.value, r);
    }
  }

  // Root children as (action, visits, sum of rewards).
  struct Edge {
    Action action;
    uint32_t visits;
    double value;
  };
  std::vector<Edge> root_edges() const {
    std::vector<Edge> out;
    const TNode& root = nodes_[0];
    if (root.state.load(std::memory_order_acquire) < Decision) return out;
    for (uint32_t i = 0; i < root.slots; ++i) {
      const TNode& c = nodes_[root.child + i];
      out.push_back({c.action, visits_of(c.count.load(std::memory_order_relaxed)), c.value.load(std::memory_order_relaxed)});
    }
    return out;
  }
  size_t size() const { return nodes_.made(); }

 private:
  // Statistics and edge of `from` into the new node `to`; no playout under way, so no virtual loss.
  static void copy(TNode& to, const TNode& from) {
    to.value.store(from.value.load(std::memory_order_relaxed), std::memory_order_relaxed);
    to.count.store(uint64_t(visits_of(from.count.load(std::memory_order_relaxed))) * VISIT, std::memory_order_relaxed);
    to.slots = from.slots;
    to.state.store(from.state.load(std::memory_order_relaxed), std::memory_order_relaxed);
    to.outcome = from.outcome;
    to.action = from.action;
  }

  // A chance outcome sampled by its weight (a tile by its unseen copies, a chip value by the chips
  // left, CM2), or the true one for the clairvoyant.
  int draw(const State& s, Rng& rng) const {
    if (deal_) return true_next_tile(R_, *deal_, s);
    ChanceOutcome out[MAX_TYPES];
    const int k = chance_outcomes(R_, s, out);
    int total = 0;
    for (int i = 0; i < k; ++i) total += out[i].weight;
    int x = int(rng.below(uint32_t(total)));
    for (int i = 0; i < k; ++i)
      if ((x -= out[i].weight) < 0) return out[i].type;
    return out[k - 1].type;
  }

  // Expands node `n`, which stands for `s`, unless that is done; returns its state. If another
  // thread is expanding it, waits for it when `wait`, else returns Expanding at once.
  uint8_t expand(uint32_t n, const State& s, Worker& w, bool wait) {
    TNode& x = nodes_[n];
    uint8_t st = x.state.load(std::memory_order_acquire);
    if (st == Unexpanded && x.state.compare_exchange_strong(st, Expanding, std::memory_order_acquire)) {
      st = is_chance(s) ? expand_chance(x, s) : expand_decision(x, s, w.rng);
      x.state.store(st, std::memory_order_release);  // publishes child, slots and the children
      return st;
    }
    while (wait && st == Expanding) {
      std::this_thread::yield();
      st = x.state.load(std::memory_order_acquire);
    }
    return st;
  }

  uint8_t expand_chance(TNode& x, const State& s) {
    if (deal_) {  // one outcome: the true next tile
      x.child = nodes_.allocate(1);
      nodes_[x.child].outcome = uint8_t(true_next_tile(R_, *deal_, s));
      x.slots = 1;
      return Chance;
    }
    ChanceOutcome out[MAX_TYPES];
    const int k = chance_outcomes(R_, s, out);
    const uint32_t first = nodes_.allocate(uint32_t(k));
    for (int i = 0; i < k; ++i) nodes_[first + uint32_t(i)].outcome = out[i].type;
    x.child = first;
    x.slots = uint16_t(k);
    return Chance;
  }

  // Children in the order progressive widening opens them: best first by the heuristic of the
  // position each option leads to (ties in a random order), so the few children a young node may
  // have are the promising ones.
  uint8_t expand_decision(TNode& x, const State& s, Rng& rng) {
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
    const uint32_t first = nodes_.allocate(uint32_t(k));
    TNode* kids = &nodes_[first];
    for (int i = 0; i < k; ++i) kids[i].action = order[size_t(i)].second;
    x.child = first;
    x.slots = uint16_t(k);
    return Decision;
  }

  // UCT over the children progressive widening has opened; playouts under way count as visits of
  // reward 0 (virtual loss), which spreads the threads of a shared tree over different branches.
  uint32_t select(uint32_t n) const {
    const TNode& p = nodes_[n];
    const uint64_t pc = p.count.load(std::memory_order_relaxed);
    const double N = double(visits_of(pc) + underway_of(pc));
    uint32_t open = p.slots;
    if (p.slots > 1) open = std::min<uint32_t>(p.slots, uint32_t(std::ceil(cfg_.pw_k * std::pow(std::max(1.0, N), cfg_.pw_alpha))));
    const double logN = std::log(std::max(1.0, N));
    const TNode* kids = &nodes_[p.child];
    uint32_t best = 0;
    double best_score = -1;
    for (uint32_t i = 0; i < open; ++i) {
      const TNode& c = kids[i];
      const uint64_t cc = c.count.load(std::memory_order_relaxed);
      const double n_c = double(visits_of(cc) + underway_of(cc));
      if (n_c == 0) return p.child + i;  // open children are tried once first, in order
      const double score = c.value.load(std::memory_order_relaxed) / n_c + cfg_.c * std::sqrt(logN / n_c);
      if (score > best_score) best_score = score, best = i;
    }
    return p.child + best;
  }

  double rollout(State& s, Worker& w) const {
    thread_local Action opts[MAX_ACTIONS];
    if (cfg_.rollout == Rollout::None) return leaf_reward(s);
    const bool turn_only = cfg_.rollout == Rollout::Turn;
    const int stop = cfg_.rollout_turns && !turn_only ? s.turn + cfg_.rollout_turns : 1 << 30;
    while (!is_over(s) && s.turn < stop && !(turn_only && turn_start(s))) {
      if (is_chance(s)) {
        apply_draw(R_, s, draw(s, w.rng));
        continue;
      }
      const int n = legal_actions(R_, s, opts);
      int pick = 0;
      if (n > 1) pick = cfg_.rollout == Rollout::Random ? int(w.rng.below(uint32_t(n))) : w.greedy(s, opts, n);
      apply(R_, s, opts[pick]);
    }
    return leaf_reward(s);
  }

  // The reward of the position a rollout stopped at: the learned value's, if the search reads one,
  // for a position before the end; else the heuristic's cut-off reward (a finished game's reward).
  double leaf_reward(const State& s) const {
    if (cfg_.value && !is_over(s)) return value_reward(R_, s, *cfg_.value, root_value_);
    if (afterstate_ && !is_over(s))
      return 0.1 + 0.8 / (1.0 + std::exp(-(value_logit(afterstate_->value(s)) - root_value_) / VALUE_LOGIT_SCALE));
    return cutoff_reward(R_, s, root_value_, cfg_.value_scale, cfg_.weights);
  }

  const Rules& R_;
  const MctsConfig& cfg_;
  const Deal* deal_;
  double root_value_;
  const AfterstateEval* afterstate_;
  NodeArena nodes_;
};

MctsAgent::MctsAgent(const Rules& rules, MctsConfig config, uint64_t seed, const Deal* deal)
    : R_(&rules), cfg_(config), seed_(seed), deal_(deal),
      afterstate_(config.afterstate ? std::make_shared<const AfterstateEval>(rules, *config.afterstate, config.weights) : nullptr) {}


int MctsAgent::operator()(const State& s, const Action* options, int n) {
  const uint64_t base = splitmix64(seed_ ^ splitmix64(++decisions_));
  const int threads = std::max(1, cfg_.threads);
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(cfg_.seconds);
  auto more = [&](long long done, long long budget) {
    if (cfg_.seconds > 0) return (done & 15) != 0 || Clock::now() < deadline;
    return done < budget;
  };
  // What a cut-off reward is relative to: the heuristic at the root, or the learned value's log-odds.
  double root_value = cfg_.value ? value_logit(cfg_.value->value(*R_, s)) : evaluate(*R_, s, cfg_.weights);
  if (cfg_.afterstate) {  // V where the root's turn, finished greedily, ends
    State after = s;
    finish_turn(*R_, after, cfg_.weights);
    root_value = value_logit(afterstate_->value(after));
  }
  std::map<uint32_t, std::pair<uint64_t, double>> total;  // action bits -> visits, value
  const bool one_tree = threads == 1 || cfg_.parallel == SearchParallel::Tree;
  std::unique_ptr<SearchTree> kept;
  if (one_tree && cfg_.reuse && tree_) {  // the subtree of the last choice, if the game went on through it
    const long node = tree_->follow(expected_node_, expected_, s);
    if (node > 0) kept = tree_->extract(uint32_t(node));
  }
  tree_.reset();
  if (cfg_.determinize > 0 && !deal_) {
    // Perfect-information Monte Carlo (Long, Sturtevant, Buro & Furtak 2010): K deals that agree
    // with what the team knows, each searched as the clairvoyant searches the true one with its
    // share of the playouts; the root statistics are added up. One thread, no reuse.
    Rng rng(splitmix64(base ^ 0x9e3779b97f4a7c15ull));
    const int k_deals = cfg_.determinize;
    for (int k = 0; k < k_deals; ++k) {
      const Deal sample = sample_deal(*R_, s, rng);
      SearchTree search(*R_, cfg_, &sample, root_value, afterstate_.get());
      Worker worker(*R_, splitmix64(base + uint64_t(k) + 1), cfg_.weights);
      const long long budget = cfg_.playouts / k_deals + (k < cfg_.playouts % k_deals);
      long long done = 0;
      while (more(done, budget)) search.playout<false>(s, worker), ++done;
      for (const auto& e : search.root_edges()) {
        auto& [v, q] = total[e.action.bits];
        v += e.visits;
        q += e.value;
      }
      stats_.playouts += done;
      stats_.nodes += (long long)search.size();
    }
  } else if (!one_tree) {
    // Root parallelism: independent trees, their root statistics added up (Chaslot, Winands & van
    // den Herik 2008). Each tree has its own seed and budget, so with a playout budget the result
    // does not depend on how the threads are scheduled.
    std::vector<std::vector<SearchTree::Edge>> edges(static_cast<size_t>(threads));
    std::vector<long long> done(size_t(threads), 0), nodes(size_t(threads), 0);
    run_threads(threads, [&](int t) {
      SearchTree search(*R_, cfg_, deal_, root_value, afterstate_.get());
      Worker worker(*R_, splitmix64(base + uint64_t(t)), cfg_.weights);
      const long long budget = cfg_.playouts / threads + (t < cfg_.playouts % threads);
      long long k = 0;
      while (more(k, budget)) search.playout<false>(s, worker), ++k;
      edges[size_t(t)] = search.root_edges();
      done[size_t(t)] = k;
      nodes[size_t(t)] = (long long)search.size();
    });
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
    // One tree: on 1 thread, or shared by the threads without a lock (tree parallelism): atomic
    // statistics, virtual loss to spread the threads over branches, nodes claimed for expansion
    // one thread at a time.
    std::unique_ptr<SearchTree> search = kept ? std::move(kept) : std::make_unique<SearchTree>(*R_, cfg_, deal_, root_value, afterstate_.get());
    long long budget = cfg_.playouts;
    if (search->root_visits() > 0) {
      ++stats_.reused;
      budget = std::max<long long>(cfg_.playouts / 4, (long long)cfg_.playouts - search->root_visits());
    }
    long long done = 0;
    if (threads == 1) {
      Worker worker(*R_, base, cfg_.weights);
      while (more(done, budget)) search->playout<false>(s, worker), ++done;
    } else {
      std::atomic<long long> issued{0}, finished{0};  // playouts handed out, playouts run
      run_threads(threads, [&](int t) {
        Worker worker(*R_, splitmix64(base + uint64_t(t)), cfg_.weights);
        long long k = 0;
        while (more(issued.fetch_add(1, std::memory_order_relaxed), budget)) search->playout<true>(s, worker), ++k;
        finished.fetch_add(k, std::memory_order_relaxed);
      });
      done = finished.load();
    }
    for (const auto& e : search->root_edges()) total[e.action.bits] = {e.visits, e.value};
    stats_.playouts += done;
    stats_.nodes += (long long)search->size();
    tree_ = std::move(search);
  }
  // Most visits; ties broken by mean value.
  int pick = 0;
  uint64_t best_v = 0;
  double best_q = -1;
  root_visits_.assign(size_t(std::max(0, n)), 0);
  root_values_.assign(size_t(std::max(0, n)), -1.0);
  for (int i = 0; i < n; ++i) {
    auto it = total.find(options[i].bits);
    if (it == total.end()) continue;
    const auto [v, sum] = it->second;
    root_visits_[size_t(i)] = v;
    const double q = v ? sum / double(v) : 0;
    if (v) root_values_[size_t(i)] = q;
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
