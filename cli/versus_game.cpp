// The competitive games' rows of the command line's games (cli/games.h), the base game's and GCC's
// (with any modules; docs/versus.md): what mists play, bench, replay and review do for them.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "analysis/agents/vs_agents.h"
#include "analysis/pages/versus_review.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "analysis/run/files.h"
#include "analysis/tournament/tournament.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/versus/record.h"
#include "engine/versus/versus.h"

namespace mists::cli {

namespace {

// The same checks as a co-op record's, the text board, --svg, --html.
void replay_versus(const ReplayFlags& f, const std::string& text) {
  const std::string& file = f.file;
  const bool show = f.show;
  if (!f.catalog.empty()) throw UsageError("--catalog: a competitive record names two catalogs; it reads the ones it names");
  const analysis::LoadedVsRecord g = analysis::load_vs_record(file, text);
  const vs::VsRecord& rec = g.rec;
  const vs::VsRules& R = g.rules;
  std::cout << "replaying " << file << ": " << R.describe() << ", seed " << rec.seed << " deal " << rec.deal << ", agents";
  for (const auto& a : rec.agents) std::cout << ' ' << a;
  std::cout << '\n';
  if (show) std::cout << vs::vs_board_legend(R) << '\n';
  int board = 0;  // the boards --show prints are the game page's frames after the set-up
  const vs::VsReplay r = vs::vs_replay(R, rec, file, [&](const vs::VsState& s, const std::string& step) {
    if (!show) return;
    std::cout << "  " << step << '\n';
    if (analysis::versus_turn_ends(s, step))
      std::cout << "board " << ++board << " (turn " << s.turn << ")\n" << vs::render_vs_board(R, s) << '\n';
  });
  std::cout << vs::render_vs_board(R, r.final_state);
  if (!f.svg.empty()) {
    analysis::VsPicture pic;
    pic.title = analysis::versus_short_title(R);
    pic.seats = rec.agents;
    analysis::write_atomic(f.svg, analysis::render_versus_svg(R, r.final_state, pic));
    std::cout << "board drawn: " << f.svg << '\n';
  }
  if (!f.html.empty()) {
    analysis::write_atomic(f.html, analysis::versus_viewer_html(g, file));
    std::cout << "game page: " << f.html << '\n';
  }
  std::cout << "ok: " << rec.steps.size() << " recorded steps, " << r.summary.forced << " forced decisions replayed; "
            << (rec.unfinished ? "scores so far" : "final scores");
  for (int x : rec.result) std::cout << ' ' << x;
  std::cout << " confirmed" << (rec.unfinished ? " (the game is unfinished: it stops at turn " + std::to_string(r.final_state.turn) + ")" : "") << "\n";
}

// Seat by seat: the judge (mcts by default) against the option played, valued by the rollout
// (expert) at every seat, in points of the deciding seat's final margin.
void review_versus(const CLI::App& cmd, ReviewFlags& f, const std::string& text) {
  if (f.agent.empty()) f.agent = "mcts";
  if (f.rollout.empty()) f.rollout = "expert";
  if (cmd.count("--catalog")) throw UsageError("--catalog is for co-op records; a competitive record names its catalogs and checksums");
  analysis::VsReview review{analysis::parse_vs_agent(f.agent), analysis::parse_vs_agent(f.rollout), f.seat};
  if (!cmd.count("--negligible")) f.how.negligible = analysis::VS_NEGLIGIBLE;
  if (!cmd.count("--repeats")) f.how.repeats = analysis::VS_REPEATS;
  const analysis::LoadedVsRecord g = analysis::load_vs_record(f.file, text);
  const std::vector<analysis::ReviewMark> marks = analysis::review_vs_record(g, review, f.how);
  const std::string out = analysis::review_vs_text(g, marks, review, f.top, f.how);
  if (f.out.empty()) std::cout << out;
  else analysis::write_atomic(f.out, out);
  if (!f.html.empty()) {
    analysis::write_atomic(f.html, analysis::versus_viewer_html(g, f.file, &marks, f.how));
    std::cerr << "game page with the review: " << f.html << '\n';
  }
}

// mists play --game base|gcc: one competitive game, its record to --out or standard output.
void play_versus(const CLI::App& cmd, const PlayFlags& f, const CliGame& row) {
  const std::string game = row.name;
  const int players = cmd.count("--players") ? f.opt.players : 2;
  const std::string& out = f.out;
  const std::string& svg = f.svg;
  const std::string& html = f.html;
  if (players < 2 || players > 6)
    throw UsageError("--players " + std::to_string(players) + ": the competitive games take 2 to 6 players (G1.2)");
  const analysis::TournamentConfig c = f.vs.game_config(cmd, game, players);
  // One agent for every seat, or one a seat.
  std::vector<std::string> list = vs_agent_list(f.agent);
  if (list.size() == 1) list.assign(size_t(players), list.front());
  if (int(list.size()) != players)
    throw UsageError("--agents: " + std::to_string(list.size()) + " agents for " + std::to_string(players) +
                     " players; give one agent a seat, or one for every seat");
  const vs::VsRules R = c.rules();  // game_config has built them once: they build
  std::string text;
  const vs::VsSummary g = analysis::play_vs_game(R, list, f.seed, f.deal, text);
  if (out.empty()) std::cout << text;
  else analysis::write_atomic(out, text);
  std::cerr << "scores";
  for (int p = 0; p < players; ++p) std::cerr << ' ' << g.score[size_t(p)];
  std::cerr << ", " << g.turns << " tiles placed, " << g.discarded << " discarded\n";
  if (f.show || !svg.empty() || !html.empty()) {
    const analysis::LoadedVsRecord loaded = analysis::load_vs_record(out.empty() ? "(this game)" : out, text);
    const vs::VsReplay r = vs::vs_replay(loaded.rules, loaded.rec, loaded.path);
    if (f.show) std::cerr << vs::render_vs_board(R, r.final_state) << '\n' << vs::vs_board_legend(R);
    if (!svg.empty()) {
      analysis::VsPicture pic;
      pic.title = analysis::versus_short_title(R);
      pic.seats = list;
      analysis::write_atomic(svg, analysis::render_versus_svg(R, r.final_state, pic));
      std::cerr << "board: " << svg << '\n';
    }
    if (!html.empty()) {
      analysis::write_atomic(html, analysis::versus_viewer_html(loaded, out.empty() ? "mists play --game " + game : out));
      std::cerr << "game page: " << html << '\n';
    }
  }
}


// The competitive games: uniform random play, farmers on, one thread. Each game shuffles the pile
// from its own deal stream; every decision picks uniformly among the legal options (placements,
// the ghost steps of GCC, then the meeple step's options). Reports what a reader needs to compare
// with other engines doing the same work; GCC adds what ghosts, guards and castles did.
// With modules (`cfg.expansions`) the same, every module's options among the random choices.
void bench_run(const analysis::TournamentConfig& cfg, int games) {
  const vs::VsRules R = cfg.rules();
  const int players = cfg.players;
  const vs::VsGame game = R.game;
  long long placements = 0, decisions = 0, forced = 0, points = 0;
  long long ghosts = 0, scared = 0, guards = 0, castle = 0, ghost_points = 0;
  std::array<long long, 8> module{};  // abbeys, mayors, wagon moves, barn, abbot, toll, chip points, upgrades
  std::vector<int> extent;  // the longer side of each final board
  uint64_t signature = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    const vs::VsDeal deal = analysis::make_vs_deal(R, BENCH_SEED, uint64_t(g));  // the pile by the deal's stream
    Rng rng(stream_seed(BENCH_SEED, uint64_t(g), AGENT_STREAM));
    const vs::VsSummary r = vs::play_game(R, deal, [&](const vs::VsState&, const vs::VsAction*, int n) {
      return int(rng.below(uint32_t(n)));
    });
    placements += r.turns;
    extent.push_back(std::max(r.width, r.height));
    decisions += r.decisions;
    forced += r.forced;
    for (int p = 0; p < players; ++p) {
      points += r.score[size_t(p)];
      signature = bench_mix(signature, uint64_t(uint32_t(r.score[size_t(p)])));
      ghosts += r.stats[size_t(p)].ghosts_taken;
      scared += r.stats[size_t(p)].scared_off;
      guards += r.stats[size_t(p)].guards_gained;
      castle += r.stats[size_t(p)].castle_points;
      ghost_points += r.stats[size_t(p)].ghost_points;
      const vs::VsSeatStats& st = r.stats[size_t(p)];
      const long long m[8] = {st.abbeys, st.mayors, st.wagon_moves, st.barn_points, st.abbot_points, st.toll_points,
                              st.chip_points, st.upgrades};
      for (size_t k = 0; k < 8; ++k) module[k] += m[k];
    }
    signature = bench_mix(signature, uint64_t(r.turns * 1000 + r.discarded));
  }
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (game == vs::VsGame::Gcc)
    std::printf("Ghosts, Castles & Cemeteries (G1-G5), %d players, uniform random play, farmers on, 1 thread (%s + %s):\n",
                players, R.catalog.path.c_str(), R.gcc_catalog.path.c_str());
  else
    std::printf("base game (G1), %d players, uniform random play, farmers on, 1 thread (%s):\n", players,
                R.catalog.path.c_str());
  if (R.modules || R.switches.abbot)
    std::printf("  with            %s; %s\n", cfg.expansions.empty() ? "no module" : cfg.expansions.c_str(),
                vs::describe(R.switches, R.modules).c_str());
  std::printf("  games            %d\n", games);
  std::printf("  seconds          %.3f\n", sec);
  std::printf("  games/s          %.0f\n", games / sec);
  std::printf("  placements/s     %.0f\n", double(placements) / sec);
  std::printf("  decisions/game   %.2f (%.2f with two or more options, %.2f forced)\n",
              double(decisions + forced) / games, double(decisions) / games, double(forced) / games);
  std::printf("  mean length      %.2f tiles\n", double(placements) / games);
  std::printf("  mean score       %.2f a player\n", double(points) / games / players);
  if (game == vs::VsGame::Gcc)
    std::printf("  a game           %.2f ghosts attached, %.2f meeples scared off, %.2f points to ghosts, "
                "%.2f guards gained, %.2f castle points\n",
                double(ghosts) / games, double(scared) / games, double(ghost_points) / games, double(guards) / games,
                double(castle) / games);
  if (R.modules || R.switches.abbot)
    std::printf("  a game           %.2f abbeys, %.2f mayors placed, %.2f wagon moves, %.2f barn points, %.2f abbot points, "
                "%.2f toll points, %.2f chip points, %.2f upgrades\n",
                double(module[0]) / games, double(module[1]) / games, double(module[2]) / games, double(module[3]) / games,
                double(module[4]) / games, double(module[5]) / games, double(module[6]) / games, double(module[7]) / games);
  std::sort(extent.begin(), extent.end());
  auto at = [&](double q) { return extent[std::min(extent.size() - 1, size_t(q * double(extent.size())))]; };
  std::printf("  board extent     longer side of the final board: median %d, 99%% %d, max %d cells "
              "(the board holds %d)\n", at(0.5), at(0.99), extent.back(), vs::VS_W - 2);
  std::printf("  position size    %zu bytes\n", sizeof(vs::VsState));
  std::string label(vs::game_name(game));
  if (!cfg.expansions.empty()) label += "+" + cfg.expansions;
  if (R.switches.abbot) label += "+abbot";
  std::printf("Bench (%s): %016llx\n", label.c_str(), static_cast<unsigned long long>(signature));
}

// mists bench --game base|gcc: --base-players seats, --games games (by default 100000 of the base
// game, 20000 of GCC, 10000 with modules).
void bench_versus(const CLI::App& cmd, const BenchFlags& f, const CliGame& row) {
  const analysis::TournamentConfig c = f.vs.game_config(cmd, row.name, f.players);
  bench_run(c, cmd.count("--games") ? f.games : !c.expansions.empty() ? 10000 : &row == &GCC_GAME ? 20000 : 100000);
}

bool holds(const std::string& text) { return vs::is_vs_record(text); }

}  // namespace

const CliGame BASE_GAME{"base", {VS_GROUP, nullptr}, true, holds, replay_versus, review_versus, play_versus, bench_versus, analysis::vs_params_markdown};
const CliGame GCC_GAME{"gcc", {VS_GROUP, GCC_GROUP}, true, holds, replay_versus, review_versus, play_versus, bench_versus, analysis::vs_params_markdown};

}  // namespace mists::cli
