#include "analysis/run/option_words.h"

#include <algorithm>

#include "analysis/run/interrupt.h"

namespace mists::analysis {

std::string OptionWords::option(const std::string& key) const {
  if (keywords) return key;
  std::string flag = "--" + key;
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

std::string OptionWords::resume(const std::string& dir) const { return keywords ? "resume=True" : "--resume " + dir; }

std::string OptionWords::resume_call(const std::string& command, const std::string& dir) const {
  if (!keywords) return "mists " + command + " --resume " + shell_word(dir);
  std::string quoted = "'";
  for (char ch : dir) quoted += ch == '\\' || ch == '\'' ? std::string("\\") + ch : std::string(1, ch);
  return "mists.study(" + quoted + "', resume=True)";
}

}  // namespace mists::analysis
