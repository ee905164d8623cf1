// Perft for the rules (STYLE.md point 9): the engine's placement generator against the slow
// reference of tests/reference.h on many random positions of every level, then decision counts
// to a fixed depth from fixed seeds, pinned below.
#include <algorithm>
#include <map>
#include <set>

#include "engine/config/load.h"
#include "reference.h"
#include "solver/agents.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

std::set<reference::Placement> engine_placements(const Rules& R, const State& s) {
  std::vector<Action> buf(MAX_ACTIONS);
  const int n = legal_actions(R, s, buf.data());
  std::set<reference::Placement> out;
  for (int i = 0; i < n; ++i) {
    const Action a = buf[size_t(i)];
    REQUIRE(a.kind() == ActionKind::Place);
    const int cell = int(a.a());
    out.insert({cell % BOARD_W, cell / BOARD_W, int(a.b())});
  }
  REQUIRE_MESSAGE(out.size() == size_t(n), "duplicate Place options");
  return out;
}

std::string show(const std::set<reference::Placement>& only) {
  std::string s;
  for (const auto& p : only)
    s += " (" + std::to_string(p.x - START_X) + "," + std::to_string(p.y - START_Y) + " r" + std::to_string(p.rot) + ")";
  return s;
}

// Compares the two generators at a Place decision; returns the number of placements.
size_t compare_place(const Rules& R, const State& s, const std::string& where) {
  const auto want = reference::placements(R, s, s.drawn);
  const auto got = engine_placements(R, s);
  if (want != got) {
    std::set<reference::Placement> missing, extra;
    std::set_difference(want.begin(), want.end(), got.begin(), got.end(), std::inserter(missing, missing.end()));
    std::set_difference(got.begin(), got.end(), want.begin(), want.end(), std::inserter(extra, extra.end()));
    FAIL_CHECK(where << ": tile " << R.types[s.drawn].id << ": engine misses" << show(missing) << "; engine adds"
                     << show(extra));
  }
  return want.size();
}

// Level l with a large ghost total, so that random games last and boards grow (and on levels 5-6
// collect face-down tiles).
void many_ghosts(Level& lv) { lv.ghosts = 80; }

}  // namespace

TEST_CASE("reference: the rotations that give distinct tiles equal the engine's rot_ok") {
  for (const char* file : {"configs/tiles/mists-reconstructed.toml", "configs/tiles/base-c3.toml"}) {
    GameParams p;
    p.players = 2;
    Catalog cat = load_catalog(source_path(file));
    Level lv = load_level(source_path("configs/levels/level2.toml"));
    // The base set holds more tiles than a game may: leave the most-copied designs out of play
    // (build_rules still compiles every design, rot_ok included).
    int in_play = cat.tile_count();
    std::vector<const TileSpec*> by_copies;
    for (const auto& t : cat.tiles) by_copies.push_back(&t);
    std::stable_sort(by_copies.begin(), by_copies.end(), [](auto* a, auto* b) { return a->copies > b->copies; });
    for (const TileSpec* t : by_copies)
      if (in_play > 56) lv.remove_ids.push_back(t->id), in_play -= t->copies;
    const Rules R = build_rules(std::move(cat), std::move(lv), p);
    int symmetric = 0;
    for (const TileType& tt : R.types) {
      const auto ok = reference::distinct_rotations(*tt.spec);
      for (int r = 0; r < 4; ++r) CHECK_MESSAGE(ok[size_t(r)] == tt.rot_ok[size_t(r)], file << " tile " << tt.id << " rotation " << r);
      symmetric += !ok[1] || !ok[2] || !ok[3];
    }
    // Both catalogs hold tiles that look the same after a turn (else this test proves little).
    CHECK(symmetric > 0);
  }
}

TEST_CASE("reference: legal placements equal the engine's on random positions of every level") {
  constexpr int GAMES = 6;  // per level, player count and ghost budget
  long places = 0, placements = 0, draws_checked = 0, with_face_down = 0, discards = 0;
  for (int level = 1; level <= 6; ++level)
    for (int players : {1, 2, 4})
      for (bool long_game : {false, true}) {
        const Rules R = mists_rules(level, players, {}, long_game ? many_ghosts : nullptr);
        for (int g = 0; g < GAMES; ++g) {
          const uint64_t seed = 77 + uint64_t(level) * 1000 + uint64_t(players) * 10 + (long_game ? 1 : 0);
          Dealer dealer(R, seeded_deal(R, seed, uint64_t(g)));
          RandomAgent agent(stream_seed(seed, uint64_t(g), AGENT_STREAM));
          std::vector<Action> buf(MAX_ACTIONS);
          State s = initial_state(R);
          while (!is_over(s)) {
            const std::string where = "level " + std::to_string(level) + " players " + std::to_string(players) +
                                      " seed " + std::to_string(seed) + " game " + std::to_string(g) + " turn " +
                                      std::to_string(s.turn);
            if (is_chance(s)) {
              // R2.2: every unseen design can be placed somewhere exactly when the reference finds a place.
              for (int t = 0; t < R.n_land_types; ++t) {
                if (!s.unseen[size_t(t)]) continue;
                ++draws_checked;
                CHECK_MESSAGE(can_place(R, s, t) == !reference::placements(R, s, t).empty(), where << " tile " << R.types[size_t(t)].id);
              }
              const uint8_t before = s.discarded;
              dealer.draw(s);
              discards += s.discarded != before;
              continue;
            }
            if (s.phase == Phase::Place) {
              ++places;
              with_face_down += s.face_down > 0;
              placements += long(compare_place(R, s, where));
            }
            const int n = legal_actions(R, s, buf.data());
            const int pick = n > 1 ? agent(s, buf.data(), n) : 0;
            if (buf[size_t(pick)].kind() == ActionKind::Haunt) dealer.take_face_down(s);
            apply(R, s, buf[size_t(pick)]);
          }
        }
      }
  MESSAGE(places << " Place decisions compared (" << with_face_down << " with face-down tiles on the board), "
                 << placements << " placements; " << draws_checked << " can_place checks, " << discards << " discards");
  CHECK(places > 1000);
  CHECK(with_face_down > 50);
}

// ---- Perft ------------------------------------------------------------------------------------------

namespace {

struct PerftCount {
  uint64_t leaves = 0;     // decision sequences of the full depth (or ending the game sooner)
  uint64_t decisions = 0;  // decision points inside the tree (forced ones included)
  uint64_t options = 0;    // sum over those decision points of the option count
  friend bool operator==(const PerftCount&, const PerftCount&) = default;
};

// Counts decision sequences `depth` decisions deep from `s`. Chance steps are not plies: they
// follow the seeded deal (Dealer). With `use_reference`, Place decisions take their options from
// reference::placements (the other phases have no separate reference and use legal_actions).
void perft(const Rules& R, State s, Dealer dealer, int depth, bool use_reference, PerftCount& c) {
  while (is_chance(s)) dealer.draw(s);
  if (depth == 0 || is_over(s)) {
    ++c.leaves;
    return;
  }
  std::vector<Action> opts;
  if (use_reference && s.phase == Phase::Place) {
    for (const auto& p : reference::placements(R, s, s.drawn))
      opts.push_back(Action::make(ActionKind::Place, uint32_t(p.y * BOARD_W + p.x), uint32_t(p.rot)));
  } else {
    opts.resize(MAX_ACTIONS);
    opts.resize(size_t(legal_actions(R, s, opts.data())));
  }
  ++c.decisions;
  c.options += opts.size();
  for (Action a : opts) {
    State child = s;
    Dealer d = dealer;
    if (a.kind() == ActionKind::Haunt) d.take_face_down(child);
    apply(R, child, a);
    perft(R, child, d, depth - 1, use_reference, c);
  }
}

// A perft position: level, players, deal seed (game 0), and how many turns a random agent (agent
// stream of the same seed) plays before counting; `ghosts` overrides the level's total when > 0.
struct PerftCase {
  int level, players;
  uint64_t seed;
  int turns;
  int ghosts;
  int depth;
  PerftCount pinned;
};

int g_ghosts = 0;
void set_ghosts(Level& lv) {
  if (g_ghosts > 0) lv.ghosts = g_ghosts;
}

// Plays the prefix and returns the position at the first draw of turn `turns` with its dealer.
std::pair<State, Dealer> perft_root(const Rules& R, const PerftCase& pc) {
  const Deal deal = seeded_deal(R, pc.seed, 0);
  Dealer dealer(R, deal);
  RandomAgent agent(stream_seed(pc.seed, 0, AGENT_STREAM));
  std::vector<Action> buf(MAX_ACTIONS);
  State s = initial_state(R, deal);
  while (!(is_chance(s) && s.turn >= pc.turns)) {
    REQUIRE_MESSAGE(!is_over(s), "the prefix game ended at turn " << s.turn);
    if (is_chance(s)) {
      dealer.draw(s);
      continue;
    }
    const int n = legal_actions(R, s, buf.data());
    const int pick = n > 1 ? agent(s, buf.data(), n) : 0;
    if (buf[size_t(pick)].kind() == ActionKind::Haunt) dealer.take_face_down(s);
    apply(R, s, buf[size_t(pick)]);
  }
  return {s, dealer};
}

// The pinned numbers. How they were produced: each row was first computed with use_reference =
// true (Place options from the brute-force reference::placements, every other phase from
// legal_actions) by running this test with the pinned triples set to {0, 0, 0} and copying the
// printed "reference {...}" line of each case here (Release build, engine of commit ce16e7d plus
// the working tree of that day); the test asserts that both the reference path and the engine's
// fast path reproduce them. Depth 5 counts every decision point as a ply, forced ones included;
// draws are not plies and follow the seeded deal (seeded_deal(rules, seed, 0)). The prefix is
// played by RandomAgent(stream_seed(seed, 0, AGENT_STREAM)) up to the first draw of turn `turns`.
// A change of the rules, the catalog, the level files, the shuffle or the random agent changes
// them; re-pin only after checking the reason.
const PerftCase PERFT_CASES[] = {
    // level players seed turns ghosts depth   {leaves, decisions, options}
    {1, 1, 5, 0, 0, 5, {55008, 6129, 61136}},
    {2, 2, 6, 6, 0, 5, {66908, 8193, 75100}},
    {3, 2, 7, 8, 60, 5, {5903, 944, 6846}},
    {4, 3, 8, 8, 60, 5, {56630, 5109, 61738}},
    {5, 1, 9, 10, 60, 5, {118722, 13262, 131983}},
    {6, 4, 10, 10, 60, 5, {9889, 2335, 12223}},
};

}  // namespace

TEST_CASE("perft: decision counts from fixed seeds, reference and engine agree with the pinned numbers") {
  for (const PerftCase& pc : PERFT_CASES) {
    g_ghosts = pc.ghosts;
    const Rules R = mists_rules(pc.level, pc.players, {}, set_ghosts);
    const auto [root, dealer] = perft_root(R, pc);
    PerftCount ref, fast;
    perft(R, root, dealer, pc.depth, true, ref);
    perft(R, root, dealer, pc.depth, false, fast);
    INFO("level " << pc.level << " players " << pc.players << " seed " << pc.seed << " turn " << pc.turns << " depth "
                  << pc.depth);
    if (!(ref == pc.pinned))  // the line to pin, when re-pinning on purpose
      MESSAGE("reference {" << pc.level << ", " << pc.players << ", " << pc.seed << ", " << pc.turns << ", " << pc.ghosts
                            << ", " << pc.depth << ", {" << ref.leaves << ", " << ref.decisions << ", " << ref.options << "}},");
    CHECK(ref.leaves == pc.pinned.leaves);
    CHECK(ref.decisions == pc.pinned.decisions);
    CHECK(ref.options == pc.pinned.options);
    CHECK(fast.leaves == pc.pinned.leaves);
    CHECK(fast.decisions == pc.pinned.decisions);
    CHECK(fast.options == pc.pinned.options);
  }
}

// ---- Perft with the levers (docs/rules.md C) -----------------------------------------------------------

namespace {

struct LeverPerftCase {
  const char* levers;
  PerftCase pc;
};

// Each lever on every level, positions from long random prefixes (60 ghosts, so that games last and
// holes, junctions and chip cells come up), depth 5. Pinned as the table above: first from the
// reference path (Place options by brute force, abbeys matching every side), copied from the
// printed "lever reference" lines (Release build, this commit's engine); both paths must reproduce
// them. The positions hold abbey, chip and upgrade decisions and tollhouse options in their trees.
const LeverPerftCase LEVER_PERFT_CASES[] = {
    // levers                                                        level players seed turns ghosts depth {leaves, decisions, options}
    {"coop_abbeys=per_colour+coop_abbey_monk=on+coop_wagon=on", {1, 1, 21, 14, 60, 5, {196174, 19487, 215660}}},
    {"coop_abbeys=per_colour+coop_abbey_monk=on+coop_wagon=on", {2, 2, 22, 14, 60, 5, {3760, 2162, 5921}}},
    {"coop_abbeys=per_colour+coop_abbey_monk=on+coop_wagon=on", {3, 3, 23, 14, 60, 5, {97256, 14559, 111814}}},
    {"coop_abbeys=team:2+coop_abbey_cost=burn+coop_mayor=on", {4, 4, 24, 14, 60, 5, {3187, 427, 3613}}},
    {"coop_abbeys=team:2+coop_abbey_cost=burn+coop_mayor=on", {5, 1, 25, 12, 60, 5, {42882, 9493, 52374}}},
    {"coop_abbeys=team:2+coop_abbey_cost=burn+coop_mayor=on", {6, 2, 26, 12, 60, 5, {1696, 607, 2302}}},
    {"coop_tolls=per_colour", {1, 2, 31, 12, 60, 5, {18364, 2561, 20924}}},
    {"coop_tolls=per_colour+coop_toll_tiles=add", {2, 1, 32, 12, 60, 5, {1529, 475, 2003}}},
    {"coop_tolls=team:2+coop_toll_basis=misty_tiles", {3, 2, 33, 12, 60, 5, {4763, 2383, 7145}}},
    {"coop_tolls=per_colour+coop_toll_mist=forbidden", {4, 3, 34, 12, 60, 5, {4938, 1487, 6424}}},
    {"coop_tolls=per_colour+coop_toll_tiles=none+coop_toll_basis=misty_tiles", {5, 4, 35, 12, 60, 5, {90697, 33122, 123818}}},
    {"coop_tolls=per_colour", {6, 5, 36, 12, 60, 5, {14582, 2474, 17055}}},
    {"coop_chips=on", {1, 3, 41, 10, 60, 5, {19898, 3366, 23263}}},
    {"coop_chips=on+coop_chip_points=choice", {2, 2, 42, 10, 60, 5, {126620, 13406, 140025}}},
    {"coop_chips=on+coop_upgrade_effect=double_share", {3, 1, 43, 10, 60, 5, {380674, 35396, 416069}}},
    {"coop_chips=on+coop_chip_radius=2", {4, 2, 44, 10, 60, 5, {884, 391, 1274}}},
    {"coop_chips=on+coop_chip_points=choice", {5, 2, 45, 10, 60, 5, {51846, 5549, 57394}}},
    {"coop_chips=on", {6, 1, 46, 10, 60, 5, {9536, 2921, 12456}}},
};

}  // namespace

TEST_CASE("perft with the levers: decision counts from fixed seeds, each lever on every level, reference and engine agree") {
  for (const LeverPerftCase& lc : LEVER_PERFT_CASES) {
    const PerftCase& pc = lc.pc;
    g_ghosts = pc.ghosts;
    const Rules R = mists_rules_levers(pc.level, pc.players, parse_levers(lc.levers, "test"), {}, set_ghosts);
    const auto [root, dealer] = perft_root(R, pc);
    PerftCount ref, fast;
    perft(R, root, dealer, pc.depth, true, ref);
    perft(R, root, dealer, pc.depth, false, fast);
    INFO(lc.levers << ", level " << pc.level << " players " << pc.players << " seed " << pc.seed << " turn " << pc.turns);
    if (!(ref == pc.pinned))
      MESSAGE("lever reference {\"" << std::string(lc.levers) << "\", {" << pc.level << ", " << pc.players << ", " << pc.seed << ", " << pc.turns
                                     << ", " << pc.ghosts << ", " << pc.depth << ", {" << ref.leaves << ", " << ref.decisions << ", "
                                     << ref.options << "}}},");
    CHECK(ref == pc.pinned);
    CHECK(fast == pc.pinned);
  }
}
