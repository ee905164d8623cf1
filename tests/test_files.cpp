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

#include "analysis/error.h"
#include "analysis/files.h"
#include "analysis/json_fields.h"
#include "analysis_helpers.h"
#include "engine/config/load.h"
#include "engine/record.h"
#include "engine/versus_record.h"
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
