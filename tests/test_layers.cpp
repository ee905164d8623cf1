// The floors above the engine are layers: analysis/ is cut into one folder a capability, and a file
// includes only its own folder and the folders below it (analysis/CMakeLists.txt lists them, lowest
// first). The study and the tournament, the two plans of the chunked run (analysis/run/chunk_run.h),
// are peers and include none of each other; so are the two plans at the top (design, train). The
// engine's own fence is its layer.h (engine/CMakeLists.txt); this one is a search of the sources.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "support.h"

namespace {

namespace fs = std::filesystem;
using mists::test::source_path;

// Each folder of analysis/ and its floor; folders on one floor are peers that may not include each other.
const std::map<std::string, int> FLOOR = {{"run", 0},   {"agents", 1},     {"pages", 2}, {"study", 3},
                                          {"tournament", 3}, {"train", 4}, {"design", 4}};

// The analysis folders `text` includes, in order ("analysis/agents/agents.h" gives "agents"); a
// header straight under analysis/ gives "".
std::vector<std::string> included_folders(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  const std::string head = "#include \"analysis/";
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(head, 0) != 0) continue;
    const std::string rest = line.substr(head.size());
    const size_t slash = rest.find('/'), quote = rest.find('"');
    out.push_back(slash < quote ? rest.substr(0, slash) : "");
  }
  return out;
}

// "where: includes analysis/<folder>" for each include of `text` (from folder `from`) that runs
// up, sideways to a peer, to a folder not in FLOOR, or to a file straight under analysis/.
std::vector<std::string> bad_includes(const std::string& where, const std::string& from, const std::string& text) {
  std::vector<std::string> bad;
  for (const std::string& to : included_folders(text)) {
    if (to == from) continue;
    const auto f = FLOOR.find(from), t = FLOOR.find(to);
    if (f == FLOOR.end() || t == FLOOR.end() || t->second >= f->second) bad.push_back(where + ": includes analysis/" + to);
  }
  return bad;
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("layers: the include finder reads folders and tells an arrow running up from one running down") {
  CHECK(included_folders("#include \"analysis/agents/agents.h\"\n#include <map>\n#include \"analysis/run/files.h\"\n") ==
        std::vector<std::string>{"agents", "run"});
  CHECK(bad_includes("x", "study", "#include \"analysis/agents/agents.h\"\n").empty());
  CHECK(bad_includes("x", "agents", "#include \"analysis/study/study.h\"\n") ==
        std::vector<std::string>{"x: includes analysis/study"});
  CHECK(bad_includes("x", "design", "#include \"analysis/train/train.h\"\n").size() == 1);  // peers
  CHECK(bad_includes("x", "tournament", "#include \"analysis/study/study.h\"\n").size() == 1);
  CHECK(bad_includes("x", "run", "#include \"analysis/old.h\"\n").size() == 1);              // not a folder
}

TEST_CASE("layers: every file of analysis/ sits in a folder of the list and includes only folders below it") {
  const fs::path root = source_path("analysis");
  REQUIRE(fs::is_directory(root));
  std::vector<std::string> bad;
  int files = 0;
  std::map<std::string, int> per_folder;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
    const fs::path rel = fs::relative(e.path(), root);
    const std::string folder = rel.has_parent_path() ? rel.begin()->string() : "";
    if (!FLOOR.count(folder)) {
      bad.push_back("analysis/" + rel.generic_string() + ": not in a folder of the list");
      continue;
    }
    ++files, ++per_folder[folder];
    for (const std::string& b : bad_includes("analysis/" + rel.generic_string(), folder, read_all(e.path()))) bad.push_back(b);
  }
  CHECK(files > 60);
  CHECK(per_folder.size() == FLOOR.size());  // no folder of the list is empty
  for (const std::string& b : bad) MESSAGE(b);
  CHECK(bad.empty());
}

TEST_CASE("layers: the engine, the solver and the search include nothing of analysis/") {
  std::vector<std::string> bad;
  for (const char* dir : {"engine", "solver"})
    for (const auto& e : fs::recursive_directory_iterator(source_path(dir))) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
      if (!included_folders(read_all(e.path())).empty()) bad.push_back(e.path().string());
    }
  for (const std::string& b : bad) MESSAGE(b);
  CHECK(bad.empty());
}
