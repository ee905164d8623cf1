#include "analysis/study/strength.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <tuple>
#include <sstream>
#include <vector>

#include "analysis/agents/agents.h"
#include "analysis/run/files.h"
#include "analysis/study/outputs.h"

namespace mists::analysis {

namespace {

// One CSV line split at commas outside double quotes.
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (ch == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else quoted = !quoted;
    } else if (ch == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += ch;
    }
  }
  return out;
}

// (agent, level, players) -> win rate, from the official-budget cells of one cells.csv.
using Rates = std::map<std::tuple<std::string, int, int>, double>;
Rates read_rates(const std::string& path) {
  Rates r;
  std::ifstream in(path);
  std::string line;
  if (!std::getline(in, line)) return r;
  const std::vector<std::string> head = csv_fields(line);
  auto col = [&](const std::string& name) {
    for (size_t i = 0; i < head.size(); ++i)
      if (head[i] == name) return int(i);
    return -1;
  };
  const int a = col("agent"), l = col("level"), p = col("players"), d = col("ghost_delta"), w = col("win_rate");
  if (a < 0 || l < 0 || p < 0 || d < 0 || w < 0) return r;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = csv_fields(line);
    if (int(f.size()) != int(head.size()) || f[size_t(d)] != "0") continue;
    try {
      r[{f[size_t(a)], std::stoi(f[size_t(l)]), std::stoi(f[size_t(p)])}] = std::stod(f[size_t(w)]);
    } catch (const std::exception&) {  // a row that is not a cell: skipped, the note stays silent
    }
  }
  return r;
}

// The committed tables, each read once per process (a report asks for every level and agent).
const std::vector<std::pair<std::string, Rates>>& tables() {
  static const std::vector<std::pair<std::string, Rates>> read = [] {
    std::vector<std::pair<std::string, Rates>> out;
    for (const char* t : {"results/strength-v3", "results/strength-v4", "results/strength-v4-depth2"}) {
      const std::string path = resolve_input(std::string(t) + "/cells.csv");
      if (std::filesystem::exists(path)) out.emplace_back(t, read_rates(path));
    }
    return out;
  }();
  return read;
}

}  // namespace

StrengthNote strength_of(const std::string& agent, int level, int players) {
  StrengthNote n;
  n.players = players <= 2 ? 1 : 4;
  std::optional<double> best, mine;
  std::string from;
  for (const auto& [t, r] : tables()) {
    if (auto it = r.find({BEST_FAIR_AGENT, level, n.players}); it != r.end()) best = it->second;
    if (auto it = r.find({agent, level, n.players}); it != r.end() && !mine) mine = it->second, from = t;
  }
  if (best && mine) n.known = true, n.agent = *mine, n.best = *best, n.table = from;
  return n;
}

std::string weaker_warning(const std::string& agent, int level, int players) {
  if (agent == BEST_FAIR_AGENT) return "";
  const StrengthNote n = strength_of(agent, level, players);
  if (!n.known || n.best - n.agent < 0.10) return "";
  return "`" + agent + "` wins " + pct(n.agent) + "% of level " + std::to_string(level) + " with " + std::to_string(n.players) +
         (n.players == 1 ? " player" : " players") + " in " + n.table + "/, where the strongest fair agent (`" + BEST_FAIR_AGENT +
         "`) wins " + pct(n.best) + "%: this answer is that of a much weaker player (the default --agent answers for the strongest)";
}

}  // namespace mists::analysis
