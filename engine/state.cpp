#include "state.h"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace mists {

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
  }
  return "?";
}

namespace {

constexpr uint64_t INNER = 0x7FFFFFFFFFFFFFFEull;  // columns 1..62 of a row

inline int cell_at(const State& s, int x, int y) { return s.cell[make_cell(x, y)] - 1; }  // -1 = empty

// Union-find with path halving (the state is mutable here).
uint16_t find(State& s, uint16_t n) {
  while (s.nodes[n].parent != n) {
    s.nodes[n].parent = s.nodes[s.nodes[n].parent].parent;
    n = s.nodes[n].parent;
  }
  return n;
}

uint16_t unite(State& s, uint16_t a, uint16_t b) {
  a = find(s, a);
  b = find(s, b);
  if (a == b) return a;
  if (b < a) std::swap(a, b);  // the older node stays the root
  Node& ra = s.nodes[a];
  Node& rb = s.nodes[b];
  rb.parent = a;
  ra.open = int16_t(ra.open + rb.open);
  ra.meeples = uint8_t(ra.meeples + rb.meeples);
  ra.flags |= rb.flags;
  std::swap(ra.next, rb.next);  // splice the two circular member lists
  return a;
}

void mark_dead(State& s, uint16_t n) { s.nodes[find(s, n)].flags |= Node::DEAD; }

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
  t.sides = down ? 0 : o->sides;
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

void remove_ghost_from(State& s, Node& n, int k) {
  n.ghosts = uint8_t(n.ghosts - k);
  s.tiles[n.tile].ghosts = uint8_t(s.tiles[n.tile].ghosts - k);
  s.ghosts_on_board = uint8_t(s.ghosts_on_board - k);
  s.ghost_supply = uint8_t(s.ghost_supply + k);
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

// "Remove up to 3 ghosts from 1 tile" (R3.4, R4.3, R6.2): as many as there are, up to 3, first from
// mist that can never be finished, then from other mist, then from the cemetery. Returns the count.
int clear_tile(const Rules& R, State& s, int tile, int most = 3) {
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

bool meeple_on_board(const State& s) {
  for (const Meeple& m : s.meeples)
    if (m.at == MeepleAt::Board) return true;
  return false;
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

void add_points(const Rules& R, State& s, int colour, int points) {
  if (R.level.per_colour_scores) s.colour_score[colour] = int16_t(s.colour_score[colour] + points);
  else s.score = int16_t(s.score + points);
}

int feature_value(const Rules& R, State& s, uint16_t root) {
  const Node& r = s.nodes[root];
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

// Colours that score a feature (R4.2), as a bit mask.
unsigned scoring_colours(const Rules& R, State& s, uint16_t root) {
  std::array<int, COLOUR_NB> count{};
  for (const Meeple& m : s.meeples)
    if (m.at == MeepleAt::Board && find(s, m.node) == root) ++count[m.colour];
  const int top = *std::max_element(count.begin(), count.end());
  unsigned mask = 0;
  for (int c = 0; c < COLOUR_NB; ++c) {
    const bool scores = R.params.switches.joint_scoring == JointScoring::Majority ? (count[c] == top && top > 0) : count[c] > 0;
    if (scores) mask |= 1u << c;
  }
  return mask;
}

bool any_meeple_option(const Rules& R, const State& s) {
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
    if (s.nodes[s.pending[i]].meeples) return true;
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
  if (tiles_left(s) == 0) lose(s, empty_pile_cause(R, s));  // R6.4
}

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

// Runs the turn forward from s.step until a decision is needed or the game ends (R2.3 order).
void advance(const Rules& R, State& s) {
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
        s.step = Step::Scoring;
        continue;
      case Step::Scoring:
        if (any_pending_scoring(s)) {
          s.phase = Phase::Score;
          return;
        }
        s.step = Step::Hounds;
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
        s.player = uint8_t((s.player + 1) % R.params.players);
        start_turn(R, s);
        return;
      case Step::None:
        return;
    }
  }
}

void place_meeple(State& s, uint16_t node, int colour) {
  for (Meeple& m : s.meeples)
    if (m.colour == colour && m.at == MeepleAt::Supply) {
      m.at = MeepleAt::Board;
      m.node = node;
      s.supply[colour]--;
      s.nodes[find(s, node)].meeples++;
      return;
    }
}

}  // namespace

// ---- Queries ----------------------------------------------------------------------------------------

uint16_t find_root(const State& s, uint16_t n) {
  while (s.nodes[n].parent != n) n = s.nodes[n].parent;
  return n;
}

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
  int m = 0;
  for (int c = 0; c < R.n_colours; ++c) {
    s.supply[c] = uint8_t(R.meeples_per_colour[c]);
    for (int k = 0; k < R.meeples_per_colour[c]; ++k) s.meeples[m++] = Meeple{uint8_t(c), MeepleAt::Supply, 0};
  }
  for (int p = 0; p < R.level.piles; ++p) s.pile_size[p] = uint8_t(R.pile_sizes[p]);
  for (int t = 0; t < R.n_land_types; ++t) s.unseen[t] = uint8_t(R.types[t].in_play);
  s.active_end = 0;
  s.hound = {HoundState::Waiting, HoundState::Waiting};
  s.outcome = Outcome::Ongoing;
  s.cause = LossCause::None;
  s.player = 0;
  start_turn(R, s);
  return s;
}

int chance_outcomes(const Rules& R, const State& s, ChanceOutcome* out) {
  if (draw_segment(s) < 0) return 0;
  int n = 0;
  for (int t = 0; t < R.n_land_types; ++t)
    if (s.unseen[t]) out[n++] = ChanceOutcome{uint8_t(t), s.unseen[t]};
  return n;
}

namespace {

// Calls f(x, y, rot) for every legal placement of `type` (R2.1, R7.4, R7.5) until f returns true.
// Candidate cells are empty cells with a face-up orthogonal neighbour, found row by row on the
// bitboards; each side's required terrain is compared with the rotation's in one mask test.
template <class F>
bool for_each_placement(const Rules& R, const State& s, int type, F&& f) {
  const TileType& tt = R.types[type];
  for (int y = s.ymin - 1; y <= s.ymax + 1; ++y) {
    const uint64_t row = s.face_up[y];
    uint64_t cand = (s.face_up[y - 1] | s.face_up[y + 1] | row << 1 | row >> 1) & ~s.occupied[y] & INNER;
    while (cand) {
      const int x = __builtin_ctzll(cand);
      cand &= cand - 1;
      uint8_t mask = 0, val = 0;
      for (int d = 0; d < SIDE_NB; ++d) {
        const int nb = cell_at(s, x + DX[d], y + DY[d]);
        if (nb < 0 || s.tiles[nb].face_down()) continue;  // face-down tiles match any side (R7.4)
        mask |= uint8_t(3u << (2 * d));
        val |= uint8_t(((s.tiles[nb].sides >> (2 * opposite(d))) & 3u) << (2 * d));
      }
      for (int r = 0; r < 4; ++r)
        if (tt.rot_ok[r] && (tt.rot[r].sides & mask) == val && f(x, y, r)) return true;
    }
  }
  return false;
}

}  // namespace

bool can_place(const Rules& R, const State& s, int type) {
  return for_each_placement(R, s, type, [](int, int, int) { return true; });
}

void apply_draw(const Rules& R, State& s, int type) {
  const int seg = draw_segment(s);
  assert(s.phase == Phase::Draw && seg >= 0 && s.unseen[type] > 0);
  s.unseen[type]--;
  s.pile_size[seg]--;
  if (!can_place(R, s, type)) {  // R2.2
    ++s.discarded;
    if (R.params.switches.unplaceable == Unplaceable::Lose) lose(s, LossCause::Unplaceable);
    else start_turn(R, s);
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
        if (!s.nodes[s.pending[i]].meeples) continue;
        out[n++] = Action::make(ActionKind::Score, uint32_t(i), NO_TILE);
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
    case Phase::Draw:
    case Phase::Over:
      break;
  }
  return n;
}

void apply(const Rules& R, State& s, Action a) {
  switch (a.kind()) {
    case ActionKind::Place: {
      const Cell cell = Cell(a.a());
      s.expand_mask = 0;
      s.ghost_due = false;
      s.n_pending = 0;
      s.burials = 0;
      s.ghost_ring = 0;
      const int idx = put_tile(R, s, s.drawn, int(a.b()), cell_x(cell), cell_y(cell));
      s.last = uint8_t(idx);
      ++s.turn;
      const PlacedTile& t = s.tiles[idx];
      const TileType& tt = R.types[t.type];
      // R3.2: finished mist banks lose all their ghosts. R4.1: finished roads and cities wait for scoring.
      for (size_t fi = 0; fi < tt.features.size(); ++fi) {
        const RegionKind k = tt.features[fi].kind;
        if (k != RegionKind::Mist && k != RegionKind::City && k != RegionKind::Road) continue;
        const uint16_t root = find(s, uint16_t(t.node + fi));
        Node& r = s.nodes[root];
        if (r.open != 0 || (r.flags & (Node::DEAD | Node::DONE))) continue;
        r.flags |= Node::DONE;
        if (k == RegionKind::Mist) {
          uint16_t n = root;
          do {
            if (s.nodes[n].ghosts) {
              s.ghosts_removed_by_mist = uint16_t(s.ghosts_removed_by_mist + s.nodes[n].ghosts);
              remove_ghost_from(s, s.nodes[n], s.nodes[n].ghosts);
            }
            n = s.nodes[n].next;
          } while (n != root);
        } else if (s.n_pending < MAX_PENDING) {
          s.pending[s.n_pending++] = root;
        }
      }
      // R5.1: castles with all 8 neighbours.
      for (int i = -1; i < 8; ++i) {
        const int nb = i < 0 ? idx : cell_at(s, t.x + RING_DX[i], t.y + RING_DY[i]);
        if (nb < 0 || s.tiles[nb].face_down()) continue;
        const int8_t c = R.types[s.tiles[nb].type].castle;
        if (c < 0) continue;
        Node& n = s.nodes[s.tiles[nb].node + c];
        if (n.open != 0 || (n.flags & (Node::DEAD | Node::DONE))) continue;
        n.flags |= Node::DONE;
        if (s.n_pending < MAX_PENDING) s.pending[s.n_pending++] = uint16_t(s.tiles[nb].node + c);
      }
      close_cemeteries(R, s, idx);
      s.step = Step::Burial;
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
      if (a.a() != NO_REGION) place_meeple(s, uint16_t(s.tiles[s.last].node + a.a()), int(a.b()));
      s.step = Step::Scoring;
      break;
    case ActionKind::Score: {
      const int i = int(a.a());
      const uint16_t root = s.pending[i];
      if (a.b() == NO_TILE) {
        const int value = feature_value(R, s, root);
        const unsigned colours = scoring_colours(R, s, root);
        for (int c = 0; c < COLOUR_NB; ++c)
          if (colours >> c & 1) add_points(R, s, c, value);
      } else {
        s.ghosts_removed_by_scoring = uint16_t(s.ghosts_removed_by_scoring + clear_tile(R, s, int(a.b())));
      }
      // R4.4: the meeples go home; a hound with one of them scores (R6.3).
      std::array<int, 2> hound_colour = {-1, -1};
      for (int m = 0; m < R.n_meeples; ++m) {
        Meeple& mp = s.meeples[m];
        if (mp.at != MeepleAt::Board || find(s, mp.node) != root) continue;
        mp.at = MeepleAt::Supply;
        s.supply[mp.colour]++;
        for (int h = 0; h < 2; ++h)
          if (s.hound[h] == HoundState::WithMeeple && s.hound_meeple[h] == m) {
            s.hound[h] = HoundState::Scored;
            hound_colour[h] = mp.colour;
          }
      }
      s.nodes[root].meeples = 0;
      std::copy(s.pending.begin() + i + 1, s.pending.begin() + s.n_pending, s.pending.begin() + i);
      --s.n_pending;
      if (check_win(R, s)) return;
      for (int h = 0; h < 2; ++h)
        if (hound_colour[h] >= 0) {
          add_points(R, s, hound_colour[h], s.ghosts_on_board);  // never exchangeable (R6.3)
          if (check_win(R, s)) return;
        }
      check_hounds_reached(R, s);
      break;
    }
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
      close_cemeteries(R, s, idx);
      s.step = Step::HauntBurial;
      break;
    }
  }
  advance(R, s);
}

}  // namespace mists
