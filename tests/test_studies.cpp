// Studies that never mislead (issue 34, part 3): the progress line's rate for slow agents, what a
// resumed study says it kept, and a study stopped by SIGINT or SIGTERM.
#include <doctest/doctest.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "analysis/run/progress.h"
#include "analysis_helpers.h"

using namespace mists;
namespace ah = mists::test::ah;
namespace fs = std::filesystem;

namespace {

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// The chunk files (not traces, not records) of a study folder.
size_t chunk_count(const std::string& dir) {
  size_t n = 0;
  if (!fs::exists(dir + "/chunks")) return 0;
  for (const auto& e : fs::directory_iterator(dir + "/chunks"))
    n += e.path().extension() == ".csv" && !has(e.path().filename().string(), ".trace.");
  return n;
}

// Every file under `dir` whose name ends in .tmp.
std::vector<std::string> tmp_files(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".tmp") out.push_back(e.path().string());
  return out;
}

}  // namespace

TEST_CASE("progress: a rate below one game a second is shown a minute (or an hour), never as 0 games/s") {
  CHECK(analysis::rate_text(12.4) == "12 games/s");
  CHECK(analysis::rate_text(1.0) == "1 games/s");
  CHECK(analysis::rate_text(0.05) == "3.0 games/min");
  CHECK(analysis::rate_text(0.4) == "24.0 games/min");
  CHECK(analysis::rate_text(0.001) == "3.6 games/h");
  // The line itself: 10 games in 100 s of a slow agent.
  analysis::Progress progress;
  progress.tty = false;
  progress.plan("mcts", 10, 1);
  progress.start = std::chrono::steady_clock::now() - std::chrono::seconds(100);
  std::ostringstream captured;
  std::streambuf* old = std::cerr.rdbuf(captured.rdbuf());
  progress.played("mcts", 10, 100, "cell");
  std::cerr.rdbuf(old);
  CHECK_MESSAGE(has(captured.str(), "6.0 games/min"), captured.str());
  CHECK_MESSAGE(!has(captured.str(), "0 games/s"), captured.str());
}

TEST_CASE("resume: analyze and compare say how many games they kept and how many are left, before they play") {
  ah::TempDir dir("resume-count"), logs("resume-count-logs");
  for (const std::string command : {"analyze", "compare"}) {
    CAPTURE(command);
    const std::string out = dir.sub(command);
    // 2 agents x 10 games in chunks of 4: chunks of 4, 4 and 2 games each, 6 chunks.
    const auto first = ah::run_cli({command, "--levels", "1", "--players", "2", "--agents", "random,greedy", "--games", "10",
                                    "--chunk", "4", "--seed", "5", "--threads", "1", "--out", out, "-q"},
                                   logs);
    REQUIRE_MESSAGE(first.status == 0, first.err);
    REQUIRE(chunk_count(out) == 6);
    // Lose a chunk of 4 games and one of 2: 14 games in 4 chunks kept, 6 in 2 left.
    int removed = 0;
    for (const auto& e : fs::directory_iterator(out + "/chunks")) {
      const std::string name = e.path().filename().string();
      if (has(name, "greedy") && (has(name, "-0.csv") || has(name, "-2.csv"))) fs::remove(e.path()), ++removed;
    }
    REQUIRE(removed == 2);
    const auto again = ah::run_cli({command, "--resume", out, "--threads", "1"}, logs);
    REQUIRE_MESSAGE(again.status == 0, again.err);
    const size_t said = again.err.find("resume: kept 14 games (4 chunks) from earlier runs; 6 games (2 chunks) left to play");
    CHECK_MESSAGE(said != std::string::npos, again.err);
    const size_t progress = again.err.find(" games ");
    CHECK_MESSAGE(said < progress, again.err);  // said before the first progress line
    CHECK(chunk_count(out) == 6);
    // Nothing left: it says so too.
    const auto done = ah::run_cli({command, "--resume", out, "--threads", "1"}, logs);
    REQUIRE_MESSAGE(done.status == 0, done.err);
    CHECK_MESSAGE(has(done.err, "resume: kept 20 games (6 chunks) from earlier runs; 0 games (0 chunks) left to play"), done.err);
  }
}

TEST_CASE("a study stopped by SIGINT or SIGTERM keeps its chunks, names the --resume command and exits 130 or 143") {
  ah::TempDir dir("signal"), logs("signal-logs");
  for (const auto& [command, signal] : {std::pair<std::string, int>{"analyze", SIGINT}, std::pair<std::string, int>{"compare", SIGTERM}}) {
    CAPTURE(command);
    const std::string out = dir.sub(command);
    // Long enough that it never ends by itself before the signal: 400 search games in chunks of 2.
    const std::vector<std::string> args = {command, "--levels", "3", "--players", "2", "--agents", "mcts:playouts=60;greedy",
                                           "--games", "200", "--chunk", "2", "--seed", "7", "--threads", "2", "--out", out};
    const pid_t pid = ah::spawn_cli(args, logs.sub(command + ".out"), logs.sub(command + ".err"));
    const auto start = std::chrono::steady_clock::now();
    while (chunk_count(out) < 2 && std::chrono::steady_clock::now() - start < std::chrono::seconds(120))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, signal);
    const int status = ah::wait_status(pid);
    const std::string err = ah::slurp(logs.sub(command + ".err"));
    REQUIRE_MESSAGE(status == 128 + signal, err);
    const size_t kept = chunk_count(out);
    CHECK(kept >= 2);
    CHECK(kept < 200);
    const std::string said = std::string(signal == SIGINT ? "stopped by SIGINT: " : "stopped by SIGTERM: ") + std::to_string(kept) +
                             " chunks kept in " + out + "; continue with: mists " + command + " --resume " + out;
    CHECK_MESSAGE(has(err, said), err);
    CHECK(tmp_files(out).empty());
    CHECK(!fs::exists(out + "/games.csv"));  // the outputs wait for the whole study
    // The stopped run is in the provenance with its end, the chunks it played and the signal.
    const nlohmann::json run = nlohmann::json::parse(ah::slurp(out + "/study.json"))["provenance"]["runs"].back();
    CHECK(run["stopped"] == (signal == SIGINT ? "SIGINT" : "SIGTERM"));
    CHECK(run["chunks_played"] == kept);
    // The command it gave goes on from there: it says it kept every chunk, then plays on (stopped
    // again here, by SIGTERM: 400 games are too many for a test).
    const std::string resume_err = logs.sub(command + "-resume.err");
    const pid_t again = ah::spawn_cli({command, "--resume", out, "--threads", "1"}, logs.sub(command + "-resume.out"), resume_err);
    const auto began = std::chrono::steady_clock::now();
    while (!has(ah::slurp(resume_err), "left to play") && std::chrono::steady_clock::now() - began < std::chrono::seconds(60))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(again, SIGTERM);
    CHECK(ah::wait_status(again) == 128 + SIGTERM);
    const std::string again_err = ah::slurp(resume_err);
    CHECK_MESSAGE(has(again_err, "resume: kept " + std::to_string(2 * kept) + " games (" + std::to_string(kept) + " chunks)"), again_err);
    CHECK(tmp_files(out).empty());
  }
}

TEST_CASE("a tournament stopped by SIGINT keeps its chunks and names mists versus --resume") {
  ah::TempDir dir("signal-versus"), logs("signal-versus-logs");
  const std::string out = dir.sub("t");
  const pid_t pid = ah::spawn_cli({"versus", "--game", "gcc", "--players", "2", "--agents", "mcts:playouts=40,greedy", "--games", "400",
                                   "--chunk", "2", "--threads", "2", "--out", out},
                                  logs.sub("v.out"), logs.sub("v.err"));
  const auto start = std::chrono::steady_clock::now();
  while (chunk_count(out) < 1 && std::chrono::steady_clock::now() - start < std::chrono::seconds(120))
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ::kill(pid, SIGINT);
  const int status = ah::wait_status(pid);
  const std::string err = ah::slurp(logs.sub("v.err"));
  REQUIRE_MESSAGE(status == 128 + SIGINT, err);
  const size_t kept = chunk_count(out);
  CHECK(kept >= 1);
  CHECK_MESSAGE(has(err, "stopped by SIGINT: " + std::to_string(kept) + (kept == 1 ? " chunk" : " chunks") + " kept in " + out +
                             "; continue with: mists versus --resume " + out),
                err);
  CHECK(tmp_files(out).empty());
  CHECK(!fs::exists(out + "/report.md"));
  // The stopped run is in the provenance with its end, the games it played and the signal.
  const nlohmann::json run = nlohmann::json::parse(ah::slurp(out + "/tournament.json"))["provenance"]["runs"].back();
  CHECK(run["stopped"] == "SIGINT");
  CHECK(run.contains("ended"));
  CHECK(run["games_played"] == 2 * kept);
}

// The resumable plans run through one run log (analysis/run/run_log.h): training and the regret run
// stop on a signal as the study and the tournament do, their run's entry closed with what it played.
TEST_CASE("mists train and mists regret stopped by SIGTERM keep their sealed chunks and close their run's entry") {
  ah::TempDir dir("signal-plans"), logs("signal-plans-logs");
  auto files_in = [](const std::string& d, const std::string& ext) {
    size_t n = 0;
    if (fs::exists(d))
      for (const auto& e : fs::directory_iterator(d)) n += e.path().extension() == ext;
    return n;
  };
  struct Plan {
    std::vector<std::string> args;
    std::string folder, chunks, ext, file, runs, count_key, continue_with;
  };
  const std::string work = dir.sub("work"), regret = dir.sub("regret");
  const Plan plans[] = {
      {{"train", "--work", work, "--out", dir.sub("value.txt"), "--agent", "expert", "--levels", "3", "--players", "2", "--games", "4000",
        "--chunk", "4", "--threads", "1"},
       work, work + "/games", ".txt", work + "/train.json", "/runs", "games_played", "; continue with: mists train --work "},
      {{"regret", "--levels", "3", "--positions", "100000", "--source", "greedy", "--agents", "greedy;expert", "--chunk", "1",
        "--threads", "1", "--out", regret},
       regret, regret + "/chunks", ".csv", regret + "/regret.json", "/provenance/runs", "chunks_played",
       "; continue with: mists regret --resume " + regret},
  };
  for (const Plan& p : plans) {
    CAPTURE(p.args[0]);
    const std::string err_path = logs.sub(p.args[0] + ".err");
    const pid_t pid = ah::spawn_cli(p.args, logs.sub(p.args[0] + ".out"), err_path);
    const auto start = std::chrono::steady_clock::now();
    while (files_in(p.chunks, p.ext) < 2 && std::chrono::steady_clock::now() - start < std::chrono::seconds(120))
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, SIGTERM);
    const int status = ah::wait_status(pid);
    const std::string err = ah::slurp(err_path);
    REQUIRE_MESSAGE(status == 128 + SIGTERM, err);
    const size_t kept = files_in(p.chunks, p.ext);
    CHECK(kept >= 2);
    CHECK_MESSAGE(has(err, "stopped by SIGTERM: " + std::to_string(kept) + " chunks kept in " + p.folder + p.continue_with), err);
    CHECK(tmp_files(p.folder).empty());
    const nlohmann::json doc = nlohmann::json::parse(ah::slurp(p.file));
    const nlohmann::json run = doc.at(nlohmann::json::json_pointer(p.runs)).back();
    CHECK(run["stopped"] == "SIGTERM");
    CHECK(run.contains("ended"));
    CHECK(run["threads"] == 1);
    CHECK(run[p.count_key].get<long long>() == (p.args[0] == "train" ? 4 * (long long)kept : (long long)kept));
  }
}
