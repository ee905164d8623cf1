// What every run split across machines shares (a study, `mists analyze --shard K/N`, and a
// tournament, `mists versus --shard K/N`): which chunks a shard plays, and how `mists merge` finds
// each chunk among the shards' folders. A run's units are its chunks counted over the whole run in
// its own order; shard K of N plays those whose index is K-1 modulo N.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace mists::analysis {

struct Shard {
  int k = 1, n = 1;  // this run is shard k of n (1 <= k <= n)
  bool plays(long long chunk_index) const { return chunk_index % n == k - 1; }
  std::string text() const { return std::to_string(k) + "/" + std::to_string(n); }
};

// "K/N" with 1 <= K <= N <= 1000000; NumberError saying what is wrong.
Shard parse_shard_text(const std::string& text);

// The folders of a merge: refuses an empty list and `out` being one of `dirs`.
void check_merge_folders(const std::vector<std::string>& dirs, const std::string& out);

// The shards given against their count: `seen` holds the shard of each folder, `where` each
// folder's file; every k of 1..n once, one n for all. AnalysisError naming the file otherwise.
void check_shard_set(const std::vector<Shard>& seen, const std::vector<std::string>& where);

// Chunk file `rel` (a path inside a shard's folder) found among the shards `dirs`: `check` is called
// on each copy, in the order of `dirs`, and the first copy is the one found (its path and bytes;
// several copies must hold the same bytes). AnalysisError naming `label` when two shards hold
// different bytes or none holds it.
struct FoundChunk {
  std::string path, text;
};
FoundChunk find_chunk(const std::vector<std::string>& dirs, const std::string& rel, const std::string& label,
                      const std::function<void(const std::string&)>& check);

}  // namespace mists::analysis
