// What mists replay and mists review do with a competitive record (the base game, GCC, any
// modules; docs/versus.md): its row of the record kinds (cli/records.h).
#include <iostream>

#include "analysis/pages/versus_review.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "analysis/run/files.h"
#include "cli/options.h"
#include "cli/records.h"
#include "engine/versus/record.h"

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

bool holds(const std::string& text) { return vs::is_vs_record(text); }

}  // namespace

const RecordKind VERSUS_RECORDS{"competitive", holds, replay_versus, review_versus};

}  // namespace mists::cli
