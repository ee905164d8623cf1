#include "python/versus_encoding.h"

#include <algorithm>
#include <stdexcept>

namespace mists::pyenc {

using namespace vs;

namespace {

constexpr int VS_KIND_NB = int(VsKind::Upgrade) + 1;
constexpr int VS_PHASE_NB = int(VsPhase::ChipValue) + 1;
constexpr int VS_PIECE_NB = int(VsPiece::Abbot) + 1;
constexpr int VS_PAY_NB = int(VsPay::Ones2Two1) + 1;
constexpr int SLOT_RANGE = 16;  // a Ghost action's meeple slot (4 bits)
const char* const VS_PHASE_NAMES[VS_PHASE_NB] = {"draw", "place", "ghost_opponent", "ghost_own", "meeple",
                                                 "over", "abbey_choice", "wagon_move", "upgrade", "chip_value"};

int cell_x(VsCell c) { return int(c % VS_W); }
int cell_y(VsCell c) { return int(c / VS_W); }

// Seat `seat` as seen from `observer`: 0 the observer, then the seats after it in turn order.
int relative(int players, int seat, int observer) { return (seat - observer + players) % players; }

}  // namespace

VsWindow::VsWindow(const VsRules& R) {
  if (R.on_map) {
    side = std::max(R.map.width, R.map.height) + 2;
    return;
  }
  const int abbeys = R.abbey_type >= 0 ? R.players : 0;
  side = R.tiles_in_play + int(R.start_types.size()) + abbeys + 3;
}

VsWindow::Frame VsWindow::frame(const VsRules& R, const VsState& s) const {
  if (R.on_map) return {R.map_dx - 1, R.map_dy - 1, side};
  const VsBox box = bounding_box(s);
  return {box.x0 - 1, box.y0 - 1, side};
}

int VsWindow::Frame::index(VsCell c) const {
  const int x = cell_x(c) - ax, y = cell_y(c) - ay;
  if (x < 0 || y < 0 || x >= side || y >= side) throw std::logic_error("a cell outside the observation window");
  return y * side + x;
}

VsActions::VsActions(const VsRules& R) : window_(R), offset_(VS_KIND_NB, -1), players_(R.players) {
  const int cells = window_.side * window_.side;
  auto add = [&](VsKind k, const char* name, int size, const char* fields) {
    offset_[size_t(k)] = size_;
    blocks_.push_back({name, size_, size, fields});
    size_ += size;
  };
  add(VsKind::Place, "place", cells * 4, "cell * 4 + rotation; cell = x + W y in the window");
  add(VsKind::Meeple, "meeple", (VS_MAX_REGIONS + 1) * VS_PIECE_NB,
      "region (12: none) * 5 + piece (0 meeple, 1 guard, 2 mayor, 3 wagon, 4 abbot)");
  add(VsKind::Ghost, "ghost", VS_MAX_PLAYERS * SLOT_RANGE, "seat (relative to the seat to move) * 16 + meeple slot");
  if (R.has(VS_ABBEY_MAYOR)) {
    add(VsKind::Abbey, "abbey", cells + 1, "cell of the hole (W * W: draw instead)");
    add(VsKind::Barn, "barn", cells, "cell whose north-west corner takes the barn");
    add(VsKind::Wagon, "wagon", VS_MAX_TILES * VS_MAX_REGIONS + 1, "tile * 12 + region the wagon moves to (2016: back to the supply)");
  }
  if (R.switches.abbot) add(VsKind::Recall, "recall", 1, "the abbot back");
  if (R.has(VS_TOLLKEEPERS)) add(VsKind::Toll, "toll", VS_MAX_TILES * 4, "tile * 4 + junction");
  if (R.has(VS_MAP_CHIPS)) add(VsKind::Upgrade, "upgrade", (VS_ALL_SLOTS + 1) * VS_PAY_NB, "meeple slot (13: none) * 3 + payment");
}

int VsActions::encode(const VsState& s, VsAction a, const VsWindow::Frame& frame) const {
  const int base = offset_[size_t(a.kind())];
  if (base < 0) throw std::logic_error("an action kind this game has no block for");
  const int cells = window_.side * window_.side;
  switch (a.kind()) {
    case VsKind::Place:
      return base + frame.index(a.cell()) * 4 + a.rot();
    case VsKind::Meeple:
      return base + (a.region() == VsAction::NONE ? VS_MAX_REGIONS : a.region()) * VS_PIECE_NB + int(a.piece());
    case VsKind::Ghost:
      return base + relative(players_, a.seat(), s.player) * SLOT_RANGE + a.slot();
    case VsKind::Abbey:
      return base + (a.none() ? cells : frame.index(a.cell()));
    case VsKind::Barn:
      return base + frame.index(a.cell());
    case VsKind::Recall:
      return base;
    case VsKind::Toll:
      return base + a.tile() * 4 + a.junction();
    case VsKind::Wagon:
      return base + (a.none() ? VS_MAX_TILES * VS_MAX_REGIONS : int(s.nodes[size_t(a.node())].tile) * VS_MAX_REGIONS +
                                                                  int(s.nodes[size_t(a.node())].region));
    case VsKind::Upgrade:
      return base + (a.none() ? VS_ALL_SLOTS : a.slot()) * VS_PAY_NB + (a.none() ? 0 : int(a.pay()));
  }
  throw std::logic_error("an unknown action kind");
}

// ---- Observations ------------------------------------------------------------------------------

namespace {

const char* const VS_PLANES[] = {
    "tile",                                  // a tile
    "city_n", "city_e", "city_s", "city_w",  // side terrain as the tile lies
    "road_n", "road_e", "road_s", "road_w",
    "mist_n", "mist_e", "mist_s", "mist_w",  // share of the side's 3 slots under mist (GCC)
    "monastery", "castle", "cemetery", "garden", "abbey", "large_city",
    "seat0", "seat1", "seat2", "seat3", "seat4", "seat5",  // pieces of each seat (relative) standing on the tile
    "guards", "mayors", "wagons", "abbots",  // the special pieces among them
    "meeple_ghosts",                         // ghosts on the meeples standing there (G3.5)
    "barns",                                 // barns on the tile's field corner (A5.1)
    "tolls",                                 // tollhouses on its junctions: their face (T1.1)
    "chip",                                  // a face-down chip on an empty square (M2.2)
    "square",                                // a map square that takes a tile (M1)
    "last",                                  // the tile placed this turn
};
constexpr int VS_PLANE_NB = sizeof(VS_PLANES) / sizeof(VS_PLANES[0]);

int vs_plane(const char* name) { return plane_index(VS_PLANES, VS_PLANE_NB, name); }

}  // namespace

VsObservation::VsObservation(const VsRules& R) : window(R) {
  planes.assign(VS_PLANES, VS_PLANES + VS_PLANE_NB);
  auto seats = [&](const std::string& name) {
    for (int k = 0; k < VS_MAX_PLAYERS; ++k) globals.push_back(name + "/" + std::to_string(k));
  };
  seats("observer");
  seats("to_move");
  for (const char* p : VS_PHASE_NAMES) globals.push_back(std::string("phase/") + p);
  seats("score");
  seats("supply");
  seats("guards");
  seats("reserve");
  seats("abbey_held");
  seats("chips1");
  seats("chips2");
  globals.push_back("ghost_supply");
  globals.push_back("ghost_due/opponent");
  globals.push_back("ghost_due/own");
  globals.push_back("turn");
  globals.push_back("left");
  globals.push_back("discarded");
  globals.push_back("last_round");
  globals.push_back("anchor_x");
  globals.push_back("anchor_y");
  globals.push_back("chips_unseen/1");
  globals.push_back("chips_unseen/2");
  for (const VsType& t : R.types) globals.push_back("drawn/" + t.id);
  for (const VsType& t : R.types) globals.push_back("unseen/" + t.id);
}

void VsObservation::write(const VsRules& R, const VsState& s, int observer, float* out) const {
  std::fill(out, out + size(), 0.0f);
  static const int P_TILE = vs_plane("tile"), P_CITY = vs_plane("city_n"), P_ROAD = vs_plane("road_n"), P_MIST = vs_plane("mist_n"),
                   P_MONASTERY = vs_plane("monastery"), P_CASTLE = vs_plane("castle"), P_CEM = vs_plane("cemetery"),
                   P_GARDEN = vs_plane("garden"), P_ABBEY = vs_plane("abbey"), P_CITYSQ = vs_plane("large_city"),
                   P_SEAT = vs_plane("seat0"), P_GUARDS = vs_plane("guards"), P_MAYORS = vs_plane("mayors"),
                   P_WAGONS = vs_plane("wagons"), P_ABBOTS = vs_plane("abbots"), P_GHOSTS = vs_plane("meeple_ghosts"),
                   P_BARNS = vs_plane("barns"), P_TOLLS = vs_plane("tolls"), P_CHIP = vs_plane("chip"), P_SQUARE = vs_plane("square"),
                   P_LAST = vs_plane("last");
  const size_t cells = size_t(window.side) * size_t(window.side);
  const VsWindow::Frame frame = window.frame(R, s);
  auto at = [&](int p, VsCell c) -> float& { return out[size_t(p) * cells + size_t(frame.index(c))]; };
  const int ax = frame.ax, ay = frame.ay;

  // 1. The tiles.
  for (int i = 0; i < s.n_tiles; ++i) {
    const VsTile& t = s.tiles[size_t(i)];
    const VsType& T = R.types[t.type];
    const VsOrientation& o = T.rot[t.rot];
    at(P_TILE, t.cell) = 1;
    if (info_state) at(VS_PLANE_NB, t.cell) = float(i + 1);
    for (int side = 0; side < SIDE_NB; ++side) {
      const Terrain terrain = Terrain((o.sides >> (2 * side)) & 3);
      if (terrain == Terrain::City) at(P_CITY + side, t.cell) = 1;
      if (terrain == Terrain::Road) at(P_ROAD + side, t.cell) = 1;
      at(P_MIST + side, t.cell) = float(__builtin_popcount(unsigned(o.misty & side_mask(side)))) / 3.0f;
    }
    if (T.monastery >= 0) at(P_MONASTERY, t.cell) = 1;
    if (T.castle >= 0) at(P_CASTLE, t.cell) = 1;
    if (T.cemetery >= 0) at(P_CEM, t.cell) = 1;
    if (T.garden >= 0) at(P_GARDEN, t.cell) = 1;
    if (T.abbey) at(P_ABBEY, t.cell) = 1;
    if (R.first_city_type >= 0 && t.type >= R.first_city_type) at(P_CITYSQ, t.cell) = 1;
  }
  if (s.n_tiles > 0 && s.last < s.n_tiles && s.turn > 0) at(P_LAST, s.tiles[s.last].cell) = 1;

  // 2. The pieces.
  for (int p = 0; p < R.players; ++p) {
    const int k = relative(R.players, p, observer);
    for (int m = 0; m < VS_ALL_SLOTS; ++m) {
      const VsMeeple& mp = s.meeples[size_t(p)][size_t(m)];
      if (mp.node == VS_NO_NODE) continue;
      const VsCell c = s.tiles[s.nodes[mp.node].tile].cell;
      at(P_SEAT + k, c) += 1;
      if (mp.kind == VsPiece::Guard) at(P_GUARDS, c) += 1;
      if (mp.kind == VsPiece::Mayor) at(P_MAYORS, c) += 1;
      if (mp.kind == VsPiece::Wagon) at(P_WAGONS, c) += 1;
      if (mp.kind == VsPiece::Abbot) at(P_ABBOTS, c) += 1;
      at(P_GHOSTS, c) += float(mp.ghosts);
    }
    const VsSeatPieces& sp = s.piece[size_t(p)];
    if (sp.barn != VS_NO_NODE) at(P_BARNS, s.tiles[s.nodes[sp.barn].tile].cell) += 1;
    if (sp.toll_tile != NO_TILE) at(P_TOLLS, s.tiles[sp.toll_tile].cell) += float(sp.toll_face);
  }
  for (int k = 0; k < s.n_chips; ++k)
    if (s.chips_down >> k & 1) at(P_CHIP, s.chip_cell[size_t(k)]) = 1;
  if (R.on_map)
    for (int y = 0; y < window.side; ++y)
      for (int x = 0; x < window.side; ++x) {
        const VsCell c = vs_cell(ax + x, ay + y);
        if (takes_tile(R, c)) out[size_t(P_SQUARE) * cells + size_t(y * window.side + x)] = 1;
      }

  // 3. The global vector, in the order of `globals`.
  float* g = out + planes.size() * cells;
  g[observer] = 1;
  g += VS_MAX_PLAYERS;
  if (!is_over(s) && !is_chance(s)) g[relative(R.players, s.player, observer)] = 1;
  g += VS_MAX_PLAYERS;
  g[int(s.phase)] = 1;
  g += VS_PHASE_NB;
  auto per_seat = [&](auto value) {
    for (int p = 0; p < R.players; ++p) g[relative(R.players, p, observer)] = float(value(p));
    g += VS_MAX_PLAYERS;
  };
  per_seat([&](int p) { return s.score[size_t(p)]; });
  per_seat([&](int p) { return s.supply[size_t(p)]; });
  per_seat([&](int p) { return s.guards[size_t(p)]; });
  per_seat([&](int p) { return s.reserve[size_t(p)]; });
  per_seat([&](int p) { return (s.abbeys >> p) & 1; });
  per_seat([&](int p) { return s.piece[size_t(p)].chips[0]; });
  per_seat([&](int p) { return s.piece[size_t(p)].chips[1]; });
  *g++ = float(s.ghosts);
  *g++ = s.ghost_due == 1 ? 1.0f : 0.0f;
  *g++ = s.ghost_due == 2 ? 1.0f : 0.0f;
  *g++ = float(s.turn);
  *g++ = float(s.left);
  *g++ = float(s.discarded);
  *g++ = float(s.last_round);
  *g++ = float(ax - VS_START);
  *g++ = float(ay - VS_START);
  *g++ = float(s.chips_unseen[0]);
  *g++ = float(s.chips_unseen[1]);
  const int n_types = int(R.types.size());
  if (!is_over(s) && s.phase != VsPhase::Draw && s.phase != VsPhase::AbbeyChoice && s.drawn < n_types) g[s.drawn] = 1;
  g += n_types;
  for (int t = 0; t < n_types; ++t) *g++ = float(s.unseen[size_t(t)]);
  if (g != out + size()) throw std::logic_error("the observation's globals do not match their names");
}

}  // namespace mists::pyenc
