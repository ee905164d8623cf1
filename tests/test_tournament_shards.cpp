// A tournament split across machines (docs/versus.md "Several machines"): `mists versus --shard K/N`
// plays the chunks whose index is K-1 modulo N, `mists merge` makes one tournament of the shards,
// the same chunks and report as one run, and refuses shards that do not make one tournament. The
// shard arithmetic and the search of the shards' folders are the studies' (analysis/run/shards.h). The
// precision stop ends a pair as a study's cell ends.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "analysis/run/error.h"
#include "analysis/run/shards.h"
#include "analysis/tournament/tournament.h"
#include "engine/kit/number.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::analysis;
namespace fs = std::filesystem;

namespace {

TournamentConfig three_agents(uint64_t seed = 11) {
  TournamentConfig c;
  c.game = "gcc";
  c.players = 3;
  c.agents = {"greedy", "random", "expert"};
  c.games = 8;
  c.chunk = 4;  // 3 pairs x 2 chunks
  c.seed = seed;
  c.base_catalog = test::source_path("configs/tiles/base-c3.toml");
  c.gcc_catalog = test::source_path("configs/tiles/mists-reconstructed.toml");
  return c;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The report from its table of pairs on: what the games say, without the run's provenance lines.
std::string tables(const std::string& report) { return report.substr(report.find("## Pairs")); }

}  // namespace

TEST_CASE("shards: K/N read strictly, and the chunks of a run fall to exactly one shard each") {
  CHECK(parse_shard_text("2/3").k == 2);
  CHECK(parse_shard_text("2/3").n == 3);
  for (const char* bad : {"0/3", "4/3", "3", "1/0", "a/2", "1/2x", "/2"}) CHECK_THROWS_AS(parse_shard_text(bad), NumberError);
  for (long long i = 0; i < 20; ++i) {
    int owners = 0;
    for (int k = 1; k <= 3; ++k) owners += Shard{k, 3}.plays(i);
    CHECK(owners == 1);
  }
  CHECK_THROWS_WITH_AS(check_shard_set({{1, 3}, {2, 3}}, {"a", "b"}), doctest::Contains("2 of 3 shards given"), AnalysisError);
  CHECK_THROWS_WITH_AS(check_shard_set({{1, 2}, {1, 2}}, {"a", "b"}), doctest::Contains("b: shard 1 given twice"), AnalysisError);
  CHECK_THROWS_WITH_AS(check_shard_set({{1, 2}, {2, 3}}, {"a", "b"}), doctest::Contains("b: the shard count differs from a"),
                       AnalysisError);
}

TEST_CASE("tournament shards: merged, the same chunks and tables as one run; resumed, the same report; bad sets refused") {
  const fs::path root = test::sh::own_temp_dir("mists-test-tournament-shards");
  fs::remove_all(root);
  const TournamentConfig cfg = three_agents();
  const std::string whole = run_tournament(cfg, (root / "whole").string(), false, 2, "test", true);
  std::vector<std::string> parts;
  for (int k = 1; k <= 3; ++k) {
    const fs::path dir = root / ("s" + std::to_string(k));
    std::vector<TournamentGame> games;
    const std::string report = run_tournament(cfg, dir.string(), false, 2, "test", true, false, {}, &games, Shard{k, 3});
    CHECK(games.size() == 8);  // two of the six chunks of 4 games
    CHECK(report.find("> Shard " + std::to_string(k) + "/3 of a tournament: it holds 8 of its 24 games") != std::string::npos);
    CHECK(report.find("nan") == std::string::npos);  // each shard lacks one pair's games
    parts.push_back(dir.string());
  }
  // A shard resumed reads its shard from tournament.json and plays nothing more.
  fs::remove(root / "s2" / "chunks" / "pair0-a0-a1-1.csv");
  run_tournament(cfg, parts[1], true, 1, "test", true);
  CHECK(fs::exists(root / "s2" / "chunks" / "pair0-a0-a1-1.csv"));
  CHECK(!fs::exists(root / "s2" / "chunks" / "pair0-a0-a1-0.csv"));  // shard 1's

  const std::string merged = merge_tournaments(parts, (root / "all").string(), "test merge");
  CHECK(tables(merged) == tables(whole));
  int chunks = 0;
  for (const auto& e : fs::directory_iterator(root / "whole" / "chunks")) {
    CHECK(slurp(e.path()) == slurp(root / "all" / "chunks" / e.path().filename()));
    ++chunks;
  }
  CHECK(chunks == 6);
  CHECK(merged.find("Shard") == std::string::npos);
  // The merged folder is a tournament: resumed, it plays nothing and writes the same report.
  run_tournament(cfg, (root / "all").string(), true, 1, "test", true);
  CHECK(slurp(root / "all" / "report.md") == merged);

  const std::string out = (root / "bad").string();
  CHECK_THROWS_WITH_AS(merge_tournaments({parts[0], parts[1]}, out, "t"), doctest::Contains("2 of 3 shards given"), AnalysisError);
  CHECK_THROWS_WITH_AS(merge_tournaments({parts[0], parts[0], parts[1]}, out, "t"), doctest::Contains("shard 1 given twice"),
                       AnalysisError);
  CHECK_THROWS_WITH_AS(merge_tournaments(parts, parts[0], "t"), doctest::Contains("is one of the shards it reads"), AnalysisError);
  CHECK_THROWS_WITH_AS(merge_tournaments(parts, (root / "all").string(), "t"), doctest::Contains("already holds a tournament"),
                       AnalysisError);
  run_tournament(three_agents(12), (root / "other").string(), false, 2, "test", true, false, {}, nullptr, Shard{3, 3});
  CHECK_THROWS_WITH_AS(merge_tournaments({parts[0], parts[1], (root / "other").string()}, out, "t"),
                       doctest::Contains("not a shard of the same tournament"), AnalysisError);
  // A chunk lost from its shard, then one edited: named.
  fs::rename(root / "s3" / "chunks" / "pair1-a0-a2-0.csv", root / "lost.csv");
  CHECK_THROWS_WITH_AS(merge_tournaments(parts, out, "t"), doctest::Contains("pair 1 chunk 0 is in no shard"), AnalysisError);
  std::string text = slurp(root / "lost.csv");
  const size_t at = text.find('\n', text.find('\n') + 1) + 1;
  text[text.find(',', text.find(',', at) + 1) + 1] ^= 1;
  std::ofstream((root / "s3" / "chunks" / "pair1-a0-a2-0.csv").string()) << text;
  CHECK_THROWS_WITH_AS(merge_tournaments(parts, out, "t"), doctest::Contains("pair1-a0-a2-0.csv:1: seal"), AnalysisError);
  // A shard field that is not K/N, named by file and field.
  std::string doc = slurp(root / "s1" / "tournament.json");
  doc.replace(doc.find("\"1/3\""), 5, "\"4/3\"");
  std::ofstream((root / "s1" / "tournament.json").string()) << doc;
  CHECK_THROWS_WITH_AS(run_tournament(cfg, parts[0], true, 1, "test", true), doctest::Contains("tournament.json: shard: '4/3'"),
                       AnalysisError);
  fs::remove_all(root);
}

TEST_CASE("tournament shards on the command line: versus --shard, merge of a tournament, bad flags named") {
  namespace sh = mists::test::sh;
  const fs::path root = sh::own_temp_dir("mists-test-tournament-shards-cli");
  fs::remove_all(root);
  const std::string common = "versus --game base --players 2 --agents greedy,random --games 8 --chunk 2 --quiet --out ";
  for (int k = 1; k <= 2; ++k) {
    const auto r = sh::mists_cmd(common + (root / ("s" + std::to_string(k))).string() + " --shard " + std::to_string(k) + "/2");
    CHECK(r.status == 0);
    CHECK(r.output.find("> Shard " + std::to_string(k) + "/2 of a tournament: it holds 4 of its 8 games") != std::string::npos);
  }
  const auto m = sh::mists_cmd("merge " + (root / "s1").string() + " " + (root / "s2").string() + " --out " + (root / "all").string());
  CHECK(m.status == 0);
  CHECK(m.output.find("merged 2 shards") != std::string::npos);
  CHECK(fs::exists(root / "all" / "tournament.json"));
  const auto one = sh::mists_cmd(common + (root / "one").string());
  CHECK(one.status == 0);
  CHECK(tables(slurp(root / "all" / "report.md")) == tables(slurp(root / "one" / "report.md")));
  const auto zero = sh::mists_cmd(common + (root / "z").string() + " --shard 0/2");
  CHECK(zero.status == 2);
  CHECK(zero.output.find("--shard: '0/2' is not K/N") != std::string::npos);
  const auto resumed = sh::mists_cmd("versus --resume " + (root / "s1").string() + " --shard 2/2");
  CHECK(resumed.status == 2);
  CHECK(resumed.output.find("--shard cannot change a tournament") != std::string::npos);
  const auto mixed = sh::mists_cmd("merge " + (root / "s1").string() + " " + (root / "one").string() + " --out " + (root / "x").string());
  CHECK(mixed.status != 0);
  CHECK(mixed.output.find("shard") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("tournament precision stop: a pair stops after the chunk that narrows its interval enough, resumes alike") {
  const fs::path root = test::sh::own_temp_dir("mists-test-tournament-precision");
  fs::remove_all(root);
  TournamentConfig cfg = three_agents();
  cfg.players = 2;
  cfg.agents = {"expert", "random", "greedy"};
  cfg.games = 40;
  cfg.precision = 0.25;
  cfg.min_games = 8;
  std::vector<TournamentGame> games;
  const std::string report = run_tournament(cfg, (root / "p").string(), false, 2, "test", true, false, {}, &games);
  CHECK(report.find("each pair of agents plays at most 40 games") != std::string::npos);
  CHECK(report.find("within 0.25 each side, once it has played 8 games or more") != std::string::npos);
  int short_pairs = 0;
  for (int pair = 0; pair < cfg.pairs(); ++pair) {
    std::vector<TournamentGame> mine;
    for (const TournamentGame& g : games)
      if (g.pair == pair) mine.push_back(g);
    REQUIRE(!mine.empty());
    CHECK(mine.size() % size_t(cfg.chunk) == 0);
    // Every chunk before the last left the interval too wide (or came before min_games); the last
    // narrowed it, unless the pair played all its games.
    for (size_t n = size_t(cfg.chunk); n < mine.size(); n += size_t(cfg.chunk)) {
      const std::vector<TournamentGame> head(mine.begin(), mine.begin() + long(n));
      CHECK((int(n) < cfg.min_games || pair_share(cfg, head, pair).ci.half_width() >= cfg.precision));
    }
    if (int(mine.size()) < cfg.games) {
      ++short_pairs;
      CHECK(pair_share(cfg, mine, pair).ci.half_width() < cfg.precision);
    }
  }
  CHECK(short_pairs >= 1);  // the expert against random stops early
  // The pair's share in the report is pair_share's.
  const PairShare s = pair_share(cfg, games, 0);
  char cell[64];
  std::snprintf(cell, sizeof cell, "%.3f [%.3f, %.3f]", s.share, s.ci.lo, s.ci.hi);
  CHECK(report.find(cell) != std::string::npos);
  // A resume after a kill plays the same chunks, and stops at the same place.
  const fs::path first = root / "p" / "chunks" / "pair0-a0-a1-1.csv";
  REQUIRE(fs::exists(first));
  const std::string kept = slurp(first);
  fs::remove(first);
  CHECK(run_tournament(cfg, (root / "p").string(), true, 1, "test", true) == report);
  CHECK(slurp(first) == kept);
  // The stop and shards do not mix; without the stop the config keeps the hash it had before it.
  CHECK_THROWS_WITH_AS(run_tournament(cfg, (root / "s").string(), false, 1, "test", true, false, {}, nullptr, Shard{1, 2}),
                       doctest::Contains("cannot be combined"), AnalysisError);
  CHECK(three_agents().to_json().dump().find("precision") == std::string::npos);
  CHECK(TournamentConfig::from_json(cfg.to_json(), "t.json").hash() == cfg.hash());
  nlohmann::json bad = cfg.to_json();
  bad["precision"] = 0.9;
  CHECK_THROWS_WITH_AS(TournamentConfig::from_json(bad, "t.json"), doctest::Contains("precision"), AnalysisError);
  fs::remove_all(root);
}

TEST_CASE("tournament precision stop on the command line: flags read, refused with --shard, --resume and alone") {
  namespace sh = mists::test::sh;
  const fs::path dir = sh::own_temp_dir("mists-test-tournament-precision-cli");
  fs::remove_all(dir);
  const std::string common = "versus --game base --players 2 --agents expert,random --games 40 --chunk 4 --quiet ";
  const auto ok = sh::mists_cmd(common + "--precision 0.25 --min-games 8 --out " + dir.string());
  CHECK(ok.status == 0);
  CHECK(ok.output.find("plays at most 40 games") != std::string::npos);
  const auto both = sh::mists_cmd(common + "--precision 0.25 --shard 1/2 --out " + dir.string() + "-x");
  CHECK(both.status == 2);
  CHECK(both.output.find("--precision and --shard cannot be combined") != std::string::npos);
  const auto alone = sh::mists_cmd(common + "--min-games 8 --out " + dir.string() + "-y");
  CHECK(alone.status == 2);
  CHECK(alone.output.find("--min-games needs --precision") != std::string::npos);
  const auto resumed = sh::mists_cmd("versus --resume " + dir.string() + " --precision 0.1");
  CHECK(resumed.status == 2);
  CHECK(resumed.output.find("--precision cannot change a tournament") != std::string::npos);
  const auto wide = sh::mists_cmd(common + "--precision 0.7 --out " + dir.string() + "-z");
  CHECK(wide.status == 2);
  fs::remove_all(dir);
}
