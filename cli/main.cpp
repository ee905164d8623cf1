// mists: simulator, solver and difficulty analyzer for Mists over Carcassonne.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "cli/commands.h"
#include "cli/common.h"
#include "engine/config/load.h"
#include "engine/record.h"

int main(int argc, char** argv) {
  CLI::App app{"mists — simulator, solver and difficulty analyzer for Mists over Carcassonne"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("mists ") + mists::cli::revision());
  mists::cli::add_analyze(app);
  mists::cli::add_compare(app);
  mists::cli::add_balance(app);
  mists::cli::add_tiles(app);
  mists::cli::add_play(app);
  mists::cli::add_replay(app);
  mists::cli::add_bench(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const mists::LoadError& e) {
    std::cerr << "mists: error: " << e.what() << '\n';
    return 2;
  } catch (const mists::ConfigError& e) {
    std::cerr << "mists: error: " << e.what() << '\n';
    return 2;
  } catch (const mists::RecordError& e) {
    std::cerr << "mists: error: " << e.what() << '\n';
    return 2;
  } catch (const mists::cli::UsageError& e) {
    std::cerr << "mists: error: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    // Anything the checks above missed: still an error message and a non-zero exit, never an abort.
    std::cerr << "mists: error: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
