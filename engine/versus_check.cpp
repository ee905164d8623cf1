// Slow references for the competitive engine: placements by brute force, final scoring by flood
// fill, and the consistency of the incremental state. For tests; never on a hot path.
#include <algorithm>
#include <numeric>
#include <set>

#include "engine/versus.h"

namespace mists::vs {

namespace {

// Terrain of board side `side` of a design turned by `rot`, from the catalog edges.
Terrain terrain_of(const TileSpec& t, int side, int rot) { return side_terrain(t, (side - rot + 4) & 3); }

// Region of the placed tile `t` under board slot `slot`, from the catalog masks.
int owner(const VsRules& R, const VsTile& t, int slot) {
  const TileSpec& spec = *R.types[t.type].spec;
  for (size_t r = 0; r < spec.regions.size(); ++r)
    if (rotate_mask(spec.regions[r].slots, t.rot) >> slot & 1) return int(r);
  return -1;
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
    if (s.grid[size_t(c)] || !has_neighbour(s, c)) return;
    for (int rot = 0; rot < 4; ++rot) {
      if (!R.types[size_t(type)].rot_ok[size_t(rot)]) continue;
      bool fits = true;
      for (int side = 0; side < SIDE_NB && fits; ++side) {
        const uint8_t nb = s.grid[size_t(c + VS_STEP[size_t(side)])];
        if (!nb) continue;
        const VsTile& u = s.tiles[nb - 1u];
        fits = terrain_of(spec, side, rot) == terrain_of(*R.types[u.type].spec, opposite(side), u.rot);
      }
      if (fits) out.push_back(VsAction::place(VsCell(c), rot));
    }
  });
  return out;
}

Recount slow_recount(const VsRules& R, const VsState& s) {
  Recount out;
  const int n = s.n_tiles * VS_MAX_REGIONS;
  std::vector<int> parent(static_cast<size_t>(n), 0);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[size_t(x)] != x) x = parent[size_t(x)];
    return x;
  };
  auto id = [](int tile, int region) { return tile * VS_MAX_REGIONS + region; };
  std::vector<char> open(size_t(n), 0);  // a member touches a side that faces an empty cell
  for (int i = 0; i < s.n_tiles; ++i) {
    const VsTile& t = s.tiles[size_t(i)];
    for (int side = 0; side < SIDE_NB; ++side) {
      const uint8_t nb = s.grid[size_t(t.cell + VS_STEP[size_t(side)])];
      for (int k = 0; k < 3; ++k) {
        const int slot = slot_of(side, k);
        const int a = id(i, owner(R, t, slot));
        if (!nb) {
          open[size_t(a)] = 1;
          continue;
        }
        const int b = id(nb - 1, owner(R, s.tiles[nb - 1u], facing_slot(slot)));
        parent[size_t(find(a))] = find(b);
      }
    }
  }
  std::vector<char> comp_open(size_t(n), 0);
  for (int x = 0; x < n; ++x)
    if (open[size_t(x)]) comp_open[size_t(find(x))] = 1;
  // Meeples per component and seat.
  std::vector<std::array<int, VS_MAX_PLAYERS>> count(static_cast<size_t>(n), std::array<int, VS_MAX_PLAYERS>{});
  std::set<int> occupied;
  for (int p = 0; p < R.players; ++p)
    for (const VsMeeple& m : s.meeples[size_t(p)]) {
      if (m.node == VS_NO_NODE) continue;
      ++out.meeples_on_board;
      const VsNode& v = s.nodes[m.node];
      const int c = find(id(v.tile, v.region));
      ++count[size_t(c)][size_t(p)];
      occupied.insert(c);
    }
  for (int c : occupied) {
    const int tile = c / VS_MAX_REGIONS;
    const RegionKind kind = R.types[s.tiles[size_t(tile)].type].spec->regions[size_t(c % VS_MAX_REGIONS)].kind;
    int value = 0;
    std::set<int> tiles, cities;
    int arms = 0;
    for (int x = 0; x < n; ++x) {
      if (x / VS_MAX_REGIONS >= s.n_tiles) break;
      const VsTile& t = s.tiles[size_t(x / VS_MAX_REGIONS)];
      const TileSpec& spec = *R.types[t.type].spec;
      if (x % VS_MAX_REGIONS >= int(spec.regions.size()) || find(x) != c) continue;
      const RegionSpec& r = spec.regions[size_t(x % VS_MAX_REGIONS)];
      tiles.insert(x / VS_MAX_REGIONS);
      arms += r.arms;
      if (r.kind == RegionKind::Field)
        for (int ci : r.cities) {
          int k = -1, pos = 0;  // ci-th city region of the tile
          for (size_t q = 0; q < spec.regions.size(); ++q)
            if (spec.regions[q].kind == RegionKind::City && pos++ == ci) k = int(q);
          const int cc = find(id(x / VS_MAX_REGIONS, k));
          if (!comp_open[size_t(cc)]) cities.insert(cc);
        }
    }
    switch (kind) {
      case RegionKind::Road: value = int(tiles.size()); break;
      case RegionKind::City: value = int(tiles.size()) + arms; break;
      case RegionKind::Field: value = 3 * int(cities.size()); break;
      case RegionKind::Monastery: {
        value = 1;
        for (int d : VS_RING) value += s.grid[size_t(s.tiles[size_t(tile)].cell + d)] != 0;
        break;
      }
      default: break;
    }
    const auto& k = count[size_t(c)];
    const int best = *std::max_element(k.begin(), k.begin() + R.players);
    for (int p = 0; p < R.players; ++p)
      if (k[size_t(p)] == best) out.final_points[size_t(p)] += value;
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
    if (s.grid[size_t(c)] || !has_neighbour(s, c)) return "frontier cell " + std::to_string(c) + " is not next to the board";
    if (!frontier.insert(c).second) return "frontier cell " + std::to_string(c) + " twice";
  }
  int empty_next = 0;
  for_box(s, [&](int c) { empty_next += !s.grid[size_t(c)] && has_neighbour(s, c); });
  if (empty_next != s.n_frontier) return "frontier has " + std::to_string(s.n_frontier) + " cells, the board " + std::to_string(empty_next);
  std::vector<int> on_root(size_t(s.n_nodes), 0);
  for (int p = 0; p < R.players; ++p) {
    int board = 0;
    for (const VsMeeple& m : s.meeples[size_t(p)])
      if (m.node != VS_NO_NODE) {
        ++board;
        ++on_root[find_root(s, m.node)];
      }
    if (board + s.supply[size_t(p)] != VS_MEEPLES)
      return "seat " + std::to_string(p) + ": " + std::to_string(board) + " meeples on the board + " +
             std::to_string(s.supply[size_t(p)]) + " in supply";
    if (s.score[size_t(p)] < 0) return "seat " + std::to_string(p) + ": negative score";
  }
  for (int x = 0; x < s.n_nodes; ++x)
    if (find_root(s, uint16_t(x)) == x && s.nodes[size_t(x)].meeples != on_root[size_t(x)])
      return "feature " + std::to_string(x) + " counts " + std::to_string(s.nodes[size_t(x)].meeples) + " meeples, holds " +
             std::to_string(on_root[size_t(x)]);
  int unseen = 0;
  for (int t = 0; t < R.n_land_types; ++t) unseen += s.unseen[size_t(t)];
  if (unseen != s.left) return "pile counts disagree";
  return {};
}

}  // namespace mists::vs
