// mists ladder (issue 34, part 1): the path of settings keeps the rules' limits, a small ladder on a
// tiny budget gives the same outputs on 1 and 2 threads and after a stop and --resume, a resume
// with other settings is refused by field, and the command refuses bad flags. Bounded: the expert
// agent, two cells, batches of 4 games, at most 8 a setting.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/run/error.h"
#include "analysis/run/interrupt.h"
#include "analysis/design/ladder.h"
#include "analysis_helpers.h"

using namespace mists;
using analysis::LadderConfig;
using analysis::LadderSetting;
namespace ah = mists::test::ah;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// Two cells on a tiny budget: level 1 (no hounds) and level 4 (both hounds), 2 players.
LadderConfig tiny() {
  LadderConfig c;
  c.levels = {1, 4};
  c.players = {2};
  c.targets = {0.5, 0.5};
  c.agent = "expert";
  c.steps = 4;
  c.batch = 4;
  c.max_games = 8;
  c.seed = 3;
  c.threads = 1;
  c.quiet = true;
  c.plot = false;
  c.command = "test";
  return c;
}

// The outputs that must not depend on the run: ladder.md, ladder.csv, and ladder.json without the
// provenance's runs (their times, thread counts and commands).
std::string outputs(const std::string& dir) {
  nlohmann::json j = nlohmann::json::parse(ah::slurp(dir + "/ladder.json"));
  j["provenance"].erase("runs");
  return ah::slurp(dir + "/ladder.md") + "\n----\n" + ah::slurp(dir + "/ladder.csv") + "\n----\n" + j.dump(1);
}

}  // namespace

TEST_CASE("ladder: every setting of the path keeps the rules' limits and moves only the allowed numbers") {
  const std::vector<LadderSetting> printed = {{15, 50, 0, 0}, {15, 100, 15, 50}, {13, 120, 20, 60}, {12, 50, 10, 25}, {4, 3, 1, 2}};
  const std::vector<std::vector<std::string>> allowed = {
      {"ghosts", "goal", "hound1", "hound2"}, {"goal"}, {"hound2"}, {"hound1", "goal"}, {"ghosts"}, {"hound1", "hound2"}};
  int checked = 0;
  for (const LadderSetting& p : printed)
    for (const auto& a : allowed)
      for (double change : {0.1, 0.5, 1.0, 3.0})
        for (bool easier : {true, false}) {
          LadderSetting prev = p;
          for (int step = 0; step <= 8; ++step) {
            const LadderSetting s = analysis::path_setting(p, a, change, 8, step, easier, 3);
            const std::string bad = analysis::setting_violation(s, p, 3);
            CHECK_MESSAGE(bad.empty(), p.text() << " -> " << s.text() << ": " << bad);
            for (const char* n : analysis::LADDER_NUMBERS) {
              const bool may = std::find(a.begin(), a.end(), n) != a.end();
              if (!may) CHECK_MESSAGE(s.get(n) == p.get(n), n << " moved but is not allowed: " << s.text());
              // Monotone along the path: easier never takes a ghost away nor raises a threshold.
              const bool more_ghosts = std::string(n) == "ghosts";
              if (easier == more_ghosts) CHECK(s.get(n) >= prev.get(n));
              else CHECK(s.get(n) <= prev.get(n));
            }
            if (step == 0) CHECK(s == p);
            prev = s;
            ++checked;
          }
        }
  CHECK(checked == 5 * 6 * 4 * 2 * 9);
  // The limits themselves: a crossing, a hound the level lacks, a number out of range.
  CHECK(has(analysis::setting_violation({15, 100, 50, 50}, {15, 100, 15, 50}, 3), "hound1 50 not below hound2 50"));
  CHECK(has(analysis::setting_violation({15, 50, 0, 60}, {15, 100, 15, 60}, 3), "hound1 0"));
  CHECK(has(analysis::setting_violation({15, 40, 15, 50}, {15, 100, 15, 50}, 3), "not below the goal"));
  CHECK(has(analysis::setting_violation({2, 50, 0, 0}, {15, 50, 0, 0}, 3), "ghosts 2 outside 3..250"));
  // At most 1 step of change = at least 1 of the number: step 1 of 100 at 10% moves ghosts 15 by 1.
  CHECK(analysis::path_setting({15, 50, 0, 0}, {"ghosts"}, 0.1, 100, 1, true, 3).ghosts == 16);
}

TEST_CASE("ladder: the same outputs on 1 and 2 threads, and every probe inside the limits") {
  ah::TempDir dir("ladder-threads");
  LadderConfig c = tiny();
  const auto r1 = analysis::run_ladder(c, dir.sub("t1"), false);
  c.threads = 2;
  const auto r2 = analysis::run_ladder(c, dir.sub("t2"), false);
  REQUIRE(r1.cells.size() == 2);
  CHECK(outputs(dir.sub("t1")) == outputs(dir.sub("t2")));
  CHECK(r1.batches_read == 0);
  CHECK(r1.batches_played == r2.batches_played);
  for (const auto& cell : r1.cells) {
    CHECK(cell.probes.front().step == 0);
    CHECK(cell.before.setting == cell.printed);
    CHECK((cell.status == "printed" || cell.status == "reached" || cell.status == "between" || cell.status == "unreachable"));
    for (const auto& p : cell.probes) {
      CHECK_MESSAGE(analysis::setting_violation(p.setting, cell.printed, 3).empty(), p.setting.text());
      CHECK(p.games % c.batch == 0);
      CHECK(p.games <= c.max_games);
      long long lost = 0;
      for (const auto& [cause, n] : p.losses) lost += n;
      CHECK(lost + p.wins == p.games);
    }
  }
  CHECK(std::filesystem::exists(dir.sub("t1") + "/ladder.csv"));
  CHECK(has(ah::slurp(dir.sub("t1") + "/ladder.md"), "| 4 | 2 | 50.0% | ghosts 13, hound1 20, hound2 60, goal 120 |"));
}

TEST_CASE("ladder: stopped after some batches and resumed, the outputs are those of one run; other settings are refused") {
  ah::TempDir dir("ladder-resume");
  LadderConfig c = tiny();
  const auto whole = analysis::run_ladder(c, dir.sub("whole"), false);
  REQUIRE(whole.batches_played > 6);
  LadderConfig stopped = c;
  stopped.stop_after = 3;
  try {
    analysis::run_ladder(stopped, dir.sub("parts"), false);
    FAIL("the ladder did not stop");
  } catch (const analysis::Interrupted& e) {
    CHECK(e.status == 130);
    CHECK_MESSAGE(has(e.what(), "stopped by SIGINT: 3 batches kept in " + dir.sub("parts") + "; continue with: mists ladder --resume "), e.what());
  }
  CHECK_FALSE(std::filesystem::exists(dir.sub("parts") + "/ladder.md"));
  // A second stop, then the rest: nothing played twice.
  CHECK_THROWS_AS(analysis::run_ladder(stopped, dir.sub("parts"), true), analysis::Interrupted);
  const auto rest = analysis::run_ladder(c, dir.sub("parts"), true);
  CHECK(rest.batches_read == 6);
  CHECK(rest.batches_played == whole.batches_played - 6);
  CHECK(outputs(dir.sub("whole")) == outputs(dir.sub("parts")));
  const nlohmann::json j = nlohmann::json::parse(ah::slurp(dir.sub("parts") + "/ladder.json"));
  CHECK(j["provenance"]["runs"].size() == 3);
  CHECK(j["provenance"]["runs"][0]["stopped"] == "SIGINT");

  // Another setting, a new run into a folder that holds one, and no ladder at all.
  LadderConfig other = c;
  other.max_games = 12;
  try {
    analysis::run_ladder(other, dir.sub("parts"), true);
    FAIL("a resume with another max_games ran");
  } catch (const analysis::AnalysisError& e) {
    CHECK_MESSAGE(has(e.what(), "config.max_games: the ladder there has 8, this run 12"), e.what());
  }
  CHECK_THROWS_WITH_AS(analysis::run_ladder(c, dir.sub("parts"), false), doctest::Contains("already holds a ladder"), analysis::AnalysisError);
  // Two shards copied into one folder: the whole ladder reads their batches and plays none.
  for (int k = 1; k <= 2; ++k) {
    LadderConfig shard = c;
    shard.shard = k, shard.shards = 2;
    const auto part = analysis::run_ladder(shard, dir.sub("shard" + std::to_string(k)), false);
    CHECK(part.cells.size() == 1);
    std::filesystem::create_directories(dir.sub("joined/cells"));
    for (const auto& f : std::filesystem::directory_iterator(dir.sub("shard" + std::to_string(k)) + "/cells"))
      std::filesystem::copy_file(f.path(), dir.sub("joined/cells") + "/" + f.path().filename().string());
  }
  const auto joined = analysis::run_ladder(c, dir.sub("joined"), false);
  CHECK(joined.batches_played == 0);
  CHECK(outputs(dir.sub("whole")) == outputs(dir.sub("joined")));
  CHECK_THROWS_WITH_AS(analysis::run_ladder(c, dir.sub("none"), true), doctest::Contains("nothing to resume"), analysis::AnalysisError);
  // A sealed batch edited by hand is refused by file and field.
  const std::string cell = dir.sub("parts") + "/cells/L1-P2.json";
  std::string text = ah::slurp(cell);
  const auto at = text.find("\"wins\": ");
  REQUIRE(at != std::string::npos);
  text[at + 8] = text[at + 8] == '0' ? '1' : '0';
  ah::spit(cell, text);
  CHECK_THROWS_WITH_AS(analysis::run_ladder(c, dir.sub("parts"), true), doctest::Contains("L1-P2.json: checksum"), analysis::AnalysisError);
}

TEST_CASE("ladder: the command refuses bad flags by name and resumes by folder") {
  ah::TempDir logs("ladder-cli");
  const std::vector<std::pair<std::vector<std::string>, std::string>> bad = {
      {{"--levels", "1,2", "--targets", "0.8"}, "--targets: 1 targets for 2 levels"},
      {{"--targets", "80"}, "--targets 80: a target is a fraction of games won, 0 to 1, in every command: did you mean 0.8?"},
      {{"--targets", "1"}, "--targets 1: a target win rate lies strictly between 0 and 1"},
      {{"--numbers", "piles"}, "--numbers: 'piles' is not one of ghosts, goal, hound1, hound2 (the pile count is fixed"},
      {{"--levels", "1", "--numbers", "hound1"}, "--numbers: level 1 has none of hound1"},
      {{"--batch", "10", "--max-games", "15"}, "--max-games: 15 is not a whole number of batches of 10"},
      {{"--goal", "60"}, "--goal"},  // not a ladder flag: the ladder moves the goal itself
      {{"--agent", "solver"}, "--agent: the solver is no player"},
      {{"--agent", "nobody"}, "--agent: agent 'nobody' is unknown"},
      {{"--levels", "7"}, "--levels: 7 is not a level"},
      {{"--shard", "3/2"}, "--shard: '3/2' is not K/N"},
      {{"--resume", logs.sub("x"), "--levels", "2"}, "--resume takes the whole ladder from its ladder-run.json; --levels"},
      {{"--resume", logs.sub("x")}, "nothing to resume"},
  };
  for (const auto& [args, message] : bad) {
    std::vector<std::string> all = {"ladder"};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = ah::run_cli(all, logs);
    CHECK_MESSAGE(r.status == 2, ah::join(all) << ": " << r.err);
    CHECK_MESSAGE(has(r.err, message), ah::join(all) << ": " << r.err);
  }
  // A whole small ladder through the command, then --resume of the finished folder plays nothing.
  const std::string out = logs.sub("run");
  const auto run = ah::run_cli({"ladder", "--levels", "1", "--players", "2", "--targets", "0.5", "--agent", "expert", "--steps", "2", "--batch",
                                "4", "--max-games", "4", "--threads", "1", "--out", out, "-q"},
                               logs);
  REQUIRE_MESSAGE(run.status == 0, run.err);
  CHECK(has(run.out, "1 cells:"));
  CHECK(std::filesystem::file_size(out + "/ladder.png") > 1000);  // the plot, drawn by scripts/plot_ladder.py
  const auto again = ah::run_cli({"ladder", "--resume", out, "--threads", "2", "-q"}, logs);
  CHECK_MESSAGE(again.status == 0, again.err);
  CHECK(has(again.out, "0 batches played"));
}

TEST_CASE("ladder: between two steps the nearer is told by the intervals, games added where they overlap (issue 45)") {
  // Level 1, 2 players, the expert, target 80%: the printed numbers win about 85% and step 1 about
  // 74%. The step recommended must be the one nearer the target on as many games as the other, or
  // the verdict says on how many fewer; the printed numbers themselves may be the answer.
  ah::TempDir logs("ladder-nearer");
  const std::string out = logs.sub("l1");
  const auto run = ah::run_cli({"ladder", "--levels", "1", "--players", "2", "--targets", "0.8", "--agent", "expert", "--max-games", "200",
                                "--threads", "2", "--out", out, "-q"},
                               logs);
  REQUIRE_MESSAGE(run.status == 0, run.err);
  const nlohmann::json j = nlohmann::json::parse(ah::slurp(out + "/ladder.json"));
  const nlohmann::json& c = j.at("cells").at(0);
  REQUIRE(c.at("status") == "between");
  const nlohmann::json& rec = c.at("recommended");
  const double t = 0.8, rr = double(rec.at("wins")) / double(rec.at("games"));
  for (const auto& p : c.at("probes")) {
    if (p.at("step") == rec.at("step") || double(p.at("games")) < 100) continue;  // the far steps were left after a batch
    const double rp = double(p.at("wins")) / double(p.at("games"));
    CHECK(std::fabs(rr - t) <= std::fabs(rp - t) + 1e-12);
    if (double(rec.at("games")) < double(p.at("games"))) CHECK(has(c.at("verdict").get<std::string>(), "games against"));
  }
  CHECK(has(c.at("verdict").get<std::string>(), "is nearer"));
}
