// The designer's answers (issue 45): targets are fractions everywhere, a percent refused with the
// fraction it meant; a study file names its player counts and gets "did you mean" for a mistyped
// key; the competitive commands take -q; an agent that won nothing gets no rating; an answer for a
// much weaker agent than the strongest fair one says so.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/study/strength.h"
#include "analysis/tournament/tournament.h"
#include "analysis_helpers.h"

using namespace mists;
namespace ah = mists::test::ah;

namespace {
bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }
}  // namespace

TEST_CASE("targets: a fraction everywhere; a percent is refused with the fraction it meant") {
  ah::TempDir logs("targets");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"balance", "--level", "4", "--target", "25", "--games", "2", "--out", logs.sub("b")}, "--target 25: a target is a fraction of games won, 0 to 1, in every command: did you mean 0.25?"},
      {{"analyze", "--levels", "1", "--target", "50", "--games", "2", "--out", logs.sub("a")}, "--target 50: a target is a fraction of games won, 0 to 1, in every command: did you mean 0.5?"},
      {{"ladder", "--levels", "1", "--targets", "80", "--out", logs.sub("l")}, "did you mean 0.8?"},
      {{"balance", "--level", "4", "--target", "abc", "--out", logs.sub("c")}, "--target: 'abc' is not a win rate"},
      {{"analyze", "--levels", "1", "--target", "1", "--out", logs.sub("d")}, "--target 1: a target win rate is a fraction in 0.001..0.999"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = ah::run_cli(args, logs);
    CHECK_MESSAGE(r.status == 2, ah::join(args) << ": " << r.err);
    CHECK_MESSAGE(has(r.err, message), ah::join(args) << ": " << r.err);
  }
  // The budget fit of a study report answers for the target asked.
  const auto ok = ah::run_cli({"analyze", "--levels", "1", "--ghost-deltas", "-1..1", "--games", "20", "--target", "0.25", "--out",
                               logs.sub("fit"), "-q"},
                              logs);
  REQUIRE_MESSAGE(ok.status == 0, ok.err);
  CHECK(has(ah::slurp(logs.sub("fit") + "/report.md"), "| odds per ghost | ghosts for 25% |"));
}

TEST_CASE("study files: a [[cells]] block names its player counts; a mistyped key gets the key it meant") {
  ah::TempDir dir("toml-names"), logs("toml-names-logs");
  const std::string path = dir.sub("s.toml");
  ah::spit(path, "games = 2\n[[cells]]\nlevels = [1]\nagents = [\"random\"]\n");
  auto r = ah::run_cli({"analyze", "--config", path, "--out", dir.sub("o"), "-q"}, logs);
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, path + ":2: cells[0].players: missing"), r.err);
  ah::spit(path, "games = 2\n[[cells]]\nlevels = [1]\nplayres = [2]\nagents = [\"random\"]\n");
  r = ah::run_cli({"analyze", "--config", path, "--out", dir.sub("o"), "-q"}, logs);
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, path + ":4: cells[0].playres: unknown key (did you mean 'players'?)"), r.err);
  ah::spit(path, "gmes = 2\n[[cells]]\nlevels = [1]\nplayers = [2]\n");
  r = ah::run_cli({"analyze", "--config", path, "--out", dir.sub("o"), "-q"}, logs);
  CHECK_MESSAGE(has(r.err, "did you mean 'games'?"), r.err);
}

TEST_CASE("the competitive round robin takes -q, under versus and under analyze --game") {
  ah::TempDir logs("versus-q");
  for (const char* command : {"versus", "analyze"}) {
    const auto r = ah::run_cli({command, "--game", "gcc", "--players", "2", "--agents", "random,greedy", "--games", "2", "--out",
                                logs.sub(std::string("o-") + command), "-q"},
                               logs);
    CHECK_MESSAGE(r.status == 0, command << ": " << r.err);
    CHECK_MESSAGE(r.err.empty(), command << ": " << r.err);
  }
}

TEST_CASE("ratings: an agent that won none or all of its games has no finite rating") {
  // Three agents: 0 beat 1 in every game, 0 and 2 shared, 1 and 2 shared.
  const std::vector<std::vector<double>> wins = {{0, 10, 5}, {0, 0, 5}, {5, 5, 0}}, n = {{0, 10, 10}, {10, 0, 10}, {10, 10, 0}};
  CHECK_FALSE(analysis::rating_unbounded(wins, n, 0));
  CHECK_FALSE(analysis::rating_unbounded(wins, n, 1));
  const std::vector<std::vector<double>> none = {{0, 10}, {0, 0}}, m = {{0, 10}, {10, 0}};
  CHECK(analysis::rating_unbounded(none, m, 0));  // won all
  CHECK(analysis::rating_unbounded(none, m, 1));  // won none
}

TEST_CASE("answers name their agent, and a much weaker one than the strongest fair agent is warned of") {
  const std::string w = analysis::weaker_warning("expert", 2, 2);
  CHECK_MESSAGE(has(w, "this answer is that of a much weaker player"), w);
  CHECK(has(w, analysis::BEST_FAIR_AGENT));
  CHECK(analysis::weaker_warning(analysis::BEST_FAIR_AGENT, 2, 2).empty());
  CHECK(analysis::weaker_warning("expert", 6, 1).empty());  // level 6: every agent at 0%, none far weaker
  const analysis::StrengthNote n = analysis::strength_of("expert", 3, 4);
  CHECK(n.known);
  CHECK(n.players == 4);
  CHECK(n.best > n.agent);
  ah::TempDir logs("balance-help");
  const auto help = ah::run_cli({"balance", "--help"}, logs);
  CHECK(has(help.out, analysis::BEST_FAIR_AGENT));
}
