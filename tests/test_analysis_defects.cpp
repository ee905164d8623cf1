// Regression tests for the defects a new user met on a clean clone (issue 9, defects 1-11; the
// plots, 7, are checked by tests/plots_test.py and the SVG board, 9, by tests/test_svg.cpp). Each
// test fails on the code before its fix.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <thread>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/outputs.h"
#include "analysis/agents/params.h"
#include "analysis/run/progress.h"
#include "analysis/study/study.h"
#include "analysis/agents/vs_agents.h"
#include "analysis_helpers.h"

using namespace mists;
namespace ah = mists::test::ah;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// A cell of `games` games with `wins` wins (the rest lost to the ghost supply), for the writers.
analysis::CellResult synthetic(int level, int players, int ghosts, int delta, const std::string& agent, int games, int wins) {
  analysis::CellResult c;
  c.spec = {level, players, ghosts, delta, agent, games, {}};
  for (int g = 0; g < games; ++g) {
    analysis::GameRow r;
    r.game = g;
    r.s.outcome = g < wins ? Outcome::Won : Outcome::Lost;
    r.s.cause = g < wins ? LossCause::None : LossCause::GhostSupply;
    r.s.score = g < wins ? 100 : 40;
    c.rows.push_back(r);
  }
  return c;
}

std::string report_of(const analysis::StudyConfig& cfg, const std::vector<analysis::CellResult>& cells) {
  std::vector<analysis::CellStats> stats;
  for (const auto& c : cells) stats.push_back(analysis::stats_of(c));
  const nlohmann::json prov = {{"runs", nlohmann::json::array({{{"revision", "test"}}})}};
  return analysis::report_markdown(cfg, prov, cells, stats);
}

}  // namespace

TEST_CASE("defect 1: agent parameters: seconds is a budget, booleans read true/false, unknown keys list the valid ones") {
  CHECK(analysis::parse_agent("mcts:seconds=0.5").params.mcts.seconds == 0.5);
  CHECK(analysis::parse_agent("mcts:reuse=false").params.mcts.reuse == false);
  CHECK(analysis::parse_agent("mcts:reuse=true").params.mcts.reuse == true);
  try {
    analysis::parse_agent("mcts:playout=5");
    FAIL("an unknown key was accepted");
  } catch (const analysis::AnalysisError& e) {
    const std::string m = e.what();
    CHECK(has(m, "playout"));
    for (const char* key : {"playouts", "seconds", "c", "rollout", "reuse", "supply", "area"}) CHECK_MESSAGE(has(m, key), m);
  }
  // Out of range or not a number of the parameter's type: refused, never cut to fit (issue 12).
  for (const char* bad : {"mcts:playouts=1e12", "mcts:playouts=inf", "mcts:playouts=2.5", "mcts:c=nan", "expert:supply=1x",
                          "mcts:reuse=maybe", "greedy:playouts=5", "random:supply=1"})
    CHECK_THROWS_AS(analysis::parse_agent(bad), analysis::AnalysisError);
  // The table drives the docs: every parameter appears in `mists agents --markdown`.
  const std::string md = analysis::params_markdown();
  for (const auto& d : analysis::param_table()) CHECK(has(md, "`" + std::string(d.name) + "`"));
}

TEST_CASE("defect 2: a binary run outside its checkout writes where it runs, never into the source tree") {
  ah::TempDir logs("d2-logs"), cwd("d2-cwd");
  const std::string name = "d2-study-" + std::to_string(::getpid());
  const auto r = ah::run_cli({"analyze", "--levels", "1", "--players", "1", "--games", "4", "--chunk", "4", "--out", name, "-q"}, logs, cwd.str());
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(fs::exists(cwd.sub(name + "/cells.csv")));
  CHECK_FALSE(fs::exists(std::string(MISTS_SOURCE_DIR) + "/" + name));
}

TEST_CASE("defect 3: balance reads the direction from the data, refuses an empty range, and a missed target exits 1") {
  ah::TempDir logs("d3-logs"), dir("d3");
  // Level 1: more piles make it harder (the first pile must reach... nothing here, but a shorter
  // pile runs out sooner); the search must still bracket the target.
  const auto piles = ah::run_cli({"balance", "--agent", "expert", "--level", "1", "--players", "2", "--param", "piles", "--target", "0.5", "--games", "60",
                                  "--out", dir.sub("piles"), "-q"}, logs);
  INFO(piles.out << piles.err);
  const std::string md = ah::slurp(dir.sub("piles/balance.md"));
  REQUIRE(!md.empty());
  const auto j = nlohmann::json::parse(ah::slurp(dir.sub("piles/balance.json")));
  // Whatever the direction, a reached target has values on both sides of it; a missed one says so.
  const bool reached = piles.status == 0;
  CHECK((reached ? has(piles.out, "gives") : has(piles.out, "not reached")));
  CHECK(has(piles.out, "%"));
  // Defect 11: the same schema as study.json: no -1 for an override not given, switches as an object.
  CHECK(j.at("config").at("overrides").empty());
  CHECK(j.at("config").at("switches").is_object());
  CHECK(j.at("config").at("switches").at("finish_ghosts") == "none");
  // Level 3's hounds need its 3 piles: no range to search.
  const auto l3 = ah::run_cli({"balance", "--level", "3", "--param", "piles", "--games", "10", "--out", dir.sub("l3"), "-q"}, logs);
  CHECK(l3.status == 2);
  CHECK(has(l3.err, "cannot move"));
  // A target out of reach: exit 1, percentages in the message.
  const auto miss = ah::run_cli({"balance", "--agent", "expert", "--level", "1", "--param", "ghosts", "--lo", "14", "--hi", "15", "--target", "1",
                                 "--games", "20", "--out", dir.sub("miss"), "-q"}, logs);
  CHECK(miss.status == 1);
  CHECK(has(miss.out, "not reached"));
  CHECK(has(miss.out, "% ["));
  CHECK_FALSE(has(miss.out, "0.8"));  // no raw fraction
}

TEST_CASE("defect 4: the report never extrapolates the ghost total for 50%, and gives its interval inside the data") {
  analysis::StudyConfig cfg;
  // Level 3 with win rates 5%, 10%, 20% over 13..17 ghosts: 50% lies beyond the data.
  const std::vector<analysis::CellResult> beyond = {synthetic(3, 2, 13, -2, "expert", 200, 10), synthetic(3, 2, 15, 0, "expert", 200, 20),
                                                    synthetic(3, 2, 17, 2, "expert", 200, 40)};
  const std::string a = report_of(cfg, beyond);
  CHECK(has(a, "above 17 (outside the budgets played"));
  // 20%, 50%, 80%: inside, with an interval.
  const std::vector<analysis::CellResult> inside = {synthetic(3, 2, 13, -2, "expert", 200, 40), synthetic(3, 2, 15, 0, "expert", 200, 100),
                                                    synthetic(3, 2, 17, 2, "expert", 200, 160)};
  const std::string b = report_of(cfg, inside);
  CHECK(has(b, "| 15.0 ["));
  CHECK_FALSE(has(b, "rough fit"));
  // 2 wins in 600 games: the odds per ghost come with a caveat.
  const std::vector<analysis::CellResult> few = {synthetic(3, 2, 13, -2, "expert", 200, 0), synthetic(3, 2, 15, 0, "expert", 200, 1),
                                                 synthetic(3, 2, 17, 2, "expert", 200, 1)};
  CHECK(has(report_of(cfg, few), "(from 2 wins only: a rough fit)"));
}

TEST_CASE("defect 5: a cell given twice, flags that --resume would ignore, and the thread count in study.json") {
  ah::TempDir logs("d5-logs"), dir("d5");
  auto twice = ah::run_cli({"analyze", "--levels", "1,1", "--games", "4", "--out", dir.sub("t"), "-q"}, logs);
  CHECK(twice.status == 2);
  CHECK(has(twice.err, "given twice"));
  const auto ok = ah::run_cli({"analyze", "--levels", "1", "--players", "1", "--games", "4", "--chunk", "2", "--threads", "2",
                               "--out", dir.sub("s"), "-q"}, logs);
  REQUIRE_MESSAGE(ok.status == 0, ok.err);
  const auto study = nlohmann::json::parse(ah::slurp(dir.sub("s/study.json")));
  CHECK(study.at("provenance").at("runs")[0].at("threads") == 2);
  CHECK(has(study.at("provenance").at("runs")[0].at("command").get<std::string>(), "--levels 1"));
  const auto ignored = ah::run_cli({"analyze", "--resume", dir.sub("s"), "--games", "10"}, logs);
  CHECK(ignored.status == 2);
  CHECK(has(ignored.err, "--games"));
  const auto all = ah::run_cli({"analyze", "--resume", dir.sub("s"), "--threads", "0", "-q"}, logs);
  REQUIRE_MESSAGE(all.status == 0, all.err);
  const auto again = nlohmann::json::parse(ah::slurp(dir.sub("s/study.json")));
  CHECK(again.at("provenance").at("runs")[1].at("threads") == int(std::max(1u, std::thread::hardware_concurrency())));
}

TEST_CASE("defect 6: the progress bar never shrinks while games finish") {
  analysis::Progress p;
  p.quiet = true;
  p.plan("expert", 1800, 64);
  p.plan("mcts", 1800, 18000);
  double last = p.fraction();
  auto step = [&](const std::string& agent, long long k, double seconds) {
    p.played(agent, k, seconds, "");
    CHECK(p.fraction() >= last);
    last = p.fraction();
  };
  for (int i = 0; i < 18; ++i) step("expert", 100, 0.2);  // cheap games first: the estimate of the rest grows
  step("mcts", 100, 50);
  step("mcts", 100, 80);
  p.skip("mcts", 400);
  CHECK(p.fraction() >= last);
}

TEST_CASE("defect 8: the report states each agent's own search settings, and only for search agents") {
  analysis::StudyConfig cfg;
  const std::string only_expert = report_of(cfg, {synthetic(1, 2, 15, 0, "expert", 10, 5)});
  CHECK_FALSE(has(only_expert, "playouts"));
  CHECK(has(only_expert, "`expert`"));
  const std::string custom = report_of(cfg, {synthetic(1, 2, 15, 0, "mcts:playouts=50,c=0.2", 10, 5)});
  CHECK(has(custom, "`mcts(playouts=50,c=0.2)`"));
  CHECK_FALSE(has(custom, "600 playouts"));
  // The tables name the agent as it was written, the file-safe id stays in cells.csv.
  CHECK(has(custom, "| mcts:playouts=50,c=0.2 |"));
}

TEST_CASE("defect 10: the commands agree on their flags and every --help shows an example") {
  ah::TempDir logs("d10-logs"), dir("d10");
  for (const char* cmd : {"analyze", "merge", "compare", "balance", "play", "replay", "bench", "tiles", "agents"}) {
    const auto r = ah::run_cli({cmd, "--help"}, logs);
    INFO(cmd << ": " << r.out);
    if (std::string(cmd) != "tiles" && std::string(cmd) != "replay" && std::string(cmd) != "bench") CHECK(has(r.out, "Example"));
  }
  const auto compare = ah::run_cli({"compare", "--help"}, logs).out;
  for (const char* flag : {"--precision", "--shard", "--playouts", "--c ", "--rollout", "--verbose", "--ghosts", "--config"})
    CHECK_MESSAGE(has(compare, flag), flag);
  CHECK(has(ah::run_cli({"balance", "--help"}, logs).out, "--quiet"));
  // One spelling works everywhere: --agent and --agents; --ghosts takes the same list syntax.
  const auto play = ah::run_cli({"play", "--level", "1", "--agents", "greedy", "--ghosts", "14", "--out", dir.sub("g.txt")}, logs);
  CHECK_MESSAGE(play.status == 0, play.err);
  const auto list = ah::run_cli({"play", "--level", "1", "--ghosts", "12,15"}, logs);
  CHECK(list.status == 2);
  CHECK(has(list.err, "one ghost total"));
  // balance takes as few games as analyze does.
  const auto few = ah::run_cli({"balance", "--agent", "expert", "--level", "1", "--param", "goal", "--lo", "40", "--hi", "60", "--games", "1",
                                "--out", dir.sub("b"), "-q"}, logs);
  CHECK(few.status < 2);
}

TEST_CASE("traces: --trace writes a row per turn of every game, ending where games.csv ends, and survives --resume") {
  ah::TempDir logs("tr-logs"), dir("tr");
  const auto r = ah::run_cli({"analyze", "--levels", "1,5", "--players", "2", "--games", "6", "--chunk", "3", "--trace", "--out", dir.sub("s"), "-q"}, logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  const ah::Csv games = ah::read_csv(dir.sub("s/games.csv"));
  const ah::Csv traces = ah::read_csv(dir.sub("s/traces.csv"));
  std::map<std::pair<std::string, std::string>, std::vector<std::map<std::string, std::string>>> by_game;
  for (const auto& row : traces.rows) by_game[{row.at("cell"), row.at("game")}].push_back(row);
  REQUIRE(by_game.size() == games.rows.size());
  for (const auto& g : games.rows) {
    const auto& rows = by_game[{g.at("cell"), g.at("game")}];
    REQUIRE(!rows.empty());
    CHECK(rows.back().at("end") == "1");
    CHECK(rows.back().at("score") == g.at("score"));
    CHECK(rows.back().at("turn") == g.at("turns"));
    CHECK(rows.front().at("turn") == "0");
  }
  CHECK(fs::exists(dir.sub("s/trajectories.png")));
  // A lost trace file is played again on --resume, and gives the same rows.
  const std::string before = ah::slurp(dir.sub("s/traces.csv"));
  fs::remove(dir.sub("s/chunks/L5-P2-G13-expert-1.trace.csv"));
  const auto again = ah::run_cli({"analyze", "--resume", dir.sub("s"), "-q"}, logs);
  REQUIRE_MESSAGE(again.status == 0, again.err);
  CHECK(ah::slurp(dir.sub("s/traces.csv")) == before);
}

TEST_CASE("docs: docs/solver.md holds the agent-parameter table exactly as `mists agents --markdown` prints it") {
  const std::string doc = ah::slurp(std::string(MISTS_SOURCE_DIR) + "/docs/solver.md");
  const std::string table = analysis::params_markdown();
  CHECK_MESSAGE(has(doc, "<!-- params:begin (generated by `mists agents --markdown`) -->\n" + table + "<!-- params:end -->"),
                "regenerate the table in docs/solver.md with: build/mists agents --markdown");
}

TEST_CASE("docs: docs/versus.md holds the competitive agents' table exactly as `mists agents --markdown --game base` prints it") {
  const std::string doc = ah::slurp(std::string(MISTS_SOURCE_DIR) + "/docs/versus.md");
  const std::string table = analysis::vs_params_markdown();
  CHECK_MESSAGE(has(doc, "<!-- vs-params:begin (generated by `mists agents --markdown --game base`) -->\n" + table + "<!-- vs-params:end -->"),
                "regenerate the table in docs/versus.md with: build/mists agents --markdown --game base");
  // Every row of the table parses on every agent it names, with its default and an edge of its range.
  for (const analysis::VsParamDef& d : analysis::vs_param_table())
    for (const char* agent : {"greedy", "expert", "mcts"}) {
      if (!(d.agents & analysis::vs_agent_bit(agent))) {
        bool other_row = false;  // objective: one row for greedy and expert, one for mcts
        for (const analysis::VsParamDef& e : analysis::vs_param_table())
          other_row = other_row || (e.name == d.name && (e.agents & analysis::vs_agent_bit(agent)));
        if (other_row) continue;
        CHECK_THROWS_WITH_AS(analysis::parse_vs_agent(std::string(agent) + ":" + std::string(d.name) + "=1"),
                             doctest::Contains("no such setting of"), analysis::AnalysisError);
        continue;
      }
      const std::string value = d.type == analysis::VsParamType::Choice ? std::string(d.choices.back())
                                : d.type == analysis::VsParamType::Int  ? std::to_string((long long)d.hi)
                                                                         : std::to_string(d.lo);
      const analysis::VsAgentSpec a = analysis::parse_vs_agent(std::string(agent) + ":" + std::string(d.name) + "=" + value);
      CHECK(d.get(a) == (d.type == analysis::VsParamType::Choice ? double(d.choices.size() - 1) : d.type == analysis::VsParamType::Int ? d.hi : d.lo));
      if (d.type != analysis::VsParamType::Choice)
        CHECK_THROWS_AS(analysis::parse_vs_agent(std::string(agent) + ":" + std::string(d.name) + "=" + std::to_string(d.hi * 2 + 1)),
                        analysis::AnalysisError);
    }
  CHECK(analysis::parse_vs_agent("mcts:rollout=end").mcts.rollout_turns == -1);
}
