// mists compare's tables: agents (or parameter sets) played on the same deals, compared pairwise.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/study/study.h"

namespace mists::analysis {

// compare.md and compare.csv: every pair of cells (agents, lever settings) within each (level,
// players, ghosts), and a summary of each agent against the one before it in the study's order
// (with one agent and several lever settings: each setting against the first). An empty study is
// an AnalysisError.
std::pair<std::string, std::string> comparison_tables(const std::vector<CellResult>& results, uint64_t seed);

}  // namespace mists::analysis
