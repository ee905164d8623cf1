// Test helpers: rules from the project's configs or from inline TOML, and a way to set up hand-made
// boards by drawing named tiles and applying decisions by their text.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/config/load.h"
#include "engine/coop/game.h"
#include "engine/coop/record.h"
#include "engine/coop/state.h"
#include "engine/coop/text.h"

namespace mists::test {

// Path of a file in the source tree.
std::string source_path(const std::string& rel);

// Rules for a level of the project (configs/levels/levelN.toml) with the Mists catalog.
// `tweak` may change the level before the rules are built.
Rules mists_rules(int level, int players, Switches sw = {}, void (*tweak)(Level&) = nullptr);

// The same with co-op levers (docs/rules.md C), reading the shipped expansion catalogs they need.
Rules mists_rules_levers(int level, int players, const Levers& levers, Switches sw = {}, void (*tweak)(Level&) = nullptr);

// Rules from inline TOML: a catalog text and a level text.
Rules inline_rules(const std::string& catalog_toml, const std::string& level_toml, int players = 2, Switches sw = {});

// The type index of tile `id` (land tiles only).
int type_of(const Rules& R, const std::string& id);

// Draws tile `id` (it must be unseen; the draw segment gives it up) and places it at (x, y)
// relative to the start tile's first cell with `rot` quarter turns clockwise; the placement must
// be legal. Stops at the next decision or the next draw. Checks the state afterwards. At the choice
// of an abbey (coop_abbeys, CA2) it declines the abbey first.
void put(const Rules& R, State& s, const std::string& id, int x, int y, int rot);

// Applies the legal option whose text is `text` ("meeple road0 red", "score 0 points", ...).
void act(const Rules& R, State& s, const std::string& text);

// Texts of the legal options now.
std::vector<std::string> options(const Rules& R, const State& s);

// Declines every remaining optional step of the turn (no meeple, points for each scoring,
// first option otherwise) until the start of the next turn (its draw, or the abbey's choice) or the end.
void finish_turn(const Rules& R, State& s);

// The placed-tile index at (x, y) relative to the start, -1 when empty.
int tile_at(const State& s, int x, int y);

// Ghosts on the tile at (x, y) relative to the start.
int ghosts_at(const State& s, int x, int y);

}  // namespace mists::test
