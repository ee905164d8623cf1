// libFuzzer harness: the tile catalog parser (engine/config/load.h parse_catalog), then validate(),
// and for a valid catalog build_rules() with each shipped level (configs/levels) and one game. A
// map file (a top-level `map` key) goes through parse_map, validate_map and render_map instead.
// Accepted: the engine's documented errors (LoadError from the parser, ConfigError from build_rules). Oracles: every integer the
// parser accepted is kept as written (toml++ reads the text again), and the play tables keep the
// catalog's numbers (fuzz_common.h).
#include <toml++/toml.h>

#include <string>

#include "fuzz_common.h"

using namespace mists;

namespace {

// The integers of one [[tile]] / [[start]] entry as toml++ reads them, against what parse_catalog kept.
void check_tile_numbers(const toml::table& t, const TileSpec& spec) {
  // The oracle tag names the key (catalog-at-changed, ...): one finding per parser line.
  auto same = [&](const toml::node* n, long long kept, const std::string& key, const std::string& field) {
    if (!n || !n->is_integer()) return;
    const int64_t v = *n->value<int64_t>();
    if (v != kept)
      fuzz::oracle_failed("catalog-" + key + "-changed", "tile " + spec.id + ": " + field + " = " + std::to_string(v) +
                                                           " was read as " + std::to_string(kept));
  };
  same(t.get("copies"), spec.copies, "copies", "copies");
  same(t.get("copies_per_colour"), spec.copies_per_colour, "copies", "copies_per_colour");
  if (const toml::array* at = t.get_as<toml::array>("at"); at && at->size() == 2) {
    same(at->get(0), spec.at_x, "at", "at[0]");
    same(at->get(1), spec.at_y, "at", "at[1]");
  }
  // parse_tile stores the regions kind by kind, in this order.
  size_t next = 0;
  for (const char* key : {"city", "road", "field", "mist", "castle", "cemetery", "monastery", "garden"}) {
    const toml::array* arr = t.get_as<toml::array>(key);
    if (!arr) continue;
    for (const auto& e : *arr) {
      const toml::table* r = e.as_table();
      if (!r || next >= spec.regions.size()) return;
      const RegionSpec& reg = spec.regions[next++];
      const std::string where = std::string(key) + "[" + std::to_string(next - 1) + "].";
      same(r->get("arms"), reg.arms, "arms", where + "arms");
      same(r->get("ghosts"), reg.ghosts, "ghosts", where + "ghosts");
      same(r->get("into"), reg.into, "into", where + "into");
      if (const toml::array* c = r->get_as<toml::array>("cities"))
        for (size_t i = 0; i < c->size() && i < reg.cities.size(); ++i)
          same(c->get(i), reg.cities[i], "cities", where + "cities[" + std::to_string(i) + "]");
    }
  }
}

void check_catalog_numbers(const std::string& text, const Catalog& cat) {
  toml::table root;
  try {
    root = toml::parse(text, std::string("fuzz.toml"));
  } catch (const toml::parse_error&) {
    fuzz::oracle_failed("catalog-reparse", "parse_catalog accepted text that toml++ rejects");
  }
  for (const auto& [key, list] : {std::pair{"tile", &cat.tiles}, std::pair{"start", &cat.start}, std::pair{"special", &cat.specials}}) {
    const toml::array* arr = root.get_as<toml::array>(key);
    if (!arr) continue;
    for (size_t i = 0; i < arr->size() && i < list->size(); ++i)
      if (const toml::table* t = arr->get(i)->as_table()) check_tile_numbers(*t, (*list)[i]);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (is_map_text(text)) {
    fuzz::documented([&] {
      const MapBoard map = parse_map(text, "fuzz.toml");
      (void)format_issues(map.path, validate_map(map));
      (void)render_map(map);
    });
    return 0;
  }
  Catalog cat;
  if (!fuzz::documented([&] { cat = parse_catalog(text, "fuzz.toml"); })) return 0;
  check_catalog_numbers(text, cat);
  const auto issues = validate(cat);
  (void)format_issues(cat, issues);
  for (const auto* list : {&cat.tiles, &cat.start, &cat.specials})
    for (const TileSpec& t : *list) (void)render_tile(t);
  if (!issues.empty()) return 0;  // the program refuses an invalid catalog before building rules

  bool played = false;
  for (const Level& level : fuzz::shipped_levels()) {
    GameParams params;
    params.players = 2;
    fuzz::documented([&] {
      const Rules rules = build_rules(cat, level, params);
      (void)rules.describe();
      fuzz::check_rules_keep_catalog(rules);
      if (!played) {  // one game per input keeps a run fast
        fuzz::play_one_game(rules, fuzz::hash_bytes(data, size));
        played = true;
      }
    });
  }
  return 0;
}
