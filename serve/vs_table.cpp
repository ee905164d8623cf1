#include "serve/vs_table.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/pages/move_words.h"
#include "analysis/tournament/tournament.h"
#include "analysis/pages/versus_review.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/versus_viewer.h"
#include "engine/versus/record.h"
#include "solver/rng.h"

namespace mists::serve {

using nlohmann::json;
using namespace mists::vs;

namespace {

// The streams of the table's own numbers: an agent's move, the advice's games.
enum VsTableStream : uint64_t { AGENT_STREAM = 0x7ab1, ADVICE_STREAM = 0x7ab2 };

// What the seat to move decides, in a few words (the page's question).
const char* decision_words(VsPhase p) {
  switch (p) {
    case VsPhase::Place: return "place the tile: click a cell";
    case VsPhase::GhostOpponent: return "put a ghost on an opponent's meeple (G3.3)";
    case VsPhase::GhostOwn: return "put a ghost on one of its own meeples (G3.4)";
    case VsPhase::Meeple: return "place a meeple, or none";
    case VsPhase::AbbeyChoice: return "place the abbey, or draw (A2.1)";
    case VsPhase::WagonMove: return "move the wagon (A4.2)";
    case VsPhase::Upgrade: return "upgrade a meeple, or not (M4.1)";
    default: return "decide";
  }
}

}  // namespace

VsTable::VsTable(const NewVsTable& how) : how_(how) {
  if (how.game != "base" && how.game != "gcc") throw TableError("game: 'base' or 'gcc', not '" + how.game + "'");
  if (how.players < 2 || how.players > VS_MAX_PLAYERS)
    throw TableError("players " + std::to_string(how.players) + ": the competitive games take 2 to " + std::to_string(VS_MAX_PLAYERS));
  if (int(how.seats.size()) != how.players)
    throw TableError("seats: " + std::to_string(how.seats.size()) + " for " + std::to_string(how.players) +
                     " players; give each seat 'human' or a competitive agent (random, greedy, expert, mcts)");
  analysis::TournamentConfig c;
  c.game = how.game, c.players = how.players, c.expansions = how.expansions, c.switches = how.switches;
  try {
    R_ = std::make_shared<const VsRules>(c.rules());
  } catch (const std::exception& e) {
    throw TableError(e.what());
  }
  if (how.physical && R_->on_map)
    throw TableError("mode entered: a game on the map takes its set-up from the deal (M1.2, M2.3); play it dealt");
  for (size_t p = 0; p < how.seats.size(); ++p) {
    const std::string& seat = how.seats[p];
    if (seat == HUMAN_SEAT || seat == ENTERED_SEAT) {
      agents_.push_back(nullptr);
      continue;
    }
    try {
      agents_.push_back(std::make_shared<const analysis::VsAgentSpec>(analysis::parse_vs_agent(seat)));
    } catch (const analysis::AnalysisError& e) {
      throw TableError("seat " + std::to_string(p) + ": " + e.what() + " (or 'human': the seat is played at the table)");
    }
  }
  if (how.physical && std::none_of(agents_.begin(), agents_.end(), [](const auto& a) { return !a; }))
    throw TableError("mode entered: no seat is 'human'; an entered game is played at the table by at least one seat");
  if (!how.physical) deal_ = analysis::make_vs_deal(*R_, how.seed, how.deal);
  replay(0);
  advance();
}

VsTable VsTable::from_record(const std::string& text) {
  analysis::LoadedVsRecord g;
  try {
    g = analysis::load_vs_record("record", text);
    vs_replay(g.rules, g.rec, "record");
  } catch (const std::exception& e) {
    throw TableError(e.what());
  }
  const VsRecord& rec = g.rec;
  VsTable t = [&] {
    NewVsTable n;
    n.game = rec.game, n.players = rec.players, n.seed = rec.seed, n.deal = rec.deal;
    n.expansions = rec.expansions, n.switches = rec.switches;
    n.physical = std::find(rec.agents.begin(), rec.agents.end(), ENTERED_SEAT) != rec.agents.end();
    return VsTable(n, std::move(g.rules));
  }();
  // A seat that names a competitive agent keeps it; any other is the table's.
  for (const std::string& a : rec.agents) {
    try {
      t.agents_.push_back(a == HUMAN_SEAT || a == ENTERED_SEAT ? nullptr : std::make_shared<const analysis::VsAgentSpec>(analysis::parse_vs_agent(a)));
    } catch (const analysis::AnalysisError&) {
      t.agents_.push_back(nullptr);
    }
    t.how_.seats.push_back(t.agents_.back() ? a : std::string(t.how_.physical ? ENTERED_SEAT : HUMAN_SEAT));
  }
  if (!t.how_.physical) t.deal_ = vs_record_deal(*t.R_, rec, "record");
  t.replay(0);
  for (const RecordStep& st : rec.steps) {
    const bool chance = is_chance(t.s_);
    const bool mine = chance ? t.how_.physical : t.human(t.s_.player) && t.legal().size() > 1;
    if (mine) t.user_.push_back(t.steps_.size());
    t.apply_step(st.text);
  }
  t.advance();
  return t;
}

VsTable::VsTable(const NewVsTable& how, VsRules&& rules) : how_(how) { R_ = std::make_shared<const VsRules>(std::move(rules)); }

bool VsTable::deciding() const { return !is_over(s_) && !is_chance(s_) && human(s_.player); }

void VsTable::replay(size_t upto) {
  const std::vector<std::string> steps = steps_;
  next_ = chip_ = 0;
  s_ = how_.physical ? deal_state(*R_, VsDeal{}, &next_) : deal_state(*R_, deal_, &next_);
  steps_.clear(), who_.clear(), drawn_.clear();
  decisions_ = forced_ = 0;
  last_tile_ = -1;
  for (size_t k = 0; k < upto && k < steps.size(); ++k) apply_step(steps[k]);
}

void VsTable::apply_step(const std::string& text) {
  const VsRules& R = *R_;
  if (is_over(s_)) throw TableError("'" + text + "': the game is over");
  if (is_chance(s_)) {
    int v = 0;
    if (!parse_chance(R, s_, text, v)) {
      const bool chip = s_.phase == VsPhase::ChipValue;
      throw TableError("'" + text + "': the game waits for " +
                       (chip ? std::string("the chip's value: 'chip 1' or 'chip 2', of those not yet seen") : "a draw: 'draw ID' of an unseen tile"));
    }
    if (!how_.physical) {  // a dealt game draws what its deal gives
      const int want = s_.phase == VsPhase::ChipValue ? int(deal_.chip_values.at(chip_)) : int(deal_.order.at(next_));
      if (v != want) throw TableError("'" + text + "': the deal gives '" + chance_text(R, s_, want) + "' next");
    } else if (s_.phase == VsPhase::Draw) {
      drawn_.push_back(uint8_t(v));
    }
    ++(s_.phase == VsPhase::ChipValue ? chip_ : next_);
    who_.push_back(s_.turn_seat);  // a draw or a chip: the seat whose turn it is
    steps_.push_back(text);
    apply_chance(R, s_, v);
    return;
  }
  VsAction a;
  int n = 0;  // the options there were (a forced step counts apart)
  if (!parse_action(R, s_, text, a, &n)) refuse_decision(text, "decision of seat " + std::to_string(s_.player));
  apply_decision(a, n, text);
}

void VsTable::apply_decision(VsAction a, int options, const std::string& text) {
  (options > 1 ? decisions_ : forced_) += 1;
  who_.push_back(s_.player);
  steps_.push_back(text);
  const int tiles = s_.n_tiles;
  apply(*R_, s_, a);
  if (s_.n_tiles > tiles) last_tile_ = s_.n_tiles - 1;
}

void VsTable::advance() {
  const VsRules& R = *R_;
  while (!is_over(s_)) {
    if (is_chance(s_)) {
      if (how_.physical) return;  // the player says what was drawn
      const int v = s_.phase == VsPhase::ChipValue ? int(deal_.chip_values.at(chip_)) : int(deal_.order.at(next_));
      apply_step(chance_text(R, s_, v));
      continue;
    }
    std::vector<VsAction> opts = legal();
    if (opts.size() == 1) {
      apply_decision(opts[0], 1, action_text(R, s_, opts[0]));
      continue;
    }
    const int p = s_.player;
    if (human(p)) return;
    // Each move of an agent on numbers of its own, from the seat's stream and the step: the same
    // game after an undo and on any machine.
    const uint64_t seed = stream_seed(analysis::vs_seat_seed(how_.seed, how_.deal, p), uint64_t(steps_.size()), AGENT_STREAM);
    analysis::VsChooser agent = analysis::make_vs_agent(R, *agents_[size_t(p)], seed);
    const int pick = agent(s_, opts.data(), int(opts.size()));
    apply_decision(opts[size_t(pick)], int(opts.size()), action_text(R, s_, opts[size_t(pick)]));
  }
}

VsDeal VsTable::table_deal() const {
  if (!how_.physical) return deal_;
  // The draws entered, in order, then every tile not yet drawn in catalog order.
  VsDeal d;
  d.order = drawn_;
  for (size_t t = 0; t < R_->types.size(); ++t) d.order.insert(d.order.end(), s_.unseen[t], uint8_t(t));
  return d;
}

std::vector<std::string> VsTable::seat_names() const {
  std::vector<std::string> out;
  for (size_t p = 0; p < agents_.size(); ++p) out.push_back(agents_[p] ? agents_[p]->text : how_.physical ? ENTERED_SEAT : HUMAN_SEAT);
  return out;
}

std::string VsTable::record() const {
  VsRecord rec = make_vs_record(*R_, table_deal(), how_.seed, how_.deal, seat_names(), analysis::revision());
  for (const std::string& st : steps_) rec.steps.push_back({st, 0});
  for (int p = 0; p < R_->players; ++p) rec.result.push_back(s_.score[size_t(p)]);
  rec.unfinished = !is_over(s_);
  return write_vs_record(rec);
}

json VsTable::view() const {
  const VsRules& R = *R_;
  analysis::VsPicture pic;
  pic.title = analysis::versus_short_title(R);
  pic.seats = seat_names();
  pic.highlight = last_tile_;
  pic.legend = false;
  pic.pad = 1;
  const analysis::VsBoardFrame f = analysis::versus_board_frame(R, s_, pic);
  json v;
  v["kind"] = "versus";
  v["game"] = how_.game;
  v["title"] = pic.title;
  v["rules"] = R.describe();
  v["players"] = R.players;
  v["mode"] = how_.physical ? "entered" : "dealt";
  v["seed"] = how_.seed;
  v["deal"] = how_.deal;
  v["turn"] = s_.turn;
  v["left"] = s_.left;
  v["over"] = is_over(s_);
  json seats = json::array();
  const std::array<double, VS_MAX_PLAYERS> share = is_over(s_) ? win_shares(R, s_) : std::array<double, VS_MAX_PLAYERS>{};
  for (int p = 0; p < R.players; ++p)
    seats.push_back({{"label", analysis::seat_label(pic, p)}, {"agent", agents_[size_t(p)] ? json(agents_[size_t(p)]->text) : json()},
                     {"human", human(p)}, {"score", s_.score[size_t(p)]}, {"share", share[size_t(p)]}});
  v["seats"] = seats;
  if (R.game == VsGame::Gcc) v["ghost_supply"] = int(s_.ghosts);
  std::string status = "turn " + std::to_string(s_.turn) + ", " + std::to_string(s_.left) + " tiles in the pile; scores";
  for (int p = 0; p < R.players; ++p) status += (p ? " " : " ") + std::to_string(s_.score[size_t(p)]);
  if (R.game == VsGame::Gcc) status += "; " + std::to_string(int(s_.ghosts)) + " ghosts in the supply";
  v["status"] = status;
  v["svg"] = analysis::render_versus_svg(R, s_, pic);
  v["frame"] = frame_json(f, f.cell);
  v["legend_svg"] = analysis::render_versus_legend(R, pic);
  // A chance step here is an entered game's draw: the player says what was drawn.
  if (!view_steps(v, [&](size_t k) { return analysis::versus_step_words(steps_[k], analysis::seat_label(pic, who_[k])); })) return v;
  v["input"] = human(s_.player) ? "decision" : "none";
  v["player"] = int(s_.player);
  v["seat_label"] = analysis::seat_label(pic, s_.player);
  v["ask"] = decision_words(s_.phase);
  v["phase"] = s_.phase == VsPhase::Place ? "place" : "other";
  if (s_.phase == VsPhase::Place) set_drawn(v, R.types[s_.drawn].spec, R.types[s_.drawn].id);
  const std::string seat = analysis::seat_label(pic, s_.player);
  v["options"] = options_json([&](const std::string& text) { return analysis::versus_step_words(text, seat); },
                              [](const VsAction& a, json& o) {
                                if (a.kind() != VsKind::Place && (a.kind() != VsKind::Abbey || a.none())) return;
                                o["x"] = int(a.cell() % VS_W), o["y"] = int(a.cell() / VS_W);
                                o["cell"] = std::to_string(int(a.cell() % VS_W) - VS_START) + " " + std::to_string(int(a.cell() / VS_W) - VS_START);
                                if (a.kind() == VsKind::Place) o["rot"] = a.rot();
                              });
  return v;
}

json VsTable::advice(int top, analysis::ReviewProgress* progress) const {
  if (!deciding()) throw TableError("advice: the game waits for no decision of the table's");
  const VsRules& R = *R_;
  const std::vector<VsAction> opts = legal();
  const int seat = s_.player;
  const analysis::VsReview how{analysis::parse_vs_agent("mcts"), analysis::parse_vs_agent("expert"), seat};
  const uint64_t seed = stream_seed(analysis::vs_seat_seed(how_.seed, how_.deal, seat), uint64_t(steps_.size()), ADVICE_STREAM);
  if (progress) progress->total = 1 + int(opts.size());
  const int pick = analysis::make_vs_agent(R, how.judge, seed)(s_, opts.data(), int(opts.size()));
  if (progress && progress->cancel) throw analysis::ReviewCancelled();
  if (progress) ++progress->done;
  // Every option over the same ADVICE_GAMES games (the k-th on the same numbers), on the TBB threads.
  std::vector<double> margin(opts.size()), share(opts.size());
  tbb::parallel_for(size_t(0), opts.size(), [&](size_t i) {
    if (progress && progress->cancel) return;
    for (int k = 0; k < ADVICE_GAMES; ++k) {
      const VsState end = analysis::vs_play_on(R, s_, opts[i], how, stream_seed(seed, uint64_t(k), 1));
      margin[i] += double(analysis::vs_margin(R, end, seat)) / ADVICE_GAMES;
      share[i] += win_shares(R, end)[size_t(seat)] / ADVICE_GAMES;
    }
    if (progress) ++progress->done;
  }, tbb::simple_partitioner());
  if (progress && progress->cancel) throw analysis::ReviewCancelled();
  std::vector<size_t> order(opts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return share[a] != share[b] ? share[a] > share[b] : margin[a] > margin[b]; });
  analysis::VsPicture pic;
  pic.seats = seat_names();
  const std::string who = analysis::seat_label(pic, seat);
  json rows = json::array();
  for (size_t i = 0; i < order.size() && int(i) < top; ++i) {
    const std::string text = action_text(R, s_, opts[order[i]]);
    rows.push_back({{"text", text}, {"words", analysis::versus_step_words(text, who)}, {"win", share[order[i]]}, {"margin", margin[order[i]]}});
  }
  const std::string choice = action_text(R, s_, opts[size_t(pick)]);
  return {{"agent", how.judge.text}, {"choice", choice}, {"choice_words", analysis::versus_step_words(choice, who)},
          {"choice_win", share[size_t(pick)]}, {"choice_margin", margin[size_t(pick)]}, {"value", how.rollout.text},
          {"games", ADVICE_GAMES}, {"options", rows}};
}

json VsTable::review(analysis::ReviewProgress* progress) const {
  const std::string text = record();
  const analysis::LoadedVsRecord g = analysis::load_vs_record("table", text);
  // The judge and settings of `mists review` with no flags on a competitive record.
  const analysis::VsReview how{analysis::parse_vs_agent("mcts"), analysis::parse_vs_agent("expert"), -1};
  analysis::ReviewSettings settings;
  settings.negligible = analysis::VS_NEGLIGIBLE;
  settings.repeats = analysis::VS_REPEATS;
  const std::vector<analysis::ReviewMark> marks = analysis::review_vs_record(g, how, settings, progress);
  analysis::VsPicture pic;
  pic.seats = g.rec.agents;
  json out = json::array();
  for (const analysis::ReviewMark& m : marks) {
    const std::string who = analysis::seat_label(pic, m.seat);
    out.push_back(mark_json(m, analysis::versus_step_words(m.played, who), analysis::versus_step_words(m.best, who)));
    if (m.marked()) {  // the better line: the judge at every seat for a few turns on the tiles known
      const analysis::VsBetterLine line = analysis::vs_better_line(g, m, how);
      json steps = json::array();
      for (size_t k = 0; k < line.steps.size(); ++k) {
        const std::string& st = line.steps[k];
        const bool forced = st.rfind("(forced) ", 0) == 0;
        const std::string words = analysis::versus_step_words(forced ? st.substr(9) : st, analysis::seat_label(pic, line.seats[k]));
        steps.push_back({{"text", st}, {"words", forced ? words + " (the only option)" : words}});
      }
      out.back()["line"] = {{"steps", steps}, {"scores", line.scores}, {"turns", line.turns}, {"over", line.over}};
    }
  }
  std::vector<std::string> labels;
  for (int p = 0; p < R_->players; ++p) labels.push_back(analysis::seat_label(pic, p));
  const json seats = player_reviews_json(analysis::review_by_seat(labels, marks), 1);
  return {{"kind", "versus"}, {"judge", how.judge.text}, {"rollout", how.rollout.text}, {"negligible", settings.negligible},
          {"confidence", settings.confidence}, {"marks", out}, {"players", seats},
          {"text", analysis::review_vs_text(g, marks, how, 10, settings)}};
}

}  // namespace mists::serve
