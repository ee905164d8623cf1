// The competitive game: rules tables, turn sequence, scoring (G1-G5 of docs/versus.md).
#include "engine/versus.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace mists::vs {

std::string_view game_name(VsGame g) {
  switch (g) {
    case VsGame::Base: return "base";
    case VsGame::Gcc: return "gcc";
  }
  return "?";
}

std::string_view switch_value(ScoreFloor v) { return v == ScoreFloor::TurnNet ? "turn_net" : "each_scoring"; }
std::string_view switch_value(FinalGhostPenalty v) {
  return v == FinalGhostPenalty::AllButKeepers ? "all_but_keepers" : "scoring_only";
}
std::string_view switch_value(MistyRoadMeeple v) { return v == MistyRoadMeeple::Allowed ? "allowed" : "forbidden"; }

void set_switch(VsSwitches& sw, const std::string& name, const std::string& value) {
  auto bad = [&](const char* values) {
    return ConfigError(name + ": '" + value + "' is not a value of this switch; it takes " + values);
  };
  if (name == "unplaceable") {
    if (value == "discard") sw.unplaceable = Unplaceable::Discard;
    else if (value == "lose") sw.unplaceable = Unplaceable::Lose;
    else throw bad("discard or lose");
  } else if (name == "abbot") {
    if (value == "off") sw.abbot = false;
    else if (value == "on") sw.abbot = true;
    else throw bad("off or on");
  } else if (name == "score_floor") {
    if (value == "turn_net") sw.score_floor = ScoreFloor::TurnNet;
    else if (value == "each_scoring") sw.score_floor = ScoreFloor::EachScoring;
    else throw bad("turn_net or each_scoring");
  } else if (name == "final_ghost_penalty") {
    if (value == "all_but_keepers") sw.final_ghost_penalty = FinalGhostPenalty::AllButKeepers;
    else if (value == "scoring_only") sw.final_ghost_penalty = FinalGhostPenalty::ScoringOnly;
    else throw bad("all_but_keepers or scoring_only");
  } else if (name == "misty_road_meeple") {
    if (value == "allowed") sw.misty_road_meeple = MistyRoadMeeple::Allowed;
    else if (value == "forbidden") sw.misty_road_meeple = MistyRoadMeeple::Forbidden;
    else throw bad("allowed or forbidden");
  } else {
    throw ConfigError(name + ": no such switch of the competitive game (unplaceable, abbot, score_floor, "
                             "final_ghost_penalty, misty_road_meeple)");
  }
}

std::string describe(const VsSwitches& sw) {
  std::string s = "unplaceable=" + std::string(switch_value(sw.unplaceable));
  s += std::string(" abbot=") + (sw.abbot ? "on" : "off");
  s += " score_floor=" + std::string(switch_value(sw.score_floor));
  s += " final_ghost_penalty=" + std::string(switch_value(sw.final_ghost_penalty));
  s += " misty_road_meeple=" + std::string(switch_value(sw.misty_road_meeple));
  return s;
}

namespace {

std::string where(const TileSpec& t, const Catalog& c) {
  return c.path + ":" + std::to_string(t.line) + ": tile " + t.id;
}

// `gcc`: the tile may show mist, castles and cemeteries (G3, G4); the base game refuses them.
VsType compile_type(const TileSpec& spec, const Catalog& catalog, bool gcc) {
  VsType tt;
  tt.id = spec.id;
  tt.spec = &spec;
  tt.copies = spec.start ? 0 : spec.copies;
  if (int(spec.regions.size()) > VS_MAX_REGIONS)
    throw ConfigError(where(spec, catalog) + ": regions: " + std::to_string(spec.regions.size()) +
                      " regions, the competitive engine holds " + std::to_string(VS_MAX_REGIONS) + " a tile");
  uint16_t misty = 0;
  for (int s = 0; s < SLOT_NB; ++s)
    if (spec.edges[s] == 'f' || spec.edges[s] == 'r') {
      if (!gcc)
        throw ConfigError(catalog.path + ":" + std::to_string(spec.edges_line ? spec.edges_line : spec.line) + ": tile " +
                          spec.id + ": edges: slot " + slot_name(s) +
                          " is misty; the base game (--game base) plays clear tiles only");
      misty = uint16_t(misty | 1u << s);
    }
  std::vector<int> city_index;  // position among the city regions -> region index
  for (size_t i = 0; i < spec.regions.size(); ++i)
    if (spec.regions[i].kind == RegionKind::City) city_index.push_back(int(i));
  tt.n_regions = int(spec.regions.size());
  tt.misty = spec.misty();
  for (size_t i = 0; i < spec.regions.size(); ++i) {
    const RegionSpec& r = spec.regions[i];
    VsRegion& g = tt.regions[i];
    g.kind = r.kind;
    g.arms = uint8_t(r.arms);
    for (int side = 0; side < SIDE_NB; ++side) g.open = int8_t(g.open + ((r.slots & side_mask(side)) != 0));
    switch (r.kind) {
      case RegionKind::City: case RegionKind::Field: break;
      case RegionKind::Road: tt.misty_road[i] = (r.slots & misty) != 0; break;
      case RegionKind::Monastery: tt.monastery = int8_t(i); break;
      case RegionKind::Mist: case RegionKind::Castle: case RegionKind::Cemetery:
        if (!gcc)
          throw ConfigError(catalog.path + ":" + std::to_string(r.line) + ": tile " + spec.id + ": " +
                            std::string(kind_name(r.kind)) + ": the base game (--game base) has no " +
                            std::string(kind_name(r.kind)) + " regions");
        if (r.kind == RegionKind::Castle) tt.castle = int8_t(i);
        if (r.kind == RegionKind::Cemetery) tt.cemetery = int8_t(i);
        break;
      default:
        throw ConfigError(catalog.path + ":" + std::to_string(r.line) + ": tile " + spec.id + ": " +
                          std::string(kind_name(r.kind)) + ": the competitive game has no such regions");
    }
    if (r.kind == RegionKind::Field) {
      if (r.cities.size() > g.cities.size())
        throw ConfigError(where(spec, catalog) + ": field.cities: more than 4 cities next to one field");
      for (int c : r.cities) {
        if (c < 0 || c >= int(city_index.size()))
          throw ConfigError(where(spec, catalog) + ": field.cities: city index " + std::to_string(c) + " names no city");
        g.cities[g.n_cities++] = uint8_t(city_index[size_t(c)]);
      }
    }
  }
  for (int rot = 0; rot < 4; ++rot) {
    VsOrientation& o = tt.rot[rot];
    o.region.fill(0xFF);
    o.misty = rotate_mask(misty, rot);
    for (int side = 0; side < SIDE_NB; ++side)
      o.sides |= uint8_t(uint8_t(side_terrain(spec, (side - rot + 4) & 3)) << (2 * side));
    // City, road and field regions own their slots; a mist region owns only the misty field
    // slots, which belong to no field (G4.6). A misty road slot stays its road's.
    for (int pass = 0; pass < 2; ++pass)
      for (int i = 0; i < tt.n_regions; ++i) {
        if ((spec.regions[size_t(i)].kind == RegionKind::Mist) != (pass == 1)) continue;
        const SlotMask m = rotate_mask(spec.regions[size_t(i)].slots, rot);
        for (int s = 0; s < SLOT_NB; ++s)
          if ((m >> s & 1) && o.region[s] == 0xFF) o.region[s] = uint8_t(i);
      }
    for (int s = 0; s < SLOT_NB; ++s)
      if (o.region[s] == 0xFF)
        throw ConfigError(where(spec, catalog) + ": regions: slot " + slot_name(s) + " belongs to no region");
  }
  // A rotation is redundant when the turned tile is the same as a smaller rotation: the same
  // region under every slot up to a relabelling that keeps each region's attributes, and the same
  // misty slots.
  auto signature = [&](int rot) {
    std::vector<int> label(size_t(tt.n_regions), -1);
    int next = 0;
    std::string sig;
    for (int s = 0; s < SLOT_NB; ++s) {
      const int r = tt.rot[rot].region[s];
      if (label[size_t(r)] < 0) label[size_t(r)] = next++;
      sig += char('a' + label[size_t(r)]);
      sig += (tt.rot[rot].misty >> s & 1) ? '~' : '.';
    }
    for (int i = 0; i < tt.n_regions; ++i)
      if (label[size_t(i)] < 0) label[size_t(i)] = next++;  // centre regions keep file order
    std::vector<std::string> attrs(size_t(tt.n_regions));
    for (int i = 0; i < tt.n_regions; ++i) {
      const VsRegion& g = tt.regions[size_t(i)];
      std::string a = std::to_string(int(g.kind)) + "/" + std::to_string(g.arms) + "/";
      std::vector<int> cs;
      for (int k = 0; k < g.n_cities; ++k) cs.push_back(label[g.cities[size_t(k)]]);
      std::sort(cs.begin(), cs.end());
      for (int c : cs) a += std::to_string(c) + ",";
      attrs[size_t(label[size_t(i)])] = a;
    }
    for (const auto& a : attrs) sig += "|" + a;
    return sig;
  };
  for (int rot = 0; rot < 4; ++rot) {
    tt.rot_ok[rot] = true;
    for (int prev = 0; prev < rot; ++prev)
      if (signature(rot) == signature(prev)) tt.rot_ok[rot] = false;
  }
  return tt;
}

void check_players(int players, const VsSwitches& switches) {
  if (players < 2 || players > VS_MAX_PLAYERS)
    throw ConfigError("players: " + std::to_string(players) + " players; the competitive game takes 2 to " +
                      std::to_string(VS_MAX_PLAYERS) + " (G1.2)");
  if (switches.unplaceable != Unplaceable::Discard)
    throw ConfigError("unplaceable: 'lose' has no meaning in the competitive game; a tile that fits nowhere is "
                      "discarded and another drawn (G1.4)");
}

// Land tiles of `c` into the pile, then (when `start`) its start cells.
void add_types(VsRules& R, const Catalog& c, bool gcc, bool land, bool start) {
  const std::string file = c.path.empty() ? std::string("catalog") : c.path;
  if (land)
    for (const TileSpec& t : c.tiles) {
      for (const VsType& u : R.types)
        if (u.id == t.id)
          throw ConfigError(where(t, c) + ": id: '" + t.id + "' names a design of another catalog of this game too");
      R.types.push_back(compile_type(t, c, gcc));
      R.tiles_in_play += t.copies;
    }
  if (!start) return;
  R.n_land_types = int(R.types.size());
  if (c.start.empty()) throw ConfigError(file + ": start: the catalog has no [[start]] cell");
  for (const TileSpec& t : c.start) {
    if (t.at_x < 0 || t.at_x > 1 || t.at_y < 0 || t.at_y > 1)
      throw ConfigError(file + ":" + std::to_string(t.line) + ": start " + t.id + ": at: offset outside 0..1");
    R.start_types.push_back(int(R.types.size()));
    R.start_at.emplace_back(t.at_x, t.at_y);
    R.types.push_back(compile_type(t, c, gcc));
  }
}

void check_capacity(const VsRules& R, const std::string& file) {
  if (int(R.types.size()) > VS_MAX_TYPES)
    throw ConfigError(file + ": tile: " + std::to_string(R.types.size()) + " tile designs; the competitive engine holds " +
                      std::to_string(VS_MAX_TYPES));
  const int capacity = std::min(VS_W / 2 - 3, VS_MAX_TILES - int(R.start_types.size()));
  if (R.tiles_in_play > capacity)
    throw ConfigError(file + ": tiles: " + std::to_string(R.tiles_in_play) + " tiles in the draw pile; the competitive "
                      "board holds " + std::to_string(capacity));
  if (R.tiles_in_play == 0) throw ConfigError(file + ": tiles: the draw pile is empty");
}

}  // namespace


VsRules build_rules(Catalog catalog, VsGame game, int players, VsSwitches switches) {
  if (game == VsGame::Gcc)
    throw ConfigError("game: gcc plays two catalogs (the base tiles and the GCC tiles); use build_gcc_rules");
  VsRules R;
  R.catalog = std::move(catalog);
  R.game = game;
  R.players = players;
  R.switches = switches;
  check_players(players, switches);
  if (switches.abbot)
    throw ConfigError("abbot: 'on' needs garden regions, which no catalog format of this project defines yet (G1.11)");
  add_types(R, R.catalog, false, true, true);
  check_capacity(R, R.catalog.path.empty() ? std::string("catalog") : R.catalog.path);
  return R;
}

VsRules build_gcc_rules(Catalog base, Catalog gcc, int players, VsSwitches switches) {
  VsRules R;
  R.catalog = std::move(base);
  R.gcc_catalog = std::move(gcc);
  R.game = VsGame::Gcc;
  R.players = players;
  R.switches = switches;
  check_players(players, switches);
  if (switches.abbot)
    throw ConfigError("abbot: 'on' needs garden regions, which no catalog format of this project defines yet (G1.11)");
  for (const TileSpec& t : R.catalog.tiles)
    if (t.misty() || t.has(RegionKind::Castle) || t.has(RegionKind::Cemetery))
      throw ConfigError(where(t, R.catalog) + ": regions: the first catalog of GCC is the base game's, without mist, "
                        "castles or cemeteries");
  add_types(R, R.catalog, true, true, false);     // G2.1: the base start tile leaves the game
  add_types(R, R.gcc_catalog, true, true, true);  // the GCC tiles and their 2x2 start tile
  if (R.start_types.size() != 4)
    throw ConfigError((R.gcc_catalog.path.empty() ? std::string("catalog") : R.gcc_catalog.path) +
                      ": start: GCC starts from a 2x2 start tile (4 [[start]] cells), the catalog has " +
                      std::to_string(R.start_types.size()) + " (G2.1)");
  check_capacity(R, R.gcc_catalog.path.empty() ? std::string("catalog") : R.gcc_catalog.path);
  return R;
}

std::string VsRules::describe() const {
  std::ostringstream os;
  os << "game " << game_name(game) << ", " << players << " players, catalog " << catalog.path << " ("
     << catalog.checksum << ")";
  if (game == VsGame::Gcc) os << " + " << gcc_catalog.path << " (" << gcc_catalog.checksum << ")";
  os << ", " << tiles_in_play << " tiles in the pile, " << vs::describe(switches);
  return os.str();
}

// ---- Board updates --------------------------------------------------------------------------------

namespace {

uint16_t find_mut(VsState& s, uint16_t n) {
  while (s.nodes[n].parent != n) {
    s.nodes[n].parent = s.nodes[s.nodes[n].parent].parent;  // path halving
    n = s.nodes[n].parent;
  }
  return n;
}

uint16_t unite(VsState& s, uint16_t a, uint16_t b) {
  const uint16_t ra = find_mut(s, a), rb = find_mut(s, b);
  if (ra == rb) return ra;
  VsNode& A = s.nodes[ra];
  VsNode& B = s.nodes[rb];
  B.parent = ra;
  A.open = int16_t(A.open + B.open);
  A.meeples = uint8_t(A.meeples + B.meeples);
  A.done |= B.done;
  std::swap(A.next, B.next);  // splice the two member lists
  return ra;
}

// Places the tile and joins its regions to the neighbours'. Returns its index; `ghost_due` gets
// bit 1 for a misty-misty slot pair and bit 2 for a split pair (G3.2).
int put_tile(const VsRules& R, VsState& s, int type, VsCell cell, int rot, uint8_t& ghost_due) {
  const int ti = s.n_tiles++;
  const VsType& T = R.types[size_t(type)];
  VsTile& t = s.tiles[size_t(ti)];
  t.type = uint8_t(type);
  t.rot = uint8_t(rot);
  t.cell = cell;
  t.node = s.n_nodes;
  for (int r = 0; r < T.n_regions; ++r) {
    VsNode& n = s.nodes[size_t(t.node + r)];
    n.parent = n.next = uint16_t(t.node + r);
    n.open = T.regions[size_t(r)].open;
    n.meeples = 0;
    n.done = 0;
    n.tile = uint8_t(ti);
    n.region = uint8_t(r);
    n.kind = T.regions[size_t(r)].kind;
  }
  s.n_nodes = uint16_t(s.n_nodes + T.n_regions);
  s.grid.set(cell, uint8_t(ti + 1));
  const VsOrientation& o = T.rot[size_t(rot)];
  ghost_due = 0;
  for (int side = 0; side < SIDE_NB; ++side) {
    const uint8_t nb = s.grid[size_t(cell + VS_STEP[size_t(side)])];
    if (!nb) continue;
    const VsTile& u = s.tiles[nb - 1u];
    const VsOrientation& uo = R.types[u.type].rot[u.rot];
    for (int k = 0; k < 3; ++k) {
      const int slot = slot_of(side, k);
      const int other = facing_slot(slot);
      if ((o.misty | uo.misty) != 0) {
        const int a = o.misty >> slot & 1, b = uo.misty >> other & 1;
        ghost_due = uint8_t(ghost_due | (a & b) | (a ^ b) << 1);
      }
      const int ra = o.region[size_t(slot)];
      const RegionKind kind = T.regions[size_t(ra)].kind;
      const uint16_t a = uint16_t(t.node + ra), b = uint16_t(u.node + uo.region[size_t(other)]);
      if (kind == RegionKind::Field) {
        if (s.nodes[b].kind == RegionKind::Field) unite(s, a, b);  // a misty field slot splits fields (G4.6)
      } else if (k == 1 && kind != RegionKind::Mist) {  // a city or road side connects once, through its middle slot
        const uint16_t root = unite(s, a, b);
        s.nodes[root].open = int16_t(s.nodes[root].open - 2);
      }
    }
  }
  // Frontier: the cell leaves it; each empty neighbour joins it (when this tile is its first
  // neighbour) or has its constraint narrowed by the side this tile shows it.
  for (int i = 0; i < s.n_frontier; ++i)
    if (s.frontier[size_t(i)] == cell) {
      const size_t last = size_t(--s.n_frontier);
      s.frontier[size_t(i)] = s.frontier[last];
      s.front_mask[size_t(i)] = s.front_mask[last];
      s.front_value[size_t(i)] = s.front_value[last];
      break;
    }
  for (int side = 0; side < SIDE_NB; ++side) {
    const VsCell c2 = VsCell(cell + VS_STEP[size_t(side)]);
    if (s.grid[c2]) continue;
    const int facing = opposite(side);  // the side of c2 that touches this tile
    const uint8_t mask = uint8_t(3u << (2 * facing));
    const uint8_t value = uint8_t(((o.sides >> (2 * side)) & 3u) << (2 * facing));
    int i = 0;
    while (i < s.n_frontier && s.frontier[size_t(i)] != c2) ++i;
    if (i == s.n_frontier) {
      s.frontier[size_t(i)] = c2;
      s.front_mask[size_t(i)] = s.front_value[size_t(i)] = 0;
      ++s.n_frontier;
    }
    s.front_mask[size_t(i)] |= mask;
    s.front_value[size_t(i)] |= value;
  }
  return ti;
}

// Meeples of each seat in the feature `root`, and the ghosts on them.
void count_meeples(const VsRules& R, const VsState& s, uint16_t root, std::array<int, VS_MAX_PLAYERS>& count,
                   std::array<int, VS_MAX_PLAYERS>* ghosts = nullptr) {
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node != VS_NO_NODE && find_root(s, m.node) == root) {
        ++count[size_t(p)];
        if (ghosts) (*ghosts)[size_t(p)] += m.ghosts;
      }
    }
}

// A meeple leaves the board for its owner's supply; its ghosts go back to the general supply.
void lift(VsState& s, int p, VsMeeple& m) {
  m.node = VS_NO_NODE;
  s.ghosts = uint8_t(s.ghosts + m.ghosts);
  m.ghosts = 0;
  ++(m.guard ? s.guards : s.supply)[size_t(p)];
}

// Every meeple in the feature `root` goes back to its owner's supply.
void take_back(const VsRules& R, VsState& s, uint16_t root) {
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node != VS_NO_NODE && find_root(s, m.node) == root) lift(s, p, m);
    }
  s.nodes[root].meeples = 0;
}

// Tiles (distinct) and coats of arms of a city or road; `first` gets its smallest cell.
void extent(const VsRules& R, const VsState& s, uint16_t root, int& tiles, int& arms, VsCell* first = nullptr) {
  uint64_t seen[(VS_MAX_TILES + 63) / 64] = {};
  tiles = arms = 0;
  uint16_t n = root;
  do {
    const VsNode& v = s.nodes[n];
    const uint64_t bit = 1ull << (v.tile & 63);
    if (!(seen[v.tile >> 6] & bit)) {
      seen[v.tile >> 6] |= bit;
      ++tiles;
      if (first) *first = std::min(*first, s.tiles[v.tile].cell);
    }
    arms += R.types[s.tiles[v.tile].type].regions[v.region].arms;
    n = v.next;
  } while (n != root);
}

int ring_tiles(const VsState& s, VsCell c) {
  int k = 0;
  for (int d : VS_RING) k += s.grid[size_t(c + d)] != 0;
  return k;
}

// Misty cells among `c` and the 8 around it (G4.4): empty cells are not misty.
int misty_cells(const VsRules& R, const VsState& s, VsCell c) {
  int k = R.types[s.tiles[s.grid[c] - 1u].type].misty;
  for (int d : VS_RING) {
    const uint8_t g = s.grid[size_t(c + d)];
    k += g && R.types[s.tiles[g - 1u].type].misty;
  }
  return k;
}

int best_count(const VsRules& R, const std::array<int, VS_MAX_PLAYERS>& count) {
  return *std::max_element(count.begin(), count.begin() + R.players);
}

// Value of a feature at the end of the game (G1.9, G4.5), by its root.
int final_value(const VsRules& R, const VsState& s, uint16_t root) {
  const VsNode& v = s.nodes[root];
  switch (v.kind) {
    case RegionKind::Road: case RegionKind::City: {
      int tiles, arms;
      extent(R, s, root, tiles, arms);
      return v.kind == RegionKind::Road ? tiles : tiles + arms;
    }
    case RegionKind::Monastery: return 1 + ring_tiles(s, s.tiles[v.tile].cell);
    case RegionKind::Castle: return misty_cells(R, s, s.tiles[v.tile].cell);
    case RegionKind::Field: {
      // Distinct finished cities next to the field's parts.
      std::array<uint16_t, VS_MAX_NODES / 4> cities;
      int n_cities = 0;
      uint16_t n = root;
      do {
        const VsNode& f = s.nodes[n];
        const VsTile& t = s.tiles[f.tile];
        const VsRegion& g = R.types[t.type].regions[f.region];
        for (int k = 0; k < g.n_cities; ++k) {
          const uint16_t c = find_root(s, uint16_t(t.node + g.cities[size_t(k)]));
          if (!s.nodes[c].done) continue;
          if (std::find(cities.begin(), cities.begin() + n_cities, c) == cities.begin() + n_cities)
            cities[size_t(n_cities++)] = c;
        }
        n = f.next;
      } while (n != root);
      return 3 * n_cities;
    }
    default: return 0;  // a cemetery pays nothing at the end (G4.2)
  }
}

// Final scoring before the floor: features to their majorities, then the ghosts that count at the
// end (G3.9). With `stats`, also what castles paid and what ghosts cost.
void final_scoring(const VsRules& R, const VsState& s, std::array<int, VS_MAX_PLAYERS>& to,
                   std::array<VsSeatStats, VS_MAX_PLAYERS>* stats) {
  // The features that hold meeples, in order of first sight, and each one's meeples and their
  // ghosts by seat, in one pass over the meeples.
  constexpr int MAX_ON = VS_MAX_PLAYERS * VS_MEEPLE_SLOTS;
  std::array<uint16_t, MAX_ON> roots;
  std::array<std::array<int, VS_MAX_PLAYERS>, MAX_ON> counts, ghost_counts;
  int n_roots = 0;
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE) continue;
      const uint16_t r = find_root(s, m.node);
      const int k = int(std::find(roots.begin(), roots.begin() + n_roots, r) - roots.begin());
      if (k == n_roots) {
        roots[size_t(n_roots++)] = r;
        counts[size_t(k)].fill(0);
        ghost_counts[size_t(k)].fill(0);
      }
      ++counts[size_t(k)][size_t(p)];
      ghost_counts[size_t(k)][size_t(p)] += m.ghosts;
    }
  const bool scoring_only = R.switches.final_ghost_penalty == FinalGhostPenalty::ScoringOnly;
  std::array<int, VS_MAX_PLAYERS> penalty{};
  for (int i = 0; i < n_roots; ++i) {
    const uint16_t root = roots[size_t(i)];
    const RegionKind kind = s.nodes[root].kind;
    if (kind == RegionKind::Cemetery) continue;  // unfinished: nothing, and its keeper's ghosts do not count
    const std::array<int, VS_MAX_PLAYERS>& count = counts[size_t(i)];
    const std::array<int, VS_MAX_PLAYERS>& ghosts = ghost_counts[size_t(i)];
    const int best = best_count(R, count);
    const int value = final_value(R, s, root);
    for (int p = 0; p < R.players; ++p) {
      if (count[size_t(p)] != best) continue;
      to[size_t(p)] += value;
      if (scoring_only) penalty[size_t(p)] += ghosts[size_t(p)];
      if (stats && kind == RegionKind::Castle) (*stats)[size_t(p)].castle_points = uint16_t((*stats)[size_t(p)].castle_points + value);
    }
  }
  if (!scoring_only)
    for (int p = 0; p < R.players; ++p)
      for (int i = 0; i < s.owned[size_t(p)]; ++i) {
        const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
        if (m.ghosts && s.nodes[m.node].kind != RegionKind::Cemetery) penalty[size_t(p)] += m.ghosts;
      }
  for (int p = 0; p < R.players; ++p) {
    to[size_t(p)] -= penalty[size_t(p)];
    if (stats) (*stats)[size_t(p)].ghost_points = uint16_t((*stats)[size_t(p)].ghost_points + penalty[size_t(p)]);
  }
}

// Adds `delta` to each seat's score and floors it at 0 (G3.8).
void add_floored(const VsRules& R, VsState& s, const std::array<int, VS_MAX_PLAYERS>& delta) {
  for (int p = 0; p < R.players; ++p) {
    const int v = s.score[size_t(p)] + delta[size_t(p)];
    if (v < 0) s.stats[size_t(p)].floor_points = uint16_t(s.stats[size_t(p)].floor_points - v);
    s.score[size_t(p)] = int16_t(std::max(0, v));
  }
}

}  // namespace

std::array<int, VS_MAX_PLAYERS> final_points(const VsRules& R, const VsState& s) {
  std::array<int, VS_MAX_PLAYERS> to{};
  final_scoring(R, s, to, nullptr);
  return to;
}

VsState initial_state(const VsRules& R) {
  VsState s;
  std::memset(static_cast<void*>(&s), 0, sizeof s);
  for (auto& row : s.meeples)
    for (VsMeeple& m : row) m.node = VS_NO_NODE;
  const bool gcc = R.game == VsGame::Gcc;
  for (int p = 0; p < R.players; ++p) {
    s.owned[size_t(p)] = VS_MEEPLES;
    s.guards[size_t(p)] = gcc ? VS_GCC_GUARDS : 0;
    s.supply[size_t(p)] = uint8_t(VS_MEEPLES - s.guards[size_t(p)]);
    s.reserve[size_t(p)] = gcc ? VS_GCC_RESERVE : 0;
    for (int i = s.supply[size_t(p)]; i < VS_MEEPLES; ++i) s.meeples[size_t(p)][size_t(i)].guard = 1;
  }
  s.ghosts = gcc ? VS_GHOSTS : 0;  // G2.3: the start tile's ghost symbols are ignored
  uint8_t due = 0;
  for (size_t k = 0; k < R.start_types.size(); ++k)
    put_tile(R, s, R.start_types[k], vs_cell(VS_START + R.start_at[k].first, VS_START + R.start_at[k].second), 0, due);
  for (int t = 0; t < R.n_land_types; ++t) s.unseen[size_t(t)] = uint8_t(R.types[size_t(t)].copies);
  s.left = uint8_t(R.tiles_in_play);
  s.phase = VsPhase::Draw;
  s.drawn = NO_TILE;
  s.last = NO_TILE;
  return s;
}

bool can_place(const VsRules& R, const VsState& s, int type) {
  const VsType& T = R.types[size_t(type)];
  for (int i = 0; i < s.n_frontier; ++i) {
    const uint8_t mask = s.front_mask[size_t(i)], value = s.front_value[size_t(i)];
    for (int rot = 0; rot < 4; ++rot)
      if (T.rot_ok[size_t(rot)] && (T.rot[size_t(rot)].sides & mask) == value) return true;
  }
  return false;
}

namespace {

void end_game(const VsRules& R, VsState& s) {
  std::array<int, VS_MAX_PLAYERS> to{};
  final_scoring(R, s, to, &s.stats);
  add_floored(R, s, to);  // final scoring pays gains, then costs ghosts: one floor either way (G3.8)
  s.phase = VsPhase::Over;
}

// One scoring of step 3, kept apart for the `each_scoring` floor: its order key (G3.8: roads,
// cities, monasteries, castles, cemeteries, each by its smallest (y, x) cell) and what it pays.
struct Scoring {
  int order = 0;
  VsCell cell = 0;
  std::array<int, VS_MAX_PLAYERS> delta{};
};

// Pays a finished feature to its majority (G1.8), less 2 per ghost on each scoring seat's own
// meeples in it (G3.7), and takes its meeples back.
void settle(const VsRules& R, VsState& s, uint16_t root, int value, std::array<int, VS_MAX_PLAYERS>& to) {
  std::array<int, VS_MAX_PLAYERS> count{}, ghosts{};
  count_meeples(R, s, root, count, &ghosts);
  const int best = best_count(R, count);
  for (int p = 0; p < R.players; ++p)
    if (count[size_t(p)] == best) {
      to[size_t(p)] += value - 2 * ghosts[size_t(p)];
      s.stats[size_t(p)].ghost_points = uint16_t(s.stats[size_t(p)].ghost_points + 2 * ghosts[size_t(p)]);
      if (s.nodes[root].kind == RegionKind::Castle)
        s.stats[size_t(p)].castle_points = uint16_t(s.stats[size_t(p)].castle_points + value);
    }
  take_back(R, s, root);
}

// A finished cemetery (G4.2): its keeper's owner gains a guard from the reserve, pays 2 per ghost
// on the keeper and takes the keeper back.
void settle_cemetery(const VsRules& R, VsState& s, uint16_t root, std::array<int, VS_MAX_PLAYERS>& to) {
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node != root) continue;
      to[size_t(p)] -= 2 * m.ghosts;
      s.stats[size_t(p)].ghost_points = uint16_t(s.stats[size_t(p)].ghost_points + 2 * m.ghosts);
      if (s.reserve[size_t(p)]) {  // G4.3: usable from the next turn, as scoring ends this one
        --s.reserve[size_t(p)];
        s.meeples[size_t(p)][s.owned[size_t(p)]++] = VsMeeple{VS_NO_NODE, 0, 1};
        ++s.guards[size_t(p)];
        ++s.stats[size_t(p)].guards_gained;
      }
    }
  take_back(R, s, root);
}

void score_turn(const VsRules& R, VsState& s) {
  const bool each = R.switches.score_floor == ScoreFloor::EachScoring;
  std::array<Scoring, VS_MAX_REGIONS + 3 * 9> list;
  int n_list = 0;
  std::array<int, VS_MAX_PLAYERS> to{};
  for (int i = 0; i < s.n_pending; ++i) {
    const uint16_t root = s.pending[size_t(i)];
    if (!s.nodes[root].meeples) continue;
    int tiles, arms;
    VsCell first = VS_CELLS;
    extent(R, s, root, tiles, arms, each ? &first : nullptr);
    const bool road = s.nodes[root].kind == RegionKind::Road;
    const int value = road ? tiles : 2 * tiles + 2 * arms;  // G1.7
    if (!each) {
      settle(R, s, root, value, to);
      continue;
    }
    Scoring& sc = list[size_t(n_list++)];
    sc = Scoring{road ? 0 : 1, first, {}};
    settle(R, s, root, value, sc.delta);
  }
  s.n_pending = 0;
  // Monasteries, castles and cemeteries that the placement surrounded (G1.6, G4.2, G4.4).
  const VsCell c = s.tiles[s.last].cell;
  for (int k = -1; k < 8; ++k) {
    const VsCell cc = k < 0 ? c : VsCell(int(c) + VS_RING[size_t(k)]);
    const uint8_t g = s.grid[cc];
    if (!g) continue;
    const VsTile& t = s.tiles[g - 1u];
    const VsType& T = R.types[t.type];
    const int8_t centre[3] = {T.monastery, T.castle, T.cemetery};
    for (int j = 0; j < 3; ++j) {
      if (centre[j] < 0) continue;
      const uint16_t root = uint16_t(t.node + centre[j]);
      if (!s.nodes[root].meeples || ring_tiles(s, t.cell) != 8) continue;
      std::array<int, VS_MAX_PLAYERS>* into = &to;
      if (each) {
        Scoring& sc = list[size_t(n_list++)];
        sc = Scoring{2 + j, t.cell, {}};
        into = &sc.delta;
      }
      if (j == 0) settle(R, s, root, 9, *into);
      else if (j == 1) settle(R, s, root, 2 * misty_cells(R, s, t.cell), *into);
      else settle_cemetery(R, s, root, *into);
    }
  }
  if (!each) {
    add_floored(R, s, to);
    return;
  }
  std::sort(list.begin(), list.begin() + n_list,
            [](const Scoring& a, const Scoring& b) { return a.order != b.order ? a.order < b.order : a.cell < b.cell; });
  for (int i = 0; i < n_list; ++i) add_floored(R, s, list[size_t(i)].delta);
}

bool eligible(const VsMeeple& m) { return m.node != VS_NO_NODE && !m.guard; }  // G3.5

bool any_eligible(const VsRules& R, const VsState& s, bool own) {
  for (int p = 0; p < R.players; ++p) {
    if ((p == s.player) != own) continue;
    for (int i = 0; i < s.owned[size_t(p)]; ++i)
      if (eligible(s.meeples[size_t(p)][size_t(i)])) return true;
  }
  return false;
}

// After the placement or a ghost: the next ghost that is due and can be given, else the meeple
// step (G3.5: the opponent's ghost first; no ghost in the supply or no eligible meeple skips it).
void next_step(const VsRules& R, VsState& s) {
  if (s.ghost_due & 1) {
    s.ghost_due &= uint8_t(~1u);
    if (s.ghosts && any_eligible(R, s, false)) {
      s.phase = VsPhase::GhostOpponent;
      return;
    }
  }
  if (s.ghost_due & 2) {
    s.ghost_due &= uint8_t(~2u);
    if (s.ghosts && any_eligible(R, s, true)) {
      s.phase = VsPhase::GhostOwn;
      return;
    }
  }
  s.phase = VsPhase::Meeple;
}

// G3.5, G3.6: one ghost onto seat `p`'s meeple `i`; a third one scares it off.
void attach_ghost(VsState& s, int p, int i) {
  VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
  --s.ghosts;
  ++m.ghosts;
  ++s.stats[size_t(p)].ghosts_taken;
  if (m.ghosts < 3) return;
  --s.nodes[find_root(s, m.node)].meeples;
  lift(s, p, m);
  ++s.stats[size_t(p)].scared_off;
}

}  // namespace

void apply_draw(const VsRules& R, VsState& s, int type) {
  --s.unseen[size_t(type)];
  --s.left;
  s.drawn = uint8_t(type);
  if (can_place(R, s, type)) {
    s.phase = VsPhase::Place;
    return;
  }
  ++s.discarded;  // G1.4: out of the game, the same seat draws again
  if (s.left == 0) end_game(R, s);
}

int legal_actions(const VsRules& R, const VsState& s, VsAction* out) {
  int n = 0;
  switch (s.phase) {
    case VsPhase::Place: {
      const VsType& T = R.types[s.drawn];
      for (int i = 0; i < s.n_frontier; ++i) {
        const VsCell c = s.frontier[size_t(i)];
        const uint8_t mask = s.front_mask[size_t(i)], value = s.front_value[size_t(i)];
        for (int rot = 0; rot < 4; ++rot)
          if (T.rot_ok[size_t(rot)] && (T.rot[size_t(rot)].sides & mask) == value) out[n++] = VsAction::place(c, rot);
      }
      break;
    }
    case VsPhase::GhostOpponent: case VsPhase::GhostOwn: {
      // One option per eligible meeple, except that meeples of one seat in one feature with as many
      // ghosts are the same choice: the first stands for them.
      const bool own = s.phase == VsPhase::GhostOwn;
      uint16_t seen_root[VS_MAX_PLAYERS * VS_MEEPLE_SLOTS];
      uint8_t seen_key[VS_MAX_PLAYERS * VS_MEEPLE_SLOTS];
      int n_seen = 0;
      for (int p = 0; p < R.players; ++p) {
        if ((p == s.player) != own) continue;
        for (int i = 0; i < s.owned[size_t(p)]; ++i) {
          const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
          if (!eligible(m)) continue;
          const uint16_t root = find_root(s, m.node);
          const uint8_t key = uint8_t(p << 4 | m.ghosts);
          bool dup = false;
          for (int k = 0; k < n_seen && !dup; ++k) dup = seen_root[k] == root && seen_key[k] == key;
          if (dup) continue;
          seen_root[n_seen] = root;
          seen_key[n_seen++] = key;
          out[n++] = VsAction::ghost(p, i);
        }
      }
      break;
    }
    case VsPhase::Meeple: {
      out[n++] = VsAction::meeple(VsAction::NONE);
      const bool normal = s.supply[s.player] != 0, guard = s.guards[s.player] != 0;
      if (!normal && !guard) break;
      const VsTile& t = s.tiles[s.last];
      const VsType& T = R.types[t.type];
      const bool road_blocked = R.switches.misty_road_meeple == MistyRoadMeeple::Forbidden;
      uint16_t roots[VS_MAX_REGIONS];
      for (int r = 0; r < T.n_regions; ++r) {
        const uint16_t root = find_root(s, uint16_t(t.node + r));
        roots[r] = root;
        const RegionKind k = T.regions[size_t(r)].kind;
        if (k == RegionKind::Mist) continue;                                    // G4.6
        if (k == RegionKind::Road && road_blocked && T.misty_road[size_t(r)]) continue;  // G4.7, GD9
        if (s.nodes[root].meeples) continue;                                    // G1.5: occupied
        if (std::find(roots, roots + r, root) != roots + r) continue;           // same feature twice on one tile
        if (normal) out[n++] = VsAction::meeple(r, false);
        if (guard) out[n++] = VsAction::meeple(r, true);                        // G4.1
      }
      break;
    }
    default: break;
  }
  return n;
}

void apply(const VsRules& R, VsState& s, VsAction a) {
  switch (a.kind()) {
    case VsKind::Place: {
      s.n_pending = 0;
      const int ti = put_tile(R, s, s.drawn, a.cell(), a.rot(), s.ghost_due);
      s.last = uint8_t(ti);
      ++s.turn;
      const VsTile& t = s.tiles[size_t(ti)];
      const VsType& T = R.types[t.type];
      for (int r = 0; r < T.n_regions; ++r) {
        const RegionKind k = T.regions[size_t(r)].kind;
        if (k != RegionKind::City && k != RegionKind::Road) continue;
        const uint16_t root = find_mut(s, uint16_t(t.node + r));
        VsNode& v = s.nodes[root];
        if (v.open == 0 && !v.done) {
          v.done = 1;
          s.pending[s.n_pending++] = root;
          // Finished: nothing joins it again, so every member may point at the root at once (one
          // step to its root for the farmers of final scoring).
          for (uint16_t m = v.next; m != root; m = s.nodes[m].next) s.nodes[m].parent = root;
        }
      }
      next_step(R, s);  // G3.1: only the slot pairs matter; G3.3 before G3.4
      return;
    }
    case VsKind::Ghost:
      attach_ghost(s, a.seat(), a.slot());
      next_step(R, s);
      return;
    case VsKind::Meeple: break;
  }
  // Meeple step, then scoring and the end of the turn.
  if (a.region() != VsAction::NONE) {
    const uint16_t node = uint16_t(s.tiles[s.last].node + a.region());
    const int p = s.player;
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE && m.guard == a.guard()) {
        m.node = node;
        break;
      }
    }
    --(a.guard() ? s.guards : s.supply)[size_t(p)];
    ++s.nodes[find_mut(s, node)].meeples;
  }
  // Roots may have moved since the placement only through path halving, never through unions.
  score_turn(R, s);
  s.player = uint8_t((s.player + 1) % R.players);
  s.drawn = NO_TILE;
  if (s.left == 0) end_game(R, s);
  else s.phase = VsPhase::Draw;
}

VsBox bounding_box(const VsState& s) {
  VsBox b;
  for (int i = 0; i < s.n_tiles; ++i) {
    const int x = int(s.tiles[size_t(i)].cell % VS_W), y = int(s.tiles[size_t(i)].cell / VS_W);
    b.x0 = std::min(b.x0, x), b.x1 = std::max(b.x1, x), b.y0 = std::min(b.y0, y), b.y1 = std::max(b.y1, y);
  }
  return b;
}

std::array<double, VS_MAX_PLAYERS> win_shares(const VsRules& R, const VsState& s) {
  std::array<double, VS_MAX_PLAYERS> w{};
  const int best = *std::max_element(s.score.begin(), s.score.begin() + R.players);
  int k = 0;
  for (int p = 0; p < R.players; ++p) k += s.score[size_t(p)] == best;
  for (int p = 0; p < R.players; ++p)
    if (s.score[size_t(p)] == best) w[size_t(p)] = 1.0 / k;
  return w;
}

std::string action_text(const VsRules& R, const VsState& s, VsAction a) {
  switch (a.kind()) {
    case VsKind::Place:
      return "place " + std::to_string(int(a.cell() % VS_W) - VS_START) + " " +
             std::to_string(int(a.cell() / VS_W) - VS_START) + " " + std::to_string(a.rot());
    case VsKind::Ghost: return "ghost " + std::to_string(a.seat()) + " " + std::to_string(a.slot());
    case VsKind::Meeple: break;
  }
  if (a.region() == VsAction::NONE) return "meeple none";
  const VsType& T = R.types[s.tiles[s.last].type];
  const RegionKind k = T.regions[size_t(a.region())].kind;
  int pos = 0;
  for (int r = 0; r < a.region(); ++r) pos += T.regions[size_t(r)].kind == k;
  return "meeple " + std::string(kind_name(k)) + std::to_string(pos) + (a.guard() ? " guard" : "");
}

std::vector<uint8_t> pile_in_play(const VsRules& R) {
  std::vector<uint8_t> v;
  for (int t = 0; t < R.n_land_types; ++t) v.insert(v.end(), size_t(R.types[size_t(t)].copies), uint8_t(t));
  return v;
}

VsSummary summarize(const VsRules& R, const VsState& s, int decisions, int forced) {
  VsSummary g;
  for (int p = 0; p < R.players; ++p) g.score[size_t(p)] = s.score[size_t(p)];
  if (is_over(s)) g.share = win_shares(R, s);
  const VsBox box = bounding_box(s);
  g.width = box.x1 - box.x0 + 1;
  g.height = box.y1 - box.y0 + 1;
  g.turns = s.turn;
  g.decisions = decisions;
  g.forced = forced;
  g.discarded = s.discarded;
  g.stats = s.stats;
  return g;
}

}  // namespace mists::vs
