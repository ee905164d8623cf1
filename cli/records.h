// The game records the command line reads, one row a kind (the co-op game's, the competitive
// games'): how a record's text is told apart, and what `mists replay` and `mists review` do with
// one. The two commands read their flags, look the kind up once (record_kind) and hand over; each
// kind's own work is in its file (cli/coop_records.cpp, cli/versus_records.cpp).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "analysis/pages/viewer.h"

namespace mists::cli {

// mists replay's flags.
struct ReplayFlags {
  std::string file, catalog, svg, html;
  bool show = false;
};

// mists review's flags (`how` as given; a kind sets its own defaults for those not given).
struct ReviewFlags {
  std::string file, catalog, agent, rollout, html, out;
  int top = 10, seat = -1;
  analysis::ReviewSettings how;
};

struct RecordKind {
  const char* name;                        // "co-op", "competitive"
  bool (*holds)(const std::string& text);  // `text` is a record of this kind
  // Replays and checks the record `text` (read from flags.file), prints what replay prints, and
  // writes the pictures and the page asked for.
  void (*replay)(const ReplayFlags& flags, const std::string& text);
  // Reviews it and writes the text and the page asked for; `cmd` tells the flags given from the
  // defaults. A flag the kind does not read is a UsageError naming it.
  void (*review)(const CLI::App& cmd, ReviewFlags& flags, const std::string& text);
};

// The kind of the record `text`: the first whose holds() says so; the co-op record reads the rest
// (and names what is wrong with it).
const RecordKind& record_kind(const std::string& text);

// The two kinds (cli/coop_records.cpp, cli/versus_records.cpp).
extern const RecordKind COOP_RECORDS;
extern const RecordKind VERSUS_RECORDS;

}  // namespace mists::cli
