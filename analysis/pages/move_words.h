// A record's step in plain words, for the game pages beside the record text (docs/records.md):
// "score 0 ghosts 2 0" -> "scores the first pending feature by clearing the ghosts of the tile at 2 0".
#pragma once

#include <string>

namespace mists::analysis {

// A co-op step (docs/records.md, Steps) in words; "(forced) " and "(format 1: first area) " before
// a step add "(the only option)" or "(format 1: the first area)". A text it does not know comes back as it is.
std::string coop_step_words(const std::string& step);

// A competitive step (docs/versus.md) in words, said of `who` ("seat 1 (expert)"); a draw or a
// chip turned up is said of the pile. A text it does not know comes back as it is.
std::string versus_step_words(const std::string& step, const std::string& who);

}  // namespace mists::analysis
