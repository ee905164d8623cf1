// The loop of a run played in sealed chunks, written once for the plans that play one (a study's
// cells, a tournament's pairs): the chunks in the run's order, the shard's share of them, a chunk on
// disk read back (resume) and a missing one played and sealed, the stop on a signal with the chunks
// kept, the progress line, the line a resumed run prints first, and a group's early stop when its
// figure is precise enough; and the merge of a run's shards (merge_chunks). What a game is, how a
// chunk is written and read back, what stops a group and the report stay the plan's own.
//
// A plan `P` gives:
//   int groups() const, int games(int g) const, int chunk() const   the run's shape: group g (a cell,
//                            a pair) holds games(g) games in chunks of chunk() games (the last shorter)
//   std::string label(int g) const, double weight(int g) const     its key in the progress line
//                            (groups that share a key are timed together) and prior cost of a game
//   std::string what(int g) const                                   the progress line's tail
//   bool on_disk(const ChunkAt&) const                              the chunk is sealed in the folder
//   void read(const ChunkAt&)                                       reads it back, keeping its games
//   void play(const ChunkAt&)                                       plays it; a game that starts after
//                            log.signal() is set returns at once, so the chunk is not whole
//   void seal(const ChunkAt&)                                       writes the chunk just played, keeping its games
//   bool enough(const ChunkAt&) const                               the group may stop after this chunk
//   void group_done(int g)                                          every chunk of group g is behind
//   const char* count_key; bool count_games; std::string resume_call   what the run's provenance entry
//                            counts ("chunks_played", or with count_games "games_played") and the
//                            call that finishes a stopped run
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "analysis/run/files.h"
#include "analysis/run/progress.h"
#include "analysis/run/run_log.h"
#include "analysis/run/shards.h"

namespace mists::analysis {

// Chunk k of group `group`, holding the group's games first .. first + count - 1; `index` counts
// the chunks over the whole run, group by group (a shard plays the indices analysis/run/shards.h
// gives it).
struct ChunkAt {
  int group = 0, k = 0, first = 0, count = 0;
  long long index = 0;
};

// Calls f(at) for every chunk of `plan`, in the run's order.
template <class Plan, class F>
void each_chunk(const Plan& plan, F f) {
  long long index = 0;
  const int size = plan.chunk();
  for (int g = 0; g < plan.groups(); ++g)
    for (int k = 0, first = 0; first < plan.games(g); ++k, first += size, ++index)
      f(ChunkAt{g, k, first, std::min(size, plan.games(g) - first), index});
}

// What a resumed run finds in its folder (this shard's chunks only): the chunks and games kept from
// earlier runs and those still to play.
struct ResumeCount {
  long long kept_chunks = 0, kept_games = 0;  // sealed on disk, read and not replayed
  long long left_chunks = 0, left_games = 0;  // still to play (fewer with a precision stop, if a group stops early)
};
template <class Plan>
ResumeCount count_resumed(const Plan& plan, Shard shard) {
  ResumeCount n;
  each_chunk(plan, [&](const ChunkAt& at) {
    if (!shard.plays(at.index)) return;
    if (plan.on_disk(at)) n.kept_chunks += 1, n.kept_games += at.count;
    else n.left_chunks += 1, n.left_games += at.count;
  });
  return n;
}
// The line a resumed run prints before it plays ("resume: kept 40 games (2 chunks) from earlier
// runs; 60 games (3 chunks) left to play"); `at_most` when a precision stop may end groups early.
std::string resume_text(const ResumeCount& n, bool at_most);

// Plays the chunks of `plan` that `shard` holds, in order, with `progress` planned and shown, then
// closes this run's entry in `log` with what it played (plan.count_key). A signal stops the run
// once the games under way are done: the chunk they belong to is not sealed, and log.stop throws
// Interrupted with the chunks kept.
template <class Plan>
void play_chunks(Plan& plan, Shard shard, RunLog& log, Progress& progress) {
  each_chunk(plan, [&](const ChunkAt& at) {
    if (shard.plays(at.index)) progress.plan(plan.label(at.group), at.count, plan.weight(at.group));
  });
  long long chunks_played = 0, games_played = 0, kept = 0;
  auto count = [&] { return plan.count_games ? games_played : chunks_played; };
  std::vector<bool> stopped(size_t(plan.groups()), false);  // by the group's precision stop
  each_chunk(plan, [&](const ChunkAt& at) {
    const std::string label = plan.label(at.group);
    if (shard.plays(at.index) && !stopped[size_t(at.group)]) {
      if (plan.on_disk(at)) {
        plan.read(at);
        progress.read(label, at.count);
      } else {
        const auto began = std::chrono::steady_clock::now();
        if (log.signal() == 0) plan.play(at);
        if (const int signal = log.signal(); signal != 0) {  // this chunk is not whole: keep what is sealed
          progress.finish();
          log.stop(signal, plan.count_key, count(), kept, plan.resume_call);
        }
        plan.seal(at);
        chunks_played += 1, games_played += at.count;
        progress.played(label, at.count, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(),
                        plan.what(at.group));
      }
      ++kept;
      if (plan.enough(at)) {
        progress.skip(label, plan.games(at.group) - at.first - at.count);  // the rest of the group is not needed
        stopped[size_t(at.group)] = true;
      }
    }
    if (at.first + at.count >= plan.games(at.group)) plan.group_done(at.group);
  });
  progress.finish();
  log.close(plan.count_key, count());
}

// Appends the runs of a shard's provenance (`shard_runs`) to `runs`, each marked "shard": `shard`:
// what the provenance of a merged run lists.
void add_shard_runs(nlohmann::json& runs, const nlohmann::json& shard_runs, int shard);

// The chunks of the shards `dirs` of one run made the chunks of the folder `out`, for `mists merge`
// (the caller has checked that they are the shards of one run, each once: analysis/run/shards.h).
// Every chunk of `plan`, in the run's order, is found among the shards (in one at least, the same
// bytes in each that holds it), every copy read back and checked by plan.read_copy(at, path, first)
// (`first`: the copy found, whose games the plan keeps), what the plan keeps beside it copied by
// plan.copy_beside(at, from, out) (`from`: the folder of the shard it came from, with its '/'), then
// the chunk itself.
// The plan gives groups(), games(g) and chunk() as for a run, and name(at): the chunk's path in a
// folder, and chunk_label(at): how a message names it.
template <class Plan>
void merge_chunks(Plan& plan, const std::vector<std::string>& dirs, const std::string& out) {
  each_chunk(plan, [&](const ChunkAt& at) {
    const std::string rel = plan.name(at);
    bool first = true;
    const FoundChunk found = find_chunk(dirs, rel, plan.chunk_label(at), [&](const std::string& path) {
      plan.read_copy(at, path, first);
      first = false;
    });
    plan.copy_beside(at, found.path.substr(0, found.path.size() - rel.size()), out);
    write_atomic(out + "/" + rel, found.text);
  });
}

}  // namespace mists::analysis
