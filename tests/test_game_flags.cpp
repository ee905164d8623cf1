// Which game reads each flag of a command that plays more than one (mists play, mists bench,
// mists analyze and mists compare, whose --game base|gcc plays the round robin of mists versus): the
// groups of its --help say it (cli/options.h: COOP_GROUP, VS_GROUP, GCC_GROUP), and the command
// refuses a flag of another game by name, from the same groups (no list kept by hand). Read here
// from the help as a user reads it: every flag of a game's group, given with another game, is
// refused with its game named.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "shell_helpers.h"

namespace {

namespace sh = mists::test::sh;

struct Flag {
  std::string name;   // "--level"
  std::string value;  // a value its check accepts ("" for a switch)
};

// A value the flag's type accepts, from the help's type column: the first of a {set}, the default
// after '=', the low end of a range, or "1".
std::string value_for(const std::string& type) {
  if (type.empty()) return "";
  if (const size_t b = type.find('{'); b != std::string::npos) return type.substr(b + 1, type.find_first_of(",}", b) - b - 1);
  if (const size_t eq = type.find('='); eq != std::string::npos) return type.substr(eq + 1);
  if (const size_t colon = type.find(':'); colon != std::string::npos) return type.substr(colon + 1, type.find("..") - colon - 1);
  return "1";
}

// The flags of `help` (a command's --help) by the heading of their group.
std::map<std::string, std::vector<Flag>> groups_of(const std::string& help) {
  std::map<std::string, std::vector<Flag>> out;
  std::istringstream lines(help);
  std::string heading;
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != ' ' && line.back() == ':') heading = line.substr(0, line.size() - 1);
    if (line.rfind("  -", 0) != 0 || heading == "Examples") continue;
    std::string names = line.substr(2, line.find(' ', 2) - 2);
    const size_t comma = names.rfind(",--");
    if (comma != std::string::npos) names = names.substr(comma + 1);
    if (names.rfind("--", 0) != 0 || names == "--help") continue;
    // The type column: the word after the names when one space (not a run of them) follows.
    std::string type;
    const size_t after = line.find(' ', 2);
    if (after + 1 < line.size() && line[after + 1] != ' ') type = line.substr(after + 1, line.find(' ', after + 1) - after - 1);
    out[heading].push_back({names, value_for(type)});
  }
  return out;
}

std::string given(const Flag& f) {
  if (f.name == "--target") return "--target 0.5";  // a fraction, read as text (no range in the help)
  return f.value.empty() ? f.name : f.name + " " + sh::quote(f.value);
}

}  // namespace

TEST_CASE("game flags: the help reader finds groups, names and values") {
  const auto g = groups_of(
      "Options:\n  -h,--help                   Print\n  --seed UINT:0..18=1   Run seed\n  --show                      Print\n\n"
      "Co-op game (--game coop):\n  --joint-scoring TEXT:{majority,all_colours}\n                              Rule\n"
      "  --level INT:1..6=3          Level\n  --goal INT:1..30000         Goal\n  --ghosts TEXT   Ghosts\n");
  REQUIRE(g.at("Options").size() == 2);
  CHECK(g.at("Options")[0].value == "1");
  CHECK(g.at("Options")[1].value.empty());
  REQUIRE(g.at("Co-op game (--game coop)").size() == 4);
  CHECK(g.at("Co-op game (--game coop)")[0].value == "majority");
  CHECK(g.at("Co-op game (--game coop)")[1].value == "3");
  CHECK(g.at("Co-op game (--game coop)")[2].value == "1");
  CHECK(g.at("Co-op game (--game coop)")[3].value == "1");
}

TEST_CASE("game flags: mists play, bench, analyze and compare refuse every flag of another game's group, naming its game") {
  struct Case {
    const char* command;
    const char* other;  // a game that does not read the group
    const char* group;
    const char* says;
  };
  const Case cases[] = {
      {"play --agents random", "gcc", "Co-op game (--game coop)", "is a co-op flag; mists play --game gcc takes "},
      {"play", "coop", "Competitive games (--game base|gcc)", "is a flag of the competitive games (--game base or gcc); mists play --game coop"},
      {"play --agents random", "base", "Ghosts, Castles & Cemeteries (--game gcc)", "is a flag of GCC alone (--game gcc); mists play --game base"},
      {"bench", "base", "Co-op game (--game coop)", "is a co-op flag; mists bench --game base takes "},
      {"bench", "coop", "Competitive games (--game base|gcc)", "is a flag of the competitive games (--game base or gcc); mists bench --game coop"},
      {"bench", "base", "Ghosts, Castles & Cemeteries (--game gcc)", "is a flag of GCC alone (--game gcc); mists bench --game base"},
      // A refusal comes before anything is played; were one missed, these flags keep the run short.
      {"analyze --agents random,random --games 2 --chunk 2 --threads 1 --quiet", "gcc", "Co-op game (--game coop)",
       "is a co-op flag; mists analyze --game gcc takes "},
      {"analyze --agents random --levels 1 --players 1 --games 1 --threads 1 --quiet", "coop", "Competitive games (--game base|gcc)",
       "is a flag of the competitive games (--game base or gcc); mists analyze --game coop"},
      {"analyze --agents random,random --games 2 --chunk 2 --threads 1 --quiet", "base", "Ghosts, Castles & Cemeteries (--game gcc)",
       "is a flag of GCC alone (--game gcc); mists analyze --game base"},
      {"compare --agents random,random --games 2 --chunk 2 --threads 1 --quiet", "base", "Co-op game (--game coop)",
       "is a co-op flag; mists compare --game base takes "},
      {"compare --agents random,greedy --levels 1 --players 1 --games 1 --threads 1 --quiet", "coop", "Competitive games (--game base|gcc)",
       "is a flag of the competitive games (--game base or gcc); mists compare --game coop"},
  };
  std::map<std::string, std::map<std::string, std::vector<Flag>>> help;
  for (const char* cmd : {"play", "bench", "analyze", "compare"}) help[cmd] = groups_of(sh::mists_cmd(std::string(cmd) + " --help").output);
  // The flags the hand-kept lists held before the groups are in their game's group.
  auto in = [&](const char* cmd, const char* group, const char* name) {
    for (const Flag& f : help[cmd][group])
      if (f.name == name) return true;
    return false;
  };
  for (const char* f : {"--level", "--levers", "--ghosts", "--catalog", "--joint-scoring"}) CHECK(in("play", "Co-op game (--game coop)", f));
  for (const char* f : {"--sweep-games", "--scaling", "--search-games", "--levers", "--ghosts"}) CHECK(in("bench", "Co-op game (--game coop)", f));
  for (const char* f : {"--switch", "--expansions", "--map"}) {
    CHECK(in("play", "Competitive games (--game base|gcc)", f));
    CHECK(in("bench", "Competitive games (--game base|gcc)", f));
  }
  for (const char* f : {"--levels", "--ghost-deltas", "--config", "--bound-games", "--verbose", "--levers"}) CHECK(in("analyze", "Co-op game (--game coop)", f));
  for (const char* f : {"--players", "--agent", "--games", "--chunk", "--precision", "--resume", "--shard", "--records"})
    CHECK(in("analyze", "Options", f));  // read by both, the tournament as mists versus reads them
  CHECK(in("compare", "Competitive games (--game base|gcc)", "--switch"));
  CHECK(in("play", "Options", "--abbey-catalog"));  // the levers and the modules read it alike
  CHECK(in("play", "Options", "--players"));
  int tried = 0;
  for (const Case& c : cases) {
    const std::string cmd = std::string(c.command).substr(0, std::string(c.command).find(' '));
    const std::vector<Flag>& flags = help[cmd][c.group];
    CHECK(!flags.empty());
    for (const Flag& f : flags) {
      const auto r = sh::mists_cmd(std::string(c.command) + " --game " + c.other + " " + given(f));
      CAPTURE(f.name);
      CAPTURE(r.output);
      CHECK(r.status == 2);
      CHECK(r.output.find(f.name + " " + c.says) != std::string::npos);
      ++tried;
    }
  }
  CHECK(tried > 80);
}

TEST_CASE("game flags: every command that takes --game reads the same table of games (cli/games.h)") {
  // An unknown game is refused by every command, each naming the same games.
  for (const char* cmd : {"play", "bench", "analyze --quiet", "compare --quiet", "agents --markdown"}) {
    const auto r = sh::mists_cmd(std::string(cmd) + " --game chess");
    CAPTURE(cmd);
    CAPTURE(r.output);
    CHECK(r.status == 2);
    CHECK(r.output.find("chess") != std::string::npos);
    for (const char* g : {"coop", "base", "gcc"}) CHECK(r.output.find(g) != std::string::npos);
  }
  const auto versus = sh::mists_cmd("versus --game coop --games 2");  // versus plays the tournament games only
  CHECK(versus.status == 2);
  CHECK(versus.output.find("coop") != std::string::npos);
  // Each game's row gives its agents' table: the two competitive games share theirs.
  const auto coop = sh::mists_cmd("agents --markdown --game coop"), base = sh::mists_cmd("agents --markdown --game base"),
             gcc = sh::mists_cmd("agents --markdown --game gcc");
  REQUIRE(coop.status == 0);
  REQUIRE(base.status == 0);
  REQUIRE(gcc.status == 0);
  CHECK(base.output == gcc.output);
  CHECK(base.output != coop.output);
  // A record goes to its game's row, whichever game the command line names elsewhere: a GCC game
  // played, then replayed and reviewed by the row its text picks.
  const sh::TempDir tmp;
  const std::filesystem::path& dir = tmp.path;
  const std::string rec = (dir / "gcc.txt").string();
  const auto played = sh::mists_cmd("play --game gcc --players 2 --agents random --seed 3 --out " + sh::quote(rec));
  REQUIRE(played.status == 0);
  const auto replayed = sh::mists_cmd("replay " + sh::quote(rec));
  CHECK(replayed.status == 0);
  CHECK(replayed.output.find("final scores") != std::string::npos);
  const auto refused = sh::mists_cmd("replay " + sh::quote(rec) + " --catalog configs/tiles/mists-reconstructed.toml");
  CHECK(refused.status == 2);
  CHECK(refused.output.find("a competitive record names two catalogs") != std::string::npos);
  // And a co-op one to the co-op row, which refuses the competitive review's --seat by name.
  const std::string coop_rec = (dir / "coop.txt").string();
  REQUIRE(sh::mists_cmd("play --level 1 --players 1 --agent random --out " + sh::quote(coop_rec)).status == 0);
  const auto seat = sh::mists_cmd("review " + sh::quote(coop_rec) + " --seat 1");
  CHECK(seat.status == 2);
  CHECK(seat.output.find("--seat is for competitive records") != std::string::npos);
}
