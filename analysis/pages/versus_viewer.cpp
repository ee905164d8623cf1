#include "analysis/pages/versus_viewer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

#include "analysis/run/files.h"
#include "analysis/pages/game_page.h"
#include "analysis/pages/move_words.h"
#include "analysis/pages/versus_svg.h"
#include "engine/config/load.h"
#include "engine/coop/text.h"

namespace mists::analysis {

using nlohmann::json;
using namespace vs;

LoadedVsRecord load_vs_record(const std::string& path, const std::string& text) {
  VsRecord rec = parse_vs_record(text, path);
  const Catalog base = load_catalog(resolve_input(rec.base_catalog));
  const Catalog gcc = rec.game == "gcc" ? load_catalog(resolve_input(rec.gcc_catalog)) : Catalog{};
  VsExpansions ex;  // the modules' data the record names
  if (!rec.abbey_catalog.empty()) ex.abbey = load_catalog(resolve_input(rec.abbey_catalog));
  if (!rec.toll_catalog.empty()) ex.toll = load_catalog(resolve_input(rec.toll_catalog));
  if (!rec.map.empty()) ex.map = load_map(resolve_input(rec.map));
  VsRules R = vs_record_rules(rec, base, gcc, std::move(ex), path);
  return {std::move(rec), std::move(R), path};
}

bool versus_turn_ends(const VsState& after, const std::string& step) {
  if (step.rfind("draw ", 0) == 0 || step.rfind("chip ", 0) == 0 || step == "abbey none") return false;
  return after.phase == VsPhase::Draw || after.phase == VsPhase::AbbeyChoice || after.phase == VsPhase::Over;
}

ReviewWords vs_review_words(const LoadedVsRecord& g) {
  VsPicture pic;
  pic.seats = g.rec.agents;
  ReviewWords words;
  words.value = words.cost = [](double x) { return review_number(x, 2); };
  words.unit = " points";
  words.seat_word = "seat";
  words.seat_column = true;
  words.value_width = 6, words.cost_width = 9;
  for (int p = 0; p < g.rules.players; ++p) words.labels.push_back(seat_label(pic, p));
  return words;
}

namespace {

struct Step {
  std::string text, words;
  int record_step = -1;  // its index among the record's steps
};
struct Board {
  VsState state;
  std::vector<Step> steps;  // the steps that led here
  int highlight = -1;       // the tile placed in them (the last), -1 none
  int seat = -1;            // the seat whose turn it was
};

json frame_json(const LoadedVsRecord& g, const Board& b, const VsPicture& base_pic, int index) {
  const VsRules& R = g.rules;
  const VsState& s = b.state;
  VsPicture pic = base_pic;
  pic.highlight = b.highlight;
  json f;
  f["index"] = index;
  f["turn"] = s.turn;
  f["svg"] = render_versus_svg(R, s, pic);
  f["position"] = index == 0 ? std::string("set-up") : "turn " + std::to_string(s.turn) + (b.seat >= 0 ? ", " + seat_label(pic, b.seat) : "");
  json info = json::array();
  info.push_back({"turn", "turn", std::to_string(s.turn)});
  for (int p = 0; p < R.players; ++p) info.push_back({"score-" + std::to_string(p), seat_label(pic, p), std::to_string(s.score[size_t(p)])});
  if (R.game == VsGame::Gcc) info.push_back({"supply", "ghost supply", std::to_string(int(s.ghosts))});
  info.push_back({"pile", "tiles in the pile", std::to_string(int(s.left))});
  std::string outcome = "playing";
  if (is_over(s)) {
    int best = -1 << 30;
    for (int p = 0; p < R.players; ++p) best = std::max(best, int(s.score[size_t(p)]));
    outcome = "over: won by";
    for (int p = 0; p < R.players; ++p)
      if (s.score[size_t(p)] == best) outcome += " " + seat_label(pic, p);
  }
  info.push_back({"outcome", "game", outcome});
  f["info"] = info;
  json steps = json::array();
  for (const Step& st : b.steps) steps.push_back({{"text", st.text}, {"words", st.words}, {"step", st.record_step}});
  f["steps"] = steps;
  // The tile drawn this turn (the last draw: a tile that fitted nowhere was discarded before it).
  f["drawn"] = nullptr;
  std::string place;
  for (const Step& st : b.steps)
    if (st.text.rfind("place ", 0) == 0) place = st.text.substr(6);
  for (const Step& st : b.steps)
    if (st.text.rfind("draw ", 0) == 0) {
      const std::string id = st.text.substr(5);
      for (const VsType& T : R.types)
        if (T.id == id) f["drawn"] = drawn_tile_json(*T.spec, id, place);
    }
  return f;
}

}  // namespace

std::string versus_viewer_html(const LoadedVsRecord& g, const std::string& title, const std::vector<ReviewMark>* marks,
                               const ReviewSettings& how) {
  const VsRules& R = g.rules;
  VsPicture pic;
  pic.seats = g.rec.agents;
  pic.title = versus_short_title(R);
  pic.legend = false;  // in the panel, beside the board
  std::vector<Board> boards;
  {
    size_t next = 0;
    boards.push_back({deal_state(R, vs_record_deal(R, g.rec, g.path), &next), {}, -1, -1});
  }
  Board cur;
  int before_tiles = boards.back().state.n_tiles;
  int seat = boards.back().state.player;  // who acts next
  cur.seat = boards.back().state.turn_seat;
  int step = 0;
  std::map<int, size_t> frame_of;  // record step -> the frame whose steps list it
  vs_replay(R, g.rec, g.path, [&](const VsState& s, const std::string& text) {
    frame_of[step] = boards.size();
    cur.steps.push_back({text, versus_step_words(text, seat_label(pic, seat)), step++});
    if (s.n_tiles > before_tiles) cur.highlight = s.last;
    seat = s.player;
    if (!versus_turn_ends(s, text)) return;
    cur.state = s;
    boards.push_back(cur);
    cur = Board{};
    cur.seat = s.turn_seat;
    before_tiles = s.n_tiles;
  });
  json data;
  json frames = json::array();
  GamePage page;
  page.title = title;
  page.legend_svg = render_versus_legend(R, pic);
  for (size_t i = 0; i < boards.size(); ++i) {
    frames.push_back(frame_json(g, boards[i], pic, int(i)));
    page.turn_labels.push_back(boards[i].state.turn);
  }
  data["frames"] = frames;
  data["digits"] = 2;  // values are points
  data["judge_word"] = "judge";
  data["marks"] = marks ? marks_json(*marks) : json::object();
  const std::vector<ReviewMark> costly = marks ? costliest(*marks) : std::vector<ReviewMark>{};
  page.turn_marked.assign(boards.size(), false);
  for (const ReviewMark& m : costly) page.turn_marked[frame_of.at(m.step)] = true;
  std::ostringstream sum;
  sum << xml_escape(versus_short_title(R)) << " · seed " << g.rec.seed << " deal " << g.rec.deal << " · seats:";
  for (int p = 0; p < R.players; ++p) sum << (p ? "," : "") << ' ' << xml_escape(seat_label(pic, p));
  sum << (g.rec.unfinished ? " · unfinished, scores so far" : " · final scores");
  for (int x : g.rec.result) sum << ' ' << x;
  sum << " · the tile just placed is framed in orange";
  if (marks)
    sum << " · reviewed: a red step is a costly decision, one whose cost (the judge's option's value minus the played one's,"
        << " each the seat's mean final margin in points over games played on from it) has a " << std::fixed << std::setprecision(1) << 100 * how.confidence
        << "% interval wholly above " << review_number(how.negligible, 2) << "; grey: within noise; green: the judge agrees, or the option"
        << " played is as good";
  page.summary_html = sum.str();
  page.rules_html = xml_escape(R.describe());
  if (marks) page.extra_panel_html = costliest_html(costly, frame_of, vs_review_words(g));  // as the text names them
  return game_page_html(page, data);
}

}  // namespace mists::analysis
