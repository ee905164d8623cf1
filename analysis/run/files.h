// Files and paths of studies: atomic writes, where inputs are found, time stamps, the revision.
#pragma once

#include <string>

namespace mists::analysis {

// Writes `text` to `path` atomically (a temporary file beside it, then rename).
void write_atomic(const std::string& path, const std::string& text);

// An input file (catalog, level file, script) as given if it exists from the working directory,
// else relative to the source tree the program was built from, so `build/mists` finds configs/
// from anywhere. Never used for outputs: those go where the user says, relative to the working
// directory.
std::string resolve_input(const std::string& path);

// The current UTC time as 20261122-063500, for default output folders.
std::string utc_stamp();

// The git revision the program was built from ("abc123def456", "-dirty" when it had changes).
const char* revision();

}  // namespace mists::analysis
