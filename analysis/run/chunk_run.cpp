#include "analysis/run/chunk_run.h"

#include <sstream>

namespace mists::analysis {

std::string resume_text(const ResumeCount& n, bool at_most) {
  std::ostringstream os;
  os << "resume: kept " << n.kept_games << (n.kept_games == 1 ? " game" : " games") << " (" << n.kept_chunks
     << (n.kept_chunks == 1 ? " chunk" : " chunks") << ") from earlier runs; " << (at_most && n.left_games > 0 ? "at most " : "")
     << n.left_games << (n.left_games == 1 ? " game" : " games") << " (" << n.left_chunks << (n.left_chunks == 1 ? " chunk" : " chunks")
     << ") left to play";
  return os.str();
}

void add_shard_runs(nlohmann::json& runs, const nlohmann::json& shard_runs, int shard) {
  for (nlohmann::json r : shard_runs) {
    r["shard"] = shard;
    runs.push_back(std::move(r));
  }
}

}  // namespace mists::analysis
