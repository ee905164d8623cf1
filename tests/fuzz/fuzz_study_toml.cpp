// libFuzzer harness: study files in TOML (mists analyze --config FILE; analysis::study_from_toml,
// docs/analysis.md), then the config oracles of fuzz_study_common.h: the shard is in range, every
// cell's chunk count is computable, and to_json() reads back through StudyConfig::from_json to
// the same games.
// Accepted: AnalysisError and the engine's documented errors (fuzz_common.h).
#include <string>

#include "fuzz_study_common.h"

using namespace mists;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = (fuzz::scratch() / "study.toml").string();
  fuzz::write_file(path, std::string(reinterpret_cast<const char*>(data), size));
  analysis::StudyConfig cfg;
  if (!fuzz::documented_study([&] { cfg = analysis::study_from_toml(path); })) return 0;
  fuzz::check_config_values(cfg);
  return 0;
}
