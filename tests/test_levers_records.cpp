// Records of games with the co-op levers (docs/rules.md C, docs/records.md): the golden games in
// tests/records/levers replay to their results with each lever at work, and every lever line of a
// record that is wrong is refused with the file, the line and the field.
#include <fstream>
#include <sstream>

#include "analysis/pages/viewer.h"
#include "engine/coop/record.h"
#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream os;
  os << f.rdbuf();
  return os.str();
}

std::string record_path(const std::string& name) { return source_path("tests/records/levers/" + name); }

// The 1-based line of the first line of `text` that starts with `key` and a space.
int line_of(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.rfind(key + " ", 0) == 0) return n;
  FAIL("no line " << key);
  return 0;
}

// `text` with its line starting with `key` replaced by `with` (removed when `with` is empty).
std::string with_line(const std::string& text, const std::string& key, const std::string& with) {
  std::istringstream in(text);
  std::string line, out;
  bool done = false;
  while (std::getline(in, line)) {
    if (!done && line.rfind(key + " ", 0) == 0) {
      done = true;
      if (!with.empty()) out += with + "\n";
      continue;
    }
    out += line + "\n";
  }
  REQUIRE_MESSAGE(done, "no line " << key);
  return out;
}

// What replaying a record saw along the way.
struct Seen {
  int abbeys = 0, monks = 0, tolls_placed = 0, toll_scorings = 0, chips = 0, upgrades = 0, wagon_moves = 0, mayors = 0;
};

Seen replay_file(const std::string& name, ReplayResult& result) {
  const std::string path = record_path(name);
  const analysis::LoadedRecord g = analysis::load_record(path);
  Seen seen;
  result = replay(g.rules, g.rec, path, [&](const State& s, const std::string& step) {
    seen.chips += step.rfind("chip ", 0) == 0 && (step == "chip 1" || step == "chip 2");
    seen.upgrades += step.rfind("upgrade ", 0) == 0 && step != "upgrade none";
    seen.wagon_moves += step.rfind("wagon-to ", 0) == 0;
    seen.mayors += step.rfind("mayor ", 0) == 0;
    seen.tolls_placed += step.rfind("toll ", 0) == 0;
    seen.monks += step.find("meeple monastery") != std::string::npos;
    if (s.phase == Phase::Score)
      for (int i = 0; i < s.n_pending; ++i) seen.toll_scorings += pending_is_toll(s.pending[size_t(i)]);
    seen.abbeys = s.abbeys_placed;
  });
  CHECK(g.rules.params.levers.any());
  return seen;
}

}  // namespace

TEST_CASE("golden lever games: the records in tests/records/levers replay to their results, each lever at work") {
  // Played by `mists play --agent expert` with the seeds and levers their names and first lines say
  // (docs/records.md); any change to the levers' rules, the options' text or their order breaks them.
  ReplayResult r;
  {
    const Seen s = replay_file("level4-2p-seed8-abbeys.txt", r);  // CA: abbeys per colour, the monk
    CHECK(s.abbeys >= 2);
    CHECK(s.monks >= 1);
  }
  {
    const Seen s = replay_file("level3-1p-seed3-tolls.txt", r);  // CT: tollhouses per colour, the Tollkeepers tiles replacing
    CHECK(s.tolls_placed >= 2);
    CHECK(s.toll_scorings >= 1);
  }
  {
    const Seen s = replay_file("level5-4p-seed6-chips.txt", r);  // CM: chips with the choice, an upgrade
    CHECK(s.chips >= 3);
    CHECK(s.upgrades >= 1);
  }
  {
    const Seen s = replay_file("level6-2p-seed7-wagon-mayor.txt", r);  // CA8: wagons and mayors on level 6
    CHECK(s.wagon_moves >= 1);
    CHECK(s.mayors >= 1);
  }
  {
    const Seen s = replay_file("level2-3p-seed4-all.txt", r);  // team pools, burn, added tiles, misty_tiles, chips of radius 2
    CHECK(s.tolls_placed >= 1);
    CHECK(s.chips >= 1);
    CHECK(s.upgrades >= 1);
  }
  // The CLI replays them too.
  const sh::Run run = sh::mists_cmd("replay " + sh::quote(record_path("level3-1p-seed3-tolls.txt")));
  INFO(run.output);
  CHECK(run.status == 0);
  CHECK(run.output.find("levers coop_tolls=per_colour") != std::string::npos);
}

TEST_CASE("records with levers: a wrong lever line is refused with file, line and field") {
  const std::string tolls = record_path("level3-1p-seed3-tolls.txt"), chips = record_path("level5-4p-seed6-chips.txt");
  const std::string t = slurp(tolls), c = slurp(chips);
  auto refused = [](const std::string& text, const std::string& name, const std::string& want) {
    INFO(want);
    CHECK_THROWS_WITH_AS(parse_record(text, name), doctest::Contains(want.c_str()), RecordError);
  };
  auto at = [](const std::string& name, int line, const std::string& field) { return name + ":" + std::to_string(line) + ": " + field + ": "; };
  // A value no lever has; N of team:N out of range.
  refused(with_line(t, "coop_toll_basis", "coop_toll_basis sightz"), "t.txt", at("t.txt", line_of(t, "coop_toll_basis"), "coop_toll_basis") + "'sightz'");
  refused(with_line(t, "coop_tolls", "coop_tolls team:9"), "t.txt", at("t.txt", line_of(t, "coop_tolls"), "coop_tolls") + "'team:9'");
  refused(with_line(t, "coop_chip_radius", "coop_chip_radius 5 2"), "t.txt", at("t.txt", line_of(t, "coop_chip_radius"), "coop_chip_radius") + "expects one value");
  // A knob without its lever names the knob's own line.
  refused(with_line(t, "coop_chip_points", "coop_chip_points choice"), "t.txt",
          at("t.txt", line_of(t, "coop_chip_points"), "coop_chip_points") + "set to choice but coop_chips is off");
  // The set-up lines the levers need, and those they do not.
  refused(with_line(t, "set_aside", ""), "t.txt", "set_aside: missing");
  refused(with_line(c, "chips", ""), "c.txt", "chips: missing");
  refused(with_line(c, "chips", "chips 1 3 2"), "c.txt", at("c.txt", line_of(c, "chips"), "chips"));
  refused(with_line(t, "toll_catalog", ""), "t.txt", "toll_catalog: missing");
  refused(with_line(c, "coop_chips", "coop_chips off") , "c.txt", "coop_chip_points: set to choice but coop_chips is off");
  refused(with_line(with_line(c, "coop_chips", "coop_chips off"), "coop_chip_points", "coop_chip_points points"), "c.txt",
          at("c.txt", line_of(c, "chips"), "chips") + "given, but coop_chips deals them");
  // The deal's lever lines against the rules: counts, kinds of tiles, chip values.
  {
    const analysis::LoadedRecord g = analysis::load_record(chips);
    GameRecord rec = g.rec;
    rec.chips.pop_back();
    CHECK_THROWS_WITH_AS(record_deal(g.rules, rec, "c.txt"), doctest::Contains(std::string("c.txt:" + std::to_string(line_of(c, "chips")) + ": chips: 15 chips dealt, the game has 16").c_str()), RecordError);
    rec = g.rec;
    rec.chips.assign(16, 2);
    CHECK_THROWS_WITH_AS(record_deal(g.rules, rec, "c.txt"), doctest::Contains("16 of 2: there are 18 and 12"), RecordError);
  }
  {
    const analysis::LoadedRecord g = analysis::load_record(tolls);
    GameRecord rec = g.rec;
    rec.set_aside[0] = "T/01";
    CHECK_THROWS_WITH_AS(record_deal(g.rules, rec, "t.txt"), doctest::Contains(std::string("t.txt:" + std::to_string(line_of(t, "set_aside")) + ": set_aside: 'T/01' is no tile of the base catalog").c_str()), RecordError);
    // Replayed against rules without its levers (a caller's mistake the CLI cannot make).
    const Rules plain = mists_rules(3, 1);
    CHECK_THROWS_WITH_AS(replay(plain, g.rec, "t.txt"), doctest::Contains(": levers: the record was played with levers coop_tolls=per_colour"), RecordError);
  }
  // A chip step that is not the deal's, and an expansion catalog that changed since the game.
  sh::TempDir dir;
  {
    const std::string bad = dir.file("chip.txt");
    std::string text = c;
    const size_t at_line = text.find("\nchip ", text.find("\nsteps")) + 1;  // the first chip turned up
    const char v = text[at_line + 5];
    text[at_line + 5] = v == '1' ? '2' : '1';
    std::ofstream(bad) << text;
    const sh::Run run = sh::mists_cmd("replay " + sh::quote(bad));
    INFO(run.output);
    CHECK(run.status != 0);
    CHECK(run.output.find("chip.txt:") != std::string::npos);
    CHECK(run.output.find("turns up a chip of") != std::string::npos);
  }
  {
    const std::string bad = dir.file("sum.txt");
    std::ofstream(bad) << with_line(t, "toll_catalog_checksum", "toll_catalog_checksum 0000000000000000");
    const sh::Run run = sh::mists_cmd("replay " + sh::quote(bad));
    INFO(run.output);
    CHECK(run.status != 0);
    CHECK(run.output.find("sum.txt:" + std::to_string(line_of(t, "toll_catalog_checksum")) + ": toll_catalog_checksum: the record was played with 0000000000000000") !=
          std::string::npos);
  }
}
