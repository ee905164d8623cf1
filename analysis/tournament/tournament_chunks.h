// The chunk files of a tournament (analysis/tournament/tournament.h): the format the runner writes and reads
// back on --resume, and the module statistics each row carries. Internal to analysis/.
#pragma once

#include <string>
#include <vector>

#include "analysis/tournament/tournament.h"

namespace mists::analysis::tournament_chunk {

// With a module or the abbot (TournamentConfig::module_stats), the per-seat statistics each row
// adds, in column order (the report's module table reads the same fields).
inline constexpr int MODULE_FIELDS = 8;
inline constexpr uint16_t vs::VsSeatStats::*const MODULE_STAT[MODULE_FIELDS] = {
    &vs::VsSeatStats::abbeys,       &vs::VsSeatStats::mayors,       &vs::VsSeatStats::wagon_moves,
    &vs::VsSeatStats::barn_points,  &vs::VsSeatStats::abbot_points, &vs::VsSeatStats::toll_points,
    &vs::VsSeatStats::chip_points,  &vs::VsSeatStats::upgrades};

// The file of chunk `k` of pair `pair`, relative to the tournament folder.
std::string name(const TournamentConfig& cfg, int pair, int k);
// The sealed text of a chunk holding `games`.
std::string text(const TournamentConfig& cfg, int pair, int k, const std::vector<TournamentGame>& games);
// Reads a chunk back: its seal must name this tournament, pair, chunk, first game and count; every
// field is checked. AnalysisError naming the file, line and field otherwise.
std::vector<TournamentGame> read(const TournamentConfig& cfg, const std::string& path, int pair, int k, int first, int count);

}  // namespace mists::analysis::tournament_chunk
