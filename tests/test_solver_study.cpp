// The deal solver as a study agent (issue: which deals can be won at all): its chunk rows, the
// verdict columns of games.csv / cells.csv / cells.json, records of won lines that replay, resume,
// shards and merge, and replay_line's errors (the committed results: test_winnable_results.cpp).
#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/study/chunks.h"
#include "analysis/run/error.h"
#include "analysis/study/outputs.h"
#include "analysis/study/study.h"
#include "analysis_helpers.h"
#include "engine/coop/record.h"
#include "solver/agents.h"
#include "solver/deal_solver.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

analysis::StudyConfig solver_study(int games, const std::string& budget) {
  analysis::StudyConfig cfg;
  cfg.seed = 7;
  cfg.chunk = 3;
  cfg.threads = 2;
  for (const std::string& agent : {std::string("expert"), "solver:" + budget}) {
    analysis::CellSpec c;
    c.level = 3, c.players = 1, c.agent = agent, c.games = games;
    c.ghosts = cfg.game.level_config(3).ghosts;
    cfg.cells.push_back(c);
  }
  return cfg;
}

}  // namespace

TEST_CASE("solver study: chunk rows keep the verdict columns, and bad ones are named") {
  analysis::ChunkKey key{"abc", "L3-P1-G15-solver", 0, 0, 2, true};
  std::vector<analysis::GameRow> rows(2);
  rows[0].game = 0;
  rows[0].s.outcome = Outcome::Won;
  rows[0].s.score = 101;
  rows[0].solve = {Verdict::Won, 123456, 78, 101, 3};
  rows[1].game = 1;
  rows[1].s.outcome = Outcome::Lost;
  rows[1].s.score = 40;
  rows[1].solve = {Verdict::Open, 25000000, 9000, 40, 1};
  ah::TempDir dir("solver-chunk");
  const std::string path = dir.sub("c.csv");
  const std::string text = analysis::chunk_text(key, rows);
  ah::spit(path, text);
  const auto back = analysis::read_chunk(path, key);
  REQUIRE(back.size() == 2);
  CHECK(back[0].solve.verdict == Verdict::Won);
  CHECK(back[0].solve.nodes == 123456);
  CHECK(back[1].solve.verdict == Verdict::Open);
  CHECK(back[1].solve.ms == 9000);
  CHECK(back[1].solve.best_progress == 40);
  CHECK(back[1].solve.best_targets == 1);

  // The same rows read as a cell of another agent: the header does not fit.
  analysis::ChunkKey plain = key;
  plain.solver = false;
  CHECK_THROWS_WITH_AS(analysis::read_chunk(path, plain), doctest::Contains("header"), analysis::AnalysisError);

  auto broken = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    t.replace(at, from.size(), to);
    ah::spit(path, t);
  };
  broken(",open,", ",maybe,");
  CHECK_THROWS_WITH_AS(analysis::read_chunk(path, key), doctest::Contains(":4: verdict: 'maybe'"), analysis::AnalysisError);
  broken(",open,", ",won,");
  CHECK_THROWS_WITH_AS(analysis::read_chunk(path, key), doctest::Contains("does not fit outcome 'lost'"), analysis::AnalysisError);
  broken(",25000000,", ",-5,");
  CHECK_THROWS_WITH_AS(analysis::read_chunk(path, key), doctest::Contains("solve_nodes"), analysis::AnalysisError);
  broken(",25000000,", ",99999999999999999999,");
  CHECK_THROWS_WITH_AS(analysis::read_chunk(path, key), doctest::Contains("solve_nodes"), analysis::AnalysisError);
  broken("lost,none", "lost,ghost_supply");  // a solver row has no loss cause
  CHECK_THROWS_WITH_AS(analysis::read_chunk(path, key), doctest::Contains("cause"), analysis::AnalysisError);
}

TEST_CASE("solver study: verdict columns, winnable interval, records that replay, and resume") {
  ah::TempDir dir("solver-study");
  analysis::StudyConfig cfg = solver_study(6, "nodes=400000");
  cfg.records = true;
  const auto results = analysis::run_study(cfg, dir.str(), false, analysis::quiet_run());
  REQUIRE(results.size() == 2);
  const analysis::CellResult& solved = results[1];
  REQUIRE(solved.rows.size() == 6);

  // Each row is what solve_deal says of that deal with that budget (seeded by the game index).
  analysis::GameOptions opts;
  const Rules R = opts.rules(3, 1);
  const uint64_t seed = analysis::cell_seed(cfg.seed, 3, 1);
  long long won = 0, lost = 0, open = 0;
  for (const auto& row : solved.rows) {
    CAPTURE(row.game);
    const SolveResult r = solve_deal(R, seeded_deal(R, seed, uint64_t(row.game)), SolveBudget{400000, 0}, uint64_t(row.game));
    CHECK(row.solve.verdict == r.verdict);
    CHECK(row.solve.nodes == r.nodes);
    CHECK(row.solve.best_progress == r.best_progress);
    CHECK((row.s.outcome == Outcome::Won) == (r.verdict == Verdict::Won));
    won += r.verdict == Verdict::Won, lost += r.verdict == Verdict::Lost, open += r.verdict == Verdict::Open;
    const std::string rec_path = dir.sub("records/" + solved.spec.id() + "-g" + std::to_string(row.game) + ".txt");
    CHECK(fs::exists(rec_path) == (r.verdict == Verdict::Won));
    if (r.verdict != Verdict::Won) continue;
    // The record of the winning line replays to a won game with the row's score.
    const GameRecord rec = parse_record(ah::slurp(rec_path), rec_path);
    const ReplayResult rep = replay(R, rec, rec_path);
    CHECK(rep.summary.outcome == Outcome::Won);
    CHECK(rep.summary.score == row.s.score);
  }
  CHECK(won > 0);  // level 3 solo deals are mostly won within 400,000 steps (docs/performance.md)

  const ah::Csv cells = ah::read_csv(dir.sub("cells.csv"));
  REQUIRE(cells.rows.size() == 2);
  CHECK(cells.rows[0].at("proved_won").empty());  // the expert's row leaves the solver columns empty
  const auto& s = cells.rows[1];
  CHECK(std::stoll(s.at("proved_won")) == won);
  CHECK(std::stoll(s.at("proved_lost")) == lost);
  CHECK(std::stoll(s.at("open")) == open);
  CHECK(std::stod(s.at("winnable_lo")) == doctest::Approx(double(won) / 6).epsilon(1e-5));
  CHECK(std::stod(s.at("winnable_hi")) == doctest::Approx(double(6 - lost) / 6).epsilon(1e-5));
  const analysis::Interval lo = analysis::wilson(won, 6), hi = analysis::wilson(6 - lost, 6);
  CHECK(std::stod(s.at("winnable_lo_ci_lo")) == doctest::Approx(lo.lo).epsilon(1e-5));
  CHECK(std::stod(s.at("winnable_hi_ci_hi")) == doctest::Approx(hi.hi).epsilon(1e-5));
  CHECK(std::stoll(s.at("wins")) == won);

  const ah::Csv games = ah::read_csv(dir.sub("games.csv"));
  REQUIRE(games.rows.size() == 12);
  CHECK(games.rows[0].at("verdict").empty());
  CHECK(games.rows[6].at("verdict") == std::string(verdict_name(solved.rows[0].solve.verdict)));

  const json cj = json::parse(ah::slurp(dir.sub("cells.json")));
  CHECK_FALSE(cj.at("cells")[0].contains("solver"));
  CHECK(cj.at("cells")[1].at("solver").at("proved_won") == won);
  const std::string report = ah::slurp(dir.sub("report.md"));
  CHECK(report.find("## Winnable share (deal solver)") != std::string::npos);
  const json study = json::parse(ah::slurp(dir.sub("study.json")));
  CHECK(study.at("config").at("solver").at("nodes") == analysis::AgentParams{}.solve.nodes);

  // Resume after losing a chunk of the solver cell: the verdicts come back the same.
  fs::remove(dir.sub("chunks/" + solved.spec.id() + "-1.csv"));
  const auto again = analysis::run_study(cfg, dir.str(), true, analysis::quiet_run());
  REQUIRE(again[1].rows.size() == 6);
  for (size_t i = 0; i < 6; ++i) {
    CHECK(again[1].rows[i].solve.verdict == solved.rows[i].solve.verdict);
    CHECK(again[1].rows[i].solve.nodes == solved.rows[i].solve.nodes);
  }
}

TEST_CASE("solver study: a study without the solver keeps its old columns") {
  ah::TempDir dir("no-solver");
  analysis::StudyConfig cfg = solver_study(3, "nodes=1000");
  cfg.cells.pop_back();
  analysis::run_study(cfg, dir.str(), false, analysis::quiet_run());
  const std::string head = ah::slurp(dir.sub("games.csv")).substr(0, ah::slurp(dir.sub("games.csv")).find('\n'));
  CHECK(head == "cell,level,players,ghosts,agent,deal_seed,game,outcome,cause,score,turns,decisions,ghosts_on_board,"
                "ghost_supply,hounds,face_down,discarded");
  CHECK(ah::read_csv(dir.sub("cells.csv")).header.back() == "hound2_rate");
  CHECK_FALSE(json::parse(ah::slurp(dir.sub("study.json"))).at("config").contains("solver"));
}

TEST_CASE("solver study: a study.json whose solver default differs from this mists's is refused") {
  ah::TempDir dir("solver-default");
  analysis::StudyConfig cfg = solver_study(1, "nodes=1000");
  cfg.cells[1].agent = "solver";  // the default budget
  json j = cfg.to_json();
  REQUIRE(j.contains("solver"));
  CHECK_NOTHROW(analysis::StudyConfig::from_json(j, "study.json"));
  j["solver"]["nodes"] = 12345;
  CHECK_THROWS_WITH_AS(analysis::StudyConfig::from_json(j, "study.json"), doctest::Contains("config.solver"), analysis::AnalysisError);
  j.erase("solver");
  CHECK_THROWS_AS(analysis::StudyConfig::from_json(j, "study.json"), analysis::AnalysisError);
}

TEST_CASE("solver study: replay_line names the step where a line leaves the deal") {
  analysis::GameOptions opts;
  const Rules R = opts.rules(1, 1);
  const Deal deal = seeded_deal(R, 5, 0);
  const SolveResult r = solve_deal(R, deal, SolveBudget{2000000, 0}, 0);
  REQUIRE(r.verdict == Verdict::Won);
  std::vector<std::string> log;
  const GameSummary g = replay_line(R, deal, r.line, &log);
  CHECK(g.outcome == Outcome::Won);
  CHECK(log == r.line);
  std::vector<std::string> cut(r.line.begin(), r.line.begin() + long(r.line.size() / 2));
  CHECK_THROWS_WITH_AS(replay_line(R, deal, cut), doctest::Contains("ends before the game does"), std::runtime_error);
  std::vector<std::string> bad = r.line;
  for (auto& step : bad)
    if (step.rfind("place ", 0) == 0) {
      step = "place 40 40 0";
      break;
    }
  CHECK_THROWS_WITH_AS(replay_line(R, deal, bad), doctest::Contains("is not an action here"), std::runtime_error);
  std::vector<std::string> longer = r.line;
  longer.push_back("draw 01");
  CHECK_THROWS_WITH_AS(replay_line(R, deal, longer), doctest::Contains("where the deal gives 'the end'"), std::runtime_error);
}

TEST_CASE("solver study: two shards merged keep the verdicts and the records of won deals") {
  ah::TempDir dir("solver-merge");
  analysis::StudyConfig cfg = solver_study(6, "nodes=300000");
  cfg.records = true;
  const auto whole = analysis::run_study(cfg, dir.sub("whole"), false, analysis::quiet_run());
  cfg.shards = 2;
  for (int k = 1; k <= 2; ++k) {
    cfg.shard = k;
    analysis::run_study(cfg, dir.sub("shard" + std::to_string(k)), false, analysis::quiet_run());
  }
  const auto merged = analysis::merge_studies({dir.sub("shard1"), dir.sub("shard2")}, dir.sub("merged"));
  REQUIRE(merged.size() == whole.size());
  int records = 0;
  for (size_t c = 0; c < whole.size(); ++c)
    for (size_t i = 0; i < whole[c].rows.size(); ++i) {
      const analysis::GameRow& a = whole[c].rows[i];
      const analysis::GameRow& b = merged[c].rows[i];
      CHECK(a.s.outcome == b.s.outcome);
      CHECK(a.solve.verdict == b.solve.verdict);
      CHECK(a.solve.nodes == b.solve.nodes);
      const std::string name = "/records/" + whole[c].spec.id() + "-g" + std::to_string(a.game) + ".txt";
      CHECK(fs::exists(dir.sub("merged") + name) == (a.s.outcome == Outcome::Won));
      if (a.s.outcome != Outcome::Won) continue;
      CHECK(ah::slurp(dir.sub("merged") + name) == ah::slurp(dir.sub("whole") + name));
      ++records;
    }
  CHECK(records > 0);
}

// solver_budget.png reads a deal won within N steps as won by every budget of N or more: the
// search takes the same steps in the same order whatever its budget.
TEST_CASE("solver study: a smaller node budget follows the same search and stops at its budget") {
  analysis::GameOptions opts;
  const Rules R = opts.rules(4, 2);
  int checked = 0;
  for (uint64_t game = 0; game < 6 && checked < 2; ++game) {
    const Deal deal = seeded_deal(R, 7, game);
    const SolveResult big = solve_deal(R, deal, SolveBudget{3000000, 0}, game);
    if (big.verdict != Verdict::Won) continue;
    CAPTURE(game);
    const SolveResult exact = solve_deal(R, deal, SolveBudget{big.nodes, 0}, game);
    CHECK(exact.verdict == Verdict::Won);
    CHECK(exact.nodes == big.nodes);
    CHECK(exact.line == big.line);
    const SolveResult short_of = solve_deal(R, deal, SolveBudget{big.nodes / 2, 0}, game);
    CHECK(short_of.verdict == Verdict::Open);
    CHECK(short_of.nodes <= big.nodes / 2 + 8);  // the budget is checked between steps of a turn: a few over
    ++checked;
  }
  CHECK(checked == 2);
}
