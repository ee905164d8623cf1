// The drawing kit of every game's pictures: tile designs drawn as SVG, the symbols, classes and
// sizes of a board picture, and the legend beside it. The co-op board (engine/coop/text.h
// render_svg) and the competitive board (analysis/pages/versus_svg.h) both draw with it, so a tile
// looks the same in either game.
// Shapes are worked out in tile units (0..1 across a cell, x east, y south) and written in pixels
// of a CELL-pixel square whose top-left corner is the origin of the caller's group.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/kit/catalog.h"

namespace mists::svg {

inline constexpr double CELL = 80;  // pixels of one board cell

// The layout every board picture shares, in pixels: a margin round it, the title band over the
// board, the cell numbers above and left of it, the legend to its right, the status lines under.
inline constexpr double MARGIN = 16;
inline constexpr double TITLE_SIZE = 15;
inline constexpr double TITLE_BAND = 30;  // the title line and the space under it
inline constexpr double AXIS_BAND = 18;   // cell coordinates above and left of the board
inline constexpr double AXIS_SIZE = 10;
inline constexpr double LEGEND_GAP = 30;  // from the board to the legend
inline constexpr double STATUS_SIZE = 13;
inline constexpr double STATUS_LINE = 19;
inline constexpr double STATUS_GAP = 28;  // from the board or legend to the first status line
inline constexpr double MIN_WIDTH = 640;
inline constexpr double COUNT_DROP = 4.5;  // the baseline of a ghost's count below the ghost's centre
inline constexpr double MARK_DROP = 6;     // the baseline of the "?" on a face-down tile below the cell's middle

// A point in tile units (0..1 across a cell).
struct Pt {
  double x, y;
};

// `v` with one decimal at most ("12", "12.5", "-3"): short and the same on every machine.
std::string num(double v);
// Estimated width in pixels of `text` (UTF-8) at font size `size` (sans-serif).
double text_width(const std::string& text, double size);

// The CSS of the drawing's classes (field, city, mist, road, core, border, facedown, mark, meeple,
// count, axis, note, title, heading, label, status) and the symbols every picture puts in its
// <defs>, each centred on (0, 0): meeple, ghost, castle, cemetery, village, ruin, monastery, arms,
// hound.
std::string style();
const char* defs();
// Opens a picture `width` x `height` pixels (its viewBox the same): the <svg> element, then the
// classes and the symbols above, with `extra_style` and `extra_defs` after them (a game's own).
void open_picture(std::ostream& os, double width, double height, const char* extra_style = "", const char* extra_defs = "");
// The fill of meeple colour `c` (the co-op COLOUR_NAMES order: red green blue yellow black pink;
// a competitive seat k takes colour k).
const char* meeple_fill(int c);

// Design `spec` turned `rot` quarter turns clockwise: the field, its mist areas, roads (dashed
// under mist) and cities as shapes, then castle, cemetery, monastery, villages, ruins where roads
// end, and coats of arms; no border, pieces or ghosts.
void draw_design(std::ostream& os, const TileSpec& spec, int rot);
// Where a piece on region `region` (index in spec.regions) stands: the middle of a road as drawn,
// toward the sides of a city or field, the centre for a castle, cemetery, monastery or garden.
Pt piece_spot(const TileSpec& spec, int rot, int region);
// Where a meeple on region `region` stands, without piece_spot's care for a region out of range or a
// field with no slots (the co-op board, whose meeples stand only where the rules let them).
Pt region_spot(const TileSpec& spec, int rot, int region);
// Where the ghost count of mist region `region` goes: toward its longest stretch of rim, clear of roads.
Pt ghost_spot(const TileSpec& spec, int rot, int region);
// Where the ghost count of a cemetery goes: the corner beside the cross farthest from the tile's
// meeple spots and mist counts.
Pt cemetery_ghost_spot(const TileSpec& spec, int rot);
// A unit vector across the line from the tile's centre to p: the side on which to put a mark
// beside a piece at p.
Pt across(Pt p);
// A ghost symbol with count `n` at p (tile units).
void draw_ghost_count(std::ostream& os, Pt at, int n);
// `<use>` of symbol `symbol` (from defs()) at p (tile units), with `extra` attributes.
void use(std::ostream& os, const char* symbol, Pt at, const std::string& extra = "");

// ---- The legend beside a board -------------------------------------------------------------------
// Rows of a sample (drawn in a SWATCH-pixel square, coordinates from its top-left corner) and its
// label, under the heading "Legend", then lines of notes; every board picture draws its own so.
inline constexpr double SWATCH = 20;
struct LegendRow {
  std::string sample, label;
};
// A symbol of defs() in the middle of a legend sample, with `extra` attributes.
std::string sample_use(const char* symbol, const std::string& extra = "");
// The width in pixels the legend needs.
double legend_width(const std::vector<LegendRow>& rows, const std::vector<std::string>& notes);
// Draws the legend with its top-left corner at `at` (pixels); returns its bottom.
double draw_legend(std::ostream& os, const std::vector<LegendRow>& rows, const std::vector<std::string>& notes, Pt at);

}  // namespace mists::svg
