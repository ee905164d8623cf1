// What the two binding files of the Python module share (python/module.cpp: the co-op game,
// studies and the module itself; python/versus_bindings.cpp: the competitive games).
#pragma once

#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "analysis/study/study_config.h"

namespace mists::pybind {

// OpenSpiel's player ids for a chance node and a finished game.
constexpr int CHANCE_PLAYER = -1;
constexpr int TERMINAL_PLAYER = -4;

// Python's words for keyword arguments in messages ("ghost_deltas", "resume=True").
inline const analysis::OptionWords PY_WORDS{true};

// A state's legal decisions with their dense indices, sorted by index; two decisions on one index
// would make the index ambiguous, so that is an error (both games' State::options()).
template <class Action>
void sort_by_dense_index(std::vector<std::pair<int, Action>>& options) {
  std::sort(options.begin(), options.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (size_t i = 1; i < options.size(); ++i)
    if (options[i].first == options[i - 1].first)
      throw std::logic_error("two legal actions share dense index " + std::to_string(options[i].first));
}

// The seed of a resample_from_infostate: from OpenSpiel's probability_sampler (a callable giving a
// float in [0, 1); ValueError for anything else), or Python's random module when it is None.
inline uint64_t sampler_seed(const pybind11::object& probability_sampler) {
  if (probability_sampler.is_none()) return pybind11::module_::import("random").attr("getrandbits")(64).cast<uint64_t>();
  const double u = probability_sampler().cast<double>();
  if (!(u >= 0.0 && u < 1.0)) throw pybind11::value_error("probability_sampler() returned " + std::to_string(u) + ": a number in [0, 1)");
  return uint64_t(u * 9007199254740992.0);  // 2^53
}

// Adds VsGame, VsState and VsAgent to the module, and _run_tournament (mists.study with
// game="base" or "gcc").
void bind_versus(pybind11::module_& m);

}  // namespace mists::pybind
