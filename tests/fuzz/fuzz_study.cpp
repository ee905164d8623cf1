// libFuzzer harness: the files of a study folder (analysis/). Two kinds of input, told apart by
// their start:
//   - a chunk file (it starts with "# mists chunk:", the seal line): analysis::read_chunk() with a
//     fixed key (study "fuzz", cell L1-P2-G15-expert, chunk 0, games 0+10), as --resume and merge
//     read chunks. The rows are checked before the seal, so mutated rows reach every row check.
//   - anything else is a study.json: read_study_json() (which checks the config with
//     StudyConfig::from_json), from_json again for the oracles (fuzz_study_common.h), then, for a
//     small study (at most 8 chunks, up to 100 games each), merge_studies() of a folder holding it
//     and sealed chunks of made-up games for every cell: merge checks the provenance against
//     configs/ (the seeds carry the real checksums), reads every chunk and writes every output
//     (the plots skipped).
// Accepted: AnalysisError and the engine's documented errors (fuzz_common.h).
#include <filesystem>
#include <string>
#include <vector>

#include "analysis/study/chunks.h"
#include "analysis/study/provenance.h"
#include "analysis/study/study.h"
#include "fuzz_study_common.h"

using namespace mists;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The key of chunk-mode inputs; tests/fuzz/corpus/fuzz_study/chunk-*.csv are sealed with it.
analysis::ChunkKey chunk_mode_key() {
  analysis::ChunkKey k;
  k.study_hash = "fuzz";
  k.cell = "L1-P2-G15-expert";
  k.index = 0;
  k.first = 0;
  k.count = 10;
  return k;
}

std::vector<analysis::GameRow> made_up_rows(int first, int count) {
  std::vector<analysis::GameRow> rows(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    analysis::GameRow& r = rows[size_t(i)];
    r.game = first + i;
    r.s.outcome = i % 3 ? Outcome::Lost : Outcome::Won;
    r.s.cause = i % 3 ? LossCause::GhostSupply : LossCause::None;
    r.s.score = 10 * i;
    r.s.turns = 20 + i;
    r.s.decisions = 40 + i;
    r.s.ghosts_on_board = i % 16;
  }
  return rows;
}

// Writes sealed chunks of made-up games for every cell of `cfg` into dir/chunks; false when the
// study is too big to be worth it.
bool write_chunks(const analysis::StudyConfig& cfg, const fs::path& dir) {
  long long chunks = 0;
  for (const auto& c : cfg.cells) chunks += cfg.chunks_of(c);
  if (chunks > 8 || cfg.chunk > 100 || cfg.trace) return false;
  std::error_code ec;
  fs::remove_all(dir / "chunks", ec);
  fs::create_directories(dir / "chunks");
  const std::string hash = cfg.games_hash();
  for (const auto& c : cfg.cells)
    for (int k = 0; k < cfg.chunks_of(c); ++k) {
      analysis::ChunkKey key;
      key.study_hash = hash;
      key.cell = c.id();
      key.index = k;
      key.first = k * cfg.chunk;
      key.count = std::min(cfg.chunk, c.games - key.first);
      fuzz::write_file(dir / "chunks" / (c.id() + "-" + std::to_string(k) + ".csv"),
                       analysis::chunk_text(key, made_up_rows(key.first, key.count)));
    }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fs::path& dir = fuzz::scratch();
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (text.rfind("# mists chunk:", 0) == 0) {
    const std::string path = (dir / "chunk.csv").string();
    fuzz::write_file(path, text);
    fuzz::documented_study([&] { (void)analysis::read_chunk(path, chunk_mode_key()); });
    return 0;
  }
  const fs::path study = dir / "study";
  fs::create_directories(study);
  const std::string path = (study / "study.json").string();
  fuzz::write_file(path, text);
  json j;
  if (!fuzz::documented_study([&] { j = analysis::read_study_json(path); })) return 0;
  analysis::StudyConfig cfg;
  if (!fuzz::documented_study([&] {
        cfg = analysis::StudyConfig::from_json(j.at("config"), path);
        fuzz::check_config(j.at("config"), cfg);
        (void)analysis::played_by(j.at("provenance"));
      }))
    return 0;
  if (!write_chunks(cfg, study)) return 0;
  std::error_code ec;
  fs::remove_all(dir / "out", ec);
  fuzz::documented_study([&] { analysis::merge_studies({study.string()}, (dir / "out").string(), analysis::quiet_run()); });
  return 0;
}
