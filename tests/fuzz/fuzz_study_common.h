// Shared by the study harnesses (fuzz_study, fuzz_study_toml): the analysis layer's documented
// error, a scratch folder per process, the plots skipped, and the config oracles.
#pragma once

#include <dlfcn.h>
#include <stdlib.h>

#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "analysis/run/error.h"
#include "analysis/study/study_config.h"
#include "fuzz_common.h"

// write_outputs() draws its plots with std::system("python3 scripts/plots.py ...") (and
// scripts/plot_traces.py): this definition skips those commands so a run stays in the process and
// fast, and passes any other command to the C library (libFuzzer's -fork and -merge use it).
extern "C" int system(const char* command) {
  if (command && std::strstr(command, "scripts/plot")) return 0;
  using System = int (*)(const char*);
  static const System real = reinterpret_cast<System>(dlsym(RTLD_NEXT, "system"));
  return real ? real(command) : -1;
}

namespace mists::fuzz {

// Like documented(), also accepting the analysis layer's AnalysisError.
template <class F>
bool documented_study(F&& f) {
  try {
    return documented(f);
  } catch (const analysis::AnalysisError& e) {
    debug_error(e);
  }
  return false;
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  if (!f.flush()) oracle_failed("setup", "cannot write " + path.string());
}

// A scratch folder for this process, removed at exit (TMPDIR: scripts/fuzz.sh puts it on tmpfs).
inline const std::filesystem::path& scratch() {
  struct Dir {
    std::filesystem::path path;
    Dir() {
      std::string tmpl = (std::filesystem::temp_directory_path() / "mists-fuzz-XXXXXX").string();
      if (!mkdtemp(tmpl.data())) oracle_failed("setup", "mkdtemp failed");
      path = tmpl;
    }
    ~Dir() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  };
  static const Dir dir;
  return dir.path;
}

// Oracle: an integer of a study config reads back as written (`study-number-changed`).
inline void kept(const nlohmann::json& obj, const char* key, long long stored, const std::string& field) {
  if (!obj.is_object() || !obj.contains(key)) return;
  const nlohmann::json& v = obj.at(key);
  bool same = true;
  if (v.is_number_unsigned()) same = v.get<uint64_t>() <= uint64_t(LLONG_MAX) && (long long)v.get<uint64_t>() == stored;
  else if (v.is_number_integer()) same = v.get<int64_t>() == stored;
  else if (v.is_number_float()) same = v.get<double>() == double(stored);
  if (!same) oracle_failed("study-number-changed", field + " = " + v.dump() + " was read as " + std::to_string(stored));
}

// Oracles on a config a study parser accepted: no number below its range, its shard is
// 1 <= K <= N (run_study takes chunk_index % shards), every cell's chunk count is computable (StudyConfig::chunks_of, under
// UBSan), and to_json() reads back (StudyConfig::from_json) to a config with the same games_hash().
inline void check_config_values(const analysis::StudyConfig& c) {
  // The lower bounds of the ranges StudyConfig::from_json and study_from_toml check (the upper
  // ones are checked by the parsers' own oracles above): one tag for them all.
  auto at_least = [](long long v, long long lo, const std::string& field) {
    if (v < lo) oracle_failed("study-below-range", "accepted " + field + " = " + std::to_string(v) + " (at least " + std::to_string(lo) + ")");
  };
  at_least(c.chunk, 1, "chunk");
  at_least(c.min_games, 1, "min_games");
  for (const analysis::OverrideRange& r : analysis::OVERRIDE_RANGES) {
    const std::string k = r.name;
    const std::optional<int>& v = k == "ghosts" ? c.game.ghosts : k == "goal" ? c.game.goal : k == "hound1" ? c.game.hound1
                                  : k == "hound2" ? c.game.hound2 : c.game.piles;
    if (v) at_least(*v, r.lo, "overrides." + k);
  }
  for (size_t i = 0; i < c.cells.size(); ++i) {
    const analysis::CellSpec& s = c.cells[i];
    const std::string f = "cells[" + std::to_string(i) + "].";
    at_least(s.level, 1, f + "level");
    at_least(s.players, 1, f + "players");
    at_least(s.ghosts, 3, f + "ghosts");
    at_least(s.ghost_delta, -250, f + "ghost_delta");
    at_least(s.games, 1, f + "games");
  }
  if (c.shards < 1 || c.shard < 1 || c.shard > c.shards)
    oracle_failed("study-shard-range", "accepted shard " + std::to_string(c.shard) + "/" + std::to_string(c.shards));
  for (const auto& cell : c.cells) (void)c.chunks_of(cell);
  analysis::StudyConfig back;
  try {
    back = analysis::StudyConfig::from_json(c.to_json(), "to_json");
  } catch (const std::exception& e) {
    oracle_failed("study-json-roundtrip", std::string("to_json() does not read back: ") + e.what());
  }
  if (back.games_hash() != c.games_hash()) oracle_failed("study-json-roundtrip", "to_json() reads back to other games");
}

// Oracles on a config StudyConfig::from_json accepted from `j`: its numbers are kept as written,
// then check_config_values().
inline void check_config(const nlohmann::json& j, const analysis::StudyConfig& c) {
  kept(j, "min_games", c.min_games, "min_games");
  kept(j, "chunk", c.chunk, "chunk");
  if (j.contains("seed")) {
    const nlohmann::json& s = j.at("seed");
    if ((s.is_number_integer() && !s.is_number_unsigned() && s.get<int64_t>() < 0) ||
        (s.is_number_float() && s.get<double>() != double(c.seed)))
      oracle_failed("study-seed-changed", "seed = " + s.dump() + " was read as " + std::to_string(c.seed));
  }
  if (j.contains("overrides")) {
    const nlohmann::json& ov = j.at("overrides");
    if (c.game.goal) kept(ov, "goal", *c.game.goal, "overrides.goal");
    if (c.game.hound1) kept(ov, "hound1", *c.game.hound1, "overrides.hound1");
    if (c.game.hound2) kept(ov, "hound2", *c.game.hound2, "overrides.hound2");
    if (c.game.piles) kept(ov, "piles", *c.game.piles, "overrides.piles");
  }
  if (j.contains("mcts")) {
    const nlohmann::json& m = j.at("mcts");
    kept(m, "playouts", c.mcts.playouts, "mcts.playouts");
    kept(m, "rollout_turns", c.mcts.rollout_turns, "mcts.rollout_turns");
    kept(m, "threads", c.mcts.threads, "mcts.threads");
  }
  if (j.contains("cells") && j.at("cells").is_array()) {
    const nlohmann::json& cells = j.at("cells");
    for (size_t i = 0; i < c.cells.size() && i < cells.size(); ++i) {
      const std::string f = "cells[" + std::to_string(i) + "].";
      const analysis::CellSpec& s = c.cells[i];
      kept(cells[i], "level", s.level, f + "level");
      kept(cells[i], "players", s.players, f + "players");
      kept(cells[i], "ghosts", s.ghosts, f + "ghosts");
      kept(cells[i], "ghost_delta", s.ghost_delta, f + "ghost_delta");
      kept(cells[i], "games", s.games, f + "games");
    }
  }
  check_config_values(c);
}

}  // namespace mists::fuzz
