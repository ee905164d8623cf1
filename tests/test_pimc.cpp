// Determinized search (mcts:determinize=K): the sampled deals agree with what the team knows and
// never with what it does not, and the agent is reproducible from its seed.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/study_config.h"
#include "solver/agents.h"
#include "solver/mcts.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

TEST_CASE("pimc: a sampled deal holds exactly the unseen tiles the piles still need, whatever the true order") {
  for (int level : {3, 5, 6}) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 2);
    const Deal truth = seeded_deal(R, 11, 0);
    // Play the first turns with the expert and stop at a draw.
    State s = initial_state(R);
    Dealer dealer(R, truth);
    ExpertAgent expert(R, 3);
    std::vector<Action> opts(MAX_ACTIONS);
    while (!is_over(s) && s.turn < 8) {
      if (is_chance(s)) {
        dealer.draw(s);
        continue;
      }
      const int n = legal_actions(R, s, opts.data());
      const Action a = opts[size_t(n > 1 ? expert(s, opts.data(), n) : 0)];
      if (a.kind() == ActionKind::Haunt) dealer.take_face_down(s);
      apply(R, s, a);
    }
    REQUIRE_FALSE(is_over(s));
    std::map<int, int> unseen;
    for (size_t t = 0; t < R.types.size(); ++t)
      if (s.unseen[t]) unseen[int(t)] = s.unseen[t];
    Rng rng(5);
    std::set<std::string> futures;  // different samples give different futures
    for (int k = 0; k < 50; ++k) {
      const Deal d = sample_deal(R, s, rng);
      REQUIRE(d.piles.size() == R.pile_sizes.size());
      std::map<int, int> used;
      std::vector<uint8_t> future;
      for (size_t p = 0; p < d.piles.size(); ++p) {
        REQUIRE(int(d.piles[p].size()) == R.pile_sizes[p]);
        for (size_t i = size_t(R.pile_sizes[p] - s.pile_size[p]); i < d.piles[p].size(); ++i) {
          ++used[d.piles[p][i]];
          future.push_back(d.piles[p][i]);
        }
      }
      for (const auto& [t, n] : used) CHECK(n <= (unseen.count(t) ? unseen.at(t) : 0));
      futures.insert(std::string(future.begin(), future.end()));
      // The next draw of the sampled deal is a tile the team has not seen.
      const int next = true_next_tile(R, d, s);
      CHECK(s.unseen[size_t(next)] > 0);
    }
    CHECK(futures.size() > 40);
  }
}

TEST_CASE("pimc: the determinized agent plays whole games, the same game for the same seed") {
  const Rules R = mists_rules(3, 1);
  const analysis::AgentSpec agent = analysis::parse_agent("mcts:playouts=40,determinize=4");
  CHECK(agent.params.mcts.determinize == 4);
  std::vector<std::string> a, b;
  const GameSummary g1 = analysis::play_one(R, agent, 9, 2, &a);
  const GameSummary g2 = analysis::play_one(R, agent, 9, 2, &b);
  CHECK(g1.outcome != Outcome::Ongoing);
  CHECK(a == b);
  CHECK(g1.score == g2.score);
  CHECK_THROWS(analysis::parse_agent("mcts:determinize=-1"));
}

TEST_CASE("pimc: determinize is written to study.json only when set, so older studies keep their meaning and hash") {
  analysis::StudyConfig cfg;
  analysis::CellSpec c;
  c.agent = "mcts";
  cfg.cells.push_back(c);
  nlohmann::json j = cfg.to_json();
  CHECK_FALSE(j.at("mcts").contains("determinize"));  // as every study written before the parameter
  const std::string old_hash = cfg.games_hash();
  CHECK(analysis::StudyConfig::from_json(j, "study.json").mcts.determinize == 0);
  cfg.mcts.determinize = 4;
  j = cfg.to_json();
  CHECK(j.at("mcts").at("determinize") == 4);
  CHECK(analysis::StudyConfig::from_json(j, "study.json").mcts.determinize == 4);
  CHECK(cfg.games_hash() != old_hash);
  j["mcts"]["determinize"] = -2;
  CHECK_THROWS_AS(analysis::StudyConfig::from_json(j, "study.json"), analysis::AnalysisError);
}
