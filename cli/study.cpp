#include "cli/study.h"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "engine/config/load.h"

namespace mists::cli {

namespace fs = std::filesystem;
using nlohmann::json;

std::string CellSpec::id() const {
  return "L" + std::to_string(level) + "-P" + std::to_string(players) + "-G" + std::to_string(ghosts) + "-" + agent_slug(agent);
}

uint64_t cell_seed(uint64_t run_seed, int level, int players) {
  return splitmix64(splitmix64(run_seed) ^ uint64_t(level * 16 + players));
}

long long CellResult::wins() const {
  long long w = 0;
  for (const auto& r : rows) w += r.s.outcome == Outcome::Won;
  return w;
}
Interval CellResult::ci() const { return wilson(wins(), (long long)rows.size()); }

void write_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f << text;
    f.flush();
    if (!f) throw UsageError("cannot write " + tmp);
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) throw UsageError("cannot rename " + tmp + " to " + path + ": " + ec.message());
}

std::vector<GameSummary> play_games(const Rules& R, const AgentSpec& agent, uint64_t seed, int n) {
  std::vector<GameSummary> out(size_t(std::max(0, n)));
  tbb::parallel_for(0, n, [&](int g) { out[size_t(g)] = play_one(R, agent, seed, uint64_t(g)); }, tbb::simple_partitioner());
  return out;
}

// ---- configuration ---------------------------------------------------------------------------------

json StudyConfig::to_json() const {
  json j;
  j["title"] = title;
  j["seed"] = seed;
  j["precision"] = precision;
  j["min_games"] = min_games;
  j["chunk"] = chunk;
  j["shard"] = std::to_string(shard) + "/" + std::to_string(shards);
  j["catalog"] = game.catalog;
  j["levels_dir"] = game.levels_dir;
  json ov = json::object();
  if (game.goal) ov["goal"] = *game.goal;
  if (game.hound1) ov["hound1"] = *game.hound1;
  if (game.hound2) ov["hound2"] = *game.hound2;
  if (game.piles) ov["piles"] = *game.piles;
  j["overrides"] = ov;
  const Switches sw = game.switches();
  j["switches"] = json::object();
  for (const char* key : SWITCH_NAMES) j["switches"][key] = std::string(switch_value(sw, key));
  j["mcts"] = {{"playouts", mcts.playouts},
               {"c", mcts.c},
               {"pw_k", mcts.pw_k},
               {"pw_alpha", mcts.pw_alpha},
               {"rollout", rollout_name(mcts.rollout)},
               {"rollout_turns", mcts.rollout_turns},
               {"value_scale", mcts.value_scale},
               {"threads", mcts.threads},
               {"parallel", mcts.parallel == SearchParallel::Root ? "root" : "tree"},
               {"reuse", mcts.reuse}};
  const Weights& w = mcts.weights;  // the heuristic every agent starts from (agent texts may change it)
  j["heuristic"] = {{"points", w.points},         {"supply", w.supply},     {"low_supply", w.low_supply},
                    {"safe_supply", w.safe_supply}, {"dead_ghost", w.dead_ghost}, {"live_open", w.live_open},
                    {"recover", w.recover},       {"meeple", w.meeple},     {"meeple_value", w.meeple_value},
                    {"pressure", w.pressure}};
  json cs = json::array();
  for (const auto& c : cells)
    cs.push_back({{"level", c.level}, {"players", c.players}, {"ghosts", c.ghosts}, {"ghost_delta", c.ghost_delta},
                  {"agent", c.agent}, {"games", c.games}});
  j["cells"] = cs;
  return j;
}

StudyConfig StudyConfig::from_json(const json& j, const std::string& where) {
  try {
    StudyConfig c;
    c.title = j.at("title");
    c.seed = j.at("seed");
    c.precision = j.at("precision");
    c.min_games = j.at("min_games");
    c.chunk = j.at("chunk");
    const std::string shard = j.at("shard");
    if (std::sscanf(shard.c_str(), "%d/%d", &c.shard, &c.shards) != 2) throw UsageError("bad shard '" + shard + "'");
    c.game.catalog = j.at("catalog");
    c.game.levels_dir = j.at("levels_dir");
    const json& ov = j.at("overrides");
    if (ov.contains("goal")) c.game.goal = ov["goal"].get<int>();
    if (ov.contains("hound1")) c.game.hound1 = ov["hound1"].get<int>();
    if (ov.contains("hound2")) c.game.hound2 = ov["hound2"].get<int>();
    if (ov.contains("piles")) c.game.piles = ov["piles"].get<int>();
    c.game.joint_scoring = j.at("switches").at("joint_scoring");
    c.game.unplaceable = j.at("switches").at("unplaceable");
    c.game.haunted_adjacency = j.at("switches").at("haunted_adjacency");
    c.game.finish_ghosts = j.at("switches").at("finish_ghosts");
    const json& m = j.at("mcts");
    c.mcts.playouts = m.at("playouts");
    c.mcts.c = m.at("c");
    c.mcts.pw_k = m.at("pw_k");
    c.mcts.pw_alpha = m.at("pw_alpha");
    const std::string rollout = m.at("rollout");
    bool known = false;
    for (int r = 0; r < 4; ++r)
      if (rollout_name(Rollout(r)) == rollout) c.mcts.rollout = Rollout(r), known = true;
    if (!known) throw UsageError(where + ": mcts.rollout: unknown value '" + rollout + "'");
    c.mcts.rollout_turns = m.at("rollout_turns");
    c.mcts.value_scale = m.at("value_scale");
    c.mcts.threads = m.value("threads", 1);
    c.mcts.parallel = m.value("parallel", std::string("root")) == "tree" ? SearchParallel::Tree : SearchParallel::Root;
    c.mcts.reuse = m.value("reuse", true);
    for (const auto& x : j.at("cells")) {
      CellSpec s;
      s.level = x.at("level");
      s.players = x.at("players");
      s.ghosts = x.at("ghosts");
      s.ghost_delta = x.at("ghost_delta");
      s.agent = x.at("agent");
      s.games = x.at("games");
      c.cells.push_back(s);
    }
    return c;
  } catch (const json::exception& e) {
    throw UsageError(where + ": not a study configuration: " + e.what());
  }
}

// ---- chunks ------------------------------------------------------------------------------------

namespace {

const char* CHUNK_HEADER = "game,outcome,cause,score,turns,decisions,forced,ghosts_on_board,ghost_supply,hounds,face_down,discarded";

std::string row_csv(const GameRow& r) {
  std::ostringstream os;
  const GameSummary& s = r.s;
  os << r.game << ',' << (s.outcome == Outcome::Won ? "won" : "lost") << ',' << loss_cause_name(s.cause) << ','
     << s.score << ',' << s.turns << ',' << s.decisions << ',' << s.forced << ',' << s.ghosts_on_board << ','
     << s.ghost_supply << ',' << s.hounds_reached << ',' << s.face_down << ',' << s.discarded;
  return os.str();
}

LossCause cause_from(const std::string& name, const std::string& where) {
  for (LossCause c : {LossCause::None, LossCause::GhostSupply, LossCause::Pile1Target, LossCause::Pile2Target,
                      LossCause::TilesOut, LossCause::Unplaceable})
    if (loss_cause_name(c) == name) return c;
  throw UsageError(where + ": cause: unknown loss cause '" + name + "'");
}

std::vector<GameRow> read_chunk(const std::string& path, int first, int count) {
  std::ifstream in(path);
  std::string line;
  int ln = 0;
  std::vector<GameRow> rows;
  while (std::getline(in, line)) {
    ++ln;
    const std::string where = path + ":" + std::to_string(ln);
    if (ln == 1) {
      if (line != CHUNK_HEADER) throw UsageError(where + ": header: not a chunk file of this version");
      continue;
    }
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string x;
    while (std::getline(ss, x, ',')) f.push_back(x);
    if (f.size() != 12) throw UsageError(where + ": expected 12 fields, found " + std::to_string(f.size()));
    GameRow r;
    try {
      r.game = std::stoi(f[0]);
      r.s.outcome = f[1] == "won" ? Outcome::Won : Outcome::Lost;
      if (f[1] != "won" && f[1] != "lost") throw UsageError(where + ": outcome: '" + f[1] + "'");
      r.s.cause = cause_from(f[2], where);
      r.s.score = std::stoi(f[3]);
      r.s.turns = std::stoi(f[4]);
      r.s.decisions = std::stoi(f[5]);
      r.s.forced = std::stoi(f[6]);
      r.s.ghosts_on_board = std::stoi(f[7]);
      r.s.ghost_supply = std::stoi(f[8]);
      r.s.hounds_reached = std::stoi(f[9]);
      r.s.face_down = std::stoi(f[10]);
      r.s.discarded = std::stoi(f[11]);
    } catch (const std::logic_error&) {
      throw UsageError(where + ": a field is not a number");
    }
    if (r.game != first + int(rows.size())) throw UsageError(where + ": game: expected game " + std::to_string(first + int(rows.size())));
    rows.push_back(r);
  }
  if (int(rows.size()) != count)
    throw UsageError(path + ": holds " + std::to_string(rows.size()) + " games, expected " + std::to_string(count));
  return rows;
}

// Progress on standard error: a bar on a terminal, a line every 10 s otherwise. Time left is
// the games still to play times each agent's own seconds per game, measured on the chunks this
// run has played; an agent not yet measured is costed from a prior weight (below) scaled by what
// the measured agents took. Chunks read back from disk by --resume count as done but cost nothing.
struct Progress {
  struct Agent {
    double weight = 1;      // prior cost of a game, in uniform random games
    long long left = 0;     // games planned and not yet played or read
    long long played = 0;   // games played by this run
    double seconds = 0;     // wall time of the chunks this run played
  };
  std::map<std::string, Agent> agents;
  long long total = 0, done = 0;
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last = start;
  bool tty = isatty(2);
  bool quiet = false;

  // Rough costs of one game relative to a uniform random one, measured once on level 3 with
  // 2 players (`mists analyze --threads 1` of each agent): greedy 8, expert 64, search about 30
  // per playout a decision. They only order the agents until each has played a chunk.
  static double weight(const AgentSpec& a) {
    if (a.name == "mcts" || a.name == "clairvoyant") return 30.0 * std::max(1, a.mcts.playouts);
    if (a.name == "expert") return 64;
    if (a.name == "greedy") return 8;
    return 1;
  }
  void plan(const std::string& agent, long long games, double w) {
    agents[agent].weight = w;
    agents[agent].left += games;
    total += games;
  }
  // A chunk read back from disk.
  void read(const std::string& agent, long long k) {
    agents[agent].left -= k;
    done += k;
  }
  // Games the rest of a cell will not play (a precision target was met).
  void skip(const std::string& agent, long long k) {
    agents[agent].left -= k;
    total -= k;
  }
  double seconds_left() const {
    double seconds = 0, weighted = 0;
    for (const auto& [name, a] : agents) seconds += a.seconds, weighted += double(a.played) * a.weight;
    const double per_weight = weighted > 0 ? seconds / weighted : 0;
    double left = 0;
    for (const auto& [name, a] : agents)
      left += double(a.left) * (a.played > 0 ? a.seconds / double(a.played) : a.weight * per_weight);
    return left;
  }
  // A chunk this run played, taking `seconds` of wall time.
  void played(const std::string& agent, long long k, double seconds, const std::string& what) {
    Agent& a = agents[agent];
    a.left -= k, a.played += k, a.seconds += seconds;
    done += k;
    if (quiet) return;
    const auto now = std::chrono::steady_clock::now();
    const double el = std::chrono::duration<double>(now - start).count();
    if (!tty && std::chrono::duration<double>(now - last).count() < 10 && done < total) return;
    last = now;
    double played_games = 0;
    for (const auto& [name, x] : agents) played_games += double(x.played);
    const double rate = el > 0 ? played_games / el : 0;
    const double left = seconds_left();
    const double fraction = el + left > 0 ? el / (el + left) : 1;
    const int width = 30;
    const int fill = std::clamp(int(double(width) * fraction), 0, width);
    const long long mins = (long long)left / 60;
    char buf[256];
    std::snprintf(buf, sizeof buf, "%s[%.*s%*s] %lld/%lld games  %.0f games/s  %lldh%02lldm%02ds left  %s",
                  tty ? "\r" : "", fill, "##############################", width - fill, "", done, total, rate,
                  mins / 60, mins % 60, int(left) % 60, what.c_str());
    std::cerr << buf << (tty ? "\033[K" : "\n") << std::flush;
  }
  void finish() const {
    if (tty && !quiet) std::cerr << '\n';
  }
};

}  // namespace

json read_study_json(const std::string& path) {
  json j = json::parse(read_file(path), nullptr, false);
  if (j.is_discarded()) throw UsageError(path + ": not valid JSON");
  auto need = [&](const json& obj, const char* key, bool (json::*is)() const noexcept, const std::string& field,
                  const char* what) -> const json& {
    if (!obj.contains(key) || !(obj.at(key).*is)()) throw UsageError(path + ": " + field + ": missing or not " + what);
    return obj.at(key);
  };
  if (!j.is_object()) throw UsageError(path + ": not a study (a JSON object with config and provenance)");
  need(j, "config", &json::is_object, "config", "an object");
  const json& prov = need(j, "provenance", &json::is_object, "provenance", "an object");
  need(prov, "revision", &json::is_string, "provenance.revision", "a string");
  need(prov, "catalog_checksum", &json::is_string, "provenance.catalog_checksum", "a string");
  need(prov, "level_checksums", &json::is_object, "provenance.level_checksums", "an object");
  if (prov.contains("runs")) {
    const json& runs = need(prov, "runs", &json::is_array, "provenance.runs", "an array");
    for (size_t i = 0; i < runs.size(); ++i) {
      const std::string field = "provenance.runs[" + std::to_string(i) + "]";
      if (!runs[i].is_object()) throw UsageError(path + ": " + field + ": not an object");
      need(runs[i], "revision", &json::is_string, field + ".revision", "a string");
      if (runs[i].contains("chunks_played"))
        need(runs[i], "chunks_played", &json::is_number_unsigned, field + ".chunks_played", "a count");
    }
  } else {  // written before runs were recorded: its first run is all we know
    const std::string first = prov.at("revision");
    j["provenance"]["runs"] = json::array({json{{"revision", first}}});
  }
  return j;
}

namespace {

json provenance_note(const StudyConfig& cfg) {
  Catalog cat = load_catalog(resolve(cfg.game.catalog));
  json p;
  p["revision"] = revision();
  p["catalog_checksum"] = cat.checksum;
  p["catalog_status"] = cat.status;
  json levels = json::object();
  std::set<int> used;
  for (const auto& c : cfg.cells) used.insert(c.level);
  for (int l : used) {
    const std::string path = resolve(cfg.game.levels_dir + "/level" + std::to_string(l) + ".toml");
    levels[std::to_string(l)] = fnv1a64_hex(read_file(path));
  }
  p["level_checksums"] = levels;
  return p;
}

}  // namespace

std::vector<CellResult> run_study(const StudyConfig& given, const std::string& dir, bool resume, int verbosity) {
  StudyConfig cfg = given;
  const std::string cfg_path = dir + "/study.json";
  if (cfg.precision > 0 && cfg.shards > 1) throw UsageError("--precision and --shard cannot be combined: a cell's length depends on its earlier games");
  if (resume && !fs::exists(cfg_path)) throw UsageError("--resume " + dir + ": no study.json there: nothing to resume");
  fs::create_directories(dir + "/chunks");
  json study;  // study.json as it will be written: config and provenance, with this run appended
  if (resume) {
    study = read_study_json(cfg_path);
    cfg = StudyConfig::from_json(study.at("config"), cfg_path);
    cfg.threads = given.threads;
    const json now = provenance_note(cfg);
    json& prov = study.at("provenance");
    if (prov.at("catalog_checksum") != now.at("catalog_checksum"))
      throw UsageError(cfg_path + ": catalog_checksum: the tile catalog changed since this study started (" +
                       prov.at("catalog_checksum").get<std::string>() + " -> " + now.at("catalog_checksum").get<std::string>() + ")");
    if (prov.at("level_checksums") != now.at("level_checksums"))
      throw UsageError(cfg_path + ": level_checksums: a level file changed since this study started");
  } else {
    if (fs::exists(cfg_path)) throw UsageError(dir + " already holds a study: resume it with --resume " + dir + " or choose another --out");
    study["config"] = cfg.to_json();
    study["provenance"] = provenance_note(cfg);
    study["provenance"]["runs"] = json::array();
  }
  json& runs = study["provenance"]["runs"];
  runs.push_back({{"revision", revision()}, {"started", utc_stamp()}, {"threads", cfg.threads}});
  write_atomic(cfg_path, study.dump(2) + "\n");

  const int threads = cfg.threads > 0 ? cfg.threads : int(std::max(1u, std::thread::hardware_concurrency()));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));

  std::map<std::tuple<int, int, int>, std::unique_ptr<Rules>> rules_cache;
  auto rules_for = [&](const CellSpec& c) -> const Rules& {
    auto& slot = rules_cache[{c.level, c.players, c.ghosts}];
    if (!slot) {
      GameOptions g = cfg.game;
      g.ghosts = c.ghosts;
      slot = std::make_unique<Rules>(g.rules(c.level, c.players));
    }
    return *slot;
  };

  Progress progress;
  progress.quiet = verbosity < 0;
  long long chunk_index = 0;
  for (const auto& c : cfg.cells) {
    const int chunks = (c.games + cfg.chunk - 1) / cfg.chunk;
    const double w = Progress::weight(parse_agent(c.agent, cfg.mcts));
    for (int k = 0; k < chunks; ++k, ++chunk_index)
      if (chunk_index % cfg.shards == cfg.shard - 1) progress.plan(c.agent, std::min(cfg.chunk, c.games - k * cfg.chunk), w);
  }

  std::vector<CellResult> results;
  long long chunks_played = 0;
  chunk_index = 0;
  for (const auto& c : cfg.cells) {
    CellResult res;
    res.spec = c;
    const Rules& R = rules_for(c);
    const AgentSpec agent = parse_agent(c.agent, cfg.mcts);
    const uint64_t seed = cell_seed(cfg.seed, c.level, c.players);
    const int chunks = (c.games + cfg.chunk - 1) / cfg.chunk;
    bool stopped = false;
    for (int k = 0; k < chunks; ++k, ++chunk_index) {
      if (chunk_index % cfg.shards != cfg.shard - 1 || stopped) continue;
      const int first = k * cfg.chunk;
      const int count = std::min(cfg.chunk, c.games - first);
      const std::string path = dir + "/chunks/" + c.id() + "-" + std::to_string(k) + ".csv";
      std::vector<GameRow> rows;
      if (fs::exists(path)) {
        rows = read_chunk(path, first, count);
        progress.read(c.agent, count);
      } else {
        const auto began = std::chrono::steady_clock::now();
        rows.resize(size_t(count));
        tbb::parallel_for(0, count, [&](int i) {
          rows[size_t(i)].game = first + i;
          rows[size_t(i)].s = play_one(R, agent, seed, uint64_t(first + i));
        }, tbb::simple_partitioner());  // one game a task: games differ a lot in length
        std::string text = std::string(CHUNK_HEADER) + "\n";
        for (const auto& r : rows) text += row_csv(r) + "\n";
        write_atomic(path, text);
        ++chunks_played;
        progress.played(c.agent, count, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count(),
                        c.id());
      }
      res.rows.insert(res.rows.end(), rows.begin(), rows.end());
      if (cfg.precision > 0 && int(res.rows.size()) >= cfg.min_games && res.ci().half_width() < cfg.precision) {
        progress.skip(c.agent, c.games - first - count);  // the rest of the cell is not needed
        stopped = true;
      }
    }
    if (verbosity > 0 && !res.rows.empty()) {
      const Interval ci = res.ci();
      std::cerr << (progress.tty ? "\r\033[K" : "") << c.id() << ": " << res.wins() << "/" << res.rows.size()
                << " won, " << std::fixed << std::setprecision(1) << 100.0 * double(res.wins()) / double(res.rows.size())
                << "% [" << 100 * ci.lo << ", " << 100 * ci.hi << "]\n";
    }
    results.push_back(std::move(res));
  }
  progress.finish();
  runs.back()["ended"] = utc_stamp();
  runs.back()["chunks_played"] = chunks_played;
  write_atomic(cfg_path, study.dump(2) + "\n");
  write_outputs(cfg, study.at("provenance"), results, dir);
  return results;
}

std::vector<CellResult> merge_studies(const std::vector<std::string>& dirs, const std::string& out) {
  if (dirs.empty()) throw UsageError("merge: no study folders given");
  StudyConfig base;
  json base_prov;
  std::set<int> shards_seen;
  json merged_runs = json::array();
  for (size_t i = 0; i < dirs.size(); ++i) {
    const std::string path = dirs[i] + "/study.json";
    if (!fs::exists(path)) throw UsageError(dirs[i] + ": no study.json");
    const json j = read_study_json(path);
    StudyConfig c = StudyConfig::from_json(j.at("config"), path);
    json cj = c.to_json();
    cj.erase("shard");
    if (i == 0) {
      base = c;
      base_prov = j.at("provenance");
    } else {
      json bj = base.to_json();
      bj.erase("shard");
      if (bj != cj) throw UsageError(path + ": config: not a shard of the same study as " + dirs[0]);
      if (j.at("provenance").at("catalog_checksum") != base_prov.at("catalog_checksum"))
        throw UsageError(path + ": catalog_checksum: shards played different tile catalogs");
    }
    json shard_runs = j.at("provenance").at("runs");
    for (auto& r : shard_runs) r["shard"] = c.shard;
    merged_runs.insert(merged_runs.end(), shard_runs.begin(), shard_runs.end());
    if (!shards_seen.insert(c.shard).second) throw UsageError(path + ": shard " + std::to_string(c.shard) + " given twice");
    if (c.shards != base.shards) throw UsageError(path + ": shard count differs");
  }
  if (int(shards_seen.size()) != base.shards)
    throw UsageError("merge: " + std::to_string(shards_seen.size()) + " of " + std::to_string(base.shards) + " shards given");
  StudyConfig cfg = base;
  cfg.shard = cfg.shards = 1;
  fs::create_directories(out + "/chunks");
  json j;
  j["config"] = cfg.to_json();
  j["provenance"] = base_prov;
  j["provenance"]["runs"] = merged_runs;
  j["merged_from"] = dirs;
  write_atomic(out + "/study.json", j.dump(2) + "\n");
  std::vector<CellResult> results;
  for (const auto& c : cfg.cells) {
    CellResult res;
    res.spec = c;
    const int chunks = (c.games + cfg.chunk - 1) / cfg.chunk;
    for (int k = 0; k < chunks; ++k) {
      const int first = k * cfg.chunk, count = std::min(cfg.chunk, c.games - first);
      const std::string name = "/chunks/" + c.id() + "-" + std::to_string(k) + ".csv";
      std::string found;
      for (const auto& d : dirs)
        if (fs::exists(d + name)) found = d + name;
      if (found.empty()) throw UsageError("merge: chunk " + c.id() + "-" + std::to_string(k) + " is in no shard: finish the shards first");
      auto rows = read_chunk(found, first, count);
      fs::copy_file(found, out + name, fs::copy_options::overwrite_existing);
      res.rows.insert(res.rows.end(), rows.begin(), rows.end());
    }
    results.push_back(std::move(res));
  }
  write_outputs(cfg, j.at("provenance"), results, out);
  return results;
}

}  // namespace mists::cli
