// The one name of a list a mistyped word most likely meant ("did you mean ...?"): for the command
// line's flags and commands (cli/options.h) and the keys of study files (analysis/study/study_toml.cpp).
#pragma once

#include <string>
#include <vector>

namespace mists::analysis {

// The one name of `names` a mistyped `word` most likely meant: the closest within two edits when no
// other is as close; else the one name `word` is the start of (five characters or more, dashes
// included); empty when there is none or `word` is itself one of the names.
std::string near_miss(const std::string& word, const std::vector<std::string>& names);

}  // namespace mists::analysis
