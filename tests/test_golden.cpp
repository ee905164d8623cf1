// Golden files (STYLE.md point 11): whole games printed from fixed seeds and diffed with
// tests/golden/*.txt. Any change of behaviour shows up as a diff of the printed game.
// To regenerate on purpose:  MISTS_REGEN_GOLDEN=1 build/tests/mists_tests -tc='golden*'
// then read the diff before committing it.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "solver/agents.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

struct GoldenCase {
  const char* file;  // under tests/golden/
  int level, players;
  uint64_t seed;     // run seed; game 0; deal and agent streams as `mists play --seed` uses them
  int ghosts;        // > 0: overrides the level's ghost total (named in the file name)
};

// Random play loses the configured levels within a few turns on ghosts (R3.5), so both games run
// with 30 ghosts instead of 15 / 13: level 3, 2 players, seed 7 then plays the whole first pile
// (20 turns) and loses on its target (R6.4); level 5, 1 player, seed 3 plays 11 tiles face up and
// puts 9 face down (R7.3) before pile 1 runs out.
const GoldenCase CASES[] = {
    {"level3-2p-seed7-ghosts30.txt", 3, 2, 7, 30},
    {"level5-1p-seed3-ghosts30.txt", 5, 1, 3, 30},
};

int g_ghosts = 0;
void set_ghosts(Level& lv) {
  if (g_ghosts > 0) lv.ghosts = g_ghosts;
}

// The printed game: the full record (revision fixed to "golden", the catalog named as the CLI
// names it) followed by the final board and status.
// `tiles_used` receives the tiles placed face up or face down.
std::string golden_text(const GoldenCase& gc, int& tiles_used) {
  g_ghosts = gc.ghosts;
  const Rules R = mists_rules(gc.level, gc.players, {}, set_ghosts);
  const Deal deal = seeded_deal(R, gc.seed, 0);
  std::vector<std::string> steps;
  const GameSummary g = play_game(R, deal, RandomAgent(stream_seed(gc.seed, 0, AGENT_STREAM)), &steps);
  GameRecord rec = make_record(R, deal, gc.seed, 0, "random", "golden");
  rec.catalog_path = "configs/tiles/mists-reconstructed.toml";  // not the absolute path of this checkout
  finish_record(rec, steps, g);
  const ReplayResult r = replay(R, rec, gc.file);
  tiles_used = g.turns + g.face_down;
  std::ostringstream os;
  os << write_record(rec) << render_board(R, r.final_state) << render_status(R, r.final_state) << '\n';
  return os.str();
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream os;
  os << f.rdbuf();
  return os.str();
}

}  // namespace

TEST_CASE("golden: printed games from fixed seeds equal tests/golden") {
  const char* regen = std::getenv("MISTS_REGEN_GOLDEN");
  const bool rewrite = regen && std::string(regen) == "1";
  for (const GoldenCase& gc : CASES) {
    const std::string path = source_path(std::string("tests/golden/") + gc.file);
    int tiles_used = 0;
    const std::string text = golden_text(gc, tiles_used);
    // A golden game worth its keep lasts a while (not a six-turn loss).
    CHECK_MESSAGE(tiles_used >= 20, std::string(gc.file) << " is a short game");
    if (rewrite) {
      std::ofstream(path, std::ios::binary) << text;
      MESSAGE("rewrote " << path);
      continue;
    }
    const std::string want = slurp(path);
    REQUIRE_MESSAGE(!want.empty(), path << " is missing; generate it with MISTS_REGEN_GOLDEN=1");
    if (want != text) {
      // Name the first differing line so the failure reads like a diff.
      std::istringstream a(want), b(text);
      std::string la, lb;
      int line = 0;
      while (true) {
        ++line;
        const bool ga = bool(std::getline(a, la)), gb = bool(std::getline(b, lb));
        if (!ga && !gb) break;
        if (!ga || !gb || la != lb) {
          FAIL_CHECK(path << ":" << line << ": golden '" << (ga ? la : "<end>") << "', now '" << (gb ? lb : "<end>") << "'");
          break;
        }
      }
    }
    CHECK(want == text);
  }
}
