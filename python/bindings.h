// What the two binding files of the Python module share (python/module.cpp: the co-op game,
// studies and the module itself; python/versus_bindings.cpp: the competitive games).
#pragma once

#include <pybind11/pybind11.h>

#include "analysis/study_config.h"

namespace mists::pybind {

// OpenSpiel's player ids for a chance node and a finished game.
constexpr int CHANCE_PLAYER = -1;
constexpr int TERMINAL_PLAYER = -4;

// Python's words for keyword arguments in messages ("ghost_deltas", "resume=True").
inline const analysis::OptionWords PY_WORDS{true};

// Adds VsGame, VsState and VsAgent to the module, and _run_tournament (mists.study with
// game="base" or "gcc").
void bind_versus(pybind11::module_& m);

}  // namespace mists::pybind
