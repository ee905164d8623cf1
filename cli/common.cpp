#include "cli/common.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <sstream>

#include "cli/registry.h"
#include "engine/config/load.h"

namespace mists::cli {

namespace {
void check_range(const char* name, const std::optional<int>& v, int lo, int hi) {
  if (v && (*v < lo || *v > hi))
    throw UsageError(std::string("--") + name + " " + std::to_string(*v) + " is out of range " + std::to_string(lo) +
                     ".." + std::to_string(hi));
}
}  // namespace

void GameOptions::add_to(CLI::App& app, bool with_level_and_players, bool with_ghosts) {
  app.add_option("--catalog", catalog, "Tile catalog (TOML, docs/tiles.md)")->capture_default_str();
  app.add_option("--levels-dir", levels_dir, "Folder of the level files level1.toml .. level6.toml")->capture_default_str();
  if (with_level_and_players) {
    app.add_option("--level", level, "Level 1-6")->capture_default_str()->check(CLI::Range(1, 6));
    app.add_option("--players", players, "Players 1-5")->capture_default_str()->check(CLI::Range(1, 5));
  }
  if (with_ghosts) app.add_option("--ghosts", ghosts, "Override the level's ghost total (start-tile ghosts included)");
  app.add_option("--goal", goal, "Override the level's goal (per colour on level 6)");
  app.add_option("--hound1", hound1, "Override hound 1's threshold (0 = no hound)");
  app.add_option("--hound2", hound2, "Override hound 2's threshold (0 = no hound)");
  app.add_option("--piles", piles, "Override the number of draw piles (1-3)");
  app.add_option("--joint-scoring", joint_scoring, "Rule switch R4.2: majority (default) or all_colours")
      ->check(CLI::IsMember({"majority", "all_colours"}));
  app.add_option("--unplaceable", unplaceable, "Rule switch R2.2: discard (default) or lose")
      ->check(CLI::IsMember({"discard", "lose"}));
  app.add_option("--haunted-adjacency", haunted_adjacency, "Rule switch R7.3: eight (default) or four")
      ->check(CLI::IsMember({"eight", "four"}));
  app.add_option("--finish-ghosts", finish_ghosts,
                 "Rule switch R3.2: none (default: a tile that finishes a mist bank gets no ghosts) or other_areas")
      ->check(CLI::IsMember({"none", "other_areas"}));
}

Level GameOptions::level_config(int lv) const {
  check_range("ghosts", ghosts, 0, 250);
  check_range("goal", goal, 1, 30000);
  check_range("hound1", hound1, 0, 30000);
  check_range("hound2", hound2, 0, 30000);
  check_range("piles", piles, 1, 3);
  Level l = load_level(resolve(levels_dir + "/level" + std::to_string(lv) + ".toml"));
  if (ghosts) l.ghosts = *ghosts;
  if (goal) l.goal = *goal;
  if (hound1) l.hound1 = *hound1;
  if (hound2) l.hound2 = *hound2;
  if (piles) l.piles = *piles;
  return l;
}

Switches GameOptions::switches() const {
  Switches sw;
  if (!joint_scoring.empty()) set_switch(sw, "joint_scoring", joint_scoring, "--joint-scoring");
  if (!unplaceable.empty()) set_switch(sw, "unplaceable", unplaceable, "--unplaceable");
  if (!haunted_adjacency.empty()) set_switch(sw, "haunted_adjacency", haunted_adjacency, "--haunted-adjacency");
  if (!finish_ghosts.empty()) set_switch(sw, "finish_ghosts", finish_ghosts, "--finish-ghosts");
  return sw;
}

Rules GameOptions::rules(int lv, int pl) const {
  Catalog cat = load_catalog(resolve(catalog));
  cat.path = catalog;
  const auto issues = validate(cat);
  if (!issues.empty()) throw LoadError("the catalog is invalid:\n" + format_issues(cat, issues) + "(check it with: mists tiles validate " + catalog + ")");
  GameParams params;
  params.players = pl;
  params.switches = switches();
  return build_rules(std::move(cat), level_config(lv), params);
}

// "1-6", "1,3,5", "-3..3" style lists of integers.
std::vector<int> int_list(const std::string& text, const char* option) {
  std::vector<int> out;
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, ',')) {
    int a = 0, b = 0;
    char rest = 0;
    if (std::sscanf(part.c_str(), "%d..%d%c", &a, &b, &rest) == 2 ||
        (std::sscanf(part.c_str(), "%d-%d%c", &a, &b, &rest) == 2 && a >= 0)) {
      if (b < a) throw UsageError(std::string(option) + ": range '" + part + "' runs backwards");
      for (int x = a; x <= b; ++x) out.push_back(x);
    } else if (std::sscanf(part.c_str(), "%d%c", &a, &rest) == 1) {
      out.push_back(a);
    } else {
      throw UsageError(std::string(option) + ": '" + part + "' is not a number or a range (1-6, -3..3)");
    }
  }
  if (out.empty()) throw UsageError(std::string(option) + ": empty list");
  return out;
}

// Agents separated by ',' or ';'. A comma also separates an agent's own parameters
// ("expert,mcts:playouts=500,c=0.3"): a new agent starts where a comma is followed by an agent name.
std::vector<std::string> agent_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream items(text);
  std::string item, part;
  while (std::getline(items, item, ';')) {
    std::stringstream parts(item);
    std::string cur;
    while (std::getline(parts, part, ',')) {
      const std::string head = part.substr(0, part.find(':'));
      const bool starts_agent = std::find(agent_names().begin(), agent_names().end(), head) != agent_names().end();
      if (starts_agent && !cur.empty()) out.push_back(cur), cur.clear();
      cur += (cur.empty() ? "" : ",") + part;
    }
    if (!cur.empty()) out.push_back(cur);
  }
  return out;
}

std::string utc_stamp() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::gmtime(&t));
  return buf;
}

std::string describe_switches(const Switches& sw) {
  std::string out;
  for (const char* key : SWITCH_NAMES) out += (out.empty() ? "" : ", ") + std::string(key) + "=" + std::string(switch_value(sw, key));
  return out;
}

std::string resolve(const std::string& path) {
  namespace fs = std::filesystem;
  if (fs::exists(path) || fs::path(path).is_absolute()) return path;
  const fs::path alt = fs::path(MISTS_SOURCE_DIR) / path;
  return fs::exists(alt) ? alt.string() : path;
}

}  // namespace mists::cli
