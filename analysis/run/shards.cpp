#include "analysis/run/shards.h"

#include <filesystem>
#include <set>

#include "analysis/run/error.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"

namespace mists::analysis {

namespace fs = std::filesystem;

Shard parse_shard_text(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) throw NumberError("not K/N");
  Shard s;
  s.n = int(parse_integer(std::string_view(text).substr(slash + 1), 1, 1000000));
  s.k = int(parse_integer(std::string_view(text).substr(0, slash), 1, s.n));
  return s;
}

void check_merge_folders(const std::vector<std::string>& dirs, const std::string& out) {
  if (dirs.empty()) throw AnalysisError("merge: no folders given");
  std::error_code ec;
  for (const auto& d : dirs)
    if (fs::exists(out) && fs::equivalent(out, d, ec))
      throw AnalysisError("merge: --out " + out + " is one of the shards it reads: choose another folder");
}

void check_shard_set(const std::vector<Shard>& seen, const std::vector<std::string>& where) {
  std::set<int> ks;
  for (size_t i = 0; i < seen.size(); ++i) {
    if (seen[i].n != seen.front().n) throw AnalysisError(where[i] + ": the shard count differs from " + where.front());
    if (!ks.insert(seen[i].k).second) throw AnalysisError(where[i] + ": shard " + std::to_string(seen[i].k) + " given twice");
  }
  if (int(ks.size()) != seen.front().n)
    throw AnalysisError("merge: " + std::to_string(ks.size()) + " of " + std::to_string(seen.front().n) + " shards given");
}

FoundChunk find_chunk(const std::vector<std::string>& dirs, const std::string& rel, const std::string& label,
                      const std::function<void(const std::string&)>& check) {
  FoundChunk found;
  for (const auto& d : dirs) {
    const std::string p = d + "/" + rel;
    if (!fs::exists(p)) continue;
    check(p);
    std::string here = read_file(p);
    if (found.path.empty()) found = {p, std::move(here)};
    else if (here != found.text) throw AnalysisError("merge: chunk " + label + " differs between " + found.path + " and " + p);
  }
  if (found.path.empty()) throw AnalysisError("merge: chunk " + label + " is in no shard: finish the shards first");
  return found;
}

}  // namespace mists::analysis
