#include "analysis/run/files.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

#include "analysis/run/error.h"

namespace mists::analysis {

namespace fs = std::filesystem;

void write_atomic(const std::string& path, const std::string& text) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw AnalysisError("cannot write " + path + ": it is a folder; give a file name");
  const std::string tmp = path + ".tmp";
  // Whatever fails from here on, the temporary file goes (unlink never removes a folder of that name).
  auto fail = [&](const std::string& what) {
    ::unlink(tmp.c_str());
    throw AnalysisError("cannot write " + path + ": " + what);
  };
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) fail(fs::is_directory(tmp, ec) ? tmp + " is a folder" : "cannot create " + tmp + ": " + std::strerror(errno));
    f << text;
    f.flush();
    if (!f) fail("writing " + tmp + " failed (is the disk full?)");
  }
  fs::rename(tmp, path, ec);
  if (ec) fail("cannot rename " + tmp + " to it: " + ec.message());
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
