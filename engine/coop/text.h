// Text views of tiles, boards and decisions, for people comparing tiles with the box, for game
// records and for golden tests.
#pragma once

#include <string>

#include "engine/coop/layer.h"
#include "engine/coop/state.h"
#include "engine/kit/xml.h"  // xml_escape, for the SVG board and the pages built on it

namespace mists {

// A tile design drawn as text: its 12 slots round a box, its centre feature, then its regions.
std::string render_tile(const TileSpec& spec);

// The board: each cell 3 x 3 characters. Middle of each side: the side's terrain (C city, R road,
// F field; lower case under mist; * an abbey's side, which matches anything). Centre: K castle,
// + cemetery, M monastery, A abbey, # face-down tile, or the letter of a meeple's colour on the
// tile (its initial, k for black). Top-left corner: ghosts on the tile (1-9, * more); top-right:
// the face (1 or 2) of a tollhouse on the tile's junction. An empty cell shows $ while its chip
// lies there (CM1).
std::string render_board(const Rules& rules, const State& s);
// What render_board's characters mean, as lines of text (printed by --show, docs/records.md): only
// the marks these rules can show (castles, cemeteries, face-down tiles, the levers' pieces).
std::string board_legend(const Rules& rules);

// The board as a self-contained SVG picture (docs/records.md, "The SVG board"): a title, the tiles
// with their cities and mist areas as filled shapes and their roads as lines, castles, cemeteries,
// villages and ruins as small marks, each meeple on the feature it occupies, the ghosts of each
// mist area and cemetery as a count on it, hounds beside their meeples; cell coordinates along the
// board, a legend beside it and the status (render_status) wrapped under it. The same board gives
// the same bytes. `highlight`: a placed tile's index to frame in orange (the tile just placed), -1 none.
std::string render_svg(const Rules& rules, const State& s, int highlight = -1);

// How a board picture is drawn for a page that plays on it (mists serve): `pad` empty cells round
// the tiles (where the next tile may go), the legend beside the board or not (a page shows it
// outside the picture).
struct SvgBoardOptions {
  int highlight = -1;
  int pad = 0;
  bool legend = true;
};
std::string render_svg(const Rules& rules, const State& s, const SvgBoardOptions& how);
// Where the board's cells lie in that picture: the cells x0..x1, y0..y1 (engine coordinates) and
// the pixel corner of cell (x0, y0); a cell is svg::CELL pixels square.
struct SvgBoardFrame {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  double left = 0, top = 0;
};
SvgBoardFrame svg_board_frame(const State& s, int pad);
// The legend render_svg draws beside the board, as a picture of its own (a page shows it apart).
std::string render_svg_legend(const Rules& rules);

// One-line summary: turn, phase, score(s), ghosts, meeples, the pile drawn from (passed piles stacked
// on it, R6.2) and the piles waiting, hounds, outcome.
std::string render_status(const Rules& rules, const State& s);

// Coordinates relative to the start tile's first cell, as records write them.
inline int rel_x(int x) { return x - START_X; }
inline int rel_y(int y) { return y - START_Y; }

// Canonical text of chance outcome `outcome` at chance step s, as records write it: "draw 14a" at a
// draw, "chip 2" when a chip turns up (CM2).
std::string chance_text(const Rules& rules, const State& s, int outcome);

// The legal action whose action_text equals `text`; false when none does.
bool parse_action(const Rules& rules, const State& s, const std::string& text, Action& out);

}  // namespace mists
