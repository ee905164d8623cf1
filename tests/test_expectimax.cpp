// The fair optimum (solver/expectimax.h) and the regret run on it (analysis/design/regret.h, mists regret):
// the pruned expectimax with its table agrees with plain recursion on small trees, no agent beats
// it, an agent's own value is its play over every draw order, and the run resumes to the same table.
#include <cmath>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/design/regret.h"
#include "analysis_helpers.h"
#include "solver/agents.h"
#include "solver/expectimax.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::ah;

namespace {

// The turn starts of game `game` (seed 11, the expert) with at most `tiles` tiles to come, while the
// game is open.
std::vector<State> late_positions(const Rules& R, uint64_t game, int tiles) {
  const Deal deal = seeded_deal(R, 11, game);
  ExpertAgent agent(R, game);
  std::vector<State> out;
  const TurnObserver observe = [&](const State& s) {
    if (!is_over(s) && s.phase == Phase::Draw && tiles_to_come(R, s) <= tiles) out.push_back(s);
  };
  play_game(R, deal, agent, nullptr, &observe);
  return out;
}

// Late positions of levels 1, 3 and 5 with at most 2 tiles to come whose tree is small (the exact
// search needs at most 20,000 engine steps), from the first games that get there: on each level
// up to `want` worth 0 or 1 and up to `want` worth strictly between (as the first 400 games hold them).
struct Tree {
  std::shared_ptr<const Rules> rules;
  State s;
};
std::vector<Tree> find_small_trees(int want) {
  std::vector<Tree> out;
  for (int level : {1, 3, 5}) {
    auto R = std::make_shared<const Rules>(mists_rules(level, 1));
    int settled = 0, open = 0;
    for (uint64_t g = 0; g < 400 && (settled < want || open < want); ++g)
      for (const State& s : late_positions(*R, g, 2)) {
        const ExactResult e = exact_value(*R, s, 20000);
        if (!e.exact) continue;
        int& kind = e.value > 0 && e.value < 1 ? open : settled;
        if (kind < want) out.push_back(Tree{R, s}), ++kind;
      }
  }
  REQUIRE(out.size() >= size_t(want));
  return out;
}
// Found once for the whole file (the scan plays some hundreds of games).
const std::vector<Tree>& small_trees() {
  static const std::vector<Tree> trees = find_small_trees(3);
  return trees;
}

}  // namespace

TEST_CASE("exact expectimax: the table and Star1 pruning give plain recursion's value") {
  int strictly_between = 0;
  for (const auto& [rules, s] : small_trees()) {
    const Rules& R = *rules;
    const double brute = brute_value(R, s);
    const ExactResult e = exact_value(R, s);
    REQUIRE(e.exact);
    CHECK(std::abs(e.value - brute) < 1e-9);
    CHECK(e.value >= 0.0);
    CHECK(e.value <= 1.0);
    strictly_between += brute > 1e-9 && brute < 1 - 1e-9;
    // The same search twice: the same value and the same steps (nothing depends on the machine).
    const ExactResult again = exact_value(R, s);
    CHECK(again.value == e.value);
    CHECK(again.nodes == e.nodes);
  }
  CHECK(strictly_between > 0);  // positions where the draw matters, not only settled ones
}

TEST_CASE("exact expectimax: a budget too small says so") {
  const auto trees = small_trees();
  const ExactResult e = exact_value(*trees[0].rules, trees[0].s, 1);
  CHECK_FALSE(e.exact);
  CHECK(e.nodes >= 1);
}

TEST_CASE("policy value: no agent beats the optimum, and the optimum's own moves reach it") {
  for (const auto& [rules, s] : small_trees()) {
    const Rules& R = *rules;
    const double best = exact_value(R, s).value;
    ExpertAgent expert(R, 3);
    long long calls = 0;
    const double v = policy_value(R, s, [&](const State& x, const Action* o, int n) { return expert(x, o, n); }, &calls);
    CHECK(v <= best + 1e-9);
    CHECK(v >= 0.0);
    // An agent that plays the best option by the exact value at every decision reaches the optimum.
    const Policy optimal = [&](const State& x, const Action* o, int n) {
      int pick = 0;
      double top = -1;
      for (int i = 0; i < n; ++i) {
        State c = x;
        apply(R, c, o[i]);
        const double w = exact_value(R, c).value;
        if (w > top + 1e-12) top = w, pick = i;
      }
      return pick;
    };
    CHECK(std::abs(policy_value(R, s, optimal) - best) < 1e-9);
    // And one that plays the first option is no better than it.
    CHECK(policy_value(R, s, [](const State&, const Action*, int) { return 0; }) <= best + 1e-9);
  }
}

TEST_CASE("policy value: a position already decided is worth its outcome") {
  const Rules R = mists_rules(1, 1);
  State s = initial_state(R);
  s.phase = Phase::Over;
  s.outcome = Outcome::Won;
  CHECK(policy_value(R, s, [](const State&, const Action*, int) { return 0; }) == 1.0);
  CHECK(exact_value(R, s).value == 1.0);
  s.outcome = Outcome::Lost;
  CHECK(brute_value(R, s) == 0.0);
}

TEST_CASE("mists regret: a small run, resumed from its chunks to the same table; bad folders refused") {
  TempDir dir("regret");
  analysis::RegretConfig c;
  c.levels = {3};
  c.players = 1;
  c.positions = 3;
  c.tiles = 2;
  c.nodes = 2'000'000;
  c.source = "expert";
  c.agents = {"expert", "greedy"};
  c.chunk = 8;
  c.threads = 2;
  c.out = dir.sub("r");
  const analysis::RegretResult a = analysis::run_regret(c, false, "test", -1);
  REQUIRE(a.rows.size() == 3);
  for (const auto& row : a.rows) {
    CHECK(row.tiles <= 2);
    CHECK(row.optimum >= row.agent[0] - 1e-9);
    CHECK(row.optimum >= row.agent[1] - 1e-9);
  }
  const std::string md = slurp(c.out + "/regret.md"), csv = slurp(c.out + "/regret.csv");
  CHECK(md.find("| `expert` |") != std::string::npos);
  // The same figures on one thread.
  analysis::RegretConfig one = c;
  one.threads = 1;
  one.out = dir.sub("one");
  analysis::run_regret(one, false, "test", -1);
  CHECK(slurp(one.out + "/regret.csv") == csv);
  // Without --resume the folder is refused; with it every chunk is read back, none played.
  CHECK_THROWS_AS(analysis::run_regret(c, false, "test", -1), analysis::AnalysisError);
  analysis::RegretConfig back = analysis::read_regret_config(c.out);
  back.threads = 1;
  const analysis::RegretResult b = analysis::run_regret(back, true, "test", -1);
  CHECK(b.chunks_played == 0);
  CHECK(b.chunks_read == a.chunks_played);
  CHECK(slurp(c.out + "/regret.csv") == csv);
  CHECK(slurp(c.out + "/regret.md") == md);
  // Another configuration on the same folder is refused by field.
  analysis::RegretConfig other = back;
  other.tiles = 3;
  try {
    analysis::run_regret(other, true, "test", -1);
    FAIL("a changed configuration was resumed");
  } catch (const analysis::AnalysisError& e) {
    CHECK(std::string(e.what()).find("config.tiles") != std::string::npos);
  }
  // A chunk changed by hand is refused by its seal.
  for (const auto& entry : fs::directory_iterator(c.out + "/chunks")) {
    std::string text = slurp(entry.path().string());
    text[text.size() / 2] = text[text.size() / 2] == '1' ? '2' : '1';
    std::ofstream(entry.path(), std::ios::binary) << text;
    break;
  }
  CHECK_THROWS_WITH(analysis::run_regret(back, true, "test", -1), doctest::Contains("checksum"));
  // An agent that sees the deal has no regret to measure.
  analysis::RegretConfig seer = c;
  seer.out = dir.sub("seer");
  seer.agents = {"clairvoyant"};
  CHECK_THROWS_AS(analysis::run_regret(seer, false, "test", -1), analysis::AnalysisError);
}
