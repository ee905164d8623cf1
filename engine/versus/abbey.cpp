// Abbey & Mayor (EXPANSIONS A1-A5 of docs/versus.md) and the abbot (G1.11) in the competitive
// engine: holes for the abbey, barn points and barn scoring, where a wagon may go, the wagon's
// links between the regions of a design, the abbot taken back.
#include <algorithm>

#include "engine/versus/versus.h"
#include "engine/versus/detail.h"

namespace mists::vs::detail {

bool is_hole(const VsState& s, VsCell c) {
  if (s.grid[c]) return false;
  for (int d : VS_STEP)
    if (!s.grid[size_t(c + d)]) return false;
  return true;
}

bool any_hole(const VsRules&, const VsState& s) {
  for (int i = 0; i < s.n_frontier; ++i)
    if (is_hole(s, s.frontier[size_t(i)])) return true;
  return false;
}

uint16_t barn_field(const VsRules& R, const VsState& s, VsCell cell) {
  // The four tiles at the point (NW, NE, SE, SW of it) and the two slots of each at the point
  // (A5.1): NW tile E3 + S1, NE tile S3 + W1, SE tile N1 + W3, SW tile N3 + E1.
  static constexpr int AT[4][2] = {{5, 6}, {8, 9}, {0, 11}, {2, 3}};
  const VsCell tile_at[4] = {VsCell(cell - VS_W - 1), VsCell(cell - VS_W), cell, VsCell(cell - 1)};
  uint16_t field = VS_NO_NODE;
  for (int k = 0; k < 4; ++k) {
    const uint8_t g = s.grid[tile_at[k]];
    if (!g) return VS_NO_NODE;
    const VsTile& t = s.tiles[g - 1u];
    const VsType& T = R.types[t.type];
    const VsOrientation& o = T.rot[t.rot];
    const int r = o.region[size_t(AT[k][0])];
    if (r == 0xFF || o.region[size_t(AT[k][1])] != r || T.regions[size_t(r)].kind != RegionKind::Field) return VS_NO_NODE;
    if (k == 2) field = uint16_t(t.node + r);
  }
  return field;
}

int barn_options(const VsRules& R, const VsState& s, VsAction* out) {
  int n = 0;
  auto try_point = [&](VsCell c) {
    const uint16_t field = barn_field(R, s, c);
    if (field != VS_NO_NODE && !s.nodes[find_root(s, field)].barns) out[n++] = VsAction::barn(c);  // A5.2
  };
  if (R.switches.barn_new_tile) {  // the four corners of the new tile
    const VsCell c = s.tiles[s.last].cell;
    for (VsCell x : {c, VsCell(c + 1), VsCell(c + VS_W), VsCell(c + VS_W + 1)}) try_point(x);
  } else {  // every point: each is the north-west corner of its south-east tile
    for (int i = 0; i < s.n_tiles; ++i) try_point(s.tiles[size_t(i)].cell);
  }
  return n;
}

namespace {

// A wagon may go to the feature of region `r` of placed tile `ti` (A4.2): a road, city or
// monastery, unfinished, with no meeple in it, not listed yet. Adds it to `out`.
void wagon_target(const VsRules& R, const VsState& s, int ti, int r, VsAction* out, int& n, uint16_t* roots) {
  const VsTile& t = s.tiles[size_t(ti)];
  const VsType& T = R.types[t.type];
  const VsRegion& g = T.regions[size_t(r)];
  if (g.hidden) return;
  // G4.7 `forbidden`: no piece onto a misty road segment, the wagon's move included.
  if (g.kind == RegionKind::Road && T.misty_road[size_t(r)] && R.switches.misty_road_meeple == MistyRoadMeeple::Forbidden) return;
  const uint16_t root = find_root(s, uint16_t(t.node + r));
  const VsNode& v = s.nodes[root];
  if (v.meeples) return;
  if (g.kind == RegionKind::Road || g.kind == RegionKind::City) {
    if (v.done) return;
  } else if (g.kind == RegionKind::Monastery) {
    if (ring_tiles(R, s, t.cell) == 8) return;
  } else {
    return;
  }
  for (int k = 0; k < n; ++k)
    if (roots[k] == root) return;
  roots[n] = root;
  out[n++] = VsAction::wagon(t.node + r);
}

}  // namespace

int wagon_options(const VsRules& R, const VsState& s, VsAction* out) {
  const VsSeatPieces& q = s.piece[s.player];
  uint16_t roots[VS_MAX_ACTIONS / 4];
  int n = 0;
  if (R.switches.wagon_range == WagonRange::Neighbourhood) {
    // A segment on the wagon's tile or on one of the 8 cells around it.
    const VsCell c = s.tiles[q.wagon_tile].cell;
    for (int k = -1; k < 8; ++k) {
      const uint8_t g = s.grid[size_t(k < 0 ? c : VsCell(int(c) + VS_RING[size_t(k)]))];
      if (!g) continue;
      const VsType& T = R.types[s.tiles[g - 1u].type];
      for (int r = 0; r < T.n_regions; ++r) wagon_target(R, s, g - 1, r, out, n, roots);
    }
  } else {
    // Linked on some tile of the scored feature: a road through a junction, a road's end at a
    // city or monastery, a monastery beside a city.
    uint16_t m = q.wagon_root;
    do {
      const VsNode& v = s.nodes[m];
      const VsRegion& g = R.types[s.tiles[v.tile].type].regions[v.region];
      for (int r = 0; r < VS_MAX_REGIONS; ++r)
        if (g.links >> r & 1) wagon_target(R, s, v.tile, r, out, n, roots);
      m = v.next;
    } while (m != q.wagon_root);
  }
  return n;
}

void compile_links(VsType& tt, const TileSpec& spec) {
  std::vector<int> cities, roads;
  int monastery = -1;
  for (size_t i = 0; i < spec.regions.size(); ++i) {
    if (spec.regions[i].kind == RegionKind::City) cities.push_back(int(i));
    if (spec.regions[i].kind == RegionKind::Road) roads.push_back(int(i));
    if (spec.regions[i].kind == RegionKind::Monastery) monastery = int(i);
  }
  auto link = [&](int a, int b) {
    if (a < 0 || b < 0 || a == b) return;
    tt.regions[size_t(a)].links = uint16_t(tt.regions[size_t(a)].links | 1u << b);
    tt.regions[size_t(b)].links = uint16_t(tt.regions[size_t(b)].links | 1u << a);
  };
  for (int r : roads) {  // a road's end at a city (E1.2 `into`, else the tile's only city) or monastery
    const RegionSpec& g = spec.regions[size_t(r)];
    if (__builtin_popcount(g.slots) != 1) continue;
    if (g.end == RoadEnd::City) {
      if (g.into >= 0 && g.into < int(cities.size())) link(r, cities[size_t(g.into)]);
      else if (g.into < 0 && cities.size() == 1) link(r, cities[0]);
    } else if (g.end == RoadEnd::Monastery) {
      link(r, monastery);
    }
  }
  for (const auto& j : tile_junctions(spec))  // the roads of one village
    for (int a : j)
      for (int b : j)
        if (a >= 0 && b >= 0 && a < int(roads.size()) && b < int(roads.size())) link(roads[size_t(a)], roads[size_t(b)]);
  if (monastery >= 0)  // a monastery inside or beside a city of its tile
    for (int c : cities) link(monastery, c);
}

void score_new_barn(const VsRules& R, VsState& s, int, uint16_t field) {
  Points to{};
  settle(R, s, field, 3 * finished_cities(R, s, field), to);  // A5.3: as at the end; its farmers go home
  add_floored(R, s, to);
}

void recall_abbot(const VsRules& R, VsState& s, int seat) {
  VsMeeple& m = s.meeples[size_t(seat)][VS_SLOT_ABBOT];
  const uint16_t root = find_root(s, m.node);
  const int value = final_value(R, s, root);  // as at the end: 1 + the tiles around it
  Points to{};
  to[size_t(seat)] = value - 2 * m.ghosts;    // with GCC each of its ghosts costs 2
  VsSeatStats& st = s.stats[size_t(seat)];
  st.abbot_points = uint16_t(st.abbot_points + value);
  st.ghost_points = uint16_t(st.ghost_points + 2 * m.ghosts);
  --s.nodes[root].meeples;
  lift(s, seat, m);
  add_floored(R, s, to);
}

void final_barns(const VsRules& R, const VsState& s, Points& to, std::array<VsSeatStats, VS_MAX_PLAYERS>* stats) {
  for (int p = 0; p < R.players; ++p) {
    const uint16_t barn = s.piece[size_t(p)].barn;
    if (barn == VS_NO_NODE) continue;
    const int v = 4 * finished_cities(R, s, find_root(s, barn));  // A5.5: every barn owner in full
    to[size_t(p)] += v;
    if (stats) (*stats)[size_t(p)].barn_points = uint16_t((*stats)[size_t(p)].barn_points + v);
  }
}

}  // namespace mists::vs::detail
