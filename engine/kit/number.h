// Checked numbers: one parser for every number mists reads (catalogs, level files, records, study
// files, chunks, the command line). The whole token must be a number of the target type inside the
// allowed range; nothing is cut to fit, rounded or read partly ("72abc", " 72", "72.9" and "1e12"
// for an integer are errors). Callers add the file, line and field to the message.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace mists {

// What is wrong with a number, without the place: "'72abc' is not a whole number",
// "300 is out of range 0..255".
struct NumberError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A decimal integer (optional leading '-') in [lo, hi].
long long parse_integer(std::string_view text, long long lo, long long hi);
// A decimal unsigned 64-bit integer (seeds: the full range 0..2^64-1; no sign).
uint64_t parse_u64(std::string_view text);
// A finite real number in [lo, hi] (decimal or scientific notation; no inf, no nan).
double parse_real(std::string_view text, double lo, double hi);
// "lo..hi" as printed in messages.
std::string range_text(long long lo, long long hi);

}  // namespace mists
