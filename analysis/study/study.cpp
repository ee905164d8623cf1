#include "analysis/study/study.h"

#include <tbb/global_control.h>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "analysis/run/batch.h"
#include "analysis/run/chunk_run.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/run/interrupt.h"
#include "analysis/run/run_log.h"
#include "analysis/run/shards.h"
#include "analysis/study/outputs.h"
#include "analysis/study/provenance.h"
#include "engine/config/load.h"
#include "engine/coop/record.h"
#include "solver/agents.h"
#include "solver/rng.h"

namespace mists::analysis {

namespace fs = std::filesystem;
using nlohmann::json;

uint64_t cell_seed(uint64_t run_seed, int level, int players) {
  return splitmix64(splitmix64(run_seed) ^ uint64_t(level * 16 + players));
}

long long CellResult::wins() const {
  long long w = 0;
  for (const auto& r : rows) w += r.s.outcome == Outcome::Won;
  return w;
}
Interval CellResult::ci() const { return wilson(wins(), (long long)rows.size()); }

std::vector<GameSummary> play_games(const Rules& R, const AgentSpec& agent, uint64_t seed, int n) {
  std::vector<GameSummary> out(size_t(std::max(0, n)));
  for_each_game(n, [&](int g) { out[size_t(g)] = play_one(R, agent, seed, uint64_t(g)); });
  return out;
}

namespace {

// Chunk k of cell c inside a study's folder, and in folder `dir`.
std::string chunk_name(const CellSpec& c, int k) { return "chunks/" + c.id() + "-" + std::to_string(k) + ".csv"; }
std::string chunk_path(const std::string& dir, const CellSpec& c, int k) { return dir + "/" + chunk_name(c, k); }

std::string trace_path(const std::string& dir, const CellSpec& c, int k) {
  return dir + "/chunks/" + c.id() + "-" + std::to_string(k) + ".trace.csv";
}

constexpr const char* TRACE_HEADER = "game,turn,score,ghost_supply,ghosts_on_board,pile,tiles_left,hounds,face_down,end";

std::string trace_text(const std::vector<std::vector<TurnRow>>& traces, int first) {
  std::ostringstream os;
  os << TRACE_HEADER << '\n';
  for (size_t g = 0; g < traces.size(); ++g)
    for (const TurnRow& r : traces[g])
      os << first + int(g) << ',' << r.turn << ',' << r.score << ',' << r.ghost_supply << ',' << r.ghosts_on_board << ','
         << r.pile << ',' << r.tiles_left << ',' << r.hounds << ',' << r.face_down << ',' << (r.end ? 1 : 0) << '\n';
  return os.str();
}

ChunkKey chunk_key(const StudyConfig& cfg, const std::string& hash, const CellSpec& c, int k) {
  const int first = k * cfg.chunk;
  return {hash, c.id(), k, first, std::min(cfg.chunk, c.games - first), is_solver(c.agent)};
}

std::string record_path(const std::string& dir, const CellSpec& c, int game) {
  return dir + "/records/" + c.id() + "-g" + std::to_string(game) + ".txt";
}

// Plays the games of one chunk in parallel; with `records`, writes the record of every won game.
std::vector<GameRow> play_chunk(const StudyConfig& cfg, const Rules& R, const AgentSpec& agent, const CellSpec& c,
                                const ChunkKey& key, const std::string& dir, std::vector<std::vector<TurnRow>>& traces) {
  const uint64_t seed = cell_seed(cfg.seed, c.level, c.players);
  std::vector<GameRow> rows(size_t(key.count));
  traces.assign(cfg.trace ? size_t(key.count) : 0, {});
  for_each_game(key.count, [&](int i) {
    if (interrupt_signal() != 0) return;  // a signal came: the chunk will not be kept, so play no more of it
    GameRow& row = rows[size_t(i)];
    row.game = key.first + i;
    std::vector<std::string> log;
    row.s = play_one(R, agent, seed, uint64_t(row.game), cfg.records ? &log : nullptr, cfg.trace ? &traces[size_t(i)] : nullptr,
                     &row.solve);
    if (cfg.records && row.s.outcome == Outcome::Won) {
      GameRecord rec = make_record(R, seeded_deal(R, seed, uint64_t(row.game)), cfg.seed, uint64_t(row.game), agent.text, revision());
      finish_record(rec, log, row.s);
      write_atomic(record_path(dir, c, row.game), write_record(rec));
    }
  });
  return rows;
}

// study.json of this run: a new one, or the study's own with its checks passed.
json open_study(StudyConfig& cfg, const std::string& dir, bool resume, const RunOptions& run) {
  const std::string path = dir + "/study.json";
  json study;
  if (resume) {
    if (!fs::exists(path)) throw AnalysisError(run.words.resume(dir) + ": no study.json in " + dir + ": nothing to resume");
    study = read_study_json(path);
    const int keep_threads = cfg.threads;
    cfg = StudyConfig::from_json(study.at("config"), path);
    cfg.threads = keep_threads;
    check_checksums(study.at("provenance"), cfg, path);
  } else {
    if (fs::exists(path))
      throw AnalysisError(dir + " already holds a study: resume it with " + run.words.resume(dir) + " or choose another " + run.words.option("out"));
    study["config"] = cfg.to_json();
    study["provenance"] = provenance_note(cfg);
    study["provenance"]["runs"] = json::array();
    if (!run.config_file.empty())
      study["config_file"] = {{"path", run.config_file}, {"text", read_file(run.config_file)}};
  }
  return study;
}

void print_cell(const CellResult& res, bool tty) {
  const Interval ci = res.ci();
  std::cerr << (tty ? "\r\033[K" : "") << res.spec.id() << ": " << res.wins() << "/" << res.rows.size() << " won, "
            << std::fixed << std::setprecision(1) << 100.0 * double(res.wins()) / double(res.rows.size()) << "% ["
            << 100 * ci.lo << ", " << 100 * ci.hi << "]\n";
}

// A chunk already on disk; with traces, only with its trace beside it (written first).
bool chunk_done(const StudyConfig& cfg, const std::string& dir, const CellSpec& c, int k) {
  return fs::exists(chunk_path(dir, c, k)) && (!cfg.trace || fs::exists(trace_path(dir, c, k)));
}

// The shape of a study's run: a group a cell, each of its own count of games.
struct CellChunks {
  const StudyConfig& cfg;
  int groups() const { return int(cfg.cells.size()); }
  int games(int g) const { return cfg.cells[size_t(g)].games; }
  int chunk() const { return cfg.chunk; }
  const CellSpec& cell(int g) const { return cfg.cells[size_t(g)]; }
};

// A study as a plan of the chunked run (analysis/run/chunk_run.h): its results gathered cell by cell.
struct StudyPlan : CellChunks {
  const std::string& dir;
  const std::string hash;
  bool tty;
  bool verbose;                                 // print each cell's result when it is done
  std::string resume_call;
  std::vector<const Rules*> rules{};            // a cell each, in order: its rules,
  std::vector<AgentSpec> agents{};              // its agent, parsed once,
  std::vector<CellResult> results{};            // and its results
  std::vector<GameRow> rows{};                  // the chunk just played
  std::vector<std::vector<TurnRow>> traces{};   // and its traces
  const char* count_key = "chunks_played";
  bool count_games = false;

  std::string label(int g) const { return cell(g).agent; }
  double weight(int g) const { return game_weight(agents[size_t(g)]); }
  std::string what(int g) const { return cell(g).id(); }
  ChunkKey key(const ChunkAt& at) const { return chunk_key(cfg, hash, cell(at.group), at.k); }
  // With traces, a chunk counts as done only with its trace beside it (written first).
  bool on_disk(const ChunkAt& at) const { return chunk_done(cfg, dir, cell(at.group), at.k); }
  void keep(int g, const std::vector<GameRow>& r) {
    std::vector<GameRow>& all = results[size_t(g)].rows;
    all.insert(all.end(), r.begin(), r.end());
  }
  void read(const ChunkAt& at) { keep(at.group, read_chunk(chunk_path(dir, cell(at.group), at.k), key(at))); }
  void play(const ChunkAt& at) {
    rows = play_chunk(cfg, *rules[size_t(at.group)], agents[size_t(at.group)], cell(at.group), key(at), dir, traces);
  }
  void seal(const ChunkAt& at) {
    const CellSpec& c = cell(at.group);
    if (cfg.trace) write_atomic(trace_path(dir, c, at.k), trace_text(traces, at.first));
    write_atomic(chunk_path(dir, c, at.k), chunk_text(key(at), rows));
    keep(at.group, rows);
  }
  bool enough(const ChunkAt& at) const {
    const CellResult& res = results[size_t(at.group)];
    return cfg.precision > 0 && int(res.rows.size()) >= cfg.min_games && res.ci().half_width() < cfg.precision;
  }
  void group_done(int g) const {
    if (verbose && !results[size_t(g)].rows.empty()) print_cell(results[size_t(g)], tty);
  }
};

}  // namespace

std::vector<CellResult> run_study(const StudyConfig& given, const std::string& dir, bool resume, const RunOptions& run) {
  StudyConfig cfg = given;
  if (cfg.precision > 0 && cfg.shards > 1)
    throw AnalysisError(run.words.option("precision") + " and " + run.words.option("shard") +
                        " cannot be combined: a cell's length depends on its earlier games");
  const int threads = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  // One run at a time: the folder is held before study.json is read, so no two runs play the same
  // chunks or write the provenance over each other.
  RunLog log(dir, "study.json", run.command, run.held);
  json study = open_study(cfg, dir, resume, run);
  if (cfg.cells.empty()) throw AnalysisError(dir + ": the study has no cells");
  fs::create_directories(dir + "/chunks");
  if (cfg.records) fs::create_directories(dir + "/records");
  log.open(study, threads);
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));

  std::map<std::tuple<int, int, int, std::string>, std::unique_ptr<Rules>> rules_cache;
  auto rules_for = [&](const CellSpec& c) -> const Rules& {
    auto& slot = rules_cache[{c.level, c.players, c.ghosts, levers_text(c.levers)}];
    if (!slot) {
      GameOptions g = cfg.game;
      g.ghosts = c.ghosts;
      slot = std::make_unique<Rules>(g.rules(c.level, c.players, c.levers));
    }
    return *slot;
  };
  Progress progress;
  progress.quiet = run.verbosity < 0;
  StudyPlan plan{{cfg}, dir, cfg.games_hash(), progress.tty, run.verbosity > 0, run.words.resume_call(command_word(run.command, "analyze"), dir)};
  for (const CellSpec& c : cfg.cells) {
    plan.rules.push_back(&rules_for(c));
    plan.agents.push_back(parse_agent(c.agent, cfg.mcts));
    plan.results.push_back(CellResult{c, {}});
  }
  const Shard shard{cfg.shard, cfg.shards};
  if (resume && run.verbosity >= 0) std::cerr << resume_text(count_resumed(plan, shard), cfg.precision > 0) << '\n';
  play_chunks(plan, shard, log, progress);
  const std::vector<CellResult>& results = plan.results;
  if (!write_outputs(cfg, study.at("provenance"), results, dir) && run.warn) run.warn("plots were not drawn (see " + dir + "/plots.log)");
  return results;
}

namespace {

// The shards' study.json files, checked to be the shards of one study, in the order given.
std::vector<std::pair<StudyConfig, json>> read_shards(const std::vector<std::string>& dirs) {
  std::vector<std::pair<StudyConfig, json>> out;
  std::vector<Shard> seen;
  std::vector<std::string> files;
  for (const auto& d : dirs) {
    const std::string path = d + "/study.json";
    if (!fs::exists(path)) throw AnalysisError(d + ": no study.json");
    const json j = read_study_json(path);
    StudyConfig c = StudyConfig::from_json(j.at("config"), path);
    if (!out.empty()) {
      const auto& [base, base_j] = out.front();
      if (c.games_hash() != base.games_hash()) throw AnalysisError(path + ": config: not a shard of the same study as " + dirs[0]);
      for (const char* key : {"catalog_checksum", "level_checksums", "abbey_catalog_checksum", "toll_catalog_checksum"})
        if (j.at("provenance").value(key, json()) != base_j.at("provenance").value(key, json()))
          throw AnalysisError(path + ": provenance." + key + ": differs from " + dirs[0] + ": the shards played different files");
    }
    seen.push_back({c.shard, c.shards});
    files.push_back(path);
    out.emplace_back(std::move(c), j);
  }
  check_shard_set(seen, files);
  return out;
}

// A study's shards merged (analysis/run/chunk_run.h, merge_chunks): each chunk with its traces and
// the records of its won games, when the study writes them.
struct StudyMerge : CellChunks {
  const std::string hash;
  std::vector<CellResult> results{};  // a cell each, in order
  std::vector<GameRow> rows{};        // the chunk found
  std::string name(const ChunkAt& at) const { return chunk_name(cell(at.group), at.k); }
  std::string chunk_label(const ChunkAt& at) const { return cell(at.group).id() + "-" + std::to_string(at.k); }
  void read_copy(const ChunkAt& at, const std::string& path, bool first) {
    std::vector<GameRow> read = read_chunk(path, chunk_key(cfg, hash, cell(at.group), at.k));
    if (!first) return;
    rows = std::move(read);
    std::vector<GameRow>& all = results[size_t(at.group)].rows;
    all.insert(all.end(), rows.begin(), rows.end());
  }
  void copy_beside(const ChunkAt& at, const std::string& from, const std::string& out) const {
    const CellSpec& c = cell(at.group);
    const std::string shard = from.substr(0, from.size() - 1);  // without the '/' before the chunk's path
    if (cfg.trace) {
      const std::string tp = trace_path(shard, c, at.k);
      if (!fs::exists(tp)) throw AnalysisError("merge: " + tp + " is missing: the study writes traces; resume that shard first");
      write_atomic(trace_path(out, c, at.k), read_file(tp));
    }
    if (!cfg.records) return;
    fs::create_directories(out + "/records");
    for (const GameRow& r : rows) {
      if (r.s.outcome != Outcome::Won) continue;
      const std::string rp = record_path(shard, c, r.game);
      if (!fs::exists(rp)) throw AnalysisError("merge: " + rp + " is missing: the study writes records of won games; resume that shard first");
      write_atomic(record_path(out, c, r.game), read_file(rp));
    }
  }
};

}  // namespace

std::vector<CellResult> merge_studies(const std::vector<std::string>& dirs, const std::string& out, const RunOptions& run) {
  check_merge_folders(dirs, out);
  std::optional<FolderLock> lock;
  if (!run.held || run.held->dir() != out) lock.emplace(out, run.command);
  const auto shards = read_shards(dirs);
  StudyConfig cfg = shards.front().first;
  cfg.shard = cfg.shards = 1;
  check_checksums(shards.front().second.at("provenance"), cfg, dirs[0] + "/study.json");
  json runs = json::array();
  for (const auto& [c, j] : shards) add_shard_runs(runs, j.at("provenance").at("runs"), c.shard);
  fs::create_directories(out + "/chunks");
  if (fs::exists(out + "/study.json")) throw AnalysisError("merge: " + out + " already holds a study: choose another --out");
  json j;
  j["config"] = cfg.to_json();
  j["provenance"] = shards.front().second.at("provenance");
  j["provenance"]["runs"] = runs;
  j["merged_from"] = dirs;
  StudyMerge plan{{cfg}, cfg.games_hash()};
  for (const CellSpec& c : cfg.cells) plan.results.push_back(CellResult{c, {}});
  merge_chunks(plan, dirs, out);
  const std::vector<CellResult>& results = plan.results;
  write_atomic(out + "/study.json", j.dump(2) + "\n");
  if (!write_outputs(cfg, j.at("provenance"), results, out) && run.warn) run.warn("plots were not drawn (see " + out + "/plots.log)");
  return results;
}

}  // namespace mists::analysis
