// The committed winnable study (results/winnable): no deal that expert, mcts or the clairvoyant won
// is ever proved lost by the solver, in the file and when a sample is solved again here.
#include <filesystem>
#include <map>
#include <string>

#include "analysis/study/study.h"
#include "analysis_helpers.h"
#include "solver/agents.h"
#include "solver/deal_solver.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
namespace fs = std::filesystem;

// The committed study: every deal that expert, mcts or the clairvoyant won is never proved lost, in
// the file and when solved again here (a sample, small budget: the verdict may then be open or won).
TEST_CASE("solver study: deals some agent won in results/winnable are never called lost") {
  const std::string path = source_path("results/winnable/games.csv");
  REQUIRE_MESSAGE(fs::exists(path), path << " is part of the repository");
  const ah::Csv games = ah::read_csv(path);
  std::map<std::string, std::string> verdict;  // "level/players/game" -> solver verdict
  for (const auto& r : games.rows)
    if (r.at("agent").rfind("solver", 0) == 0) verdict[r.at("level") + "/" + r.at("players") + "/" + r.at("game")] = r.at("verdict");
  REQUIRE(!verdict.empty());
  std::map<std::string, int> sampled;  // per level and player count
  int won_by_agents = 0, resolved = 0;
  for (const auto& r : games.rows) {
    if (r.at("agent").rfind("solver", 0) == 0 || r.at("outcome") != "won") continue;
    const std::string key = r.at("level") + "/" + r.at("players") + "/" + r.at("game");
    REQUIRE(verdict.count(key));
    ++won_by_agents;
    CHECK_MESSAGE(verdict[key] != "lost", key << " was won by " << r.at("agent") << " but proved lost");
    const std::string cell = r.at("level") + "/" + r.at("players");
    if (sampled[cell]++ >= 2) continue;
    analysis::GameOptions opts;
    const Rules R = opts.rules(std::stoi(r.at("level")), std::stoi(r.at("players")));
    const uint64_t game = std::stoull(r.at("game"));
    const SolveResult s = solve_deal(R, seeded_deal(R, std::stoull(r.at("deal_seed")), game), SolveBudget{300000, 0}, game);
    CHECK_MESSAGE(s.verdict != Verdict::Lost, key << " was won by " << r.at("agent") << " but proved lost");
    resolved += s.verdict == Verdict::Won;
  }
  CHECK(won_by_agents > 100);
  CHECK(resolved > 0);
}

