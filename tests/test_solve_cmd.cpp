// mists solve through the binary: a won deal's line is a record that replay accepts; bad input is
// refused with the file and field.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "analysis_helpers.h"

namespace ah = mists::test::ah;

TEST_CASE("solve: a winning line replays, a record's deal can be solved again, bad input is refused") {
  ah::TempDir logs("solve-logs"), dir("solve");
  const auto r = ah::run_cli({"solve", "--level", "2", "--players", "2", "--seed", "7", "--deal", "0", "--nodes", "3000000",
                              "--seconds", "0", "--out", dir.sub("won.txt")}, logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  REQUIRE_MESSAGE(r.out.rfind("won", 0) == 0, r.out);
  const auto replay = ah::run_cli({"replay", dir.sub("won.txt")}, logs);
  CHECK_MESSAGE(replay.status == 0, replay.err);
  CHECK(replay.out.find("result won none") != std::string::npos);
  // The same deal from the record, with a budget too small to decide it: open, with its progress.
  const auto again = ah::run_cli({"solve", "--record", dir.sub("won.txt"), "--nodes", "2000", "--seconds", "0"}, logs);
  CHECK_MESSAGE(again.status == 4, again.err);  // open has its own exit status (won 0, lost 3)
  CHECK(again.out.rfind("open (budget spent; best progress", 0) == 0);
  // Bad input.
  std::string text = ah::slurp(dir.sub("won.txt"));
  text.replace(text.find("\nplayers 2\n"), 11, "\nplayers 7\n");
  ah::spit(dir.sub("bad.txt"), text);
  const auto bad = ah::run_cli({"solve", "--record", dir.sub("bad.txt")}, logs);
  CHECK(bad.status == 2);
  CHECK(bad.err.find("bad.txt:") != std::string::npos);
  CHECK(bad.err.find("players") != std::string::npos);
  const auto none = ah::run_cli({"solve", "--nodes", "0", "--seconds", "0"}, logs);
  CHECK(none.status == 2);
  CHECK(none.err.find("budget") != std::string::npos);
}

TEST_CASE("solve: won, lost and open exit with their own statuses (0, 3, 4), apart from usage errors (2)") {
  ah::TempDir logs("solve-status-logs");
  const std::vector<std::string> deal = {"solve", "--seed", "7", "--deal", "0", "--seconds", "0", "-q"};
  auto run = [&](const std::vector<std::string>& more) {
    std::vector<std::string> args = deal;
    args.insert(args.end(), more.begin(), more.end());
    return ah::run_cli(args, logs);
  };
  const auto won = run({"--level", "2", "--players", "2", "--nodes", "3000000"});
  CHECK_MESSAGE(won.status == 0, won.out << won.err);
  CHECK(won.out.rfind("won", 0) == 0);
  // Level 6 alone with 3 ghosts: the supply runs out at once on every line.
  const auto lost = run({"--level", "6", "--players", "1", "--ghosts", "3", "--nodes", "2000000"});
  CHECK_MESSAGE(lost.status == 3, lost.out << lost.err);
  CHECK(lost.out.rfind("lost", 0) == 0);
  const auto open = run({"--level", "1", "--players", "1", "--nodes", "2000"});
  CHECK_MESSAGE(open.status == 4, open.out << open.err);
  CHECK(open.out.rfind("open", 0) == 0);
}

TEST_CASE("solve --census: counts or estimates the positions of each turn; flags of the search are refused") {
  ah::TempDir logs("census-logs");
  const auto count = ah::run_cli({"solve", "--level", "6", "--players", "1", "--seed", "7", "--deal", "0", "--census", "1",
                                  "--nodes", "0"}, logs);
  REQUIRE_MESSAGE(count.status == 0, count.err);
  CHECK(count.out.rfind("turn  tiles_left  positions", 0) == 0);
  CHECK(count.out.find("\n0  20  1  0  0  0\n") != std::string::npos);
  CHECK(count.out.find("\n1  18  276  -  -  -\n") != std::string::npos);  // the last turn asked is counted, not walked
  CHECK(count.out.find("\ncomplete (") != std::string::npos);
  // Probes: turn 1 is the same for every probe (no game ends in the first turn of this deal).
  const auto probes = ah::run_cli({"solve", "--level", "6", "--players", "1", "--seed", "7", "--deal", "0", "--census", "1",
                                   "--census-probes", "5", "--nodes", "0"}, logs);
  REQUIRE_MESSAGE(probes.status == 0, probes.err);
  const size_t row = count.out.find("\n1  ");
  REQUIRE(row != std::string::npos);
  std::istringstream line(count.out.substr(row + 1));
  std::string turn, tiles, counted;
  line >> turn >> tiles >> counted;  // "1  <tiles left>  <positions> ..."
  CHECK_MESSAGE(probes.out.find("\n1  " + counted + "  -  -  -\n") != std::string::npos, probes.out);  // the last turn: not walked
  CHECK(probes.out.find("means over 5 probes") != std::string::npos);
  // A cap stops the count, and says so.
  const auto capped = ah::run_cli({"solve", "--level", "6", "--players", "1", "--seed", "7", "--deal", "0", "--census", "2",
                                   "--census-max", "10", "--nodes", "0"}, logs);
  REQUIRE_MESSAGE(capped.status == 0, capped.err);
  CHECK(capped.out.find("stopped: a turn reached --census-max 10 positions") != std::string::npos);
  CHECK(capped.out.find(">=") != std::string::npos);
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"solve", "--census-max", "10"},
           {"solve", "--census-probes", "10"},
           {"solve", "--census", "2", "--out", "x.txt"},
           {"solve", "--census", "2", "--spread", "0.2"},
           {"solve", "--census", "2", "--census-probes", "3", "--census-max", "10"},
           {"solve", "--census", "0"},
           {"solve", "--census", "x"}}) {
    const auto r = ah::run_cli(bad, logs);
    CHECK_MESSAGE(r.status == 2, bad[1]);  // a usage error, CLI11's own checks included
    CHECK_MESSAGE(r.err.find("--census") != std::string::npos, r.err);
  }
}
