// The competitive turn: the board updates, the turn sequence, scoring and final scoring (G1-G5 of
// docs/versus.md), the legal actions and their effect, with the hooks of the expansion modules
// (engine/versus/abbey.cpp, toll.cpp, map.cpp).
#include "engine/versus/versus.h"

#include "engine/versus/detail.h"

#include <algorithm>
#include <cstring>
#include <sstream>

#include "engine/kit/tiles.h"

namespace mists::vs {

// ---- Board updates --------------------------------------------------------------------------------

namespace detail {

uint16_t find_mut(VsState& s, uint16_t n) { return uf::find(s.nodes, n); }

// `a`'s root stays the root (VsNode::absorb: it counts open sides, meeples, the finished flag and barns).
uint16_t unite(VsState& s, uint16_t a, uint16_t b) { return uf::unite<false>(s.nodes, a, b); }

int ring_tiles(const VsRules& R, const VsState& s, VsCell c) {
  int k = 0;
  for (int d : VS_RING) k += s.grid[size_t(c + d)] != 0;
  if (R.on_map && R.switches.border_monastery_filled)  // M1.5: squares off the map count as filled
    for (int d : VS_RING) k += R.square[size_t(c + d)] == VS_SQ_OFF;
  return k;
}

}  // namespace detail

using namespace detail;

namespace {

// An edge where one of two tiles closes what faces it (E5.2): the other tile's road or city there
// loses an open side (A2.2: a road ends there, a city side is walled; fields are not joined), and
// with abbey_in_features = yes the abbey's hidden part on that side joins it, so that the abbey
// counts once as a tile of it. `side` is tile a's side that faces tile b.
void close_side(const VsRules& R, VsState& s, const VsTile& a, const VsOrientation& ao, int side, const VsTile& b,
                const VsOrientation& bo) {
  const int back = opposite(side);
  const bool a_closes = ao.closes >> side & 1, b_closes = bo.closes >> back & 1;
  if (a_closes == b_closes) return;  // two closing sides: nothing to close
  const VsTile& open_tile = a_closes ? b : a;
  const VsOrientation& oo = a_closes ? bo : ao;
  const int open_side = a_closes ? back : side;
  const int r = oo.region[size_t(slot_of(open_side, 1))];
  const RegionKind kind = R.types[open_tile.type].regions[size_t(r)].kind;
  if (kind != RegionKind::Road && kind != RegionKind::City) return;
  const uint16_t root = find_mut(s, uint16_t(open_tile.node + r));
  --s.nodes[root].open;
  const VsTile& shut = a_closes ? a : b;
  if (R.types[shut.type].abbey && R.switches.abbey_in_features) {
    const uint16_t part = uint16_t(shut.node + 1 + (a_closes ? side : back));  // the abbey lies unturned
    s.nodes[part].kind = kind;
    unite(s, root, part);
  }
}

}  // namespace

// Places the tile and joins its regions to the neighbours'. Returns its index; `ghost_due` gets
// bit 1 for a misty-misty slot pair and bit 2 for a split pair (G3.2). On a map a side facing no
// square closes its road or city (M1.5), and a large city next to the tile is connected (M1.4).
int detail::put_tile(const VsRules& R, VsState& s, int type, VsCell cell, int rot, uint8_t& ghost_due) {
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
    n.barns = 0;
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
    if (!nb) {
      if (R.on_map && R.square[size_t(cell + VS_STEP[size_t(side)])] == VS_SQ_OFF && !(o.closes >> side & 1)) {
        const int r = o.region[size_t(slot_of(side, 1))];
        const RegionKind k = T.regions[size_t(r)].kind;
        if (k == RegionKind::Road || k == RegionKind::City) --s.nodes[find_mut(s, uint16_t(t.node + r))].open;
      }
      continue;
    }
    const VsTile& u = s.tiles[nb - 1u];
    const VsOrientation& uo = R.types[u.type].rot[u.rot];
    if (R.closing && ((o.closes >> side | uo.closes >> opposite(side)) & 1)) {
      close_side(R, s, t, o, side, u, uo);
      continue;
    }
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
  // neighbour) or has its constraint narrowed by the side this tile shows it (nothing for a
  // closing side, which matches anything).
  // Where the cell and its four neighbours stand in the frontier (-1: not in it), found in one
  // pass without an early exit (each cell is in the frontier at most once).
  std::array<VsCell, 1 + SIDE_NB> want{cell};
  for (int side = 0; side < SIDE_NB; ++side) want[size_t(1 + side)] = VsCell(cell + VS_STEP[size_t(side)]);
  std::array<int, 1 + SIDE_NB> at;
  at.fill(-1);
  for (int i = 0; i < s.n_frontier; ++i) {
    const VsCell f = s.frontier[size_t(i)];
    for (size_t k = 0; k < at.size(); ++k) at[k] = f == want[k] ? i : at[k];
  }
  if (at[0] >= 0) {  // the cell leaves: the last frontier cell takes its place
    const int last = --s.n_frontier;
    s.frontier[size_t(at[0])] = s.frontier[size_t(last)];
    s.front_mask[size_t(at[0])] = s.front_mask[size_t(last)];
    s.front_value[size_t(at[0])] = s.front_value[size_t(last)];
    for (size_t k = 1; k < at.size(); ++k)
      if (at[k] == last) at[k] = at[0];
  }
  for (int side = 0; side < SIDE_NB; ++side) {
    const VsCell c2 = want[size_t(1 + side)];
    if (s.grid[c2] || !takes_tile(R, c2)) continue;
    const int facing = opposite(side);  // the side of c2 that touches this tile
    const bool any = o.closes >> side & 1;
    const uint8_t mask = any ? uint8_t(0) : uint8_t(3u << (2 * facing));
    const uint8_t value = any ? uint8_t(0) : uint8_t(((o.sides >> (2 * side)) & 3u) << (2 * facing));
    int i = at[size_t(1 + side)];
    if (i < 0) {
      i = s.n_frontier;
      s.frontier[size_t(i)] = c2;
      s.front_mask[size_t(i)] = R.on_map ? R.fixed_mask[c2] : 0;  // M1.3, M1.4: what the map asks there
      s.front_value[size_t(i)] = R.on_map ? R.fixed_value[c2] : 0;
      ++s.n_frontier;
    }
    s.front_mask[size_t(i)] |= mask;
    s.front_value[size_t(i)] |= value;
  }
  if (R.on_map && type < R.first_city_type) connect_cities(R, s, cell);
  return ti;
}

int detail::misty_cells(const VsRules& R, const VsState& s, VsCell c) {
  int k = R.types[s.tiles[s.grid[c] - 1u].type].misty;
  for (int d : VS_RING) {
    const uint8_t g = s.grid[size_t(c + d)];
    k += g && R.types[s.tiles[g - 1u].type].misty;
  }
  return k;
}

namespace detail {

void count_meeples(const VsRules& R, const VsState& s, uint16_t root, Points& count, Points* ghosts) {
  int arms = -1;  // the city's coats of arms, counted when a mayor is found (A3.2)
  for (int p = 0; p < R.players; ++p) {
    const int end = slot_end(R, s, p);
    for (int i = 0; i < end; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE || find_root(s, m.node) != root) continue;
      int w = 1;
      if (m.kind == VsPiece::Mayor) {
        if (arms < 0) {
          int tiles;
          extent(R, s, root, tiles, arms);
        }
        w = arms;
      }
      count[size_t(p)] += m.chip ? 2 * w : w;  // M5.1
      if (ghosts) (*ghosts)[size_t(p)] += m.ghosts;
    }
  }
}

void lift(VsState& s, int p, VsMeeple& m) {
  m.node = VS_NO_NODE;
  s.ghosts = uint8_t(s.ghosts + m.ghosts);
  m.ghosts = 0;
  if (m.chip) ++s.chips_out[m.chip - 1u];  // M5.2: the chip under it leaves the game
  m.chip = 0;
  if (m.kind == VsPiece::Normal) ++s.supply[size_t(p)];
  else if (m.kind == VsPiece::Guard) ++s.guards[size_t(p)];
}

void take_back(const VsRules& R, VsState& s, uint16_t root, bool wagons_move) {
  for (int p = 0; p < R.players; ++p) {
    const int end = slot_end(R, s, p);
    for (int i = 0; i < end; ++i) {
      VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE || find_root(s, m.node) != root) continue;
      if (wagons_move && m.kind == VsPiece::Wagon) {  // A4.2: it waits to move; A4.3: from the tile it stood on
        VsSeatPieces& q = s.piece[size_t(p)];
        q.wagon_tile = s.nodes[m.node].tile;
        q.wagon_root = root;
        s.wagons_due = uint8_t(s.wagons_due | 1u << p);
      }
      lift(s, p, m);
    }
  }
  s.nodes[root].meeples = 0;
}

void extent(const VsRules& R, const VsState& s, uint16_t root, int& tiles, int& arms, VsCell* first) {
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

int best_count(const VsRules& R, const Points& count) {
  return *std::max_element(count.begin(), count.begin() + R.players);
}

int finished_cities(const VsRules& R, const VsState& s, uint16_t root) {
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
      if (std::find(cities.begin(), cities.begin() + n_cities, c) == cities.begin() + n_cities) cities[size_t(n_cities++)] = c;
    }
    n = f.next;
  } while (n != root);
  return n_cities;
}

void settle(const VsRules& R, VsState& s, uint16_t root, int value, Points& to) {
  Points count{}, ghosts{};
  count_meeples(R, s, root, count, &ghosts);
  const int best = best_count(R, count);
  if (best > 0)  // A3.2, A3.3: a lone mayor without coats of arms pays nobody
    for (int p = 0; p < R.players; ++p)
      if (count[size_t(p)] == best) {
        to[size_t(p)] += value - 2 * ghosts[size_t(p)];
        s.stats[size_t(p)].ghost_points = uint16_t(s.stats[size_t(p)].ghost_points + 2 * ghosts[size_t(p)]);
        if (s.nodes[root].kind == RegionKind::Castle)
          s.stats[size_t(p)].castle_points = uint16_t(s.stats[size_t(p)].castle_points + value);
        const VsMeeple& abbot = s.meeples[size_t(p)][VS_SLOT_ABBOT];
        if (R.switches.abbot && abbot.node != VS_NO_NODE && find_root(s, abbot.node) == root)
          s.stats[size_t(p)].abbot_points = uint16_t(s.stats[size_t(p)].abbot_points + value);
      }
  take_back(R, s, root, R.abbey_type >= 0);
}

void add_floored(const VsRules& R, VsState& s, const Points& delta) {
  for (int p = 0; p < R.players; ++p) {
    const int v = s.score[size_t(p)] + delta[size_t(p)];
    if (v < 0) s.stats[size_t(p)].floor_points = uint16_t(s.stats[size_t(p)].floor_points - v);
    s.score[size_t(p)] = int16_t(std::max(0, v));
  }
}

}  // namespace detail

namespace detail {

// Value of a feature at the end of the game (G1.9, G4.5, G1.11), by its root.
int final_value(const VsRules& R, const VsState& s, uint16_t root) {
  const VsNode& v = s.nodes[root];
  switch (v.kind) {
    case RegionKind::Road: case RegionKind::City: {
      int tiles, arms;
      extent(R, s, root, tiles, arms);
      return v.kind == RegionKind::Road ? tiles : tiles + arms;
    }
    case RegionKind::Monastery: case RegionKind::Garden: return 1 + ring_tiles(R, s, s.tiles[v.tile].cell);
    case RegionKind::Castle: return misty_cells(R, s, s.tiles[v.tile].cell);
    case RegionKind::Field: return 3 * finished_cities(R, s, root);
    default: return 0;  // a cemetery pays nothing at the end (G4.2)
  }
}

}  // namespace detail

namespace {

// Final scoring before the floor: features to their majorities, then the ghosts that count at the
// end (G3.9); barns (A5.5) and tollhouses (T4.1). With `stats`, also what castles, barns, tolls
// and the abbot paid and what ghosts cost.
void final_scoring(const VsRules& R, const VsState& s, Points& to, std::array<VsSeatStats, VS_MAX_PLAYERS>* stats) {
  // The features that hold meeples, in order of first sight, and each one's strength and ghosts
  // by seat, in one pass over the meeples.
  constexpr int MAX_ON = VS_MAX_PLAYERS * VS_ALL_SLOTS;
  std::array<uint16_t, MAX_ON> roots;
  std::array<Points, MAX_ON> counts, ghost_counts;
  int n_roots = 0;
  for (int p = 0; p < R.players; ++p) {
    const int end = slot_end(R, s, p);
    for (int i = 0; i < end; ++i) {
      const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node == VS_NO_NODE) continue;
      const uint16_t r = find_root(s, m.node);
      const int k = int(std::find(roots.begin(), roots.begin() + n_roots, r) - roots.begin());
      if (k == n_roots) {
        roots[size_t(n_roots++)] = r;
        counts[size_t(k)].fill(0);
        ghost_counts[size_t(k)].fill(0);
      }
      int w = 1;
      if (m.kind == VsPiece::Mayor) {  // A3.2
        int tiles;
        extent(R, s, r, tiles, w);
      }
      counts[size_t(k)][size_t(p)] += m.chip ? 2 * w : w;  // M5.3
      ghost_counts[size_t(k)][size_t(p)] += m.ghosts;
    }
  }
  const bool scoring_only = R.switches.final_ghost_penalty == FinalGhostPenalty::ScoringOnly;
  Points penalty{};
  for (int i = 0; i < n_roots; ++i) {
    const uint16_t root = roots[size_t(i)];
    const RegionKind kind = s.nodes[root].kind;
    if (kind == RegionKind::Cemetery) continue;  // unfinished: nothing, and its keeper's ghosts do not count
    const Points& count = counts[size_t(i)];
    const Points& ghosts = ghost_counts[size_t(i)];
    const int best = best_count(R, count);
    if (best == 0) continue;  // A3.3
    const int value = final_value(R, s, root);
    for (int p = 0; p < R.players; ++p) {
      if (count[size_t(p)] != best) continue;
      to[size_t(p)] += value;
      if (scoring_only) penalty[size_t(p)] += ghosts[size_t(p)];
      if (!stats) continue;
      if (kind == RegionKind::Castle) (*stats)[size_t(p)].castle_points = uint16_t((*stats)[size_t(p)].castle_points + value);
      if (kind == RegionKind::Garden || (kind == RegionKind::Monastery && s.meeples[size_t(p)][VS_SLOT_ABBOT].node != VS_NO_NODE &&
                                         find_root(s, s.meeples[size_t(p)][VS_SLOT_ABBOT].node) == root))
        (*stats)[size_t(p)].abbot_points = uint16_t((*stats)[size_t(p)].abbot_points + value);
    }
  }
  if (!scoring_only)
    for (int p = 0; p < R.players; ++p) {
      const int end = slot_end(R, s, p);
      for (int i = 0; i < end; ++i) {
        const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
        if (m.ghosts && s.nodes[m.node].kind != RegionKind::Cemetery) penalty[size_t(p)] += m.ghosts;
      }
    }
  for (int p = 0; p < R.players; ++p) {
    to[size_t(p)] -= penalty[size_t(p)];
    if (stats) (*stats)[size_t(p)].ghost_points = uint16_t((*stats)[size_t(p)].ghost_points + penalty[size_t(p)]);
  }
  if (R.abbey_type >= 0) final_barns(R, s, to, stats);
  if (R.has(VS_TOLLKEEPERS)) final_tolls(R, s, to, stats);
}

}  // namespace

std::array<int, VS_MAX_PLAYERS> final_points(const VsRules& R, const VsState& s) {
  Points to{};
  final_scoring(R, s, to, nullptr);
  return to;
}

namespace {

VsState empty_state(const VsRules& R) {
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
    for (int i = s.supply[size_t(p)]; i < VS_MEEPLES; ++i) s.meeples[size_t(p)][size_t(i)].kind = VsPiece::Guard;
    s.meeples[size_t(p)][VS_SLOT_MAYOR].kind = VsPiece::Mayor;
    s.meeples[size_t(p)][VS_SLOT_WAGON].kind = VsPiece::Wagon;
    s.meeples[size_t(p)][VS_SLOT_ABBOT].kind = VsPiece::Abbot;
  }
  for (auto& q : s.piece) q = VsSeatPieces{};
  if (R.abbey_type >= 0) s.abbeys = uint8_t((1u << R.players) - 1);  // A1.1
  s.ghosts = gcc ? VS_GHOSTS : 0;  // G2.3: the start tile's ghost symbols are ignored
  for (int t = 0; t < R.n_land_types; ++t) s.unseen[size_t(t)] = uint8_t(R.types[size_t(t)].copies);
  s.left = uint8_t(R.tiles_in_play);
  s.phase = VsPhase::Draw;
  s.drawn = NO_TILE;
  s.last = NO_TILE;
  return s;
}

}  // namespace

VsState initial_state(const VsRules& R) {
  if (R.on_map) throw ConfigError("map: a game on a map starts from its set-up (M1.2): initial_state(R, setup)");
  VsState s = empty_state(R);
  uint8_t due = 0;
  for (size_t k = 0; k < R.start_types.size(); ++k)
    put_tile(R, s, R.start_types[k], vs_cell(VS_START + R.start_at[k].first, VS_START + R.start_at[k].second), 0, due);
  return s;
}

VsState initial_state(const VsRules& R, const VsSetup& setup) {
  if (!R.on_map) return initial_state(R);
  if (setup.second < 0 || setup.second >= R.n_land_types || !R.types[size_t(setup.second)].copies || setup.rot[0] > 3 ||
      setup.rot[1] > 3 || setup.chips.size() > size_t(VS_CHIPS))
    throw ConfigError("map: a set-up needs the second square's tile from the pile, two rotations 0-3 and at most " +
                      std::to_string(VS_CHIPS) + " chips (M1.2, M2.1)");
  VsState s = empty_state(R);
  uint8_t due = 0;
  // M1.2: the start tile on the first start square, the pile's top tile on the second, each turned
  // as the deal says; no side is compared.
  put_tile(R, s, R.start_types[0], vs_cell(VS_START, VS_START), setup.rot[0], due);
  put_tile(R, s, setup.second, R.second_start, setup.rot[1], due);
  --s.unseen[size_t(setup.second)];
  --s.left;
  for (int k = 0; k < s.n_tiles; ++k) {  // what the set-up tiles finished against the border
    const VsType& T = R.types[s.tiles[size_t(k)].type];
    for (int r = 0; r < T.n_regions; ++r) {
      const uint16_t root = find_mut(s, uint16_t(s.tiles[size_t(k)].node + r));
      if ((T.regions[size_t(r)].kind == RegionKind::City || T.regions[size_t(r)].kind == RegionKind::Road) &&
          s.nodes[root].open == 0)
        s.nodes[root].done = 1;
    }
  }
  for (size_t k = 0; k < setup.chips.size(); ++k) {  // M2.2: face down
    if (!takes_tile(R, setup.chips[k]) || s.grid[setup.chips[k]])
      throw ConfigError("map: chip " + std::to_string(k) + " lies on no free square");
    s.chip_cell[k] = setup.chips[k];
    s.chips_down |= 1u << k;
  }
  s.n_chips = uint8_t(setup.chips.size());
  s.chips_unseen = {VS_CHIP_ONES, VS_CHIP_TWOS};
  return s;
}

VsState deal_state(const VsRules& R, const VsDeal& deal, size_t* next) {
  *next = size_t(R.setup_tiles);
  if (!R.on_map) return initial_state(R);
  VsSetup setup = deal.setup;
  setup.second = deal.order.at(0);
  return initial_state(R, setup);
}

namespace {
// fit[i], for each frontier cell i: bit r set iff rotation r of T fits the cell's constraint
// ((sides & mask) == value) and is one of T's distinct rotations. A loop the compiler runs on 16
// cells at once: it goes on to a multiple of 16 (what lies past n_frontier in the arrays is left
// from earlier cells or the zeros of the empty state; its fit is computed and never read).
constexpr int FIT_BLOCK = 16;
static_assert(VS_MAX_FRONTIER % FIT_BLOCK == 0);
void rotation_fits(const VsType& T, const VsState& s, uint8_t* fit) {
  const uint8_t s0 = T.rot[0].sides, s1 = T.rot[1].sides, s2 = T.rot[2].sides, s3 = T.rot[3].sides;
  const uint8_t k0 = T.rot_ok[0] ? 1 : 0, k1 = T.rot_ok[1] ? 2 : 0, k2 = T.rot_ok[2] ? 4 : 0, k3 = T.rot_ok[3] ? 8 : 0;
  const uint8_t* mask = s.front_mask.data();
  const uint8_t* value = s.front_value.data();
  const int end = (s.n_frontier + FIT_BLOCK - 1) / FIT_BLOCK * FIT_BLOCK;
  for (int i = 0; i < end; ++i) {
    const uint8_t m = mask[i], v = value[i];
    fit[i] = uint8_t(((s0 & m) == v ? k0 : 0) | ((s1 & m) == v ? k1 : 0) | ((s2 & m) == v ? k2 : 0) | ((s3 & m) == v ? k3 : 0));
  }
}
}  // namespace

bool can_place(const VsRules& R, const VsState& s, int type) {
  alignas(16) uint8_t fit[VS_MAX_FRONTIER];
  rotation_fits(R.types[size_t(type)], s, fit);
  uint8_t any = 0;
  for (int i = 0; i < s.n_frontier; ++i) any |= fit[i];
  return any != 0;
}

int holes(const VsRules&, const VsState& s, VsCell* out) {
  int n = 0;
  for (int i = 0; i < s.n_frontier; ++i)
    if (is_hole(s, s.frontier[size_t(i)])) out[n++] = s.frontier[size_t(i)];
  return n;
}

namespace {

void end_game(const VsRules& R, VsState& s) {
  Points to{};
  final_scoring(R, s, to, &s.stats);
  add_floored(R, s, to);  // final scoring pays gains, then costs ghosts: one floor either way (G3.8)
  s.phase = VsPhase::Over;
}

// One scoring of step 3, kept apart for the `each_scoring` floor: its order key (G3.8: roads,
// cities, monasteries, castles, cemeteries, each by its smallest (y, x) cell) and what it pays.
// Tolls go with their road, gardens with the monasteries, a field joined to a barn last.
struct Scoring {  // no default member values: score_turn's list is not cleared on every placement
  int order;
  VsCell cell;
  Points delta;
};

// A finished cemetery (G4.2): its keeper's owner gains a guard from the reserve, pays 2 per ghost
// on the keeper and takes the keeper back.
void settle_cemetery(const VsRules& R, VsState& s, uint16_t root, Points& to) {
  for (int p = 0; p < R.players; ++p)
    for (int i = 0; i < s.owned[size_t(p)]; ++i) {
      VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
      if (m.node != root) continue;
      to[size_t(p)] -= 2 * m.ghosts;
      s.stats[size_t(p)].ghost_points = uint16_t(s.stats[size_t(p)].ghost_points + 2 * m.ghosts);
      if (s.reserve[size_t(p)]) {  // G4.3: usable from the next turn, as scoring ends this one
        --s.reserve[size_t(p)];
        s.meeples[size_t(p)][s.owned[size_t(p)]++] = VsMeeple{VS_NO_NODE, 0, VsPiece::Guard, 0};
        ++s.guards[size_t(p)];
        ++s.stats[size_t(p)].guards_gained;
      }
    }
  take_back(R, s, root, false);
}

void score_turn(const VsRules& R, VsState& s) {
  const bool each = R.switches.score_floor == ScoreFloor::EachScoring;
  std::array<Scoring, 4 * VS_MAX_REGIONS + 4 * 9> list;
  int n_list = 0;
  Points to{};
  auto into = [&](int order, VsCell cell) -> Points& {
    if (!each) return to;
    Scoring& sc = list[size_t(n_list++)];
    sc = Scoring{order, cell, {}};
    return sc.delta;
  };
  const bool tolls = R.has(VS_TOLLKEEPERS);
  for (int i = 0; i < s.n_pending; ++i) {
    const uint16_t root = s.pending[size_t(i)];
    const bool road = s.nodes[root].kind == RegionKind::Road;
    if (road && tolls) {  // T3.1: whether or not anyone holds the road
      int tiles, arms;
      VsCell first = VS_CELLS;
      if (each) extent(R, s, root, tiles, arms, &first);
      pay_tolls(R, s, root, into(0, first));
    }
    if (!s.nodes[root].meeples) continue;
    int tiles, arms;
    VsCell first = VS_CELLS;
    extent(R, s, root, tiles, arms, each ? &first : nullptr);
    const int value = road ? tiles : 2 * tiles + 2 * arms;  // G1.7
    settle(R, s, root, value, into(road ? 0 : 1, first));
  }
  s.n_pending = 0;
  // Monasteries, castles, cemeteries and gardens that the placement surrounded (G1.6, G4.2, G4.4,
  // G1.11).
  const VsCell c = s.tiles[s.last].cell;
  for (int k = -1; k < 8; ++k) {
    const VsCell cc = k < 0 ? c : VsCell(int(c) + VS_RING[size_t(k)]);
    const uint8_t g = s.grid[cc];
    if (!g) continue;
    const VsTile& t = s.tiles[g - 1u];
    const VsType& T = R.types[t.type];
    const int8_t centre[4] = {T.monastery, T.castle, T.cemetery, T.garden};
    for (int j = 0; j < 4; ++j) {
      if (centre[j] < 0) continue;
      const uint16_t root = uint16_t(t.node + centre[j]);
      if (!s.nodes[root].meeples || ring_tiles(R, s, t.cell) != 8) continue;
      Points& d = into(j == 3 ? 2 : 2 + j, t.cell);
      if (j == 0 || j == 3) settle(R, s, root, 9, d);
      else if (j == 1) settle(R, s, root, 2 * misty_cells(R, s, t.cell), d);
      else settle_cemetery(R, s, root, d);
    }
  }
  // A5.4: a field with farmers that this placement joined to a field with a barn pays its farmers
  // 1 a finished city, and they go home.
  if (R.abbey_type >= 0) {
    const VsTile& t = s.tiles[s.last];
    const VsType& T = R.types[t.type];
    for (int r = 0; r < T.n_regions; ++r) {
      if (T.regions[size_t(r)].kind != RegionKind::Field || T.regions[size_t(r)].hidden) continue;
      const uint16_t root = find_root(s, uint16_t(t.node + r));
      if (!s.nodes[root].barns || !s.nodes[root].meeples) continue;
      settle(R, s, root, finished_cities(R, s, root), into(5, t.cell));
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

bool eligible(const VsMeeple& m) { return m.node != VS_NO_NODE && m.kind != VsPiece::Guard; }  // G3.5

bool any_eligible(const VsRules& R, const VsState& s, bool own) {
  for (int p = 0; p < R.players; ++p) {
    if ((p == s.player) != own) continue;
    const int end = slot_end(R, s, p);
    for (int i = 0; i < end; ++i)
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

// A road or city that a placement closed: finished, due for step 3. Nothing joins it again, so
// every member may point at the root at once (one step to its root for the farmers of final
// scoring).
void mark_finished(VsState& s, uint16_t root) {
  VsNode& v = s.nodes[root];
  if (v.open != 0 || v.done) return;
  v.done = 1;
  s.pending[s.n_pending++] = root;
  for (uint16_t m = v.next; m != root; m = s.nodes[m].next) s.nodes[m].parent = root;
}

// The seat to move begins its turn: with its abbey in hand and a hole open, it first chooses
// between the abbey and a draw (A2.1).
void start_turn(const VsRules& R, VsState& s) {
  s.turn_seat = s.player;
  s.phase = R.abbey_type >= 0 && (s.abbeys >> s.player & 1) && any_hole(R, s) ? VsPhase::AbbeyChoice : VsPhase::Draw;
}

// A2.4: the abbeys' last round goes on with seat s.player; every seat once, then the end.
// `last_round` is 1 + the seats still to come.
void next_in_last_round(const VsRules& R, VsState& s) {
  while (s.last_round > 1) {
    --s.last_round;
    const int q = s.player;
    if ((s.abbeys >> q & 1) && any_hole(R, s)) {
      s.turn_seat = uint8_t(q);
      s.phase = VsPhase::AbbeyChoice;
      return;
    }
    s.player = uint8_t((q + 1) % R.players);
  }
  end_game(R, s);
}

// The pile is spent: the abbeys' last round from seat `next` (A2.4), or the end.
void begin_end(const VsRules& R, VsState& s, int next) {
  if (R.abbey_type >= 0 && R.switches.abbey_last_round != AbbeyLastRound::Lost && s.abbeys) {
    s.player = uint8_t(next);
    s.last_round = uint8_t(R.players + 1);
    next_in_last_round(R, s);
    return;
  }
  end_game(R, s);
}

void end_turn(const VsRules& R, VsState& s) {
  if (R.has(VS_TOLLKEEPERS)) flip_tolls(R, s);
  s.piece[s.turn_seat].upgrades = 0;
  s.player = uint8_t((s.turn_seat + 1) % R.players);
  s.drawn = NO_TILE;
  if (s.last_round) next_in_last_round(R, s);
  else if (s.left == 0) begin_end(R, s, s.player);
  else start_turn(R, s);
}

// A4.4: after the turn's scorings, each waiting wagon's owner decides, the seat whose turn it is
// first, then clockwise.
void next_wagon(const VsRules& R, VsState& s) {
  for (int k = 0; k < R.players; ++k) {
    const int p = (s.turn_seat + k) % R.players;
    if (s.wagons_due >> p & 1) {
      s.player = uint8_t(p);
      s.phase = VsPhase::WagonMove;
      return;
    }
  }
  end_turn(R, s);
}

// M3.1: a tile placed on a face-down chip turns it up (a chance step). Returns whether it did.
bool take_chip(VsState& s, VsCell c) {
  for (int k = 0; k < s.n_chips; ++k)
    if ((s.chips_down >> k & 1) && s.chip_cell[size_t(k)] == c) {
      s.chip_taken = uint8_t(k);
      s.phase = VsPhase::ChipValue;
      return true;
    }
  return false;
}

// Step 3 and what follows it.
void finish_turn(const VsRules& R, VsState& s) {
  score_turn(R, s);
  if (s.wagons_due) next_wagon(R, s);
  else end_turn(R, s);
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
  if (s.left == 0) begin_end(R, s, (s.player + 1) % R.players);
}

int legal_actions(const VsRules& R, const VsState& s, VsAction* out) {
  int n = 0;
  switch (s.phase) {
    case VsPhase::Place: {
      alignas(16) uint8_t fit[VS_MAX_FRONTIER];
      rotation_fits(R.types[s.drawn], s, fit);
      // Without a branch (whether a rotation fits is a coin toss to the processor): each rotation's
      // option is written and counted only if it fits. out[n] lies below 4 * (cells so far) + 4.
      for (int i = 0; i < s.n_frontier; ++i) {
        const unsigned f = fit[i];
        const VsCell c = s.frontier[size_t(i)];
        for (int rot = 0; rot < 4; ++rot) {
          out[n] = VsAction::place(c, rot);
          n += int(f >> rot & 1);
        }
      }
      break;
    }
    case VsPhase::AbbeyChoice: {  // A2.1, A2.4
      if (!(s.last_round && R.switches.abbey_last_round == AbbeyLastRound::MustPlace)) out[n++] = VsAction::abbey_none();
      for (int i = 0; i < s.n_frontier; ++i)
        if (is_hole(s, s.frontier[size_t(i)])) out[n++] = VsAction::abbey(s.frontier[size_t(i)]);
      break;
    }
    case VsPhase::GhostOpponent: case VsPhase::GhostOwn: {
      // One option per eligible meeple, except that meeples of one seat in one feature with as many
      // ghosts (and of the same kind and upgrade) are the same choice: the first stands for them.
      const bool own = s.phase == VsPhase::GhostOwn;
      uint16_t seen_root[VS_MAX_PLAYERS * VS_ALL_SLOTS];
      uint16_t seen_key[VS_MAX_PLAYERS * VS_ALL_SLOTS];
      int n_seen = 0;
      for (int p = 0; p < R.players; ++p) {
        if ((p == s.player) != own) continue;
        const int end = slot_end(R, s, p);
        for (int i = 0; i < end; ++i) {
          const VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
          if (!eligible(m)) continue;
          const uint16_t root = find_root(s, m.node);
          const uint16_t key = uint16_t(p << 4 | m.ghosts | int(m.kind) << 8 | (m.chip != 0) << 12);
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
      const int p = s.player;
      const bool normal = s.supply[size_t(p)] != 0, guard = s.guards[size_t(p)] != 0;
      const bool abbey_mayor = R.abbey_type >= 0;
      const bool mayor = abbey_mayor && s.meeples[size_t(p)][VS_SLOT_MAYOR].node == VS_NO_NODE;
      const bool wagon = abbey_mayor && s.meeples[size_t(p)][VS_SLOT_WAGON].node == VS_NO_NODE;
      const bool abbot = R.switches.abbot && s.meeples[size_t(p)][VS_SLOT_ABBOT].node == VS_NO_NODE;
      if (normal || guard || mayor || wagon || abbot) {
        const VsTile& t = s.tiles[s.last];
        const VsType& T = R.types[t.type];
        const bool road_blocked = R.switches.misty_road_meeple == MistyRoadMeeple::Forbidden;
        uint16_t roots[VS_MAX_REGIONS];
        for (int r = 0; r < T.n_regions; ++r) {
          const uint16_t root = find_root(s, uint16_t(t.node + r));
          roots[r] = root;
          const VsRegion& g = T.regions[size_t(r)];
          const RegionKind k = g.kind;
          if (k == RegionKind::Mist || g.hidden) continue;                          // G4.6, A2.2
          if (k == RegionKind::Road && road_blocked && T.misty_road[size_t(r)]) continue;  // G4.7, GD9
          if (s.nodes[root].meeples) continue;                                      // G1.5: occupied
          if (std::find(roots, roots + r, root) != roots + r) continue;             // same feature twice on one tile
          if (k != RegionKind::Garden && !(k == RegionKind::Field && s.nodes[root].barns)) {  // G1.11, A5.4
            if (normal) out[n++] = VsAction::meeple(r, VsPiece::Normal);
            if (guard) out[n++] = VsAction::meeple(r, VsPiece::Guard);                // G4.1
          }
          if (mayor && k == RegionKind::City) out[n++] = VsAction::meeple(r, VsPiece::Mayor);  // A3.1
          if (wagon && (k == RegionKind::Road || k == RegionKind::City || k == RegionKind::Monastery))
            out[n++] = VsAction::meeple(r, VsPiece::Wagon);  // A4.1
          if (abbot && (k == RegionKind::Monastery || k == RegionKind::Garden))
            out[n++] = VsAction::meeple(r, VsPiece::Abbot);  // G1.11
        }
      }
      if (abbey_mayor && s.piece[size_t(p)].barn == VS_NO_NODE) n += barn_options(R, s, out + n);  // A5.1
      if (R.switches.abbot && s.meeples[size_t(p)][VS_SLOT_ABBOT].node != VS_NO_NODE) out[n++] = VsAction::recall();
      if (R.has(VS_TOLLKEEPERS)) n += toll_options(R, s, out + n);  // T2.1
      break;
    }
    case VsPhase::WagonMove:  // A4.2
      out[n++] = VsAction::wagon_back();
      n += wagon_options(R, s, out + n);
      break;
    case VsPhase::Upgrade:  // M4.1
      out[n++] = VsAction::upgrade_none();
      n += upgrade_options(R, s, out + n);
      break;
    default: break;
  }
  return n;
}

void apply(const VsRules& R, VsState& s, VsAction a) {
  const int p = s.player;
  switch (a.kind()) {
    case VsKind::Place: {
      s.n_pending = 0;
      const int ti = put_tile(R, s, s.drawn, a.cell(), a.rot(), s.ghost_due);
      s.last = uint8_t(ti);
      ++s.turn;
      for (int i = ti; i < s.n_tiles; ++i) {  // the tile, and a large city it connected (M1.4)
        const VsTile& t = s.tiles[size_t(i)];
        const VsType& T = R.types[t.type];
        for (int r = 0; r < T.n_regions; ++r) {
          const RegionKind k = T.regions[size_t(r)].kind;
          if (k == RegionKind::City || k == RegionKind::Road) mark_finished(s, find_mut(s, uint16_t(t.node + r)));
        }
      }
      if (take_chip(s, a.cell())) return;  // M3.1
      next_step(R, s);  // G3.1: only the slot pairs matter; G3.3 before G3.4
      return;
    }
    case VsKind::Abbey: {
      if (a.none()) {  // A2.1: a draw instead; in the last round (A2.4 may_place) the turn ends
        if (s.last_round) end_turn(R, s);
        else s.phase = VsPhase::Draw;
        return;
      }
      s.n_pending = 0;
      uint8_t due = 0;
      const int ti = put_tile(R, s, R.abbey_type, a.cell(), 0, due);  // no slot pairs: no ghosts
      s.last = uint8_t(ti);
      s.abbeys = uint8_t(s.abbeys & ~(1u << p));
      ++s.stats[size_t(p)].abbeys;
      // A2.2: what the abbey closed on its four sides.
      const VsCell c = a.cell();
      for (int side = 0; side < SIDE_NB; ++side) {
        const VsTile& u = s.tiles[s.grid[size_t(c + VS_STEP[size_t(side)])] - 1u];
        const VsOrientation& uo = R.types[u.type].rot[u.rot];
        const int r = uo.region[size_t(slot_of(opposite(side), 1))];
        if (r == 0xFF) continue;
        const RegionKind k = R.types[u.type].regions[size_t(r)].kind;
        if (k == RegionKind::City || k == RegionKind::Road) mark_finished(s, find_mut(s, uint16_t(u.node + r)));
      }
      s.ghost_due = 0;
      if (take_chip(s, c)) return;  // M3.1: the abbey is a tile too
      s.phase = VsPhase::Meeple;
      return;
    }
    case VsKind::Upgrade:  // M4.1
      if (!a.none()) {
        upgrade(R, s, a);
        if (R.switches.upgrades_any && can_upgrade(R, s)) return;  // M4.2 `any`: another
      }
      finish_turn(R, s);
      return;
    case VsKind::Ghost:
      attach_ghost(s, a.seat(), a.slot());
      next_step(R, s);
      return;
    case VsKind::Wagon: {  // A4.2
      VsSeatPieces& q = s.piece[size_t(p)];
      q.wagon_tile = NO_TILE;
      s.wagons_due = uint8_t(s.wagons_due & ~(1u << p));
      if (!a.none()) {
        s.meeples[size_t(p)][VS_SLOT_WAGON].node = uint16_t(a.node());
        ++s.nodes[find_mut(s, uint16_t(a.node()))].meeples;
        ++s.stats[size_t(p)].wagon_moves;
      }
      next_wagon(R, s);
      return;
    }
    case VsKind::Meeple: {
      if (a.region() == VsAction::NONE) break;
      const uint16_t node = uint16_t(s.tiles[s.last].node + a.region());
      const VsPiece piece = a.piece();
      if (piece == VsPiece::Normal || piece == VsPiece::Guard) {
        for (int i = 0; i < s.owned[size_t(p)]; ++i) {
          VsMeeple& m = s.meeples[size_t(p)][size_t(i)];
          if (m.node == VS_NO_NODE && m.kind == piece) {
            m.node = node;
            break;
          }
        }
        --(piece == VsPiece::Guard ? s.guards : s.supply)[size_t(p)];
      } else {
        const int slot = piece == VsPiece::Mayor ? VS_SLOT_MAYOR : piece == VsPiece::Wagon ? VS_SLOT_WAGON : VS_SLOT_ABBOT;
        s.meeples[size_t(p)][size_t(slot)].node = node;
        if (piece == VsPiece::Mayor) ++s.stats[size_t(p)].mayors;
      }
      ++s.nodes[find_mut(s, node)].meeples;
      break;
    }
    case VsKind::Barn: {  // A5.1-A5.3
      const uint16_t field = barn_field(R, s, a.cell());
      s.piece[size_t(p)].barn = field;
      const uint16_t root = find_mut(s, field);
      ++s.nodes[root].barns;
      score_new_barn(R, s, p, root);
      break;
    }
    case VsKind::Recall: recall_abbot(R, s, p); break;  // G1.11
    case VsKind::Toll: {  // T2.1: face 1 when first placed; moved, it keeps its face
      VsSeatPieces& q = s.piece[size_t(p)];
      q.toll_tile = uint8_t(a.tile());
      q.toll_junction = uint8_t(a.junction());
      break;
    }
  }
  // Roots may have moved since the placement only through path halving, never through unions.
  if (R.on_map && can_upgrade(R, s)) {  // M4.1: after the meeple step, placed or not
    s.phase = VsPhase::Upgrade;
    return;
  }
  finish_turn(R, s);
}

void apply_chip(const VsRules& R, VsState& s, int value) {
  const int p = s.player;
  --s.chips_unseen[size_t(value - 1)];
  s.chips_down &= ~(1u << s.chip_taken);
  ++s.piece[size_t(p)].chips[size_t(value - 1)];  // kept face up
  s.stats[size_t(p)].chip_points = uint16_t(s.stats[size_t(p)].chip_points + value);
  Points to{};
  to[size_t(p)] = value;  // at once, in step 1
  add_floored(R, s, to);
  next_step(R, s);
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

}  // namespace mists::vs
