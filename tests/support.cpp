#include "support.h"

#include <algorithm>

namespace mists::test {

std::string source_path(const std::string& rel) { return std::string(MISTS_SOURCE_DIR) + "/" + rel; }

Rules mists_rules(int level, int players, Switches sw, void (*tweak)(Level&)) {
  return mists_rules_levers(level, players, Levers{}, sw, tweak);
}

Rules mists_rules_levers(int level, int players, const Levers& levers, Switches sw, void (*tweak)(Level&)) {
  Catalog cat = load_catalog(source_path("configs/tiles/mists-reconstructed.toml"));
  Level lv = load_level(source_path("configs/levels/level" + std::to_string(level) + ".toml"));
  if (tweak) tweak(lv);
  GameParams p;
  p.players = players;
  p.switches = sw;
  p.levers = levers;
  LeverCatalogs cats;
  if (levers.abbeys != PiecePool::Off) cats.abbeys = load_catalog(source_path("configs/tiles/abbey-mayor.toml"));
  if (levers.tiles_of_tolls()) cats.tolls = load_catalog(source_path("configs/tiles/tollkeepers-reconstructed.toml"));
  return build_rules(std::move(cat), std::move(lv), p, std::move(cats));
}

Rules inline_rules(const std::string& catalog_toml, const std::string& level_toml, int players, Switches sw) {
  Catalog cat = parse_catalog(catalog_toml, "test-catalog.toml");
  const auto issues = validate(cat);
  REQUIRE_MESSAGE(issues.empty(), format_issues(cat, issues));
  GameParams p;
  p.players = players;
  p.switches = sw;
  return build_rules(std::move(cat), parse_level(level_toml, "test-level.toml"), p);
}

int type_of(const Rules& R, const std::string& id) {
  for (int t = 0; t < R.n_land_types; ++t)
    if (R.types[t].id == id) return t;
  FAIL("no tile " << id);
  return -1;
}

void put(const Rules& R, State& s, const std::string& id, int x, int y, int rot) {
  if (s.phase == Phase::Abbey) act(R, s, "abbey none");  // CA2: the team draws rather than place an abbey
  REQUIRE_MESSAGE(s.phase == Phase::Draw, "expected a draw, phase is " << phase_name(s.phase));
  const int t = type_of(R, id);
  REQUIRE_MESSAGE(s.unseen[t] > 0, "tile " << id << " is not unseen any more");
  apply_draw(R, s, t);
  REQUIRE_MESSAGE(s.phase == Phase::Place, "tile " << id << " fits nowhere");
  act(R, s, "place " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(rot));
}

void act(const Rules& R, State& s, const std::string& text) {
  Action a;
  if (!parse_action(R, s, text, a)) {
    std::string legal;
    for (const auto& o : options(R, s)) legal += "\n  " + o;
    FAIL("'" << text << "' is not legal in phase " << phase_name(s.phase) << "; legal:" << legal);
  }
  apply(R, s, a);
  const std::string err = check(R, s);
  REQUIRE_MESSAGE(err.empty(), err);
}

std::vector<std::string> options(const Rules& R, const State& s) {
  std::vector<Action> buf(MAX_ACTIONS);
  const int n = legal_actions(R, s, buf.data());
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(action_text(R, s, buf[size_t(i)]));
  return out;
}

void finish_turn(const Rules& R, State& s) {
  while (!turn_start(s) && s.phase != Phase::Over) {
    const auto o = options(R, s);
    REQUIRE(!o.empty());
    std::string pick = o[0];
    if (s.phase == Phase::Meeple) pick = "meeple none";
    act(R, s, pick);
  }
}

int tile_at(const State& s, int x, int y) { return s.cell[make_cell(START_X + x, START_Y + y)] - 1; }

int ghosts_at(const State& s, int x, int y) {
  const int t = tile_at(s, x, y);
  return t < 0 ? 0 : s.tiles[t].ghosts;
}

}  // namespace mists::test
