// mists tiles validate FILE... | mists tiles show [ID...] [--catalog FILE | --map FILE]
#include <iostream>

#include "cli/commands.h"
#include "analysis/run/files.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/coop/text.h"

namespace mists::cli {

namespace {

// Checks one map file; prints its summary or its problems. False when it has problems.
bool validate_map_file(const std::string& shown, const std::string& path) {
  MapBoard map = load_map(path);
  map.path = shown;
  const auto issues = validate_map(map);
  if (!issues.empty()) {
    std::cerr << format_issues(shown, issues) << shown << ": " << issues.size() << " problem(s)\n";
    return false;
  }
  std::cout << shown << ": ok: map " << map.name << " (" << map.status << "), " << map.width << " x " << map.height
            << " squares, " << map.tile_squares() << " take tiles, " << map.starts.size() << " start squares, "
            << map.towns.size() << " towns, " << map.cities.size() << " large cities, " << map.borders.size()
            << " border features, checksum " << map.checksum << '\n';
  return true;
}

bool validate_catalog_file(const std::string& shown, const std::string& path) {
  Catalog cat = load_catalog(path);
  cat.path = shown;
  const auto issues = validate(cat);
  if (!issues.empty()) {
    std::cerr << format_issues(cat, issues) << shown << ": " << issues.size() << " problem(s)\n";
    return false;
  }
  int junctions = 0, sights = 0;
  for (const auto& t : cat.tiles) {
    junctions += t.copies * int(tile_junctions(t).size());
    for (const auto& r : t.regions) sights += t.copies * int(r.sights.size());
  }
  std::cout << shown << ": ok: set " << cat.set << " (" << cat.status << "), " << cat.tiles.size() << " designs, "
            << cat.tile_count() << " tiles, " << cat.start.size() << " start cell(s)";
  if (cat.start.empty()) std::cout << " (an expansion: played with a base catalog's start tile)";
  if (!cat.specials.empty()) std::cout << ", " << cat.specials.size() << " special tile(s)";
  if (junctions) std::cout << ", " << junctions << " junction(s)";
  if (sights) std::cout << ", " << sights << " sight(s)";
  std::cout << ", checksum " << cat.checksum << '\n';
  return true;
}

}  // namespace

void add_tiles(CLI::App& app) {
  auto* tiles = app.add_subcommand("tiles", "Check and draw tile catalogs and map boards");
  tiles->require_subcommand(1);

  auto* val = tiles->add_subcommand(
      "validate",
      "Check tile catalogs and map files (a file with a top-level `map` key is a map): every slot covered once, "
      "edges agree with regions, junctions, sights and special tiles well formed, for the Mists set the published "
      "ids, copies and ghost symbols; for a map its rows, cities, starts, towns, borders and connectedness");
  auto files = std::make_shared<std::vector<std::string>>();
  val->add_option("FILE", *files, "Catalog or map files")->required();
  val->callback([files] {
    int bad = 0;
    for (const auto& f : *files) {
      const std::string path = analysis::resolve_input(f);
      const bool ok = is_map_text(read_file(path)) ? validate_map_file(f, path) : validate_catalog_file(f, path);
      bad += !ok;
    }
    if (bad) throw CLI::RuntimeError(1);
  });

  auto* show = tiles->add_subcommand("show", "Draw tiles (or a map board) as text, to compare them with the real ones");
  auto ids = std::make_shared<std::vector<std::string>>();
  auto catalog = std::make_shared<std::string>("configs/tiles/mists-reconstructed.toml");
  auto map = std::make_shared<std::string>();
  show->add_option("ID", *ids, "Tile ids (default: all, start cells first, special tiles last)");
  show->add_option("--catalog", *catalog, "Tile catalog")->capture_default_str();
  show->add_option("--map", *map, "Draw this map file instead (docs/tiles.md, \"Map boards\")");
  show->callback([ids, catalog, map] {
    if (!map->empty()) {
      if (!ids->empty()) throw UsageError("--map draws the whole map: drop the tile ids");
      MapBoard m = load_map(analysis::resolve_input(*map));
      std::cout << "# " << *map << "  checksum " << m.checksum << "\n" << render_map(m);
      return;
    }
    Catalog cat = load_catalog(analysis::resolve_input(*catalog));
    std::cout << "# " << *catalog << "  set " << cat.set << " (" << cat.status << ")  checksum " << cat.checksum << "\n";
    std::cout << "# Slots run clockwise: N1 N2 N3 along the top, E1 E2 E3 down the right side,\n"
                 "# S3 S2 S1 along the bottom (left to right), W3 W2 W1 down the left side.\n"
                 "# C city, R road, r road under mist, F field, f field under mist, * any (a special tile);\n"
                 "# centre K castle, + cemetery, M monastery, G garden, J a junction of roads (a village).\n\n";
    if (ids->empty()) {
      for (const auto& t : cat.start) std::cout << render_tile(t) << '\n';
      for (const auto& t : cat.tiles) std::cout << render_tile(t) << '\n';
      for (const auto& t : cat.specials) std::cout << render_tile(t) << '\n';
      return;
    }
    for (const auto& id : *ids) {
      const TileSpec* t = cat.find(id);
      for (const auto& sp : cat.specials)
        if (!t && sp.id == id) t = &sp;
      if (!t) throw UsageError("no tile '" + id + "' in " + *catalog);
      std::cout << render_tile(*t) << '\n';
    }
  });
}

}  // namespace mists::cli
