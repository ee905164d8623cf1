#include "engine/kit/record_text.h"

#include <sstream>

namespace mists {

void record_fail(const std::string& name, int line, const std::string& field, const std::string& message) {
  throw RecordError(name + ":" + std::to_string(line) + ": " + field + ": " + message);
}

std::vector<std::string> record_words(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> w;
  std::string x;
  while (is >> x) w.push_back(x);
  return w;
}

std::string record_join(const std::vector<std::string>& words, size_t from) {
  std::string s;
  for (size_t i = from; i < words.size(); ++i) {
    if (i > from) s += ' ';
    s += words[i];
  }
  return s;
}

}  // namespace mists
