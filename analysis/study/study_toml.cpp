// mists analyze --config FILE: a study written as a TOML file (docs/analysis.md, "Study files").
#include <nlohmann/json.hpp>
#include <toml++/toml.h>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/study/near_miss.h"
#include "analysis/agents/params.h"
#include "analysis/study/study_config.h"
#include "engine/config/load.h"

namespace mists::analysis {

namespace {

// Reads the keys of one TOML table, each once, and refuses the keys it did not read.
class Table {
 public:
  Table(const toml::table& t, std::string file, std::string path) : t_(t), file_(std::move(file)), path_(std::move(path)) {}

  [[noreturn]] void fail(const toml::node* n, const std::string& key, const std::string& msg) const {
    const int line = n ? int(n->source().begin.line) : int(t_.source().begin.line);
    throw AnalysisError(file_ + ":" + std::to_string(line) + ": " + (path_.empty() ? key : path_ + "." + key) + ": " + msg);
  }
  const toml::node* get(const std::string& key) {
    read_.push_back(key);
    return t_.get(key);
  }
  std::optional<std::string> text(const std::string& key) {
    const toml::node* n = get(key);
    if (!n) return std::nullopt;
    if (!n->is_string()) fail(n, key, "expected a string");
    return n->value<std::string>();
  }
  std::optional<long long> integer(const std::string& key, long long lo, long long hi) {
    const toml::node* n = get(key);
    if (!n) return std::nullopt;
    if (!n->is_integer()) fail(n, key, "expected a whole number");
    const long long v = *n->value<long long>();
    if (v < lo || v > hi) fail(n, key, std::to_string(v) + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  }
  std::optional<double> real(const std::string& key, double lo, double hi) {
    const toml::node* n = get(key);
    if (!n) return std::nullopt;
    if (!n->is_number()) fail(n, key, "expected a number");
    const double v = *n->value<double>();
    if (!(v >= lo && v <= hi)) fail(n, key, "out of range");
    return v;
  }
  // A list given as an array of whole numbers or as text ("1-6", "-3..3").
  std::optional<std::vector<int>> ints(const std::string& key) {
    const toml::node* n = get(key);
    if (!n) return std::nullopt;
    if (n->is_string()) {
      try {
        return int_list(*n->value<std::string>(), key);
      } catch (const AnalysisError& e) {
        fail(n, key, e.what());
      }
    }
    if (!n->is_array()) fail(n, key, "expected a list of whole numbers or a range text such as \"1-6\"");
    std::vector<int> out;
    for (const auto& x : *n->as_array()) {
      if (!x.is_integer() || *x.value<long long>() < -1000000 || *x.value<long long>() > 1000000)
        fail(&x, key, "expected whole numbers");
      out.push_back(int(*x.value<long long>()));
    }
    if (out.empty()) fail(n, key, "empty list");
    return out;
  }
  std::optional<std::vector<std::string>> strings(const std::string& key) {
    const toml::node* n = get(key);
    if (!n) return std::nullopt;
    if (n->is_string()) return agent_list(*n->value<std::string>());
    if (!n->is_array()) fail(n, key, "expected a list of strings");
    std::vector<std::string> out;
    for (const auto& x : *n->as_array()) {
      if (!x.is_string()) fail(&x, key, "expected strings");
      out.push_back(*x.value<std::string>());
    }
    if (out.empty()) fail(n, key, "empty list");
    return out;
  }
  const toml::table* table(const std::string& key) {
    const toml::node* n = get(key);
    if (!n) return nullptr;
    if (!n->is_table()) fail(n, key, "expected a table ([" + key + "])");
    return n->as_table();
  }
  const toml::array* tables(const std::string& key) {
    const toml::node* n = get(key);
    if (!n) return nullptr;
    if (!n->is_array_of_tables()) fail(n, key, "expected tables ([[" + key + "]])");
    return n->as_array();
  }
  void done() const {
    for (const auto& [k, v] : t_)
      if (std::find(read_.begin(), read_.end(), std::string(k.str())) == read_.end())
        fail(&v, std::string(k.str()), "unknown key" + hint(std::string(k.str())));
  }
  const std::string& file() const { return file_; }
  // " (did you mean 'players'?)" for a key within two edits of one this table takes; else empty.
  std::string hint(const std::string& key) const {
    const std::string m = near_miss(key, read_);
    return m.empty() ? "" : " (did you mean '" + m + "'?)";
  }
  std::string where(const toml::node* n) const {
    return file_ + ":" + std::to_string(n ? int(n->source().begin.line) : int(t_.source().begin.line));
  }

 private:
  const toml::table& t_;
  std::string file_, path_;
  std::vector<std::string> read_;
};

void read_game(Table& g, StudyConfig& cfg) {
  if (auto v = g.text("catalog")) cfg.game.catalog = *v;
  if (auto v = g.text("abbey_catalog")) cfg.game.abbey_catalog = *v;  // read by cells with coop_abbeys
  if (auto v = g.text("toll_catalog")) cfg.game.toll_catalog = *v;    // read by cells with coop_tolls and its tiles
  if (auto v = g.text("levels_dir")) cfg.game.levels_dir = *v;
  for (const OverrideRange& r : OVERRIDE_RANGES) {
    if (std::string(r.name) == "ghosts") continue;  // per cell: ghost_deltas or ghosts
    if (auto v = g.integer(r.name, r.lo, r.hi)) {
      const std::string k = r.name;
      (k == "goal" ? cfg.game.goal : k == "hound1" ? cfg.game.hound1 : k == "hound2" ? cfg.game.hound2 : cfg.game.piles) = int(*v);
    }
  }
  for (const char* key : SWITCH_NAMES)
    if (auto v = g.text(key)) {
      try {
        set_switch(cfg.game.switches, key, *v, g.file());
      } catch (const ConfigError& e) {
        throw AnalysisError(e.what());
      }
    }
  g.done();
}

void read_search(Table& s, const toml::table& t, StudyConfig& cfg) {
  AgentParams p;
  p.mcts = cfg.mcts;
  for (const auto& [k, v] : t) {
    const std::string key(k.str());
    const ParamDef* def = nullptr;
    for (const ParamDef& d : param_table())
      if (d.group == ParamGroup::Search && d.name == key) def = &d;
    if (!def) s.fail(&v, key, "unknown search parameter");
    s.get(key);
    std::string text;
    if (v.is_string()) text = *v.value<std::string>();
    else if (v.is_boolean()) text = *v.value<bool>() ? "true" : "false";
    else if (v.is_integer()) text = std::to_string(*v.value<long long>());
    else if (v.is_floating_point()) text = nlohmann::json(*v.value<double>()).dump();  // shortest exact text
    else s.fail(&v, key, "expected a number, true/false or a text");
    set_param(p, true, *def, text, s.where(&v) + ": search");
  }
  cfg.mcts = p.mcts;
}

}  // namespace

StudyConfig study_from_toml(const std::string& path) {
  toml::table root;
  try {
    root = toml::parse(read_file(path), path);
  } catch (const toml::parse_error& e) {
    throw AnalysisError(path + ":" + std::to_string(e.source().begin.line) + ": syntax: " + std::string(e.description()));
  }
  StudyConfig cfg;
  Table top(root, path, "");
  cfg.title = top.text("title").value_or("Mists over Carcassonne — study " + path);
  if (const toml::node* n = top.get("seed")) {
    if (!n->is_integer() || *n->value<long long>() < 0) top.fail(n, "seed", "expected a whole number from 0");
    cfg.seed = uint64_t(*n->value<long long>());
  }
  cfg.chunk = int(top.integer("chunk", 1, 100000).value_or(cfg.chunk));
  if (const toml::node* n = top.get("trace")) {
    if (!n->is_boolean()) top.fail(n, "trace", "expected true or false");
    cfg.trace = *n->value<bool>();
  }
  if (const toml::node* n = top.get("records")) {
    if (!n->is_boolean()) top.fail(n, "records", "expected true or false");
    cfg.records = *n->value<bool>();
  }
  cfg.precision = top.real("precision", 0, 0.5).value_or(0);
  cfg.min_games = int(top.integer("min_games", 1, 100000000).value_or(cfg.min_games));
  const int games = int(top.integer("games", 1, 100000000).value_or(2000));
  if (const toml::table* g = top.table("game")) {
    Table t(*g, path, "game");
    read_game(t, cfg);
  }
  if (const toml::table* s = top.table("search")) {
    Table t(*s, path, "search");
    read_search(t, *s, cfg);
  }
  const toml::array* cells = top.tables("cells");
  if (!cells || cells->empty()) top.fail(nullptr, "cells", "missing: give at least one [[cells]] block");
  for (size_t i = 0; i < cells->size(); ++i) {
    const toml::table& ct = *cells->get(i)->as_table();
    Table c(ct, path, "cells[" + std::to_string(i) + "]");
    const auto levels = c.ints("levels").value_or(std::vector<int>{1, 2, 3, 4, 5, 6});
    const auto players = c.ints("players");
    const auto agents = c.strings("agents").value_or(std::vector<std::string>{"expert"});
    const auto deltas = c.ints("ghost_deltas");
    const auto totals = c.ints("ghosts");
    if (deltas && totals) c.fail(nullptr, "ghosts", "ghost_deltas and ghosts exclude each other");
    const int n = int(c.integer("games", 1, 100000000).value_or(games));
    // Lever settings (docs/rules.md C): "none,coop_abbeys=per_colour" or ["none", "coop_abbeys=per_colour"].
    std::vector<Levers> levers{Levers{}};
    std::string levers_where;
    if (const toml::node* v = c.get("levers")) {
      const std::string where = c.where(v) + ": cells[" + std::to_string(i) + "].levers";
      levers_where = where;
      if (v->is_string()) {
        levers = lever_list(*v->value<std::string>(), where);
      } else if (v->is_array() && !v->as_array()->empty()) {
        std::string joined;
        for (const auto& x : *v->as_array()) {
          if (!x.is_string()) c.fail(&x, "levers", "expected lever settings as strings (none, coop_abbeys=per_colour, ...)");
          joined += (joined.empty() ? "" : ",") + *x.value<std::string>();
        }
        levers = lever_list(joined, where);
      } else {
        c.fail(v, "levers", "expected a lever setting or a list of them (none, coop_abbeys=per_colour, ...)");
      }
    }
    c.done();  // a mistyped key first ("playres": did you mean 'players'?), then what is missing
    if (!players)
      c.fail(nullptr, "players", "missing: the player counts of these cells, e.g. players = [2] (a [[cells]] block names them; there is no default)");
    add_cells(cfg, agents, levels, *players, totals ? *totals : deltas.value_or(std::vector<int>{0}), bool(totals), n,
              c.where(&ct) + ": cells[" + std::to_string(i) + "]", levers, levers_where);
  }
  top.done();
  return cfg;
}

}  // namespace mists::analysis
