// The analysis layer's error: bad study input (a study.json, a chunk, a config file, an agent text)
// or a study that cannot go on. The message names the file, line or field, or the option.
#pragma once

#include <stdexcept>

namespace mists::analysis {

struct AnalysisError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace mists::analysis
