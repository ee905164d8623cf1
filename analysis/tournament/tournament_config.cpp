// A tournament's configuration (analysis/tournament/tournament.h): tournament.json's config block, read back
// with every field checked, its hash (the chunks' seal) and the rules it plays.
#include <algorithm>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/json_fields.h"
#include "analysis/tournament/tournament.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"

namespace mists::analysis {

using nlohmann::json;

json TournamentConfig::to_json() const {
  json sw = json::object();
  for (const auto& [k, v] : switches) sw[k] = v;
  json j = {{"game", game},   {"players", players},           {"agents", agents},           {"games", games},
            {"chunk", chunk}, {"seed", std::to_string(seed)}, {"base_catalog", base_catalog}, {"gcc_catalog", gcc_catalog},
            {"switches", sw}};
  if (!expansions.empty()) {  // absent without modules: a tournament of before keeps its hash
    const uint8_t m = vs::parse_modules(expansions);
    j["expansions"] = expansions;
    if (m & vs::VS_ABBEY_MAYOR) j["abbey_catalog"] = abbey_catalog;
    if (m & vs::VS_TOLLKEEPERS) j["toll_catalog"] = toll_catalog;
    if (m & vs::VS_MAP_CHIPS) j["map"] = map;
  }
  if (precision > 0) {  // absent without the stop: a tournament of before keeps its hash
    j["precision"] = precision;
    j["min_games"] = min_games;
  }
  return j;
}

bool TournamentConfig::module_stats() const {
  for (const auto& [k, v] : switches)
    if (k == "abbot" && v == "on") return true;
  return !expansions.empty();
}

std::vector<std::pair<std::string, std::string>> TournamentConfig::data_files() const {
  std::vector<std::pair<std::string, std::string>> out = {{"base_catalog_checksum", base_catalog}};
  if (game == "gcc") out.emplace_back("gcc_catalog_checksum", gcc_catalog);
  const uint8_t m = expansions.empty() ? 0 : vs::parse_modules(expansions);
  if (m & vs::VS_ABBEY_MAYOR) out.emplace_back("abbey_catalog_checksum", abbey_catalog);
  if (m & vs::VS_TOLLKEEPERS) out.emplace_back("toll_catalog_checksum", toll_catalog);
  if (m & vs::VS_MAP_CHIPS) out.emplace_back("map_checksum", map);
  return out;
}

TournamentConfig TournamentConfig::from_json(const json& j, const std::string& where) {
  const Fields f(j, where, "config");
  TournamentConfig c;
  c.game = f.text("game");
  if (c.game != "base" && c.game != "gcc") f.fail("game", "'" + c.game + "' is not base or gcc");
  c.players = int(f.integer("players", 2, vs::VS_MAX_PLAYERS));
  const json& agents = f.array("agents");
  for (size_t i = 0; i < agents.size(); ++i) {
    if (!agents[i].is_string()) f.fail("agents", "element " + std::to_string(i) + " is not a text");
    c.agents.push_back(agents[i].get<std::string>());
    parse_vs_agent(c.agents.back());
  }
  if (c.agents.size() < 2) f.fail("agents", "a tournament needs at least 2 agents");
  c.games = int(f.integer("games", 2, 100000000));
  c.chunk = int(f.integer("chunk", 2, 1000000));
  if (c.games % 2 || c.chunk % 2) f.fail(c.games % 2 ? "games" : "chunk", "must be even (each deal is played from both seatings)");
  try {
    c.seed = parse_u64(f.text("seed"));
  } catch (const NumberError& e) {
    f.fail("seed", e.what());
  }
  c.base_catalog = f.text("base_catalog");
  c.gcc_catalog = f.text("gcc_catalog");
  if (j.contains("expansions")) {
    c.expansions = f.text("expansions");
    uint8_t m = 0;
    try {
      m = vs::parse_modules(c.expansions);
    } catch (const ConfigError& e) {
      f.fail("expansions", e.what());
    }
    if (m & vs::VS_ABBEY_MAYOR) c.abbey_catalog = f.text("abbey_catalog");
    if (m & vs::VS_TOLLKEEPERS) c.toll_catalog = f.text("toll_catalog");
    if (m & vs::VS_MAP_CHIPS) c.map = f.text("map");
  }
  const Fields sw = f.sub("switches");
  for (const auto& [k, v] : sw.json().items()) c.switches.emplace_back(k, sw.text(k));
  if (j.contains("precision")) {
    c.precision = f.real("precision", 1e-9, 0.5);
    c.min_games = int(f.integer("min_games", 2, 100000000));
  }
  return c;
}

std::string TournamentConfig::hash() const {
  json j = to_json();
  return fnv1a64_hex(j.dump());
}

std::pair<int, int> TournamentConfig::pair(int k) const {
  const int n = int(agents.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (k-- == 0) return {i, j};
  return {0, 1};
}

vs::VsRules TournamentConfig::rules() const {
  vs::VsSwitches sw;
  for (const auto& [k, v] : switches) vs::set_switch(sw, k, v);
  vs::VsExpansions ex;
  ex.modules = expansions.empty() ? 0 : vs::parse_modules(expansions);
  if (ex.modules & vs::VS_ABBEY_MAYOR) ex.abbey = load_catalog(resolve_input(abbey_catalog));
  if (ex.modules & vs::VS_TOLLKEEPERS) ex.toll = load_catalog(resolve_input(toll_catalog));
  if (ex.modules & vs::VS_MAP_CHIPS) ex.map = load_map(resolve_input(map));
  return vs::build_game(game == "gcc" ? vs::VsGame::Gcc : vs::VsGame::Base, load_catalog(resolve_input(base_catalog)),
                        game == "gcc" ? load_catalog(resolve_input(gcc_catalog)) : Catalog{}, std::move(ex), players, sw);
}
}  // namespace mists::analysis
