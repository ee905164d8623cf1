// The competitive engine's slow checks (engine/versus/check.cpp): recounts from the placed tiles
// alone that pin the incremental engine in the tests, and check(), every invariant of a position.
#pragma once

#include <string>
#include <vector>

#include "engine/versus/layer.h"
#include "engine/versus/state.h"

namespace mists::vs {

// ---- Checks -----------------------------------------------------------------------------------------
// Recounts from the placed tiles alone, by flood fill over the slots, with no union-find: used by
// the tests to pin the incremental engine.
struct Recount {
  std::array<int, VS_MAX_PLAYERS> final_points{};  // what final scoring would add now (G1.9, G3.9, G4.5, A5.5, T4.1)
  int meeples_on_board = 0;
};
Recount slow_recount(const VsRules& R, const VsState& s);
// Every placement of `type` by brute force over the board (cell, rotation), in cell order; for
// the abbey (A2.1) every hole.
std::vector<VsAction> slow_placements(const VsRules& R, const VsState& s, int type);
// Every point where seat `s.player` could put its barn now (A5.1, A5.2), by brute force over the
// corners of the board, in cell order of the point's south-east tile.
std::vector<VsAction> slow_barn_points(const VsRules& R, const VsState& s);
// Meeple, ghost and piece conservation (mayors, wagons, abbots, barns, tollhouses, abbeys, chips),
// supply counts, scores not below 0, grid against tiles, frontier against grid. Empty when all is
// well, else what differs.
std::string check(const VsRules& R, const VsState& s);

}  // namespace mists::vs
