// Internals of the co-op engine shared by its files: engine/coop/state.cpp (the turn, placing,
// scoring), engine/coop/abbey.cpp (the Abbey & Mayor levers: abbeys, wagons, mayors),
// engine/coop/toll.cpp (the Tollkeepers levers: tollhouses), engine/coop/map.cpp (the Map-Chips
// levers: chips and upgrades), in the pattern of engine/versus/detail.h. Not for use outside
// engine/coop/.
#pragma once

#include <array>
#include <cstdint>

#include "engine/coop/layer.h"
#include "engine/coop/state.h"
#include "engine/kit/union_find.h"

namespace mists::detail {

// ---- The board ------------------------------------------------------------------------------------
constexpr uint64_t INNER = 0x7FFFFFFFFFFFFFFEull;  // columns 1..62 of a row

inline int cell_at(const State& s, int x, int y) { return s.cell[make_cell(x, y)] - 1; }  // -1 = empty

// Union-find with path halving (the state is mutable here), from the kit.
inline uint16_t find(State& s, uint16_t n) { return uf::find(s.nodes, n); }

// Is the placed tile an abbey (a tile that matches and closes every side)? Face-down tiles are
// not: they haunt instead (R7.4).
inline bool is_wild(const Rules& R, const PlacedTile& t) { return !t.face_down() && t.type >= R.wild_from; }

// Calls f(node) for the nodes placed tile `idx` may have finished: its own cities, roads and mist,
// or for an abbey (CA3) the features of its neighbours' sides facing it.
template <class F>
void placed_features(const Rules& R, const State& s, int idx, F&& f) {
  const PlacedTile& t = s.tiles[idx];
  const TileType& tt = R.types[t.type];
  if (tt.abbey) {
    for (int d = 0; d < SIDE_NB; ++d) {
      const int nb = cell_at(s, t.x + DX[d], t.y + DY[d]);
      if (nb < 0 || s.tiles[nb].face_down() || is_wild(R, s.tiles[nb])) continue;
      const PlacedTile& p = s.tiles[nb];
      const Orientation& po = R.types[p.type].rot[p.rot];
      const int od = opposite(d);
      if (po.side_main[od] != 0xFF) f(uint16_t(p.node + po.side_main[od]));
      for (int k = 0; k < 3; ++k)
        if (po.mist[slot_of(od, k)] != 0xFF) f(uint16_t(p.node + po.mist[slot_of(od, k)]));
    }
    return;
  }
  for (size_t fi = 0; fi < tt.features.size(); ++fi) {
    const RegionKind k = tt.features[fi].kind;
    if (k == RegionKind::Mist || k == RegionKind::City || k == RegionKind::Road) f(uint16_t(t.node + fi));
  }
}

// ---- Ghosts and points (engine/coop/state.cpp) ------------------------------------------------------
inline void remove_ghost_from(State& s, Node& n, int k) {
  n.ghosts = uint8_t(n.ghosts - k);
  s.tiles[n.tile].ghosts = uint8_t(s.tiles[n.tile].ghosts - k);
  s.ghosts_on_board = uint8_t(s.ghosts_on_board - k);
  s.ghost_supply = uint8_t(s.ghost_supply + k);
}

// R3.2: a finished mist bank (its root) loses all its ghosts, counted as removed by mist.
inline void clear_bank(State& s, uint16_t root) {
  uint16_t n = root;
  do {
    if (s.nodes[n].ghosts) {
      s.ghosts_removed_by_mist = uint16_t(s.ghosts_removed_by_mist + s.nodes[n].ghosts);
      remove_ghost_from(s, s.nodes[n], s.nodes[n].ghosts);
    }
    n = s.nodes[n].next;
  } while (n != root);
}

// "Remove up to 3 ghosts from 1 tile" (R3.4, R4.3, R6.2): as many as there are, up to 3, first from
// mist that can never be finished, then from other mist, then from the cemetery. Returns the count.
int clear_tile(const Rules& R, State& s, int tile, int most = 3);

inline void add_points(const Rules& R, State& s, int colour, int points) {
  if (R.level.per_colour_scores) s.colour_score[colour] = int16_t(s.colour_score[colour] + points);
  else s.score = int16_t(s.score + points);
}

void check_hounds_reached(const Rules& R, State& s);  // a hound whose threshold the progress reached (R6.2)
bool check_win(const Rules& R, State& s);             // R4.5: the goal reached ends the game, won

// Colours that score a feature (R4.2) as a bit mask, and those of them that score it twice
// (coop_upgrade_effect = double_share, CM5).
struct Shares {
  unsigned scoring = 0;
  unsigned twice = 0;
};

// ---- Abbey & Mayor levers (engine/coop/abbey.cpp) ----------------------------------------------------
// Holes (CA2): empty cells whose 4 orthogonal neighbours hold tiles, at least one face up (R7.5);
// as cells, row by row. Returns the count.
int abbey_holes(const State& s, Cell* out);
// The abbeys the active player may place now, as colours (0xFF for the team's pool); the count.
int usable_abbeys(const Rules& R, const State& s, uint8_t* out);
// CA1/CA2: can the turn start with an abbey instead of a draw? Burn needs a tile in the active pile.
bool abbey_possible(const Rules& R, const State& s);
// With mayors or chips (CA8, CM5): who scores feature `root`, by strength per colour.
Shares lever_shares(const Rules& R, const State& s, uint16_t root);
// Where wagon `m` may go (A4.2, CA8), as nodes; the count.
int wagon_targets(const Rules& R, const State& s, int m, uint16_t* out);
// The first wagon due to move (CA8, A4.4: in colour order), or -1.
int due_wagon(const State& s);
// CA8: after the turn's scorings, the next wagon due moves or goes home. True when it has
// somewhere to go (phase Wagon).
bool wagon_step(const Rules& R, State& s);

// ---- The Tollkeepers levers (engine/coop/toll.cpp) ---------------------------------------------------
// The free junctions a tollhouse may go on (CT2), as tile << 4 | junction; the count.
int free_junctions(const Rules& R, const State& s, uint16_t* out);
// What a finished road pays tollhouse `toll` (T3.1-T3.2, CT6), and whether it counts as having
// travellers for the flip (CT4).
struct TollValue {
  int points = 0;
  bool travellers = false;
};
TollValue toll_value(const Rules& R, const State& s, int toll, uint16_t root);
// CT3: the tolls of the roads this turn finished, as scorings of their own.
void add_toll_pendings(const Rules& R, State& s);
// CT4: at the end of the turn, a tollhouse that collected travellers turns over.
void flip_tolls(const Rules& R, State& s);

// ---- The Map-Chips levers (engine/coop/map.cpp) -------------------------------------------------------
// The chip cell at `cell` that still holds its chip, or -1.
int chip_at(const Rules& R, const State& s, Cell cell);
// Whose chips: the team's pool ([0]), or on level 6 the colour's own (CM3).
inline int chip_pool(const Rules& R, int colour) { return R.level.per_colour_scores ? colour : 0; }
// The options of the upgrade step after "none" (CM4); the count.
int upgrade_options(const Rules& R, const State& s, Action* out);
// The colours that may take the chip just turned up (CM3); the count.
int chip_colours(const Rules& R, const State& s, uint8_t* out);
// R3.2 after a chip (CM2): the mist banks the placed tile finished lose their ghosts now.
void clear_finished_mist(const Rules& R, State& s, int idx);
// CM2: a tile put on chip cell `i` takes the chip; its value is a chance step (phase ChipDraw).
void take_chip_at(State& s, int i);
// The chip turned up goes to `colour` (or, `clear` a tile, is forgone for its ghosts) (CM2, R4.3).
void take_chip(const Rules& R, State& s, int colour, int clear);
// CM4: chips worth 4 for an upgrade, at most once a turn. True when the team has the choice.
bool upgrade_step(const Rules& R, State& s);

}  // namespace mists::detail
