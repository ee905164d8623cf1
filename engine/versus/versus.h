// The competitive game (docs/versus.md): Carcassonne's base game, third edition (G1 of the GCC
// rules), and Ghosts, Castles & Cemeteries on top of it (G2-G5), for 2-6 players who each play for
// themselves. Fields and farmers, monasteries, majority scoring per feature and final scoring; in
// GCC also ghosts on meeples, guards, castles, cemeteries and the score floor. Expansion modules on
// top of either (EXPANSIONS A, T, M of docs/versus.md): Abbey & Mayor (abbeys, mayors, wagons,
// barns), The Tollkeepers (tollhouses), Map-Chips Germany (a map board, large cities, chips); and
// the abbot (G1.11).
//
// A separate position type from the co-op `State`: the co-op hot path stays as it is, and the two
// share the tile kit (engine/kit/: catalog, slot geometry, errors) and the random streams. Like the co-op
// engine it owns no random generator: a draw is a chance step whose outcomes are the unseen tiles.
//
// This header gathers the folder's parts: rules.h (capacities, switches, the compiled rules),
// state.h (the position, actions and moves), check.h (slow recounts and invariants) and game.h
// (playing a game from a deal). The modules' own code is in abbey.cpp, toll.cpp and map.cpp;
// record.h reads and writes the records.
#pragma once

#include "engine/versus/layer.h"
#include "engine/versus/check.h"
#include "engine/versus/game.h"
#include "engine/versus/rules.h"
#include "engine/versus/state.h"
