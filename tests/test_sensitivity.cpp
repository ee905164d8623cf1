// mists sensitivity (issue 45): each level number moved one step each way on the same deals, the
// steps that break the rules' order left out with the reason, the numbers ranked by their swing,
// the same table on 1 and 2 threads, a resumed view reusing its games and a folder of another
// view refused by field.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/run/error.h"
#include "analysis/design/sensitivity.h"
#include "analysis_helpers.h"

using namespace mists;
using namespace mists::analysis;
namespace ah = mists::test::ah;

namespace {
bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

const NumberSteps& steps_of(const std::vector<NumberSteps>& all, const std::string& n) {
  for (const NumberSteps& s : all)
    if (s.number == n) return s;
  FAIL("no number " << n);
  return all.front();
}

SettingGames games(const std::string& number, int value, const std::string& won, std::vector<double> score = {}) {
  SettingGames g;
  g.number = number;
  g.value = value;
  for (char c : won) g.won.push_back(c == '1');
  g.score = score.empty() ? std::vector<double>(won.size(), 0.0) : score;
  return g;
}
}  // namespace

TEST_CASE("sensitivity: a step is a share of the printed value, at least 1; a step that breaks the order is not played") {
  Level lv;
  lv.ghosts = 12, lv.hound1 = 10, lv.hound2 = 25, lv.goal = 50;
  const auto s = number_steps(lv, 3, 0.1);
  CHECK(steps_of(s, "ghosts").step == 1);
  CHECK(steps_of(s, "ghosts").down == 11);
  CHECK(steps_of(s, "ghosts").up == 13);
  CHECK(steps_of(s, "goal").step == 5);
  CHECK(steps_of(s, "hound2").step == 3);  // 2.5 rounds away from zero
  CHECK(steps_of(s, "hound2").up == 28);

  Level tight;
  tight.ghosts = 3, tight.hound1 = 10, tight.hound2 = 11, tight.goal = 12;
  const auto t = number_steps(tight, 3, 0.1);
  CHECK_FALSE(steps_of(t, "ghosts").down.has_value());  // below the start tile's ghosts
  CHECK(has(steps_of(t, "ghosts").down_why, "start tile's 3 ghosts"));
  CHECK_FALSE(steps_of(t, "hound1").up.has_value());
  CHECK(has(steps_of(t, "hound1").up_why, "hound 1 would reach hound 2"));
  CHECK_FALSE(steps_of(t, "goal").down.has_value());
  CHECK(has(steps_of(t, "goal").down_why, "hound 2 would reach goal"));
  CHECK(steps_of(t, "hound1").down == 9);

  Level no_hounds;
  no_hounds.ghosts = 15, no_hounds.goal = 50;
  const auto n = number_steps(no_hounds, 3, 0.2);
  CHECK_FALSE(steps_of(n, "hound1").in_level);
  CHECK_FALSE(steps_of(n, "hound2").in_level);
  CHECK(steps_of(n, "goal").up == 60);
}

TEST_CASE("sensitivity: paired changes against the printed numbers, the largest swing first, a missing side counted as no change") {
  Level lv;
  lv.ghosts = 12, lv.hound1 = 10, lv.hound2 = 11, lv.goal = 50;
  const auto steps = number_steps(lv, 3, 0.1);  // hound1 has no up step, hound2 no down step
  const std::string printed = "1100110011001100110011001100110011001100";
  const std::vector<SettingGames> played = {
      games("", 0, printed),
      games("ghosts", 11, "1100110011001100110011001100110011001100"),
      games("ghosts", 13, "1110111011101110111011101110111011101110"),  // +10 wins of 40
      games("goal", 45, "1111111111111111111111111111111111111111"),    // +20
      games("goal", 55, "0000000000000000000000000000000000000000"),    // -20
      games("hound1", 9, "1100110011001100110011001100110011001101"),
      games("hound2", 12, "1100110011001100110011001100110011001100"),
  };
  const SensitivityCell c = sensitivity_cell(5, 2, steps, played);
  CHECK(c.rate == doctest::Approx(0.5));
  REQUIRE(c.numbers.size() == 4);
  CHECK(c.numbers[0].steps.number == "goal");
  CHECK(c.numbers[0].swing() == doctest::Approx(-1.0));
  CHECK(c.numbers[0].down.vs.diff == doctest::Approx(0.5));
  CHECK(c.numbers[0].down.vs.diff_ci.lo > 0);
  CHECK(c.numbers[1].steps.number == "ghosts");
  CHECK(c.numbers[1].swing() == doctest::Approx(0.25));
  const NumberResult& h1 = c.numbers[2].steps.number == "hound1" ? c.numbers[2] : c.numbers[3];
  CHECK_FALSE(h1.up.played);
  CHECK(h1.swing() == doctest::Approx(-0.025));  // 0 (not played) minus the down step's +1 win of 40
  CHECK(has(c.summary, "**goal** moves level 5 most"));
  CHECK(has(c.summary, "one step down (45) +50.0"));

  // A level every setting loses: the final score says which number moves it.
  const std::string lost(20, '0');
  std::vector<double> base(20, 10.0), more(20, 14.0);
  const std::vector<SettingGames> floor = {
      games("", 0, lost, base),        games("ghosts", 11, lost, base), games("ghosts", 13, lost, more),
      games("goal", 45, lost, base),   games("goal", 55, lost, base),   games("hound1", 9, lost, base),
      games("hound2", 12, lost, base),
  };
  const SensitivityCell f = sensitivity_cell(6, 2, steps, floor);
  CHECK(has(f.summary, "No step moves the win rate of level 6"));
  CHECK(has(f.summary, "final score moves most with **ghosts**"));
  // Settings that played other games than the printed numbers' are refused.
  std::vector<SettingGames> short_one = played;
  short_one[1].won.pop_back();
  CHECK_THROWS_AS(sensitivity_cell(5, 2, steps, short_one), AnalysisError);
}

TEST_CASE("sensitivity: the same table on 1 and 2 threads; a resumed view reuses its games; another view is refused by field") {
  ah::TempDir tmp("sensitivity");
  auto run = [&](const std::string& out, const std::string& threads, const std::string& games_n) {
    return ah::run_cli({"sensitivity", "--levels", "3", "--players", "2", "--agent", "greedy", "--games", games_n, "--threads", threads,
                        "--out", out, "-q"},
                       tmp);
  };
  const auto one = run(tmp.sub("a"), "1", "12");
  REQUIRE_MESSAGE(one.status == 0, one.err);
  const auto two = run(tmp.sub("b"), "2", "12");
  REQUIRE_MESSAGE(two.status == 0, two.err);
  const std::string csv = ah::slurp(tmp.sub("a") + "/sensitivity.csv");
  CHECK(csv == ah::slurp(tmp.sub("b") + "/sensitivity.csv"));
  CHECK(has(csv, "level,players,agent,rank,number,printed,step,side,value,games,wins,win_rate"));
  CHECK(has(ah::slurp(tmp.sub("a") + "/sensitivity.md"), "## Level 3, 2 players: printed numbers"));
  CHECK(std::filesystem::exists(tmp.sub("a") + "/sensitivity.png"));
  // Resumed: the settings are read back, not played again (the json keeps its games as they were).
  const std::string before = ah::slurp(tmp.sub("a") + "/sensitivity.json");
  const auto again = run(tmp.sub("a"), "2", "12");
  REQUIRE_MESSAGE(again.status == 0, again.err);
  CHECK(ah::slurp(tmp.sub("a") + "/sensitivity.csv") == csv);
  const auto settings = [](const std::string& text) { return nlohmann::json::parse(text).at("settings"); };
  CHECK(settings(ah::slurp(tmp.sub("a") + "/sensitivity.json")) == settings(before));
  CHECK(nlohmann::json::parse(ah::slurp(tmp.sub("a") + "/sensitivity.json")).at("runs").size() == 2);  // two commands
  // Another number of games in the same folder: refused, naming the field.
  const auto other = run(tmp.sub("a"), "1", "10");
  CHECK(other.status != 0);
  CHECK_MESSAGE(has(other.err, "sensitivity.json: config.games: holds another sensitivity view (12 there, 10 asked)"), other.err);
  // A damaged game record: refused, naming the setting and the field.
  std::string damaged = before;
  const auto at = damaged.find("\"won\": \"");
  REQUIRE(at != std::string::npos);
  damaged[at + 8] = '7';
  std::ofstream(tmp.sub("a") + "/sensitivity.json", std::ios::binary) << damaged;
  const auto bad = run(tmp.sub("a"), "1", "12");
  CHECK(bad.status != 0);
  CHECK_MESSAGE(has(bad.err, "settings[0].won: holds '7'"), bad.err);
}

TEST_CASE("sensitivity: bad requests are refused before any game") {
  ah::TempDir tmp("sensitivity-bad");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"sensitivity", "--levels", "9", "--out", tmp.sub("x")}, "--levels: level 9 has no level file"},
      {{"sensitivity", "--levels", "3", "--players", "6", "--out", tmp.sub("x")}, "--players 6: a co-op game takes 1 to 5 players"},
      {{"sensitivity", "--change", "0", "--out", tmp.sub("x")}, "--change"},
      {{"sensitivity", "--games", "1", "--out", tmp.sub("x")}, "--games"},
      {{"sensitivity", "--agent", "nonsense", "--out", tmp.sub("x")}, "agent 'nonsense' is unknown"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = ah::run_cli(args, tmp);
    CHECK_MESSAGE(r.status != 0, ah::join(args));
    CHECK_MESSAGE(has(r.err, message), ah::join(args) << ": " << r.err);
  }
  CHECK_FALSE(std::filesystem::exists(tmp.sub("x")));
}
