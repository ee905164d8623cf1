#include "engine/kit/number.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace mists {

namespace {

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

std::string real_text(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

}  // namespace

std::string range_text(long long lo, long long hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

long long parse_integer(std::string_view text, long long lo, long long hi) {
  long long v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || p != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
    throw NumberError(quoted(text) + " is not a whole number");
  if (ec == std::errc::result_out_of_range || v < lo || v > hi)
    throw NumberError(std::string(text) + " is out of range " + range_text(lo, hi));
  return v;
}

uint64_t parse_u64(std::string_view text) {
  uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || p != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
    throw NumberError(quoted(text) + " is not a whole number from 0 to 18446744073709551615");
  if (ec == std::errc::result_out_of_range) throw NumberError(std::string(text) + " is above 18446744073709551615");
  return v;
}

double parse_real(std::string_view text, double lo, double hi) {
  double v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || p != end || ec != std::errc() || !std::isfinite(v))
    throw NumberError(quoted(text) + " is not a finite number");
  if (v < lo || v > hi) throw NumberError(std::string(text) + " is out of range " + real_text(lo) + ".." + real_text(hi));
  return v;
}

}  // namespace mists
