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

// Region of the placed tile `t` under board slot `slot`, from the catalog masks: its city, road
// or field, else (a misty field slot) its mist.
int owner(const VsRules& R, const VsTile& t, int slot) {
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
        const int rb = owner(R, s.tiles[nb - 1u], facing_slot(slot));
        // Mist joins nothing and splits fields (G4.6).
        if (is_mist(R, t, a % VS_MAX_REGIONS) || is_mist(R, s.tiles[nb - 1u], rb)) continue;
        const int b = id(nb - 1, rb);
        parent[size_t(find(a))] = find(b);
      }
    }
  }
  std::vector<char> comp_open(size_t(n), 0);
  for (int x = 0; x < n; ++x)
    if (open[size_t(x)]) comp_open[size_t(find(x))] = 1;
  // Meeples per component and seat.
  std::vector<std::array<int, VS_MAX_PLAYERS>> count(static_cast<size_t>(n), std::array<int, VS_MAX_PLAYERS>{});
  std::vector<std::array<int, VS_MAX_PLAYERS>> ghosts = count;
  std::set<int> occupied;
  std::array<int, VS_MAX_PLAYERS> penalty{};  // G3.9, all_but_keepers
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE) continue;
      ++out.meeples_on_board;
      const VsNode& v = s.nodes[m.node];
      const int c = find(id(v.tile, v.region));
      ++count[size_t(c)][size_t(p)];
      ghosts[size_t(c)][size_t(p)] += m.ghosts;
      occupied.insert(c);
      const RegionKind kind = R.types[s.tiles[v.tile].type].spec->regions[v.region].kind;
      if (kind != RegionKind::Cemetery) penalty[size_t(p)] += m.ghosts;
    }
  const bool scoring_only = R.switches.final_ghost_penalty == FinalGhostPenalty::ScoringOnly;
  if (scoring_only) penalty.fill(0);
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
      case RegionKind::Castle: {  // G4.5: misty cells among its own and the filled cells around
        const int cell = int(s.tiles[size_t(tile)].cell);
        value = misty_at(R, s, cell);
        for (int d : VS_RING) value += misty_at(R, s, cell + d);
        break;
      }
      case RegionKind::Cemetery: continue;  // pays nothing at the end, its keeper's ghosts do not count
      default: break;
    }
    const auto& k = count[size_t(c)];
    const int best = *std::max_element(k.begin(), k.begin() + R.players);
    for (int p = 0; p < R.players; ++p)
      if (k[size_t(p)] == best) {
        out.final_points[size_t(p)] += value;
        if (scoring_only) penalty[size_t(p)] += ghosts[size_t(c)][size_t(p)];
      }
  }
  for (int p = 0; p < R.players; ++p) out.final_points[size_t(p)] -= penalty[size_t(p)];
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
    // Its cached constraint against the neighbours' sides, read from the catalog.
    int mask = 0, value = 0;
    for (int side = 0; side < SIDE_NB; ++side) {
      const uint8_t nb = s.grid[size_t(c + VS_STEP[size_t(side)])];
      if (!nb) continue;
      const VsTile& u = s.tiles[nb - 1u];
      mask |= 3 << (2 * side);
      value |= int(terrain_of(*R.types[u.type].spec, opposite(side), u.rot)) << (2 * side);
    }
    if (mask != s.front_mask[size_t(i)] || value != s.front_value[size_t(i)])
      return "frontier cell " + std::to_string(c) + ": cached constraint " + std::to_string(s.front_mask[size_t(i)]) + "/" +
             std::to_string(s.front_value[size_t(i)]) + ", the neighbours ask " + std::to_string(mask) + "/" +
             std::to_string(value);
  }
  int empty_next = 0;
  for_box(s, [&](int c) { empty_next += !s.grid[size_t(c)] && has_neighbour(s, c); });
  if (empty_next != s.n_frontier) return "frontier has " + std::to_string(s.n_frontier) + " cells, the board " + std::to_string(empty_next);
  std::vector<int> on_root(size_t(s.n_nodes), 0);
  const bool gcc = R.game == VsGame::Gcc;
  int ghosts = s.ghosts;
  for (int p = 0; p < R.players; ++p) {
    const std::string seat = "seat " + std::to_string(p) + ": ";
    int board = 0, guards = 0, in_supply = 0, guards_in_supply = 0;
    for (int i = 0; i < VS_MEEPLE_SLOTS; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (i >= s.owned[size_t(p)]) {
        if (m.node != VS_NO_NODE || m.ghosts) return seat + "a meeple slot beyond the owned ones is in use";
        continue;
      }
      guards += m.guard;
      ghosts += m.ghosts;
      if (m.ghosts > 2 || (m.ghosts && (m.guard || m.node == VS_NO_NODE)))
        return seat + "meeple " + std::to_string(i) + " holds " + std::to_string(m.ghosts) + " ghosts";
      if (m.node != VS_NO_NODE) {
        ++board;
        ++on_root[find_root(s, m.node)];
        const RegionKind k = s.nodes[m.node].kind;
        if (k == RegionKind::Mist) return seat + "a meeple on mist";
      } else {
        ++(m.guard ? guards_in_supply : in_supply);
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
  }
  if (ghosts != (gcc ? VS_GHOSTS : 0)) return std::to_string(ghosts) + " ghosts in the supply and on meeples";
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
