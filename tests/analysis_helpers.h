// Helpers for the solver and analyzer suites (test_solver.cpp, test_analysis.cpp): unique temporary
// folders, whole-file reads, a small CSV reader, and running the `mists` binary as a child process.
// Header-only on purpose (tests/CMakeLists.txt globs test_*.cpp only).
#pragma once

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace mists::test::ah {

namespace fs = std::filesystem;

// A fresh folder under the system temporary directory, removed (with everything in it) at the end
// of its scope.
class TempDir {
 public:
  explicit TempDir(const std::string& tag) {
    static std::atomic<int> counter{0};
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    path_ = fs::temp_directory_path() /
            ("mists-test-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
             std::to_string(stamp));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path_.string(); }
  // A path inside the folder (not created).
  std::string sub(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

inline void spit(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

// ---- CSV -----------------------------------------------------------------------------------------
// One line split into fields; fields may be quoted with "" for a literal quote.
inline std::vector<std::string> csv_split(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cur += '"', ++i;
      else if (c == '"') quoted = false;
      else cur += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

// A CSV file with a header line: rows as maps from column name to text.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

inline Csv read_csv(const std::string& path) {
  Csv csv;
  std::istringstream in(slurp(path));
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto f = csv_split(line);
    if (first) {
      csv.header = f;
      first = false;
      continue;
    }
    REQUIRE_MESSAGE(f.size() == csv.header.size(), path << ": row with " << f.size() << " fields: " << line);
    std::map<std::string, std::string> row;
    for (size_t i = 0; i < f.size(); ++i) row[csv.header[i]] = f[i];
    csv.rows.push_back(std::move(row));
  }
  return csv;
}

// ---- the mists binary ---------------------------------------------------------------------------------
struct CliResult {
  int status = -1;  // exit status, or 128 + signal
  std::string out, err;
};

// Starts `MISTS_BINARY args...` with its standard output and error sent to the given files; returns
// the child's pid.
inline pid_t spawn_cli(const std::vector<std::string>& args, const std::string& out_path, const std::string& err_path,
                       const std::string& cwd = "") {
  std::vector<std::string> all = {MISTS_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str());
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, all[0].c_str(), &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  REQUIRE_MESSAGE(rc == 0, "cannot start " << all[0]);
  return pid;
}

inline int wait_status(pid_t pid) {
  int st = 0;
  while (waitpid(pid, &st, 0) < 0) {
  }
  if (WIFEXITED(st)) return WEXITSTATUS(st);
  if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
  return -1;
}

// Runs the binary to its end; `logs` is a folder for its captured output; `cwd`, when given, is
// the working directory it runs in (else the test's own).
inline CliResult run_cli(const std::vector<std::string>& args, const TempDir& logs, const std::string& cwd = "") {
  static std::atomic<int> n{0};
  const int k = n++;
  const std::string out = logs.sub("cli-" + std::to_string(k) + ".out"), err = logs.sub("cli-" + std::to_string(k) + ".err");
  const pid_t pid = spawn_cli(args, out, err, cwd);
  CliResult r;
  r.status = wait_status(pid);
  r.out = slurp(out);
  r.err = slurp(err);
  std::error_code ec;
  fs::remove(out, ec);
  fs::remove(err, ec);
  return r;
}

inline std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

}  // namespace mists::test::ah
