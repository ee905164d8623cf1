// Record and input robustness, through the real command-line program (MISTS_BINARY): a played
// record replays; doctored copies fail with a non-zero exit and a message naming the file, the
// line and the step or field; broken catalogs and impossible game options are refused clearly.
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "shell_helpers.h"
#include "support.h"

using namespace mists;
using namespace mists::test;
namespace fs = std::filesystem;

namespace {

using namespace mists::test::sh;

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream f(path);
  std::vector<std::string> lines;
  std::string l;
  while (std::getline(f, l)) lines.push_back(l);
  return lines;
}

void write_lines(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream f(path);
  for (const auto& l : lines) f << l << '\n';
}

// Where things are in a record file (line numbers 1-based, steps 1-based as replay counts them).
struct RecordMap {
  std::vector<std::string> lines;
  int steps_line = 0, result_line = 0;
  std::vector<int> step_lines;  // step k (1-based) is on line step_lines[k - 1]

  explicit RecordMap(std::vector<std::string> l) : lines(std::move(l)) {
    for (size_t i = 0; i < lines.size(); ++i) {
      const std::string& s = lines[i];
      const int ln = int(i) + 1;
      if (s == "steps") steps_line = ln;
      else if (s.rfind("result ", 0) == 0) result_line = ln;
      else if (steps_line && !result_line && !s.empty() && s[0] != '#') step_lines.push_back(ln);
    }
  }
  int line_of(const std::string& prefix) const {
    for (size_t i = 0; i < lines.size(); ++i)
      if (lines[i].rfind(prefix, 0) == 0) return int(i) + 1;
    return 0;
  }
  // First step whose text starts with `prefix` and passes `ok`: its step number, or 0.
  template <class Ok>
  int find_step(const std::string& prefix, Ok ok) const {
    for (size_t k = 0; k < step_lines.size(); ++k) {
      const std::string& s = lines[size_t(step_lines[k] - 1)];
      if (s.rfind(prefix, 0) == 0 && ok(s)) return int(k) + 1;
    }
    return 0;
  }
  int find_step(const std::string& prefix) const {
    return find_step(prefix, [](const std::string&) { return true; });
  }
};

std::vector<std::string> words_of(const std::string& s) {
  std::istringstream is(s);
  std::vector<std::string> w;
  std::string x;
  while (is >> x) w.push_back(x);
  return w;
}

// Replays a doctored copy and requires a failure whose message contains every piece of `want`.
void expect_replay_failure(const TempDir& dir, const std::string& name, const std::vector<std::string>& lines,
                           const std::vector<std::string>& want) {
  const std::string path = dir.file(name);
  write_lines(path, lines);
  const Run r = mists_cmd("replay " + quote(path));
  INFO("doctored record " << name << ", output:\n" << r.output);
  CHECK(r.status != 0);
  for (const auto& w : want) CHECK_MESSAGE(r.output.find(w) != std::string::npos, "expected the message to contain '" << w << "'");
}

}  // namespace

TEST_CASE("records: a played record replays, doctored copies fail naming file, line and step") {
  TempDir dir;
  const std::string rec_path = dir.file("game.rec");
  const Run played = mists_cmd("play --level 3 --players 2 --seed 11 --out " + quote(rec_path));
  REQUIRE_MESSAGE(played.status == 0, played.output);
  const Run ok = mists_cmd("replay " + quote(rec_path));
  REQUIRE_MESSAGE(ok.status == 0, ok.output);
  CHECK(ok.output.find("ok: ") != std::string::npos);

  const RecordMap rec(read_lines(rec_path));
  REQUIRE(rec.steps_line > 0);
  REQUIRE(rec.result_line > rec.steps_line);
  REQUIRE(rec.step_lines.size() >= 4);
  const int n_steps = int(rec.step_lines.size());
  auto F = [&](const std::string& name, int line) { return dir.file(name) + ":" + std::to_string(line) + ": "; };
  auto step_at = [&](const std::string& name, int k) { return F(name, rec.step_lines[size_t(k - 1)]) + "step " + std::to_string(k) + ": "; };

  SUBCASE("a changed placement") {
    const int k = rec.find_step("place ");
    REQUIRE(k > 0);
    auto lines = rec.lines;
    lines[size_t(rec.step_lines[size_t(k - 1)] - 1)] = "place 40 40 0";
    expect_replay_failure(dir, "place.rec", lines, {step_at("place.rec", k), "'place 40 40 0' is not a legal place decision"});
  }
  SUBCASE("a changed draw") {
    const int k = rec.find_step("draw ");
    REQUIRE(k > 0);
    auto lines = rec.lines;
    std::string& l = lines[size_t(rec.step_lines[size_t(k - 1)] - 1)];
    const std::string other = words_of(l)[1] == "05" ? "06" : "05";
    l = "draw " + other;
    expect_replay_failure(dir, "draw.rec", lines, {step_at("draw.rec", k), "draws " + other});
  }
  SUBCASE("an illegal meeple") {
    const int k = rec.find_step("meeple ");
    REQUIRE(k > 0);
    auto lines = rec.lines;
    lines[size_t(rec.step_lines[size_t(k - 1)] - 1)] = "meeple city0 pink";  // pink is not in a 2-player game
    expect_replay_failure(dir, "meeple.rec", lines, {step_at("meeple.rec", k), "'meeple city0 pink' is not a legal meeple decision"});
  }
  SUBCASE("steps cut off before the end, result kept") {
    const int keep = n_steps / 2;
    std::vector<std::string> lines(rec.lines.begin(), rec.lines.begin() + rec.step_lines[size_t(keep - 1)]);
    lines.push_back(rec.lines[size_t(rec.result_line - 1)]);
    expect_replay_failure(dir, "cut.rec", lines,
                          {F("cut.rec", int(lines.size())) + "step " + std::to_string(keep + 1) + ": ", "the record ends"});
  }
  SUBCASE("a truncated record: no result line") {
    std::vector<std::string> lines(rec.lines.begin(), rec.lines.begin() + rec.result_line - 1);
    expect_replay_failure(dir, "noresult.rec", lines, {F("noresult.rec", int(lines.size())) + "result: missing"});
  }
  SUBCASE("an extra step after the end") {
    auto lines = rec.lines;
    lines.insert(lines.begin() + rec.result_line - 1, "meeple none");
    expect_replay_failure(dir, "extra.rec", lines,
                          {F("extra.rec", rec.result_line) + "step " + std::to_string(n_steps + 1) + ": ",
                           "the game is over", "'meeple none'"});
  }
  SUBCASE("a wrong result line") {
    auto lines = rec.lines;
    auto w = words_of(lines[size_t(rec.result_line - 1)]);
    REQUIRE(w.size() == 7);
    w[4] = std::to_string(std::stoi(w[4]) + 5);
    std::string l;
    for (const auto& x : w) l += (l.empty() ? "" : " ") + x;
    lines[size_t(rec.result_line - 1)] = l;
    expect_replay_failure(dir, "result.rec", lines, {F("result.rec", rec.result_line) + "result: ", "the record says"});
  }
  SUBCASE("an unknown header key") {
    auto lines = rec.lines;
    const int at = rec.line_of("format ");
    REQUIRE(at > 0);
    lines.insert(lines.begin() + at, "colour blue");  // becomes line at + 1
    expect_replay_failure(dir, "key.rec", lines, {F("key.rec", at + 1) + "colour: unknown key"});
  }
  SUBCASE("a non-numeric number") {
    auto lines = rec.lines;
    const int at = rec.line_of("seed ");
    REQUIRE(at > 0);
    lines[size_t(at - 1)] = "seed eleven";
    expect_replay_failure(dir, "number.rec", lines, {F("number.rec", at) + "seed: ", "'eleven' is not a whole number"});
  }
  SUBCASE("a wrong catalog_checksum") {
    auto lines = rec.lines;
    const int at = rec.line_of("catalog_checksum ");
    REQUIRE(at > 0);
    lines[size_t(at - 1)] = "catalog_checksum 0123456789abcdef";
    expect_replay_failure(dir, "checksum.rec", lines, {F("checksum.rec", at) + "catalog_checksum: ", "0123456789abcdef"});
  }
  SUBCASE("a pile with an unknown tile id") {
    auto lines = rec.lines;
    const int at = rec.line_of("pile 1 ");
    REQUIRE(at > 0);
    auto w = words_of(lines[size_t(at - 1)]);
    w[2] = "99";
    std::string l;
    for (const auto& x : w) l += (l.empty() ? "" : " ") + x;
    lines[size_t(at - 1)] = l;
    expect_replay_failure(dir, "unknown.rec", lines, {F("unknown.rec", at) + "pile 1: ", "unknown tile '99'"});
  }
  SUBCASE("a pile with a tile twice") {
    auto lines = rec.lines;
    const int at = rec.line_of("pile 1 ");
    REQUIRE(at > 0);
    auto w = words_of(lines[size_t(at - 1)]);
    size_t j = 3;
    while (j < w.size() && w[j] == w[2]) ++j;
    REQUIRE(j < w.size());
    w[j] = w[2];  // the first tile again instead of another
    std::string l;
    for (const auto& x : w) l += (l.empty() ? "" : " ") + x;
    lines[size_t(at - 1)] = l;
    expect_replay_failure(dir, "twice.rec", lines, {F("twice.rec", at) + "pile"});
  }
}

TEST_CASE("records: `mists tiles validate` names file, line and field of a broken catalog") {
  TempDir dir;
  const auto cat = read_lines(source_path("configs/tiles/mists-reconstructed.toml"));
  auto line_of = [&](const std::string& text, int from = 0) {
    for (size_t i = size_t(from); i < cat.size(); ++i)
      if (cat[i].find(text) != std::string::npos) return int(i) + 1;
    return 0;
  };
  auto validate_copy = [&](const std::string& name, const std::vector<std::string>& lines, const std::vector<std::string>& want) {
    const std::string path = dir.file(name);
    write_lines(path, lines);
    const Run r = mists_cmd("tiles validate " + quote(path));
    INFO("broken catalog " << name << ", output:\n" << r.output);
    CHECK(r.status != 0);
    for (const auto& w : want) CHECK_MESSAGE(r.output.find(w) != std::string::npos, "expected the message to contain '" << w << "'");
    return r.output;
  };
  const Run good = mists_cmd("tiles validate configs/tiles/mists-reconstructed.toml");
  CHECK_MESSAGE(good.status == 0, good.output);

  SUBCASE("a city side 'CCF'") {
    const int id = line_of("id = \"03\"");
    const int edges = line_of("edges = \"CCC FRF fff FRF\"", id);
    REQUIRE(id > 0);
    REQUIRE(edges > 0);
    auto lines = cat;
    lines[size_t(edges - 1)] = "edges = \"CCF FRF fff FRF\"";
    // The bad value sits on the edges line: that is the line to name.
    validate_copy("ccf.toml", lines, {dir.file("ccf.toml") + ":" + std::to_string(edges) + ": tile 03: edges: "});
  }
  SUBCASE("a slot covered twice") {
    const int id = line_of("id = \"05\"");
    const int field = line_of("field = [ { slots = \"W3 E1\"", id);
    REQUIRE(field > 0);
    auto lines = cat;
    lines[size_t(field - 1)] = "field = [ { slots = \"W3 E1 E3\", cities = [] }, { slots = \"E3 W1\", cities = [] } ]";
    // Slot E3 now belongs to both fields of line `field`: name that line and the slot.
    validate_copy("twice.toml", lines, {dir.file("twice.toml") + ":" + std::to_string(field) + ": tile 05: ", "E3"});
  }
  SUBCASE("a published tile missing") {
    const int id = line_of("id = \"05\"");
    REQUIRE(id > 0);
    int end = id;
    while (end < int(cat.size()) && !cat[size_t(end)].empty()) ++end;  // the entry ends at a blank line
    auto lines = cat;
    lines.erase(lines.begin() + (id - 2), lines.begin() + end);  // from its [[tile]] header to its last key
    validate_copy("missing.toml", lines, {dir.file("missing.toml") + ":", "tile 05: id: ", "missing"});
  }
  SUBCASE("wrong ghost symbols on tile 14") {
    const int id = line_of("id = \"14a\"");
    const int mist = line_of("mist  = [ { slots = \"N E\", ghosts = 3 } ]", id);
    const int id_b = line_of("id = \"14b\"");
    REQUIRE(mist > 0);
    REQUIRE(id_b > 0);
    auto lines = cat;
    lines[size_t(mist - 1)] = "mist  = [ { slots = \"N E\", ghosts = 2 } ]";
    const std::string out = validate_copy("ghosts.toml", lines, {"tile 14", "ghosts: "});
    // The line named lies within the entries of tile 14 (14a's header .. 14b's last key).
    bool line_ok = false;
    const std::string prefix = dir.file("ghosts.toml") + ":";
    for (int l = id - 1; l <= id_b + 5; ++l) line_ok = line_ok || out.find(prefix + std::to_string(l) + ": tile 14") != std::string::npos;
    CHECK_MESSAGE(line_ok, out);
  }
}

TEST_CASE("records: impossible game options are refused with a clear message") {
  struct Bad {
    const char* args;
    std::vector<std::string> want;
  };
  const Bad bad[] = {
      {"play --players 9", {"--players", "9", "1..6"}},  // the flag's range; each game checks its own (1-5, 2-6)
      {"play --players 6", {"--players", "6", "1 to 5"}},
      {"play --ghosts 2", {"ghosts", "start tile", "3", "2"}},
      {"play --level 7", {"--level", "7", "1..6"}},
  };
  for (const Bad& b : bad) {
    const Run r = mists_cmd(b.args);
    INFO("mists " << b.args << ", output:\n" << r.output);
    CHECK(r.status != 0);
    for (const auto& w : b.want) CHECK_MESSAGE(r.output.find(w) != std::string::npos, "expected '" << w << "'");
  }
}

TEST_CASE("records: format 1 records (before finish_ghosts and the area decisions) replay unchanged (R3.2, R3.3, R7.2)") {
  // Played by revision 8494b40 with the expert; each meets area decisions the team now makes, which
  // a format 1 record leaves out: replay takes the first area, as that engine did, and reads the
  // missing finish_ghosts line as other_areas.
  for (const char* name : {"level2-2p-seed11-game7-ghosts40.txt", "level5-2p-seed11-game1-ghosts40.txt",
                           "level6-2p-seed11-game6-ghosts40.txt"}) {
    const std::string path = source_path(std::string("tests/records/format1/") + name);
    const Run r = mists_cmd("replay --show " + quote(path));
    INFO(path << "\n" << r.output);
    CHECK(r.status == 0);
    CHECK(r.output.find("finish_ghosts other_areas") != std::string::npos);
    CHECK(r.output.find("(format 1: first area)") != std::string::npos);
    CHECK(r.output.find("ok: ") != std::string::npos);
  }
  SUBCASE("the same steps read as format 2 stop at the first area decision") {
    const std::string path = source_path("tests/records/format1/level5-2p-seed11-game1-ghosts40.txt");
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.replace(text.find("mists-record/1"), 14, "mists-record/2");
    TempDir dir;
    std::ofstream(dir.file("f2.rec")) << text;
    const Run r = mists_cmd("replay " + quote(dir.file("f2.rec")));
    CHECK(r.status != 0);
    CHECK(r.output.find("decision here") != std::string::npos);
  }
}

TEST_CASE("records: an unfinished game is a record kind that replays and reviews up to where it stops") {
  TempDir dir;
  const std::string full = dir.file("full.rec");
  const Run played = mists_cmd("play --level 3 --players 2 --seed 11 --out " + quote(full));
  REQUIRE_MESSAGE(played.status == 0, played.output);
  const RecordMap rec(read_lines(full));
  REQUIRE(rec.step_lines.size() >= 20);
  // The first half of the steps with a result line that names the position there.
  const size_t keep = rec.step_lines.size() / 2;
  std::vector<std::string> cut(rec.lines.begin(), rec.lines.begin() + rec.step_lines[keep - 1]);
  cut.push_back("result unfinished none score 99999 turns 1");
  const std::string half = dir.file("half.rec");
  write_lines(half, cut);
  const Run wrong = mists_cmd("replay " + quote(half));
  CHECK(wrong.status != 0);
  const std::string said = "the replay ends unfinished none score ";
  const size_t at = wrong.output.find(said);
  REQUIRE_MESSAGE(at != std::string::npos, wrong.output);
  const auto w = words_of(wrong.output.substr(at + said.size()));
  REQUIRE(w.size() >= 3);
  cut.back() = "result unfinished none score " + w[0] + " turns " + w[2];
  write_lines(half, cut);
  const Run ok = mists_cmd("replay " + quote(half));
  CHECK_MESSAGE(ok.status == 0, ok.output);
  CHECK(ok.output.find("result unfinished none") != std::string::npos);
  const Run reviewed = mists_cmd("review " + quote(half) + " --agent mcts:playouts=40 --repeats 4");
  CHECK_MESSAGE(reviewed.status == 0, reviewed.output);
  CHECK(reviewed.output.find("verdicts:") != std::string::npos);

  // An unfinished game has no loss cause; a whole game called unfinished is refused; so are the
  // other words.
  auto with_result = [&](std::vector<std::string> lines, const std::string& result) {
    lines.back() = result;
    return lines;
  };
  expect_replay_failure(dir, "cause.rec", with_result(cut, "result unfinished ghost_supply score 0 turns 0"),
                        {"cause.rec:" + std::to_string(cut.size()) + ": result: an unfinished game has lost nothing yet"});
  expect_replay_failure(dir, "word.rec", with_result(cut, "result paused none score 0 turns 0"), {"'paused' is neither won, lost nor unfinished"});
  std::vector<std::string> whole = rec.lines;
  whole[size_t(rec.result_line - 1)] = "result unfinished none score 0 turns 0";
  expect_replay_failure(dir, "whole.rec", whole, {"whole.rec:" + std::to_string(rec.result_line) + ": result: the record says unfinished", "the replay ends "});
}
