#include "analysis/study/near_miss.h"

#include <algorithm>

namespace mists::analysis {

namespace {

// Edits (insertions, deletions, substitutions) between two words.
size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string near_miss(const std::string& word, const std::vector<std::string>& names) {
  std::string best, started;
  size_t best_distance = 3;  // at most two edits away
  bool tie = false, several_started = false;
  for (const std::string& name : names) {
    if (name == word) return "";
    const size_t d = edit_distance(word, name);
    if (d < best_distance) best = name, best_distance = d, tie = false;
    else if (d == best_distance && name != best) tie = true;
    if (word.size() >= 5 && name.starts_with(word) && name != started) {  // --lev for --levels
      several_started = !started.empty();
      started = name;
    }
  }
  if (!best.empty()) return tie ? "" : best;
  return several_started ? "" : started;
}

}  // namespace mists::analysis
