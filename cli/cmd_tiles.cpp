// mists tiles validate FILE... | mists tiles show [ID...]
#include <iostream>

#include "cli/commands.h"
#include "analysis/files.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/text.h"

namespace mists::cli {

void add_tiles(CLI::App& app) {
  auto* tiles = app.add_subcommand("tiles", "Check and draw tile catalogs");
  tiles->require_subcommand(1);

  auto* val = tiles->add_subcommand("validate", "Check catalogs: every slot covered once, edges agree with regions, "
                                                "and for the Mists set the published ids, copies and ghost symbols");
  auto files = std::make_shared<std::vector<std::string>>();
  val->add_option("FILE", *files, "Catalog files")->required();
  val->callback([files] {
    int bad = 0;
    for (const auto& f : *files) {
      Catalog cat = load_catalog(analysis::resolve_input(f));
      cat.path = f;
      const auto issues = validate(cat);
      if (issues.empty()) {
        std::cout << f << ": ok: set " << cat.set << " (" << cat.status << "), " << cat.tiles.size() << " designs, "
                  << cat.tile_count() << " tiles, " << cat.start.size() << " start cell(s), checksum " << cat.checksum
                  << '\n';
      } else {
        std::cerr << format_issues(cat, issues);
        std::cerr << f << ": " << issues.size() << " problem(s)\n";
        ++bad;
      }
    }
    if (bad) throw CLI::RuntimeError(1);
  });

  auto* show = tiles->add_subcommand("show", "Draw tiles as text, to compare them with the real ones");
  auto ids = std::make_shared<std::vector<std::string>>();
  auto catalog = std::make_shared<std::string>("configs/tiles/mists-reconstructed.toml");
  show->add_option("ID", *ids, "Tile ids (default: all, start cells first)");
  show->add_option("--catalog", *catalog, "Tile catalog")->capture_default_str();
  show->callback([ids, catalog] {
    Catalog cat = load_catalog(analysis::resolve_input(*catalog));
    std::cout << "# " << *catalog << "  set " << cat.set << " (" << cat.status << ")  checksum " << cat.checksum << "\n";
    std::cout << "# Slots run clockwise: N1 N2 N3 along the top, E1 E2 E3 down the right side,\n"
                 "# S3 S2 S1 along the bottom (left to right), W3 W2 W1 down the left side.\n"
                 "# C city, R road, r road under mist, F field, f field under mist; centre K castle, + cemetery.\n\n";
    if (ids->empty()) {
      for (const auto& t : cat.start) std::cout << render_tile(t) << '\n';
      for (const auto& t : cat.tiles) std::cout << render_tile(t) << '\n';
      return;
    }
    for (const auto& id : *ids) {
      const TileSpec* t = cat.find(id);
      if (!t) throw UsageError("no tile '" + id + "' in " + *catalog);
      std::cout << render_tile(*t) << '\n';
    }
  });
}

}  // namespace mists::cli
