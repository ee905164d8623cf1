// Studies that never mislead (issue 34, part 3): the progress line's rate for slow agents.
#include <doctest/doctest.h>

#include <chrono>
#include <iostream>
#include <sstream>
#include <string>

#include "analysis/progress.h"

using namespace mists;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("progress: a rate below one game a second is shown a minute (or an hour), never as 0 games/s") {
  CHECK(analysis::rate_text(12.4) == "12 games/s");
  CHECK(analysis::rate_text(1.0) == "1 games/s");
  CHECK(analysis::rate_text(0.05) == "3.0 games/min");
  CHECK(analysis::rate_text(0.4) == "24.0 games/min");
  CHECK(analysis::rate_text(0.001) == "3.6 games/h");
  // The line itself: 10 games in 100 s of a slow agent.
  analysis::Progress progress;
  progress.tty = false;
  progress.plan("mcts", 10, 1);
  progress.start = std::chrono::steady_clock::now() - std::chrono::seconds(100);
  std::ostringstream captured;
  std::streambuf* old = std::cerr.rdbuf(captured.rdbuf());
  progress.played("mcts", 10, 100, "cell");
  std::cerr.rdbuf(old);
  CHECK_MESSAGE(has(captured.str(), "6.0 games/min"), captured.str());
  CHECK_MESSAGE(!has(captured.str(), "0 games/s"), captured.str());
}
