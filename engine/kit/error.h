// The error types both games throw: an impossible configuration and a malformed or diverging game
// record. Each message names the place (file, line, field) and what is wrong.
#pragma once

#include <stdexcept>

namespace mists {

// Thrown for impossible configurations: names the field and why.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Thrown for a record that cannot be read or does not replay: "name:line: field: message".
struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace mists
