// Internals of the competitive engine shared by its files: engine/versus/rules.cpp (rules tables),
// engine/versus/state.cpp (turn sequence, scoring), engine/versus/abbey.cpp (Abbey & Mayor and the abbot), engine/versus/toll.cpp
// (The Tollkeepers), engine/versus/map.cpp (Map-Chips Germany). Not for use outside engine/.
#pragma once

#include <array>

#include "engine/versus/layer.h"
#include "engine/versus/versus.h"

namespace mists::vs::detail {

using Points = std::array<int, VS_MAX_PLAYERS>;

// ---- Union-find and the board ----------------------------------------------------------------
uint16_t find_mut(VsState& s, uint16_t n);            // with path halving
uint16_t unite(VsState& s, uint16_t a, uint16_t b);   // returns the new root
int put_tile(const VsRules& R, VsState& s, int type, VsCell cell, int rot, uint8_t& ghost_due);

// Meeple slots of seat p to walk: the owned ones, and the module slots when the game has them.
inline int slot_end(const VsRules& R, const VsState& s, int p) { return R.pieces ? VS_ALL_SLOTS : s.owned[size_t(p)]; }

// Tiles around `c` (its 8 neighbours) for monasteries, gardens, castles and cemeteries (G1.6); on
// a map with border_monastery=filled, squares off the map count as tiles (M1.5).
int ring_tiles(const VsRules& R, const VsState& s, VsCell c);

// ---- Features and their meeples ------------------------------------------------------------------
// Tiles (distinct) and coats of arms of a city or road; `first` gets its smallest cell.
void extent(const VsRules& R, const VsState& s, uint16_t root, int& tiles, int& arms, VsCell* first = nullptr);
// Strength of each seat's pieces in the feature `root` (G1.8: 1 a meeple; A3.2: a mayor its city's
// coats of arms; M5.1: an upgraded piece twice), and the ghosts on them.
void count_meeples(const VsRules& R, const VsState& s, uint16_t root, Points& count, Points* ghosts = nullptr);
int best_count(const VsRules& R, const Points& count);
// A meeple leaves the board for its owner's supply; its ghosts go back to the general supply and
// its chip leaves the game (M5.2).
void lift(VsState& s, int p, VsMeeple& m);
// Every meeple in `root` goes home; with `wagons_move` a wagon waits to move instead (A4.2).
void take_back(const VsRules& R, VsState& s, uint16_t root, bool wagons_move);
// Pays a feature scored in play to its majority (G1.8; none when the best strength is 0, A3.2),
// less 2 per ghost on each scoring seat's meeples in it (G3.7), and takes its meeples back.
void settle(const VsRules& R, VsState& s, uint16_t root, int value, Points& to);
// Value of a feature at the end of the game (G1.9, G4.5, G1.11), by its root.
int final_value(const VsRules& R, const VsState& s, uint16_t root);
// Misty cells among `c` and the 8 around it (G4.4): empty cells are not misty.
int misty_cells(const VsRules& R, const VsState& s, VsCell c);
// Distinct finished cities next to the field `root` (G1.9, A5).
int finished_cities(const VsRules& R, const VsState& s, uint16_t root);
// Adds `delta` to each seat's score and floors it at 0 (G3.8).
void add_floored(const VsRules& R, VsState& s, const Points& delta);

// ---- Abbey & Mayor, the abbot (engine/versus/abbey.cpp) -------------------------------------------
bool is_hole(const VsState& s, VsCell c);  // empty, its four neighbours hold tiles (A2.1)
bool any_hole(const VsRules& R, const VsState& s);
// The points where seat s.player may put its barn (A5.1, A5.2), as Barn actions.
int barn_options(const VsRules& R, const VsState& s, VsAction* out);
// The field node a barn at the north-west corner of `cell` stands on, or VS_NO_NODE when the
// corner is not four clear field corners of one field (A5.1).
uint16_t barn_field(const VsRules& R, const VsState& s, VsCell cell);
// Where seat s.player's waiting wagon may go (A4.2), as Wagon actions, after "wagon back".
int wagon_options(const VsRules& R, const VsState& s, VsAction* out);
// The wagon's links between the regions of one design (A4.2 `connected`).
void compile_links(VsType& tt, const TileSpec& spec);
// A5.3: the barn just placed scores its field as at the end for its farmers, who go home.
void score_new_barn(const VsRules& R, VsState& s, int seat, uint16_t field);
// G1.11: seat's abbot comes back and scores as at the end.
void recall_abbot(const VsRules& R, VsState& s, int seat);
// A5.5: what barns pay at the end.
void final_barns(const VsRules& R, const VsState& s, Points& to, std::array<VsSeatStats, VS_MAX_PLAYERS>* stats);

// ---- The Tollkeepers (engine/versus/toll.cpp) ------------------------------------------------------
// The junctions seat s.player may put or move its tollhouse to (T2.1, T2.2), as Toll actions.
int toll_options(const VsRules& R, const VsState& s, VsAction* out);
// T3.1-T3.4: the tolls a road `root` finished this turn pays, into `to`.
void pay_tolls(const VsRules& R, VsState& s, uint16_t root, Points& to);
// T3.4: tollhouses that collected travellers turn over at the end of the turn.
void flip_tolls(const VsRules& R, VsState& s);
// T4.1: what tollhouses take at the end.
void final_tolls(const VsRules& R, const VsState& s, Points& to, std::array<VsSeatStats, VS_MAX_PLAYERS>* stats);
// The junctions of a design from its catalog entry (E3).
void compile_junctions(VsType& tt, const TileSpec& spec);

// ---- Map-Chips Germany (engine/versus/map.cpp) -------------------------------------------------------
// The map's tables in `R` (squares, fixed constraints, the large cities' designs, chip squares,
// the origin); throws ConfigError naming the map file and field. After every other design.
void build_map(VsRules& R);
// M1.4: the large cities next to `cell` that are not connected yet are laid on the board.
void connect_cities(const VsRules& R, VsState& s, VsCell cell);
// M4.1, M4.2: whether seat s.player may upgrade a meeple now; the options (after "upgrade none").
bool can_upgrade(const VsRules& R, const VsState& s);
int upgrade_options(const VsRules& R, const VsState& s, VsAction* out);
void upgrade(const VsRules& R, VsState& s, VsAction a);

}  // namespace mists::vs::detail
