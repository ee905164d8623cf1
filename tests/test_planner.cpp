// The planner (solver/planner.h): sampled deals searched by a beam over whole turns. It is a fair
// agent (it plays the same moves whatever the tiles it has not seen), reproducible from its seed,
// and a study keeps the defaults its planner cells were played with.
#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/study_config.h"
#include "solver/agents.h"
#include "solver/planner.h"
#include "planner_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

TEST_CASE("planner: parameters parse, take the heuristic weights, and refuse values out of range") {
  const analysis::AgentSpec a = analysis::parse_agent("planner:samples=8,width=2,horizon=0,supply=1.5");
  CHECK(a.params.plan.samples == 8);
  CHECK(a.params.plan.width == 2);
  CHECK(a.params.plan.horizon == 0);
  CHECK(a.params.weights.supply == 1.5);
  CHECK(a.describe() == "planner(samples=8,width=2,horizon=0,supply=1.5)");
  CHECK_THROWS_AS(analysis::parse_agent("planner:samples=0"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("planner:width=-1"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("planner:horizon=101"), analysis::AnalysisError);
  CHECK(analysis::parse_agent("planner:candidates=0").params.plan.candidates == 0);
  CHECK(analysis::parse_agent("planner:candidates=12").params.plan.candidates == 12);
  CHECK_THROWS_AS(analysis::parse_agent("planner:candidates=-1"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("mcts:candidates=4"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("planner:playouts=10"), analysis::AnalysisError);  // an mcts parameter
  CHECK_THROWS_AS(analysis::parse_agent("mcts:width=4"), analysis::AnalysisError);
}

TEST_CASE("planner: the same game for the same seed, on every level") {
  for (int level : {1, 3, 5, 6}) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 2);
    const analysis::AgentSpec agent = analysis::parse_agent("planner:samples=2,width=2,horizon=2");
    std::vector<std::string> a, b;
    const GameSummary g1 = analysis::play_one(R, agent, 9, 1, &a);
    const GameSummary g2 = analysis::play_one(R, agent, 9, 1, &b);
    CHECK(g1.outcome != Outcome::Ongoing);
    CHECK(a == b);
    CHECK(g1.score == g2.score);
  }
}

TEST_CASE("stream=N: the same agent with another random stream of its own; 0 is the shared one") {
  const Rules R = mists_rules(3, 1);
  CHECK(analysis::parse_agent("planner:stream=3").params.stream == 3);
  CHECK(analysis::parse_agent("expert:stream=1").params.stream == 1);
  CHECK_THROWS_AS(analysis::parse_agent("planner:stream=-1"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("solver:stream=1"), analysis::AnalysisError);  // no random choices
  int differ = 0;
  for (uint64_t game = 0; game < 3; ++game) {
    CAPTURE(game);
    const auto shared = agent_moves(R, "planner:samples=2,horizon=2", game);
    CHECK(agent_moves(R, "planner:samples=2,horizon=2,stream=0", game) == shared);
    const auto own = agent_moves(R, "planner:samples=2,horizon=2,stream=1", game);
    CHECK(agent_moves(R, "planner:samples=2,horizon=2,stream=1", game) == own);  // reproducible
    differ += own != shared;
  }
  CHECK(differ >= 2);  // the planner's samples come from the stream: other samples, other games
}

TEST_CASE("planner: fair — two deals that agree on the tiles drawn so far get the same moves until they differ") {
  // Deal B is deal A with piles 2 and 3 reversed: both games must make the same decisions until
  // the first draw of another tile (the planner's samples depend on what has been seen, never on
  // the deal). Games lost in pile 1 never tell the deals apart; some of the six must.
  for (int level : {3, 5}) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 1);
    PlannerConfig cfg;
    cfg.samples = 2;
    cfg.width = 2;
    cfg.horizon = 3;
    int told_apart = 0;
    for (uint64_t game = 0; game < 6; ++game) {
      cfg.candidates = game % 2 ? 3 : 0;  // both modes: the beam's votes and the shortlist's means
      CAPTURE(game);
      told_apart += same_until_the_deals_differ(R, cfg, game);
    }
    CHECK(told_apart > 0);
  }
}

TEST_CASE("planner: study.json records the planner's defaults and refuses a mists whose defaults differ") {
  analysis::StudyConfig cfg;
  analysis::CellSpec c;
  c.agent = "expert";
  cfg.cells.push_back(c);
  CHECK_FALSE(cfg.to_json().contains("planner"));  // studies without the planner keep their files and hash
  cfg.cells[0].agent = "planner:samples=2";
  nlohmann::json j = cfg.to_json();
  REQUIRE(j.contains("planner"));
  const PlannerConfig d;
  CHECK(j.at("planner").at("samples") == d.samples);
  CHECK(j.at("planner").at("width") == d.width);
  CHECK(j.at("planner").at("horizon") == d.horizon);
  CHECK(j.at("planner").at("candidates") == d.candidates);
  CHECK_NOTHROW(analysis::StudyConfig::from_json(j, "study.json"));
  nlohmann::json other = j;
  other["planner"]["width"] = d.width + 1;
  CHECK_THROWS_WITH_AS(analysis::StudyConfig::from_json(other, "study.json"),
                       doctest::Contains("planner"), analysis::AnalysisError);
  other = j;
  other["planner"].erase("candidates");  // a study of the former planner, which had no shortlist
  if (d.candidates != 0) CHECK_THROWS_AS(analysis::StudyConfig::from_json(other, "study.json"), analysis::AnalysisError);
  else CHECK_NOTHROW(analysis::StudyConfig::from_json(other, "study.json"));
  other = j;
  other.erase("planner");
  CHECK_THROWS_AS(analysis::StudyConfig::from_json(other, "study.json"), analysis::AnalysisError);
  other = j;
  other["cells"][0]["agent"] = "expert";
  CHECK_THROWS_AS(analysis::StudyConfig::from_json(other, "study.json"), analysis::AnalysisError);
}

TEST_SUITE("planner parallel") {
TEST_CASE("planner: the samples of a placement on 1, 2 or 3 threads make the same game") {
  // The deals are drawn in order before the searches start and the votes are counted in sample
  // order, so the thread count cannot change a choice (scripts/ci-tsan.sh runs this under TSan).
  for (int level : {3, 5}) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 2);
    std::vector<std::string> one, more;
    analysis::play_one(R, analysis::parse_agent("planner:samples=5,width=2,horizon=2"), 4, 0, &one);
    for (int threads : {2, 3}) {
      CAPTURE(threads);
      more.clear();
      analysis::play_one(R, analysis::parse_agent("planner:samples=5,width=2,horizon=2,threads=" + std::to_string(threads)), 4, 0,
                         &more);
      CHECK(more == one);
    }
    // The same work too: every sample's beam runs in full on any thread count.
    const Deal deal = seeded_deal(R, 4, 1);
    PlannerConfig cfg;
    cfg.samples = 3;
    cfg.width = 2;
    cfg.horizon = 2;
    PlannerAgent a(R, cfg, 8);
    cfg.threads = 2;
    PlannerAgent b(R, cfg, 8);
    std::vector<std::string> la, lb;
    play_game(R, deal, a, &la);
    play_game(R, deal, b, &lb);
    CHECK(la == lb);
    CHECK(a.stats().decisions > 10);
    CHECK(a.stats().steps > 100 * a.stats().decisions);
    CHECK(a.stats().decisions == b.stats().decisions);
    CHECK(a.stats().steps == b.stats().steps);
  }
}

TEST_CASE("planner: with a shortlist, the samples on 1, 2 or 3 threads make the same game with the same work") {
  for (int level : {2, 5}) {
    CAPTURE(level);
    const Rules R = mists_rules(level, 4);
    const Deal deal = seeded_deal(R, 6, 2);
    PlannerConfig cfg;
    cfg.samples = 3;
    cfg.width = 1;
    cfg.horizon = 2;
    cfg.candidates = 4;
    PlannerAgent one(R, cfg, 8);
    std::vector<std::string> lone;
    play_game(R, deal, one, &lone);
    CHECK(one.stats().decisions > 10);
    for (int threads : {2, 3}) {
      CAPTURE(threads);
      cfg.threads = threads;
      PlannerAgent more(R, cfg, 8);
      std::vector<std::string> lmore;
      play_game(R, deal, more, &lmore);
      CHECK(lmore == lone);
      CHECK(more.stats().steps == one.stats().steps);
    }
  }
}
}  // TEST_SUITE

TEST_CASE("planner: a shortlist of one plays the option whose own turn is judged best; longer ones search") {
  // candidates=1 needs no beam: the choice is the first of the best own turns (first_best), the
  // expert's look-ahead without its random tie-break. With 6 candidates and 3 samples the planner
  // spends steps on every candidate's beam and plays a legal option.
  const Rules R = mists_rules(3, 1);
  const Deal deal = seeded_deal(R, 3, 0);
  State s = initial_state(R);
  Action opts[MAX_ACTIONS];
  int n = 0;
  while (true) {  // the first placement with several options
    if (is_chance(s)) {
      apply_draw(R, s, true_next_tile(R, deal, s));
      continue;
    }
    n = legal_actions(R, s, opts);
    if (s.phase == Phase::Place && n >= 3) break;
    apply(R, s, opts[0]);
  }
  PlannerConfig cfg;
  cfg.candidates = 1;
  PlannerAgent shortlist_of_one(R, cfg, 1);
  State scratch;
  Action after[MAX_ACTIONS];
  // first_best judges each option after the rest of its turn, as the shortlist does.
  std::vector<double> own(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    State t = s;
    apply(R, t, opts[i]);
    while (!is_over(t) && !is_chance(t)) {
      const int m = legal_actions(R, t, after);
      apply(R, t, after[m >= 2 ? first_best(R, t, after, m, cfg.weights, scratch) : 0]);
    }
    own[size_t(i)] = evaluate(R, t, cfg.weights);
  }
  const int best = int(std::max_element(own.begin(), own.end()) - own.begin());
  CHECK(shortlist_of_one(s, opts, n) == best);
  CHECK(shortlist_of_one.stats().decisions == 1);
  cfg.candidates = 6;
  cfg.samples = 3;
  PlannerAgent searching(R, cfg, 1);
  const int pick = searching(s, opts, n);
  CHECK(pick >= 0);
  CHECK(pick < n);
  CHECK(searching.stats().steps > shortlist_of_one.stats().steps * 3);
}

TEST_CASE("planner: deals=true plans on the game's true deal — a bound that needs the deal, not a fair agent") {
  const analysis::AgentSpec bound = analysis::parse_agent("planner:deals=true,width=2,horizon=2");
  CHECK(bound.params.true_deal);
  CHECK_FALSE(analysis::parse_agent("planner").params.true_deal);
  CHECK_THROWS_AS(analysis::parse_agent("planner:deals=known"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("mcts:deals=true"), analysis::AnalysisError);
  const Rules R = mists_rules(3, 1);
  CHECK_THROWS_AS(analysis::make_agent(R, bound, 1, nullptr), analysis::AnalysisError);
  // Reproducible from the seed, and on a deal whose piles the fair planner cannot tell apart it does
  // not always play the fair planner's game: over a few deals the two must differ somewhere.
  const analysis::AgentSpec fair = analysis::parse_agent("planner:width=2,horizon=2");
  int differ = 0;
  for (uint64_t game = 0; game < 4; ++game) {
    std::vector<std::string> a, b, c;
    analysis::play_one(R, bound, 9, game, &a);
    analysis::play_one(R, bound, 9, game, &b);
    analysis::play_one(R, fair, 9, game, &c);
    CHECK(a == b);
    differ += a != c;
  }
  CHECK(differ > 0);
}

TEST_CASE("planner: decisions=all plans every decision with options, stays fair and reproducible") {
  CHECK(analysis::parse_agent("planner:decisions=all").params.plan.all_decisions);
  CHECK_FALSE(analysis::parse_agent("planner").params.plan.all_decisions);
  CHECK_THROWS_AS(analysis::parse_agent("planner:decisions=some"), analysis::AnalysisError);
  const Rules R = mists_rules(4, 1);
  PlannerConfig cfg;
  cfg.samples = 2;
  cfg.width = 1;
  cfg.horizon = 2;
  cfg.candidates = 3;
  cfg.all_decisions = true;
  int told_apart = 0;
  for (uint64_t game = 0; game < 4; ++game) told_apart += same_until_the_deals_differ(R, cfg, game);
  CHECK(told_apart > 0);
  // It decides more than placements: a game where it and the placement-only planner part ways.
  const analysis::AgentSpec all = analysis::parse_agent("planner:decisions=all,samples=2,horizon=2,candidates=3");
  const analysis::AgentSpec place = analysis::parse_agent("planner:samples=2,horizon=2,candidates=3");
  int differ = 0;
  for (uint64_t game = 0; game < 3; ++game) {
    std::vector<std::string> a, b, c;
    analysis::play_one(R, all, 5, game, &a);
    analysis::play_one(R, all, 5, game, &b);
    analysis::play_one(R, place, 5, game, &c);
    CHECK(a == b);
    differ += a != c;
  }
  CHECK(differ > 0);
}

TEST_CASE("planner: deals=true is an agent that sees the deal, kept apart from the fair ones") {
  CHECK(analysis::sees_the_deal(analysis::parse_agent("planner:deals=true")));
  CHECK(analysis::sees_the_deal(analysis::parse_agent("clairvoyant")));
  CHECK(analysis::sees_the_deal(analysis::parse_agent("solver")));
  CHECK_FALSE(analysis::sees_the_deal(analysis::parse_agent("planner")));
  CHECK_FALSE(analysis::sees_the_deal(analysis::parse_agent("mcts:playouts=10")));
}
