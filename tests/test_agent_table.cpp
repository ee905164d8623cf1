// The agent tables of both games (analysis/agents/param_value.h AgentRow): every row parses to a spec with
// its row's kind and flags, the names come from the tables, the co-op factory makes every player by
// its kind, and no code outside the tables compares an agent's name (a search of the sources).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/agents/vs_agents.h"
#include "support.h"

using namespace mists;

TEST_CASE("agent tables: each row parses to its kind and flags; names are the tables'") {
  std::set<unsigned> kinds;
  std::vector<std::string> names;
  for (const analysis::AgentRow& r : analysis::agent_table()) {
    CAPTURE(r.name);
    const analysis::AgentSpec a = analysis::parse_agent(std::string(r.name));
    CHECK(a.kind == r.kind);
    CHECK(a.reads_deal == r.reads_deal);
    CHECK(a.plays == r.plays);
    CHECK(analysis::sees_the_deal(a) == r.reads_deal);
    CHECK(analysis::agent_bit(r.name) == r.kind);
    CHECK(analysis::agent_kind(std::string(r.name) + ":stream=1") == r.kind);
    names.emplace_back(r.name);
    kinds.insert(r.kind);
  }
  CHECK(names == analysis::agent_names());
  CHECK(kinds.size() == 7);  // mcts and the clairvoyant share the search's kind
  CHECK(analysis::agent_bit("nonsense") == 0);
  const std::string listed = "(" + analysis::agent_row_names(analysis::agent_table()) + ")";
  CHECK_THROWS_WITH_AS(analysis::parse_agent("nonsense"), doctest::Contains(listed.c_str()), analysis::AnalysisError);
  // The deal by a setting: the planner told the deal, td with a preview.
  CHECK(analysis::sees_the_deal(analysis::parse_agent("planner:deals=true")));
  CHECK(analysis::sees_the_deal(analysis::parse_agent("td:preview=1")));
  CHECK_FALSE(analysis::sees_the_deal(analysis::parse_agent(analysis::BEST_FAIR_AGENT)));
  // The factory by kind: every player plays a move; the solver is refused, the clairvoyant needs the deal.
  const Rules R = test::mists_rules(1, 2);
  const Deal deal = seeded_deal(R, 1, 0);
  State s = initial_state(R, deal);
  apply_draw(R, s, deal_outcome(R, deal, s));
  std::vector<Action> opts(MAX_ACTIONS);
  const int n = legal_actions(R, s, opts.data());
  REQUIRE(n > 1);
  for (const analysis::AgentRow& r : analysis::agent_table()) {
    CAPTURE(r.name);
    const analysis::AgentSpec a = analysis::parse_agent(std::string(r.name) + (r.kind == analysis::SEARCH ? ":playouts=20" : ""));
    if (!r.plays) {
      CHECK_THROWS_AS(analysis::make_agent(R, a, 1, nullptr), analysis::AnalysisError);
      continue;
    }
    if (r.reads_deal) CHECK_THROWS_AS(analysis::make_agent(R, a, 1, nullptr), analysis::AnalysisError);
    const analysis::Chooser c = analysis::make_agent(R, a, 1, std::make_shared<const Deal>(deal));
    const int pick = c(s, opts.data(), n);
    CHECK((pick >= 0 && pick < n));
  }
  // The competitive table: the same shape.
  std::vector<std::string> vs_names;
  for (const analysis::AgentRow& r : analysis::vs_agent_table()) {
    const analysis::VsAgentSpec a = analysis::parse_vs_agent(std::string(r.name));
    CHECK(a.kind == r.kind);
    CHECK_FALSE(r.reads_deal);
    CHECK(r.plays);
    vs_names.emplace_back(r.name);
  }
  CHECK(analysis::vs_agent_names() == "random, greedy, expert, mcts");
  CHECK(vs_names.size() == 4);
}

TEST_CASE("agent tables: no code outside them compares an agent's name") {
  namespace fs = std::filesystem;
  // NAME == "mcts", "td" != text, name.substr(...) == "solver": a quoted agent name with == or != beside it.
  std::set<std::string> all;
  for (const analysis::AgentRow& r : analysis::agent_table()) all.emplace(r.name);
  for (const analysis::AgentRow& r : analysis::vs_agent_table()) all.emplace(r.name);
  auto compares = [&](const std::string& line) {
    for (const std::string& a : all) {
      const std::string quoted = "\"" + a + "\"";
      for (size_t at = line.find(quoted); at != std::string::npos; at = line.find(quoted, at + 1)) {
        size_t before = at;
        while (before > 0 && line[before - 1] == ' ') --before;
        size_t after = at + quoted.size();
        while (after < line.size() && line[after] == ' ') ++after;
        const bool op_before = before >= 2 && line[before - 1] == '=' && (line[before - 2] == '=' || line[before - 2] == '!');
        const bool op_after = after + 1 < line.size() && line[after + 1] == '=' && (line[after] == '=' || line[after] == '!');
        if (op_before || op_after) return true;
      }
    }
    return false;
  };
  CHECK(compares("  if (a.name == \"mcts\") {"));
  CHECK(compares("return \"solver\" != text;"));
  CHECK_FALSE(compares("const char* x = \"mcts\";"));
  int files = 0;
  std::vector<std::string> found;
  for (const char* dir : {"analysis", "cli", "python", "serve", "solver"}) {
    for (const auto& e : fs::recursive_directory_iterator(test::source_path(dir))) {
      const std::string ext = e.path().extension().string();
      if (ext != ".cpp" && ext != ".h") continue;
      ++files;
      std::ifstream in(e.path());
      std::string line;
      for (int ln = 1; std::getline(in, line); ++ln)
        if (compares(line) && line.find("method") == std::string::npos)  // mists train --method td: a method
          found.push_back(e.path().filename().string() + ":" + std::to_string(ln) + ": " + line);
    }
  }
  CHECK(files > 100);
  std::string list;
  for (const std::string& f : found) list += f + "\n";
  CHECK_MESSAGE(found.empty(), list);
}
