#include "analysis/study/provenance.h"

#include <algorithm>
#include <csignal>
#include <set>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/json_fields.h"
#include "analysis/agents/value_model.h"
#include "engine/config/load.h"

namespace mists::analysis {

using nlohmann::json;

json provenance_note(const StudyConfig& cfg) {
  Catalog cat = load_catalog(resolve_input(cfg.game.catalog));
  json p;
  p["revision"] = revision();
  p["catalog_checksum"] = cat.checksum;
  p["catalog_status"] = cat.status;
  json levels = json::object();
  std::set<int> used;
  for (const auto& c : cfg.cells) used.insert(c.level);
  for (int l : used) levels[std::to_string(l)] = fnv1a64_hex(read_file(cfg.game.level_path(l)));
  p["level_checksums"] = levels;
  // The expansion catalogs the cells' levers read (docs/rules.md C), only when a cell reads one.
  for (const auto& [key, path] : lever_catalog_paths(cfg)) p[key] = load_catalog(resolve_input(path)).checksum;
  // The learned value, when an agent of the study reads it; every cell it plays must be covered.
  bool value = false, afterstate = false;
  for (const auto& c : cfg.cells) {
    const AgentSpec a = parse_agent(c.agent, cfg.mcts);
    if (a.reads_afterstate()) {
      afterstate = true;
      afterstate_for(cfg.game.rules(c.level, c.players, c.levers), a);  // throws when the model does not cover the cell
    }
    if (!a.reads_value()) continue;
    value = true;
    value_for(cfg.game.rules(c.level, c.players, c.levers), a);  // throws when the model does not cover the cell
  }
  if (value) {
    p["value_file"] = VALUE_FILE;
    p["value_checksum"] = shipped_value_model().checksum();
  }
  if (afterstate) {
    p["afterstate_file"] = AFTERSTATE_FILE;
    p["afterstate_checksum"] = shipped_afterstate_model().checksum();
  }
  return p;
}

std::vector<std::pair<std::string, std::string>> lever_catalog_paths(const StudyConfig& cfg) {
  bool abbeys = false, tolls = false;
  for (const auto& c : cfg.cells) {
    abbeys = abbeys || c.levers.abbeys != PiecePool::Off;
    tolls = tolls || c.levers.tiles_of_tolls();
  }
  std::vector<std::pair<std::string, std::string>> out;
  if (abbeys) out.emplace_back("abbey_catalog_checksum", cfg.game.abbey_catalog);
  if (tolls) out.emplace_back("toll_catalog_checksum", cfg.game.toll_catalog);
  return out;
}

json read_study_json(const std::string& path) {
  json j = read_json_file(path);
  if (!j.is_object()) throw AnalysisError(path + ": not a study (a JSON object with config and provenance)");
  const Fields top(j, path);
  StudyConfig::from_json(top.object("config"), path);  // checks every field of the config
  const Fields prov = top.sub("provenance");
  prov.text("revision");
  prov.text("catalog_checksum");
  const Fields levels = prov.sub("level_checksums");
  for (const auto& [key, value] : levels.json().items()) levels.text(key);
  for (const char* key : {"abbey_catalog_checksum", "toll_catalog_checksum", "value_file", "value_checksum"})
    if (prov.has(key)) prov.text(key);
  if (prov.has("runs")) {
    const json& runs = prov.array("runs");
    for (size_t i = 0; i < runs.size(); ++i) {
      const Fields r = prov.element("runs", i);
      r.text("revision");
      if (r.has("chunks_played")) r.integer("chunks_played", 0, 1000000000);
      if (r.has("threads")) r.integer("threads", 0, 4096);
      for (const char* key : {"started", "ended", "command", "stopped"})
        if (r.has(key)) r.text(key);
    }
  } else {  // written before runs were recorded: its first run is all we know
    const std::string first = prov.text("revision");
    j["provenance"]["runs"] = json::array({json{{"revision", first}}});
  }
  return j;
}

std::vector<std::string> played_by(const json& provenance) {
  std::vector<std::string> out;
  auto add = [&](const std::string& r) {
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  };
  // A run that ended having played nothing only rewrote the tables; a run with no end was
  // killed and may have played chunks.
  for (const auto& r : provenance.at("runs"))
    if (!r.contains("chunks_played") || r.at("chunks_played").get<long long>() > 0) add(r.at("revision").get<std::string>());
  return out;
}

void check_checksums(const json& provenance, const StudyConfig& cfg, const std::string& where) {
  const json now = provenance_note(cfg);
  if (provenance.at("catalog_checksum") != now.at("catalog_checksum"))
    throw AnalysisError(where + ": provenance.catalog_checksum: the tile catalog " + cfg.game.catalog + " changed since this study started (" +
                        provenance.at("catalog_checksum").get<std::string>() + " -> " + now.at("catalog_checksum").get<std::string>() + ")");
  for (const auto& [key, path] : lever_catalog_paths(cfg))
    if (!provenance.contains(key) || provenance.at(key) != now.at(key))
      throw AnalysisError(where + ": provenance." + key + ": the expansion catalog " + path + " changed since this study started (" +
                          (provenance.contains(key) ? provenance.at(key).get<std::string>() : std::string("not recorded")) + " -> " +
                          now.at(key).get<std::string>() + ")");
  if (now.contains("value_checksum") && (!provenance.contains("value_checksum") || provenance.at("value_checksum") != now.at("value_checksum")))
    throw AnalysisError(where + ": provenance.value_checksum: the learned value " + std::string(VALUE_FILE) + " changed since this study started (" +
                        (provenance.contains("value_checksum") ? provenance.at("value_checksum").get<std::string>() : std::string("not recorded")) +
                        " -> " + now.at("value_checksum").get<std::string>() + "); a study is played with one set of weights");
  if (now.contains("afterstate_checksum") &&
      (!provenance.contains("afterstate_checksum") || provenance.at("afterstate_checksum") != now.at("afterstate_checksum")))
    throw AnalysisError(where + ": provenance.afterstate_checksum: the afterstate value " + std::string(AFTERSTATE_FILE) +
                        " changed since this study started; a study is played with one set of weights");
  for (const auto& [level, sum] : now.at("level_checksums").items())
    if (!provenance.at("level_checksums").contains(level) || provenance.at("level_checksums").at(level) != sum)
      throw AnalysisError(where + ": provenance.level_checksums." + level + ": the level file " + cfg.game.level_path(std::stoi(level)) +
                          " changed since this study started");
}

}  // namespace mists::analysis
