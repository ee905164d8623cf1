// The expansion modules together (docs/versus.md): the property harness over every combination of
// modules with the base game and GCC, 2-6 players and every switch value; perft with the modules
// pinned against the slow generators; GCC's ghosts on the module meeples; records naming the
// modules, their golden games and their damage named by line and field.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "engine/versus/record.h"
#include "shell_helpers.h"
#include "solver/versus_agents.h"
#include "versus_helpers.h"

using namespace mists;
using namespace mists::vs;
using namespace mists::test::versus;

namespace {

struct Combo {
  VsGame game;
  uint8_t modules;
  bool abbot;
};

// The switch settings a combination cycles through, so that every value of every switch of its
// modules is played.
std::vector<std::vector<std::string>> switch_sets(const Combo& c) {
  std::vector<std::vector<std::string>> out(3);
  if (c.modules & VS_ABBEY_MAYOR) {
    out[0].insert(out[0].end(), {"abbey_in_features=no", "abbey_last_round=must_place", "wagon_range=neighbourhood",
                                 "barn_new_tile=yes"});
    out[1].insert(out[1].end(), {"abbey_in_features=yes", "abbey_last_round=lost", "wagon_range=connected",
                                 "barn_new_tile=no"});
    out[2].insert(out[2].end(), {"abbey_in_features=yes", "abbey_last_round=may_place", "wagon_range=neighbourhood",
                                 "barn_new_tile=yes"});
  }
  if (c.modules & VS_TOLLKEEPERS) {
    out[0].push_back("toll_flip=end_of_turn");
    out[1].push_back("toll_flip=owner_turn");
    out[2].push_back("toll_flip=end_of_turn");
  }
  if (c.modules & VS_MAP_CHIPS) {
    out[0].insert(out[0].end(), {"map_starts=Rostock+Stuttgart", "city_closed_side=border", "border_monastery=filled",
                                 "chip_layout=greedy", "upgrades_per_turn=1"});
    out[1].insert(out[1].end(), {"map_starts=Erfurt+Rostock", "city_closed_side=field", "border_monastery=empty",
                                 "upgrades_per_turn=any"});
    out[2].insert(out[2].end(), {"map_starts=Stuttgart+Erfurt", "map_towns=plain", "chip_layout=fixed:4.1/6.1/1.5/10.12"});
  }
  if (c.game == VsGame::Gcc) {
    out[1].push_back("score_floor=each_scoring");
    out[2].push_back("final_ghost_penalty=scoring_only");
  }
  for (auto& s : out)
    if (c.abbot) s.push_back("abbot=on");
  return out;
}

std::string combo_name(const Combo& c) {
  return std::string(game_name(c.game)) + "+" + modules_text(c.modules) + (c.abbot ? "+abbot" : "");
}

}  // namespace

TEST_CASE("expansions property harness: every module combination with base and GCC, 2-6 players, every switch value") {
  const std::vector<Combo> combos = {
      {VsGame::Base, VS_ABBEY_MAYOR, false}, {VsGame::Base, VS_ABBEY_MAYOR, true},   {VsGame::Base, VS_TOLLKEEPERS, false},
      {VsGame::Base, VS_ABBEY_MAYOR | VS_TOLLKEEPERS, true}, {VsGame::Gcc, VS_ABBEY_MAYOR, true},
      {VsGame::Gcc, VS_TOLLKEEPERS, false},  {VsGame::Gcc, VS_ABBEY_MAYOR | VS_TOLLKEEPERS, false},
      {VsGame::Base, VS_MAP_CHIPS, false},   {VsGame::Base, VS_ABBEY_MAYOR | VS_TOLLKEEPERS | VS_MAP_CHIPS, true}};
  // What the random games must meet, or the harness proves little.
  std::map<std::string, int> met;
  uint64_t seed = 500;
  for (const Combo& c : combos) {
    const auto sets = switch_sets(c);
    for (int game = 0; game < 3 * 5; ++game) {  // 3 games for each player count, each with its switch set
      const int players = 2 + game % 5;
      const auto& sw = sets[size_t(game % 3)];
      INFO(combo_name(c) << ", " << players << " players, seed " << seed);
      const VsRules R = game_rules(c.game, c.modules, players, sw);
      const VsState end = random_game(R, seed++, true, [&](const VsState& s, const VsAction* a, int n) {
        if (s.phase == VsPhase::AbbeyChoice && s.last_round) ++met["abbeys' last round"];
        if (s.phase == VsPhase::WagonMove && s.player != s.turn_seat) ++met["a wagon moving in another seat's turn"];
        if (s.phase == VsPhase::WagonMove && n > 1) ++met["a wagon with somewhere to go"];
        for (int i = 0; i < n; ++i) {
          if (a[i].kind() == VsKind::Ghost && a[i].slot() >= VS_MEEPLE_SLOTS) ++met["a ghost offered to a module meeple"];
          if (a[i].kind() == VsKind::Recall) ++met["the abbot's recall offered"];
        }
        const int p = s.player;
        const uint16_t barn = s.piece[size_t(p)].barn;
        if (barn != VS_NO_NODE && s.nodes[find_root(s, barn)].barns > 1) ++met["two barns in one field"];
      });
      CHECK(end.turn + end.discarded + R.setup_tiles == R.tiles_in_play);
      if (R.on_map && end.cities_on) ++met["a large city connected"];
      for (int p = 0; p < players; ++p) {
        const VsSeatStats& st = end.stats[size_t(p)];
        met["abbeys placed"] += st.abbeys;
        met["mayors placed"] += st.mayors;
        met["wagons moved"] += st.wagon_moves;
        met["barn points"] += st.barn_points;
        met["abbot points"] += st.abbot_points;
        met["toll points"] += st.toll_points;
        met["chip points"] += st.chip_points;
        met["upgrades"] += st.upgrades;
        if (R.has(VS_TOLLKEEPERS) && end.piece[size_t(p)].toll_face == 2) ++met["a tollhouse on face 2"];
      }
      double shares = 0;
      for (double w : win_shares(R, end)) shares += w;
      CHECK(shares == doctest::Approx(1.0));
    }
  }
  for (const char* what : {"abbeys' last round", "a wagon moving in another seat's turn", "a wagon with somewhere to go",
                           "a ghost offered to a module meeple", "the abbot's recall offered", "abbeys placed", "mayors placed",
                           "wagons moved", "barn points", "abbot points", "toll points", "a tollhouse on face 2",
                           "chip points", "upgrades", "a large city connected"}) {
    INFO(what);
    CHECK(met[what] > 0);
  }
}

TEST_CASE("G1.11 GD1 with GCC the abbot takes ghosts, and each costs 2 when it is taken back") {
  const VsRules R = game_rules(VsGame::Gcc, VS_ABBEY_MAYOR, 2, {"abbot=on"});
  VsState s = initial_state(R);
  VsAction a[VS_MAX_ACTIONS];
  // Plays a drawn tile at its first placement, and the ghost steps at their first option.
  auto place_first = [&](const std::string& id) {
    apply_draw(R, s, type_id(R, id));
    apply(R, s, a[legal_actions(R, s, a) > 0 ? 0 : 0]);
    while (s.phase == VsPhase::GhostOpponent || s.phase == VsPhase::GhostOwn) {
      legal_actions(R, s, a);
      apply(R, s, a[0]);
    }
    REQUIRE(s.phase == VsPhase::Meeple);
  };
  // Seat 0: a monastery with its abbot (no meeple on the board yet: no ghost step).
  place_first("B");
  act(R, s, "meeple monastery0 abbot");
  place_first("U");  // seat 1
  act(R, s, "meeple none");
  place_first("U");  // seat 0
  // Two ghosts on the abbot, as the ghost steps give them (G3.3, G3.4).
  VsMeeple& abbot = s.meeples[0][VS_SLOT_ABBOT];
  REQUIRE(abbot.node != VS_NO_NODE);
  s.ghosts = uint8_t(s.ghosts + abbot.ghosts - 2);
  abbot.ghosts = 2;
  REQUIRE(check(R, s).empty());
  const VsCell cell = s.tiles[s.nodes[abbot.node].tile].cell;
  int value = 1;  // as at the end: 1 + the tiles around it
  for (int d : VS_RING) value += s.grid[size_t(cell + d)] != 0;
  const int before = s.score[0];
  act(R, s, "abbot back");
  CHECK(s.score[0] == std::max(0, before + value - 2 * 2));
  CHECK(s.stats[0].abbot_points == value);
  CHECK(s.ghosts + s.meeples[1][0].ghosts + s.meeples[1][1].ghosts + s.meeples[1][2].ghosts + s.meeples[1][3].ghosts +
            s.meeples[1][4].ghosts == VS_GHOSTS);  // the abbot's went back to the supply
}

TEST_CASE("expansions perft: six decisions from a mid-game position with the modules, pinned, equal to the slow generators") {
  struct Case {
    uint8_t modules;
    std::vector<std::string> sw;
    long long pinned;
  };
  // Both modules and the abbot on the open board; all three on the map.
  const Case cases[] = {{VS_ABBEY_MAYOR | VS_TOLLKEEPERS, {"abbot=on", "barn_new_tile=no"}, 18551},
                        {VS_ABBEY_MAYOR | VS_TOLLKEEPERS | VS_MAP_CHIPS, {"abbot=on", "city_closed_side=field"}, 176400}};
  for (const Case& c : cases) {
    INFO(modules_text(c.modules));
    const VsRules R = game_rules(VsGame::Base, c.modules, 3, c.sw);
    const VsDeal deal = analysis::make_vs_deal(R, 11, 0);
    // 40 turns of seeded random play that never uses the abbeys, so that holes are open; chips
    // turn up as dealt.
    Rng rng(stream_seed(11, 0, AGENT_STREAM));
    size_t next = 0, chip = 0;
    VsState s = deal_state(R, deal, &next);
    VsAction a[VS_MAX_ACTIONS];
    while (s.turn < 40 || !(s.phase == VsPhase::AbbeyChoice)) {
      REQUIRE(!is_over(s));
      if (s.phase == VsPhase::ChipValue) {
        apply_chip(R, s, deal.chip_values[chip++]);
        continue;
      }
      if (is_chance(s)) {
        apply_draw(R, s, deal.order[next++]);
        continue;
      }
      const int n = legal_actions(R, s, a);
      if (s.phase == VsPhase::AbbeyChoice) {
        apply(R, s, VsAction::abbey_none());
        continue;
      }
      apply(R, s, a[rng.below(uint32_t(n))]);
    }
    const long long fast = perft(R, s, deal.order, next, 6, false);
    const long long slow = perft(R, s, deal.order, next, 6, true);
    CHECK(fast == slow);
    CHECK(fast == c.pinned);  // pinned: any change to move generation moves it
  }
}

TEST_CASE("G6.3 the whole-turn search with every module and the abbot: legal on the map, reproducible, uses the modules' decisions") {
  const VsRules R = game_rules(VsGame::Base, VS_ABBEY_MAYOR | VS_TOLLKEEPERS | VS_MAP_CHIPS, 2, {"abbot=on"});
  const VsDeal deal = analysis::make_vs_deal(R, 5, 0);
  VsMctsConfig cfg;
  cfg.macro = 3;
  cfg.playouts = 20;
  // Seat 0 searches, seat 1 plays at random; the search's decisions that are no "none", by kind.
  auto game = [&](uint64_t seed, std::map<int, int>& kinds) {
    VsMctsAgent search(R, cfg, seed);
    VsRandomAgent rnd(seed + 1);
    return play_game(R, deal, [&](const VsState& s, const VsAction* o, int n) {
      const std::string err = check(R, s);
      REQUIRE_MESSAGE(err.empty(), err);
      if (s.player == 1) return rnd(s, o, n);
      const int pick = search(s, o, n);
      REQUIRE(pick >= 0);
      REQUIRE(pick < n);
      if (!o[pick].none()) ++kinds[int(o[pick].kind())];
      return pick;
    });
  };
  std::map<int, int> a, b;
  const VsSummary x = game(17, a), y = game(17, b);
  CHECK(a == b);
  CHECK(x.score == y.score);
  CHECK(x.score[0] > x.score[1]);
  // The modules' own decisions: an abbey into a hole, the tollhouse, and a wagon move or an upgrade.
  CHECK(a[int(VsKind::Abbey)] >= 1);
  CHECK(a[int(VsKind::Toll)] >= 1);
  CHECK(a[int(VsKind::Wagon)] + a[int(VsKind::Upgrade)] >= 1);
  CHECK(x.stats[0].chip_points > 0);
}

TEST_CASE("records of the modules: written, replayed, the modules and switches named; damage named by line and field") {
  const VsRules R = game_rules(VsGame::Base, VS_ABBEY_MAYOR | VS_TOLLKEEPERS, 3, {"abbot=on", "toll_flip=owner_turn"});
  std::vector<uint8_t> order = pile_in_play(R);
  Rng deal(stream_seed(4, 0, DEAL_STREAM));
  deal.shuffle(order);
  Rng rng(stream_seed(4, 0, AGENT_STREAM));
  std::vector<std::string> steps;
  const VsSummary played = play_logged(R, order, [&](const VsState&, const VsAction*, int n) { return int(rng.below(uint32_t(n))); }, steps);
  VsRecord rec = make_vs_record(R, order, 4, 0, {"random", "random", "random"}, "test");
  for (const auto& st : steps) rec.steps.push_back({st, 0});
  for (int p = 0; p < 3; ++p) rec.result.push_back(played.score[size_t(p)]);
  const std::string text = write_vs_record(rec);
  CHECK(text.find("\nexpansions abbey_mayor,tollkeepers\n") != std::string::npos);
  CHECK(text.find("abbot=on") != std::string::npos);
  CHECK(text.find("toll_flip=owner_turn") != std::string::npos);
  CHECK(text.find("draw TK/") != std::string::npos);
  const VsRecord back = parse_vs_record(text, "m.txt");
  CHECK(write_vs_record(back) == text);
  auto ex = [] {
    VsExpansions e;
    e.abbey = abbey_catalog();
    e.toll = toll_catalog();
    return e;
  };
  const VsRules R2 = vs_record_rules(back, base_catalog(), Catalog{}, ex(), "m.txt");
  const VsReplay r = vs_replay(R2, back, "m.txt");
  for (int p = 0; p < 3; ++p) CHECK(r.final_state.score[size_t(p)] == played.score[size_t(p)]);
  auto line_of = [&](const std::string& key) {
    const size_t at = text.find("\n" + key + " ");
    return int(std::count(text.begin(), text.begin() + long(at) + 1, '\n')) + 1;
  };
  auto replace_line = [&](const std::string& key, const std::string& with) {
    const size_t at = text.find("\n" + key + " ") + 1;
    return text.substr(0, at) + with + text.substr(text.find('\n', at));
  };
  // An unknown module, a module without its catalog, a catalog without its module.
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line("expansions", "expansions abbey_mayor,tolls"), "m.txt"),
                       doctest::Contains(("m.txt:" + std::to_string(line_of("expansions")) + ": expansions: ").c_str()), RecordError);
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line("toll_catalog", "# gone"), "m.txt"),
                       doctest::Contains(": toll_catalog: a record of tollkeepers names its toll_catalog"), RecordError);
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line("expansions", "expansions abbey_mayor"), "m.txt"),
                       doctest::Contains(("m.txt:" + std::to_string(line_of("toll_catalog")) + ": toll_catalog: the record does not play tollkeepers").c_str()),
                       RecordError);
  // A module's catalog that changed; a module switch without the module; a record of modules
  // read without their data.
  VsExpansions other = ex();
  other.toll.checksum = "0000000000000000";
  CHECK_THROWS_WITH_AS(vs_record_rules(back, base_catalog(), Catalog{}, other, "m.txt"),
                       doctest::Contains(("m.txt:" + std::to_string(line_of("toll_catalog_checksum")) + ": toll_catalog_checksum: the record was played with").c_str()),
                       RecordError);
  const VsRecord no_toll = parse_vs_record(
      replace_line("switches", "switches unplaceable=discard abbot=on toll_flip=owner_turn"), "m.txt");
  VsRecord stripped = no_toll;
  stripped.expansions = "abbey_mayor";
  CHECK_THROWS_WITH_AS(vs_record_rules(stripped, base_catalog(), Catalog{}, ex(), "m.txt"),
                       doctest::Contains(": switches: switches: a switch of tollkeepers is set"), RecordError);
  CHECK_THROWS_WITH_AS(vs_record_rules(back, base_catalog(), Catalog{}, "m.txt"),
                       doctest::Contains(": expansions: the record plays abbey_mayor,tollkeepers"), RecordError);
  // A step the modules do not allow.
  const size_t at = text.find("\nabbey ");
  if (at != std::string::npos) {
    const size_t start = at + 1;
    const std::string bad = text.substr(0, start) + "abbey 99 99" + text.substr(text.find('\n', start));
    const int ln = int(std::count(text.begin(), text.begin() + long(start), '\n')) + 1;
    CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(bad, "m.txt"), "m.txt"),
                         doctest::Contains(("m.txt:" + std::to_string(ln) + ": steps: 'abbey 99 99' is not a legal decision").c_str()),
                         RecordError);
  }
}

TEST_CASE("records on a map: the set-up and chips written and replayed; a damaged set-up or chip step named by line") {
  const VsRules R = game_rules(VsGame::Base, VS_MAP_CHIPS, 2, {"upgrades_per_turn=any"});
  const VsDeal deal = analysis::make_vs_deal(R, 9, 0);
  Rng rng(stream_seed(9, 0, AGENT_STREAM));
  std::vector<std::string> steps;
  const VsSummary played =
      play_logged(R, deal, [&](const VsState&, const VsAction*, int n) { return int(rng.below(uint32_t(n))); }, steps);
  VsRecord rec = make_vs_record(R, deal, 9, 0, {"random", "random"}, "test");
  for (const auto& st : steps) rec.steps.push_back({st, 0});
  for (int p = 0; p < 2; ++p) rec.result.push_back(played.score[size_t(p)]);
  const std::string text = write_vs_record(rec);
  CHECK(text.find("\nstart_rotations ") != std::string::npos);
  CHECK(text.find("\nchip_squares ") != std::string::npos);
  CHECK(text.find("\nchip ") != std::string::npos);
  VsExpansions e;
  e.map = germany_map();
  const VsRecord back = parse_vs_record(text, "map.txt");
  CHECK(write_vs_record(back) == text);
  const VsRules R2 = vs_record_rules(back, base_catalog(), Catalog{}, e, "map.txt");
  const VsReplay r = vs_replay(R2, back, "map.txt");
  for (int p = 0; p < 2; ++p) CHECK(r.final_state.score[size_t(p)] == played.score[size_t(p)]);
  auto line_of = [&](const std::string& prefix) {
    const size_t at = text.find("\n" + prefix);
    return int(std::count(text.begin(), text.begin() + long(at) + 1, '\n')) + 1;
  };
  auto replace_line = [&](const std::string& prefix, const std::string& with) {
    const size_t at = text.find("\n" + prefix) + 1;
    return text.substr(0, at) + with + text.substr(text.find('\n', at));
  };
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line("start_rotations", "start_rotations 1 5"), "map.txt"),
                       doctest::Contains(("map.txt:" + std::to_string(line_of("start_rotations")) + ": start_rotations: ").c_str()),
                       RecordError);
  CHECK_THROWS_WITH_AS(parse_vs_record(replace_line("start_rotations", "# gone"), "map.txt"),
                       doctest::Contains(": start_rotations: a record on a map names its start_rotations"), RecordError);
  CHECK_THROWS_WITH_AS(vs_replay(R2, parse_vs_record(replace_line("chip_squares", "chip_squares 3.x"), "map.txt"), "map.txt"),
                       doctest::Contains(("map.txt:" + std::to_string(line_of("chip_squares")) + ": chip_squares: ").c_str()),
                       RecordError);
  const std::string chip_line = text.substr(text.find("\nchip ") + 1, 6);
  const std::string other = chip_line == "chip 1" ? "chip 2" : "chip 1";
  const std::string bad = replace_line(chip_line, other);
  try {
    vs_replay(R2, parse_vs_record(bad, "map.txt"), "map.txt");
    FAIL("a changed chip value replayed");
  } catch (const RecordError& err) {
    CHECK(std::string(err.what()).find("map.txt:") == 0);  // a later step or the result no longer agrees
  }
}

TEST_CASE("golden games of the modules: records kept in the repository replay to their results") {
  // Each module on: Abbey & Mayor with the abbot (base, 2 players), The Tollkeepers (base, 3), both
  // with GCC (4 players), the map (3 players); expert against greedy. Any change to the rules, the options' text or their
  // order breaks them.
  for (const char* name : {"base-am-abbot-2p-seed5-deal0.txt", "base-tk-3p-seed5-deal0.txt", "gcc-am-tk-4p-seed5-deal0.txt",
                           "base-map-3p-seed5-deal0.txt"}) {
    INFO(name);
    const std::string path = test::source_path(std::string("tests/records/") + name);
    const VsRecord rec = parse_vs_record(read_file(path), path);
    VsExpansions e;
    if (!rec.abbey_catalog.empty()) e.abbey = abbey_catalog();
    if (!rec.toll_catalog.empty()) e.toll = toll_catalog();
    if (!rec.map.empty()) e.map = germany_map();
    const VsRules R = vs_record_rules(rec, base_catalog(), rec.game == "gcc" ? mists_catalog() : Catalog{}, e, path);
    CHECK(R.modules != 0);
    const VsReplay r = vs_replay(R, rec, path);
    CHECK(is_over(r.final_state));
    CHECK(r.summary.turns + r.summary.discarded + R.setup_tiles == R.tiles_in_play);
  }
}

TEST_CASE("mists versus and play with --expansions: tournaments name the modules, the report counts their pieces, replay reads them") {
  namespace sh = mists::test::sh;
  namespace fs = std::filesystem;
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-expansions");
  fs::remove_all(dir);
  const auto made = sh::mists_cmd("versus --game base --expansions tollkeepers,abbey_mayor --switch abbot=on --agents greedy,random "
                                  "--games 2 --records --quiet --out " + dir.string());
  REQUIRE(made.status == 0);
  CHECK(made.output.find("with abbey_mayor,tollkeepers") != std::string::npos);
  CHECK(made.output.find("## The modules' pieces, by agent") != std::string::npos);
  const std::string json = read_file((dir / "tournament.json").string());
  CHECK(json.find("\"expansions\": \"abbey_mayor,tollkeepers\"") != std::string::npos);
  CHECK(json.find("toll_catalog_checksum") != std::string::npos);
  const auto rep = sh::mists_cmd("replay " + (dir / "records" / "pair0-g0.txt").string());
  CHECK(rep.status == 0);
  CHECK(rep.output.find("tollhouse") != std::string::npos);
  // A resume with the modules reads its chunks back.
  fs::remove(dir / "report.md");
  const auto again = sh::mists_cmd("versus --resume " + dir.string() + " --quiet");
  CHECK(again.status == 0);
  // Refusals: an unknown module, a module's catalog without the module, a module switch without it.
  const auto unknown = sh::mists_cmd("versus --game base --expansions abbots --agents greedy,random --games 2");
  CHECK(unknown.status == 2);
  CHECK(unknown.output.find("'abbots' is not an expansion module") != std::string::npos);
  const auto lonely = sh::mists_cmd("versus --game base --toll-catalog x.toml --agents greedy,random --games 2");
  CHECK(lonely.status == 2);
  CHECK(lonely.output.find("--toll-catalog needs --expansions tollkeepers") != std::string::npos);
  const auto sw = sh::mists_cmd("versus --game base --switch wagon_range=connected --agents greedy,random --games 2");
  CHECK(sw.status == 2);
  CHECK(sw.output.find("a switch of abbey_mayor is set") != std::string::npos);
  // --map plays Map-Chips Germany; with GCC it is refused.
  const auto onmap = sh::mists_cmd("versus --game base --map configs/tiles/map-germany-reconstructed.toml --agents greedy,random "
                                   "--games 2 --quiet --out " + (dir / "m").string());
  CHECK(onmap.status == 0);
  CHECK(onmap.output.find("with map_chips") != std::string::npos);
  const auto gccmap = sh::mists_cmd("versus --game gcc --map configs/tiles/map-germany-reconstructed.toml --agents greedy,random --games 2");
  CHECK(gccmap.status == 2);
  CHECK(gccmap.output.find("map_chips plays the base game only") != std::string::npos);
  const auto bench = sh::mists_cmd("bench --game base --expansions abbey_mayor,tollkeepers --map configs/tiles/map-germany-reconstructed.toml "
                                   "--switch abbot=on --games 20 --base-players 3");
  CHECK(bench.status == 0);
  CHECK(bench.output.find("Bench (base+abbey_mayor,tollkeepers,map_chips+abbot): ") != std::string::npos);
  CHECK(bench.output.find("chip points") != std::string::npos);
  // mists play: one game with the modules, its record replays.
  const auto play = sh::mists_cmd("play --game gcc --expansions abbey_mayor --switch abbot=on --players 3 --agents expert "
                                  "--seed 2 --out " + (dir / "p.txt").string());
  CHECK(play.status == 0);
  CHECK(read_file((dir / "p.txt").string()).find("abbey_catalog configs/tiles/abbey-mayor.toml") != std::string::npos);
  CHECK(sh::mists_cmd("replay " + (dir / "p.txt").string()).status == 0);
  fs::remove_all(dir);
}

TEST_CASE("mists play and bench: --abbey-catalog and --toll-catalog are one flag for the co-op levers and the modules") {
  // Both the co-op game flags (the levers' catalogs) and the modules' flags name them: the commands
  // must start (a second add_option of the same name aborted every mists command) and each game
  // reads the flag.
  namespace sh = mists::test::sh;
  const auto coop = sh::mists_cmd("play --level 3 --players 1 --levers coop_tolls=per_colour "
                                  "--toll-catalog configs/tiles/tollkeepers-reconstructed.toml");
  CHECK(coop.status == 0);
  CHECK(coop.output.find("toll_catalog configs/tiles/tollkeepers-reconstructed.toml") != std::string::npos);
  const auto versus = sh::mists_cmd("play --game base --expansions tollkeepers --toll-catalog configs/tiles/tollkeepers-reconstructed.toml "
                                    "--players 2 --agents greedy");
  CHECK(versus.status == 0);
  CHECK(versus.output.find("toll_catalog configs/tiles/tollkeepers-reconstructed.toml") != std::string::npos);
  const auto missing = sh::mists_cmd("play --game base --toll-catalog nowhere.toml --players 2 --agents greedy");
  CHECK(missing.status == 2);
  CHECK(missing.output.find("--toll-catalog needs --expansions tollkeepers") != std::string::npos);
  const auto bench = sh::mists_cmd("bench --game base --expansions abbey_mayor --abbey-catalog configs/tiles/abbey-mayor.toml --games 20");
  CHECK(bench.status == 0);
  CHECK(bench.output.find("Bench (base+abbey_mayor): ") != std::string::npos);
}
