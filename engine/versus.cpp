// The competitive game: rules tables, turn sequence, scoring (G1 of docs/versus.md).
#include "engine/versus.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace mists::vs {

std::string_view game_name(VsGame g) {
  switch (g) {
    case VsGame::Base: return "base";
  }
  return "?";
}

namespace {

std::string where(const TileSpec& t, const Catalog& c) {
  return c.path + ":" + std::to_string(t.line) + ": tile " + t.id;
}

VsType compile_type(const TileSpec& spec, const Catalog& catalog) {
  VsType tt;
  tt.id = spec.id;
  tt.spec = &spec;
  tt.copies = spec.start ? 0 : spec.copies;
  if (int(spec.regions.size()) > VS_MAX_REGIONS)
    throw ConfigError(where(spec, catalog) + ": regions: " + std::to_string(spec.regions.size()) +
                      " regions, the competitive engine holds " + std::to_string(VS_MAX_REGIONS) + " a tile");
  for (int s = 0; s < SLOT_NB; ++s)
    if (spec.edges[s] == 'f' || spec.edges[s] == 'r')
      throw ConfigError(catalog.path + ":" + std::to_string(spec.edges_line ? spec.edges_line : spec.line) + ": tile " +
                        spec.id + ": edges: slot " + slot_name(s) +
                        " is misty; the base game (--game base) plays clear tiles only");
  std::vector<int> city_index;  // position among the city regions -> region index
  for (size_t i = 0; i < spec.regions.size(); ++i)
    if (spec.regions[i].kind == RegionKind::City) city_index.push_back(int(i));
  tt.n_regions = int(spec.regions.size());
  for (size_t i = 0; i < spec.regions.size(); ++i) {
    const RegionSpec& r = spec.regions[i];
    VsRegion& g = tt.regions[i];
    g.kind = r.kind;
    g.arms = uint8_t(r.arms);
    for (int side = 0; side < SIDE_NB; ++side) g.open = int8_t(g.open + ((r.slots & side_mask(side)) != 0));
    switch (r.kind) {
      case RegionKind::City: case RegionKind::Road: case RegionKind::Field: break;
      case RegionKind::Monastery: tt.monastery = int8_t(i); break;
      default:
        throw ConfigError(catalog.path + ":" + std::to_string(r.line) + ": tile " + spec.id + ": " +
                          std::string(kind_name(r.kind)) + ": the base game (--game base) has no " +
                          std::string(kind_name(r.kind)) + " regions");
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
    for (int side = 0; side < SIDE_NB; ++side)
      o.sides |= uint8_t(uint8_t(side_terrain(spec, (side - rot + 4) & 3)) << (2 * side));
    for (int i = 0; i < tt.n_regions; ++i) {
      const SlotMask m = rotate_mask(spec.regions[size_t(i)].slots, rot);
      for (int s = 0; s < SLOT_NB; ++s)
        if (m >> s & 1) o.region[s] = uint8_t(i);
    }
    for (int s = 0; s < SLOT_NB; ++s)
      if (o.region[s] == 0xFF)
        throw ConfigError(where(spec, catalog) + ": regions: slot " + slot_name(s) + " belongs to no region");
  }
  // A rotation is redundant when the turned tile is the same as a smaller rotation: the same
  // region under every slot up to a relabelling that keeps each region's attributes.
  auto signature = [&](int rot) {
    std::vector<int> label(size_t(tt.n_regions), -1);
    int next = 0;
    std::string sig;
    for (int s = 0; s < SLOT_NB; ++s) {
      const int r = tt.rot[rot].region[s];
      if (label[size_t(r)] < 0) label[size_t(r)] = next++;
      sig += char('a' + label[size_t(r)]);
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

}  // namespace


VsRules build_rules(Catalog catalog, VsGame game, int players, VsSwitches switches) {
  VsRules R;
  R.catalog = std::move(catalog);
  R.game = game;
  R.players = players;
  R.switches = switches;
  const std::string file = R.catalog.path.empty() ? std::string("catalog") : R.catalog.path;
  if (players < 2 || players > VS_MAX_PLAYERS)
    throw ConfigError("players: " + std::to_string(players) + " players; the competitive game takes 2 to " +
                      std::to_string(VS_MAX_PLAYERS) + " (G1.2)");
  if (switches.unplaceable != Unplaceable::Discard)
    throw ConfigError("unplaceable: 'lose' has no meaning in the competitive game; a tile that fits nowhere is "
                      "discarded and another drawn (G1.4)");
  if (R.catalog.start.empty()) throw ConfigError(file + ": start: the catalog has no [[start]] cell");
  if (int(R.catalog.tiles.size() + R.catalog.start.size()) > MAX_TYPES)
    throw ConfigError(file + ": tile: more than " + std::to_string(MAX_TYPES) + " tile designs");
  for (const TileSpec& t : R.catalog.tiles) {
    R.types.push_back(compile_type(t, R.catalog));
    R.tiles_in_play += t.copies;
  }
  R.n_land_types = int(R.types.size());
  for (const TileSpec& t : R.catalog.start) {
    if (t.at_x < 0 || t.at_x > 1 || t.at_y < 0 || t.at_y > 1)
      throw ConfigError(file + ":" + std::to_string(t.line) + ": start " + t.id + ": at: offset outside 0..1");
    R.start_types.push_back(int(R.types.size()));
    R.start_at.emplace_back(t.at_x, t.at_y);
    R.types.push_back(compile_type(t, R.catalog));
  }
  const int capacity = std::min(VS_W / 2 - 2, VS_MAX_TILES - int(R.start_types.size()));
  if (R.tiles_in_play > capacity)
    throw ConfigError(file + ": tiles: " + std::to_string(R.tiles_in_play) + " tiles in the draw pile; the competitive "
                      "board holds " + std::to_string(capacity));
  if (R.tiles_in_play == 0) throw ConfigError(file + ": tiles: the draw pile is empty");
  return R;
}

std::string VsRules::describe() const {
  std::ostringstream os;
  os << "game " << game_name(game) << ", " << players << " players, catalog " << catalog.path << " ("
     << catalog.checksum << "), " << tiles_in_play << " tiles in the pile, unplaceable discard";
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

// Constraint of an empty cell from its neighbours: a rotation with sides `x` fits iff
// (x & mask) == value.
inline void constraint(const VsRules& R, const VsState& s, VsCell c, uint8_t& mask, uint8_t& value) {
  mask = value = 0;
  for (int side = 0; side < SIDE_NB; ++side) {
    const uint8_t nb = s.grid[size_t(c + VS_STEP[size_t(side)])];
    if (!nb) continue;
    const VsTile& u = s.tiles[nb - 1u];
    const uint8_t t = (R.types[u.type].rot[u.rot].sides >> (2 * opposite(side))) & 3;
    mask |= uint8_t(3u << (2 * side));
    value |= uint8_t(t << (2 * side));
  }
}

int put_tile(const VsRules& R, VsState& s, int type, VsCell cell, int rot) {
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
  s.grid[cell] = uint8_t(ti + 1);
  const VsOrientation& o = T.rot[size_t(rot)];
  for (int side = 0; side < SIDE_NB; ++side) {
    const uint8_t nb = s.grid[size_t(cell + VS_STEP[size_t(side)])];
    if (!nb) continue;
    const VsTile& u = s.tiles[nb - 1u];
    const VsOrientation& uo = R.types[u.type].rot[u.rot];
    for (int k = 0; k < 3; ++k) {
      const int slot = slot_of(side, k);
      const int ra = o.region[size_t(slot)];
      const RegionKind kind = T.regions[size_t(ra)].kind;
      const uint16_t a = uint16_t(t.node + ra), b = uint16_t(u.node + uo.region[size_t(facing_slot(slot))]);
      if (kind == RegionKind::Field) {
        unite(s, a, b);
      } else if (k == 1) {  // a city or road side connects once, through its middle slot
        const uint16_t root = unite(s, a, b);
        s.nodes[root].open = int16_t(s.nodes[root].open - 2);
      }
    }
  }
  // Frontier: the cell leaves it, its empty neighbours with no other tile around join it.
  for (int i = 0; i < s.n_frontier; ++i)
    if (s.frontier[size_t(i)] == cell) {
      s.frontier[size_t(i)] = s.frontier[size_t(--s.n_frontier)];
      break;
    }
  for (int side = 0; side < SIDE_NB; ++side) {
    const VsCell c2 = VsCell(cell + VS_STEP[size_t(side)]);
    if (s.grid[c2]) continue;
    int around = 0;
    for (int d : VS_STEP) around += s.grid[size_t(c2 + d)] != 0;
    if (around == 1) s.frontier[s.n_frontier++] = c2;
  }
  return ti;
}

// Meeples of each seat in the feature `root`.
void count_meeples(const VsRules& R, const VsState& s, uint16_t root, std::array<int, VS_MAX_PLAYERS>& count) {
  for (int p = 0; p < R.players; ++p)
    for (const VsMeeple& m : s.meeples[size_t(p)])
      if (m.node != VS_NO_NODE && find_root(s, m.node) == root) ++count[size_t(p)];
}

// Every meeple in the feature `root` goes back to its owner's supply.
void take_back(const VsRules& R, VsState& s, uint16_t root) {
  for (int p = 0; p < R.players; ++p)
    for (VsMeeple& m : s.meeples[size_t(p)])
      if (m.node != VS_NO_NODE && find_root(s, m.node) == root) {
        m.node = VS_NO_NODE;
        ++s.supply[size_t(p)];
      }
  s.nodes[root].meeples = 0;
}

// Tiles (distinct) and coats of arms of a city or road.
void extent(const VsRules& R, const VsState& s, uint16_t root, int& tiles, int& arms) {
  uint64_t seen[2] = {0, 0};
  tiles = arms = 0;
  uint16_t n = root;
  do {
    const VsNode& v = s.nodes[n];
    const uint64_t bit = 1ull << (v.tile & 63);
    if (!(seen[v.tile >> 6] & bit)) {
      seen[v.tile >> 6] |= bit;
      ++tiles;
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

// Majority (G1.8): the seats with the most meeples in the feature each get `value`.
void pay_majority(const VsRules& R, const std::array<int, VS_MAX_PLAYERS>& count, int value,
                  std::array<int, VS_MAX_PLAYERS>& to) {
  const int best = *std::max_element(count.begin(), count.begin() + R.players);
  if (best == 0) return;
  for (int p = 0; p < R.players; ++p)
    if (count[size_t(p)] == best) to[size_t(p)] += value;
}

// Value of a feature at the end of the game (G1.9), by its root.
int final_value(const VsRules& R, const VsState& s, uint16_t root) {
  const VsNode& v = s.nodes[root];
  switch (v.kind) {
    case RegionKind::Road: case RegionKind::City: {
      int tiles, arms;
      extent(R, s, root, tiles, arms);
      return v.kind == RegionKind::Road ? tiles : tiles + arms;
    }
    case RegionKind::Monastery: return 1 + ring_tiles(s, s.tiles[v.tile].cell);
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
    default: return 0;
  }
}

}  // namespace

std::array<int, VS_MAX_PLAYERS> final_points(const VsRules& R, const VsState& s) {
  std::array<int, VS_MAX_PLAYERS> to{};
  std::array<uint16_t, VS_MAX_PLAYERS * VS_MEEPLES> roots;
  int n_roots = 0;
  for (int p = 0; p < R.players; ++p)
    for (const VsMeeple& m : s.meeples[size_t(p)]) {
      if (m.node == VS_NO_NODE) continue;
      const uint16_t r = find_root(s, m.node);
      if (std::find(roots.begin(), roots.begin() + n_roots, r) == roots.begin() + n_roots) roots[size_t(n_roots++)] = r;
    }
  for (int i = 0; i < n_roots; ++i) {
    std::array<int, VS_MAX_PLAYERS> count{};
    count_meeples(R, s, roots[size_t(i)], count);
    pay_majority(R, count, final_value(R, s, roots[size_t(i)]), to);
  }
  return to;
}

VsState initial_state(const VsRules& R) {
  VsState s;
  std::memset(static_cast<void*>(&s), 0, sizeof s);
  for (auto& row : s.meeples)
    for (VsMeeple& m : row) m.node = VS_NO_NODE;
  for (int p = 0; p < R.players; ++p) s.supply[size_t(p)] = VS_MEEPLES;
  for (size_t k = 0; k < R.start_types.size(); ++k)
    put_tile(R, s, R.start_types[k], vs_cell(VS_START + R.start_at[k].first, VS_START + R.start_at[k].second), 0);
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
    uint8_t mask, value;
    constraint(R, s, s.frontier[size_t(i)], mask, value);
    for (int rot = 0; rot < 4; ++rot)
      if (T.rot_ok[size_t(rot)] && (T.rot[size_t(rot)].sides & mask) == value) return true;
  }
  return false;
}

namespace {

void end_game(const VsRules& R, VsState& s) {
  const auto to = final_points(R, s);
  for (int p = 0; p < R.players; ++p) s.score[size_t(p)] = int16_t(s.score[size_t(p)] + to[size_t(p)]);
  s.phase = VsPhase::Over;
}

void score_turn(const VsRules& R, VsState& s) {
  std::array<int, VS_MAX_PLAYERS> to{};
  for (int i = 0; i < s.n_pending; ++i) {
    const uint16_t root = s.pending[size_t(i)];
    if (!s.nodes[root].meeples) continue;
    int tiles, arms;
    extent(R, s, root, tiles, arms);
    const int value = s.nodes[root].kind == RegionKind::Road ? tiles : 2 * tiles + 2 * arms;  // G1.7
    std::array<int, VS_MAX_PLAYERS> count{};
    count_meeples(R, s, root, count);
    take_back(R, s, root);
    pay_majority(R, count, value, to);
  }
  s.n_pending = 0;
  // Monasteries around the placed tile that the placement surrounded (G1.6).
  const VsCell c = s.tiles[s.last].cell;
  for (int k = -1; k < 8; ++k) {
    const uint8_t g = s.grid[size_t(k < 0 ? c : c + VS_RING[size_t(k)])];
    if (!g) continue;
    const VsTile& t = s.tiles[g - 1u];
    const int m = R.types[t.type].monastery;
    if (m < 0 || !s.nodes[size_t(t.node + m)].meeples || ring_tiles(s, t.cell) != 8) continue;
    const uint16_t root = uint16_t(t.node + m);
    std::array<int, VS_MAX_PLAYERS> count{};
    count_meeples(R, s, root, count);
    take_back(R, s, root);
    pay_majority(R, count, 9, to);
  }
  for (int p = 0; p < R.players; ++p) s.score[size_t(p)] = int16_t(s.score[size_t(p)] + to[size_t(p)]);
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
  if (s.phase == VsPhase::Place) {
    const VsType& T = R.types[s.drawn];
    for (int i = 0; i < s.n_frontier; ++i) {
      const VsCell c = s.frontier[size_t(i)];
      uint8_t mask, value;
      constraint(R, s, c, mask, value);
      for (int rot = 0; rot < 4; ++rot)
        if (T.rot_ok[size_t(rot)] && (T.rot[size_t(rot)].sides & mask) == value) out[n++] = VsAction::place(c, rot);
    }
  } else if (s.phase == VsPhase::Meeple) {
    out[n++] = VsAction::meeple(VsAction::NONE);
    if (s.supply[s.player]) {
      const VsTile& t = s.tiles[s.last];
      const VsType& T = R.types[t.type];
      uint16_t roots[VS_MAX_REGIONS];
      for (int r = 0; r < T.n_regions; ++r) {
        const uint16_t root = find_root(s, uint16_t(t.node + r));
        roots[r] = root;
        if (s.nodes[root].meeples) continue;                   // G1.5: occupied
        if (std::find(roots, roots + r, root) != roots + r) continue;  // same feature twice on one tile
        out[n++] = VsAction::meeple(r);
      }
    }
  }
  return n;
}

void apply(const VsRules& R, VsState& s, VsAction a) {
  if (a.kind() == VsKind::Place) {
    s.n_pending = 0;
    const int ti = put_tile(R, s, s.drawn, a.cell(), a.rot());
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
      }
    }
    s.phase = VsPhase::Meeple;
    return;
  }
  // Meeple step, then scoring and the end of the turn.
  if (a.region() != VsAction::NONE) {
    const uint16_t node = uint16_t(s.tiles[s.last].node + a.region());
    for (VsMeeple& m : s.meeples[s.player])
      if (m.node == VS_NO_NODE) {
        m.node = node;
        break;
      }
    --s.supply[s.player];
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
    const int x = s.tiles[size_t(i)].cell % VS_W, y = s.tiles[size_t(i)].cell / VS_W;
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
  if (a.kind() == VsKind::Place)
    return "place " + std::to_string(int(a.cell() % VS_W) - VS_START) + " " + std::to_string(int(a.cell() / VS_W) - VS_START) +
           " " + std::to_string(a.rot());
  if (a.region() == VsAction::NONE) return "meeple none";
  const VsType& T = R.types[s.tiles[s.last].type];
  const RegionKind k = T.regions[size_t(a.region())].kind;
  int pos = 0;
  for (int r = 0; r < a.region(); ++r) pos += T.regions[size_t(r)].kind == k;
  return "meeple " + std::string(kind_name(k)) + std::to_string(pos);
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
  return g;
}

}  // namespace mists::vs
