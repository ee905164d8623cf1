// How a run's messages name its options, written once for every plan a caller starts from the
// command line or from Python (a study, a tournament).
#pragma once

#include <string>

namespace mists::analysis {

// How messages name the options of a study or tournament: the command line's flags (the default:
// "--ghost-deltas", "--resume DIR") or, with `keywords`, the Python module's keyword arguments
// ("ghost_deltas", "resume=True"), so that each caller is told what it can type.
struct OptionWords {
  bool keywords = false;
  // Option `key` as written in study.json and Python ("ghost_deltas"): "--ghost-deltas" or "ghost_deltas".
  std::string option(const std::string& key) const;
  // What finishes the killed run in `dir`: "--resume DIR" or "resume=True".
  std::string resume(const std::string& dir) const;
  // The whole call that finishes it: "mists COMMAND --resume DIR" or "mists.study('DIR', resume=True)"
  // (studies and tournaments alike).
  std::string resume_call(const std::string& command, const std::string& dir) const;
};

}  // namespace mists::analysis
