// mists replay FILE: re-run a game record and check every step.
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "analysis/files.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/record.h"

namespace mists::cli {

namespace {

// A record holds the level's numbers but not its name: take the name from the shipped level file
// of that number, when there is one.
void name_level(Level& level) {
  try {
    level.name = load_level(analysis::resolve_input("configs/levels/level" + std::to_string(level.number) + ".toml")).name;
  } catch (const LoadError&) {
  }
}

}  // namespace

void add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Re-run a game record, check every step, print the final state");
  auto file = std::make_shared<std::string>();
  auto show = std::make_shared<bool>(false);
  auto catalog = std::make_shared<std::string>();
  auto svg = std::make_shared<std::string>();
  cmd->add_option("FILE", *file, "Game record (docs/records.md)")->required();
  cmd->add_flag("--show", *show, "Print every step, and the board after each turn");
  cmd->add_option("--catalog", *catalog, "Read the tiles from this file instead of the one the record names");
  cmd->add_option("--svg", *svg, "Draw the final board as an SVG picture into this file");
  cmd->callback([=] {
    const GameRecord rec = parse_record(read_file(*file), *file);
    const std::string cat_path = catalog->empty() ? rec.catalog_path : *catalog;
    Catalog cat = load_catalog(analysis::resolve_input(cat_path));
    cat.path = cat_path;
    if (cat.checksum != rec.catalog_checksum)
      throw RecordError(*file + ":" + std::to_string(rec.lines.count("catalog_checksum") ? rec.lines.at("catalog_checksum") : 0) +
                        ": catalog_checksum: the record was played with catalog " + rec.catalog_checksum + ", " +
                        cat_path + " is now " + cat.checksum);
    const auto issues = validate(cat);
    if (!issues.empty()) throw LoadError(format_issues(cat, issues));
    Level level = rec.level;
    name_level(level);
    Rules rules = build_rules(std::move(cat), level, rec.params);
    std::cout << "replaying " << *file << ": " << rules.describe() << ", seed " << rec.seed << " game " << rec.game
              << ", agent " << rec.agent << '\n';
    int last_turn = -1;
    const ReplayResult r = replay(rules, rec, *file, [&](const State& s, const std::string& step) {
      if (!*show) return;
      std::cout << "  " << step << '\n';
      if (s.turn != last_turn && (s.phase == Phase::Draw || s.phase == Phase::Over)) {
        last_turn = s.turn;
        std::cout << render_board(rules, s) << render_status(rules, s) << "\n\n";
      }
    });
    std::cout << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n';
    if (!svg->empty()) {
      std::ofstream f(*svg);
      f << render_svg(rules, r.final_state);
      if (!f) throw UsageError("cannot write " + *svg);
      std::cout << "board drawn: " << *svg << '\n';
    }
    std::cout << "ok: " << rec.steps.size() << " recorded steps, " << r.summary.forced
              << " forced decisions replayed; result " << rec.outcome << " " << rec.cause << " score " << rec.score
              << " turns " << rec.turns << " confirmed\n";
  });
}

}  // namespace mists::cli
