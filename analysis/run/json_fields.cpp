#include "analysis/run/json_fields.h"

#include <algorithm>
#include <set>
#include <vector>

#include "analysis/run/error.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"

namespace mists::analysis {

using nlohmann::json;

json parse_json(const std::string& text, const std::string& where) {
  // The containers open at the point the parser has reached: an object's keys so far and the key
  // being read, or an array's index.
  struct Open {
    bool object = false;
    std::set<std::string> keys;
    std::string key;
    size_t index = 0;
  };
  std::vector<Open> open;
  auto path_to = [&](const std::string& key) {
    std::string p;
    for (size_t i = 0; i + 1 < open.size(); ++i)
      p += open[i].object ? (p.empty() ? "" : ".") + open[i].key : "[" + std::to_string(open[i].index) + "]";
    return p + (p.empty() ? "" : ".") + key;
  };
  auto next_element = [&] {
    if (!open.empty() && !open.back().object) ++open.back().index;
  };
  const json::parser_callback_t check = [&](int, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start: open.push_back(Open{true, {}, "", 0}); break;
      case json::parse_event_t::array_start: open.push_back(Open{false, {}, "", 0}); break;
      case json::parse_event_t::key: {
        const std::string key = parsed.get<std::string>();
        if (!open.back().keys.insert(key).second)
          throw AnalysisError(where + ": " + path_to(key) + ": given twice in one object (which one counts is not defined); keep one");
        open.back().key = key;
        break;
      }
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        open.pop_back();
        next_element();
        break;
      case json::parse_event_t::value: next_element(); break;
    }
    return true;
  };
  // nlohmann's messages start with "[json.exception.parse_error.101] "; the reader needs what follows.
  auto message = [](const json::exception& e) {
    std::string what = e.what();
    if (const size_t end = what.find("] "); what.rfind("[json.exception", 0) == 0 && end != std::string::npos) what = what.substr(end + 2);
    return what;
  };
  try {
    return json::parse(text, check);
  } catch (const json::parse_error& e) {
    throw AnalysisError(where + ": not valid JSON: " + message(e));  // "parse error at line 3, column 5: ..."
  } catch (const json::out_of_range& e) {
    // A number beyond a double's range ("number overflow parsing '1e400'"): the parser names the
    // number but not its line, so find the number's text and count the lines before it.
    std::string at;
    const std::string what = message(e);
    if (const size_t open_quote = what.find('\''), close_quote = what.rfind('\'');
        open_quote != std::string::npos && close_quote > open_quote) {
      if (const size_t pos = text.find(what.substr(open_quote + 1, close_quote - open_quote - 1)); pos != std::string::npos)
        at = "line " + std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n')) + ": ";
    }
    throw AnalysisError(where + ": " + at + "not valid JSON: " + what + " (a number beyond the range of a double)");
  }
}

json read_json_file(const std::string& path) {
  std::string text;
  try {
    text = read_file(path);
  } catch (const LoadError& e) {
    throw AnalysisError(e.what());
  }
  return parse_json(text, path);
}

Fields::Fields(const nlohmann::json& object, std::string where, std::string path)
    : j_(object), where_(std::move(where)), path_(std::move(path)) {
  if (!j_.is_object()) throw AnalysisError(where_ + ": " + (path_.empty() ? std::string("the file") : path_) + ": not an object");
}

void Fields::fail(const std::string& key, const std::string& msg) const {
  throw AnalysisError(where_ + ": " + field(key) + ": " + msg);
}

bool Fields::has(const std::string& key) const { return j_.contains(key); }

const nlohmann::json& Fields::at(const std::string& key) const {
  if (!j_.contains(key)) fail(key, "missing");
  return j_.at(key);
}

long long Fields::integer(const std::string& key, long long lo, long long hi) const {
  const auto& v = at(key);
  if (!v.is_number_integer()) fail(key, "expected a whole number, found " + v.dump());
  // nlohmann keeps a non-negative number as unsigned: compare it as such before it fits a long long.
  if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(std::max(hi, 0LL))) fail(key, v.dump() + " is out of range " + range_text(lo, hi));
  const long long x = v.get<long long>();
  if (x < lo || x > hi) fail(key, v.dump() + " is out of range " + range_text(lo, hi));
  return x;
}

uint64_t Fields::u64(const std::string& key) const {
  const auto& v = at(key);
  if (!v.is_number_unsigned()) fail(key, "expected a whole number from 0 to 18446744073709551615, found " + v.dump());
  return v.get<uint64_t>();
}

double Fields::real(const std::string& key, double lo, double hi) const {
  const auto& v = at(key);
  if (!v.is_number()) fail(key, "expected a number, found " + v.dump());
  const double x = v.get<double>();
  if (!(x >= lo && x <= hi)) fail(key, v.dump() + " is out of range " + nlohmann::json(lo).dump() + ".." + nlohmann::json(hi).dump());
  return x;
}

bool Fields::boolean(const std::string& key) const {
  const auto& v = at(key);
  if (!v.is_boolean()) fail(key, "expected true or false, found " + v.dump());
  return v.get<bool>();
}

std::string Fields::text(const std::string& key) const {
  const auto& v = at(key);
  if (!v.is_string()) fail(key, "expected a string, found " + v.dump());
  return v.get<std::string>();
}

const nlohmann::json& Fields::object(const std::string& key) const {
  const auto& v = at(key);
  if (!v.is_object()) fail(key, "expected an object");
  return v;
}

const nlohmann::json& Fields::array(const std::string& key) const {
  const auto& v = at(key);
  if (!v.is_array()) fail(key, "expected an array");
  return v;
}

Fields Fields::sub(const std::string& key) const { return Fields(object(key), where_, field(key)); }

Fields Fields::element(const std::string& key, size_t i) const {
  const auto& arr = array(key);
  const std::string p = field(key) + "[" + std::to_string(i) + "]";
  if (!arr.at(i).is_object()) throw AnalysisError(where_ + ": " + p + ": not an object");
  return Fields(arr.at(i), where_, p);
}

std::string first_difference(const nlohmann::json& saved, const nlohmann::json& given) {
  for (const auto& [k, v] : saved.items())
    if (!given.contains(k) || given.at(k) != v) return k;
  for (const auto& [k, v] : given.items())
    if (!saved.contains(k)) return k;
  return "";
}

}  // namespace mists::analysis
