#include "analysis/files.h"

#include <ctime>
#include <filesystem>
#include <fstream>

#include "analysis/error.h"

namespace mists::analysis {

namespace fs = std::filesystem;

void write_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    f.flush();
    if (!f) throw AnalysisError("cannot write " + tmp);
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) throw AnalysisError("cannot rename " + tmp + " to " + path + ": " + ec.message());
}

std::string resolve_input(const std::string& path) {
  if (fs::exists(path) || fs::path(path).is_absolute()) return path;
  const fs::path alt = fs::path(MISTS_SOURCE_DIR) / path;
  return fs::exists(alt) ? alt.string() : path;
}

std::string utc_stamp() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::gmtime(&t));
  return buf;
}

}  // namespace mists::analysis
