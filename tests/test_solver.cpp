// The solver layer: the agents find known best decisions on small hand-made positions, search is
// reproducible on one thread, batch results do not depend on the thread count, no agent ever picks
// an illegal option, and MCTS spends exactly its playout budget.
// Coordinates are relative to the start tile's north-west cell, x east, y south; rotations are
// quarter turns clockwise (as in the rule tests).
#include <tbb/global_control.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis_helpers.h"
#include "analysis/agents/agents.h"
#include "analysis/run/batch.h"
#include "analysis/study/study.h"
#include "analysis/study/study_config.h"
#include "rules_helpers.h"
#include "solver/agents.h"
#include "solver/eval.h"
#include "solver/mcts.h"
#include "solver/planner.h"

using namespace mists;
using namespace mists::test;
using namespace mists::test::rh;

namespace {

// Plays the expert (seeded `agent_seed`) on `deal` and calls `after(s)` after each decision, until
// the game ends or `after` returns true; returns whether it did.
bool play_expert_until(const Rules& R, const Deal& deal, uint64_t agent_seed, const std::function<bool(const State&)>& after) {
  Dealer dealer(R, deal);
  State s = initial_state(R, deal);
  ExpertAgent agent(R, agent_seed, Weights{});
  Action buf[MAX_ACTIONS];
  while (!is_over(s)) {
    if (is_chance(s)) {
      dealer.draw(s);
      continue;
    }
    const int n = legal_actions(R, s, buf);
    apply(R, s, buf[n > 1 ? agent(s, buf, n) : 0]);
    if (after(s)) return true;
  }
  return false;
}

// A deal that gives the tiles `drawn` first, in that order, then the rest of the tiles in play (in
// catalog order). Used so that a hand-made position is one the clairvoyant agent can read ahead of.
Deal deal_starting_with(const Rules& R, const std::vector<std::string>& drawn) {
  std::vector<int> left(size_t(R.n_land_types), 0);
  for (int t = 0; t < R.n_land_types; ++t) left[size_t(t)] = R.types[t].in_play;
  std::vector<uint8_t> order;
  for (const auto& id : drawn) {
    const int t = type_of(R, id);
    REQUIRE(left[size_t(t)] > 0);
    --left[size_t(t)];
    order.push_back(uint8_t(t));
  }
  for (int t = 0; t < R.n_land_types; ++t)
    for (int k = 0; k < left[size_t(t)]; ++k) order.push_back(uint8_t(t));
  REQUIRE(int(order.size()) == R.tiles_in_play);
  return deal_piles(R, order);
}

// The option an agent picks at `s`, as text; checks that the index is in range.
template <class Agent>
std::string pick_text(const Rules& R, const State& s, Agent&& agent) {
  std::vector<Action> opts(MAX_ACTIONS);
  const int n = legal_actions(R, s, opts.data());
  REQUIRE(n >= 2);
  const int i = agent(s, static_cast<const Action*>(opts.data()), n);
  REQUIRE(i >= 0);
  REQUIRE(i < n);
  return action_text(R, s, opts[size_t(i)]);
}

MctsConfig search_config(int playouts) {
  MctsConfig c;
  c.playouts = playouts;
  return c;
}

// What every agent picks at `s`, by agent name. `deal` is the true deal (for the clairvoyant agent).
std::map<std::string, std::string> all_picks(const Rules& R, const State& s, const Deal& deal, uint64_t seed) {
  std::map<std::string, std::string> out;
  GreedyAgent greedy(R, seed);
  ExpertAgent expert(R, seed);
  MctsAgent mcts(R, search_config(300), seed);
  MctsAgent clairvoyant(R, search_config(300), seed, &deal);
  PlannerAgent planner(R, PlannerConfig{}, seed);
  out["planner"] = pick_text(R, s, planner);
  out["greedy"] = pick_text(R, s, greedy);
  out["expert"] = pick_text(R, s, expert);
  out["mcts"] = pick_text(R, s, mcts);
  out["clairvoyant"] = pick_text(R, s, clairvoyant);
  return out;
}

bool same_summary(const GameSummary& a, const GameSummary& b) {
  return a.outcome == b.outcome && a.cause == b.cause && a.score == b.score && a.turns == b.turns &&
         a.decisions == b.decisions && a.forced == b.forced && a.ghosts_on_board == b.ghosts_on_board &&
         a.ghost_supply == b.ghost_supply && a.hounds_reached == b.hounds_reached && a.face_down == b.face_down &&
         a.discarded == b.discarded;
}

// Random play from the start of game `game` of a run seeded `seed` for `steps` steps (draws and
// decisions), then on to the next decision with two or more options. False when the game ended first.
bool random_position(const Rules& R, const Deal& deal, uint64_t seed, int steps, State& s) {
  s = initial_state(R);
  Dealer dealer(R, deal);
  RandomAgent random(seed);
  std::vector<Action> opts(MAX_ACTIONS);
  for (int k = 0;; ++k) {
    if (is_over(s)) return false;
    if (is_chance(s)) {
      dealer.draw(s);
      continue;
    }
    const int n = legal_actions(R, s, opts.data());
    if (k >= steps && n >= 2) return true;
    const int pick = n > 1 ? random(s, opts.data(), n) : 0;
    if (opts[size_t(pick)].kind() == ActionKind::Haunt) dealer.take_face_down(s);
    apply(R, s, opts[size_t(pick)]);
  }
}

}  // namespace

// =============================================================================================
// Known best decisions
// =============================================================================================

TEST_CASE("solver: the only placement that survives finishes a mist bank holding 5 ghosts") {
  // 7 ghosts: the M5 cap north of the start puts 5 on the board, 2 stay in the supply. The M3 that
  // follows needs 3 ghosts anywhere, except facing the M5's mist: that finishes the bank (R3.2).
  Lv l = lv1();
  l.ghosts = 7;
  const Rules R = make(start_field(), {{"M5", 1}, {"M3", 1}}, l);
  State s = initial_state(R);
  put(R, s, "M5", 0, -1, 0);
  REQUIRE(s.ghost_supply == 2);
  REQUIRE(s.ghosts_on_board == 5);
  apply_draw(R, s, type_of(R, "M3"));
  REQUIRE(s.phase == Phase::Place);
  const std::string best = "place 0 -2 2";
  // The premise: every other placement loses at once, this one clears the bank.
  const auto opts = options(R, s);
  REQUIRE(has(opts, best));
  REQUIRE(opts.size() >= 6);
  for (const auto& o : opts) {
    State c = s;
    act(R, c, o);
    CAPTURE(o);
    if (o == best) {
      CHECK(c.outcome == Outcome::Ongoing);
      CHECK(c.ghost_supply == 7);
    } else {
      CHECK(c.outcome == Outcome::Lost);
      CHECK(c.cause == LossCause::GhostSupply);
    }
  }
  const Deal deal = deal_starting_with(R, {"M5", "M3"});
  for (uint64_t seed : {1ull, 2ull}) {
    CAPTURE(seed);
    const auto picks = all_picks(R, s, deal, seed);
    CHECK(picks.at("greedy") == best);
    CHECK(picks.at("expert") == best);
    CHECK(picks.at("planner") == best);
    CHECK(picks.at("mcts") == best);
    CHECK(picks.at("clairvoyant") == best);
  }
}

TEST_CASE("solver: completing a city with a meeple and taking its points wins at once") {
  // Goal 4. The start cell's city cap plus a C cap facing it is a finished 2-tile city: 4 points.
  // An M2 east of the start puts 2 ghosts on the board, so the scoring also offers ghost removal.
  Lv l = lv1();
  l.goal = 4;
  const Rules R = make(start_cities(1), {{"M2", 1}, {"C", 1}}, l);
  const Deal deal = deal_starting_with(R, {"M2", "C"});
  State s = initial_state(R);
  put(R, s, "M2", 1, 0, 1);
  REQUIRE(s.ghosts_on_board == 2);
  apply_draw(R, s, type_of(R, "C"));
  REQUIRE(s.phase == Phase::Place);

  SUBCASE("the placement: only the city-completing one wins this turn (expert and search see it)") {
    REQUIRE(has(options(R, s), "place 0 -1 2"));
    for (uint64_t seed : {1ull, 2ull}) {
      CAPTURE(seed);
      const auto picks = all_picks(R, s, deal, seed);
      CHECK(picks.at("expert") == "place 0 -1 2");
      CHECK(picks.at("planner") == "place 0 -1 2");
      CHECK(picks.at("mcts") == "place 0 -1 2");
      CHECK(picks.at("clairvoyant") == "place 0 -1 2");
    }
  }
  SUBCASE("the meeple: any colour on the finished city (never none), every agent") {
    act(R, s, "place 0 -1 2");
    REQUIRE(s.phase == Phase::Meeple);
    REQUIRE(has(options(R, s), "meeple none"));
    for (uint64_t seed : {1ull, 2ull, 3ull}) {
      CAPTURE(seed);
      for (const auto& [agent, pick] : all_picks(R, s, deal, seed)) {
        CAPTURE(agent);
        CHECK(pick.rfind("meeple city0 ", 0) == 0);
      }
    }
  }
  SUBCASE("the scoring: points reach the goal and win; removing ghosts does not") {
    act(R, s, "place 0 -1 2");
    act(R, s, "meeple city0 red");
    REQUIRE(s.phase == Phase::Score);
    REQUIRE(sorted(options(R, s)) == std::vector<std::string>{"score 0 ghosts 1 0", "score 0 points"});
    {
      State c = s;
      act(R, c, "score 0 points");
      REQUIRE(c.outcome == Outcome::Won);
    }
    for (uint64_t seed : {1ull, 2ull}) {
      CAPTURE(seed);
      for (const auto& [agent, pick] : all_picks(R, s, deal, seed)) {
        CAPTURE(agent);
        CHECK(pick == "score 0 points");
      }
    }
  }
}

TEST_CASE("solver: forgoing points for ghost removal avoids the loss at the next draw") {
  // Goal 8, 2 ghosts in all. An MNS south of the start faces the start's clear field: a dead bank
  // with both ghosts, the supply is empty. A C completes the east start cell's city (4 points) with
  // a meeple. Only CM2 tiles are left (city cap + 2-symbol mist): each placement puts at least one
  // ghost (no bank can be finished), so taking the points loses at the next draw; removing the 2
  // ghosts lets the CM2 close the 3-tile city with a coat of arms north of the start: 8 points, won.
  Lv l = lv1();
  l.ghosts = 2;
  l.goal = 8;
  const Rules R = make_exact(start_cities(2), {{"MNS", 1}, {"CNSA", 1}, {"C", 1}, {"CM2", 2}}, l);
  const Deal deal = deal_starting_with(R, {"MNS", "CNSA", "C"});
  State s = initial_state(R);
  put(R, s, "MNS", 0, 1, 0);
  REQUIRE(s.ghost_supply == 0);
  put(R, s, "CNSA", 0, -1, 0);
  act(R, s, "meeple none");
  put(R, s, "C", 1, -1, 2);
  act(R, s, "meeple city0 red");
  REQUIRE(s.phase == Phase::Score);
  REQUIRE(sorted(options(R, s)) == std::vector<std::string>{"score 0 ghosts 0 1", "score 0 points"});

  // The premise, checked by playing both lines.
  {
    State c = s;
    act(R, c, "score 0 points");
    REQUIRE(c.phase == Phase::Draw);
    apply_draw(R, c, type_of(R, "CM2"));
    for (const auto& o : options(R, c)) {
      CAPTURE(o);
      State d = c;
      act(R, d, o);
      CHECK(d.outcome == Outcome::Lost);
      CHECK(d.cause == LossCause::GhostSupply);
    }
    State g = s;
    act(R, g, "score 0 ghosts 0 1");
    REQUIRE(g.ghost_supply == 2);
    put(R, g, "CM2", 0, -2, 2);
    act(R, g, "meeple city0 red");
    act(R, g, "score 0 points");
    CHECK(g.outcome == Outcome::Won);
  }
  for (uint64_t seed : {1ull, 2ull}) {
    CAPTURE(seed);
    MctsAgent mcts(R, search_config(300), seed);
    MctsAgent clairvoyant(R, search_config(300), seed, &deal);
    CHECK(pick_text(R, s, mcts) == "score 0 ghosts 0 1");
    CHECK(pick_text(R, s, clairvoyant) == "score 0 ghosts 0 1");
  }
}

// =============================================================================================
// Reproducibility
// =============================================================================================

TEST_CASE("solver: one-thread MCTS is reproducible: same choice and same statistics") {
  const Rules R = mists_rules(3, 2);
  const Deal deal = seeded_deal(R, 11, 0);
  std::vector<State> positions;
  for (int steps : {6, 15, 31}) {
    State s;
    REQUIRE(random_position(R, deal, 5, steps, s));
    positions.push_back(s);
  }
  for (bool clairvoyant : {false, true}) {
    CAPTURE(clairvoyant);
    MctsConfig cfg = search_config(60);
    MctsAgent a(R, cfg, 77, clairvoyant ? &deal : nullptr);
    MctsAgent b(R, cfg, 77, clairvoyant ? &deal : nullptr);
    for (const State& s : positions) {  // successive decisions of one agent too
      const std::string pa = pick_text(R, s, a);
      const std::string pb = pick_text(R, s, b);
      CHECK(pa == pb);
      CHECK(a.stats().playouts == b.stats().playouts);
      CHECK(a.stats().nodes == b.stats().nodes);
    }
    CHECK(a.stats().playouts == 3 * 60);
  }
}

TEST_CASE("solver: play_one twice gives the same summary and the same record steps") {
  const Rules R = mists_rules(3, 2);
  for (const char* text : {"mcts:playouts=25", "clairvoyant:playouts=25", "expert", "greedy", "random"}) {
    CAPTURE(text);
    const analysis::AgentSpec agent = analysis::parse_agent(text, MctsConfig{});
    std::vector<std::string> log1, log2;
    const GameSummary g1 = analysis::play_one(R, agent, 9, 3, &log1);
    const GameSummary g2 = analysis::play_one(R, agent, 9, 3, &log2);
    CHECK(same_summary(g1, g2));
    CHECK(log1 == log2);
    CHECK(!log1.empty());
    CHECK(g1.outcome != Outcome::Ongoing);
    // The log holds every draw and every real decision.
    const auto draws = std::count_if(log1.begin(), log1.end(), [](const std::string& x) { return x.rfind("draw ", 0) == 0; });
    CHECK(int(log1.size()) - int(draws) == g1.decisions);
  }
}

TEST_CASE("solver: batch results do not depend on the thread count (1 vs 2 threads)") {
  ah::TempDir d1("threads1"), d2("threads2");
  analysis::StudyConfig cfg;
  cfg.seed = 4;
  cfg.chunk = 7;  // not a divisor of the game count: a short last chunk
  for (const char* agent : {"expert", "mcts:playouts=30"})
    for (int level : {1, 3}) {
      analysis::CellSpec c;
      c.level = level;
      c.players = 2;
      c.ghosts = cfg.game.level_config(level).ghosts;
      c.agent = agent;
      c.games = 20;
      cfg.cells.push_back(c);
    }
  cfg.threads = 1;
  const auto r1 = analysis::run_study(cfg, d1.str(), false, analysis::quiet_run());
  cfg.threads = 2;
  const auto r2 = analysis::run_study(cfg, d2.str(), false, analysis::quiet_run());
  REQUIRE(r1.size() == 4);
  REQUIRE(r2.size() == 4);
  const std::string g1 = ah::slurp(d1.sub("games.csv")), g2 = ah::slurp(d2.sub("games.csv"));
  CHECK(std::count(g1.begin(), g1.end(), '\n') == 1 + 4 * 20);
  CHECK(g1 == g2);
  CHECK(ah::slurp(d1.sub("cells.csv")) == ah::slurp(d2.sub("cells.csv")));
  CHECK(ah::slurp(d1.sub("cells.json")) == ah::slurp(d2.sub("cells.json")));
}

TEST_CASE("solver: play_games under 1 and 2 threads gives the same games as play_one") {
  const Rules R = mists_rules(3, 2);
  const analysis::AgentSpec agent = analysis::parse_agent("mcts:playouts=20", MctsConfig{});
  std::vector<GameSummary> one, two;
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
    one = analysis::play_games(R, agent, 21, 8);
  }
  {
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
    two = analysis::play_games(R, agent, 21, 8);
  }
  REQUIRE(one.size() == 8);
  REQUIRE(two.size() == 8);
  for (size_t g = 0; g < one.size(); ++g) {
    CAPTURE(g);
    CHECK(same_summary(one[g], two[g]));
    CHECK(same_summary(one[g], analysis::play_one(R, agent, 21, g)));
  }
}

TEST_CASE("solver: for_each_game runs every index once; a lone thread is not the caller's; a failure reaches the caller") {
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    std::vector<int> runs(40, 0);
    std::vector<std::thread::id> who(40);
    for_each_game(40, [&](int i) { ++runs[size_t(i)], who[size_t(i)] = std::this_thread::get_id(); });
    CHECK(std::count(runs.begin(), runs.end(), 1) == 40);
    // One thread: the whole batch on one thread of its own, as a pool's worker plays it.
    if (threads == 1) {
      CHECK(std::count(who.begin(), who.end(), who[0]) == 40);
      CHECK(who[0] != std::this_thread::get_id());
    }
    CHECK_THROWS_WITH_AS(for_each_game(10, [](int i) { if (i == 7) throw std::runtime_error("game 7 failed"); }),
                         "game 7 failed", std::runtime_error);
    for_each_game(0, [](int) { FAIL("no index to run"); });
  }
}

// =============================================================================================
// Legality
// =============================================================================================

TEST_CASE("solver: no agent ever picks an illegal option") {
  struct Named {
    std::string name;
    std::function<int(const State&, const Action*, int)> agent;
  };
  int positions = 0;
  std::set<std::string_view> phases;
  for (int level = 1; level <= 6; ++level) {
    for (int players : {1, 2, 3, 5}) {
      const Rules R = mists_rules(level, players);
      for (uint64_t game = 0; game < 5; ++game) {
        CAPTURE(level);
        CAPTURE(players);
        CAPTURE(game);
        const uint64_t seed = uint64_t(level * 100 + players * 10) + game;
        const Deal deal = seeded_deal(R, seed, game);
        // A random step count: early, middle or late in the game.
        Rng rng(seed);
        const int steps = int(rng.below(uint32_t(30 + 40 * game)));
        State s;
        int st = steps;
        while (!random_position(R, deal, seed, st, s) && st > 0) st /= 2;  // the game ended first: earlier
        if (is_over(s)) continue;
        ++positions;
        phases.insert(phase_name(s.phase));
        MctsConfig tree = search_config(24);
        tree.threads = 2;
        tree.parallel = SearchParallel::Tree;
        MctsConfig root = search_config(24);
        root.threads = 2;
        root.parallel = SearchParallel::Root;
        std::vector<Named> agents;
        agents.push_back({"random", RandomAgent(seed)});
        agents.push_back({"greedy", GreedyAgent(R, seed)});
        agents.push_back({"expert", ExpertAgent(R, seed)});
        agents.push_back({"mcts", MctsAgent(R, search_config(24), seed)});
        agents.push_back({"clairvoyant", MctsAgent(R, search_config(24), seed, &deal)});
        agents.push_back({"mcts-tree-2", MctsAgent(R, tree, seed)});
        agents.push_back({"mcts-root-2", MctsAgent(R, root, seed)});
        std::vector<Action> opts(MAX_ACTIONS);
        const int n = legal_actions(R, s, opts.data());
        REQUIRE(n >= 2);
        for (auto& [name, agent] : agents) {
          CAPTURE(name);
          CAPTURE(phase_name(s.phase));
          const int i = agent(s, opts.data(), n);
          REQUIRE(i >= 0);
          REQUIRE(i < n);
          State c = s;
          apply(R, c, opts[size_t(i)]);
          CHECK(check(R, c) == "");
        }
      }
    }
  }
  CHECK(positions >= 100);
  std::string seen;
  for (auto p : phases) seen += std::string(p) + " ";
  INFO("positions " << positions << ", phases: " << seen);
  CHECK(phases.count("place") == 1);
  CHECK(phases.count("meeple") == 1);
  CHECK(phases.size() >= 4);  // place, meeple and at least two of score, bury, cemetery-ghost, hound, haunt
}

// =============================================================================================
// Budget
// =============================================================================================

TEST_CASE("solver: MCTS spends exactly its playout budget per decision") {
  const Rules R = mists_rules(5, 2);
  const Deal deal = seeded_deal(R, 3, 1);
  std::vector<State> positions;
  for (int steps : {0, 12, 25}) {
    State s;
    REQUIRE(random_position(R, deal, 8, steps, s));
    positions.push_back(s);
  }
  for (int playouts : {1, 7, 40}) {
    for (int threads : {1, 2}) {
      for (SearchParallel par : {SearchParallel::Root, SearchParallel::Tree}) {
        if (par == SearchParallel::Tree && threads == 1) continue;
        CAPTURE(playouts);
        CAPTURE(threads);
        CAPTURE(int(par));
        MctsConfig cfg = search_config(playouts);
        cfg.threads = threads;
        cfg.parallel = par;
        MctsAgent agent(R, cfg, 5);
        long long expected = 0;
        for (const State& s : positions) {
          pick_text(R, s, agent);
          expected += playouts;
          CHECK(agent.stats().playouts == expected);
          CHECK(agent.stats().nodes >= 1);
        }
      }
    }
  }
}

// R7.6: on level 6 a target counts only when the last colour reaches it. The heuristic must still
// value each colour's points (the lowest colour score alone is 0 until every colour has scored),
// or every agent trades all its points for ghost removal.
TEST_CASE("solver: R7.6 per-colour points count in the heuristic and the search reward") {
  const Rules R = mists_rules(6, 1);
  REQUIRE(R.level.per_colour_scores);
  REQUIRE(R.n_colours == 4);
  REQUIRE(R.level.hound1 == 10);
  State s = initial_state(R);
  const Features f0 = features(R, s);
  CHECK(f0.points == 0);
  CHECK(f0.target_gap == 4 * 10);  // every colour needs hound 1's 10 points

  s.colour_score = {5, 0, 0, 0};
  const Features f1 = features(R, s);
  CHECK(f1.progress == 0);  // the lowest colour
  CHECK(f1.points == 5);
  CHECK(f1.target_gap == 35);
  CHECK(evaluate(R, s) > evaluate(R, initial_state(R)));

  s.colour_score = {12, 0, 0, 0};  // 2 points beyond the target count half
  CHECK(features(R, s).points == doctest::Approx(11));
  CHECK(features(R, s).target_gap == 30);
  // The same 12 points spread over two colours are worth more: both still needed them.
  State spread = initial_state(R);
  spread.colour_score = {6, 6, 0, 0};
  CHECK(evaluate(R, spread) > evaluate(R, s));

  s.colour_score = {25, 50, 0, 0};
  CHECK(goal_fraction(R, s) == doctest::Approx((0.5 + 1.0) / 4));
  const Rules team = mists_rules(3, 1);
  State t = initial_state(team);
  t.score = 50;
  CHECK(goal_fraction(team, t) == doctest::Approx(50.0 / team.level.goal));
}

TEST_CASE("solver: R7.6 the expert gets every colour scoring on level 6 in some games") {
  // Before per-colour points counted, the lowest colour score was 0 in every level-6 game of
  // every agent: points were always traded for ghosts.
  const Rules R = mists_rules(6, 1);
  const analysis::AgentSpec agent = analysis::parse_agent("expert", MctsConfig{});
  int all_scored = 0;
  for (uint64_t g = 0; g < 40; ++g) all_scored += analysis::play_one(R, agent, 5, g).score > 0;
  MESSAGE(all_scored << " of 40 level-6 expert games with every colour scoring");
  CHECK(all_scored > 0);
}

// Weights::spread (docs/solver.md, "Level 6"): every colour must reach each target, so points for
// a colour far from it are worth more than points for one close to it; with spread 0 the former
// valuation, which cannot tell 5 + 5 from 10 + 0 below the target.
TEST_CASE("solver: spread values points by how far their colour is from the target") {
  const Rules R = mists_rules(6, 1);
  State even = initial_state(R), lopsided = initial_state(R);
  even.colour_score = {5, 5, 0, 0};
  lopsided.colour_score = {10, 0, 0, 0};
  Weights w;
  REQUIRE(w.spread > 0);
  CHECK(evaluate(R, even, w) > evaluate(R, lopsided, w));
  // Each colour's points are worth p (1 + spread - spread p / t): 5 (1.25) twice against 10 once.
  CHECK(evaluate(R, even, w) - evaluate(R, lopsided, w) == doctest::Approx(2 * 5 * 1.25 - 10));
  Weights former;
  former.spread = 0;
  CHECK(evaluate(R, even, former) == doctest::Approx(evaluate(R, lopsided, former)));
  // Other levels are not touched by it.
  const Rules team = mists_rules(4, 1);
  State t = initial_state(team);
  t.score = 30;
  CHECK(evaluate(team, t, w) == evaluate(team, t, former));
}

// What each colour stands to score is its own: a colour with no meeple on the board has no prospects,
// and a feature with meeples gives prospects to some colour.
TEST_CASE("solver: on level 6 the features' prospects are counted by the colour of their meeples") {
  const Rules R = mists_rules(6, 1);
  int with_prospects = 0;
  play_expert_until(R, seeded_deal(R, 7, 0), 1, [&](const State& s) {
    const Features f = features(R, s);
    std::array<int, COLOUR_NB> on_board{};
    for (int m = 0; m < R.n_meeples; ++m) on_board[s.meeples[m].colour] += s.meeples[m].at == MeepleAt::Board;
    double prospects = 0;
    for (int c = 0; c < COLOUR_NB; ++c) {
      if (on_board[c] == 0) CHECK(f.colour_pending[c] + f.colour_unfinished[c] == 0);
      prospects += f.colour_pending[c] + f.colour_unfinished[c];
    }
    if (f.meeple_value > 0 || f.pending_points > 0) CHECK(prospects > 0);
    with_prospects += prospects > 0;
    return false;
  });
  CHECK(with_prospects > 0);
}

// A study written before `spread` existed keeps playing as it did: its config.heuristic has no
// `spread`, which reads as 0 for every agent of it (the solver and the fair agents alike, since
// every agent starts from the study's heuristic), while a new study records and plays 0.5.
TEST_CASE("solver: studies written before spread play with spread 0; new ones record it") {
  const std::string path = std::string(MISTS_SOURCE_DIR) + "/results/winnable/study.json";
  const nlohmann::json study = nlohmann::json::parse(ah::slurp(path));
  REQUIRE_FALSE(study.at("config").at("heuristic").contains("spread"));
  const analysis::StudyConfig old = analysis::StudyConfig::from_json(study.at("config"), path);
  CHECK(old.mcts.weights.spread == 0);
  for (const char* name : {"expert", "solver", "planner", "mcts"})
    CHECK(analysis::parse_agent(name, old.mcts).params.weights.spread == 0);
  CHECK(analysis::parse_agent("solver:spread=0.25", old.mcts).params.weights.spread == 0.25);
  CHECK(old.to_json().dump() == study.at("config").dump());  // and its hash is unchanged

  analysis::StudyConfig fresh;
  analysis::add_cells(fresh, {"solver"}, {6}, {1}, {0}, false, 10, "test");
  CHECK(fresh.to_json().at("heuristic").at("spread") == 0.5);
  CHECK(analysis::parse_agent("solver", fresh.mcts).params.weights.spread == 0.5);
  CHECK(analysis::parse_agent("expert", fresh.mcts).describe() == "expert");
  CHECK(analysis::parse_agent("expert", old.mcts).describe() == "expert(spread=0)");
}

// Weights::hound: a hound next to a meeple (R6.3) stands to score the ghosts on the board when that
// meeple is scored; the weight values it, discounted by the feature's open sides (0 for a haunted or
// dead feature, whose meeple is never scored), for the team or, on level 6, for the meeple's colour.
// Its default 0 leaves every valuation as it was before the weight existed.
namespace {

// The first position of an expert game (level `R`, deals of run seed 7) with ghosts on the board and a
// hound next to a meeple whose feature can still be finished.
bool position_with_hound(const Rules& R, State& out) {
  for (uint64_t g = 0; g < 60; ++g) {
    const bool found = play_expert_until(R, seeded_deal(R, 7, g), g, [&](const State& s) {
      for (int h = 0; h < 2; ++h)
        if (s.hound[size_t(h)] == HoundState::WithMeeple && s.ghosts_on_board > 0 &&
            !(s.nodes[find_root(s, s.meeples[s.hound_meeple[size_t(h)]].node)].flags & Node::DEAD)) {
          out = s;
          return true;
        }
      return false;
    });
    if (found) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("solver: the hound weight values a hound next to a meeple by the ghosts it would score") {
  Weights off, on;
  REQUIRE(off.hound == 0);  // the default: studies keep their valuation
  on.hound = 1;
  SUBCASE("team level") {
    const Rules R = mists_rules(3, 1);
    CHECK(evaluate(R, initial_state(R), on) == evaluate(R, initial_state(R), off));  // no hound yet
    State s;
    REQUIRE(position_with_hound(R, s));
    const Features f = features(R, s);
    double expect = 0;
    for (int h = 0; h < 2; ++h) {
      if (s.hound[size_t(h)] != HoundState::WithMeeple) continue;
      const Node& r = s.nodes[find_root(s, s.meeples[s.hound_meeple[size_t(h)]].node)];
      if (r.flags & Node::DEAD) continue;
      expect += (r.flags & Node::DONE) ? s.ghosts_on_board : s.ghosts_on_board / (1.0 + r.open / 2.0);
    }
    CHECK(f.hound_value == doctest::Approx(expect));
    // It joins the unfinished features' prospects, which meeple_value weighs.
    CHECK(evaluate(R, s, on) - evaluate(R, s, off) == doctest::Approx(on.meeple_value * f.hound_value));
  }
  SUBCASE("level 6: for the colour of the hound's meeple") {
    const Rules R = mists_rules(6, 1, {}, [](Level& l) { l.hound1 = 1, l.hound2 = 2; });  // so the expert reaches one
    State s;
    REQUIRE(position_with_hound(R, s));
    const Features f = features(R, s);
    REQUIRE(f.hound_value > 0);
    double by_colour = 0;
    for (int c = 0; c < COLOUR_NB; ++c) by_colour += f.colour_hound[size_t(c)];
    CHECK(by_colour == doctest::Approx(f.hound_value));
    for (int h = 0; h < 2; ++h)
      if (s.hound[size_t(h)] == HoundState::WithMeeple) CHECK(f.colour_hound[s.meeples[s.hound_meeple[size_t(h)]].colour] > 0);
    CHECK(evaluate(R, s, on) > evaluate(R, s, off));
  }
}

TEST_CASE("solver: a hole no unseen tile fits is found as placing every unseen type finds it, and only stuck's weight reads it") {
  const Rules R = mists_rules(4, 1);
  Weights off, on;
  REQUIRE(off.stuck == 0);  // the default: studies keep their valuation
  on.stuck = 1;
  int positions = 0, with_holes = 0, with_stuck_value = 0;
  for (uint64_t g = 0; g < 6; ++g) {
    play_expert_until(R, seeded_deal(R, 11, g), g, [&](const State& s) {
      if (s.phase != Phase::Draw || is_over(s)) return false;
      ++positions;
      // The holes by brute force: empty cells beside a face-up tile where no unseen type has a placement.
      std::set<int> reachable;
      Action buf[MAX_ACTIONS];
      for (int t = 0; t < R.n_land_types; ++t) {
        if (!s.unseen[size_t(t)]) continue;
        State c = s;
        c.drawn = uint8_t(t);
        c.phase = Phase::Place;
        const int n = legal_actions(R, c, buf);
        for (int i = 0; i < n; ++i)
          if (buf[i].kind() == ActionKind::Place) reachable.insert(int(buf[i].a()));
      }
      int holes = 0;
      for (int y = 1; y + 1 < BOARD_H; ++y)
        for (int x = 1; x + 1 < BOARD_W; ++x) {
          if (s.cell[make_cell(x, y)]) continue;
          bool beside = false;
          for (int d = 0; d < SIDE_NB; ++d) {
            const int nb = int(s.cell[make_cell(x + DX[size_t(d)], y + DY[size_t(d)])]) - 1;
            beside = beside || (nb >= 0 && !s.tiles[size_t(nb)].face_down());
          }
          holes += beside && !reachable.count(int(make_cell(x, y)));
        }
      const StuckTerms st = stuck_terms(R, s);
      CHECK(st.holes == holes);
      const Features f = features(R, s);
      CHECK(st.meeple_value <= f.meeple_value + 1e-9);
      CHECK(st.recoverable <= f.live_recoverable + 1e-9);
      CHECK(st.ghosts <= f.ghosts_on_live);
      with_holes += holes > 0;
      with_stuck_value += st.meeple_value + st.recoverable > 0;
      const double taken = on.meeple_value * st.meeple_value + on.recover * st.recoverable + on.dead_ghost * st.ghosts;
      CHECK(evaluate(R, s, off) - evaluate(R, s, on) == doctest::Approx(taken));
      return false;
    });
  }
  INFO(positions << " positions, " << with_holes << " with holes, " << with_stuck_value << " with stuck value");
  CHECK(positions > 100);
  CHECK(with_holes > 0);  // the cases the check stands on occur
  CHECK(with_stuck_value > 0);
}
