#include "analysis/run/progress.h"

#include <unistd.h>

#include <cstdio>

namespace mists::analysis {

Progress::Progress() : tty(isatty(2) != 0) {}

std::string rate_text(double games_per_second) {
  constexpr double SECONDS_PER_MINUTE = 60, SECONDS_PER_HOUR = 3600;
  char text[64];
  if (games_per_second >= 1) std::snprintf(text, sizeof text, "%.0f games/s", games_per_second);
  else if (games_per_second * SECONDS_PER_MINUTE >= 1) std::snprintf(text, sizeof text, "%.1f games/min", games_per_second * SECONDS_PER_MINUTE);
  else std::snprintf(text, sizeof text, "%.1f games/h", games_per_second * SECONDS_PER_HOUR);
  return text;
}

}  // namespace mists::analysis
