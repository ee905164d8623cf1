// Shared by the libFuzzer harnesses (tests/fuzz/README.md): the shipped configuration, a cheap
// deterministic game to exercise what a parser accepted, and the harness oracles.
//
// A harness accepts only the exceptions the API under test documents (LoadError, ConfigError,
// RecordError, NumberError; AnalysisError too in the study harnesses). Anything else escapes
// LLVMFuzzerTestOneInput, std::terminate aborts, and libFuzzer reports it. An oracle failure (a
// value the parser accepted but silently changed, a written record that does not read back, ...)
// prints "FUZZ-ORACLE: <tag>: <details>" and aborts; scripts/fuzz.sh uses the tag to tell
// findings apart.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "engine/config/load.h"
#include "engine/coop/game.h"
#include "engine/kit/number.h"
#include "engine/coop/record.h"
#include "engine/coop/rules.h"

#ifndef MISTS_SOURCE_DIR
#error "MISTS_SOURCE_DIR must name the source tree"
#endif

namespace mists::fuzz {

[[noreturn]] inline void oracle_failed(const std::string& tag, const std::string& details) {
  std::fprintf(stderr, "FUZZ-ORACLE: %s: %s\n", tag.c_str(), details.c_str());
  std::fflush(stderr);
  std::abort();
}

// MISTS_FUZZ_DEBUG=1 prints the documented errors a harness accepts (to see how far an input gets).
inline void debug_error(const std::exception& e) {
  static const bool on = std::getenv("MISTS_FUZZ_DEBUG") != nullptr;
  if (on) std::fprintf(stderr, "accepted error: %s\n", e.what());
}

// Runs `f`; false when it threw one of the engine's documented errors (cli/main.cpp reports them as
// "mists: error: ..." with exit status 2). Any other exception goes through: a finding.
template <class F>
bool documented(F&& f) {
  try {
    f();
    return true;
  } catch (const LoadError& e) {
    debug_error(e);
  } catch (const ConfigError& e) {
    debug_error(e);
  } catch (const RecordError& e) {
    debug_error(e);
  } catch (const NumberError& e) {
    debug_error(e);
  }
  return false;
}

inline std::string source_path(const std::string& rel) { return std::string(MISTS_SOURCE_DIR) + "/" + rel; }

// The shipped catalog, read and validated once.
inline const Catalog& shipped_catalog() {
  static const Catalog cat = [] {
    Catalog c = load_catalog(source_path("configs/tiles/mists-reconstructed.toml"));
    c.path = "configs/tiles/mists-reconstructed.toml";
    if (!validate(c).empty()) oracle_failed("setup", "the shipped catalog does not validate");
    return c;
  }();
  return cat;
}

// configs/levels/level1.toml .. level6.toml, read once.
inline const std::vector<Level>& shipped_levels() {
  static const std::vector<Level> levels = [] {
    std::vector<Level> v;
    for (int l = 1; l <= 6; ++l) v.push_back(load_level(source_path("configs/levels/level" + std::to_string(l) + ".toml")));
    return v;
  }();
  return levels;
}

inline uint64_t hash_bytes(const uint8_t* data, size_t size) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
  return h;
}

inline uint64_t next_random(uint64_t& x) {  // splitmix64
  uint64_t z = (x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Plays one game of `rules` to its end: a shuffle and choices drawn from `seed`. Engine failures
// (State::check after every step when built with MISTS_CHECK_EVERY_STEP, sanitizer reports) abort.
inline GameSummary play_one_game(const Rules& rules, uint64_t seed) {
  std::vector<uint8_t> tiles = tiles_in_play(rules);
  for (size_t i = tiles.size(); i > 1; --i) std::swap(tiles[i - 1], tiles[next_random(seed) % i]);
  const Deal deal = deal_piles(rules, tiles);
  return play_game(rules, deal, [&](const State&, const Action*, int n) { return int(next_random(seed) % uint64_t(n)); });
}

// Oracle: the play tables keep every number and region of the catalog they were built from
// (compile_type narrows arms, ghosts and region indices to 8 bits).
inline void check_rules_keep_catalog(const Rules& r) {
  for (const TileType& tt : r.types) {
    if (!tt.spec) oracle_failed("rules-type-without-spec", tt.id);
    for (const Feature& f : tt.features) {
      const auto& regions = tt.spec->regions;
      if (f.spec_region >= regions.size())
        oracle_failed("rules-region-index", "tile " + tt.id + ": feature points past its regions");
      const RegionSpec& reg = regions[f.spec_region];
      if (reg.kind != f.kind)
        oracle_failed("rules-region-index", "tile " + tt.id + ": a " + std::string(kind_name(f.kind)) +
                                                " feature points at a " + std::string(kind_name(reg.kind)) +
                                                " region (region index narrowed to 8 bits)");
      if (int(f.arms) != reg.arms)
        oracle_failed("rules-arms-narrowed",
                      "tile " + tt.id + ": arms = " + std::to_string(reg.arms) + " became " + std::to_string(int(f.arms)));
      if (int(f.ghosts) != reg.ghosts)
        oracle_failed("rules-ghosts-narrowed", "tile " + tt.id + ": ghosts = " + std::to_string(reg.ghosts) +
                                                   " became " + std::to_string(int(f.ghosts)));
    }
  }
}

}  // namespace mists::fuzz
