// libFuzzer harness: game records (engine/coop/record.h). parse_record(), then build_rules() with the
// shipped catalog (configs/tiles/mists-reconstructed.toml; the record's catalog line and checksum
// are not checked, so the fuzzer reaches replay without matching them) and replay().
// Accepted: the engine's documented errors (RecordError from parse_record and replay, ConfigError
// from build_rules).
// Oracles: every header number the parser accepted is kept as written; a record written back by
// write_record() reads back with the same header.
#include <climits>
#include <sstream>
#include <string>

#include "engine/coop/record.h"
#include "fuzz_common.h"

using namespace mists;

namespace {

std::vector<std::string> words(const std::string& line) {
  std::istringstream is(line);
  std::vector<std::string> w;
  for (std::string x; is >> x;) w.push_back(x);
  return w;
}

bool as_number(const std::string& s, long long& v) {
  try {
    size_t used = 0;
    v = std::stoll(s, &used);
    return used == s.size();
  } catch (const std::exception&) {
    return false;
  }
}

// The numbers of the header (and of the result line) as written, against what parse_record kept.
void check_record_numbers(const std::string& text, const GameRecord& rec) {
  std::istringstream in(text);
  std::string line;
  bool in_steps = false;
  // Every int field is read the same way (int(to_int(...))): one tag for them all.
  auto same = [](const std::string& key, long long written, long long kept) {
    if (written != kept)
      mists::fuzz::oracle_failed("record-number-changed",
                                 key + " " + std::to_string(written) + " was read as " + std::to_string(kept));
  };
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    const auto w = words(line);
    if (w.empty()) continue;
    long long v = 0;
    if (in_steps) {
      if (w[0] != "result") continue;
      if (w.size() == 7 && as_number(w[4], v)) same("result score", v, rec.score);
      if (w.size() == 7 && as_number(w[6], v)) same("result turns", v, rec.turns);
      in_steps = false;
      continue;
    }
    if (w[0] == "steps") {
      in_steps = true;
      continue;
    }
    if (w.size() != 2 || !as_number(w[1], v)) continue;
    const Level& lv = rec.level;
    const std::string& k = w[0];
    if (k == "level") same(k, v, lv.number);
    else if (k == "piles") same(k, v, lv.piles);
    else if (k == "ghosts") same(k, v, lv.ghosts);
    else if (k == "hound1") same(k, v, lv.hound1);
    else if (k == "hound2") same(k, v, lv.hound2);
    else if (k == "goal") same(k, v, lv.goal);
    else if (k == "cemetery_close") same(k, v, lv.cemetery_close);
    else if (k == "players") same(k, v, rec.params.players);
    else if ((k == "seed" || k == "game") && v < 0)
      mists::fuzz::oracle_failed("record-seed-changed", k + " " + std::to_string(v) + " was read as " +
                                                             std::to_string(k == "seed" ? rec.seed : rec.game));
  }
}

std::string header_of(const std::string& written) { return written.substr(0, written.find("\nsteps\n")); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Catalog& catalog = fuzz::shipped_catalog();
  const std::string text(reinterpret_cast<const char*>(data), size);
  GameRecord rec;
  if (!fuzz::documented([&] { rec = parse_record(text, "fuzz.record"); })) return 0;
  check_record_numbers(text, rec);
  const std::string written = write_record(rec);
  try {
    const GameRecord back = parse_record(written, "rewritten.record");
    if (header_of(write_record(back)) != header_of(written))
      fuzz::oracle_failed("record-rewrite-differs", "the header of a rewritten record changed when read back");
  } catch (const RecordError& e) {
    fuzz::oracle_failed("record-rewrite-unreadable", std::string("write_record wrote a record parse_record rejects: ") + e.what());
  }

  Rules rules;
  if (!fuzz::documented([&] { rules = build_rules(catalog, rec.level, rec.params); })) return 0;
  fuzz::documented([&] {
    const ReplayResult r = replay(rules, rec, "fuzz.record");
    (void)render_board(rules, r.final_state);
    (void)render_status(rules, r.final_state);
  });
  return 0;
}
