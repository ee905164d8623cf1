// The afterstate value (solver/afterstate.h), the td agent on it (solver/td_agent.h) and its
// training by temporal differences (analysis/train/td_train.h, mists train --method td): the weights file
// is checked on load, zero tables play as the expert, training is reproducible byte for byte and
// resumes to the same weights, the agents never read the order of the unseen tiles, and the
// shipped weights give pinned values.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/provenance.h"
#include "analysis/study/study_config.h"
#include "analysis/train/td_train.h"
#include "analysis/agents/value_model.h"
#include "analysis_helpers.h"
#include "solver/afterstate.h"
#include "solver/agents.h"
#include "solver/td_agent.h"
#include "solver/value.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

// V of two positions of the shipped weights (the last test case).
constexpr double PINNED_START = 0.0091348368049750748, PINNED_TURN10 = 0.0091104679243704176;

// A model of level 3 with some entries set in every head.
AfterstateModel small_model() {
  AfterstateModel m = AfterstateModel::fresh({3});
  for (AfterstateHead& h : m.heads) {
    h.heuristic = 0.75f + 0.125f * float(h.stage);
    h.updates = 10 + h.stage;
    for (size_t i = 0; i < h.w.size(); i += 97) h.w[i] = float(int(i % 13) - 6) / 7.0f;
  }
  m.notes.push_back("made_by a test");
  return m;
}

// Plays game `game` of seed 5 twice with the agent, on its deal A and on deal B, A with its later
// piles reversed: both must make the same decisions until the first draw of another tile. Returns
// whether the deals were told apart before the game ended.
bool td_same_until_the_deals_differ(const Rules& R, const AfterstateModel& m, const TdConfig& cfg, uint64_t game) {
  const Deal a = seeded_deal(R, 5, game);
  Deal b = a;
  for (size_t k = 1; k < b.piles.size(); ++k) std::reverse(b.piles[k].begin(), b.piles[k].end());
  TdAgent pa(R, m, cfg, 77), pb(R, m, cfg, 77);
  std::vector<std::string> la, lb;
  play_game(R, a, pa, &la);
  play_game(R, b, pb, &lb);
  size_t same = 0;
  while (same < la.size() && same < lb.size() && la[same] == lb[same]) ++same;
  if (same == la.size() && same == lb.size()) return false;
  REQUIRE(same < la.size());
  REQUIRE(same < lb.size());
  CHECK(la[same].rfind("draw ", 0) == 0);  // the first difference is a draw, never a decision
  return true;
}

}  // namespace

TEST_CASE("afterstate: the weights file reads back as written; a changed, truncated or foreign file is refused by line and field") {
  const AfterstateModel m = small_model();
  const std::string text = m.text();
  const AfterstateModel back = AfterstateModel::parse(text, "w.txt");
  CHECK(back.text() == text);
  REQUIRE(back.heads.size() == 3);
  for (size_t k = 0; k < 3; ++k) {
    CHECK(back.heads[k].w == m.heads[k].w);
    CHECK(back.heads[k].heuristic == m.heads[k].heuristic);
    CHECK(back.heads[k].updates == m.heads[k].updates);
  }
  CHECK(back.checksum() == fnv1a64_hex(text));
  CHECK(back.covers(mists_rules(3, 2)));
  CHECK_FALSE(back.covers(mists_rules(4, 2)));
  // One byte changed: the checksum of the last line no longer matches.
  std::string changed = text;
  changed[changed.find("head 3 1") + 9] = '2';
  CHECK_THROWS_WITH_AS(AfterstateModel::parse(changed, "w.txt"), doctest::Contains("checksum"), ValueError);
  // Truncated: no checksum line.
  CHECK_THROWS_WITH_AS(AfterstateModel::parse(text.substr(0, text.size() / 2), "w.txt"), doctest::Contains("checksum"), ValueError);
  // Another layout, sealed anew so only the layout is wrong.
  std::string body = unseal_text(text, "w.txt");
  const size_t at = body.find("layout ");
  body.replace(at, body.find('\n', at) - at, "layout tuples-0 12");
  CHECK_THROWS_WITH_AS(AfterstateModel::parse(seal_text(body), "w.txt"), doctest::Contains("w.txt:3: layout"), ValueError);
  // A bad number names its line and field.
  body = unseal_text(text, "w.txt");
  const size_t w = body.find("\nw ");
  body.replace(body.find(' ', w + 3) + 1, 1, "x");
  CHECK_THROWS_WITH_AS(AfterstateModel::parse(seal_text(body), "w.txt"), doctest::Contains(": value:"), ValueError);
}

TEST_CASE("afterstate: with every table at zero the td agent chooses as the expert does") {
  const AfterstateModel zero = AfterstateModel::fresh({3});
  const Rules R = mists_rules(3, 2);
  long long asked = 0, same = 0;
  for (uint64_t game = 0; game < 4; ++game) {
    const Deal d = seeded_deal(R, 7, game);
    ExpertAgent expert(R, 31 + game, Weights{});
    TdAgent td(R, zero, TdConfig{}, 31 + game);
    // At every decision of the expert's game, the td agent is asked too; its option must be one the
    // expert values as much (the two finish a turn alike but for ties, which the expert draws).
    auto both = [&](const State& s, const Action* options, int n) {
      const int e = expert(s, options, n);
      const int t = td(s, options, n);
      ++asked;
      same += e == t;
      return e;
    };
    const GameSummary g = play_game(R, d, both, nullptr);
    CHECK(g.turns > 5);
    CHECK(td.stats().evaluations >= td.stats().decisions * 2);
  }
  CHECK(asked > 100);
  CHECK(double(same) >= 0.9 * double(asked));
}

TEST_CASE("afterstate: V reads the inputs of what the team sees, in [0, 1], 1 and 0 at the end") {
  const AfterstateModel m = small_model();
  const Rules R = mists_rules(3, 2);
  const AfterstateEval eval(R, m);
  const Deal d = seeded_deal(R, 7, 3);
  ExpertAgent agent(R, 5, Weights{});
  int seen = 0;
  TurnObserver see = [&](const State& s) {
    AfterstateInputs in;
    eval.inputs(s, in);
    const double v = eval.value(in);
    CHECK(v >= 0.0);
    CHECK(v <= 1.0);
    if (is_over(s)) {
      CHECK(in.terminal);
      CHECK(v == (s.outcome == Outcome::Won ? 1.0 : 0.0));
      return;
    }
    ++seen;
    CHECK(in.n > 10);
    CHECK(in.n < AfterstateInputs::CAP);
    for (int i = 0; i < in.n; ++i) CHECK(int(in.idx[size_t(i)]) < afterstate_table_size());
    // The shares of the families add up to one each: as many as the families present.
    CHECK(in.families == doctest::Approx(std::round(in.families)).epsilon(1e-5));
  };
  play_game(R, d, agent, nullptr, &see);
  CHECK(seen > 5);
}

TEST_CASE("afterstate: the td agents are fair — deals that agree on what was seen get the same moves") {
  const AfterstateModel m = small_model();
  for (int depth : {1, 2}) {
    CAPTURE(depth);
    const Rules R = mists_rules(3, 1);
    TdConfig cfg;
    cfg.depth = depth;
    cfg.top = 2;
    int told_apart = 0;
    for (uint64_t game = 0; game < (depth == 1 ? 6u : 2u); ++game) told_apart += td_same_until_the_deals_differ(R, m, cfg, game);
    CHECK(told_apart > 0);
  }
}

TEST_CASE("afterstate: depth 2 values an option by the exact chance of each unseen tile type, checked against enumeration") {
  const AfterstateModel m = small_model();
  const Rules R = mists_rules(3, 1);
  const Deal d = seeded_deal(R, 7, 1);
  // A placement a few turns in.
  State s = initial_state(R, d);
  Dealer dealer(R, d);
  ExpertAgent expert(R, 3, Weights{});
  Action buf[MAX_ACTIONS];
  int placements = 0;
  while (true) {
    if (is_chance(s)) {
      dealer.draw(s);
      continue;
    }
    const int n = legal_actions(R, s, buf);
    if (s.phase == Phase::Place && n > 3 && ++placements == 4) break;
    apply(R, s, buf[n > 1 ? expert(s, buf, n) : 0]);
  }
  const int n = legal_actions(R, s, buf);
  TdConfig c2;
  c2.depth = 2;
  c2.top = n;  // every option searched: the choice is the argmax of the enumeration below
  TdAgent deep(R, m, c2, 9);
  TdAgent shallow(R, m, TdConfig{}, 9);
  const int pick = deep(s, buf, n);
  // Enumeration: each option's afterstate, every unseen type with its copies, the best depth-1 value.
  std::vector<double> expect(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    State a = s;
    apply(R, a, buf[i]);
    finish_turn(R, a, Weights{});
    double sum = 0, weight = 0;
    for (int t = 0; t < R.n_land_types; ++t) {
      if (!a.unseen[size_t(t)]) continue;
      State dr = a;
      apply_draw(R, dr, t);
      double best;
      if (is_over(dr) || turn_start(dr)) {
        best = shallow.eval().value(dr);
      } else {
        Action opts[MAX_ACTIONS];
        const int k = legal_actions(R, dr, opts);
        std::vector<double> v;
        shallow.option_values(dr, opts, k, v);
        best = *std::max_element(v.begin(), v.end());
      }
      sum += a.unseen[size_t(t)] * best;
      weight += a.unseen[size_t(t)];
    }
    expect[size_t(i)] = sum / weight;
  }
  const double top = *std::max_element(expect.begin(), expect.end());
  CHECK(expect[size_t(pick)] == doctest::Approx(top).epsilon(1e-12));
}

TEST_CASE("train --method td: the same weights byte for byte on 1 or 2 threads, and a stopped run resumes to them") {
  ah::TempDir dir("td");
  analysis::TdTrainConfig cfg;
  cfg.levels = {3, 4};
  cfg.players = {1, 2};
  cfg.games = 12;
  cfg.checkpoint = 5;
  cfg.holdout = 4;
  cfg.threads = 1;
  cfg.work = dir.sub("w1");
  cfg.out = dir.sub("a.txt");
  const analysis::TdTrainResult a = analysis::train_td(cfg, "test", -1);
  REQUIRE(a.model.heads.size() == 6);
  CHECK(a.model.heads.front().updates > 0);
  // The held-out games' calibration: every afterstate scored, V's Brier score in [0, 1].
  REQUIRE(a.calibration.size() == 2);
  CHECK(a.calibration[0].games == 4);
  CHECK(a.calibration[0].positions > 20);
  CHECK(a.calibration[0].brier >= 0.0);
  CHECK(a.calibration[0].brier <= 1.0);
  CHECK(a.calibration[0].brier_heads >= 0.0);  // value.txt covers level 3
  CHECK(ah::slurp(dir.sub("w1/calibration.md")).find("| 3 | 4 |") != std::string::npos);
  cfg.holdout = 0;
  cfg.threads = 2;
  cfg.work = dir.sub("w2");
  cfg.out = dir.sub("b.txt");
  analysis::train_td(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("a.txt")) == ah::slurp(dir.sub("b.txt")));
  // Stopped after 7 games (inside a block), then resumed to 12: the same weights and curve.
  cfg.work = dir.sub("w3");
  cfg.games = 7;
  cfg.out = dir.sub("partial.txt");
  analysis::train_td(cfg, "test", -1);
  cfg.games = 12;
  cfg.out = dir.sub("c.txt");
  const analysis::TdTrainResult c = analysis::train_td(cfg, "test", -1);
  CHECK(c.levels.front().read == 7);
  CHECK(c.levels.front().played == 5);
  CHECK(ah::slurp(dir.sub("c.txt")) == ah::slurp(dir.sub("a.txt")));
  CHECK(ah::slurp(dir.sub("w3/curve.csv")) == ah::slurp(dir.sub("w1/curve.csv")));
  // Other settings in the same folder are refused, naming the checkpoint.
  cfg.alpha = 0.2;
  CHECK_THROWS_WITH_AS(analysis::train_td(cfg, "test", -1), doctest::Contains("level-3.txt: config"), analysis::AnalysisError);
  // Another seed gives other weights.
  cfg.alpha = 0.1;
  cfg.seed = 3;
  cfg.work = dir.sub("w4");
  cfg.out = dir.sub("d.txt");
  analysis::train_td(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("d.txt")) != ah::slurp(dir.sub("a.txt")));
}

TEST_CASE("train --method td: the fit's flags are refused with it, and its own without it") {
  ah::TempDir logs("td-cli");
  auto r = ah::run_cli({"train", "--method", "td", "--ridge", "2", "--work", logs.sub("w")}, logs);
  CHECK(r.status == 2);
  CHECK(r.err.find("--ridge") != std::string::npos);
  r = ah::run_cli({"train", "--alpha", "0.2", "--work", logs.sub("w")}, logs);
  CHECK(r.status == 2);
  CHECK(r.err.find("--alpha needs --method td") != std::string::npos);
  r = ah::run_cli({"train", "--method", "td", "--lambda", "1.5"}, logs);
  CHECK(r.status == 2);
}

TEST_CASE("afterstate: the td agent by name, its parameters checked, and the shipped weights' pinned values") {
  const analysis::AgentSpec a = analysis::parse_agent("td:depth=2,top=4");
  CHECK(a.is(analysis::TD));
  CHECK(a.params.td.depth == 2);
  CHECK(a.params.td.top == 4);
  CHECK_FALSE(analysis::sees_the_deal(a));
  CHECK_THROWS_AS(analysis::parse_agent("td:depth=3"), analysis::AnalysisError);
  CHECK_THROWS_AS(analysis::parse_agent("td:samples=3"), analysis::AnalysisError);
  const AfterstateModel& m = analysis::shipped_afterstate_model();
  for (int level = 1; level <= 6; ++level) CHECK(m.covers(mists_rules(level, 2)));
  CHECK_FALSE(m.covers(mists_rules_levers(3, 2, [] {
    Levers l;
    l.abbeys = PiecePool::PerColour;
    return l;
  }())));
  // The first afterstate of deal (7, 0) on level 4 with 2 players, and after the expert's 10th turn.
  const Rules R = mists_rules(4, 2);
  const AfterstateEval eval(R, m);
  const Deal d = seeded_deal(R, 7, 0);
  std::vector<double> v;
  ExpertAgent expert(R, 1, Weights{});
  TurnObserver see = [&](const State& s) {
    if (v.size() < 11) v.push_back(eval.value(s));
  };
  play_game(R, d, expert, nullptr, &see);
  REQUIRE(v.size() == 11);
  MESSAGE("V: " << std::setprecision(17) << v[0] << " " << v[10]);
  CHECK(v[0] == doctest::Approx(PINNED_START).epsilon(1e-6));
  CHECK(v[10] == doctest::Approx(PINNED_TURN10).epsilon(1e-6));
}

TEST_CASE("afterstate: a study of td records the weights' checksum and refuses other weights on resume") {
  analysis::StudyConfig cfg;
  analysis::CellSpec c;
  c.level = 3;
  c.players = 2;
  c.agent = "td";
  cfg.cells.push_back(c);
  nlohmann::json p = analysis::provenance_note(cfg);
  REQUIRE(p.contains("afterstate_checksum"));
  CHECK(p.at("afterstate_checksum") == analysis::shipped_afterstate_model().checksum());
  CHECK(p.at("afterstate_file") == analysis::AFTERSTATE_FILE);
  CHECK_FALSE(p.contains("value_checksum"));  // td reads no value.txt
  CHECK_NOTHROW(analysis::check_checksums(p, cfg, "study.json"));
  p["afterstate_checksum"] = "0000000000000000";
  CHECK_THROWS_WITH_AS(analysis::check_checksums(p, cfg, "study.json"), doctest::Contains("study.json: provenance.afterstate_checksum"),
                       analysis::AnalysisError);
}

TEST_CASE("train --method td --restarts: games played on again from later stages, the same weights on any thread count") {
  ah::TempDir dir("td-restarts");
  analysis::TdTrainConfig cfg;
  cfg.levels = {4};
  cfg.players = {1, 2};
  cfg.games = 8;
  cfg.checkpoint = 4;
  cfg.holdout = 0;
  cfg.restarts = 2;
  cfg.threads = 1;
  cfg.work = dir.sub("w1");
  cfg.out = dir.sub("a.txt");
  const analysis::TdTrainResult a = analysis::train_td(cfg, "test", -1);
  cfg.threads = 2;
  cfg.work = dir.sub("w2");
  cfg.out = dir.sub("b.txt");
  analysis::train_td(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("a.txt")) == ah::slurp(dir.sub("b.txt")));
  CHECK(ah::slurp(dir.sub("a.txt")).find("\"restarts\":2") != std::string::npos);
  // Without restarts: fewer updates of the later stages, other weights.
  cfg.restarts = 0;
  cfg.work = dir.sub("w3");
  cfg.out = dir.sub("c.txt");
  const analysis::TdTrainResult c = analysis::train_td(cfg, "test", -1);
  CHECK(ah::slurp(dir.sub("c.txt")) != ah::slurp(dir.sub("a.txt")));
  long long later_a = 0, later_c = 0;
  for (const AfterstateHead& h : a.model.heads) later_a += h.stage > 0 ? h.updates : 0;
  for (const AfterstateHead& h : c.model.heads) later_c += h.stage > 0 ? h.updates : 0;
  CHECK(later_a >= later_c);
}

TEST_CASE("value=td: the planner and mcts judge by the afterstate value, stay fair, and their studies record its checksum") {
  const Rules R = mists_rules(3, 1);
  for (const char* text : {"planner:value=td,samples=3,horizon=2", "mcts:value=td,playouts=40"}) {
    CAPTURE(text);
    const analysis::AgentSpec a = analysis::parse_agent(text);
    CHECK(a.reads_afterstate());
    CHECK_FALSE(a.reads_value());
    // Fair: two deals that agree on what was seen get the same moves until a draw tells them apart.
    const Deal da = seeded_deal(R, 5, 1);
    Deal db = da;
    for (size_t k = 1; k < db.piles.size(); ++k) std::reverse(db.piles[k].begin(), db.piles[k].end());
    std::vector<std::string> la, lb;
    const analysis::Chooser ca = analysis::make_agent(R, a, 9, nullptr), cb = analysis::make_agent(R, a, 9, nullptr);
    play_game(R, da, [&](const State& s, const Action* o, int n) { return ca(s, o, n); }, &la);
    play_game(R, db, [&](const State& s, const Action* o, int n) { return cb(s, o, n); }, &lb);
    size_t same = 0;
    while (same < la.size() && same < lb.size() && la[same] == lb[same]) ++same;
    REQUIRE(same < std::min(la.size(), lb.size()));
    CHECK(la[same].rfind("draw ", 0) == 0);
    // The value is read: the same agent on the heuristic plays another game.
    std::string plain = text;
    plain.replace(plain.find("value=td"), 8, "value=heuristic");
    const analysis::Chooser cp = analysis::make_agent(R, analysis::parse_agent(plain), 9, nullptr);
    std::vector<std::string> lp;
    play_game(R, da, [&](const State& s, const Action* o, int n) { return cp(s, o, n); }, &lp);
    CHECK(lp != la);
    // A study of it records the afterstate weights' checksum, not the learned value's.
    analysis::StudyConfig cfg;
    analysis::CellSpec c;
    c.level = 3;
    c.players = 1;
    c.agent = text;
    cfg.cells.push_back(c);
    const nlohmann::json p = analysis::provenance_note(cfg);
    CHECK(p.value("afterstate_checksum", "") == analysis::shipped_afterstate_model().checksum());
    CHECK_FALSE(p.contains("value_checksum"));
  }
}

TEST_CASE("td preview: told the next tiles it reads the deal, is no fair agent, and needs the deal") {
  const Rules R = mists_rules(2, 1);
  const analysis::AgentSpec told = analysis::parse_agent("td:depth=2,preview=2");
  CHECK(analysis::sees_the_deal(told));
  CHECK_FALSE(analysis::sees_the_deal(analysis::parse_agent("td:depth=2")));
  CHECK_THROWS_WITH_AS(analysis::make_agent(R, told, 1, nullptr), doctest::Contains("preview needs the game's deal"), analysis::AnalysisError);
  // Two deals that agree on what was seen so far: the told agent plays them apart before any draw
  // differs (it reads what is to come), where the fair one cannot.
  int apart = 0;
  for (uint64_t game = 0; game < 4; ++game) {
    const Deal da = seeded_deal(R, 5, game);
    Deal db = da;
    std::reverse(db.piles[0].end() - 20, db.piles[0].end());
    std::vector<std::string> la, lb;
    const analysis::Chooser ca = analysis::make_agent(R, told, 3, std::make_shared<Deal>(da));
    const analysis::Chooser cb = analysis::make_agent(R, told, 3, std::make_shared<Deal>(db));
    play_game(R, da, [&](const State& s, const Action* o, int n) { return ca(s, o, n); }, &la);
    play_game(R, db, [&](const State& s, const Action* o, int n) { return cb(s, o, n); }, &lb);
    size_t same = 0;
    while (same < la.size() && same < lb.size() && la[same] == lb[same]) ++same;
    if (same < std::min(la.size(), lb.size()) && la[same].rfind("draw ", 0) != 0) ++apart;
  }
  CHECK(apart > 0);
  // Its game through the study path reads the true deal.
  const GameSummary g = analysis::play_one(R, told, 7, 0);
  CHECK(g.turns > 0);
}
