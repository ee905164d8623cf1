// Nothing silently wrong (issue 12): every input that crashed mists, was cut to fit its type, or was
// accepted and changed what is computed, now gives an error naming the file, line and field (or
// the flag) and a non-zero exit — never a crash, never a truncated number, never mixed results.
#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "analysis_helpers.h"

namespace ah = mists::test::ah;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// Runs mists and expects a clean error (status 1 or 2, not a signal) whose message holds every needle.
void refused(const std::vector<std::string>& args, const std::vector<std::string>& needles, const ah::TempDir& logs) {
  const auto r = ah::run_cli(args, logs);
  INFO("mists " << ah::join(args) << "\nstderr: " << r.err << "\nstdout: " << r.out);
  CHECK(r.status >= 1);
  CHECK(r.status <= 2);
  for (const auto& n : needles) CHECK_MESSAGE(has(r.err, n), n);
}

// Replaces the first `from` in `text`.
std::string with(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("integrity: the inputs that crashed mists are refused") {
  ah::TempDir logs("int-logs"), dir("int");
  refused({"analyze", "--levels", "1", "--agents", ";;", "--games", "5", "--out", dir.sub("x")}, {"--agents", "an empty item in ';;'"}, logs);
  CHECK_FALSE(fs::exists(dir.sub("x/study.json")));
  REQUIRE(ah::run_cli({"analyze", "--levels", "1", "--players", "1", "--games", "4", "--chunk", "2", "--out", dir.sub("s"), "-q"}, logs).status == 0);
  const std::string path = dir.sub("s/study.json");
  const std::string good = ah::slurp(path);
  auto doctored = [&](const std::string& from, const std::string& to, const std::vector<std::string>& needles) {
    ah::spit(path, with(good, from, to));
    refused({"analyze", "--resume", dir.sub("s"), "-q"}, needles, logs);
  };
  doctored("\"chunk\": 2", "\"chunk\": 0", {"study.json", "config.chunk", "0 is out of range 1..100000"});
  doctored("\"shard\": \"1/1\"", "\"shard\": \"1/0\"", {"config.shard", "1/0"});
  doctored("\"games\": 4", "\"games\": 2147483647", {"config.cells[0].games", "out of range"});
  doctored("\"level\": 1", "\"level\": 0", {"config.cells[0].level", "out of range 1..6"});
  ah::spit(path, good);
}

TEST_CASE("integrity: numbers are never cut to fit: catalogs, level files, records, flags, agents") {
  ah::TempDir logs("num-logs"), dir("num");
  const std::string cat = ah::slurp(std::string(MISTS_SOURCE_DIR) + "/configs/tiles/mists-reconstructed.toml");
  const std::string arms = dir.sub("arms.toml");
  ah::spit(arms, with(cat, "arms = 1", "arms = 257"));
  refused({"tiles", "validate", arms}, {"arms.toml:", "arms", "257 is out of range 0..255"}, logs);
  const std::string ghosts = dir.sub("ghosts.toml");
  ah::spit(ghosts, with(cat, "ghosts = 1", "ghosts = 256"));
  refused({"tiles", "validate", ghosts}, {"ghosts.toml:", "ghosts", "256 is out of range"}, logs);
  // A level file: file, line and field, never blamed on a flag nobody gave.
  fs::create_directories(dir.sub("levels"));
  for (int l = 1; l <= 6; ++l)
    fs::copy_file(std::string(MISTS_SOURCE_DIR) + "/configs/levels/level" + std::to_string(l) + ".toml", dir.sub("levels/level" + std::to_string(l) + ".toml"));
  const std::string lv3 = dir.sub("levels/level3.toml");
  ah::spit(lv3, with(ah::slurp(lv3), "goal = 100", "goal = 4294967396"));
  refused({"play", "--level", "3", "--levels-dir", dir.sub("levels")}, {"level3.toml:", "goal", "out of range"}, logs);
  // Records.
  REQUIRE(ah::run_cli({"play", "--level", "1", "--seed", "18446744073709551615", "--out", dir.sub("big.txt")}, logs).status == 0);
  const auto big = ah::run_cli({"replay", dir.sub("big.txt")}, logs);
  CHECK_MESSAGE(big.status == 0, big.err);  // a seed >= 2^63 reads back
  const std::string rec = ah::slurp(dir.sub("big.txt"));
  for (const auto& [from, to, field] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"ghosts 15", "ghosts 4294967311", "ghosts"}, {"players 2", "players 4294967298", "players"},
           {"goal 50", "goal 4294967346", "goal"}}) {
    ah::spit(dir.sub("bad.txt"), with(rec, "\n" + from + "\n", "\n" + to + "\n"));
    refused({"replay", dir.sub("bad.txt")}, {"bad.txt:", field, "out of range"}, logs);
  }
  const std::string result = rec.substr(rec.rfind("result "));
  const std::string score = result.substr(result.find("score ") + 6, result.find(" turns") - result.find("score ") - 6);
  ah::spit(dir.sub("score.txt"), with(rec, "score " + score + " turns", "score " + std::to_string(4294967296LL + std::stoll(score)) + " turns"));
  refused({"replay", dir.sub("score.txt")}, {"score.txt:", "result score", "out of range"}, logs);
  // Flags.
  refused({"play", "--seed", "-1"}, {"--seed", "'-1'"}, logs);
  refused({"analyze", "--levels", "1", "--shard", "1/2x", "--out", dir.sub("sh")}, {"--shard", "1/2x"}, logs);
  refused({"analyze", "--levels", "99999999999", "--out", dir.sub("lv")}, {"--levels", "99999999999"}, logs);
  refused({"analyze", "--levels", "1", "--agents", "mcts:playouts=1e12", "--out", dir.sub("po")}, {"playouts", "1e12"}, logs);
  refused({"analyze", "--levels", "1", "--agents", "mcts:playouts=inf", "--out", dir.sub("pi")}, {"playouts", "inf"}, logs);
}

TEST_CASE("integrity: chunks are sealed: a resume or merge never mixes studies, cells or edited rows") {
  ah::TempDir logs("seal-logs"), dir("seal");
  auto study = [&](const std::string& name, const std::string& seed) {
    const auto r = ah::run_cli({"analyze", "--levels", "1", "--players", "1", "--games", "6", "--chunk", "3", "--seed", seed, "--out", dir.sub(name), "-q"}, logs);
    REQUIRE_MESSAGE(r.status == 0, r.err);
  };
  study("a", "1");
  study("b", "2");
  const std::string chunk = "/chunks/L1-P1-G15-expert-1.csv";
  // A chunk of another study (another seed) copied in.
  fs::copy_file(dir.sub("b") + chunk, dir.sub("a") + chunk, fs::copy_options::overwrite_existing);
  refused({"analyze", "--resume", dir.sub("a"), "-q"}, {"L1-P1-G15-expert-1.csv:1", "another study"}, logs);
  // The seed edited in study.json: the finished chunks no longer belong to it.
  study("c", "1");
  const std::string sj = dir.sub("c/study.json");
  ah::spit(sj, with(ah::slurp(sj), "\"seed\": 1", "\"seed\": 5"));
  refused({"analyze", "--resume", dir.sub("c"), "-q"}, {"seal", "another study"}, logs);
  // A row edited by hand (still well formed): the checksum tells.
  study("d", "1");
  std::string text = ah::slurp(dir.sub("d") + chunk);
  const auto won = text.find(",won,none,");
  const auto lost = text.find(",lost,");
  REQUIRE((won != std::string::npos || lost != std::string::npos));
  if (won != std::string::npos) {
    const auto end = text.find(',', won + 10);
    text.replace(won + 10, end - won - 10, "9999");  // the score of a won game
  } else {
    const auto cause = text.find(',', lost + 6);
    const auto end = text.find(',', cause + 1);
    text.replace(cause + 1, end - cause - 1, "9999");
  }
  ah::spit(dir.sub("d") + chunk, text);
  refused({"analyze", "--resume", dir.sub("d"), "-q"}, {"L1-P1-G15-expert-1.csv:1", "changed"}, logs);
  // A malformed number in a chunk: file, line and field.
  study("e", "1");
  std::string t = ah::slurp(dir.sub("e") + chunk);
  const auto row = t.find('\n', t.find('\n') + 1) + 1;  // line 3, the first game
  t.replace(t.find(',', row), 0, "abc");                 // "3abc,..." in the game column
  ah::spit(dir.sub("e") + chunk, t);
  refused({"analyze", "--resume", dir.sub("e"), "-q"}, {"L1-P1-G15-expert-1.csv:3", "game", "not a whole number"}, logs);
}

TEST_CASE("integrity: merge checks every checksum, refuses two different copies of a chunk, never writes into an input") {
  ah::TempDir logs("merge-logs"), dir("merge");
  for (const char* k : {"1", "2"}) {
    const auto r = ah::run_cli({"analyze", "--levels", "1,3", "--players", "1", "--games", "6", "--chunk", "3", "--shard", std::string(k) + "/2",
                                "--out", dir.sub(std::string("s") + k), "-q"}, logs);
    REQUIRE_MESSAGE(r.status == 0, r.err);
  }
  const std::string s1 = ah::slurp(dir.sub("s1/study.json"));
  refused({"merge", dir.sub("s1"), dir.sub("s2"), "--out", dir.sub("s1")}, {"--out", "one of the shards"}, logs);
  CHECK(ah::slurp(dir.sub("s1/study.json")) == s1);
  // A level file checksum that differs between shards.
  const std::string s2 = ah::slurp(dir.sub("s2/study.json"));
  auto j = nlohmann::json::parse(s2);
  j["provenance"]["level_checksums"]["3"] = "0000000000000000";
  ah::spit(dir.sub("s2/study.json"), j.dump(2));
  refused({"merge", dir.sub("s1"), dir.sub("s2"), "--out", dir.sub("m1")}, {"provenance.level_checksums", "differs"}, logs);
  ah::spit(dir.sub("s2/study.json"), s2);
  // Two different copies of one chunk: refused, not the last one taken.
  fs::copy_file(dir.sub("s1/chunks/L1-P1-G15-expert-0.csv"), dir.sub("s2/chunks/L1-P1-G15-expert-0.csv"));
  const auto same = ah::run_cli({"merge", dir.sub("s1"), dir.sub("s2"), "--out", dir.sub("m2")}, logs);
  CHECK_MESSAGE(same.status == 0, same.err);  // an identical copy is fine
  std::string other = ah::slurp(dir.sub("s2/chunks/L1-P1-G15-expert-0.csv")) + "\n";
  ah::spit(dir.sub("s2/chunks/L1-P1-G15-expert-0.csv"), other);
  refused({"merge", dir.sub("s1"), dir.sub("s2"), "--out", dir.sub("m3")}, {"L1-P1-G15-expert-0"}, logs);
}

TEST_CASE("integrity: balance.json is checked in full; a folder given as a file is refused") {
  ah::TempDir logs("bal-logs"), dir("bal");
  const std::vector<std::string> args = {"balance", "--agent", "expert", "--level", "1", "--param", "goal", "--lo", "40", "--hi", "60", "--games", "20", "--out", dir.sub("b"), "-q"};
  REQUIRE(ah::run_cli(args, logs).status <= 1);
  const std::string path = dir.sub("b/balance.json");
  auto j = nlohmann::json::parse(ah::slurp(path));
  j["points"][0]["wins"] = 207;
  ah::spit(path, j.dump(2));
  refused(args, {"balance.json", "points[0].wins", "out of range"}, logs);
  refused({"tiles", "validate", std::string(MISTS_SOURCE_DIR) + "/configs"}, {"is a folder"}, logs);
  refused({"replay", std::string(MISTS_SOURCE_DIR) + "/configs"}, {"is a folder"}, logs);
  refused({"play", "--levels-dir", std::string(MISTS_SOURCE_DIR) + "/configs/tiles/mists-reconstructed.toml"}, {"level"}, logs);
}
