// The game a study plays: catalog, level files, level overrides and rule switches, turned into
// Rules. The command line fills it (cli/options.h), so do study files (analysis/study/study_config.h).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/coop/rules.h"

namespace mists::analysis {

struct GameOptions {
  std::string catalog = "configs/tiles/mists-reconstructed.toml";
  std::string levels_dir = "configs/levels";
  int level = 3;
  int players = 2;
  std::optional<int> ghosts, goal, hound1, hound2, piles;  // level overrides
  Switches switches;
  Levers levers;  // docs/rules.md C; all off by default
  // The expansion catalogs the levers read (only opened when a lever needs them).
  std::string abbey_catalog = "configs/tiles/abbey-mayor.toml";
  std::string toll_catalog = "configs/tiles/tollkeepers-reconstructed.toml";

  // The level file of `level` with the overrides applied; an override out of range is an
  // AnalysisError naming it.
  Level level_config(int level) const;
  // Rules for one level and player count (the catalog validated first), with `levers` (the
  // options' own when not given).
  Rules rules(int at_level, int with_players) const { return rules(at_level, with_players, levers); }
  Rules rules(int at_level, int with_players, const Levers& with) const;
  Rules rules() const { return rules(level, players); }
  // The expansion catalogs `with` reads, validated (empty catalogs for the levers that are off).
  LeverCatalogs lever_catalogs(const Levers& with) const;
  // The level file's path.
  std::string level_path(int level) const;
};

// The allowed range of each level override, as `--NAME` and study files check it.
struct OverrideRange {
  const char* name;
  int lo, hi;
};
inline constexpr OverrideRange OVERRIDE_RANGES[] = {
    {"ghosts", 0, 250}, {"goal", 1, 30000}, {"hound1", 0, 30000}, {"hound2", 0, 30000}, {"piles", 1, 3}};

// "joint_scoring=majority, unplaceable=discard, haunted_adjacency=eight, finish_ghosts=none"
std::string describe_switches(const Switches& sw);
// The switches as a JSON object, name -> value, in SWITCH_NAMES order (what results files record).
nlohmann::json switches_json(const Switches& sw);

// The level number `name` (ghosts, goal, hound1, hound2, piles: OVERRIDE_RANGES' names) of a level,
// and the override of it in `g`; another name is an AnalysisError.
int& level_number(Level& level, const std::string& name);
int level_number(const Level& level, const std::string& name);
std::optional<int>& override_of(GameOptions& g, const std::string& name);
std::optional<int> override_of(const GameOptions& g, const std::string& name);

}  // namespace mists::analysis
