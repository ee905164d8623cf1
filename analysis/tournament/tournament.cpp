// Running a tournament (analysis/tournament/tournament.h): the deals, the seats' agents, one game, and the
// run over every pair's chunks (tournament_config.cpp reads the configuration, tournament_chunks.cpp
// the chunk files, tournament_report.cpp writes report.md).
#include "analysis/tournament/tournament.h"

#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>

#include "analysis/agents/agents.h"
#include "analysis/run/batch.h"
#include "analysis/run/chunk_run.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/run_log.h"
#include "analysis/run/json_fields.h"
#include "analysis/run/lock.h"
#include "analysis/run/shards.h"
#include "analysis/run/plots.h"
#include "analysis/tournament/tournament_chunks.h"
#include "engine/config/load.h"
#include "engine/kit/number.h"
#include "engine/versus/record.h"
#include "solver/rng.h"

namespace mists::analysis {

using nlohmann::json;
namespace fs = std::filesystem;

uint64_t vs_seat_seed(uint64_t seed, uint64_t deal, int seat, int seating, int pair) {
  return stream_seed(seed, deal, AGENT_STREAM + 1 + uint64_t(seat) + 8 * uint64_t(seating) + 64 * uint64_t(pair));
}

vs::VsDeal make_vs_deal(const vs::VsRules& R, uint64_t seed, uint64_t deal) {
  vs::VsDeal d;
  d.order = vs::pile_in_play(R);
  Rng rng(stream_seed(seed, deal, DEAL_STREAM));
  rng.shuffle(d.order);
  if (!R.on_map) return d;
  d.setup.rot = {uint8_t(rng.below(4)), uint8_t(rng.below(4))};  // M1.2
  d.setup.second = d.order[0];
  std::vector<vs::VsCell> squares = R.chip_squares;  // M2.3: the stream orders them
  rng.shuffle(squares);
  d.setup.chips = vs::lay_chips(R, squares);
  d.chip_values.assign(vs::VS_CHIP_ONES, 1);
  d.chip_values.insert(d.chip_values.end(), vs::VS_CHIP_TWOS, 2);
  rng.shuffle(d.chip_values);
  return d;
}

namespace {

// Plays `deal` with `seat[p]` deciding for seat p; with `record` non-empty also writes the game's
// record there.
vs::VsSummary play_seats(const vs::VsRules& R, const vs::VsDeal& dealt, std::vector<VsChooser>& seat,
                         const std::vector<std::string>& names, uint64_t seed, uint64_t deal, std::string* record_text) {
  auto choose = [&](const vs::VsState& s, const vs::VsAction* o, int n) { return seat[s.player](s, o, n); };
  if (!record_text) return vs::play_game(R, dealt, choose);
  std::vector<std::string> steps;
  const vs::VsSummary out = vs::play_logged(R, dealt, choose, steps);
  vs::VsRecord rec = vs::make_vs_record(R, dealt, seed, deal, names, revision());
  for (const auto& st : steps) rec.steps.push_back({st, 0});
  for (int p = 0; p < R.players; ++p) rec.result.push_back(out.score[size_t(p)]);
  *record_text = vs::write_vs_record(rec);
  return out;
}

TournamentGame play_pair_game(const TournamentConfig& cfg, const vs::VsRules& R, const std::vector<VsAgentSpec>& specs, int pair, int g,
                    const std::string& record = "") {
  const std::pair<int, int> ij = cfg.pair(pair);
  const int i = ij.first, j = ij.second;
  const int deal = g / 2;
  const vs::VsDeal order = make_vs_deal(R, cfg.seed, uint64_t(deal));
  std::vector<VsChooser> seat(size_t(cfg.players));
  std::vector<std::string> names;
  for (int p = 0; p < cfg.players; ++p) {
    const int a = TournamentConfig::first_sits(p, g) ? i : j;
    seat[size_t(p)] = make_vs_agent(R, specs[size_t(a)], vs_seat_seed(cfg.seed, uint64_t(deal), p, g % 2, pair));
    names.push_back(cfg.agents[size_t(a)]);
  }
  TournamentGame out;
  out.pair = pair;
  out.game = g;
  std::string text;
  out.s = play_seats(R, order, seat, names, cfg.seed, uint64_t(deal), record.empty() ? nullptr : &text);
  if (!record.empty()) write_atomic(record, text);
  return out;
}

// A tournament.json read and checked: the config, the shard it is (1/1 when it names none), and
// every field of the provenance a run reads or extends, of the type it was written with.
struct TournamentFile {
  TournamentConfig cfg;
  Shard shard;
  json doc;
};

TournamentFile read_tournament(const std::string& path) {
  TournamentFile t;
  t.doc = read_json_file(path);
  const Fields top(t.doc, path);
  t.cfg = TournamentConfig::from_json(top.object("config"), path);
  if (top.has("shard")) {
    const std::string text = top.text("shard");
    try {
      t.shard = parse_shard_text(text);
    } catch (const NumberError& e) {
      top.fail("shard", "'" + text + "' is not K/N with 1 <= K <= N: " + e.what());
    }
  }
  const Fields prov = top.sub("provenance");
  prov.text("revision");
  if (prov.has("rules")) prov.text("rules");
  const json& runs = prov.array("runs");
  for (size_t i = 0; i < runs.size(); ++i) {
    const Fields r = prov.element("runs", i);
    r.text("revision");
    for (const char* key : {"started", "ended", "command", "stopped"})
      if (r.has(key)) r.text(key);
    if (r.has("threads")) r.integer("threads", 0, 4096);
    if (r.has("games_played")) r.integer("games_played", 0, 1000000000000LL);
    if (r.has("shard")) r.integer("shard", 1, 1000000);
  }
  return t;
}

// The checksum of data file `file` (provenance key `key`) as it is now.
std::string checksum_now(const std::string& key, const std::string& file) {
  return key == "map_checksum" ? load_map(resolve_input(file)).checksum : load_catalog(resolve_input(file)).checksum;
}

// Refuses a tournament whose data files changed since its provenance was written.
void check_data_files(const TournamentConfig& cfg, const json& doc, const std::string& path) {
  const Fields prov = Fields(doc, path).sub("provenance");
  for (const auto& [key, file] : cfg.data_files())
    if (prov.text(key) != checksum_now(key, file))
      throw AnalysisError(path + ": provenance: " + file + " changed since the tournament began; start a new one");
}

// The shape of a tournament's run: a group a pair, each of cfg.games games.
struct PairChunks {
  const TournamentConfig& cfg;
  int groups() const { return cfg.pairs(); }
  int games(int) const { return cfg.games; }
  int chunk() const { return cfg.chunk; }
  // Where a run with --records writes the record of game g of pair `pair`, inside its folder.
  static std::string record_name(int pair, int g) { return "records/pair" + std::to_string(pair) + "-g" + std::to_string(g) + ".txt"; }
};

// A tournament as a plan of the chunked run (analysis/run/chunk_run.h): a group a pair of agents.
// Its games are gathered pair by pair in `all`, the pair's own in `of_pair` (what the precision
// stop reads).
struct TournamentPlan : PairChunks {
  const vs::VsRules& R;
  const std::vector<VsAgentSpec>& specs;
  const std::string& dir;
  bool resume, records;
  const OptionWords& words;
  std::string resume_call;
  std::vector<TournamentGame> all{}, of_pair{}, chunk_games{};  // chunk_games: the chunk just played
  const char* count_key = "games_played";
  bool count_games = true;

  std::string label(int pair) const {
    const std::pair<int, int> ij = cfg.pair(pair);
    return cfg.agents[size_t(ij.first)] + " vs " + cfg.agents[size_t(ij.second)];
  }
  // A pair stands where a study's agent does: its prior cost the sum of its two agents'.
  double weight(int pair) const {
    const std::pair<int, int> ij = cfg.pair(pair);
    return vs_game_weight(specs[size_t(ij.first)]) + vs_game_weight(specs[size_t(ij.second)]);
  }
  std::string what(int pair) const { return label(pair); }
  std::string file(const ChunkAt& at) const { return dir + "/" + tournament_chunk::name(cfg, at.group, at.k); }
  bool on_disk(const ChunkAt& at) const { return fs::exists(file(at)); }
  void keep(const ChunkAt& at, const std::vector<TournamentGame>& g) {
    if (at.k == 0) of_pair.clear();
    all.insert(all.end(), g.begin(), g.end());
    if (cfg.precision > 0) of_pair.insert(of_pair.end(), g.begin(), g.end());
  }
  void read(const ChunkAt& at) {
    if (!resume) throw AnalysisError(file(at) + ": a chunk of an earlier run; resume with " + words.resume(dir));
    keep(at, tournament_chunk::read(cfg, file(at), at.group, at.k, at.first, at.count));
  }
  void play(const ChunkAt& at) {
    chunk_games.assign(size_t(at.count), {});
    for_each_game(at.count, [&](int x) {
      if (interrupt_signal() != 0) return;  // a signal came: this chunk will not be kept
      const int g = at.first + x;
      const std::string rec = records ? dir + "/" + record_name(at.group, g) : "";
      chunk_games[size_t(x)] = play_pair_game(cfg, R, specs, at.group, g, rec);
    });
  }
  void seal(const ChunkAt& at) {
    write_atomic(file(at), tournament_chunk::text(cfg, at.group, at.k, chunk_games));
    keep(at, chunk_games);
  }
  bool enough(const ChunkAt& at) const {
    const int done = at.first + at.count;
    return cfg.precision > 0 && done < cfg.games && done >= cfg.min_games && pair_share(cfg, of_pair, at.group).ci.half_width() < cfg.precision;
  }
  void group_done(int) const {}
};

// A tournament's shards merged (analysis/run/chunk_run.h, merge_chunks): each chunk with the
// records the shard wrote of its games (a run writes them with --records).
struct TournamentMerge : PairChunks {
  std::vector<TournamentGame> all{}, found{};  // found: the games of the chunk found
  std::string name(const ChunkAt& at) const { return tournament_chunk::name(cfg, at.group, at.k); }
  std::string chunk_label(const ChunkAt& at) const { return "pair " + std::to_string(at.group) + " chunk " + std::to_string(at.k); }
  void read_copy(const ChunkAt& at, const std::string& path, bool first) {
    std::vector<TournamentGame> read = tournament_chunk::read(cfg, path, at.group, at.k, at.first, at.count);
    if (!first) return;
    found = std::move(read);
    all.insert(all.end(), found.begin(), found.end());
  }
  void copy_beside(const ChunkAt& at, const std::string& from, const std::string& out) const {
    for (const TournamentGame& g : found) {
      const std::string rec = record_name(at.group, g.game);
      if (!fs::exists(from + rec)) continue;
      fs::create_directories(out + "/records");
      write_atomic(out + "/" + rec, read_file(from + rec));
    }
  }
};

// The report, and for a shard a line ahead of it saying what it holds.
std::string write_report(const TournamentConfig& cfg, const std::vector<TournamentGame>& all, const json& provenance,
                         const std::string& dir, Shard shard) {
  std::string report = tournament_report(cfg, all, provenance);
  if (shard.n > 1) {
    const std::string note = "> Shard " + shard.text() + " of a tournament: it holds " + std::to_string(all.size()) + " of its " +
                             std::to_string((long long)cfg.games * cfg.pairs()) +
                             " games, so every figure below is of those alone. `mists merge` makes the tournament of its shards.\n\n";
    const size_t at = report.find("\n\n") + 2;  // after the title
    report.insert(at, note);
  }
  // The histogram of final scores by agent (scripts/plots.py, from the chunks).
  if (draw_plots(dir) && fs::exists(dir + "/final_scores.png"))
    report += "\nThe final scores by agent as a histogram: [final_scores.png](final_scores.png).\n";
  write_atomic(dir + "/report.md", report);
  return report;
}

}  // namespace

// ---- Running -------------------------------------------------------------------------------------

bool holds_tournament(const std::string& dir) { return fs::exists(dir + "/tournament.json"); }
std::string tournament_game(const std::string& dir) { return read_tournament(dir + "/tournament.json").cfg.game; }

vs::VsSummary play_vs_game(const vs::VsRules& R, const std::vector<std::string>& agents, uint64_t seed, uint64_t deal,
                           std::string& record_text) {
  if (int(agents.size()) != R.players)
    throw AnalysisError(std::to_string(agents.size()) + " agents for " + std::to_string(R.players) + " seats");
  std::vector<VsChooser> seat;
  for (int p = 0; p < R.players; ++p)
    seat.push_back(make_vs_agent(R, parse_vs_agent(agents[size_t(p)]), vs_seat_seed(seed, deal, p)));
  return play_seats(R, make_vs_deal(R, seed, deal), seat, agents, seed, deal, &record_text);
}

std::string run_tournament(TournamentConfig cfg, const std::string& dir, bool resume, int threads, const std::string& command,
                           bool quiet, bool records, const OptionWords& words, std::vector<TournamentGame>* games_out,
                           Shard shard) {
  if (threads <= 0) threads = int(std::max(1u, std::thread::hardware_concurrency()));  // 0 = all cores, as in studies
  const std::string path = dir + "/tournament.json";
  RunLog log(dir, "tournament.json", command);  // one run at a time (analysis/run/run_log.h), before tournament.json is read
  json doc;
  if (resume) {
    if (!fs::exists(path)) throw AnalysisError(words.resume(dir) + ": no tournament.json in " + dir + ": nothing to resume");
    TournamentFile t = read_tournament(path);
    cfg = std::move(t.cfg), shard = t.shard, doc = std::move(t.doc);
    check_data_files(cfg, doc, path);
  } else {
    if (fs::exists(path))
      throw AnalysisError(dir + " already holds a tournament: resume it with " + words.resume(dir) + " or choose another " + words.option("out"));
    for (const auto& a : cfg.agents) parse_vs_agent(a);
    doc["config"] = cfg.to_json();
    if (shard.n > 1) doc["shard"] = shard.text();
    json prov;
    prov["revision"] = revision();
    prov["base_catalog_checksum"] = load_catalog(resolve_input(cfg.base_catalog)).checksum;
    prov["gcc_catalog_checksum"] = cfg.game == "gcc" ? load_catalog(resolve_input(cfg.gcc_catalog)).checksum : "";
    for (const auto& [key, file] : cfg.data_files())
      if (key != "base_catalog_checksum" && key != "gcc_catalog_checksum")
        prov[key] = checksum_now(key, file);
    prov["runs"] = json::array();
    doc["provenance"] = prov;
  }
  if (cfg.precision > 0 && shard.n > 1)
    throw AnalysisError(words.option("precision") + " and " + words.option("shard") +
                        " cannot be combined: a pair's length depends on its earlier games");
  const vs::VsRules R = cfg.rules();
  doc["provenance"]["rules"] = R.describe();
  std::vector<VsAgentSpec> specs;
  for (const auto& a : cfg.agents) specs.push_back(parse_vs_agent(a));
  fs::create_directories(dir + "/chunks");
  if (records) fs::create_directories(dir + "/records");
  log.open(doc, threads);

  Progress progress;
  progress.quiet = quiet;
  TournamentPlan plan{{cfg}, R, specs, dir, resume, records, words, words.resume_call("versus", dir)};
  if (resume && !quiet) std::cerr << resume_text(count_resumed(plan, shard), cfg.precision > 0) << '\n';
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  play_chunks(plan, shard, log, progress);
  const std::vector<TournamentGame>& all = plan.all;
  if (games_out) *games_out = all;
  return write_report(cfg, all, doc["provenance"], dir, shard);
}

std::string merge_tournaments(const std::vector<std::string>& dirs, const std::string& out, const std::string& command) {
  check_merge_folders(dirs, out);
  const FolderLock lock(out, command);
  std::vector<TournamentFile> shards;
  std::vector<std::string> paths;
  for (const auto& d : dirs) {
    const std::string path = d + "/tournament.json";
    if (!fs::exists(path)) throw AnalysisError(d + ": no tournament.json: not a tournament's shard");
    shards.push_back(read_tournament(path));
    paths.push_back(path);
    const TournamentFile& s = shards.back();
    if (s.cfg.hash() != shards.front().cfg.hash())
      throw AnalysisError(path + ": config: not a shard of the same tournament as " + dirs[0]);
    for (const auto& [key, file] : s.cfg.data_files())
      if (s.doc["provenance"].value(key, json()) != shards.front().doc["provenance"].value(key, json()))
        throw AnalysisError(path + ": provenance." + key + ": differs from " + dirs[0] + ": the shards played different files");
  }
  std::vector<Shard> seen;
  for (const TournamentFile& s : shards) seen.push_back(s.shard);
  check_shard_set(seen, paths);
  const TournamentConfig& cfg = shards.front().cfg;
  check_data_files(cfg, shards.front().doc, paths.front());
  if (fs::exists(out + "/tournament.json")) throw AnalysisError("merge: " + out + " already holds a tournament: choose another --out");

  json doc;
  doc["config"] = cfg.to_json();
  doc["provenance"] = shards.front().doc["provenance"];
  json runs = json::array();
  for (const TournamentFile& s : shards) add_shard_runs(runs, s.doc["provenance"]["runs"], s.shard.k);
  doc["provenance"]["runs"] = runs;
  doc["merged_from"] = dirs;
  fs::create_directories(out + "/chunks");
  TournamentMerge plan{{cfg}};
  merge_chunks(plan, dirs, out);
  const std::vector<TournamentGame>& all = plan.all;
  write_atomic(out + "/tournament.json", doc.dump(2) + "\n");
  return write_report(cfg, all, doc["provenance"], out, Shard{});
}

}  // namespace mists::analysis
