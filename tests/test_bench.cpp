// mists bench --scaling (issue 32): the batch and the search at 1, 2, ... threads up to the cores,
// the batch's outcomes checked to be the same at every count, the signature untouched.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <thread>

#include "shell_helpers.h"

namespace sh = mists::test::sh;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

constexpr const char* SMALL = "--sweep-games 2 --games 20 --expert-games 0 --search-games 0";

}  // namespace

TEST_CASE("bench --scaling: a row per thread count up to the cores, the same outcomes, the same signature") {
  const sh::Run plain = sh::mists_cmd(std::string("bench ") + SMALL);
  const sh::Run scaling = sh::mists_cmd(std::string("bench --scaling --scaling-games 16 ") + SMALL);
  REQUIRE(plain.status == 0);
  REQUIRE(scaling.status == 0);
  CHECK(has(scaling.output, "the batch's outcomes at every thread count: the same"));
  CHECK(has(scaling.output, "\n  1 "));  // the one-thread row, against which the speed-ups are taken
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  CHECK(has(scaling.output, "\n  " + std::to_string(cores) + " "));  // and the cores present
  // The lone thread against a pool on one core, as CPU seconds of the process.
  CHECK(has(scaling.output, "  one core (every thread on cpu "));
  CHECK(has(scaling.output, " CPU s on 1 thread, "));
  // The signature line is the same with and without --scaling.
  const auto signature = [](const std::string& out) { return out.substr(out.rfind("Bench: ")); };
  CHECK(signature(plain.output) == signature(scaling.output));
}

TEST_CASE("bench: --scaling-games without --scaling is a usage error, before anything is played") {
  const sh::Run r = sh::mists_cmd(std::string("bench --scaling-games 3 ") + SMALL);
  CHECK(r.status == 2);
  CHECK(has(r.output, "--scaling-games needs --scaling"));
  CHECK(!has(r.output, "Bench: "));
  CHECK(sh::mists_cmd(std::string("bench --scaling --scaling-games 0 ") + SMALL).status == 2);
  CHECK(sh::mists_cmd("bench --game base --scaling").status == 2);  // a co-op bench flag
}
