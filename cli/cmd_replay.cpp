// mists replay FILE: re-run a game record and check every step; --svg draws the final board,
// --html writes a page that steps through the game (analysis/pages/viewer.h, analysis/pages/versus_viewer.h).
#include <iostream>

#include "analysis/run/files.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "analysis/pages/viewer.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "engine/config/load.h"
#include "engine/coop/record.h"
#include "engine/coop/text.h"
#include "engine/versus/record.h"

namespace mists::cli {

namespace {

// A competitive record (docs/versus.md): the same checks, the text board, --svg, --html.
void replay_versus(const std::string& file, const std::string& text, bool show, const std::string& catalog,
                   const std::string& svg, const std::string& html) {
  if (!catalog.empty()) throw UsageError("--catalog: a competitive record names two catalogs; it reads the ones it names");
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
  if (!svg.empty()) {
    analysis::VsPicture pic;
    pic.title = analysis::versus_short_title(R);
    pic.seats = rec.agents;
    analysis::write_atomic(svg, analysis::render_versus_svg(R, r.final_state, pic));
    std::cout << "board drawn: " << svg << '\n';
  }
  if (!html.empty()) {
    analysis::write_atomic(html, analysis::versus_viewer_html(g, file));
    std::cout << "game page: " << html << '\n';
  }
  std::cout << "ok: " << rec.steps.size() << " recorded steps, " << r.summary.forced << " forced decisions replayed; "
            << (rec.unfinished ? "scores so far" : "final scores");
  for (int x : rec.result) std::cout << ' ' << x;
  std::cout << " confirmed" << (rec.unfinished ? " (the game is unfinished: it stops at turn " + std::to_string(r.final_state.turn) + ")" : "") << "\n";
}

}  // namespace

void add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Re-run a game record, check every step, print the final state");
  auto file = std::make_shared<std::string>();
  auto show = std::make_shared<bool>(false);
  auto catalog = std::make_shared<std::string>();
  auto svg = std::make_shared<std::string>();
  auto html = std::make_shared<std::string>();
  cmd->add_option("FILE", *file, "Game record (docs/records.md), co-op or competitive (docs/versus.md)")->required();
  cmd->add_flag("--show", *show, "Print every step, and the board after each turn");
  cmd->add_option("--catalog", *catalog, "Read the tiles from this file instead of the one the record names");
  cmd->add_option("--svg", *svg, "Draw the final board as an SVG picture into this file");
  cmd->add_option("--html", *html, "Write one self-contained page that steps through the game turn by turn (mists review --html adds the review)");
  cmd->callback([=] {
    {
      const std::string text = read_file(*file);
      if (vs::is_vs_record(text)) return replay_versus(*file, text, *show, *catalog, *svg, *html);
    }
    const analysis::LoadedRecord g = analysis::load_record(*file, *catalog);
    const Rules& rules = g.rules;
    const GameRecord& rec = g.rec;
    std::cout << "replaying " << *file << ": " << rules.describe() << ", seed " << rec.seed << " game " << rec.game
              << ", agent " << rec.agent << '\n';
    if (rec.verdict == "open")
      std::cout << "verdict open: mists solve ran out of budget on this deal before a win or a proof of loss; these steps are the "
                   "best line it found (a lost game), and the deal may still be winnable\n";
    if (*show) std::cout << board_legend(rules) << '\n';
    const ReplayResult r = replay(rules, rec, *file, [&](const State& s, const std::string& step) {
      if (!*show) return;
      std::cout << "  " << step << '\n';
      // The board after each turn: where the next one starts (its draw, or the choice of an abbey).
      const bool chance = step.rfind("draw ", 0) == 0 || step.rfind("chip ", 0) == 0;
      const bool declined_abbey = step.find("abbey none") != std::string::npos;
      if ((turn_start(s) && !chance && !declined_abbey) || s.phase == Phase::Over)
        std::cout << render_board(rules, s) << render_status(rules, s) << "\n\n";
    });
    std::cout << render_board(rules, r.final_state) << render_status(rules, r.final_state) << '\n';
    if (!svg->empty()) {
      analysis::write_atomic(*svg, render_svg(rules, r.final_state));
      std::cout << "board drawn: " << *svg << '\n';
    }
    if (!html->empty()) {
      analysis::write_atomic(*html, analysis::viewer_html(g, nullptr, *file));
      std::cout << "game page: " << *html << '\n';
    }
    std::cout << "ok: " << rec.steps.size() << " recorded steps, " << r.summary.forced
              << " forced decisions replayed; result " << rec.outcome << " " << rec.cause << " score " << rec.score
              << " turns " << rec.turns << " confirmed\n";
  });
}

}  // namespace mists::cli
