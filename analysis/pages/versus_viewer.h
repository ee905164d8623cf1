// Looking at one competitive game (base or GCC, with any modules): its record loaded with the rules
// it names, and the game page that steps through it turn by turn (docs/versus.md, docs/records.md).
#pragma once

#include <string>
#include <vector>

#include "analysis/pages/viewer.h"
#include "engine/versus/record.h"

namespace mists::analysis {

// The agent a competitive record names for a seat played at the table whose draws were entered
// (mists serve): the record's pile order is known only as far as its draws.
inline constexpr const char* VS_ENTERED_SEAT = "entered";

// A competitive record and the rules it was played with: the catalogs, map and switches it names,
// each checked against its checksum (RecordError naming the record line).
struct LoadedVsRecord {
  vs::VsRecord rec;
  vs::VsRules rules;
  std::string path;  // the file, as errors name it
};
// `text` is the file's contents (already read, to tell the kind of record).
LoadedVsRecord load_vs_record(const std::string& path, const std::string& text);

// One self-contained HTML page titled `title` (analysis/pages/game_page.h): the board of every turn
// (analysis/pages/versus_svg.h, the tile just placed framed), each seat named by its agent with its score,
// the ghost supply (GCC), the pile, the tile drawn, and the steps of the turn in record text and in
// words. A frame ends where `mists replay --show` prints a board: after a step that is neither a
// draw, a chip turned up nor "abbey none", when the next seat's turn starts or the game ends.
// With `marks` (analysis/pages/versus_review.h, made with `how`), each reviewed step shows its verdict,
// turns with a costly decision are red in the strip, and the panel lists the costliest.
std::string versus_viewer_html(const LoadedVsRecord& game, const std::string& title, const std::vector<ReviewMark>* marks = nullptr,
                               const ReviewSettings& how = {});

// The review's words for a competitive game (write_review_body, costliest_html): values and costs
// in points of margin with two decimals, each seat named by its agent.
ReviewWords vs_review_words(const LoadedVsRecord& game);

// True at a board of versus_viewer_html and `mists replay --show`: `step` (just applied) ends a turn.
bool versus_turn_ends(const vs::VsState& after, const std::string& step);

}  // namespace mists::analysis
