// Slow references for the competitive engine: placements (and the abbey's holes, the barn's
// points) by brute force, final scoring by flood fill (with mayors, barns, tolls and the abbot), and
// the consistency of the incremental state. For tests; never on a hot path.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "engine/versus/versus.h"

namespace mists::vs {

namespace {

// Terrain of board side `side` of a design turned by `rot`, from the catalog edges.
Terrain terrain_of(const TileSpec& t, int side, int rot) { return side_terrain(t, (side - rot + 4) & 3); }

// Whether side `side` (board) of placed tile `t` matches anything and closes what faces it: the
// abbey's sides (E5.2), a large city's closed sides (M1.4); their catalog edges say 'A'.
bool closing(const VsRules& R, const VsTile& t, int side) {
  return R.types[t.type].spec->edges[size_t(slot_of((side - t.rot + 4) & 3, 1))] == 'A';
}

// The map's character at a grid cell, read from the map file's rows ('.' off the map).
char map_char(const VsRules& R, int c) { return R.map.at(c % VS_W - R.map_dx, c / VS_W - R.map_dy); }
bool is_city_char(char c) { return c >= 'A' && c <= 'Z'; }
bool slow_takes_tile(const VsRules& R, int c) {
  if (!R.on_map) return true;
  const char x = map_char(R, c);
  return x == 'n' || x == 's' || x == 't';
}

// What the map asks of a tile's side `side` at cell `c` (M1.3, M1.4), read from the map file:
// a printed border feature or a large city's side; -1 when nothing.
int map_asks(const VsRules& R, int c, int side) {
  if (!R.on_map) return -1;
  const int x = c % VS_W - R.map_dx, y = c / VS_W - R.map_dy;
  const int nx = x + DX[size_t(side)], ny = y + DY[size_t(side)];
  const char n = R.map.at(nx, ny);
  if (n == '.') {
    for (const MapBorder& b : R.map.borders)
      if (b.at.x == x && b.at.y == y && b.at.side == side)
        return int(b.edge[1] == 'C' ? Terrain::City : b.edge[1] == 'R' ? Terrain::Road : Terrain::Field);
    return -1;
  }
  if (!is_city_char(n)) return -1;
  const int back = opposite(side);
  if (R.map.at(nx + DX[size_t(back)], ny + DY[size_t(back)]) == n) return int(Terrain::City);
  for (const MapCity& city : R.map.cities)
    if (city.key == n)
      for (const MapSide& o : city.open)
        if (o.x == nx && o.y == ny && o.side == back) return int(Terrain::City);
  return R.switches.city_closed_side == CityClosedSide::Field ? int(Terrain::Field) : -1;
}

// Region of the placed tile `t` under board slot `slot`, from the catalog masks: its city, road
// or field, else (a misty field slot) its mist; -1 on a closing side.
int owner(const VsRules& R, const VsTile& t, int slot) {
  if (closing(R, t, slot / 3)) return -1;
  const TileSpec& spec = *R.types[t.type].spec;
  int mist = -1;
  for (size_t r = 0; r < spec.regions.size(); ++r)
    if (rotate_mask(spec.regions[r].slots, t.rot) >> slot & 1) {
      if (spec.regions[r].kind != RegionKind::Mist) return int(r);
      mist = int(r);
    }
  return mist;
}

bool is_mist(const VsRules& R, const VsTile& t, int region) {
  return R.types[t.type].spec->regions[size_t(region)].kind == RegionKind::Mist;
}

bool misty_at(const VsRules& R, const VsState& s, int c) {
  return s.grid[size_t(c)] && R.types[s.tiles[s.grid[size_t(c)] - 1u].type].spec->misty();
}

bool has_neighbour(const VsState& s, int c) {
  for (int d : VS_STEP) {
    const int c2 = c + d;
    if (c2 >= 0 && c2 < VS_CELLS && s.grid[size_t(c2)]) return true;
  }
  return false;
}

// Cells of the board's bounding box grown by one, row by row.
template <class F>
void for_box(const VsState& s, F&& f) {
  const VsBox b = bounding_box(s);
  for (int y = std::max(1, b.y0 - 1); y <= std::min(VS_W - 2, b.y1 + 1); ++y)
    for (int x = std::max(1, b.x0 - 1); x <= std::min(VS_W - 2, b.x1 + 1); ++x) f(y * VS_W + x);
}

}  // namespace

std::vector<VsAction> slow_placements(const VsRules& R, const VsState& s, int type) {
  std::vector<VsAction> out;
  const TileSpec& spec = *R.types[size_t(type)].spec;
  for_box(s, [&](int c) {
    if (s.grid[size_t(c)] || !has_neighbour(s, c) || !slow_takes_tile(R, c)) return;
    if (R.types[size_t(type)].abbey) {  // A2.1: a hole, sides not compared
      bool hole = true;
      for (int d : VS_STEP) hole = hole && s.grid[size_t(c + d)] != 0;
      if (hole) out.push_back(VsAction::abbey(VsCell(c)));
      return;
    }
    for (int rot = 0; rot < 4; ++rot) {
      if (!R.types[size_t(type)].rot_ok[size_t(rot)]) continue;
      bool fits = true;
      for (int side = 0; side < SIDE_NB && fits; ++side) {
        const int ask = map_asks(R, c, side);
        if (ask >= 0 && int(terrain_of(spec, side, rot)) != ask) {
          fits = false;
          continue;
        }
        const uint8_t nb = s.grid[size_t(c + VS_STEP[size_t(side)])];
        if (!nb) continue;
        const VsTile& u = s.tiles[nb - 1u];
        fits = closing(R, u, opposite(side)) ||
               terrain_of(spec, side, rot) == terrain_of(*R.types[u.type].spec, opposite(side), u.rot);
      }
      if (fits) out.push_back(VsAction::place(VsCell(c), rot));
    }
  });
  return out;
}

namespace {

// The features of the board by flood fill over the slots (no union-find of the engine): each
// (tile, region) pair is `tile * VS_MAX_REGIONS + region`; `find` gives its component.
struct SlowBoard {
  std::vector<int> parent;
  std::vector<char> comp_open;  // the component touches a side that faces an empty cell
  int n = 0;
  int find(int x) const {
    while (parent[size_t(x)] != x) x = parent[size_t(x)];
    return x;
  }
};

int id(int tile, int region) { return tile * VS_MAX_REGIONS + region; }

SlowBoard flood(const VsRules& R, const VsState& s) {
  SlowBoard b;
  b.n = s.n_tiles * VS_MAX_REGIONS;
  b.parent.resize(size_t(b.n));
  std::iota(b.parent.begin(), b.parent.end(), 0);
  std::vector<char> open(size_t(b.n), 0);
  for (int i = 0; i < s.n_tiles; ++i) {
    const VsTile& t = s.tiles[size_t(i)];
    for (int side = 0; side < SIDE_NB; ++side) {
      const uint8_t nb = s.grid[size_t(t.cell + VS_STEP[size_t(side)])];
      for (int k = 0; k < 3; ++k) {
        const int slot = slot_of(side, k);
        const int ra = owner(R, t, slot);
        if (ra < 0) continue;
        const int a = id(i, ra);
        if (!nb) {
          if (slow_takes_tile(R, t.cell + VS_STEP[size_t(side)])) open[size_t(a)] = 1;  // off the map: closed (M1.5)
          continue;
        }
        const int rb = owner(R, s.tiles[nb - 1u], facing_slot(slot));
        if (rb < 0) continue;  // a closing side: closes, joins nothing
        // Mist joins nothing and splits fields (G4.6).
        if (is_mist(R, t, ra) || is_mist(R, s.tiles[nb - 1u], rb)) continue;
        b.parent[size_t(b.find(a))] = b.find(id(nb - 1, rb));
      }
    }
  }
  b.comp_open.assign(size_t(b.n), 0);
  for (int x = 0; x < b.n; ++x)
    if (open[size_t(x)]) b.comp_open[size_t(b.find(x))] = 1;
  return b;
}

// The (tile, region) pairs of a component, in order.
std::vector<int> members(const VsRules& R, const VsState& s, const SlowBoard& b, int c) {
  std::vector<int> out;
  for (int x = 0; x < b.n; ++x) {
    const TileSpec& spec = *R.types[s.tiles[size_t(x / VS_MAX_REGIONS)].type].spec;
    if (x % VS_MAX_REGIONS < int(spec.regions.size()) && b.find(x) == c) out.push_back(x);
  }
  return out;
}

// Distinct finished cities next to a field component (G1.9).
int slow_cities(const VsRules& R, const VsState& s, const SlowBoard& b, int c) {
  std::set<int> cities;
  for (int x : members(R, s, b, c)) {
    const TileSpec& spec = *R.types[s.tiles[size_t(x / VS_MAX_REGIONS)].type].spec;
    const RegionSpec& r = spec.regions[size_t(x % VS_MAX_REGIONS)];
    if (r.kind != RegionKind::Field) continue;
    for (int ci : r.cities) {
      const int k = spec.region_of(RegionKind::City, ci);
      const int cc = b.find(id(x / VS_MAX_REGIONS, k));
      if (!b.comp_open[size_t(cc)]) cities.insert(cc);
    }
  }
  return int(cities.size());
}

// The component of the field a barn stands on, or -1 when the point is no barn point (A5.1): four
// tiles meet there and each shows two clear field slots of one field region at it, read from the
// catalog's edges and masks.
int slow_barn_component(const VsRules& R, const VsState& s, const SlowBoard& b, int cell) {
  static constexpr int AT[4][2] = {{5, 6}, {8, 9}, {0, 11}, {2, 3}};
  const int tile_at[4] = {cell - VS_W - 1, cell - VS_W, cell, cell - 1};
  int comp = -1;
  for (int k = 0; k < 4; ++k) {
    const uint8_t g = s.grid[size_t(tile_at[k])];
    if (!g) return -1;
    const VsTile& t = s.tiles[g - 1u];
    const TileSpec& spec = *R.types[t.type].spec;
    if (spec.any_edges) return -1;
    int region = -2;
    for (int slot : AT[k]) {
      const int design_slot = (slot - 3 * t.rot + 3 * SLOT_NB) % SLOT_NB;  // where the slot was before the turn
      if (spec.edges[size_t(design_slot)] != 'F') return -1;
      const int r = owner(R, t, slot);
      if (region != -2 && r != region) return -1;
      region = r;
    }
    if (spec.regions[size_t(region)].kind != RegionKind::Field) return -1;
    comp = b.find(id(g - 1, region));
  }
  return comp;
}

}  // namespace

std::vector<VsAction> slow_barn_points(const VsRules& R, const VsState& s) {
  std::vector<VsAction> out;
  const SlowBoard b = flood(R, s);
  std::set<int> barned;
  for (int p = 0; p < R.players; ++p)
    if (s.piece[size_t(p)].barn != VS_NO_NODE) {
      const VsNode& v = s.nodes[s.piece[size_t(p)].barn];
      barned.insert(b.find(id(v.tile, v.region)));
    }
  const VsCell last = s.tiles[s.last].cell;
  for_box(s, [&](int c) {
    if (R.switches.barn_new_tile && c != int(last) && c != int(last) + 1 && c != int(last) + VS_W && c != int(last) + VS_W + 1)
      return;
    const int comp = slow_barn_component(R, s, b, c);
    if (comp >= 0 && !barned.count(comp)) out.push_back(VsAction::barn(VsCell(c)));
  });
  return out;
}

Recount slow_recount(const VsRules& R, const VsState& s) {
  Recount out;
  const SlowBoard b = flood(R, s);
  auto kind_of = [&](int x) {
    return R.types[s.tiles[size_t(x / VS_MAX_REGIONS)].type].spec->regions[size_t(x % VS_MAX_REGIONS)].kind;
  };
  // Tiles and coats of arms of a road or city component; with abbey_in_features = yes each abbey
  // next to one of its road or city sides is a tile of it (A2.2).
  auto size_of = [&](int c, int& arms) {
    std::set<int> tiles;
    arms = 0;
    for (int x : members(R, s, b, c)) {
      const VsTile& t = s.tiles[size_t(x / VS_MAX_REGIONS)];
      tiles.insert(x / VS_MAX_REGIONS);
      arms += R.types[t.type].spec->regions[size_t(x % VS_MAX_REGIONS)].arms;
      if (!R.switches.abbey_in_features) continue;
      for (int side = 0; side < SIDE_NB; ++side) {
        const uint8_t nb = s.grid[size_t(t.cell + VS_STEP[size_t(side)])];
        if (nb && R.types[s.tiles[nb - 1u].type].abbey && owner(R, t, slot_of(side, 1)) == x % VS_MAX_REGIONS)
          tiles.insert(nb - 1);
      }
    }
    return int(tiles.size());
  };
  // Strength and ghosts per component and seat (A3.2, M5.3).
  std::map<int, std::array<int, VS_MAX_PLAYERS>> count, ghosts;
  std::array<int, VS_MAX_PLAYERS> penalty{};  // G3.9, all_but_keepers
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < VS_ALL_SLOTS; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE) continue;
      ++out.meeples_on_board;
      const VsNode& v = s.nodes[m.node];
      const int c = b.find(id(v.tile, v.region));
      int w = 1;
      if (m.kind == VsPiece::Mayor) size_of(c, w);
      count[c][size_t(p)] += m.chip ? 2 * w : w;
      ghosts[c][size_t(p)] += m.ghosts;
      if (kind_of(id(v.tile, v.region)) != RegionKind::Cemetery) penalty[size_t(p)] += m.ghosts;
    }
  const bool scoring_only = R.switches.final_ghost_penalty == FinalGhostPenalty::ScoringOnly;
  if (scoring_only) penalty.fill(0);
  for (const auto& [c, k] : count) {
    const int tile = c / VS_MAX_REGIONS;
    const RegionKind kind = kind_of(c);
    int value = 0, arms = 0;
    switch (kind) {
      case RegionKind::Road: value = size_of(c, arms); break;
      case RegionKind::City: value = size_of(c, arms) + arms; break;
      case RegionKind::Field: value = 3 * slow_cities(R, s, b, c); break;
      case RegionKind::Monastery: case RegionKind::Garden: {
        value = 1;
        for (int d : VS_RING) {
          const int c2 = int(s.tiles[size_t(tile)].cell) + d;
          value += s.grid[size_t(c2)] != 0 || (R.on_map && R.switches.border_monastery_filled && map_char(R, c2) == '.');
        }
        break;
      }
      case RegionKind::Castle: {  // G4.5: misty cells among its own and the filled cells around
        const int cell = int(s.tiles[size_t(tile)].cell);
        value = misty_at(R, s, cell);
        for (int d : VS_RING) value += misty_at(R, s, cell + d);
        break;
      }
      case RegionKind::Cemetery: continue;  // pays nothing at the end, its keeper's ghosts do not count
      default: break;
    }
    const int best = *std::max_element(k.begin(), k.begin() + R.players);
    if (best == 0) continue;  // A3.3
    for (int p = 0; p < R.players; ++p)
      if (k[size_t(p)] == best) {
        out.final_points[size_t(p)] += value;
        if (scoring_only) penalty[size_t(p)] += ghosts[c][size_t(p)];
      }
  }
  for (int p = 0; p < R.players; ++p) out.final_points[size_t(p)] -= penalty[size_t(p)];
  // A5.5: each barn owner 4 a finished city next to its field.
  for (int p = 0; p < R.players; ++p)
    if (s.piece[size_t(p)].barn != VS_NO_NODE) {
      const VsNode& v = s.nodes[s.piece[size_t(p)].barn];
      out.final_points[size_t(p)] += 4 * slow_cities(R, s, b, b.find(id(v.tile, v.region)));
    }
  // T4.1: each tollhouse 1 a sight beside every unfinished road that ends at its junction, read
  // from the catalog's junction lists.
  for (int p = 0; p < R.players; ++p) {
    const VsSeatPieces& q = s.piece[size_t(p)];
    if (q.toll_tile == NO_TILE) continue;
    const TileSpec& spec = *R.types[s.tiles[q.toll_tile].type].spec;
    std::set<int> roads;
    const std::vector<std::vector<int>> junctions = tile_junctions(spec);
    for (int pos : junctions[q.toll_junction]) roads.insert(b.find(id(q.toll_tile, spec.region_of(RegionKind::Road, pos))));
    for (int c : roads) {
      if (!b.comp_open[size_t(c)]) continue;
      for (int x : members(R, s, b, c))
        out.final_points[size_t(p)] +=
            int(R.types[s.tiles[size_t(x / VS_MAX_REGIONS)].type].spec->regions[size_t(x % VS_MAX_REGIONS)].sights.size());
    }
  }
  return out;
}

std::string check(const VsRules& R, const VsState& s) {
  int cells = 0;
  for_box(s, [&](int c) { cells += s.grid[size_t(c)] != 0; });
  if (cells != s.n_tiles) return "grid holds " + std::to_string(cells) + " tiles, state " + std::to_string(s.n_tiles);
  for (int i = 0; i < s.n_tiles; ++i) {
    const VsTile& t = s.tiles[size_t(i)];
    if (s.grid[t.cell] != i + 1) return "tile " + std::to_string(i) + " not on its cell";
    for (int r = 0; r < R.types[t.type].n_regions; ++r) {
      const VsNode& v = s.nodes[size_t(t.node + r)];
      if (v.tile != i || v.region != r) return "node of tile " + std::to_string(i) + " region " + std::to_string(r);
    }
  }
  std::set<int> frontier;
  for (int i = 0; i < s.n_frontier; ++i) {
    const int c = s.frontier[size_t(i)];
    if (s.grid[size_t(c)] || !has_neighbour(s, c) || !slow_takes_tile(R, c))
      return "frontier cell " + std::to_string(c) + " is not next to the board";
    if (!frontier.insert(c).second) return "frontier cell " + std::to_string(c) + " twice";
    // Its cached constraint against the neighbours' sides, read from the catalog.
    int mask = 0, value = 0;
    for (int side = 0; side < SIDE_NB; ++side) {
      const int ask = map_asks(R, c, side);
      if (ask >= 0) mask |= 3 << (2 * side), value |= ask << (2 * side);
      const uint8_t nb = s.grid[size_t(c + VS_STEP[size_t(side)])];
      if (!nb) continue;
      const VsTile& u = s.tiles[nb - 1u];
      if (closing(R, u, opposite(side))) continue;  // matches anything
      mask |= 3 << (2 * side);
      value = (value & ~(3 << (2 * side))) | int(terrain_of(*R.types[u.type].spec, opposite(side), u.rot)) << (2 * side);
    }
    if (mask != s.front_mask[size_t(i)] || value != s.front_value[size_t(i)])
      return "frontier cell " + std::to_string(c) + ": cached constraint " + std::to_string(s.front_mask[size_t(i)]) + "/" +
             std::to_string(s.front_value[size_t(i)]) + ", the neighbours ask " + std::to_string(mask) + "/" +
             std::to_string(value);
  }
  int empty_next = 0;
  for_box(s, [&](int c) { empty_next += !s.grid[size_t(c)] && has_neighbour(s, c) && slow_takes_tile(R, c); });
  if (empty_next != s.n_frontier) return "frontier has " + std::to_string(s.n_frontier) + " cells, the board " + std::to_string(empty_next);
  std::vector<int> on_root(size_t(s.n_nodes), 0);
  const bool gcc = R.game == VsGame::Gcc;
  const bool abbey_mayor = R.abbey_type >= 0;
  int ghosts = s.ghosts;
  for (int p = 0; p < R.players; ++p) {
    const std::string seat = "seat " + std::to_string(p) + ": ";
    int board = 0, guards = 0, in_supply = 0, guards_in_supply = 0;
    for (int i = 0; i < VS_ALL_SLOTS; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      const bool module_slot = i >= VS_MEEPLE_SLOTS;
      if (!module_slot && i >= s.owned[size_t(p)]) {
        if (m.node != VS_NO_NODE || m.ghosts || m.chip) return seat + "a meeple slot beyond the owned ones is in use";
        continue;
      }
      if (module_slot) {
        const VsPiece want = i == VS_SLOT_MAYOR ? VsPiece::Mayor : i == VS_SLOT_WAGON ? VsPiece::Wagon : VsPiece::Abbot;
        const bool in_game = want == VsPiece::Abbot ? R.switches.abbot : abbey_mayor;
        if (m.kind != want) return seat + "module slot " + std::to_string(i) + " holds a " + std::string(piece_name(m.kind));
        if (!in_game && m.node != VS_NO_NODE) return seat + "a " + std::string(piece_name(want)) + " on the board without its module";
      } else if (m.kind != VsPiece::Normal && m.kind != VsPiece::Guard) {
        return seat + "meeple " + std::to_string(i) + " is a " + std::string(piece_name(m.kind));
      }
      guards += m.guard();
      ghosts += m.ghosts;
      if (m.ghosts > 2 || (m.ghosts && (m.guard() || m.node == VS_NO_NODE)))
        return seat + "meeple " + std::to_string(i) + " holds " + std::to_string(m.ghosts) + " ghosts";
      if (m.chip && (m.node == VS_NO_NODE || !R.has(VS_MAP_CHIPS) || m.chip > 2))
        return seat + "meeple " + std::to_string(i) + " holds a chip of " + std::to_string(m.chip) + " off the board";
      if (m.node != VS_NO_NODE) {
        if (m.node >= s.n_nodes) return seat + "meeple " + std::to_string(i) + " on a node not in use";
        ++board;
        ++on_root[find_root(s, m.node)];
        const RegionKind k = s.nodes[m.node].kind;
        if (k == RegionKind::Mist) return seat + "a meeple on mist";
        if (R.types[s.tiles[s.nodes[m.node].tile].type].regions[s.nodes[m.node].region].hidden)
          return seat + "a meeple on a hidden part of the abbey";
        const bool ok = m.kind == VsPiece::Mayor   ? k == RegionKind::City                                    // A3.1
                        : m.kind == VsPiece::Wagon ? k == RegionKind::Road || k == RegionKind::City || k == RegionKind::Monastery  // A4.1
                        : m.kind == VsPiece::Abbot ? k == RegionKind::Monastery || k == RegionKind::Garden         // G1.11
                                                   : k != RegionKind::Garden;
        if (!ok) return seat + "a " + std::string(piece_name(m.kind)) + " on a " + std::string(kind_name(k));
      } else if (!module_slot) {
        ++(m.guard() ? guards_in_supply : in_supply);
      }
    }
    if (in_supply != s.supply[size_t(p)] || guards_in_supply != s.guards[size_t(p)])
      return seat + std::to_string(in_supply) + " normal and " + std::to_string(guards_in_supply) +
             " guard meeples off the board, supply says " + std::to_string(s.supply[size_t(p)]) + " and " +
             std::to_string(s.guards[size_t(p)]);
    const int all = s.owned[size_t(p)] + s.reserve[size_t(p)];
    if (all != (gcc ? VS_MEEPLE_SLOTS : VS_MEEPLES) || guards != (gcc ? VS_GCC_GUARDS : 0) + s.owned[size_t(p)] - VS_MEEPLES)
      return seat + std::to_string(s.owned[size_t(p)]) + " meeples owned (" + std::to_string(guards) + " guards), " +
             std::to_string(s.reserve[size_t(p)]) + " in reserve";
    if (s.score[size_t(p)] < 0) return seat + "negative score";
    // The wagon: on the board, in the supply, or waiting to move (A4.2) while the wagons decide.
    const VsSeatPieces& q = s.piece[size_t(p)];
    const bool waiting = q.wagon_tile != NO_TILE;
    if (waiting != bool(s.wagons_due >> p & 1)) return seat + "the wagon's waiting state and the seats due disagree";
    if (waiting && (s.meeples[size_t(p)][VS_SLOT_WAGON].node != VS_NO_NODE || s.phase != VsPhase::WagonMove ||
                    q.wagon_tile >= s.n_tiles))
      return seat + "a wagon waits to move outside the wagons' step";
    // The barn (A5): in the supply or on a field that counts it.
    if (q.barn != VS_NO_NODE && (!abbey_mayor || q.barn >= s.n_nodes || s.nodes[q.barn].kind != RegionKind::Field))
      return seat + "the barn stands on no field";
    // The tollhouse (T2): on a junction of a placed tile, face 1 or 2.
    if (q.toll_tile != NO_TILE) {
      if (!R.has(VS_TOLLKEEPERS) || q.toll_tile >= s.n_tiles || q.toll_junction >= R.types[s.tiles[q.toll_tile].type].n_junctions)
        return seat + "the tollhouse stands on no junction";
      for (int o = 0; o < p; ++o)
        if (s.piece[size_t(o)].toll_tile == q.toll_tile && s.piece[size_t(o)].toll_junction == q.toll_junction)
          return seat + "two tollhouses on one junction";
    } else if (q.toll_flip) {
      return seat + "a tollhouse in the supply waits to turn over";
    }
    if (q.toll_face < 1 || q.toll_face > 2) return seat + "tollhouse face " + std::to_string(q.toll_face);
  }
  if (ghosts != (gcc ? VS_GHOSTS : 0)) return std::to_string(ghosts) + " ghosts in the supply and on meeples";
  for (int x = 0; x < s.n_nodes; ++x)
    if (find_root(s, uint16_t(x)) == x && s.nodes[size_t(x)].meeples != on_root[size_t(x)])
      return "feature " + std::to_string(x) + " counts " + std::to_string(s.nodes[size_t(x)].meeples) + " meeples, holds " +
             std::to_string(on_root[size_t(x)]);
  // Barns (A5.2, A5.4): each field's count, and no field with a barn and farmers between turns.
  std::vector<int> barns(size_t(s.n_nodes), 0);
  for (int p = 0; p < R.players; ++p)
    if (s.piece[size_t(p)].barn != VS_NO_NODE) ++barns[find_root(s, s.piece[size_t(p)].barn)];
  for (int x = 0; x < s.n_nodes; ++x) {
    if (find_root(s, uint16_t(x)) != x) continue;
    if (s.nodes[size_t(x)].barns != barns[size_t(x)])
      return "field " + std::to_string(x) + " counts " + std::to_string(s.nodes[size_t(x)].barns) + " barns, holds " +
             std::to_string(barns[size_t(x)]);
    if (barns[size_t(x)] && s.nodes[size_t(x)].meeples && (s.phase == VsPhase::Draw || s.phase == VsPhase::AbbeyChoice))
      return "field " + std::to_string(x) + " holds a barn and farmers after a turn";
  }
  // Abbeys (A1.1): each seat's in its hand or on the board.
  int abbey_tiles = 0;
  for (int i = 0; i < s.n_tiles; ++i) abbey_tiles += R.types[s.tiles[size_t(i)].type].abbey;
  if (abbey_tiles + __builtin_popcount(s.abbeys) != (abbey_mayor ? R.players : 0) || (s.abbeys >> R.players))
    return std::to_string(abbey_tiles) + " abbeys on the board and " + std::to_string(__builtin_popcount(s.abbeys)) +
           " in hand for " + std::to_string(R.players) + " seats";
  int unseen = 0;
  for (int t = 0; t < R.n_land_types; ++t) unseen += s.unseen[size_t(t)];
  if (unseen != s.left) return "pile counts disagree";
  if (R.on_map) {
    // Chips (M2-M5): face down, held, under meeples or out of the game, 18 of 1 and 12 of 2.
    std::array<int, 2> n = {s.chips_unseen[0] + s.chips_out[0], s.chips_unseen[1] + s.chips_out[1]};
    for (int p = 0; p < R.players; ++p) {
      n[0] += s.piece[size_t(p)].chips[0], n[1] += s.piece[size_t(p)].chips[1];
      for (const VsMeeple& m : s.meeples[size_t(p)])
        if (m.chip) ++n[size_t(m.chip - 1)];
    }
    if (n[0] != VS_CHIP_ONES || n[1] != VS_CHIP_TWOS)
      return "chips: " + std::to_string(n[0]) + " of 1 and " + std::to_string(n[1]) + " of 2 accounted for";
    if (__builtin_popcount(s.chips_down) > s.chips_unseen[0] + s.chips_unseen[1]) return "chips: more face down than unseen";
    for (int k = 0; k < s.n_chips; ++k)
      if ((s.chips_down >> k & 1) && s.grid[s.chip_cell[size_t(k)]] && !(s.phase == VsPhase::ChipValue && s.chip_taken == k))
        return "chips: chip " + std::to_string(k) + " face down under a tile";
    // Large cities (M1.4): on the board once connected, and never a tile beside one that is not.
    for (size_t k = 0; k < R.city_types.size(); ++k) {
      int on = 0, next_to = 0;
      for (int y = 0; y < R.map.height; ++y)
        for (int x = 0; x < R.map.width; ++x) {
          if (R.map.at(x, y) != R.map.cities[k].key) continue;
          const VsCell c = map_cell(R, x, y);
          on += s.grid[c] != 0;
          for (int d : VS_STEP) next_to += s.grid[size_t(int(c) + d)] != 0;
        }
      const bool connected = s.cities_on >> k & 1;
      if (on != (connected ? int(R.city_types[k].size()) : 0) || (!connected && next_to))
        return "large city " + R.map.cities[k].name + ": " + std::to_string(on) + " squares on the board, connected " +
               std::to_string(connected);
    }
  }
  return {};
}

}  // namespace mists::vs
