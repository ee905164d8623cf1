// mists solve through the binary: a won deal's line is a record that replay accepts; bad input is
// refused with the file and field.
#include <doctest/doctest.h>

#include "analysis_helpers.h"

namespace ah = mists::test::ah;

TEST_CASE("solve: a winning line replays, a record's deal can be solved again, bad input is refused") {
  ah::TempDir logs("solve-logs"), dir("solve");
  const auto r = ah::run_cli({"solve", "--level", "2", "--players", "2", "--seed", "7", "--game", "0", "--nodes", "3000000",
                              "--seconds", "0", "--out", dir.sub("won.txt")}, logs);
  REQUIRE_MESSAGE(r.status == 0, r.err);
  REQUIRE_MESSAGE(r.out.rfind("won", 0) == 0, r.out);
  const auto replay = ah::run_cli({"replay", dir.sub("won.txt")}, logs);
  CHECK_MESSAGE(replay.status == 0, replay.err);
  CHECK(replay.out.find("result won none") != std::string::npos);
  // The same deal from the record, with a budget too small to decide it: open, with its progress.
  const auto again = ah::run_cli({"solve", "--record", dir.sub("won.txt"), "--nodes", "2000", "--seconds", "0"}, logs);
  CHECK_MESSAGE(again.status == 0, again.err);
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
