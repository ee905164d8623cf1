// The co-op game's row of the command line's games (cli/games.h): what mists play, replay and
// review do with a co-op game and its record (docs/records.md); its bench is cli/coop_bench.cpp.
#include <iostream>

#include "analysis/agents/agents.h"
#include "analysis/agents/params.h"
#include "analysis/pages/viewer.h"
#include "analysis/run/files.h"
#include "analysis/study/study.h"
#include "cli/games.h"
#include "cli/options.h"
#include "engine/coop/record.h"
#include "engine/coop/text.h"

namespace mists::cli {

namespace {

// The board after each turn with --show, the final board and status, --svg, --html.
void replay_coop(const ReplayFlags& f, const std::string& text) {
  const analysis::LoadedRecord g = analysis::load_record_text(text, f.file, f.catalog);
  const Rules& rules = g.rules;
  const GameRecord& rec = g.rec;
  std::cout << "replaying " << f.file << ": " << rules.describe() << ", seed " << rec.seed << " game " << rec.game
            << ", agent " << rec.agent << '\n';
  if (rec.verdict == "open")
    std::cout << "verdict open: mists solve ran out of budget on this deal before a win or a proof of loss; these steps are the "
                 "best line it found (a lost game), and the deal may still be winnable\n";
  if (f.show) std::cout << board_legend(rules) << '\n';
  const ReplayResult r = replay(rules, rec, f.file, [&](const State& s, const std::string& step) {
    if (!f.show) return;
    std::cout << "  " << step << '\n';
    // The board after each turn: where the next one starts (its draw, or the choice of an abbey).
    const bool chance = step.rfind("draw ", 0) == 0 || step.rfind("chip ", 0) == 0;
    const bool declined_abbey = step.find("abbey none") != std::string::npos;
    if ((turn_start(s) && !chance && !declined_abbey) || s.phase == Phase::Over)
      std::cout << render_board(rules, s) << render_status(rules, s) << "\n\n";
  });
  std::cout << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n';
  if (!f.svg.empty()) {
    analysis::write_atomic(f.svg, render_svg(rules, r.final_state));
    std::cout << "board drawn: " << f.svg << '\n';
  }
  if (!f.html.empty()) {
    analysis::write_atomic(f.html, analysis::viewer_html(g, nullptr, f.file));
    std::cout << "game page: " << f.html << '\n';
  }
  std::cout << "ok: " << rec.steps.size() << " recorded steps, " << r.summary.forced
            << " forced decisions replayed; result " << rec.outcome << " " << rec.cause << " score " << rec.score
            << " turns " << rec.turns << " confirmed\n";
}

// In chances to win by the judge and its rollout (or an mcts judge's own values).
void review_coop(const CLI::App& cmd, ReviewFlags& f, const std::string& text) {
  if (cmd.count("--seat")) throw UsageError("--seat is for competitive records; " + f.file + " is a co-op record (its review sums up each player)");
  const analysis::LoadedRecord g = analysis::load_record_text(text, f.file, f.catalog);
  const analysis::AgentSpec rollout = f.rollout.empty() ? analysis::AgentSpec{} : analysis::parse_agent(f.rollout);
  const analysis::CoopJudge judge = f.agent.empty() && f.rollout.empty()
                                        ? analysis::default_coop_judge(g.rules)
                                        : analysis::coop_judge(g.rules, analysis::parse_agent(f.agent.empty() ? analysis::BEST_FAIR_AGENT : f.agent),
                                                               f.rollout.empty() ? nullptr : &rollout);
  if (!judge.win_chance() && !f.rollout.empty()) throw UsageError("--rollout: an mcts judge values options by its own searches; it plays no games on");
  if (judge.win_chance()) {
    const analysis::ReviewSettings win = analysis::win_chance_settings();
    f.how.first_look = win.first_look;
    if (!cmd.count("--repeats")) f.how.repeats = win.repeats;
    if (!cmd.count("--negligible")) f.how.negligible = win.negligible;
  }
  const std::vector<analysis::ReviewMark> marks = analysis::review_record(g, judge, f.how);
  const std::string report = "reviewed by " + judge.describe() + "\n" + analysis::review_text(g, marks, f.top, f.how, &judge);
  if (f.out.empty()) std::cout << report;
  else analysis::write_atomic(f.out, report);
  if (!f.html.empty()) {
    analysis::write_atomic(f.html, analysis::viewer_html(g, &marks, f.file, f.how, &judge));
    std::cerr << "game page with the review: " << f.html << '\n';
  }
}

// One game of --level and --players by --agent, dealt as game --deal of a study seeded --seed.
void play_coop(const CLI::App&, const PlayFlags& f, const CliGame&) {
  if (f.opt.players < 1 || f.opt.players > 5) throw UsageError("--players " + std::to_string(f.opt.players) + ": the co-op game takes 1 to 5 players");
  if (!f.html.empty() && f.out.empty()) throw UsageError("--html needs --out: the page is made from the record file");
  GameOptions opt = f.opt;
  f.flags.apply(opt);
  const Rules rules = opt.rules();
  const analysis::AgentSpec spec = analysis::parse_agent(f.agent);
  if (spec.is(analysis::SOLVER))
    throw UsageError("--agent solver: the solver does not play a game, it proves a verdict; use mists solve (same --level, --players, --seed, --deal)");
  const uint64_t deal_seed = analysis::cell_seed(f.seed, rules.level.number, rules.params.players);
  const Deal deal_cards = seeded_deal(rules, deal_seed, f.deal);
  GameRecord rec = make_record(rules, deal_cards, f.seed, f.deal, spec.text, analysis::revision());
  std::vector<std::string> steps;
  const GameSummary g = analysis::play_one(rules, spec, deal_seed, f.deal, &steps);
  finish_record(rec, steps, g);
  const std::string text = write_record(rec);
  if (f.out.empty()) std::cout << text;
  else analysis::write_atomic(f.out, text);
  std::cerr << (g.outcome == Outcome::Won ? "won" : "lost") << " (" << loss_cause_name(g.cause) << "), score "
            << g.score << ", " << g.turns << " turns\n";
  if (!f.html.empty()) {
    analysis::write_atomic(f.html, analysis::viewer_html(analysis::load_record(f.out), nullptr, f.out));
    std::cerr << "game page: " << f.html << '\n';
  }
  if (f.show) {
    const ReplayResult r = replay(rules, rec, "(this game)");
    std::cerr << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n' << board_legend(rules);
  }
}

// Any text that is no other game's record is read as a co-op one (and refused with its line and
// field when it is not one).
bool holds(const std::string&) { return true; }

}  // namespace

const CliGame COOP_GAME{"coop", {COOP_GROUP, nullptr}, false, holds, replay_coop, review_coop, play_coop, bench_coop, analysis::params_markdown};

}  // namespace mists::cli
