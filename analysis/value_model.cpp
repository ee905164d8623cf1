#include "analysis/value_model.h"

#include "analysis/error.h"
#include "analysis/files.h"

namespace mists::analysis {

const ValueModel& shipped_value_model() {
  static const ValueModel model = [] {
    try {
      return ValueModel::load(resolve_input(VALUE_FILE));
    } catch (const ValueError& e) {
      throw AnalysisError(e.what());
    }
  }();
  return model;
}

}  // namespace mists::analysis
