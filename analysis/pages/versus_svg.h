// The competitive games' board (base, GCC, with any modules) as an SVG picture drawn to the co-op
// board's standard (engine/kit/svg.h): tiles as shapes, mist, meeples on their features in seat
// colours, ghosts on meeples with their count, guards, mayors, wagons, abbots, barns, tollhouses,
// the map's squares and chips; cell coordinates, a legend and the seats' scores inside the frame.
#pragma once

#include <string>
#include <vector>

#include "engine/kit/catalog.h"
#include "engine/versus/versus.h"

namespace mists::analysis {

struct VsPicture {
  std::string title;                     // the first line of the picture
  std::vector<std::string> seats;        // a name a seat (the agent from the record); "" gives "seat N"
  int highlight = -1;                    // a placed tile's index framed in orange (the tile just placed), -1 none
  bool legend = true;                    // the legend beside the board (a page may draw it apart: render_versus_legend)
  int pad = 0;                           // empty cells drawn round the tiles (the table shows where a tile may go); a map has 1
};

// Where render_versus_svg puts the grid: cells x0..x1, y0..y1 (grid coordinates), the top-left
// cell's corner at (left, top) in the picture's pixels, `cell` pixels a side.
struct VsBoardFrame {
  int x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  double left = 0, top = 0, cell = 0;
};
VsBoardFrame versus_board_frame(const vs::VsRules& R, const vs::VsState& s, const VsPicture& pic);

// The board of `s`. The same position and picture settings give the same bytes.
std::string render_versus_svg(const vs::VsRules& R, const vs::VsState& s, const VsPicture& pic);

// The legend of render_versus_svg alone, in a picture of its own (a page shows it beside the board).
std::string render_versus_legend(const vs::VsRules& R, const VsPicture& pic);

// "seat 0 (mcts)": seat `p` named by its agent.
std::string seat_label(const VsPicture& pic, int p);

// "Ghosts, Castles & Cemeteries, 4 players, with abbey_mayor, tollkeepers": the game in a few words.
std::string versus_short_title(const vs::VsRules& R);

// Design `spec` turned `rot` alone in a `size`-pixel square SVG (the drawn tile beside a board).
std::string tile_design_svg(const TileSpec& spec, int rot, int size);

}  // namespace mists::analysis
