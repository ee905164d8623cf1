#include "analysis/agents/game_options.h"

#include <nlohmann/json.hpp>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "engine/config/load.h"

namespace mists::analysis {

namespace {

void check_override(const char* name, const std::optional<int>& v) {
  if (!v) return;
  for (const OverrideRange& r : OVERRIDE_RANGES)
    if (std::string(r.name) == name && (*v < r.lo || *v > r.hi))
      throw AnalysisError(std::string(name) + " " + std::to_string(*v) + " is out of range " + std::to_string(r.lo) +
                          ".." + std::to_string(r.hi));
}

}  // namespace

std::string GameOptions::level_path(int lv) const {
  return resolve_input(levels_dir + "/level" + std::to_string(lv) + ".toml");
}

Level GameOptions::level_config(int lv) const {
  check_override("ghosts", ghosts);
  check_override("goal", goal);
  check_override("hound1", hound1);
  check_override("hound2", hound2);
  check_override("piles", piles);
  Level l = load_level(level_path(lv));
  if (ghosts) l.ghosts = *ghosts;
  if (goal) l.goal = *goal;
  if (hound1) l.hound1 = *hound1;
  if (hound2) l.hound2 = *hound2;
  if (piles) l.piles = *piles;
  return l;
}

namespace {

Catalog checked_catalog(const std::string& path) {
  Catalog cat = load_catalog(resolve_input(path));
  cat.path = path;
  const auto issues = validate(cat);
  if (!issues.empty())
    throw LoadError("the catalog is invalid:\n" + format_issues(cat, issues) + "(check it with: mists tiles validate " + path + ")");
  return cat;
}

}  // namespace

LeverCatalogs GameOptions::lever_catalogs(const Levers& with) const {
  LeverCatalogs out;
  if (with.abbeys != PiecePool::Off) out.abbeys = checked_catalog(abbey_catalog);
  if (with.tiles_of_tolls()) out.tolls = checked_catalog(toll_catalog);
  return out;
}

Rules GameOptions::rules(int lv, int pl, const Levers& with) const {
  Catalog cat = checked_catalog(catalog);
  GameParams params;
  params.players = pl;
  params.switches = switches;
  params.levers = with;
  return build_rules(std::move(cat), level_config(lv), params, lever_catalogs(with));
}

std::string describe_switches(const Switches& sw) {
  std::string out;
  for (const char* key : SWITCH_NAMES)
    out += (out.empty() ? "" : ", ") + std::string(key) + "=" + std::string(switch_value(sw, key));
  return out;
}

nlohmann::json switches_json(const Switches& sw) {
  nlohmann::json j = nlohmann::json::object();
  for (const char* key : SWITCH_NAMES) j[key] = std::string(switch_value(sw, key));
  return j;
}

int& level_number(Level& lv, const std::string& n) {
  if (n == "ghosts") return lv.ghosts;
  if (n == "goal") return lv.goal;
  if (n == "hound1") return lv.hound1;
  if (n == "hound2") return lv.hound2;
  if (n == "piles") return lv.piles;
  throw AnalysisError("no level number '" + n + "' (ghosts, goal, hound1, hound2, piles)");
}
int level_number(const Level& lv, const std::string& n) {
  Level copy = lv;
  return level_number(copy, n);
}

std::optional<int>& override_of(GameOptions& g, const std::string& n) {
  if (n == "ghosts") return g.ghosts;
  if (n == "goal") return g.goal;
  if (n == "hound1") return g.hound1;
  if (n == "hound2") return g.hound2;
  if (n == "piles") return g.piles;
  throw AnalysisError("no level override '" + n + "' (ghosts, goal, hound1, hound2, piles)");
}
std::optional<int> override_of(const GameOptions& g, const std::string& n) {
  GameOptions copy = g;
  return override_of(copy, n);
}

}  // namespace mists::analysis
