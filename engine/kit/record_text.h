// The line helpers the two games' record formats share (docs/records.md, docs/versus.md): a record
// is text, one step or header key a line, words separated by spaces; an error names the record,
// the line and the field.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/kit/error.h"

namespace mists {

// One step of a record as written: "draw 14a", "place 1 0 2", "meeple road0 guard", ...
struct RecordStep {
  std::string text;
  int line = 0;      // line in the record file (0 when built in memory)
};

// Throws RecordError "name:line: field: message".
[[noreturn]] void record_fail(const std::string& name, int line, const std::string& field, const std::string& message);
// The words of `line`, split at white space.
std::vector<std::string> record_words(const std::string& line);
// Words `from`.. of `words` joined by single spaces.
std::string record_join(const std::vector<std::string>& words, size_t from = 0);

}  // namespace mists
