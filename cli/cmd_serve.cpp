// mists serve: the player's table in the browser.
#include "cli/commands.h"
#include "cli/options.h"
#include "serve/server.h"

namespace mists::cli {

void add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "serve",
      "A local web server for the player's table (docs/serve.md): open the address it prints in a browser to play a\n"
      "co-op level, or a base or GCC game with each seat at the table or a competitive agent, dealt from a seed, or to\n"
      "enter a game played at a real table draw by draw; the page offers only legal steps (click a cell, turn the tile,\n"
      "place it), undo, advice (co-op: the strongest fair agent with the learned value's win chance of each option;\n"
      "competitive: mcts, each option's share of 16 games won), the review of the game so far (finished or not) and its\n"
      "record (mists replay accepts it). Listens on 127.0.0.1 unless --host says otherwise; stops on Ctrl-C.");
  cmd->footer("Examples:\n  mists serve                      # then open http://127.0.0.1:8080/\n  mists serve --port 0 -q          # any free port, printed; no request log");
  auto how = std::make_shared<serve::ServeOptions>();
  cmd->add_option("--host", how->host, "Address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  add_number(*cmd, "--port", how->port, 0, 65535, "Port (0: any free one, printed)")->capture_default_str();
  add_number(*cmd, "--max-games", how->max_tables, 1, 10000, "Games held at once; a new one beyond drops the oldest")->capture_default_str();
  cmd->add_flag("--quiet,-q", how->quiet, "No request log");
  cmd->callback([how] {
    if (const int status = serve::run_server(*how); status != 0) throw ExitCode{status};
  });
}

}  // namespace mists::cli
