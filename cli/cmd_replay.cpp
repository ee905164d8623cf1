// mists replay FILE: re-run a game record and check every step; --svg draws the final board,
// --html writes a page that steps through the game. The record's kind does it (cli/games.h).
#include "analysis/run/files.h"
#include "cli/commands.h"
#include "cli/games.h"
#include "engine/config/load.h"

namespace mists::cli {

void add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Re-run a game record, check every step, print the final state");
  auto f = std::make_shared<ReplayFlags>();
  cmd->add_option("FILE", f->file, "Game record (docs/records.md), co-op or competitive (docs/versus.md)")->required();
  cmd->add_flag("--show", f->show, "Print every step, and the board after each turn");
  cmd->add_option("--catalog", f->catalog, "Read the tiles from this file instead of the one the record names");
  cmd->add_option("--svg", f->svg, "Draw the final board as an SVG picture into this file");
  cmd->add_option("--html", f->html, "Write one self-contained page that steps through the game turn by turn (mists review --html adds the review)");
  cmd->callback([f] {
    const std::string text = read_file(f->file);
    record_game(text).replay(*f, text);  // the record's game replays it (cli/games.h)
  });
}

}  // namespace mists::cli
