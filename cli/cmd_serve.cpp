// mists serve: the player's table in the browser.
#include "cli/commands.h"
#include "cli/options.h"
#include "serve/server.h"

namespace mists::cli {

void add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "serve",
      "A local web server for the player's table (docs/serve.md): open the address it prints in a browser to play a\n"
      "co-op level dealt from a study's seed, or to enter a game played at a real table draw by draw; the page offers only\n"
      "legal steps (click a cell, turn the tile, place it), undo, the strongest fair agent's advice with the learned value's\n"
      "win chance of each option, the review of the game so far (finished or not) and its record (mists replay accepts\n"
      "it). Listens on 127.0.0.1 unless --host says otherwise; stops on Ctrl-C.");
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
