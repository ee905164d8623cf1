// The plots of a run's folder (a study's, a tournament's), drawn by scripts/plots.py.
#pragma once

#include <string>

namespace mists::analysis {

// Runs scripts/plots.py (and scripts/plot_traces.py when traces.csv exists) on `dir` with Debian's
// python3 and matplotlib; false when it failed (see dir/plots.log).
bool draw_plots(const std::string& dir);

}  // namespace mists::analysis
