#include "python/coop_encoding.h"

#include <algorithm>
#include <stdexcept>

namespace mists::pyenc {

namespace {

constexpr int ACTION_KIND_NB = int(ActionKind::Wagon) + 1;
constexpr int PHASE_NB = int(Phase::Wagon) + 1;
constexpr int HOUND_STATE_NB = int(HoundState::Lost) + 1;
constexpr int PIECE_NB = int(PieceKind::Mayor) + 1;
constexpr int RING_NONE = 9;  // a hound's tile slot left empty: positions 0 (the meeple's tile) and 1-8 (RING_DX order) are tiles
constexpr uint32_t TEAM_ABBEY = 0xFF;  // an Abbey action's colour when the abbeys are the team's (CA1 team:N)

// The position of placed tile `t` around the tile at (x, y): 0 for that tile, 1 + i for ring cell i.
int ring_position(const State& s, int x, int y, uint32_t t) {
  if (t == NO_TILE) return RING_NONE;
  const int dx = s.tiles[t].x - x, dy = s.tiles[t].y - y;
  if (dx == 0 && dy == 0) return 0;
  for (int i = 0; i < 8; ++i)
    if (RING_DX[size_t(i)] == dx && RING_DY[size_t(i)] == dy) return 1 + i;
  throw std::logic_error("a hound's tile is not around its meeple");
}

}  // namespace

CoopActions::CoopActions(const Rules& R) : offset_(ACTION_KIND_NB, -1) {
  for (const TileType& t : R.types) junctions_ = std::max(junctions_, int(t.junctions.size()));
  const Levers& L = R.params.levers;
  auto add = [&](ActionKind k, const char* name, int size, const char* fields) {
    offset_[size_t(k)] = size_;
    blocks_.push_back({name, size_, size, fields});
    size_ += size;
  };
  add(ActionKind::Place, "place", BOARD_CELLS * 4, "cell * 4 + rotation (quarter turns clockwise)");
  add(ActionKind::Meeple, "meeple", (MAX_REGIONS + 1) * COLOUR_NB * PIECE_NB,
      "(region * 6 + colour) * 3 + piece; region 32 with colour 0 and piece 0 is no meeple; piece 0 meeple, 1 wagon, 2 mayor");
  add(ActionKind::Score, "score", MAX_PENDING * (MAX_TILES + 1),
      "scoring * 97 + tile whose ghosts go (96: take the points); scoring = the index among this placement's finished features");
  add(ActionKind::Bury, "bury", MAX_MEEPLES, "meeple (colour * 5 + its number in the colour)");
  add(ActionKind::CemeteryGhost, "cemetery_ghost", MAX_TILES, "tile of the cemetery");
  add(ActionKind::Hound, "hound", MAX_MEEPLES * 100,
      "meeple * 100 + 10 * p + q, p <= q the positions of the tiles cleared around the meeple's tile (0 its tile, 1-8 N E S W NE SE "
      "SW NW, 9 none)");
  add(ActionKind::Haunt, "haunt", BOARD_CELLS, "cell of the face-down tile");
  add(ActionKind::Fewer, "fewer", MAX_REGIONS, "mist region of the tile just laid that gets one ghost fewer");
  add(ActionKind::GhostArea, "ghost_area", MAX_TILES * MAX_REGIONS, "tile * 32 + its mist region that takes the ghost");
  if (L.abbeys != PiecePool::Off)
    add(ActionKind::Abbey, "abbey", (BOARD_CELLS + 1) * (COLOUR_NB + 1),
        "cell * 7 + colour (6: the team's abbey); cell 3844 with colour 0: draw instead");
  if (L.tolls != PiecePool::Off)
    add(ActionKind::Toll, "toll", MAX_TILES * junctions_ * (COLOUR_NB + MAX_TOLLS),
        "(tile * J + junction) * 14 + (a new tollhouse: its colour; tollhouse k moved: 6 + k), J the most junctions of a tile");
  if (L.chips) {
    add(ActionKind::Chip, "chip", (MAX_TILES + 1) * COLOUR_NB, "tile whose ghosts go (96: the points) * 6 + colour that takes the chip");
    add(ActionKind::Upgrade, "upgrade", (MAX_MEEPLES + 1) * 3, "meeple (30: none) * 3 + payment (0 four 1s, 1 two 1s and a 2, 2 two 2s)");
  }
  if (L.wagon) add(ActionKind::Wagon, "wagon", MAX_TILES * MAX_REGIONS + 1, "tile * 32 + region the wagon moves to (3072: home)");
}

int CoopActions::encode(const State& s, Action a) const {
  const int base = offset_[size_t(a.kind())];
  if (base < 0) return -1;
  const uint32_t A = a.a(), B = a.b(), C = a.c();
  auto cell = [](uint32_t c) { return board_cell(cell_x(Cell(c)), cell_y(Cell(c))); };
  switch (a.kind()) {
    case ActionKind::Place:
      return base + cell(A) * 4 + int(B);
    case ActionKind::Meeple:
      return base + (int(A == NO_REGION ? MAX_REGIONS : A) * COLOUR_NB + int(B)) * PIECE_NB + int(C);
    case ActionKind::Score:
      return base + int(A) * (MAX_TILES + 1) + int(B == NO_TILE ? MAX_TILES : B);
    case ActionKind::Bury:
    case ActionKind::CemeteryGhost:
    case ActionKind::Fewer:
      return base + int(A);
    case ActionKind::Hound: {
      const PlacedTile& t = s.tiles[s.nodes[s.meeples[A].node].tile];
      const int p = ring_position(s, t.x, t.y, B), q = ring_position(s, t.x, t.y, C);
      return base + int(A) * 100 + 10 * std::min(p, q) + std::max(p, q);
    }
    case ActionKind::Haunt:
      return base + cell(A);
    case ActionKind::GhostArea:
      return base + int(A) * MAX_REGIONS + int(B);
    case ActionKind::Abbey:
      return base + (A == NO_REGION ? BOARD_CELLS : cell(A)) * (COLOUR_NB + 1) + int(B == TEAM_ABBEY ? COLOUR_NB : B);
    case ActionKind::Toll:
      return base + (int(A >> 4) * junctions_ + int(A & 15)) * (COLOUR_NB + MAX_TOLLS) + (C == 0 ? int(B) : COLOUR_NB + int(C) - 1);
    case ActionKind::Chip:
      return base + int(A == NO_TILE ? MAX_TILES : A) * COLOUR_NB + int(B);
    case ActionKind::Upgrade:
      return base + int(A == NO_REGION ? MAX_MEEPLES : A) * 3 + int(B);
    case ActionKind::Wagon:
      return base + (A == NO_REGION ? MAX_TILES * MAX_REGIONS : int(s.nodes[A].tile) * MAX_REGIONS + int(s.nodes[A].feature));
  }
  return -1;
}

// ---- Observations ------------------------------------------------------------------------------

namespace {

// The board planes, in tensor order (docs/python.md lists what each holds).
const char* const PLANES[] = {
    "tile", "face_down",                                   // a face-up tile, a face-down tile (R7.3)
    "city_n", "city_e", "city_s", "city_w",                // side terrain of the tile as it lies
    "road_n", "road_e", "road_s", "road_w",
    "mist_n", "mist_e", "mist_s", "mist_w",                // share of the side's 3 slots under mist
    "mist_open",                                           // a mist area of the tile in a bank still open
    "ghosts",                                              // ghosts on the tile
    "castle", "castle_done", "cemetery", "cemetery_done",  // its castle or cemetery, and whether it is complete / closed
    "abbey", "monastery",                                  // an abbey (CA2), the abbey's monastery (CA5)
    "meeples_red", "meeples_green", "meeples_blue", "meeples_yellow", "meeples_black", "meeples_pink",
    "wagons", "mayors", "upgraded",                        // pieces standing on the tile (CA8, CM4)
    "hounds",                                              // hounds beside a meeple on the tile (R6.2)
    "last",                                                // the tile laid this turn (or last turn, at a draw)
    "tolls",                                               // tollhouses on the tile's junctions (CT2): their face
    "chip",                                                // an empty chip cell still holding its chip (CM1)
};
constexpr int PLANE_NB = sizeof(PLANES) / sizeof(PLANES[0]);

int plane(const char* name) { return plane_index(PLANES, PLANE_NB, name); }

}  // namespace

int plane_index(const char* const* names, int count, const char* name) {
  for (int i = 0; i < count; ++i)
    if (std::string_view(names[i]) == name) return i;
  throw std::logic_error(std::string("no plane ") + name);
}

CoopObservation::CoopObservation(const Rules& R) {
  planes.assign(PLANES, PLANES + PLANE_NB);
  auto add = [&](const std::string& name, int n = 1) {
    if (n == 1) globals.push_back(name);
    else
      for (int i = 0; i < n; ++i) globals.push_back(name + "/" + std::to_string(i));
  };
  auto named = [&](const std::string& name, const std::string& item) { globals.push_back(name + "/" + item); };
  add("observer", MAX_PLAYERS);
  add("to_move", MAX_PLAYERS);
  for (int p = 0; p < PHASE_NB; ++p) named("phase", std::string(phase_name(Phase(p))));
  add("score");
  for (auto c : COLOUR_NAMES) named("colour_score", std::string(c));
  add("goal");
  add("hound_threshold", 2);
  add("ghost_supply");
  add("ghosts_on_board");
  add("turn");
  add("tiles_left");
  add("pile_size", MAX_PILES);
  add("active_pile", MAX_PILES);
  add("face_down");
  add("discarded");
  for (int h = 0; h < 2; ++h)
    for (const char* st : {"waiting", "reached", "with_meeple", "scored", "lost"})
      globals.push_back("hound" + std::to_string(h + 1) + "/" + st);
  for (auto c : COLOUR_NAMES) named("supply", std::string(c));
  for (auto c : COLOUR_NAMES) named("buried", std::string(c));
  for (int p = 0; p < MAX_PLAYERS; ++p)
    for (auto c : COLOUR_NAMES) globals.push_back("colours/" + std::to_string(p) + "/" + std::string(c));
  for (const TileType& t : R.types) named("drawn", t.id);
  for (const TileType& t : R.types) named("unseen", t.id);
  add("pending");
  add("burials");
  for (auto c : COLOUR_NAMES) named("abbeys", std::string(c));
  add("team_abbeys");
  add("chips_held", 2 * COLOUR_NB);
  add("chip_value");
  add("chips_seen", 2);
}

void CoopObservation::write(const Rules& R, const State& s, int observer, float* out) const {
  std::fill(out, out + size(), 0.0f);
  static const int P_TILE = plane("tile"), P_DOWN = plane("face_down"), P_CITY = plane("city_n"), P_ROAD = plane("road_n"),
                   P_MIST = plane("mist_n"), P_MIST_OPEN = plane("mist_open"), P_GHOSTS = plane("ghosts"), P_CASTLE = plane("castle"),
                   P_CASTLE_DONE = plane("castle_done"), P_CEM = plane("cemetery"), P_CEM_DONE = plane("cemetery_done"),
                   P_ABBEY = plane("abbey"), P_MONASTERY = plane("monastery"), P_MEEPLES = plane("meeples_red"),
                   P_WAGONS = plane("wagons"), P_MAYORS = plane("mayors"), P_UPGRADED = plane("upgraded"), P_HOUNDS = plane("hounds"),
                   P_LAST = plane("last"), P_TOLLS = plane("tolls"), P_CHIP = plane("chip");
  auto at = [&](int p, int x, int y) -> float& { return out[size_t(p) * BOARD_CELLS + size_t(board_cell(x, y))]; };
  auto root_flags = [&](int node) { return s.nodes[find_root(s, uint16_t(node))].flags; };

  // 1. The tiles, as they lie.
  for (int i = 0; i < s.n_tiles; ++i) {
    const PlacedTile& t = s.tiles[size_t(i)];
    if (info_state) at(PLANE_NB, t.x, t.y) = float(i + 1);
    if (t.face_down()) {
      at(P_DOWN, t.x, t.y) = 1;
      continue;
    }
    at(P_TILE, t.x, t.y) = 1;
    const TileType& tt = R.types[t.type];
    const Orientation& o = tt.rot[t.rot];
    for (int side = 0; side < SIDE_NB; ++side) {
      const Terrain terrain = Terrain((o.sides >> (2 * side)) & 3);
      if (terrain == Terrain::City) at(P_CITY + side, t.x, t.y) = 1;
      if (terrain == Terrain::Road) at(P_ROAD + side, t.x, t.y) = 1;
      at(P_MIST + side, t.x, t.y) = float(__builtin_popcount(unsigned(o.misty & side_mask(side)))) / 3.0f;
    }
    for (size_t f = 0; f < tt.features.size(); ++f)
      if (tt.features[f].kind == RegionKind::Mist && !(root_flags(t.node + int(f)) & (Node::DONE | Node::DEAD)))
        at(P_MIST_OPEN, t.x, t.y) = 1;
    at(P_GHOSTS, t.x, t.y) = float(t.ghosts);
    if (tt.castle >= 0) {
      at(P_CASTLE, t.x, t.y) = 1;
      if (root_flags(t.node + tt.castle) & Node::DONE) at(P_CASTLE_DONE, t.x, t.y) = 1;
    }
    if (tt.cemetery >= 0) {
      at(P_CEM, t.x, t.y) = 1;
      if (root_flags(t.node + tt.cemetery) & Node::DONE) at(P_CEM_DONE, t.x, t.y) = 1;
    }
    if (tt.abbey) at(P_ABBEY, t.x, t.y) = 1;
    if (tt.monastery >= 0) at(P_MONASTERY, t.x, t.y) = 1;
  }
  if (s.turn > 0 && s.last < s.n_tiles) at(P_LAST, s.tiles[s.last].x, s.tiles[s.last].y) = 1;

  // 2. The pieces on the board.
  for (int m = 0; m < R.n_meeples; ++m) {
    const Meeple& mp = s.meeples[size_t(m)];
    if (mp.at != MeepleAt::Board) continue;
    const PlacedTile& t = s.tiles[s.nodes[mp.node].tile];
    at(P_MEEPLES + mp.colour, t.x, t.y) += 1;
    if (mp.kind == PieceKind::Wagon) at(P_WAGONS, t.x, t.y) += 1;
    if (mp.kind == PieceKind::Mayor) at(P_MAYORS, t.x, t.y) += 1;
    if (mp.upgraded) at(P_UPGRADED, t.x, t.y) += 1;
  }
  for (int h = 0; h < 2; ++h)
    if (s.hound[size_t(h)] == HoundState::WithMeeple) {
      const PlacedTile& t = s.tiles[s.nodes[s.meeples[s.hound_meeple[size_t(h)]].node].tile];
      at(P_HOUNDS, t.x, t.y) += 1;
    }
  for (int k = 0; k < R.tolls; ++k)
    if (s.tolls[size_t(k)].tile != NO_TILE) {
      const PlacedTile& t = s.tiles[s.tolls[size_t(k)].tile];
      at(P_TOLLS, t.x, t.y) += float(s.tolls[size_t(k)].face);
    }
  for (size_t i = 0; i < R.chip_cells.size(); ++i)
    if (s.chips_left >> i & 1) at(P_CHIP, cell_x(R.chip_cells[i]), cell_y(R.chip_cells[i])) = 1;

  // 3. The global vector, in the order of `globals`.
  float* g = out + planes.size() * size_t(BOARD_CELLS);
  const bool decision = !is_over(s) && !is_chance(s);
  if (observer >= 0 && observer < MAX_PLAYERS) g[observer] = 1;
  g += MAX_PLAYERS;
  if (decision) g[s.player] = 1;
  g += MAX_PLAYERS;
  g[int(s.phase)] = 1;
  g += PHASE_NB;
  *g++ = float(s.score);
  for (int c = 0; c < COLOUR_NB; ++c) *g++ = float(s.colour_score[size_t(c)]);
  *g++ = float(R.level.goal);
  *g++ = float(R.level.hound1);
  *g++ = float(R.level.hound2);
  *g++ = float(s.ghost_supply);
  *g++ = float(s.ghosts_on_board);
  *g++ = float(s.turn);
  *g++ = float(tiles_left(s));
  for (int k = 0; k < MAX_PILES; ++k) *g++ = float(s.pile_size[size_t(k)]);
  g[std::min<int>(s.active_end, MAX_PILES - 1)] = 1;
  g += MAX_PILES;
  *g++ = float(s.face_down);
  *g++ = float(s.discarded);
  for (int h = 0; h < 2; ++h) {
    g[int(s.hound[size_t(h)])] = 1;
    g += HOUND_STATE_NB;
  }
  for (int c = 0; c < COLOUR_NB; ++c) *g++ = float(s.supply[size_t(c)]);
  for (int m = 0; m < R.n_meeples; ++m)
    if (s.meeples[size_t(m)].at == MeepleAt::Buried) g[s.meeples[size_t(m)].colour] += 1;
  g += COLOUR_NB;
  for (int p = 0; p < MAX_PLAYERS; ++p) {
    if (p < R.params.players)
      for (int8_t c : R.player_colours[size_t(p)])
        if (c >= 0) g[c] = 1;
    g += COLOUR_NB;
  }
  const int n_types = int(R.types.size());
  // The tile of this turn, once drawn (or an abbey placed instead): from the placement to the end of the turn.
  if (!is_over(s) && s.phase != Phase::Draw && s.phase != Phase::Abbey && s.drawn < n_types) g[s.drawn] = 1;
  g += n_types;
  for (int t = 0; t < n_types; ++t) *g++ = float(s.unseen[size_t(t)]);
  *g++ = float(s.n_pending);
  *g++ = float(s.burials);
  for (int c = 0; c < COLOUR_NB; ++c) *g++ = float(s.abbeys[size_t(c)]);
  *g++ = float(s.team_abbeys);
  for (int c = 0; c < COLOUR_NB; ++c)
    for (int v = 0; v < 2; ++v) *g++ = float(s.chips_held[size_t(c)][size_t(v)]);
  *g++ = s.phase == Phase::Chip ? float(s.chip_value) : 0.0f;
  for (int v = 0; v < 2; ++v) *g++ = float(s.chips_seen[size_t(v)]);
  if (g != out + size()) throw std::logic_error("the observation's globals do not match their names");
}

}  // namespace mists::pyenc
