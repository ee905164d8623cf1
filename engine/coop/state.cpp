#include "engine/coop/state.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "engine/coop/detail.h"
#include "engine/kit/union_find.h"

namespace mists {

using namespace detail;  // the internals shared with the levers' files (engine/coop/detail.h)

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::Draw: return "draw";
    case Phase::Place: return "place";
    case Phase::Bury: return "bury";
    case Phase::CemeteryGhost: return "cemetery-ghost";
    case Phase::Meeple: return "meeple";
    case Phase::Score: return "score";
    case Phase::Hound: return "hound";
    case Phase::Haunt: return "haunt";
    case Phase::Fewer: return "fewer";
    case Phase::GhostArea: return "ghost-area";
    case Phase::Over: return "over";
    case Phase::Abbey: return "abbey";
    case Phase::ChipDraw: return "chip-draw";
    case Phase::Chip: return "chip";
    case Phase::Upgrade: return "upgrade";
    case Phase::Wagon: return "wagon";
  }
  return "?";
}

namespace {

// The older node stays the root (Node::absorb: it counts open connections, meeples and flags).
uint16_t unite(State& s, uint16_t a, uint16_t b) { return uf::unite<true>(s.nodes, a, b); }

void mark_dead(State& s, uint16_t n) { s.nodes[find(s, n)].flags |= Node::DEAD; }

// A side or misty slot of feature `n` now faces an abbey, which closes it (CA3, E5.2).
void close_one(State& s, uint16_t n) { --s.nodes[find(s, n)].open; }

int neighbourhood(const Rules& R, RegionKind k) {
  if (k == RegionKind::Castle) return 8;
  return R.level.cemetery_close;
}

// Empty cells among the first `n` ring cells around (x, y).
int empty_around(const State& s, int x, int y, int n) {
  int e = 0;
  for (int i = 0; i < n; ++i) e += s.cell[make_cell(x + RING_DX[i], y + RING_DY[i])] == 0;
  return e;
}

bool facedown_around(const State& s, int x, int y) {
  for (int i = 0; i < 8; ++i) {
    const int t = cell_at(s, x + RING_DX[i], y + RING_DY[i]);
    if (t >= 0 && s.tiles[t].face_down()) return true;
  }
  return false;
}

// Puts a tile on the board and joins its features to the neighbours' (R3.1, R4.1, R5, R7.4).
// Returns its placed-tile index. type = NO_TILE puts a face-down tile.
int put_tile(const Rules& R, State& s, int type, int rot, int x, int y) {
  const int idx = s.n_tiles++;
  PlacedTile& t = s.tiles[idx];
  t.type = uint8_t(type);
  t.rot = uint8_t(rot);
  t.x = uint8_t(x);
  t.y = uint8_t(y);
  t.node = s.n_nodes;
  t.ghosts = 0;
  const bool down = type == NO_TILE;
  const TileType* tt = down ? nullptr : &R.types[type];
  const Orientation* o = down ? nullptr : &tt->rot[rot];
  const uint8_t wild_from = R.wild_from;           // NO_TILE without abbeys: only face-down tiles reach it
  const bool wild = !down && type >= wild_from;      // an abbey (CA2)
  t.sides = down || wild ? 0 : o->sides;
  s.cell[make_cell(x, y)] = uint8_t(idx + 1);
  s.occupied[y] |= 1ull << x;
  if (!down) s.face_up[y] |= 1ull << x;
  s.ymin = std::min<uint8_t>(s.ymin, uint8_t(y));
  s.ymax = std::max<uint8_t>(s.ymax, uint8_t(y));

  if (!down) {
    for (size_t fi = 0; fi < tt->features.size(); ++fi) {
      const Feature& f = tt->features[fi];
      const uint16_t n = uint16_t(s.n_nodes + fi);
      Node& nd = s.nodes[n];
      nd = Node{};
      nd.parent = nd.next = n;
      nd.open = f.open;
      nd.tile = uint8_t(idx);
      nd.feature = uint8_t(fi);
      nd.kind = f.kind;
      if (f.kind == RegionKind::Castle || f.kind == RegionKind::Cemetery) {
        const int around = neighbourhood(R, f.kind);
        const bool active = f.kind == RegionKind::Castle ? R.level.castles : around > 0;
        if (!active) nd.flags = Node::DEAD | Node::DONE;  // inert in this level
        else {
          nd.open = int16_t(empty_around(s, x, y, around));
          if (f.kind == RegionKind::Castle && facedown_around(s, x, y)) nd.flags |= Node::DEAD;
        }
      }
    }
    if (tt->monastery >= 0) {  // the abbey's monastery (CA5): as a castle
      Node& nd = s.nodes[s.n_nodes + tt->monastery];
      nd.open = int16_t(empty_around(s, x, y, 8));
      if (facedown_around(s, x, y)) nd.flags |= Node::DEAD;
    }
    s.n_nodes = uint16_t(s.n_nodes + tt->features.size());
  }

  // Sides: join cities, roads and mist with face-up neighbours; face-down tiles haunt (R7.4).
  for (int d = 0; d < SIDE_NB; ++d) {
    const int nb = cell_at(s, x + DX[d], y + DY[d]);
    if (nb < 0) continue;
    const PlacedTile& p = s.tiles[nb];
    if (down && p.face_down()) continue;
    if (down || p.face_down()) {
      // The face-up one of the two: every feature on the touching side can never be finished.
      const PlacedTile& up = down ? p : t;
      const int side = down ? opposite(d) : d;
      const Orientation& uo = R.types[up.type].rot[up.rot];
      if (uo.side_main[side] != 0xFF) mark_dead(s, uint16_t(up.node + uo.side_main[side]));
      for (int k = 0; k < 3; ++k) {
        const uint8_t m = uo.mist[slot_of(side, k)];
        if (m != 0xFF) mark_dead(s, uint16_t(up.node + m));
      }
      continue;
    }
    if (wild || p.type >= wild_from) {  // CA3: a side facing an abbey is closed, not joined (neither is face down here)
      if (wild && p.type >= wild_from) continue;
      const PlacedTile& up = wild ? p : t;
      const int side = wild ? opposite(d) : d;
      const Orientation& uo = R.types[up.type].rot[up.rot];
      if (uo.side_main[side] != 0xFF) close_one(s, uint16_t(up.node + uo.side_main[side]));
      for (int k = 0; k < 3; ++k) {
        const uint8_t m = uo.mist[slot_of(side, k)];
        if (m != 0xFF) close_one(s, uint16_t(up.node + m));
      }
      continue;
    }
    const Orientation& po = R.types[p.type].rot[p.rot];
    const int od = opposite(d);
    if (o->side_main[d] != 0xFF && po.side_main[od] != 0xFF) {
      const uint16_t r = unite(s, uint16_t(t.node + o->side_main[d]), uint16_t(p.node + po.side_main[od]));
      s.nodes[r].open = int16_t(s.nodes[r].open - 2);
    }
    for (int k = 0; k < 3; ++k) {
      const int sl = slot_of(d, k);
      const uint8_t ma = o->mist[sl], mb = po.mist[facing_slot(sl)];
      if (ma != 0xFF && mb != 0xFF) {
        const uint16_t r = unite(s, uint16_t(t.node + ma), uint16_t(p.node + mb));
        s.nodes[r].open = int16_t(s.nodes[r].open - 2);
        s.expand_mask |= uint8_t(1u << ma);
      } else if (ma != 0xFF) {
        mark_dead(s, uint16_t(t.node + ma));  // mist facing clear terrain (R3.1)
      } else if (mb != 0xFF) {
        mark_dead(s, uint16_t(p.node + mb));
      }
    }
  }

  // Castles and cemeteries around: one empty cell fewer; a face-down tile dooms castles (R7.4).
  const bool monks = R.params.levers.abbey_monk;
  for (int i = 0; i < 8; ++i) {
    const int nb = cell_at(s, x + RING_DX[i], y + RING_DY[i]);
    if (nb < 0 || s.tiles[nb].face_down()) continue;
    const TileType& ntt = R.types[s.tiles[nb].type];
    if (ntt.castle >= 0) {
      Node& c = s.nodes[s.tiles[nb].node + ntt.castle];
      if (!(c.flags & Node::DONE)) {
        --c.open;
        if (down) c.flags |= Node::DEAD;
      }
    }
    if (ntt.cemetery >= 0 && i < R.level.cemetery_close) {
      Node& c = s.nodes[s.tiles[nb].node + ntt.cemetery];
      if (!(c.flags & Node::DONE)) --c.open;
    }
    if (monks && ntt.monastery >= 0) {  // an abbey's monk (CA5)
      Node& c = s.nodes[s.tiles[nb].node + ntt.monastery];
      if (!(c.flags & Node::DONE)) {
        --c.open;
        if (down) c.flags |= Node::DEAD;
      }
    }
  }
  return idx;
}

void lose(State& s, LossCause cause) {
  s.outcome = Outcome::Lost;
  s.cause = cause;
  s.phase = Phase::Over;
}

LossCause empty_pile_cause(const Rules& R, const State& s) {
  if (s.active_end + 1 < R.level.piles) return s.active_end == 0 ? LossCause::Pile1Target : LossCause::Pile2Target;
  return LossCause::TilesOut;
}

bool add_ghost_to(State& s, Node& n, int k) {
  if (s.ghost_supply < k) {
    lose(s, LossCause::GhostSupply);  // R3.5
    return false;
  }
  n.ghosts = uint8_t(n.ghosts + k);
  s.tiles[n.tile].ghosts = uint8_t(s.tiles[n.tile].ghosts + k);
  s.ghosts_on_board = uint8_t(s.ghosts_on_board + k);
  s.ghost_supply = uint8_t(s.ghost_supply - k);
  return true;
}

bool meeple_on_board(const State& s) {
  for (const Meeple& m : s.meeples)
    if (m.at == MeepleAt::Board) return true;
  return false;
}

int feature_value(const Rules& R, State& s, uint16_t root) {
  const Node& r = s.nodes[root];
  if (r.kind == RegionKind::Monastery) return 9;  // CA5
  if (r.kind == RegionKind::Castle) {  // R5.1
    const PlacedTile& t = s.tiles[r.tile];
    int misty = 0;
    for (int i = -1; i < 8; ++i) {
      const int nb = i < 0 ? r.tile : cell_at(s, t.x + RING_DX[i], t.y + RING_DY[i]);
      if (nb >= 0 && !s.tiles[nb].face_down() && R.types[s.tiles[nb].type].misty) ++misty;
    }
    return 2 * misty;
  }
  TileSet tiles;
  int arms = 0;
  uint16_t n = root;
  do {
    tiles.add(s.nodes[n].tile);
    const PlacedTile& t = s.tiles[s.nodes[n].tile];
    arms += R.types[t.type].features[s.nodes[n].feature].arms;
    n = s.nodes[n].next;
  } while (n != root);
  const int count = tiles.count();
  return r.kind == RegionKind::City ? 2 * count + 2 * arms : count;  // R4.1
}

Shares scoring_colours(const Rules& R, State& s, uint16_t root) {
  if (R.params.levers.mayor || R.params.levers.chips) return lever_shares(R, s, root);
  std::array<int, COLOUR_NB> count{};
  for (const Meeple& m : s.meeples)
    if (m.at == MeepleAt::Board && find(s, m.node) == root) ++count[m.colour];
  const int top = *std::max_element(count.begin(), count.end());
  unsigned mask = 0;
  for (int c = 0; c < COLOUR_NB; ++c) {
    const bool scores = R.params.switches.joint_scoring == JointScoring::Majority ? (count[c] == top && top > 0) : count[c] > 0;
    if (scores) mask |= 1u << c;
  }
  return {mask, 0};
}

// The pieces of `colour` in its supply, as a bit mask of PieceKind.
unsigned supply_kinds(const Rules& R, const State& s, int colour) {
  unsigned k = 0;
  for (int m = 0; m < R.n_meeples; ++m)
    if (s.meeples[m].colour == colour && s.meeples[m].at == MeepleAt::Supply) k |= 1u << int(s.meeples[m].kind);
  return k;
}

// Writes the options of the meeple step (R2.4, CA5, CA8, CT2) after "none" into out; returns the count.
int meeple_options(const Rules& R, const State& s, Action* out) {
  int n = 0;
  out[n++] = Action::make(ActionKind::Meeple, NO_REGION);
  const PlacedTile& t = s.tiles[s.last];
  const TileType& tt = R.types[t.type];
  const Levers& L = R.params.levers;
  const bool kinds = L.wagon || L.mayor;
  for (size_t fi = 0; fi < tt.features.size(); ++fi) {
    if (!tt.features[fi].takes_meeple || s.nodes[find_root(s, uint16_t(t.node + fi))].meeples) continue;
    for (int8_t c : R.player_colours[s.player]) {
      if (c < 0 || !s.supply[c]) continue;
      if (!kinds) {
        out[n++] = Action::make(ActionKind::Meeple, uint32_t(fi), uint32_t(c));
        continue;
      }
      const unsigned have = supply_kinds(R, s, c);
      for (int k = 0; k < 3; ++k) {
        if (!(have >> k & 1)) continue;
        if (PieceKind(k) == PieceKind::Mayor && tt.features[fi].kind != RegionKind::City) continue;  // A3.1
        out[n++] = Action::make(ActionKind::Meeple, uint32_t(fi), uint32_t(c), uint32_t(k));
      }
    }
  }
  if (R.tolls) {  // CT2: instead of a meeple, a tollhouse onto a free junction, new or moved
    uint16_t free[MAX_TILES * 4];
    const int nf = free_junctions(R, s, free);
    for (int k = 0; k < R.tolls && nf; ++k) {
      const Tollhouse& th = s.tolls[k];
      const bool mine = L.tolls == PiecePool::Team ||
                        std::find(R.player_colours[s.player].begin(), R.player_colours[s.player].end(), int8_t(th.colour)) !=
                            R.player_colours[s.player].end();
      if (!mine) continue;
      if (th.tile != NO_TILE) {
        for (int j = 0; j < nf; ++j) out[n++] = Action::make(ActionKind::Toll, free[j], th.colour, uint32_t(k + 1));
        continue;
      }
      // A new one. Per colour: this colour's; team: the first off the board, in any colour of the
      // active player on level 6 (its points go there), else in the player's first colour.
      if (L.tolls == PiecePool::Team) {
        bool first = true;
        for (int q = 0; q < k; ++q) first = first && s.tolls[q].tile != NO_TILE;
        if (!first) continue;
        for (int8_t c : R.player_colours[s.player]) {
          if (c < 0) break;
          for (int j = 0; j < nf; ++j) out[n++] = Action::make(ActionKind::Toll, free[j], uint32_t(c), 0);
          if (!R.level.per_colour_scores) break;
        }
      } else {
        for (int j = 0; j < nf; ++j) out[n++] = Action::make(ActionKind::Toll, free[j], th.colour, 0);
      }
    }
  }
  return n;
}

bool any_meeple_option(const Rules& R, const State& s) {
  if (R.tolls || R.params.levers.wagon || R.params.levers.mayor) {
    thread_local Action buf[MAX_ACTIONS];
    return meeple_options(R, s, buf) > 1;
  }
  const PlacedTile& t = s.tiles[s.last];
  const TileType& tt = R.types[t.type];
  bool colour = false;
  for (int8_t c : R.player_colours[s.player])
    if (c >= 0 && s.supply[c]) colour = true;
  if (!colour) return false;
  for (size_t fi = 0; fi < tt.features.size(); ++fi)
    if (tt.features[fi].takes_meeple && s.nodes[find_root(s, uint16_t(t.node + fi))].meeples == 0) return true;
  return false;
}

bool any_pending_scoring(const State& s) {
  for (int i = 0; i < s.n_pending; ++i)
    if (pending_is_toll(s.pending[i]) || s.nodes[s.pending[i]].meeples) return true;
  return false;
}

// Open cemeteries on face-up tiles, as placed-tile indices.
int open_cemeteries(const Rules& R, const State& s, uint8_t* out) {
  int n = 0;
  if (!R.level.cemetery_close) return 0;
  for (int i = 0; i < s.n_tiles; ++i) {
    const PlacedTile& t = s.tiles[i];
    if (t.face_down()) continue;
    const int8_t c = R.types[t.type].cemetery;
    if (c >= 0 && !(s.nodes[t.node + c].flags & Node::DONE)) out[n++] = uint8_t(i);
  }
  return n;
}

// Cells where the face-down tile may go (R7.3), as a bitboard-free list.
int haunt_cells(const Rules& R, const State& s, Cell* out) {
  uint8_t cem[MAX_TILES];
  const int nc = open_cemeteries(R, s, cem);
  const int ring = R.params.switches.haunted_adjacency == HauntedAdjacency::Eight ? 8 : 4;
  int n = 0;
  for (int i = 0; i < nc; ++i) {
    const PlacedTile& t = s.tiles[cem[i]];
    for (int k = 0; k < ring; ++k) {
      const int x = t.x + RING_DX[k], y = t.y + RING_DY[k];
      if (!inside(x, y) || s.cell[make_cell(x, y)]) continue;
      const Cell c = make_cell(x, y);
      if (std::find(out, out + n, c) == out + n) out[n++] = c;
    }
  }
  std::sort(out, out + n);
  return n;
}

// Closed cemeteries around a just-placed tile (and the tile itself): bury a meeple each (R5.3, R7.1).
void close_cemeteries(const Rules& R, State& s, int idx) {
  const PlacedTile& t = s.tiles[idx];
  for (int i = -1; i < 8; ++i) {
    const int nb = i < 0 ? idx : cell_at(s, t.x + RING_DX[i], t.y + RING_DY[i]);
    if (nb < 0 || s.tiles[nb].face_down()) continue;
    const int8_t c = R.types[s.tiles[nb].type].cemetery;
    if (c < 0) continue;
    Node& n = s.nodes[s.tiles[nb].node + c];
    if ((n.flags & Node::DONE) || n.open > 0) continue;
    n.flags |= Node::DONE;
    ++s.burials;
    if (R.level.cemetery_ghosts && n.ghosts) remove_ghost_from(s, n, n.ghosts);  // R5.3, levels 2-4
  }
}

void bury(State& s, int m) {
  Meeple& mp = s.meeples[m];
  if (mp.at == MeepleAt::Board) {
    Node& r = s.nodes[find(s, mp.node)];
    r.meeples = uint8_t(r.meeples - 1);
  } else {
    s.supply[mp.colour]--;
  }
  mp.at = MeepleAt::Buried;
  mp.upgraded = false;  // CM6: a buried meeple loses its chip
  for (int h = 0; h < 2; ++h)
    if (s.hound[h] == HoundState::WithMeeple && s.hound_meeple[h] == m) s.hound[h] = HoundState::Lost;  // R6.3
}

// R5.3: no meeple on the board, so the supply gives one: the active player's colours first.
void bury_from_supply(const Rules& R, State& s) {
  for (int p = 0; p < R.params.players; ++p) {
    const int player = (s.player + p) % R.params.players;
    for (int8_t c : R.player_colours[player]) {
      if (c < 0 || !s.supply[c]) continue;
      for (int m = 0; m < R.n_meeples; ++m)
        if (s.meeples[m].colour == c && s.meeples[m].at == MeepleAt::Supply) {
          bury(s, m);
          return;
        }
    }
  }
}

void start_turn(const Rules& R, State& s) {
  s.phase = Phase::Draw;
  s.step = Step::None;
  if (R.abbeys && abbey_possible(R, s)) {  // CA2: the team may place an abbey instead of drawing
    s.phase = Phase::Abbey;
    return;
  }
  if (tiles_left(s) == 0) lose(s, empty_pile_cause(R, s));  // R6.4
}

// ---- The turn's steps ------------------------------------------------------------------------------

void move_pile(const Rules& R, State& s) {
  if (s.active_end + 1 < R.level.piles) ++s.active_end;  // R6.2: the rest goes on top of the next pile
}

// R3.2-R3.3: the ghosts each mist area of the placed tile gets, before the one fewer; returns their
// total. A finished bank's areas get none; with finish_ghosts = none, a tile that finished a bank
// gets none at all.
int own_ghosts(const Rules& R, const State& s, std::array<int, 8>& amount) {
  const PlacedTile& t = s.tiles[s.last];
  const TileType& tt = R.types[t.type];
  amount = {};
  int total = 0;
  bool finished = false;
  for (size_t fi = 0; fi < tt.features.size(); ++fi) {
    if (tt.features[fi].kind != RegionKind::Mist) continue;
    if (s.nodes[find_root(s, uint16_t(t.node + fi))].flags & Node::DONE) {  // a bank this tile finished
      finished = true;
      continue;
    }
    amount[fi] = tt.features[fi].ghosts;
    total += amount[fi];
  }
  if (finished && R.params.switches.finish_ghosts == FinishGhosts::None) {
    amount = {};
    return 0;
  }
  return total;
}

// R3.3: the areas the one fewer may come off, areas that expand a bank first (each group in
// feature order); none when the tile expands no bank or gets no ghosts.
int fewer_candidates(const State& s, const std::array<int, 8>& amount, int total, uint8_t* out) {
  if (!s.expand_mask || total == 0) return 0;
  int n = 0;
  for (int pass = 0; pass < 2; ++pass)
    for (int fi = 0; fi < 8; ++fi)
      if (amount[size_t(fi)] > 0 && ((s.expand_mask >> fi & 1) == (pass == 0 ? 1 : 0))) out[n++] = uint8_t(fi);
  return n;
}

// Puts the placed tile's own ghosts on, one fewer on area `fewer` (-1: none fewer). The caller has
// checked the supply (R3.5).
void put_own_ghosts(State& s, const std::array<int, 8>& amount, int fewer) {
  const PlacedTile& t = s.tiles[s.last];
  int total = 0;
  for (int fi = 0; fi < 8; ++fi) {
    const int k = amount[size_t(fi)] - (fi == fewer);
    if (k > 0) add_ghost_to(s, s.nodes[t.node + fi], k);
    total += std::max(0, k);
  }
  s.ghost_due = total > 0;
}

// R3.3-R3.5: the placed tile's ghosts; stops at the team's choice of the one fewer when two or more
// areas could give it. False when the game is lost or waits for that choice.
bool place_own_ghosts(const Rules& R, State& s) {
  std::array<int, 8> amount;
  const int total = own_ghosts(R, s, amount);
  uint8_t cand[8];
  const int n = fewer_candidates(s, amount, total, cand);
  if (total - (n > 0) > s.ghost_supply) {  // R3.5, whichever area gives the one fewer
    lose(s, LossCause::GhostSupply);
    return false;
  }
  if (n >= 2) {
    s.phase = Phase::Fewer;
    return false;
  }
  put_own_ghosts(s, amount, n == 1 ? cand[0] : -1);
  return true;
}

// Mist areas of a tile type, as feature indices; returns the count.
int mist_areas(const TileType& tt, uint8_t* out) {
  int n = 0;
  for (size_t fi = 0; fi < tt.features.size(); ++fi)
    if (tt.features[fi].kind == RegionKind::Mist) out[n++] = uint8_t(fi);
  return n;
}

// The misty face-up tile at ring cell `ring` around the placed tile, or -1.
int misty_neighbour(const Rules& R, const State& s, int ring) {
  const PlacedTile& t = s.tiles[s.last];
  const int nb = cell_at(s, t.x + RING_DX[size_t(ring)], t.y + RING_DY[size_t(ring)]);
  if (nb < 0 || s.tiles[nb].face_down() || !R.types[s.tiles[nb].type].misty) return -1;
  return nb;
}

// R7.2: one ghost on each misty tile around a new cemetery, from ring cell s.ghost_ring on; stops
// where a tile with two or more mist areas needs the team's choice. False when the game is lost or
// waits for that choice.
bool place_neighbour_ghosts(const Rules& R, State& s) {
  if (!R.level.haunted || R.types[s.tiles[s.last].type].cemetery < 0) return true;
  for (; s.ghost_ring < 8; ++s.ghost_ring) {
    const int nb = misty_neighbour(R, s, s.ghost_ring);
    if (nb < 0) continue;
    if (s.ghost_supply < 1) {  // R3.5
      lose(s, LossCause::GhostSupply);
      return false;
    }
    uint8_t areas[8];
    if (mist_areas(R.types[s.tiles[nb].type], areas) >= 2) {
      s.phase = Phase::GhostArea;
      return false;
    }
    add_ghost_to(s, s.nodes[s.tiles[nb].node + areas[0]], 1);
  }
  return true;
}

// The turn's bookkeeping before a tile (or an abbey) goes down.
void begin_placement(State& s) {
  s.expand_mask = 0;
  s.ghost_due = false;
  s.n_pending = 0;
  s.burials = 0;
  s.ghost_ring = 0;
  s.abbey_turn = false;
  s.tolls_moved = 0;
}

// A feature whose last open side or slot was just closed: R3.2 a finished mist bank loses all its
// ghosts (`clear`; after a chip, CM2, clear_finished_mist does it); R4.1 a finished road or city
// waits for its scoring.
[[gnu::always_inline]] inline void finish_feature(const Rules& R, State& s, uint16_t node, bool clear) {
  const uint16_t root = find(s, node);
  Node& r = s.nodes[root];
  if (r.open != 0 || (r.flags & (Node::DEAD | Node::DONE))) return;
  r.flags |= Node::DONE;
  if (r.kind == RegionKind::Mist) {
    if (clear) clear_bank(s, root);
  } else if (s.n_pending < MAX_PENDING) {
    s.pending[s.n_pending++] = root;
    s.tolls_due = s.tolls_due || (R.tolls && r.kind == RegionKind::Road);
  }
}

// A castle or an abbey's monastery (node n) whose 8 neighbours are now filled waits for its
// scoring (R5.1, CA5), unless a face-down tile dooms it (R7.4) or it was scored before.
inline void finish_ring_feature(State& s, int n) {
  Node& nd = s.nodes[n];
  if (nd.open != 0 || (nd.flags & (Node::DEAD | Node::DONE))) return;
  nd.flags |= Node::DONE;
  if (s.n_pending < MAX_PENDING) s.pending[s.n_pending++] = uint16_t(n);
}

// After the placed tile `idx` is down: the mist check (R3.2; without the ghosts' removal when a chip
// comes first, `clear`), the features it finished (R4.1), castles and the abbey's monastery with all
// 8 neighbours (R5.1, CA5), closed cemeteries (R5.2, R7.1); the turn goes on with the burial.
[[gnu::always_inline]] inline void finish_placement(const Rules& R, State& s, int idx, bool clear = true) {
  placed_features(R, s, idx, [&](uint16_t n) { finish_feature(R, s, n, clear); });
  // R5.1: castles with all 8 neighbours; CA5: the abbey's monastery likewise.
  const bool monks = R.params.levers.abbey_monk;
  const PlacedTile& t = s.tiles[idx];
  for (int i = -1; i < 8; ++i) {
    const int nb = i < 0 ? idx : cell_at(s, t.x + RING_DX[i], t.y + RING_DY[i]);
    if (nb < 0 || s.tiles[nb].face_down()) continue;
    const TileType& ntt = R.types[s.tiles[nb].type];
    if (ntt.castle >= 0) finish_ring_feature(s, s.tiles[nb].node + ntt.castle);
    if (monks && ntt.monastery >= 0) finish_ring_feature(s, s.tiles[nb].node + ntt.monastery);
  }
  close_cemeteries(R, s, idx);
  s.step = Step::Burial;
}

// Runs the turn forward from s.step until a decision is needed or the game ends (R2.3 order).
// Inlined into apply (its hot caller); the levers' steps are calls of their own.
[[gnu::always_inline]] inline void advance(const Rules& R, State& s) {
  while (s.phase != Phase::Over) {
    switch (s.step) {
      case Step::Burial:
      case Step::HauntBurial:
        if (s.burials) {
          if (meeple_on_board(s)) {
            s.phase = Phase::Bury;
            return;
          }
          bury_from_supply(R, s);
          --s.burials;
          continue;
        }
        s.step = s.step == Step::Burial ? Step::Ghosts : Step::EndTurn;
        continue;
      case Step::Ghosts:
        if (!place_own_ghosts(R, s)) return;
        s.step = Step::NeighbourGhosts;
        continue;
      case Step::NeighbourGhosts:
        if (!place_neighbour_ghosts(R, s)) return;
        s.step = Step::CemGhost;
        continue;
      case Step::CemGhost: {
        s.step = Step::MeepleStep;
        if (!R.level.cemetery_ghosts || !s.ghost_due) continue;
        uint8_t cem[MAX_TILES];
        if (open_cemeteries(R, s, cem) == 0) continue;
        if (s.ghost_supply < 1) {
          lose(s, LossCause::GhostSupply);
          return;
        }
        s.step = Step::CemGhost;
        s.phase = Phase::CemeteryGhost;
        return;
      }
      case Step::MeepleStep:
        if (any_meeple_option(R, s)) {
          s.phase = Phase::Meeple;
          return;
        }
        s.step = R.params.levers.chips ? Step::UpgradeStep : Step::Scoring;
        continue;
      case Step::UpgradeStep:
        if (upgrade_step(R, s)) return;
        continue;
      case Step::Scoring:
        if (s.tolls_due) {  // CT3: the tolls, once the tollhouse step is done
          add_toll_pendings(R, s);
          s.tolls_due = false;
        }
        if (any_pending_scoring(s)) {
          s.phase = Phase::Score;
          return;
        }
        s.step = R.params.levers.wagon ? Step::Wagons : Step::Hounds;
        continue;
      case Step::Wagons:
        if (wagon_step(R, s)) return;
        continue;
      case Step::Mist:  // after a chip (CM2): the finished banks' ghosts go; then the burial
        clear_finished_mist(R, s, s.last);
        s.step = Step::Burial;
        continue;
      case Step::Hounds: {
        int h = -1;
        for (int k = 0; k < 2 && h < 0; ++k)
          if (s.hound[k] == HoundState::Reached) h = k;
        if (h < 0) {
          s.step = Step::Haunting;
          continue;
        }
        if (!meeple_on_board(s)) {  // the hound is lost; the piles still move on (R6.2)
          s.hound[h] = HoundState::Lost;
          move_pile(R, s);
          continue;
        }
        s.phase = Phase::Hound;
        return;
      }
      case Step::Haunting: {
        s.step = Step::EndTurn;
        if (!R.level.haunted) continue;
        Cell cells[64];
        if (haunt_cells(R, s, cells) == 0) continue;
        if (tiles_left(s) == 0) {  // R6.4: a tile must be drawn
          lose(s, empty_pile_cause(R, s));
          return;
        }
        s.step = Step::Haunting;
        s.phase = Phase::Haunt;
        return;
      }
      case Step::EndTurn:
        if (R.tolls) flip_tolls(R, s);
        s.player = uint8_t((s.player + 1) % R.params.players);
        start_turn(R, s);
        return;
      case Step::None:
        return;
    }
  }
}

// Puts a piece of `colour` and `kind` from the supply on `node` (R2.4, CA8).
void place_meeple(State& s, uint16_t node, int colour, PieceKind kind = PieceKind::Meeple) {
  for (Meeple& m : s.meeples)
    if (m.colour == colour && m.at == MeepleAt::Supply && m.kind == kind) {
      m.at = MeepleAt::Board;
      m.node = node;
      s.supply[colour]--;
      s.nodes[find(s, node)].meeples++;
      return;
    }
}

// R2.2: the drawn tile fitted nowhere; another is drawn in the same turn (no abbey instead).
void redraw(const Rules& R, State& s) {
  s.phase = Phase::Draw;
  s.step = Step::None;
  if (tiles_left(s) == 0) lose(s, empty_pile_cause(R, s));  // R6.4
}

}  // namespace

namespace detail {

int clear_tile(const Rules& R, State& s, int tile, int most) {
  const PlacedTile& t = s.tiles[tile];
  if (t.face_down() || !t.ghosts) return 0;
  const TileType& tt = R.types[t.type];
  int removed = 0;
  for (int pass = 0; pass < 3 && removed < most; ++pass)
    for (size_t fi = 0; fi < tt.features.size() && removed < most; ++fi) {
      Node& n = s.nodes[t.node + fi];
      if (!n.ghosts) continue;
      const bool mist = n.kind == RegionKind::Mist;
      const bool dead = mist && (s.nodes[find(s, uint16_t(t.node + fi))].flags & Node::DEAD);
      if ((pass == 0 && !(mist && dead)) || (pass == 1 && !(mist && !dead)) || (pass == 2 && mist)) continue;
      const int k = std::min<int>(n.ghosts, most - removed);
      remove_ghost_from(s, n, k);
      removed += k;
    }
  return removed;
}

void check_hounds_reached(const Rules& R, State& s) {
  const int p = progress(R, s);
  const int th[2] = {R.level.hound1, R.level.hound2};
  for (int h = 0; h < 2; ++h)
    if (s.hound[h] == HoundState::Waiting && th[h] > 0 && p >= th[h]) s.hound[h] = HoundState::Reached;
}

bool check_win(const Rules& R, State& s) {
  if (progress(R, s) >= R.level.goal) {  // R4.5
    s.outcome = Outcome::Won;
    s.phase = Phase::Over;
    return true;
  }
  return false;
}

}  // namespace detail

// ---- Queries ----------------------------------------------------------------------------------------

uint16_t find_root(const State& s, uint16_t n) { return uf::root(s.nodes, n); }

int draw_segment(const State& s) {
  for (int k = 0; k <= s.active_end; ++k)
    if (s.pile_size[k]) return k;
  return -1;
}

int tiles_left(const State& s) {
  int n = 0;
  for (int k = 0; k <= s.active_end; ++k) n += s.pile_size[k];
  return n;
}

int progress(const Rules& R, const State& s) {
  if (!R.level.per_colour_scores) return s.score;
  int low = s.colour_score[0];
  for (int c = 1; c < R.n_colours; ++c) low = std::min<int>(low, s.colour_score[c]);
  return low;
}

State initial_state(const Rules& R) {
  State s{};
  s.ymin = BOARD_H;
  s.ymax = 0;
  s.ghost_supply = uint8_t(R.level.ghosts);
  for (size_t i = 0; i < R.start_types.size(); ++i) {
    const int idx = put_tile(R, s, R.start_types[i], 0, START_X + R.start_at[i].first, START_Y + R.start_at[i].second);
    const TileType& tt = R.types[R.start_types[i]];
    for (size_t fi = 0; fi < tt.features.size(); ++fi)
      if (tt.features[fi].kind == RegionKind::Mist)
        add_ghost_to(s, s.nodes[s.tiles[idx].node + fi], tt.features[fi].ghosts);  // R1.3
  }
  s.expand_mask = 0;
  const Levers& L = R.params.levers;
  int m = 0;
  for (int c = 0; c < R.n_colours; ++c) {
    s.supply[c] = uint8_t(R.meeples_per_colour[c]);
    for (int k = 0; k < R.meeples_per_colour[c]; ++k) {
      // CA8: the colour's first pieces are its wagon and its mayor when those levers are on.
      PieceKind kind = PieceKind::Meeple;
      if (L.wagon && k == 0) kind = PieceKind::Wagon;
      else if (L.mayor && k == (L.wagon ? 1 : 0)) kind = PieceKind::Mayor;
      s.meeples[m++] = Meeple{uint8_t(c), MeepleAt::Supply, 0, kind, false};
    }
  }
  for (int p = 0; p < R.level.piles; ++p) s.pile_size[p] = uint8_t(R.pile_sizes[p]);
  for (int t = 0; t < R.n_land_types; ++t) s.unseen[t] = uint8_t(R.types[t].in_play);
  s.active_end = 0;
  s.hound = {HoundState::Waiting, HoundState::Waiting};
  s.outcome = Outcome::Ongoing;
  s.cause = LossCause::None;
  s.player = 0;
  // Levers (docs/rules.md C).
  if (L.abbeys == PiecePool::Team) s.team_abbeys = uint8_t(R.abbeys);
  else if (L.abbeys == PiecePool::PerColour)
    for (int c = 0; c < R.n_colours; ++c) s.abbeys[c] = uint8_t(R.abbeys / R.n_colours);
  for (int k = 0; k < R.tolls; ++k) s.tolls[k] = Tollhouse{uint8_t(L.tolls == PiecePool::PerColour ? k : 0), NO_TILE, 0, 1, false};
  s.chips_left = uint16_t((1u << R.chip_cells.size()) - 1);
  s.chip_taken = 0xFF;
  start_turn(R, s);
  return s;
}

void set_aside(const Rules& R, State& s, int type) {
  assert(type < R.n_land_types && s.unseen[type] > 0);
  (void)R;
  s.unseen[type]--;
  ++s.set_aside;
}

int chance_outcomes(const Rules& R, const State& s, ChanceOutcome* out) {
  if (s.phase == Phase::ChipDraw) {  // CM2: the chips not yet turned up, by value
    int n = 0;
    const int ones = CHIP_ONES - s.chips_seen[0], twos = CHIP_TWOS - s.chips_seen[1];
    if (ones > 0) out[n++] = ChanceOutcome{1, uint8_t(ones)};
    if (twos > 0) out[n++] = ChanceOutcome{2, uint8_t(twos)};
    return n;
  }
  if (draw_segment(s) < 0) return 0;
  int n = 0;
  for (int t = 0; t < R.n_land_types; ++t)
    if (s.unseen[t]) out[n++] = ChanceOutcome{uint8_t(t), s.unseen[t]};
  return n;
}

bool takes_hidden_tile(const Rules& R, const State&, Action a) {
  return a.kind() == ActionKind::Haunt ||
         (a.kind() == ActionKind::Abbey && a.a() != NO_REGION && R.params.levers.abbey_cost == AbbeyCost::Burn);
}

namespace {

// Calls f(x, y, rot) for every legal placement of `type` (R2.1, R7.4, R7.5) until f returns true.
// Candidate cells are empty cells with a face-up orthogonal neighbour, found row by row on the
// bitboards; each side's required terrain is compared with the rotation's in one mask test.
template <class F>
bool for_each_placement(const Rules& R, const State& s, int type, F&& f) {
  const TileType& tt = R.types[type];
  const uint8_t wild_from = R.wild_from;  // NO_TILE (face-down tiles) without abbeys
  for (int y = s.ymin - 1; y <= s.ymax + 1; ++y) {
    const uint64_t row = s.face_up[y];
    uint64_t cand = (s.face_up[y - 1] | s.face_up[y + 1] | row << 1 | row >> 1) & ~s.occupied[y] & INNER;
    while (cand) {
      const int x = __builtin_ctzll(cand);
      cand &= cand - 1;
      uint8_t mask = 0, val = 0;
      for (int d = 0; d < SIDE_NB; ++d) {
        const int nb = cell_at(s, x + DX[d], y + DY[d]);
        // Face-down tiles (R7.4) and abbeys (CA2) match any side: types from wild_from on.
        if (nb < 0 || s.tiles[nb].type >= wild_from) continue;
        mask |= uint8_t(3u << (2 * d));
        val |= uint8_t(((s.tiles[nb].sides >> (2 * opposite(d))) & 3u) << (2 * d));
      }
      for (int r = 0; r < 4; ++r)
        if (tt.rot_ok[r] && (tt.rot[r].sides & mask) == val && f(x, y, r)) return true;
    }
  }
  return false;
}

// Points of a pending scoring: a feature's value for each scoring colour (twice for a doubled
// share, CM5), or a toll for the tollhouse's colour (CT3, CT5); the meeples go home (R4.4), wagons
// are due to move (CA8), a hound beside one of them scores (R6.3). `clear`: the points forgone to
// take up to 3 ghosts from that tile instead (R4.3). False when the game is won.
bool resolve_scoring(const Rules& R, State& s, int i, int clear) {
  const uint16_t p = s.pending[i];
  std::copy(s.pending.begin() + i + 1, s.pending.begin() + s.n_pending, s.pending.begin() + i);
  --s.n_pending;
  if (pending_is_toll(p)) {
    const int k = pending_toll(p);
    const TollValue v = toll_value(R, s, k, pending_root(p));
    if (clear == NO_TILE) add_points(R, s, s.tolls[k].colour, v.points);
    else s.ghosts_removed_by_scoring = uint16_t(s.ghosts_removed_by_scoring + clear_tile(R, s, clear));
    s.tolls[k].flip = s.tolls[k].flip || v.travellers;  // CT4: points or ghosts alike
    if (check_win(R, s)) return false;
    check_hounds_reached(R, s);
    return true;
  }
  const uint16_t root = p;
  if (clear == NO_TILE) {
    const int value = feature_value(R, s, root);
    const Shares sh = scoring_colours(R, s, root);
    for (int c = 0; c < COLOUR_NB; ++c)
      if (sh.scoring >> c & 1) add_points(R, s, c, (sh.twice >> c & 1) ? 2 * value : value);
  } else {
    s.ghosts_removed_by_scoring = uint16_t(s.ghosts_removed_by_scoring + clear_tile(R, s, clear));
  }
  // R4.4: the meeples go home; a hound with one of them scores (R6.3).
  std::array<int, 2> hound_colour = {-1, -1};
  for (int m = 0; m < R.n_meeples; ++m) {
    Meeple& mp = s.meeples[m];
    if (mp.at != MeepleAt::Board || find(s, mp.node) != root) continue;
    mp.at = MeepleAt::Supply;
    mp.upgraded = false;  // CM6: its chip leaves the game
    if (mp.kind == PieceKind::Wagon) s.wagons_due |= 1u << m;  // CA8: it may move on
    s.supply[mp.colour]++;
    for (int h = 0; h < 2; ++h)
      if (s.hound[h] == HoundState::WithMeeple && s.hound_meeple[h] == m) {
        s.hound[h] = HoundState::Scored;
        hound_colour[h] = mp.colour;
      }
  }
  s.nodes[root].meeples = 0;
  if (check_win(R, s)) return false;
  for (int h = 0; h < 2; ++h)
    if (hound_colour[h] >= 0) {
      add_points(R, s, hound_colour[h], s.ghosts_on_board);  // never exchangeable (R6.3)
      if (check_win(R, s)) return false;
    }
  check_hounds_reached(R, s);
  return true;
}

// The levers' decisions (docs/rules.md C), apart from apply's common path. False when the turn
// does not run on from here (the draw chosen instead of an abbey, a chip to turn up, the game over).
[[gnu::noinline]] bool apply_lever(const Rules& R, State& s, Action a) {
  switch (a.kind()) {
    case ActionKind::Abbey: {  // CA2
      if (a.a() == NO_REGION) {  // draw as usual
        s.phase = Phase::Draw;
        s.step = Step::None;
        return false;
      }
      if (a.b() == 0xFF) --s.team_abbeys;
      else --s.abbeys[a.b()];
      if (R.params.levers.abbey_cost == AbbeyCost::Burn) {  // CA1: the top tile leaves the game unseen
        s.pile_size[draw_segment(s)]--;
        ++s.burned;
      }
      const Cell cell = Cell(a.a());
      begin_placement(s);
      const int idx = put_tile(R, s, R.abbey_type, 0, cell_x(cell), cell_y(cell));
      s.last = uint8_t(idx);
      s.abbey_turn = true;
      ++s.abbeys_placed;
      s.phase = Phase::Place;  // while the turn runs on
      const int chip = R.chip_cells.empty() ? -1 : chip_at(R, s, cell);
      finish_placement(R, s, idx, chip < 0);
      if (chip >= 0) {  // CM2
        take_chip_at(s, chip);
        return false;
      }
      break;
    }
    case ActionKind::Toll: {  // CT2: a tollhouse onto a free junction, new (face 1) or moved (face kept)
      const int k = a.c() ? int(a.c()) - 1 : -1;
      int toll = k;
      if (toll < 0) {
        if (R.params.levers.tolls == PiecePool::PerColour) toll = int(a.b());
        else
          for (toll = 0; s.tolls[toll].tile != NO_TILE; ++toll) {
          }
        s.tolls[toll].colour = uint8_t(a.b());
        s.tolls[toll].face = 1;
      }
      s.tolls[toll].tile = uint8_t(a.a() >> 4);
      s.tolls[toll].junction = uint8_t(a.a() & 15);
      s.tolls_moved = uint8_t(s.tolls_moved | 1u << toll);
      s.step = R.params.levers.chips ? Step::UpgradeStep : Step::Scoring;
      break;
    }
    case ActionKind::Chip:
      take_chip(R, s, int(a.b()), int(a.a()));
      if (s.phase == Phase::Over) return false;
      break;
    case ActionKind::Upgrade: {  // CM4: chips worth 4 leave the pool; the meeple counts double
      if (a.a() != NO_REGION) {
        Meeple& mp = s.meeples[a.a()];
        const int pool = chip_pool(R, mp.colour);
        static constexpr int ONES[] = {4, 2, 0}, TWOS[] = {0, 1, 2};
        const int pay = int(a.b());
        s.chips_held[size_t(pool)][0] = uint8_t(s.chips_held[size_t(pool)][0] - ONES[pay]);
        s.chips_held[size_t(pool)][1] = uint8_t(s.chips_held[size_t(pool)][1] - TWOS[pay]);
        s.chips_spent[0] = uint8_t(s.chips_spent[0] + ONES[pay]);
        s.chips_spent[1] = uint8_t(s.chips_spent[1] + TWOS[pay]);
        mp.upgraded = true;
      }
      s.step = Step::Scoring;
      break;
    }
    case ActionKind::Wagon: {  // CA8: the wagon moves on, or stays home
      const int m = int(a.b());
      s.wagons_due &= ~(1u << m);
      if (a.a() != NO_REGION) {
        Meeple& mp = s.meeples[m];
        mp.at = MeepleAt::Board;
        mp.node = uint16_t(a.a());
        s.supply[mp.colour]--;
        s.nodes[find(s, mp.node)].meeples++;
      }
      break;
    }
    default:
      break;
  }
  return true;
}

// The options of the levers' decision points (docs/rules.md C), apart from legal_actions' common path.
[[gnu::noinline]] int lever_options(const Rules& R, const State& s, Action* out) {
  int n = 0;
  switch (s.phase) {
    case Phase::Abbey: {  // CA2: draw, or an abbey into a hole (with free cost, drawing from an empty pile is no option)
      if (tiles_left(s) > 0) out[n++] = Action::make(ActionKind::Abbey, NO_REGION);
      uint8_t who[COLOUR_NB];
      const int k = usable_abbeys(R, s, who);
      Cell holes[MAX_TILES];
      const int h = abbey_holes(s, holes);
      for (int i = 0; i < h; ++i)
        for (int j = 0; j < k; ++j) out[n++] = Action::make(ActionKind::Abbey, holes[i], who[j]);
      break;
    }
    case Phase::Chip: {  // CM2, CM3
      uint8_t colours[4];
      const int k = chip_colours(R, s, colours);
      const bool choice = R.params.levers.chip_points == ChipPoints::Choice;
      for (int j = 0; j < k; ++j) {
        out[n++] = Action::make(ActionKind::Chip, NO_TILE, colours[j]);
        if (choice)
          for (int t = 0; t < s.n_tiles; ++t)
            if (s.tiles[t].ghosts) out[n++] = Action::make(ActionKind::Chip, uint32_t(t), colours[j]);
      }
      break;
    }
    case Phase::Upgrade:
      n = upgrade_options(R, s, out);
      break;
    case Phase::Wagon: {  // CA8
      const int m = due_wagon(s);
      out[n++] = Action::make(ActionKind::Wagon, NO_REGION, uint32_t(m));
      uint16_t targets[MAX_NODES];
      const int k = wagon_targets(R, s, m, targets);
      for (int i = 0; i < k; ++i) out[n++] = Action::make(ActionKind::Wagon, targets[i], uint32_t(m));
      break;
    }
    default:
      break;
  }
  return n;
}

}  // namespace

bool can_place(const Rules& R, const State& s, int type) {
  return for_each_placement(R, s, type, [](int, int, int) { return true; });
}

void apply_draw(const Rules& R, State& s, int type) {
  if (s.phase == Phase::ChipDraw) {  // CM2: the chip's value
    assert(type == 1 || type == 2);
    s.chips_seen[size_t(type - 1)]++;
    s.chip_value = uint8_t(type);
    uint8_t colours[4] = {};
    const bool choice = R.params.levers.chip_points == ChipPoints::Choice && s.ghosts_on_board > 0;
    if (choice || chip_colours(R, s, colours) > 1) {
      s.phase = Phase::Chip;
      return;
    }
    take_chip(R, s, colours[0], NO_TILE);
    advance(R, s);
    return;
  }
  const int seg = draw_segment(s);
  assert(s.phase == Phase::Draw && seg >= 0 && s.unseen[type] > 0);
  s.unseen[type]--;
  s.pile_size[seg]--;
  if (!can_place(R, s, type)) {  // R2.2
    ++s.discarded;
    if (R.params.switches.unplaceable == Unplaceable::Lose) lose(s, LossCause::Unplaceable);
    else redraw(R, s);
    return;
  }
  s.drawn = uint8_t(type);
  s.phase = Phase::Place;
}

int legal_actions(const Rules& R, const State& s, Action* out) {
  int n = 0;
  switch (s.phase) {
    case Phase::Place:
      for_each_placement(R, s, s.drawn, [&](int x, int y, int r) {
        out[n++] = Action::make(ActionKind::Place, make_cell(x, y), uint32_t(r));
        return false;
      });
      break;
    case Phase::Meeple: {
      if (R.tolls || R.params.levers.wagon || R.params.levers.mayor) return meeple_options(R, s, out);
      out[n++] = Action::make(ActionKind::Meeple, NO_REGION);
      const PlacedTile& t = s.tiles[s.last];
      const TileType& tt = R.types[t.type];
      for (size_t fi = 0; fi < tt.features.size(); ++fi) {
        if (!tt.features[fi].takes_meeple || s.nodes[find_root(s, uint16_t(t.node + fi))].meeples) continue;
        for (int8_t c : R.player_colours[s.player])
          if (c >= 0 && s.supply[c]) out[n++] = Action::make(ActionKind::Meeple, uint32_t(fi), uint32_t(c));
      }
      break;
    }
    case Phase::Score:
      for (int i = 0; i < s.n_pending; ++i) {
        const uint16_t p = s.pending[i];
        if (!pending_is_toll(p) && !s.nodes[p].meeples) continue;
        out[n++] = Action::make(ActionKind::Score, uint32_t(i), NO_TILE);
        // A feature that pays no colour (only mayors of strength 0, CA8) offers no choice (R4.1).
        if (!pending_is_toll(p) && R.params.levers.mayor && !lever_shares(R, s, p).scoring) continue;
        for (int t = 0; t < s.n_tiles; ++t)
          if (s.tiles[t].ghosts) out[n++] = Action::make(ActionKind::Score, uint32_t(i), uint32_t(t));
      }
      break;
    case Phase::Bury:
      for (int m = 0; m < R.n_meeples; ++m)
        if (s.meeples[m].at == MeepleAt::Board) out[n++] = Action::make(ActionKind::Bury, uint32_t(m));
      break;
    case Phase::CemeteryGhost: {
      uint8_t cem[MAX_TILES];
      const int k = open_cemeteries(R, s, cem);
      for (int i = 0; i < k; ++i) out[n++] = Action::make(ActionKind::CemeteryGhost, cem[i]);
      break;
    }
    case Phase::Hound:
      for (int m = 0; m < R.n_meeples; ++m) {
        if (s.meeples[m].at != MeepleAt::Board) continue;
        const PlacedTile& t = s.tiles[s.nodes[s.meeples[m].node].tile];
        uint8_t with[16];  // at most 9 used; 16 keeps GCC 12 from a false -Warray-bounds in std::sort
        int k = 0;
        for (int i = -1; i < 8; ++i) {
          const int nb = i < 0 ? s.nodes[s.meeples[m].node].tile : cell_at(s, t.x + RING_DX[i], t.y + RING_DY[i]);
          if (nb >= 0 && s.tiles[nb].ghosts) with[k++] = uint8_t(nb);
        }
        std::sort(with, with + k);
        if (k <= 2) {
          out[n++] = Action::make(ActionKind::Hound, uint32_t(m), k > 0 ? with[0] : NO_TILE, k > 1 ? with[1] : NO_TILE);
        } else {
          for (int i = 0; i < k; ++i)
            for (int j = i + 1; j < k; ++j) out[n++] = Action::make(ActionKind::Hound, uint32_t(m), with[i], with[j]);
        }
      }
      break;
    case Phase::Haunt: {
      Cell cells[64];
      const int k = haunt_cells(R, s, cells);
      for (int i = 0; i < k; ++i) out[n++] = Action::make(ActionKind::Haunt, cells[i]);
      break;
    }
    case Phase::Fewer: {
      std::array<int, 8> amount;
      const int total = own_ghosts(R, s, amount);
      uint8_t cand[8];
      const int k = fewer_candidates(s, amount, total, cand);
      for (int i = 0; i < k; ++i) out[n++] = Action::make(ActionKind::Fewer, cand[i]);
      break;
    }
    case Phase::GhostArea: {
      const int nb = misty_neighbour(R, s, s.ghost_ring);
      uint8_t areas[8];
      const int k = mist_areas(R.types[s.tiles[nb].type], areas);
      for (int i = 0; i < k; ++i) out[n++] = Action::make(ActionKind::GhostArea, uint32_t(nb), areas[i]);
      break;
    }
    case Phase::Abbey:
    case Phase::Chip:
    case Phase::Upgrade:
    case Phase::Wagon:
      return lever_options(R, s, out);
    case Phase::Draw:
    case Phase::ChipDraw:
    case Phase::Over:
      break;
  }
  return n;
}

void apply(const Rules& R, State& s, Action a) {
  switch (a.kind()) {
    case ActionKind::Place: {
      const Cell cell = Cell(a.a());
      begin_placement(s);
      const int idx = put_tile(R, s, s.drawn, int(a.b()), cell_x(cell), cell_y(cell));
      s.last = uint8_t(idx);
      ++s.turn;
      const int chip = R.chip_cells.empty() ? -1 : chip_at(R, s, cell);
      finish_placement(R, s, idx, chip < 0);
      if (chip >= 0) {  // CM2: the chip first (chance), then the ghosts of the finished banks go
        take_chip_at(s, chip);
        return;
      }
      break;
    }
    case ActionKind::Bury:
      bury(s, int(a.a()));
      --s.burials;
      break;
    case ActionKind::CemeteryGhost: {
      const PlacedTile& t = s.tiles[a.a()];
      add_ghost_to(s, s.nodes[t.node + R.types[t.type].cemetery], 1);  // R5.4
      s.step = Step::MeepleStep;
      break;
    }
    case ActionKind::Meeple:
      if (a.a() != NO_REGION) place_meeple(s, uint16_t(s.tiles[s.last].node + a.a()), int(a.b()), PieceKind(a.c()));
      s.step = R.params.levers.chips ? Step::UpgradeStep : Step::Scoring;
      break;
    case ActionKind::Score:
      if (!resolve_scoring(R, s, int(a.a()), int(a.b()))) return;
      break;
    case ActionKind::Hound: {
      const int h = s.hound[0] == HoundState::Reached ? 0 : 1;
      s.hound[h] = HoundState::WithMeeple;
      s.hound_meeple[h] = uint8_t(a.a());
      ++s.hounds_placed;
      for (uint32_t t : {a.b(), a.c()})
        if (t != NO_TILE) s.ghosts_removed_by_hounds = uint16_t(s.ghosts_removed_by_hounds + clear_tile(R, s, int(t)));
      move_pile(R, s);
      break;
    }
    case ActionKind::Fewer: {
      std::array<int, 8> amount;
      own_ghosts(R, s, amount);
      put_own_ghosts(s, amount, int(a.a()));
      s.step = Step::NeighbourGhosts;
      break;
    }
    case ActionKind::GhostArea:
      add_ghost_to(s, s.nodes[s.tiles[a.a()].node + a.b()], 1);  // R7.2
      ++s.ghost_ring;
      break;
    case ActionKind::Haunt: {
      const Cell cell = Cell(a.a());
      const int seg = draw_segment(s);
      s.pile_size[seg]--;  // drawn unseen (R7.3): the team's counts keep it as unknown
      const int idx = put_tile(R, s, NO_TILE, 0, cell_x(cell), cell_y(cell));
      ++s.face_down;
      s.burials = 0;
      if (!R.chip_cells.empty()) {  // CM2: a face-down tile sends the chip unseen to the box
        const int i = chip_at(R, s, cell);
        if (i >= 0) s.chips_left = uint16_t(s.chips_left & ~(1u << i));
      }
      close_cemeteries(R, s, idx);
      s.step = Step::HauntBurial;
      break;
    }
    case ActionKind::Abbey:
    case ActionKind::Toll:
    case ActionKind::Chip:
    case ActionKind::Upgrade:
    case ActionKind::Wagon:
      if (!apply_lever(R, s, a)) return;
      break;
  }
  advance(R, s);
}

}  // namespace mists
