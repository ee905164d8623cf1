// Records and study files that never mislead (issue 34, part 4): a key or switch named twice, a line
// that does not apply to the record's game, a level file that names another level, JSON of the
// wrong shape, no .tmp left behind, one run at a time in a study folder with every run kept in the
// provenance; and the best line of a deal `mists solve` leaves open (part 3).
#include <doctest/doctest.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis_helpers.h"
#include "engine/config/load.h"
#include "engine/coop/record.h"
#include "engine/versus/record.h"
#include "support.h"

using namespace mists;
namespace ah = mists::test::ah;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// `text` with `line` inserted after the first line that starts with `after` (a whole line).
std::string insert_after(const std::string& text, const std::string& after, const std::string& line) {
  const size_t at = text.find("\n" + after);
  REQUIRE(at != std::string::npos);
  const size_t end = text.find('\n', at + 1);
  return text.substr(0, end + 1) + line + "\n" + text.substr(end + 1);
}

// The 1-based line of the first line that starts with `starts`.
int line_of(const std::string& text, const std::string& starts) {
  const size_t at = text.find("\n" + starts);
  REQUIRE(at != std::string::npos);
  return int(std::count(text.begin(), text.begin() + long(at) + 1, '\n')) + 1;
}

std::vector<std::string> tmp_files(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".tmp") out.push_back(e.path().string());
  return out;
}

// The sealed chunk files of a study folder.
size_t chunk_count(const std::string& dir) {
  size_t n = 0;
  if (fs::exists(dir + "/chunks"))
    for (const auto& e : fs::directory_iterator(dir + "/chunks")) n += e.path().extension() == ".csv";
  return n;
}

json read_json(const std::string& path) { return json::parse(ah::slurp(path)); }
void write_json(const std::string& path, const json& j) { ah::spit(path, j.dump(2) + "\n"); }

}  // namespace

// ---- Records ------------------------------------------------------------------------------------

TEST_CASE("records: a header key or a switch named twice is refused with its line, in co-op and competitive records") {
  const std::string coop = ah::slurp(test::source_path("tests/records/level5-2p-seed7-game3-expert.txt"));
  REQUIRE_NOTHROW(parse_record(coop, "c.txt"));
  // A co-op record writes each switch as its own key: a second line for one is a key given twice.
  const std::string twice_switch = insert_after(coop, "joint_scoring", "joint_scoring cooperative");
  CHECK_THROWS_WITH_AS(parse_record(twice_switch, "c.txt"),
                       ("c.txt:" + std::to_string(line_of(coop, "joint_scoring") + 1) + ": joint_scoring: given twice").c_str(),
                       RecordError);
  CHECK_THROWS_WITH_AS(parse_record(insert_after(coop, "ghosts", "ghosts 14"), "c.txt"), doctest::Contains(": ghosts: given twice"),
                       RecordError);

  const std::string versus = ah::slurp(test::source_path("tests/records/gcc-2p-seed5-deal0.txt"));
  REQUIRE_NOTHROW(vs::parse_vs_record(versus, "v.txt"));
  // The switches line names each switch once: today's record, then unplaceable twice (the last would win).
  const int sw_line = line_of(versus, "switches");
  std::string twice = versus;
  {
    const size_t at = twice.find("\nswitches ") + 1;
    const size_t end = twice.find('\n', at);
    twice = twice.substr(0, end) + " unplaceable=lose" + twice.substr(end);
  }
  CHECK_THROWS_WITH_AS(vs::parse_vs_record(twice, "v.txt"),
                       ("v.txt:" + std::to_string(sw_line) +
                        ": switches: switch unplaceable is named twice (unplaceable=discard and unplaceable=lose); name each once")
                           .c_str(),
                       RecordError);
  CHECK_THROWS_WITH_AS(vs::parse_vs_record(insert_after(versus, "seed", "seed 6"), "v.txt"),
                       doctest::Contains(": seed: given twice (first on line"), RecordError);
}

TEST_CASE("records: a line that does not apply to the record's game is refused by name") {
  // A base-game record that names a GCC catalog: the base game reads no GCC tiles.
  const std::string base = ah::slurp(test::source_path("tests/records/base-3p-seed5-deal0.txt"));
  REQUIRE_NOTHROW(vs::parse_vs_record(base, "b.txt"));
  const std::string with_gcc = insert_after(base, "base_catalog_checksum", "gcc_catalog configs/tiles/mists-reconstructed.toml");
  CHECK_THROWS_WITH_AS(vs::parse_vs_record(with_gcc, "b.txt"),
                       ("b.txt:" + std::to_string(line_of(base, "base_catalog_checksum") + 1) +
                        ": gcc_catalog: the record plays the base game (game base, line 4), which has no GCC catalog; only a GCC record "
                        "names one")
                           .c_str(),
                       RecordError);
  CHECK_THROWS_WITH_AS(vs::parse_vs_record(insert_after(base, "base_catalog_checksum", "gcc_catalog_checksum 2e150850f9da950a"), "b.txt"),
                       doctest::Contains(": gcc_catalog_checksum: the record plays the base game"), RecordError);
  // The module data without its module, and a co-op lever's catalog without the lever, as before.
  CHECK_THROWS_WITH_AS(vs::parse_vs_record(insert_after(base, "base_catalog_checksum", "map configs/tiles/map-germany-reconstructed.toml\n"
                                                                                         "map_checksum 0"),
                                           "b.txt"),
                       doctest::Contains(": map: the record does not play map_chips"), RecordError);
  const std::string coop = ah::slurp(test::source_path("tests/records/level5-2p-seed7-game3-expert.txt"));
  CHECK_THROWS_WITH_AS(parse_record(insert_after(coop, "agent", "abbey_catalog configs/tiles/abbey-mayor.toml"), "c.txt"),
                       doctest::Contains(": abbey_catalog: given, but coop_abbeys reads"), RecordError);
  // A competitive key in a co-op record is no key of it.
  CHECK_THROWS_WITH_AS(parse_record(insert_after(coop, "agent", "gcc_catalog configs/tiles/mists-reconstructed.toml"), "c.txt"),
                       doctest::Contains(": gcc_catalog: unknown key"), RecordError);
}

// ---- Level files --------------------------------------------------------------------------------

TEST_CASE("level files: a file named levelN.toml must say level = N") {
  const std::string text = ah::slurp(test::source_path("configs/levels/level3.toml"));
  REQUIRE_NOTHROW(parse_level(text, "configs/levels/level3.toml"));
  std::string five = text;
  const size_t at = five.find("level = 3");
  REQUIRE(at != std::string::npos);
  five.replace(at, 9, "level = 5");
  const int line = int(std::count(text.begin(), text.begin() + long(at), '\n')) + 1;
  CHECK_THROWS_WITH_AS(parse_level(five, "somewhere/level3.toml"),
                       ("somewhere/level3.toml:" + std::to_string(line) +
                        ": level: 5 in a file named level3.toml: the file of level 3 must say level = 3")
                           .c_str(),
                       LoadError);
  // A file named otherwise has no level of its own to match (tests build levels from text).
  CHECK(parse_level(five, "tiny-level.toml").number == 5);
  // Through a command: the level asked for is read from LEVELS_DIR/levelN.toml, so the two agree.
  ah::TempDir dir("level-file"), logs("level-file-logs");
  fs::create_directories(dir.sub("levels"));
  ah::spit(dir.sub("levels/level3.toml"), five);
  const auto r = ah::run_cli({"play", "--level", "3", "--levels-dir", dir.sub("levels")}, logs);
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, "level3.toml:" + std::to_string(line) + ": level: 5 in a file named level3.toml"), r.err);
}

// ---- JSON files ---------------------------------------------------------------------------------

TEST_CASE("JSON files: a key given twice and text that is not JSON are refused naming the file and the field") {
  CHECK(analysis::parse_json(R"({"a": 1, "b": [{"c": 2}, {"c": 3}]})", "f.json")["b"][1]["c"] == 3);
  CHECK_THROWS_WITH_AS(analysis::parse_json(R"({"a": 1, "a": 2})", "f.json"), doctest::Contains("f.json: a: given twice in one object"),
                       analysis::AnalysisError);
  CHECK_THROWS_WITH_AS(analysis::parse_json(R"({"config": {"cells": [{"agent": "x"}, {"agent": "x", "level": 1, "agent": "y"}]}})", "f.json"),
                       doctest::Contains("f.json: config.cells[1].agent: given twice"), analysis::AnalysisError);
  // The same key in two objects is no repeat.
  CHECK_NOTHROW(analysis::parse_json(R"({"x": {"k": 1}, "y": {"k": 1}, "z": [[1, 2], {"k": 3}]})", "f.json"));
  CHECK_THROWS_WITH_AS(analysis::parse_json(R"({"z": [[1, 2], {"k": 3, "k": 4}]})", "f.json"), doctest::Contains("f.json: z[1].k: given twice"),
                       analysis::AnalysisError);
  CHECK_THROWS_WITH_AS(analysis::parse_json("{\"a\": 1,\n}", "f.json"), doctest::Contains("f.json: not valid JSON: parse error at line 2"),
                       analysis::AnalysisError);  // A number beyond a double's range is refused with its line (the fuzzer found it escaping as nlohmann's own exception).
  CHECK_THROWS_WITH_AS(analysis::parse_json("{\"config\":\n {\"seed\": 22e150850}}", "f.json"),
                       doctest::Contains("f.json: line 2: not valid JSON: number overflow parsing '22e150850'"), analysis::AnalysisError);
}

TEST_CASE("study files: a TOML key given twice is refused with the file and line (TOML itself forbids it)") {
  ah::TempDir dir("toml-twice"), logs("toml-twice-logs");
  const std::string path = dir.sub("study.toml");
  ah::spit(path, "seed = 3\ngames = 4\n[game]\ngoal = 90\n[[cells]]\nlevels = [1]\nplayers = [2]\nagents = [\"random\"]\ngames = 2\ngames = 3\n");
  const auto r = ah::run_cli({"analyze", "--config", path, "--out", dir.sub("s"), "-q"}, logs);
  CHECK(r.status == 2);
  CHECK_MESSAGE(has(r.err, path + ":10: syntax: "), r.err);
  CHECK_MESSAGE(has(r.err, "games"), r.err);
  CHECK(!fs::exists(dir.sub("s/study.json")));
  // A table given twice, too.
  ah::spit(path, "[game]\ngoal = 90\n[game]\nhound1 = 10\n[[cells]]\nlevels = [1]\nplayers = [2]\n");
  const auto t = ah::run_cli({"analyze", "--config", path, "--out", dir.sub("s"), "-q"}, logs);
  CHECK(t.status == 2);
  CHECK_MESSAGE(has(t.err, path + ":3: syntax: "), t.err);
}

TEST_CASE("study files: a flag the file decides is refused beside --config, naming it; how the run goes may be given") {
  ah::TempDir dir("toml-flags"), logs("toml-flags-logs");
  const std::string path = dir.sub("study.toml");
  ah::spit(path, "seed = 3\ngames = 4\n[[cells]]\nlevels = [1]\nplayers = [2]\nagents = [\"random\"]\n");
  for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
           {"--games", "3"}, {"--seed", "99"}, {"--chunk", "2"}, {"--precision", "0.1"}, {"--playouts", "10"}, {"--goal", "60"},
           {"--levels", "2"}, {"--agents", "expert"}}) {
    for (const char* command : {"analyze", "compare"}) {
      std::vector<std::string> args = {command, "--config", path, "--out", dir.sub("s"), "-q"};
      args.insert(args.end(), extra.begin(), extra.end());
      const auto r = ah::run_cli(args, logs);
      CHECK_MESSAGE(r.status == 2, command, " ", extra[0]);
      CHECK_MESSAGE(has(r.err, "--config: the study file decides " + extra[0]), r.err);
      CHECK(!fs::exists(dir.sub("s/study.json")));
    }
  }
  const auto ok = ah::run_cli({"analyze", "--config", path, "--out", dir.sub("s"), "--threads", "1", "--title", "t", "-q"}, logs);
  CHECK_MESSAGE(ok.status == 0, ok.err);
  CHECK(analysis::read_json_file(dir.sub("s/study.json")).at("config").at("cells")[0].at("games") == 4);
}

TEST_CASE("JSON files: a study, tournament, balance or training file of the wrong shape is refused naming file and field") {
  ah::TempDir dir("json-shape"), logs("json-shape-logs");
  auto refused = [&](const std::vector<std::string>& args, const std::vector<std::string>& wants) {
    const auto r = ah::run_cli(args, logs);
    CHECK_MESSAGE(r.status == 2, ah::join(args) << "\n" << r.err);
    for (const auto& w : wants) CHECK_MESSAGE(has(r.err, w), ah::join(args) << "\nwants: " << w << "\n" << r.err);
    CHECK_MESSAGE(!has(r.err, "json.exception"), r.err);  // never the JSON library's own words
  };
  // A tournament whose provenance.runs is an object.
  const std::string t = dir.sub("t");
  REQUIRE(ah::run_cli({"versus", "--game", "base", "--players", "2", "--agents", "random,greedy", "--games", "2", "--chunk", "2",
                       "--threads", "1", "--quiet", "--out", t},
                      logs)
              .status == 0);
  const json tournament = read_json(t + "/tournament.json");
  json bad = tournament;
  bad["provenance"]["runs"] = json::object();
  write_json(t + "/tournament.json", bad);
  refused({"versus", "--resume", t}, {t + "/tournament.json: provenance.runs: expected an array"});
  bad = tournament;
  bad["provenance"]["runs"][0]["started"] = 7;
  write_json(t + "/tournament.json", bad);
  refused({"versus", "--resume", t}, {t + "/tournament.json: provenance.runs[0].started: expected a string, found 7"});
  bad = tournament;
  bad["config"]["players"] = "two";
  write_json(t + "/tournament.json", bad);
  refused({"versus", "--resume", t}, {t + "/tournament.json: config.players: expected a whole number"});
  ah::spit(t + "/tournament.json", "{\"config\": {}, \"config\": {}}");
  refused({"versus", "--resume", t}, {t + "/tournament.json: config: given twice"});
  // A study: a key twice, a run of the wrong type.
  const std::string s = dir.sub("s");
  REQUIRE(ah::run_cli({"analyze", "--levels", "1", "--players", "2", "--agents", "random", "--games", "2", "--threads", "1", "-q", "--out", s},
                      logs)
              .status == 0);
  const std::string study = ah::slurp(s + "/study.json");
  ah::spit(s + "/study.json", "{\"config\": " + read_json(s + "/study.json")["config"].dump() + ",\n" + study.substr(1));
  refused({"analyze", "--resume", s}, {s + "/study.json: config: given twice"});
  json st = json::parse(study);
  st["provenance"]["runs"][0]["command"] = json::array();
  write_json(s + "/study.json", st);
  refused({"analyze", "--resume", s}, {s + "/study.json: provenance.runs[0].command: expected a string"});
  // A balance search whose points are an object.
  const std::string b = dir.sub("b");
  REQUIRE(ah::run_cli({"balance", "--level", "1", "--players", "2", "--param", "ghosts", "--lo", "14", "--hi", "15", "--games", "4",
                       "--agent", "random", "--threads", "1", "-q", "--out", b},
                      logs)
              .status != 2);
  json bal = read_json(b + "/balance.json");
  bal["points"] = json::object();
  write_json(b + "/balance.json", bal);
  refused({"balance", "--level", "1", "--players", "2", "--param", "ghosts", "--lo", "14", "--hi", "15", "--games", "4", "--agent", "random",
           "--threads", "1", "-q", "--out", b},
          {b + "/balance.json: points: expected an array"});
  // A training record whose runs are an object, or whose run lacks its revision.
  const std::string w = dir.sub("w");
  fs::create_directories(w);
  write_json(w + "/train.json", json{{"config", json::object()}, {"runs", json::object()}});
  refused({"train", "--levels", "1", "--players", "1", "--games", "2", "--work", w, "--out", dir.sub("v.txt"), "-q"},
          {w + "/train.json: runs: expected an array"});
  write_json(w + "/train.json", json{{"config", json::object()}, {"runs", json::array({json{{"command", "x"}, {"started", "y"}}})}});
  refused({"train", "--levels", "1", "--players", "1", "--games", "2", "--work", w, "--out", dir.sub("v.txt"), "-q"},
          {w + "/train.json: runs[0].revision: missing"});
}

// ---- Writes -------------------------------------------------------------------------------------

TEST_CASE("writes: an output that cannot be written leaves no .tmp behind") {
  ah::TempDir dir("writes"), logs("writes-logs");
  // The output path is a folder.
  fs::create_directories(dir.sub("folder"));
  CHECK_THROWS_WITH_AS(analysis::write_atomic(dir.sub("folder"), "x"), doctest::Contains("folder: it is a folder"), analysis::AnalysisError);
  CHECK(tmp_files(dir.str()).empty());
  // The temporary name is taken by a folder: refused, and that folder is left alone.
  fs::create_directories(dir.sub("x.txt.tmp/inside"));
  CHECK_THROWS_WITH_AS(analysis::write_atomic(dir.sub("x.txt"), "x"), doctest::Contains("x.txt.tmp is a folder"), analysis::AnalysisError);
  CHECK(fs::exists(dir.sub("x.txt.tmp/inside")));
  fs::remove_all(dir.sub("x.txt.tmp"));
  // A folder that does not exist.
  CHECK_THROWS_AS(analysis::write_atomic(dir.sub("no/such/x.txt"), "x"), analysis::AnalysisError);
  CHECK(tmp_files(dir.str()).empty());
  // Through the commands that write one file: play, solve, replay --svg, review.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"play", "--level", "1", "--out", dir.sub("folder")},
        std::vector<std::string>{"play", "--game", "base", "--agents", "random", "--out", dir.sub("folder")},
        std::vector<std::string>{"replay", test::source_path("tests/records/level5-2p-seed7-game3-expert.txt"), "--svg", dir.sub("folder")}}) {
    const auto r = ah::run_cli(args, logs);
    CHECK_MESSAGE(r.status == 2, ah::join(args) << "\n" << r.err);
    CHECK_MESSAGE(has(r.err, "cannot write " + dir.sub("folder") + ": it is a folder"), r.err);
    CHECK(tmp_files(dir.str()).empty());
  }
  // A study whose report cannot be written: report.md is a folder.
  const std::string s = dir.sub("s");
  fs::create_directories(s + "/report.md");
  const auto r = ah::run_cli({"analyze", "--levels", "1", "--players", "2", "--agents", "random", "--games", "2", "--threads", "1", "-q",
                              "--out", s},
                             logs);
  CHECK(r.status != 0);
  CHECK_MESSAGE(has(r.err, "report.md: it is a folder"), r.err);
  CHECK(tmp_files(s).empty());
  CHECK(!fs::exists(analysis::FolderLock::path_of(s)));
}

// ---- One run at a time --------------------------------------------------------------------------

TEST_CASE("lock: a study folder takes one run at a time; the second says who holds it and exits 1") {
  ah::TempDir dir("lock"), logs("lock-logs");
  const std::string s = dir.sub("s");
  // 1. A study of 3 chunks; two chunks lost.
  const std::vector<std::string> make = {"analyze", "--levels", "1", "--players", "2", "--agents", "random", "--games", "6", "--chunk", "2",
                                         "--threads", "1", "-q", "--out", s};
  REQUIRE(ah::run_cli(make, logs).status == 0);
  CHECK(!fs::exists(analysis::FolderLock::path_of(s)));  // a run that ended leaves no lock file
  fs::remove(s + "/chunks/L1-P2-G15-random-0.csv");
  fs::remove(s + "/chunks/L1-P2-G15-random-2.csv");
  // 2. While another run holds the folder (here this test), a resume is refused and says who holds it.
  {
    const analysis::FolderLock held(s, "mists analyze --resume " + s + " (the test)");
    CHECK_THROWS_AS(analysis::FolderLock(s, "again"), analysis::FolderBusy);  // a second lock in one process, too
    const auto r = ah::run_cli({"analyze", "--resume", s, "-q"}, logs);
    CHECK(r.status == 1);
    CHECK_MESSAGE(has(r.err, s + " is in use: process " + std::to_string(::getpid()) + " on "), r.err);
    CHECK_MESSAGE(has(r.err, "(mists analyze --resume " + s + " (the test)) holds its lock " + s + "/.lock"), r.err);
    CHECK_MESSAGE(has(r.err, "kill " + std::to_string(::getpid())), r.err);
    CHECK(!fs::exists(s + "/chunks/L1-P2-G15-random-0.csv"));  // it played nothing
    // Every command that writes such a folder asks for the lock.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"compare", "--resume", s, "-q"},
          std::vector<std::string>{"analyze", "--levels", "1", "--games", "2", "--out", s, "-q"},
          std::vector<std::string>{"balance", "--agent", "expert", "--level", "1", "--param", "ghosts", "--games", "2", "--out", s, "-q"},
          std::vector<std::string>{"versus", "--game", "base", "--agents", "random,greedy", "--games", "2", "--out", s, "--quiet"},
          std::vector<std::string>{"train", "--levels", "1", "--players", "1", "--games", "2", "--work", s, "--out", dir.sub("v.txt"), "-q"}}) {
      const auto busy = ah::run_cli(args, logs);
      CHECK_MESSAGE(busy.status == 1, ah::join(args) << "\n" << busy.err);
      CHECK_MESSAGE(has(busy.err, s + " is in use: process " + std::to_string(::getpid())), ah::join(args) << "\n" << busy.err);
    }
    // merge locks its --out, not the shards it reads.
    const analysis::FolderLock merged(s + "-merged", "test");
    const auto busy = ah::run_cli({"merge", s, "--out", s + "-merged"}, logs);
    CHECK_MESSAGE(busy.status == 1, busy.err);
    CHECK_MESSAGE(has(busy.err, s + "-merged is in use"), busy.err);
  }
  CHECK(!fs::exists(analysis::FolderLock::path_of(s)));
  CHECK(!fs::exists(s + "-merged"));  // the lock made the folder and took it away again, empty
  // 3. Free again: the resume plays the two missing chunks; every run is in the provenance.
  const auto r = ah::run_cli({"analyze", "--resume", s, "-q", "--threads", "1"}, logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  CHECK(fs::exists(s + "/chunks/L1-P2-G15-random-0.csv"));
  const json runs = read_json(s + "/study.json")["provenance"]["runs"];
  REQUIRE(runs.size() == 2);
  CHECK(runs[0]["chunks_played"] == 3);
  CHECK(runs[1]["chunks_played"] == 2);
  CHECK(runs[1]["command"].get<std::string>().find("--resume") != std::string::npos);
}

TEST_CASE("lock: a killed run's lock goes with it (flock), and the killed run stays in the provenance") {
  ah::TempDir dir("lock-kill"), logs("lock-kill-logs");
  const std::string s = dir.sub("s");
  const pid_t pid = ah::spawn_cli({"analyze", "--levels", "3", "--players", "2", "--agents", "mcts:playouts=60", "--games", "200",
                                   "--chunk", "2", "--seed", "3", "--threads", "1", "--out", s},
                                  logs.sub("a.out"), logs.sub("a.err"));
  // Wait until the run holds the lock and has sealed a chunk.
  const std::string lock = analysis::FolderLock::path_of(s);
  const auto start = std::chrono::steady_clock::now();
  while (chunk_count(s) == 0 && std::chrono::steady_clock::now() - start < std::chrono::seconds(120))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(fs::exists(lock));
  CHECK(has(ah::slurp(lock), "pid " + std::to_string(pid) + "\n"));
  CHECK(has(ah::slurp(lock), "command mists analyze --levels 3"));
  // A second run now: refused, naming the first.
  const auto busy = ah::run_cli({"analyze", "--resume", s, "-q"}, logs);
  CHECK(busy.status == 1);
  CHECK_MESSAGE(has(busy.err, "is in use: process " + std::to_string(pid)), busy.err);
  // kill -9: no handler runs, the lock file stays, but the kernel has let go of the lock.
  ::kill(pid, SIGKILL);
  CHECK(ah::wait_status(pid) == 128 + SIGKILL);
  CHECK(fs::exists(lock));
  {
    const analysis::FolderLock after(s, "test");  // taken at once
  }
  // A resume runs (stopped by SIGTERM: 200 search games are too many for a test) and the provenance
  // keeps both runs: the killed one without an end, the resumed one stopped by its signal.
  // It is stopped once it has sealed a chunk of its own (then it is surely past its set-up).
  const size_t kept = chunk_count(s);
  const pid_t again = ah::spawn_cli({"analyze", "--resume", s, "--threads", "1"}, logs.sub("r.out"), logs.sub("r.err"));
  const auto began = std::chrono::steady_clock::now();
  while (chunk_count(s) <= kept &&
         std::chrono::steady_clock::now() - began < std::chrono::seconds(120))
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(again, SIGTERM);
  REQUIRE(ah::wait_status(again) == 128 + SIGTERM);
  const json runs = read_json(s + "/study.json")["provenance"]["runs"];
  REQUIRE(runs.size() == 2);
  CHECK(!runs[0].contains("ended"));
  CHECK(runs[1]["stopped"] == "SIGTERM");
  CHECK(runs[1].contains("ended"));
  CHECK(runs[1].contains("chunks_played"));
  CHECK(!fs::exists(lock));
}

// ---- solve --out on an open deal ----------------------------------------------------------------

TEST_CASE("solve --out on an open deal writes the best line found as a record marked open; replay shows it") {
  ah::TempDir dir("solve-open"), logs("solve-open-logs");
  const std::string out = dir.sub("best.txt");
  const auto r = ah::run_cli({"solve", "--level", "4", "--players", "2", "--seed", "7", "--deal", "1", "--nodes", "60000", "-q", "--out", out},
                             logs);
  REQUIRE_MESSAGE(r.status == 4, r.out << r.err);  // open
  CHECK_MESSAGE(has(r.out, "best line found (open: a lost game, the deal not proved lost): " + out), r.out);
  const std::string text = ah::slurp(out);
  CHECK(has(text, "\nverdict open\n"));
  CHECK(has(text, "\nagent solver\n"));
  const GameRecord rec = parse_record(text, out);
  CHECK(rec.verdict == "open");
  CHECK(rec.outcome == "lost");
  const auto replayed = ah::run_cli({"replay", out}, logs);
  REQUIRE_MESSAGE(replayed.status == 0, replayed.err);
  CHECK_MESSAGE(has(replayed.out, "verdict open: mists solve ran out of budget on this deal"), replayed.out);
  CHECK(has(replayed.out, "ok: "));
  // The page says so too.
  const auto page = ah::run_cli({"replay", out, "--html", dir.sub("p.html")}, logs);
  REQUIRE(page.status == 0);
  CHECK(has(ah::slurp(dir.sub("p.html")), "verdict open"));
  // An open verdict on a won game, or another verdict, is refused.
  std::string won = text;
  won.replace(won.find("\nresult lost"), 12, "\nresult won ");
  CHECK_THROWS_WITH_AS(parse_record(won, "w.txt"), doctest::Contains(": verdict: open, but the result line says won"), RecordError);
  std::string other = text;
  other.replace(other.find("\nverdict open"), 13, "\nverdict lost");
  CHECK_THROWS_WITH_AS(parse_record(other, "w.txt"), doctest::Contains(": verdict: expected 'verdict open'"), RecordError);
  // A budget too small for any line to reach the end writes nothing, and says so.
  const std::string none = dir.sub("none.txt");
  const auto tiny = ah::run_cli({"solve", "--level", "4", "--players", "2", "--seed", "7", "--deal", "1", "--nodes", "50", "-q", "--out", none},
                                logs);
  CHECK(tiny.status == 4);
  CHECK_MESSAGE(has(tiny.out, "no line reached the end of the game within the budget: nothing written to " + none), tiny.out);
  CHECK(!fs::exists(none));
}
