// The frame every game page shares (the co-op page of analysis/pages/viewer.h, the competitive page of
// analysis/pages/versus_viewer.h): a header that stays at the top with the controls (buttons, slider,
// the keys ← → Home End) and a strip of #turn-N anchors; under it the board on the left and a panel
// of fixed width on the right (the position's numbers, the tile drawn, the steps in record text and
// in words), so nothing moves between turns at any width from 1,000 px up. One self-contained file:
// the frames are a JSON block, the script and style are inline, nothing comes from the network.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/kit/catalog.h"

namespace mists::analysis {

// What a page holds besides its frames.
struct GamePage {
  std::string title;             // the <title> and the heading
  std::string summary_html;      // a paragraph under the heading (already HTML)
  std::string rules_html;        // the rules in full, folded under the summary ("" none)
  std::vector<int> turn_labels;  // the number the turn strip shows for each frame
  std::vector<bool> turn_marked; // frames whose turn holds a costly decision (red in the strip)
  std::string extra_panel_html;  // under the steps (the costliest decisions of a review)
  std::string legend_svg;        // the boards' legend, drawn in the panel beside the board ("" none)
};

// The page. Each frame of `data["frames"]` holds: "svg" (the board), "position" (the text beside
// the slider), "info" ([[id, label, value], ...]: the panel's table, the same ids in every frame),
// "drawn" (null, or {"svg", "text"}: the tile drawn this turn), "steps" ([{"text", "words",
// "step"}]: the record step, in words, its index among the record's steps or -1 for a forced one).
// `data["marks"]` maps a step index to a review mark (analysis/pages/viewer.h) or is empty.
// In the page each board is written as "svg_lines", indices into one list "svg_lines" of the
// distinct lines of every board: a board repeats the one before it and adds a tile, so each tile's
// drawing is held once (the 4-seat GCC record of scripts/ci-viewer.sh, 158 boards: 8.2 MB written whole, 1.6 MB so).
std::string game_page_html(const GamePage& page, nlohmann::json data);

// A frame's "drawn" in either game: tile `id` (design `spec`) as drawn, and where it went when
// `place` (a record's "X Y ROT") says so: {"svg", "text"}.
nlohmann::json drawn_tile_json(const TileSpec& spec, const std::string& id, const std::string& place);

// The JSON block of a page as game_page_html was given it: each frame's "svg" put together again
// from the shared lines. Throws std::runtime_error when `html` holds no game page.
nlohmann::json game_page_data(const std::string& html);

}  // namespace mists::analysis
