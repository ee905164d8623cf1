// Looking at one game: a record loaded with its rules, a review of every decision by a fair search,
// and a self-contained HTML page that steps through the game turn by turn (docs/records.md).
#pragma once

#include <string>
#include <vector>

#include "analysis/agents.h"
#include "engine/record.h"

namespace mists::analysis {

// A record and the rules it was played with: the catalog it names (checked against its checksum,
// and validated), the level numbers and switches it holds. Every problem is a RecordError or
// LoadError naming the file, the line and the field, as `mists replay` reports it.
struct LoadedRecord {
  GameRecord rec;
  Rules rules;
  std::string path;  // the file, as errors name it
};
LoadedRecord load_record(const std::string& path, const std::string& catalog_override = "");

// What a search thinks of one decision of a game.
struct ReviewMark {
  int step = 0;              // index in the record's steps (0-based)
  int turn = 0;              // face-up tiles placed before the decision
  std::string played, best;  // the record's choice and the search's
  double best_value = 0;     // the search's value of its own choice (0-1, a win counts 1)
  double played_value = 0;   // the value of the record's choice, searched on its own
  double cost() const { return best_value - played_value; }
};

// Reviews every decision with two or more options: the agent (a search agent: mcts or a variant)
// searches the position once over all options and once over the played option alone, so both
// values have the same budget. Each position has its own seed (from the record's seed, game and
// step): the same review on any number of threads.
std::vector<ReviewMark> review_record(const LoadedRecord& game, const AgentSpec& agent);

// The review as text: every decision whose cost is at least `min_cost`, then the `top` costliest.
std::string review_text(const LoadedRecord& game, const std::vector<ReviewMark>& marks, int top);

// One HTML page titled `title`, no network: the board of every turn as SVG, the score (per colour on level 6),
// ghost supply and ghosts on the board, piles, hounds, the steps of the turn, and the review's marks
// when `marks` is given. Buttons, a slider and the arrow keys step through it.
std::string viewer_html(const LoadedRecord& game, const std::vector<ReviewMark>* marks, const std::string& title);

}  // namespace mists::analysis
