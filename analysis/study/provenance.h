// study.json: a study's configuration and provenance — the revisions, the catalog and level-file
// checksums, and every run (revision, start, end, threads, chunks played, the command).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "analysis/study/study_config.h"

namespace mists::analysis {

// The provenance of a new study: revision, catalog checksum and status, level-file checksums, and
// the checksums of the expansion catalogs the cells' levers read.
nlohmann::json provenance_note(const StudyConfig& cfg);

// The expansion catalogs the cells' levers read, as (provenance key, path): the abbey tile's for
// coop_abbeys ("abbey_catalog_checksum"), the Tollkeepers tiles' for coop_tolls with their tiles
// ("toll_catalog_checksum"). Empty for a study without levers.
std::vector<std::pair<std::string, std::string>> lever_catalog_paths(const StudyConfig& cfg);

// Reads a study.json and checks all of it: the config (StudyConfig::from_json) and the
// provenance (every field typed). A bad file is an AnalysisError naming it and the field. A file
// from before runs were recorded gets provenance.runs = [{revision: its starting revision}].
nlohmann::json read_study_json(const std::string& path);

// The revisions that played a study's games, in order and without repeats, from its provenance.
std::vector<std::string> played_by(const nlohmann::json& provenance);

// Refuses a study whose catalog, level files or expansion catalogs changed since its provenance was
// written (`where` names the study.json).
void check_checksums(const nlohmann::json& provenance, const StudyConfig& cfg, const std::string& where);

}  // namespace mists::analysis
