// Competitive agents for N players and the tournament of `mists versus` (docs/versus.md): agent
// texts, the expert and the search against weaker agents, results independent of threads, resume,
// and sealed chunks that refuse edits.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "analysis/run/error.h"
#include "analysis/run/stats.h"
#include "analysis/tournament/tournament.h"
#include "engine/config/load.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::analysis;
namespace fs = std::filesystem;

TEST_CASE("versus agents by text: settings read, bad ones named") {
  const VsAgentSpec m = parse_vs_agent("mcts:playouts=50,objective=paranoid,rollout=end,chance=0,prune=5");
  CHECK(m.mcts.prune == 5);
  CHECK(m.mcts.playouts == 50);
  CHECK(m.mcts.objective == vs::Objective::Paranoid);
  CHECK(m.mcts.rollout_turns == -1);
  CHECK(m.mcts.chance_width == 0);
  CHECK(parse_vs_agent("expert").objective == vs::Objective::Margin);
  CHECK(parse_vs_agent("greedy:objective=margin").objective == vs::Objective::Margin);
  CHECK_THROWS_WITH_AS(parse_vs_agent("planner"), doctest::Contains("'planner' is not a competitive agent"), AnalysisError);
  CHECK_THROWS_WITH_AS(parse_vs_agent("mcts:playouts=12x"), doctest::Contains("mcts:playouts=12x': playouts: '12x'"), AnalysisError);
  CHECK_THROWS_WITH_AS(parse_vs_agent("greedy:objective=paranoid"), doctest::Contains("objective: 'paranoid' is not an objective of greedy"),
                       AnalysisError);
  CHECK_THROWS_WITH_AS(parse_vs_agent("expert:depth=3"), doctest::Contains("depth: no such setting of expert"), AnalysisError);
}

TEST_CASE("Bradley-Terry: equal records give equal ratings, a 3:1 record about 191 Elo") {
  const auto even = bradley_terry_elo({{0, 5}, {5, 0}}, {{0, 10}, {10, 0}});
  CHECK(even[1] == doctest::Approx(0).epsilon(1e-9));
  const auto three = bradley_terry_elo({{0, 75}, {25, 0}}, {{0, 100}, {100, 0}});
  CHECK(three[1] == doctest::Approx(-400 * std::log10(3.0)).epsilon(1e-6));
}

namespace {

TournamentConfig small(const std::vector<std::string>& agents, int players, int games) {
  TournamentConfig c;
  c.game = "gcc";
  c.players = players;
  c.agents = agents;
  c.games = games;
  c.chunk = 4;
  c.seed = 11;
  c.base_catalog = test::source_path("configs/tiles/base-c3.toml");
  c.gcc_catalog = test::source_path("configs/tiles/mists-reconstructed.toml");
  return c;
}

std::string slurp(const std::string& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("G6.3 the expert and the search beat weaker agents in GCC, with seat rotation") {
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-versus-strength");
  fs::remove_all(dir);
  const std::string report = run_tournament(small({"mcts:playouts=200", "expert", "random"}, 2, 8), dir.string(), false, 2,
                                            "test", true);
  // Every pair's first agent wins more than 6 of its 8 games' worth against the one after it.
  CHECK(report.find("| mcts:playouts=200 | random | 8 | 1.000") != std::string::npos);
  CHECK(report.find("| expert | random | 8 | 1.000") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("versus win shares: Wilson intervals, inside [0, 1] and around the share, also for a clean sweep") {
  // The share interval of fractional successes (ties shared) agrees with Wilson on whole ones and
  // stays inside [0, 1] where a normal interval on a share of 0.8 over 5 deals would reach 1.017.
  CHECK(wilson_share(4.0, 5).lo == doctest::Approx(wilson(4, 5).lo));
  CHECK(wilson_share(4.0, 5).hi == doctest::Approx(wilson(4, 5).hi));
  const Interval near_one = wilson_share(4.5, 5);
  CHECK(near_one.lo > 0.4);
  CHECK(near_one.hi <= 1.0);
  CHECK(near_one.hi > 0.9);
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-versus-wilson");
  fs::remove_all(dir);
  const std::string report = run_tournament(small({"expert", "random"}, 2, 8), dir.string(), false, 1, "test", true);
  // Every share in the Pairs and Seats tables: "0.xyz [lo, hi]" with 0 <= lo <= share <= hi <= 1.
  int shares = 0;
  for (size_t at = report.find(" ["); at != std::string::npos; at = report.find(" [", at + 2)) {
    const size_t bar = report.rfind("| ", at), close = report.find(']', at);
    if (bar == std::string::npos || close == std::string::npos) continue;
    const std::string cell = report.substr(bar + 2, close - bar - 1);
    if (cell.find('.') != 1 || cell.find(' ') != 5) continue;  // a share has three decimals, a margin one
    double share = 0, lo = 0, hi = 0;
    if (std::sscanf(cell.c_str(), "%lf [%lf, %lf]", &share, &lo, &hi) != 3 || share > 1 || share < 0) continue;
    if (report.rfind("## ", at) == report.rfind("## Ratings", at)) continue;  // Elo, not a share
    ++shares;
    CHECK_MESSAGE(lo >= 0, cell);
    CHECK_MESSAGE(hi <= 1, cell);
    CHECK_MESSAGE(lo <= share, cell);
    CHECK_MESSAGE(share <= hi, cell);
  }
  CHECK(shares >= 3);  // the pair and the two seats
  // The expert sweeps random on 4 deals: Wilson's interval still says how little 4 deals show.
  const size_t row = report.find("| expert | random | 8 | 1.000 [");
  REQUIRE(row != std::string::npos);
  double lo = 1;
  std::sscanf(report.c_str() + row + std::string("| expert | random | 8 | 1.000 [").size(), "%lf", &lo);
  CHECK(lo < 0.6);
  fs::remove_all(dir);
}

TEST_CASE("mists versus: results do not depend on threads; resume finishes a killed run; an edited chunk is refused") {
  const fs::path a = mists::test::sh::own_temp_dir("mists-test-versus-a"), b = mists::test::sh::own_temp_dir("mists-test-versus-b");
  fs::remove_all(a);
  fs::remove_all(b);
  const TournamentConfig cfg = small({"greedy", "random", "expert"}, 3, 8);
  run_tournament(cfg, a.string(), false, 1, "test", true);
  run_tournament(cfg, b.string(), false, 2, "test", true);
  for (const auto& e : fs::directory_iterator(a / "chunks"))
    CHECK(slurp(e.path().string()) == slurp((b / "chunks" / e.path().filename()).string()));
  CHECK(slurp((a / "report.md").string()).substr(0, 2000) == slurp((b / "report.md").string()).substr(0, 2000));
  // A run killed after some chunks: remove two, resume, same files again.
  const fs::path gone = b / "chunks" / "pair1-a0-a2-1.csv";
  REQUIRE(fs::exists(gone));
  fs::remove(gone);
  fs::remove(b / "chunks" / "pair2-a1-a2-0.csv");
  CHECK_THROWS_WITH_AS(run_tournament(cfg, b.string(), false, 2, "test", true), doctest::Contains("already holds a tournament"),
                       AnalysisError);
  run_tournament(cfg, b.string(), true, 2, "test", true);
  CHECK(slurp(gone.string()) == slurp((a / "chunks" / "pair1-a0-a2-1.csv").string()));
  // An edited score: the seal no longer matches.
  std::string text = slurp(gone.string());
  const size_t at = text.find('\n', text.find('\n') + 1) + 1;  // first game row
  text[text.find(',', text.find(',', at) + 1) + 1] ^= 1;      // a digit of its first score
  std::ofstream(gone.string()) << text;
  CHECK_THROWS_WITH_AS(run_tournament(cfg, b.string(), true, 1, "test", true),
                       doctest::Contains("pair1-a0-a2-1.csv:1: seal"), AnalysisError);
  fs::remove_all(a);
  fs::remove_all(b);
}

TEST_CASE("mists versus on the command line: bad flags named, a report written") {
  namespace sh = mists::test::sh;
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-versus-cli");
  fs::remove_all(dir);
  const auto ok = sh::mists_cmd("versus --game base --players 2 --agents greedy,random --games 4 --chunk 2 --quiet --out " + dir.string());
  CHECK(ok.status == 0);
  CHECK(ok.output.find("# Tournament: base game, 2 players") != std::string::npos);
  CHECK(fs::exists(dir / "report.md"));
  CHECK(fs::exists(dir / "tournament.json"));
  CHECK(ok.output.find("games/s") == std::string::npos);  // --quiet: no progress line
  // Without --quiet, the studies' progress line (analysis/run/progress.h): the last one at the end, the pair named.
  const fs::path loud = dir.string() + "-loud";
  fs::remove_all(loud);
  const auto shown = sh::mists_cmd("versus --game base --players 2 --agents greedy,random --games 4 --chunk 2 --out " + loud.string());
  CHECK(shown.status == 0);
  CHECK(shown.output.find("] 4/4 games  ") != std::string::npos);
  CHECK(shown.output.find("0h00m00s left  greedy vs random") != std::string::npos);
  // A resumed run says first what it kept, as a study does (analysis/run/chunk_run.h), and plays the rest.
  REQUIRE(fs::exists(loud / "chunks" / "pair0-a0-a1-1.csv"));
  fs::remove(loud / "chunks" / "pair0-a0-a1-1.csv");
  const auto again = sh::mists_cmd("versus --resume " + loud.string());
  CHECK(again.status == 0);
  CHECK_MESSAGE(again.output.find("resume: kept 2 games (1 chunk) from earlier runs; 2 games (1 chunk) left to play") != std::string::npos,
                again.output);
  CHECK(again.output.find("] 4/4 games  ") != std::string::npos);
  CHECK(fs::exists(loud / "chunks" / "pair0-a0-a1-1.csv"));
  fs::remove_all(loud);
  const auto odd = sh::mists_cmd("versus --agents greedy,random --games 5");
  CHECK(odd.status == 2);
  CHECK(odd.output.find("--games: 5 is odd") != std::string::npos);
  const auto bad = sh::mists_cmd("versus --agents greedy,planner --games 4");
  CHECK(bad.status == 2);
  CHECK(bad.output.find("--agents: agent 'planner'") != std::string::npos);
  const auto sw = sh::mists_cmd("versus --agents greedy,random --games 4 --switch score_floor=never");
  CHECK(sw.status == 2);
  CHECK(sw.output.find("score_floor: 'never' is not a value of this switch") != std::string::npos);
  const auto players = sh::mists_cmd("versus --agents greedy,random --players 7");
  CHECK(players.status != 0);
  const auto resume = sh::mists_cmd("versus --resume " + dir.string() + " --games 8");
  CHECK(resume.status == 2);
  CHECK(resume.output.find("--games cannot change a tournament") != std::string::npos);
  fs::remove_all(dir);
}
