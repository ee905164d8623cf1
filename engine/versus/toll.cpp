// The Tollkeepers (EXPANSIONS T1-T4 of docs/versus.md) in the competitive engine: junctions as
// tollhouse spots, tolls when a road is finished, the tollhouse turned over, tolls at the end.
#include <algorithm>

#include "engine/versus/versus.h"
#include "engine/versus/detail.h"
#include "engine/kit/tiles.h"

namespace mists::vs::detail {

void compile_junctions(VsType& tt, const TileSpec& spec) {
  const std::vector<std::vector<int>> js = junction_regions(spec);
  if (js.size() > tt.junction.size())
    throw ConfigError("tile " + spec.id + ": junction: " + std::to_string(js.size()) + " junctions; the competitive engine "
                      "holds " + std::to_string(tt.junction.size()) + " a tile");
  for (const auto& j : js) {
    uint16_t mask = 0;
    for (int r : j) mask = uint16_t(mask | 1u << r);
    tt.junction[tt.n_junctions++] = mask;
  }
}

int toll_options(const VsRules& R, const VsState& s, VsAction* out) {
  int n = 0;
  for (int t = 0; t < s.n_tiles; ++t) {
    const VsType& T = R.types[s.tiles[size_t(t)].type];
    for (int j = 0; j < T.n_junctions; ++j) {
      bool taken = false;  // T2.2: a tollhouse there already (its own: a move to where it stands is none)
      for (int q = 0; q < R.players && !taken; ++q)
        taken = s.piece[size_t(q)].toll_tile == t && s.piece[size_t(q)].toll_junction == j;
      if (!taken) out[n++] = VsAction::toll(t, j);
    }
  }
  return n;
}

namespace {

// Whether the road `root` ends at the junction of seat q's tollhouse.
bool ends_at(const VsRules& R, const VsState& s, const VsSeatPieces& q, uint16_t root) {
  const VsTile& t = s.tiles[q.toll_tile];
  const uint16_t mask = R.types[t.type].junction[q.toll_junction];
  for (int r = 0; r < VS_MAX_REGIONS; ++r)
    if ((mask >> r & 1) && find_root(s, uint16_t(t.node + r)) == root) return true;
  return false;
}

// The sights beside the road `root` on each of its tiles (T3.2): travellers and the others.
void road_sights(const VsRules& R, const VsState& s, uint16_t root, int& sights, int& travellers) {
  sights = travellers = 0;
  uint16_t n = root;
  do {
    const VsNode& v = s.nodes[n];
    const VsRegion& g = R.types[s.tiles[v.tile].type].regions[v.region];
    sights += g.sights;
    travellers += g.travellers;
    n = v.next;
  } while (n != root);
}

}  // namespace

void pay_tolls(const VsRules& R, VsState& s, uint16_t root, Points& to) {
  int sights = -1, travellers = 0;
  for (int q = 0; q < R.players; ++q) {
    VsSeatPieces& piece = s.piece[size_t(q)];
    if (piece.toll_tile == NO_TILE || !ends_at(R, s, piece, root)) continue;  // T3.3: once a road, each tollhouse
    if (sights < 0) road_sights(R, s, root, sights, travellers);
    const int v = piece.toll_face * (sights + 3 * travellers);  // T3.1: the face shown at the turn's start
    to[size_t(q)] += v;
    s.stats[size_t(q)].toll_points = uint16_t(s.stats[size_t(q)].toll_points + v);
    if (travellers) piece.toll_flip = 1;  // T3.4
  }
}

void flip_tolls(const VsRules& R, VsState& s) {
  for (int q = 0; q < R.players; ++q) {
    VsSeatPieces& piece = s.piece[size_t(q)];
    if (!piece.toll_flip || (R.switches.toll_flip == TollFlip::OwnerTurn && q != s.turn_seat)) continue;
    piece.toll_face = uint8_t(3 - piece.toll_face);
    piece.toll_flip = 0;
  }
}

void final_tolls(const VsRules& R, const VsState& s, Points& to, std::array<VsSeatStats, VS_MAX_PLAYERS>* stats) {
  for (int q = 0; q < R.players; ++q) {
    const VsSeatPieces& piece = s.piece[size_t(q)];
    if (piece.toll_tile == NO_TILE) continue;
    const VsTile& t = s.tiles[piece.toll_tile];
    const uint16_t mask = R.types[t.type].junction[piece.toll_junction];
    uint16_t seen[VS_MAX_REGIONS];
    int n_seen = 0, v = 0;
    for (int r = 0; r < VS_MAX_REGIONS; ++r) {
      if (!(mask >> r & 1)) continue;
      const uint16_t root = find_root(s, uint16_t(t.node + r));
      if (s.nodes[root].done || std::find(seen, seen + n_seen, root) != seen + n_seen) continue;
      seen[n_seen++] = root;  // a road with both ends at this junction pays once
      int sights, travellers;
      road_sights(R, s, root, sights, travellers);
      v += sights + travellers;  // T4.1: 1 a sight of any kind, whatever the face
    }
    to[size_t(q)] += v;
    if (stats) (*stats)[size_t(q)].toll_points = uint16_t((*stats)[size_t(q)].toll_points + v);
  }
}

}  // namespace mists::vs::detail
