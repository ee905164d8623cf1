#include "analysis/progress.h"

#include <unistd.h>

namespace mists::analysis {

Progress::Progress() : tty(isatty(2) != 0) {}

}  // namespace mists::analysis
