#include "analysis/run/run_log.h"

#include <csignal>
#include <stdexcept>

#include "analysis/run/files.h"

namespace mists::analysis {

using nlohmann::json;

void end_run(json& entry, const std::string& count_key, long long count, int signal) {
  entry["ended"] = utc_stamp();
  entry[count_key] = count;
  if (signal != 0) entry["stopped"] = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal " + std::to_string(signal);
}

RunLog::RunLog(const std::string& dir, const std::string& file, const std::string& command, const FolderLock* held,
               const std::string& runs_at)
    : dir_(dir), path_(dir + "/" + file), command_(command), runs_at_(runs_at) {
  if (!held || held->dir() != dir) lock_.emplace(dir, command);
}

void RunLog::open(json& doc, int threads) {
  doc_ = &doc;
  json& runs = doc[runs_at_];
  if (runs.is_null()) runs = json::array();
  json e = {{"revision", revision()}, {"started", utc_stamp()}};
  if (threads > 0) e["threads"] = threads;
  if (!command_.empty()) e["command"] = command_;
  runs.push_back(std::move(e));
  save();
}

json& RunLog::entry() {
  if (!doc_) throw std::logic_error("RunLog: the run is not open");
  return (*doc_)[runs_at_].back();
}

void RunLog::save() const {
  if (!doc_) throw std::logic_error("RunLog: the run is not open");
  write_atomic(path_, doc_->dump(2) + "\n");
}

void RunLog::stop(int signal, const std::string& count_key, long long count, long long kept, const std::string& continue_with,
                  const char* unit) {
  end_run(entry(), count_key, count, signal);
  save();
  throw interrupted(signal, kept, dir_, continue_with, unit);
}

void RunLog::close(const std::string& count_key, long long count) {
  end_run(entry(), count_key, count, 0);
  save();
}

}  // namespace mists::analysis
