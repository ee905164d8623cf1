// Studies with the co-op levers (docs/rules.md C, docs/analysis.md "Co-op levers"): mists analyze and
// compare --levers, study files with levers, mists balance moving a lever's piece count, and the
// errors for bad lever input. A study without levers must keep the files and the hash it had before.
#include <algorithm>
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "analysis/run/error.h"
#include "analysis/study/study_config.h"
#include "analysis_helpers.h"

using namespace mists;
namespace ah = mists::test::ah;
using nlohmann::json;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("analyze --levers: every cell's setting in study.json, the provenance, the tables and the report; the settings share their deals") {
  ah::TempDir logs("lv-logs"), dir("lv");
  const std::string out = dir.sub("s");
  const auto run = ah::run_cli({"analyze", "--levels", "4", "--players", "1", "--agents", "greedy", "--games", "6", "--chunk", "3",
                                "--levers", "none,coop_abbeys=per_colour,coop_tolls=per_colour,coop_chips=on", "--out", out, "-q"},
                               logs);
  REQUIRE_MESSAGE(run.status == 0, run.err);
  const json study = json::parse(ah::slurp(out + "/study.json"));
  const json& cells = study.at("config").at("cells");
  REQUIRE(cells.size() == 4);
  CHECK_FALSE(cells[0].contains("levers"));  // the plain game is written as before
  CHECK(cells[1].at("levers") == "coop_abbeys=per_colour");
  CHECK(cells[2].at("levers") == "coop_tolls=per_colour");
  CHECK(cells[3].at("levers") == "coop_chips=on");
  // The expansion catalogs the settings read, and their checksums in the provenance.
  CHECK(study.at("config").at("abbey_catalog") == "configs/tiles/abbey-mayor.toml");
  CHECK(study.at("config").at("toll_catalog") == "configs/tiles/tollkeepers-reconstructed.toml");
  CHECK(study.at("provenance").at("abbey_catalog_checksum").get<std::string>().size() == 16);
  CHECK(study.at("provenance").at("toll_catalog_checksum").get<std::string>().size() == 16);
  // Tables: a levers column, the cell ids with the setting's short form.
  const ah::Csv cc = ah::read_csv(out + "/cells.csv");
  REQUIRE(cc.rows.size() == 4);
  CHECK(cc.header[6] == "levers");
  std::set<std::string> ids;
  for (const auto& r : cc.rows) ids.insert(r.at("cell"));
  CHECK(ids.size() == 4);
  CHECK(cc.rows[0].at("levers") == "none");
  CHECK(cc.rows[1].at("levers") == "coop_abbeys=per_colour");
  CHECK(has(cc.rows[1].at("cell"), "abbeys"));
  // Paired: game g of every setting has the same deal seed.
  const ah::Csv games = ah::read_csv(out + "/games.csv");
  REQUIRE(games.rows.size() == 24);
  std::map<std::string, std::set<std::string>> seeds;  // game -> deal seeds over the settings
  for (const auto& r : games.rows) seeds[r.at("game")].insert(r.at("deal_seed"));
  for (const auto& kv : seeds) CHECK_MESSAGE(kv.second.size() == 1, "game " << kv.first);
  const json cj = json::parse(ah::slurp(out + "/cells.json"));
  CHECK(cj.at("cells")[2].at("levers") == "coop_tolls=per_colour");
  const std::string md = ah::slurp(out + "/report.md");
  CHECK(has(md, "greedy with coop_chips=on"));
  CHECK(has(md, "| levers |"));
  CHECK(has(md, "Expansion catalog `configs/tiles/abbey-mayor.toml`"));
  // A finished study resumes (its chunks carry the hash of this config) and plays nothing more.
  const std::string cells_before = ah::slurp(out + "/cells.csv"), games_before = ah::slurp(out + "/games.csv");
  const auto again = ah::run_cli({"analyze", "--resume", out, "-q"}, logs);
  REQUIRE_MESSAGE(again.status == 0, again.err);
  CHECK(ah::slurp(out + "/cells.csv") == cells_before);
  CHECK(ah::slurp(out + "/games.csv") == games_before);
  // An expansion catalog that changed since the study started is refused on --resume.
  json changed = study;
  changed["provenance"]["toll_catalog_checksum"] = "0000000000000000";
  ah::spit(out + "/study.json", changed.dump(2));
  const auto refused = ah::run_cli({"analyze", "--resume", out, "-q"}, logs);
  CHECK(refused.status == 2);
  CHECK(has(refused.err, "provenance.toll_catalog_checksum"));
}

TEST_CASE("compare --levers: one agent, settings paired on the same deals, each against the first") {
  ah::TempDir logs("lvc-logs"), dir("lvc");
  const std::string out = dir.sub("c");
  const auto run = ah::run_cli({"compare", "--agents", "greedy", "--levels", "3", "--players", "1", "--games", "8", "--chunk", "4",
                                "--levers", "none,coop_abbeys=per_colour,coop_chips=on", "--out", out, "-q"},
                               logs);
  REQUIRE_MESSAGE(run.status == 0, run.err);
  const std::string md = ah::slurp(out + "/compare.md");
  CHECK(has(md, "Summary: each lever setting (A) against the first (B)"));
  CHECK(has(md, "| greedy with coop_abbeys=per_colour vs greedy |"));  // A (the lever setting) vs B (the first), A − B
  CHECK(has(md, "| greedy with coop_chips=on vs greedy |"));
  const ah::Csv csv = ah::read_csv(out + "/compare.csv");
  REQUIRE(csv.rows.size() == 3);  // every pair of the 3 settings
  CHECK(csv.rows[0].at("levers_a") == "none");
  CHECK(csv.rows[0].at("levers_b") == "coop_abbeys=per_colour");
  CHECK(csv.rows[0].at("games") == "8");
  // One agent and one setting compares nothing.
  const auto one = ah::run_cli({"compare", "--agents", "greedy", "--levers", "coop_chips=on", "--games", "2", "--out", dir.sub("one"), "-q"}, logs);
  CHECK(one.status == 2);
  CHECK(has(one.err, "two agents or two lever settings"));
}

TEST_CASE("--levers errors: unknown lever, bad value, knob without its lever, a setting twice, a lever a level cannot play") {
  ah::TempDir logs("lve-logs"), dir("lve");
  auto refused = [&](std::vector<std::string> args, const std::string& want) {
    // A study file sets its own games (--games beside --config is refused).
    if (std::find(args.begin(), args.end(), "--config") == args.end()) args.insert(args.end(), {"--games", "2"});
    args.insert(args.end(), {"--out", dir.sub("x"), "-q"});
    const auto r = ah::run_cli(args, logs);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(has(r.err, want));
    CHECK_FALSE(std::filesystem::exists(dir.sub("x/study.json")));  // refused before anything is written
  };
  refused({"analyze", "--levels", "3", "--levers", "none,coop_bogus=on"}, "--levers: unknown lever 'coop_bogus'");
  refused({"analyze", "--levels", "3", "--levers", "coop_abbeys=team:9"}, "coop_abbeys: 'team:9'");
  refused({"analyze", "--levels", "3", "--levers", "coop_chips=maybe"}, "coop_chips: 'maybe'");
  refused({"analyze", "--levels", "3", "--levers", "coop_chip_radius=2"}, "coop_chip_radius: set to 2 but coop_chips is off");
  refused({"analyze", "--levels", "3", "--levers", "none,coop_chips=on,coop_chips=on"}, "coop_chips=on is given twice");
  refused({"compare", "--agents", "greedy", "--levels", "3", "--levers", "none,coop_tolls=team:0"}, "coop_tolls: 'team:0'");
  refused({"balance", "--level", "3", "--levers", "coop_wagon=yes"}, "coop_wagon: 'yes'");
  refused({"balance", "--level", "3", "--param", "coop_abbeys", "--lo", "0", "--hi", "3"}, "N of coop_abbeys=team:N is 1 to 8");
  // A level with too few plain tiles for the Tollkeepers tiles to replace (CT1): level 1 without
  // the designs 01, 07, 09 and 38 keeps 8 of them.
  const std::string levels = dir.sub("levels");
  std::filesystem::create_directories(levels);
  for (int l = 1; l <= 6; ++l) {
    std::string text = ah::slurp(std::string(MISTS_SOURCE_DIR) + "/configs/levels/level" + std::to_string(l) + ".toml");
    if (l == 1) text += "remove_ids = [\"01\", \"07\", \"09\", \"38\"]\n";
    ah::spit(levels + "/level" + std::to_string(l) + ".toml", text);
  }
  refused({"analyze", "--levels-dir", levels, "--levels", "1,2", "--players", "2", "--levers", "none,coop_tolls=per_colour"},
          "--levers: coop_tolls=per_colour on level 1 with 2 player(s): coop_toll_tiles: replace sets aside 10");
  // The same level plays coop_toll_tiles = add.
  const auto add = ah::run_cli({"analyze", "--levels-dir", levels, "--levels", "1", "--players", "2", "--agents", "greedy",
                                "--levers", "coop_tolls=per_colour+coop_toll_tiles=add", "--games", "2", "--out", dir.sub("add"), "-q"},
                               logs);
  CHECK_MESSAGE(add.status == 0, add.err);
  // A study file: the file, line and key.
  const std::string toml = dir.sub("study.toml");
  ah::spit(toml, "games = 2\n[[cells]]\nlevels = [3]\nplayers = [2]\nagents = [\"greedy\"]\nlevers = [\"none\", \"coop_abbeys=twice\"]\n");
  refused({"analyze", "--config", toml}, toml + ":6");
  refused({"analyze", "--config", toml}, "cells[0].levers: coop_abbeys: 'twice'");
  ah::spit(toml, "games = 2\n[[cells]]\nlevels = [3]\nplayers = [2]\nlevers = 4\n");
  refused({"analyze", "--config", toml}, "expected a lever setting or a list of them");
  ah::spit(toml, "games = 2\n[[cells]]\nlevels = [3]\nplayers = [2]\nlevers = \"none\"\n[[cells]]\nlevels = [3]\nplayers = [2]\nlevers = \"coop_chips=on\"\n");
  const auto ok = ah::run_cli({"analyze", "--config", toml, "--out", dir.sub("toml"), "-q"}, logs);
  REQUIRE_MESSAGE(ok.status == 0, ok.err);
  CHECK(json::parse(ah::slurp(dir.sub("toml/study.json"))).at("config").at("cells")[1].at("levers") == "coop_chips=on");
  // A study.json whose cell names a bad setting, or an expansion catalog no cell reads.
  json bad = json::parse(ah::slurp(dir.sub("toml/study.json")));
  bad["config"]["cells"][1]["levers"] = "coop_chips=on+coop_chip_radius=3";
  ah::spit(dir.sub("toml/study.json"), bad.dump(2));
  const auto r1 = ah::run_cli({"analyze", "--resume", dir.sub("toml"), "-q"}, logs);
  CHECK(r1.status == 2);
  CHECK(has(r1.err, "config.cells[1].levers"));
  CHECK(has(r1.err, "coop_chip_radius: '3'"));
  bad["config"]["cells"][1]["levers"] = "coop_chips=on";
  bad["config"]["toll_catalog"] = "configs/tiles/tollkeepers-reconstructed.toml";
  ah::spit(dir.sub("toml/study.json"), bad.dump(2));
  const auto r2 = ah::run_cli({"analyze", "--resume", dir.sub("toml"), "-q"}, logs);
  CHECK(r2.status == 2);
  CHECK(has(r2.err, "toll_catalog: present, but no cell plays coop_tolls"));
}

TEST_CASE("a study without levers keeps its former config, files and hash") {
  analysis::StudyConfig cfg;
  analysis::add_cells(cfg, {"expert"}, {3, 4}, {1, 4}, {0}, false, 100, "test");
  const json j = cfg.to_json();
  CHECK_FALSE(j.contains("abbey_catalog"));
  CHECK_FALSE(j.contains("toll_catalog"));
  for (const auto& c : j.at("cells")) CHECK_FALSE(c.contains("levers"));
  CHECK(cfg.cells[0].id() == "L3-P1-G15-expert");
  // The hash the chunks of an existing study carry (results/winnable, played before the levers
  // existed, by agents whose defaults have not changed since): its config read back hashes to the
  // same value, so --resume accepts its chunks.
  const std::string dir = std::string(MISTS_SOURCE_DIR) + "/results/winnable";
  const json study = json::parse(ah::slurp(dir + "/study.json"));
  const analysis::StudyConfig old = analysis::StudyConfig::from_json(study.at("config"), "results/winnable/study.json");
  CHECK_FALSE(analysis::has_levers(old.cells));
  const std::string seal = ah::slurp(dir + "/chunks/L1-P1-G15-expert-0.csv").substr(0, 60);
  REQUIRE(has(seal, "# mists chunk: study "));
  CHECK(old.games_hash() == seal.substr(21, 16));
  CHECK(old.to_json().dump() == study.at("config").dump());
}

TEST_CASE("balance --param coop_abbeys: the piece count N of team:N on the same deals, the levers in balance.json") {
  ah::TempDir logs("lvb-logs"), dir("lvb");
  const std::string out = dir.sub("b");
  const auto run = ah::run_cli({"balance", "--level", "4", "--players", "1", "--agent", "greedy", "--param", "coop_abbeys", "--levers",
                                "coop_abbeys=team:1+coop_abbey_cost=burn", "--lo", "1", "--hi", "3", "--target", "0.5", "--games", "12",
                                "--out", out, "-q"},
                               logs);
  INFO(run.out << run.err);
  REQUIRE((run.status == 0 || run.status == 1));
  const json j = json::parse(ah::slurp(out + "/balance.json"));
  CHECK(j.at("config").at("param") == "coop_abbeys");
  CHECK(j.at("config").at("levers") == "coop_abbeys=team:1+coop_abbey_cost=burn");
  CHECK(j.at("config").at("abbey_catalog_checksum").get<std::string>().size() == 16);
  const std::string md = ah::slurp(out + "/balance.md");
  CHECK(has(md, "coop_abbeys = team:N, N the value searched"));
  CHECK(has(md, "Moving `coop_abbeys` (pieces with --levers 1) between 1 and 3"));  // the N of --levers, not the level's piles
  CHECK(has(md, "| 1 | 12 |"));
  CHECK(has(md, "| 3 | 12 |"));
  // A plain search writes no levers.
  const auto plain = ah::run_cli({"balance", "--level", "1", "--players", "1", "--agent", "greedy", "--param", "ghosts", "--lo", "14",
                                  "--hi", "15", "--games", "4", "--out", dir.sub("p"), "-q"},
                                 logs);
  REQUIRE((plain.status == 0 || plain.status == 1));
  CHECK_FALSE(json::parse(ah::slurp(dir.sub("p/balance.json"))).at("config").contains("levers"));
}

// On level 6 the heuristic's spread decides the games (docs/solver.md, "Level 6"): balance.json records
// it, and a file without it (written before it existed, with spread 0) is refused, not resumed.
TEST_CASE("balance on level 6 records the agent's spread and refuses a file without it") {
  ah::TempDir logs("bs-logs"), dir("bs");
  const std::string out = dir.sub("b");
  const std::vector<std::string> args = {"balance", "--level", "6", "--players", "1", "--agent", "greedy:spread=0.25", "--param", "ghosts",
                                         "--lo", "12", "--hi", "13", "--target", "0.5", "--games", "4", "--out", out, "-q"};
  const auto run = ah::run_cli(args, logs);
  INFO(run.out << run.err);
  REQUIRE((run.status == 0 || run.status == 1));
  json j = json::parse(ah::slurp(out + "/balance.json"));
  CHECK(j.at("config").at("spread") == 0.25);
  j["config"].erase("spread");
  ah::spit(out + "/balance.json", j.dump(2));
  const auto again = ah::run_cli(args, logs);
  CHECK(again.status == 2);
  CHECK(has(again.err, "holds another balance search"));
  // Levels 1-5 do not read it: their files keep their former config.
  const std::string out4 = dir.sub("b4");
  const auto four = ah::run_cli({"balance", "--level", "4", "--players", "1", "--agent", "greedy", "--param", "ghosts", "--lo", "12", "--hi",
                                 "13", "--target", "0.5", "--games", "4", "--out", out4, "-q"},
                                logs);
  REQUIRE((four.status == 0 || four.status == 1));
  CHECK_FALSE(json::parse(ah::slurp(out4 + "/balance.json")).at("config").contains("spread"));
}
