// The competitive search's building blocks and the competitive command lines (docs/versus.md):
// the board and the copy a search pays (engine/versus/versus.h), the expert's whole turns, the search
// over whole turns (`macro`), the report's final-score distribution, `mists play --game gcc`, and
// `mists analyze|compare --game gcc` as the round robin of `mists versus`.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include "analysis/tournament/tournament.h"
#include "engine/config/load.h"
#include "engine/versus/record.h"
#include "shell_helpers.h"
#include "solver/rng.h"
#include "solver/versus_agents.h"
#include "support.h"

using namespace mists;
using namespace mists::vs;
namespace fs = std::filesystem;

namespace {

VsRules gcc(int players) {
  return build_gcc_rules(load_catalog(test::source_path("configs/tiles/base-c3.toml")),
                         load_catalog(test::source_path("configs/tiles/mists-reconstructed.toml")), players);
}

std::string slurp(const std::string& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Everything the rules read of a position (the unused nodes excepted): the bytes before the nodes
// (both positions are byte copies of one position, then the same steps), the used nodes field by
// field.
void same_position(const VsState& a, const VsState& b) {
  REQUIRE(a.n_nodes == b.n_nodes);
  CHECK(std::memcmp(&a, &b, offsetof(VsState, nodes)) == 0);
  for (int i = 0; i < a.n_nodes; ++i) {
    const VsNode &x = a.nodes[size_t(i)], &y = b.nodes[size_t(i)];
    CHECK((x.parent == y.parent && x.next == y.next && x.open == y.open && x.meeples == y.meeples && x.done == y.done &&
           x.tile == y.tile && x.region == y.region && x.kind == y.kind));
  }
}

}  // namespace

TEST_CASE("copy_position: a dirty buffer plays on exactly as the full copy; the board finds every tile") {
  const VsRules R = gcc(3);
  Rng rng(5);
  VsState s = initial_state(R);
  VsState dirty = initial_state(R);
  std::vector<uint8_t> order = pile_in_play(R);
  rng.shuffle(order);
  size_t next = 0;
  VsAction a[VS_MAX_ACTIONS];
  int checked = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      apply_draw(R, s, order[next++]);
      continue;
    }
    const int n = legal_actions(R, s, a);
    const VsAction pick = a[rng.below(uint32_t(n))];
    // The buffer last held a later position of another game; copy_position must make it this one.
    copy_position(dirty, s);
    VsState full = s;
    apply(R, dirty, pick);
    apply(R, full, pick);
    same_position(dirty, full);
    apply(R, s, pick);
    for (int i = 0; i < s.n_tiles; ++i) CHECK(s.grid[s.tiles[size_t(i)].cell] == i + 1);
    CHECK(check(R, s).empty());  // includes every frontier cell's cached constraint
    ++checked;
    // Fill the buffer with a far-on position (more nodes) so that a stale tail would show.
    for (int k = 0; k < 3 && !is_over(dirty); ++k) {
      if (is_chance(dirty)) {
        int t = 0;
        while (!dirty.unseen[size_t(t)]) ++t;
        apply_draw(R, dirty, t);
        continue;
      }
      legal_actions(R, dirty, a);
      apply(R, dirty, a[0]);
    }
  }
  CHECK(checked > 200);
}

TEST_CASE("G6.2 the expert's whole turns: every placement with its meeple steps; the best is the expert's value") {
  const VsRules R = gcc(4);
  VsGreedyAgent expert(R, 3, ExpertWeights{});
  VsGreedyAgent judge(R, 3, ExpertWeights{});
  std::vector<uint8_t> order = pile_in_play(R);
  Rng(9).shuffle(order);
  std::vector<VsTurn> turns;
  int placements_checked = 0;
  auto choose = [&](const VsState& s, const VsAction* o, int n) {
    if (s.phase == VsPhase::Place && placements_checked < 40) {
      judge.turns(s, turns);
      // One turn per placement and meeple step, each starting with a legal placement.
      std::vector<uint32_t> places;
      for (const VsTurn& t : turns) {
        REQUIRE(t.n >= 2);
        CHECK(t.step[0].kind() == VsKind::Place);
        CHECK(t.step[size_t(t.n - 1)].kind() == VsKind::Meeple);
        places.push_back(t.step[0].bits);
      }
      std::sort(places.begin(), places.end());
      places.erase(std::unique(places.begin(), places.end()), places.end());
      CHECK(int(places.size()) == n);
      // Per placement, the best turn's value is what the expert's turn search gives it, and
      // playing the turn's steps gives that value.
      for (int i = 0; i < n; ++i) {
        double best = -1e18;
        const VsTurn* top = nullptr;
        for (const VsTurn& t : turns)
          if (t.step[0] == o[i] && t.value > best) best = t.value, top = &t;
        REQUIRE(top);
        CHECK(best == doctest::Approx(judge.turn_value(s, o[i])));
        VsState u = s;
        for (int k = 0; k < top->n; ++k) apply(R, u, top->step[size_t(k)]);
        CHECK(expert_value(R, u, s.player, ExpertWeights{}) == doctest::Approx(best));
      }
      ++placements_checked;
    }
    return expert(s, o, n);
  };
  play_game(R, order, choose);
  CHECK(placements_checked == 40);
}

TEST_CASE("G6.3 the search over whole turns: legal, follows its plan, reproducible from its seed, beats random") {
  const VsRules R = gcc(2);
  VsMctsConfig cfg;
  cfg.macro = 3;
  cfg.playouts = 30;
  std::vector<uint8_t> order = pile_in_play(R);
  Rng(4).shuffle(order);
  auto game = [&](uint64_t seed, std::vector<std::string>* steps) {
    VsMctsAgent search(R, cfg, seed);
    VsRandomAgent rnd(seed + 1);
    VsAction planned{};  // the search's placement, to see its turn completed
    int followed = 0;
    auto choose = [&](const VsState& s, const VsAction* o, int n) {
      if (s.player == 1) return rnd(s, o, n);
      const int pick = search(s, o, n);
      if (s.phase == VsPhase::Place) planned = o[pick];
      else followed += planned.kind() == VsKind::Place;
      return pick;
    };
    std::vector<std::string> log;
    const VsSummary sum = play_logged(R, order, choose, log);
    if (steps) *steps = log;
    CHECK(followed > 0);
    CHECK(search.playouts() > 0);
    return sum;
  };
  std::vector<std::string> a, b;
  const VsSummary x = game(17, &a), y = game(17, &b);
  CHECK(a == b);
  CHECK(x.score == y.score);
  CHECK(x.score[0] > x.score[1]);
}

TEST_CASE("G6.3 macro search: the turn it plays is one of the expert's best `macro` turns, step by step") {
  const VsRules R = gcc(4);
  VsMctsConfig cfg;
  cfg.macro = 2;
  cfg.playouts = 20;
  VsMctsAgent search(R, cfg, 8);
  VsGreedyAgent judge(R, 0, ExpertWeights{});  // margin, as the search ranks turns by default
  std::vector<uint8_t> order = pile_in_play(R);
  Rng(12).shuffle(order);
  std::vector<VsTurn> turns;
  std::vector<VsAction> played;
  int turns_checked = 0;
  auto finish = [&] {
    if (played.empty()) return;
    // The steps the search played this turn (forced ones are not asked) match one of the two
    // best turns' steps in order.
    std::stable_sort(turns.begin(), turns.end(), [](const VsTurn& p, const VsTurn& q) { return p.value > q.value; });
    bool match = false;
    for (size_t k = 0; k < std::min<size_t>(2, turns.size()) && !match; ++k) {
      size_t j = 0;
      for (int i = 0; i < turns[k].n && j < played.size(); ++i)
        if (turns[k].step[size_t(i)] == played[j]) ++j;
      match = j == played.size();
    }
    CHECK(match);
    ++turns_checked;
    played.clear();
  };
  auto choose = [&](const VsState& s, const VsAction* o, int n) {
    if (s.player != 0) return int(0);
    if (s.phase == VsPhase::Place) {
      finish();
      judge.turns(s, turns);
    }
    const int pick = search(s, o, n);
    played.push_back(o[pick]);
    return pick;
  };
  play_game(R, order, choose);
  finish();
  CHECK(turns_checked > 20);
}

TEST_CASE("mists versus report: each agent's final-score quantiles and score bands") {
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-versus-scores");
  fs::remove_all(dir);
  analysis::TournamentConfig c;
  c.game = "gcc";
  c.players = 2;
  c.agents = {"greedy", "random"};
  c.games = 4;
  c.chunk = 4;
  c.seed = 3;
  c.base_catalog = test::source_path("configs/tiles/base-c3.toml");
  c.gcc_catalog = test::source_path("configs/tiles/mists-reconstructed.toml");
  const std::string report = analysis::run_tournament(c, dir.string(), false, 1, "test", true);
  REQUIRE(report.find("## Final scores") != std::string::npos);
  CHECK(report.find("| agent | seats | mean | min | 10% | 25% | median | 75% | 90% | max |") != std::string::npos);
  CHECK(report.find("| agent | 0-19 | 20-39 |") != std::string::npos);
  // The quantiles of greedy's four seats, recomputed from the chunk rows.
  std::vector<double> greedy;
  for (const auto& e : fs::directory_iterator(dir / "chunks")) {
    std::istringstream in(slurp(e.path().string()));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#' || line.rfind("game", 0) == 0) continue;
      std::vector<std::string> f;
      std::string x;
      std::istringstream ls(line);
      while (std::getline(ls, x, ',')) f.push_back(x);
      const int seat_of_greedy = f[1] == "0/1" ? 0 : 1;  // the agents by seat, greedy is agent 0
      const std::string scores = f[2];
      const size_t slash = scores.find('/');
      greedy.push_back(std::stod(seat_of_greedy == 0 ? scores.substr(0, slash) : scores.substr(slash + 1)));
    }
  }
  REQUIRE(greedy.size() == 4);
  std::sort(greedy.begin(), greedy.end());
  std::ostringstream row;
  row << std::fixed << std::setprecision(1) << "| greedy | 4 | " << (greedy[0] + greedy[1] + greedy[2] + greedy[3]) / 4 << " | "
      << greedy[0] << " | ";
  CHECK_MESSAGE(report.find(row.str()) != std::string::npos, row.str());
  fs::remove_all(dir);
}

TEST_CASE("mists play --game gcc: one competitive game, the record of versus's game 2D; co-op flags refused") {
  namespace sh = mists::test::sh;
  const fs::path dir = mists::test::sh::own_temp_dir("mists-test-play-gcc");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string rec = (dir / "game.txt").string(), svg = (dir / "game.svg").string();
  const auto ok = sh::mists_cmd("play --game gcc --players 2 --agents expert,greedy --seed 3 --deal 1 --out " + rec + " --svg " + svg);
  REQUIRE_MESSAGE(ok.status == 0, ok.output);
  CHECK(ok.output.find("scores ") != std::string::npos);
  CHECK(slurp(svg).rfind("<svg", 0) == 0);
  const auto replay = sh::mists_cmd("replay " + rec);
  CHECK_MESSAGE(replay.status == 0, replay.output);
  const auto versus = sh::mists_cmd("versus --game gcc --players 2 --agents expert,greedy --seed 3 --games 4 --records --quiet "
                                    "--threads 1 --out " + (dir / "t").string());
  REQUIRE(versus.status == 0);
  auto no_revision = [](std::string t) { return t.substr(t.find('\n', t.find("revision"))); };
  CHECK(no_revision(slurp(rec)) == no_revision(slurp((dir / "t" / "records" / "pair0-g2.txt").string())));
  // One agent for every seat; 4 players; the base game.
  CHECK(sh::mists_cmd("play --game gcc --players 4 --agents greedy --out " + (dir / "g4.txt").string()).status == 0);
  CHECK(slurp((dir / "g4.txt").string()).find("players 4") != std::string::npos);
  CHECK(sh::mists_cmd("play --game base --players 3 --agents random,greedy,expert --out " + (dir / "b3.txt").string()).status == 0);
  // Refusals, each with its reason.
  const auto coop_flag = sh::mists_cmd("play --game gcc --level 3");
  CHECK(coop_flag.status == 2);
  CHECK(coop_flag.output.find("--level is a co-op flag") != std::string::npos);
  // A co-op lever on a competitive game is refused too, never ignored.
  const auto lever = sh::mists_cmd("play --game gcc --agents greedy,random --levers coop_dragon=on");
  CHECK(lever.status == 2);
  CHECK(lever.output.find("--levers is a co-op flag") != std::string::npos);
  const auto comp_flag = sh::mists_cmd("play --level 3 --switch score_floor=each");
  CHECK(comp_flag.status == 2);
  CHECK(comp_flag.output.find("--switch is a flag of the competitive games") != std::string::npos);
  const auto count = sh::mists_cmd("play --game gcc --players 3 --agents greedy,random");
  CHECK(count.status == 2);
  CHECK(count.output.find("2 agents for 3 players") != std::string::npos);
  const auto seven = sh::mists_cmd("play --game gcc --players 7");
  CHECK(seven.status == 2);
  CHECK(seven.output.find("--players: 7 is out of range 1..6") != std::string::npos);  // the flag's range (co-op 1-5 too)
  const auto one = sh::mists_cmd("play --game gcc --players 1");
  CHECK(one.status == 2);
  CHECK(one.output.find("2 to 6 players (G1.2)") != std::string::npos);
  const auto coop_six = sh::mists_cmd("play --level 2 --players 6");
  CHECK(coop_six.status == 2);
  const auto agent = sh::mists_cmd("play --game gcc --agents greedy,planner");
  CHECK(agent.status == 2);
  CHECK(agent.output.find("'planner' is not a competitive agent") != std::string::npos);
  // The co-op game as before: a game index, its record.
  const auto coop = sh::mists_cmd("play --level 2 --players 2 --deal 1 --agent greedy --seed 4");
  CHECK(coop.status == 0);
  CHECK(coop.output.find("result lost") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("mists analyze and compare --game gcc play the round robin of mists versus; co-op flags refused") {
  namespace sh = mists::test::sh;
  const fs::path a = mists::test::sh::own_temp_dir("mists-test-alias-a"), b = mists::test::sh::own_temp_dir("mists-test-alias-b");
  fs::remove_all(a);
  fs::remove_all(b);
  const auto cmp = sh::mists_cmd("compare --game gcc --players 2 --agents greedy,random --games 4 --chunk 2 --quiet --threads 1 --out " +
                                 a.string());
  REQUIRE_MESSAGE(cmp.status == 0, cmp.output);
  const auto vs = sh::mists_cmd("versus --game gcc --players 2 --agents greedy,random --games 4 --chunk 2 --quiet --threads 1 --out " +
                                b.string());
  REQUIRE(vs.status == 0);
  for (const auto& e : fs::directory_iterator(a / "chunks"))
    CHECK(slurp(e.path().string()) == slurp((b / "chunks" / e.path().filename()).string()));
  CHECK(slurp((a / "tournament.json").string()).find("mists compare --game gcc") != std::string::npos);
  // analyze resumes it (the folder knows its game).
  fs::remove(a / "chunks" / "pair0-a0-a1-1.csv");
  const auto resumed = sh::mists_cmd("analyze --game gcc --resume " + a.string() + " --quiet");
  CHECK_MESSAGE(resumed.status == 0, resumed.output);
  CHECK(fs::exists(a / "chunks" / "pair0-a0-a1-1.csv"));
  // The folder decides its game: --resume alone finds the tournament, another --game is refused.
  fs::remove(a / "chunks" / "pair0-a0-a1-1.csv");
  const auto found = sh::mists_cmd("compare --resume " + a.string() + " --quiet --threads 1");
  CHECK_MESSAGE(found.status == 0, found.output);
  CHECK(fs::exists(a / "chunks" / "pair0-a0-a1-1.csv"));
  const auto other = sh::mists_cmd("analyze --game base --resume " + a.string());
  CHECK(other.status == 2);
  CHECK(other.output.find("holds a tournament of --game gcc") != std::string::npos);
  const auto changed = sh::mists_cmd("analyze --resume " + a.string() + " --games 8");
  CHECK(changed.status == 2);
  CHECK(changed.output.find("--games cannot change a tournament") != std::string::npos);
  const auto none = sh::mists_cmd("analyze --game gcc --resume " + (a / "chunks").string());
  CHECK(none.status == 2);
  CHECK(none.output.find("holds none") != std::string::npos);
  const auto coop = sh::mists_cmd("analyze --game gcc --levels 3 --agents greedy,random");
  CHECK(coop.status == 2);
  CHECK(coop.output.find("--levels is a co-op flag; mists analyze --game gcc takes") != std::string::npos);
  const auto counts = sh::mists_cmd("analyze --game gcc --players 2,3 --agents greedy,random");
  CHECK(counts.status == 2);
  CHECK(counts.output.find("--players 2,3: a tournament of --game gcc plays one player count") != std::string::npos);
  const auto help = sh::mists_cmd("compare --help");
  CHECK(help.output.find("the round robin of competitive agents with seat rotation that mists versus plays") != std::string::npos);
  fs::remove_all(a);
  fs::remove_all(b);
}
