// Running the `mists` binary through the shell from the records and SVG suites: a temporary folder,
// shell quoting, and one call that returns the exit status and the merged output. Header-only
// (tests/CMakeLists.txt globs test_*.cpp only).
#pragma once

#include <doctest/doctest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace mists::test::sh {

// A folder `name` under the temporary directory with this process's id appended, so that test
// processes running at once (ctest -j, two checkouts on one machine) never share it.
inline std::filesystem::path own_temp_dir(const std::string& name) {
  return std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()));
}

// A fresh directory under the system's temporary directory, removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "mists-test-XXXXXX").string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
};

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct Run {
  int status = -1;     // exit status
  std::string output;  // standard output and standard error
};

// Runs `mists ARGS` from the source tree's root and collects its exit status and output.
inline Run mists_cmd(const std::string& args) {
  const std::string cmd = "cd " + quote(MISTS_SOURCE_DIR) + " && " + quote(MISTS_BINARY) + " " + args + " 2>&1";
  Run r;
  FILE* p = popen(cmd.c_str(), "r");
  REQUIRE(p != nullptr);
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
  return r;
}

}  // namespace mists::test::sh
