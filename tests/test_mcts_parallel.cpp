// Parallel search. Tree parallelism (one tree shared by 2-4 threads, atomic statistics, no lock):
// it runs without data races — CI runs this suite under ThreadSanitizer (scripts/ci-tsan.sh) —,
// spends exactly its playout budget, every playout reaches a child of the root, subtree reuse
// and chance nodes keep working. Determinism: a 1-thread search, and root parallelism with a
// playout budget, make the same choices when run twice.
#include <doctest/doctest.h>

#include <numeric>
#include <vector>

#include "solver/agents.h"
#include "solver/mcts.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

// What the agent did at one decision.
struct Decision {
  int pick = 0;
  uint64_t root_visits = 0;  // summed over the root's children
  long long playouts = 0;    // run for this decision
  long long nodes = 0;       // made for this decision
  std::vector<uint64_t> visits;
  bool operator==(const Decision&) const = default;
};

// Plays a game with `agent` until it ends or `max_decisions` decisions with two or more options
// were taken; returns what the agent did at each.
std::vector<Decision> play(const Rules& R, const Deal& deal, MctsAgent& agent, int max_decisions) {
  State s = initial_state(R);
  Dealer dealer(R, deal);
  std::vector<Action> opts(MAX_ACTIONS);
  std::vector<Decision> out;
  while (!is_over(s) && int(out.size()) < max_decisions) {
    if (is_chance(s)) {
      dealer.draw(s);
      continue;
    }
    const int n = legal_actions(R, s, opts.data());
    int pick = 0;
    if (n > 1) {
      const SearchStats before = agent.stats();
      pick = agent(s, opts.data(), n);
      REQUIRE(pick >= 0);
      REQUIRE(pick < n);
      const auto& v = agent.root_visits();
      REQUIRE(int(v.size()) == n);
      out.push_back({pick, std::accumulate(v.begin(), v.end(), uint64_t(0)), agent.stats().playouts - before.playouts,
                     agent.stats().nodes - before.nodes, v});
    }
    if (opts[size_t(pick)].kind() == ActionKind::Haunt) dealer.take_face_down(s);
    apply(R, s, opts[size_t(pick)]);
  }
  return out;
}

MctsConfig tree_config(int threads, int playouts, bool reuse) {
  MctsConfig c;
  c.threads = threads;
  c.parallel = SearchParallel::Tree;
  c.playouts = playouts;
  c.reuse = reuse;
  return c;
}

}  // namespace

TEST_SUITE("mcts parallel") {

TEST_CASE("mcts tree parallelism: 2-4 threads spend the budget and every playout reaches a root child") {
  for (int threads : {2, 3, 4}) {
    for (const auto& [level, players] : {std::pair{3, 2}, std::pair{5, 1}}) {
      CAPTURE(threads);
      CAPTURE(level);
      CAPTURE(players);
      const Rules R = mists_rules(level, players);
      const Deal deal = seeded_deal(R, 11, uint64_t(threads));
      constexpr int playouts = 150;
      MctsAgent agent(R, tree_config(threads, playouts, false), 21);
      const auto decisions = play(R, deal, agent, 20);
      REQUIRE(!decisions.empty());
      for (const Decision& d : decisions) {
        CHECK(d.playouts == playouts);
        CHECK(d.root_visits == uint64_t(playouts));  // the root is never a leaf: threads wait for its expansion
        CHECK(d.nodes >= 2);
      }
    }
  }
}

TEST_CASE("mcts tree parallelism: subtree reuse and the clairvoyant's one-outcome chance nodes") {
  const Rules R = mists_rules(3, 2);
  const Deal deal = seeded_deal(R, 12, 0);
  constexpr int playouts = 120;
  for (bool clairvoyant : {false, true}) {
    CAPTURE(clairvoyant);
    MctsAgent agent(R, tree_config(3, playouts, true), 22, clairvoyant ? &deal : nullptr);
    const auto decisions = play(R, deal, agent, 40);
    REQUIRE(decisions.size() >= 10);
    for (const Decision& d : decisions) {
      // A kept subtree brings its visits; at least a quarter of the budget is new, and every new
      // playout reaches a root child. (The playouts that reached a kept node while it was a leaf,
      // or being expanded, stopped there: the root's children may have fewer visits than it.)
      CHECK(d.playouts >= playouts / 4);
      CHECK(d.playouts <= playouts);
      CHECK(d.root_visits >= uint64_t(d.playouts));
    }
    CHECK(agent.stats().reused > 0);
  }
}

TEST_CASE("mcts tree parallelism: a time budget") {
  const Rules R = mists_rules(3, 2);
  const Deal deal = seeded_deal(R, 13, 0);
  MctsConfig cfg = tree_config(2, 0, false);
  cfg.seconds = 0.005;
  MctsAgent agent(R, cfg, 23);
  for (const Decision& d : play(R, deal, agent, 5)) {
    CHECK(d.playouts >= 1);
    CHECK(d.root_visits == uint64_t(d.playouts));
  }
}

TEST_CASE("mcts: one thread makes the same choices twice, reuse on and off") {
  const Rules R = mists_rules(3, 2);
  const Deal deal = seeded_deal(R, 14, 0);
  for (bool reuse : {true, false}) {
    CAPTURE(reuse);
    MctsConfig cfg;
    cfg.playouts = 80;
    cfg.reuse = reuse;
    MctsAgent a(R, cfg, 24), b(R, cfg, 24);
    const auto da = play(R, deal, a, 1000), db = play(R, deal, b, 1000);
    REQUIRE(da.size() >= 10);
    CHECK(da == db);
    CHECK(a.stats().nodes == b.stats().nodes);
    CHECK(a.stats().reused == b.stats().reused);
  }
}

TEST_CASE("mcts root parallelism: the same choices twice with a playout budget") {
  const Rules R = mists_rules(3, 2);
  const Deal deal = seeded_deal(R, 15, 0);
  MctsConfig cfg;
  cfg.playouts = 80;
  cfg.threads = 2;
  cfg.parallel = SearchParallel::Root;
  MctsAgent a(R, cfg, 25), b(R, cfg, 25);
  const auto da = play(R, deal, a, 30), db = play(R, deal, b, 30);
  REQUIRE(da.size() >= 10);
  CHECK(da == db);
  for (const Decision& d : da) CHECK(d.root_visits == 80);
}

}  // TEST_SUITE
