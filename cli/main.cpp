// mists: simulator, solver and difficulty analyzer for Mists over Carcassonne.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/lock.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "engine/coop/record.h"

int main(int argc, char** argv) {
  CLI::App app{"mists — simulator, solver and difficulty analyzer for Mists over Carcassonne"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("mists ") + mists::analysis::revision());
  app.footer("Start with: mists analyze (the default study), mists CMD --help for each command; docs/ in the repository.");
  mists::cli::set_command_line(argc, argv);
  // A switch takes no value: --records=2 is refused, not read as on (every command inherits this).
  app.option_defaults()->disable_flag_override();
  mists::cli::add_analyze(app);
  mists::cli::add_compare(app);
  mists::cli::add_balance(app);
  mists::cli::add_ladder(app);
  mists::cli::add_sensitivity(app);
  mists::cli::add_agents(app);
  mists::cli::add_solve(app);
  mists::cli::add_tiles(app);
  mists::cli::add_play(app);
  mists::cli::add_replay(app);
  mists::cli::add_review(app);
  mists::cli::add_versus(app);
  mists::cli::add_bench(app);
  mists::cli::add_train(app);
  mists::cli::add_regret(app);
  mists::cli::add_serve(app);
  auto error = [](const char* what) {
    std::cerr << "mists: error: " << what << '\n';
    return mists::cli::USAGE_EXIT;
  };
  // CLI11's own errors (a bad or missing value, an unknown flag) read like the others.
  app.failure_message(mists::cli::usage_failure);
  try {
    std::vector<std::string> args(argv, argv + argc);
    mists::cli::refuse_switch_values(app, args);
    std::vector<char*> view;
    for (std::string& a : args) view.push_back(a.data());
    app.parse(int(view.size()), view.data());
  } catch (const CLI::ParseError& e) {
    // --help, --version and a command's own status (tiles validate) pass through; CLI11's usage
    // errors (its codes 100 and up) exit USAGE_EXIT like every other usage error.
    const int status = app.exit(e);
    return status >= int(CLI::ExitCodes::IncorrectConstruction) ? mists::cli::USAGE_EXIT : status;
  } catch (const mists::cli::ExitCode& e) {
    return e.status;
  } catch (const mists::LoadError& e) {
    return error(e.what());
  } catch (const mists::ConfigError& e) {
    return error(e.what());
  } catch (const mists::RecordError& e) {
    return error(e.what());
  } catch (const mists::NumberError& e) {
    return error(e.what());
  } catch (const mists::analysis::Interrupted& e) {
    // SIGINT or SIGTERM stopped a study: what is kept, how to go on, and 128 + the signal.
    std::cerr << e.what() << '\n';
    return e.status;
  } catch (const mists::analysis::FolderBusy& e) {
    // Another run holds the folder: not a usage error; the same command may work once that run ends.
    std::cerr << "mists: error: " << e.what() << '\n';
    return 1;
  } catch (const mists::analysis::AnalysisError& e) {
    return error(e.what());
  } catch (const mists::cli::UsageError& e) {
    return error(e.what());
  } catch (const std::exception& e) {
    // Anything the checks above missed: still an error message and a non-zero exit, never an abort.
    std::cerr << "mists: error: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
