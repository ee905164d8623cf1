// The shipped learned value (solver/value.h): the weights file under configs/, loaded once, and
// what a study records of it.
#pragma once

#include <string>

#include "solver/afterstate.h"
#include "solver/value.h"

namespace mists::analysis {

// The weights file every agent with value=learned reads (resolved as catalogs are: from the working
// directory, else from the source tree).
inline constexpr const char* VALUE_FILE = "configs/value/value.txt";

// The model of VALUE_FILE, read once per process (thread-safe); a missing, changed or truncated
// file is an AnalysisError naming it, the line and the field.
const ValueModel& shipped_value_model();

// The afterstate value's weights (solver/afterstate.h) that the td agent reads, found as VALUE_FILE is.
inline constexpr const char* AFTERSTATE_FILE = "configs/value/afterstate.txt";
const AfterstateModel& shipped_afterstate_model();

}  // namespace mists::analysis
