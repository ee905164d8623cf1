// libFuzzer harness: the level file parser (engine/config/load.h parse_level), then build_rules()
// with the shipped catalog for 1..5 players and one game of the rules it accepts.
// Accepted: the engine's documented errors (LoadError from the parser, ConfigError from build_rules).
#include <string>

#include "fuzz_common.h"

using namespace mists;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalog& catalog = fuzz::shipped_catalog();
  const std::string text(reinterpret_cast<const char*>(data), size);
  Level level;
  if (!fuzz::documented([&] { level = parse_level(text, "fuzz.toml"); })) return 0;
  const uint64_t seed = fuzz::hash_bytes(data, size);
  const int play_with = 1 + int(seed % 5);  // one game per input keeps a run fast
  for (int players = 1; players <= 5; ++players) {
    GameParams params;
    params.players = players;
    fuzz::documented([&] {
      const Rules rules = build_rules(catalog, level, params);
      (void)rules.describe();
      if (players == play_with) fuzz::play_one_game(rules, seed);
    });
  }
  return 0;
}
