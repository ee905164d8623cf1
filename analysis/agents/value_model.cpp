#include "analysis/agents/value_model.h"

#include "analysis/run/error.h"
#include "analysis/run/files.h"

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

const AfterstateModel& shipped_afterstate_model() {
  static const AfterstateModel model = [] {
    try {
      return AfterstateModel::load(resolve_input(AFTERSTATE_FILE));
    } catch (const ValueError& e) {
      throw AnalysisError(e.what());
    }
  }();
  return model;
}

}  // namespace mists::analysis
