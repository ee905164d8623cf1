#include "serve/coop_table.h"

#include <cmath>
#include <algorithm>
#include <sstream>

#include "analysis/agents/agents.h"
#include "analysis/run/error.h"
#include "analysis/run/files.h"
#include "analysis/agents/game_options.h"
#include "analysis/pages/move_words.h"
#include "analysis/study/study.h"
#include "analysis/pages/versus_svg.h"
#include "analysis/pages/viewer.h"
#include "engine/coop/record.h"
#include "engine/kit/record_text.h"
#include "engine/coop/text.h"
#include "engine/kit/svg.h"
#include "solver/agents.h"
#include "solver/td_agent.h"

namespace mists::serve {

using nlohmann::json;

namespace {

// The learned value's judge of options: the td agent's depth-1 values (solver/td_agent.h).
TdAgent td_judge(const Rules& R, uint64_t seed) {
  const analysis::AgentSpec td = analysis::parse_agent("td");
  TdConfig c = td.params.td;
  c.weights = td.params.weights;
  return TdAgent(R, analysis::afterstate_for(R, td), c, seed);
}

}  // namespace

CoopTable::CoopTable(const NewCoopTable& how) : how_(how) {
  if (how.level < 1 || how.level > 6) throw TableError("level " + std::to_string(how.level) + ": the levels are 1 to 6");
  if (how.players < 1 || how.players > MAX_PLAYERS) throw TableError("players " + std::to_string(how.players) + ": 1 to 5 players");
  analysis::GameOptions opts;
  opts.level = how.level, opts.players = how.players;
  R_ = std::make_shared<const Rules>(opts.rules());
  if (!how.physical) deal_ = seeded_deal(*R_, analysis::cell_seed(how.seed, how.level, how.players), how.game);
  replay(0);
  advance();
}

CoopTable CoopTable::from_record(const std::string& text) {
  analysis::LoadedRecord loaded;
  try {
    loaded = analysis::load_record_text(text, "record");
    mists::replay(loaded.rules, loaded.rec, "record");
  } catch (const std::exception& e) {
    throw TableError(e.what());
  }
  const GameRecord& rec = loaded.rec;
  if (rec.params.levers.any()) throw TableError("record: a game with co-op levers cannot be played here yet (mists replay shows it)");
  if (rec.catalog_path != analysis::GameOptions{}.catalog)
    throw TableError("record: played with catalog " + rec.catalog_path + "; the table plays " + analysis::GameOptions{}.catalog);
  CoopTable t(NewCoopTable{rec.level.number, rec.params.players, rec.seed, rec.game, true});
  t.R_ = std::make_shared<const Rules>(std::move(loaded.rules));
  // A dealt game's draws come from its deal; an entered game's were entered, and so are the next.
  t.how_.physical = rec.agent == analysis::ENTERED_AGENT;
  if (!t.how_.physical) t.deal_ = record_deal(*t.R_, rec, "record");
  // Every step of the record as it stands, the player's being every decision and, in an entered
  // game, every draw.
  for (const RecordStep& st : rec.steps) {
    const std::string verb = record_words(st.text).front();
    if (t.how_.physical || (verb != "draw" && verb != "chip")) t.user_.push_back(t.steps_.size());
    t.steps_.push_back(st.text);
  }
  t.replay(t.steps_.size());
  t.advance();
  return t;
}

bool CoopTable::deciding() const { return !is_over(s_) && !is_chance(s_); }

void CoopTable::track(const State& before, int drawn) {
  for (size_t k = 0; k < R_->pile_sizes.size(); ++k)
    for (int d = int(before.pile_size[k]) - int(s_.pile_size[k]); d > 0; --d) used_[k].push_back(drawn >= 0 && d == 1 ? drawn : -1);
}

void CoopTable::advance(bool draws) {
  while (!is_over(s_)) {
    if (is_chance(s_)) {
      if (how_.physical || !draws) return;  // the player says what was drawn, or the record does
      const int t = deal_outcome(*R_, deal_, s_);
      steps_.push_back(chance_text(*R_, s_, t));
      const State before = s_;
      apply_draw(*R_, s_, t);
      track(before, t);
      continue;
    }
    const std::vector<Action> opts = legal();
    if (opts.size() != 1) return;
    const State before = s_;
    apply(*R_, s_, opts[0]);
    track(before, -1);
    ++forced_;
    if (s_.last < s_.n_tiles) last_tile_ = s_.last;
  }
}

void CoopTable::apply_step(const std::string& text) {
  if (is_over(s_)) throw TableError("'" + text + "': the game is over");
  if (is_chance(s_)) {
    // An entered draw: "draw ID" of a tile that can come now; a dealt game's is its deal's.
    const auto w = record_words(text);
    if (w.size() != 2 || w[0] != "draw") throw TableError("'" + text + "': the game waits for a draw: 'draw ID' of an unseen tile");
    int type = -1;
    for (int t = 0; t < R_->n_land_types; ++t)
      if (R_->types[size_t(t)].id == w[1]) type = t;
    if (type < 0) throw TableError("'" + text + "': no tile " + w[1] + " in this game");
    std::vector<ChanceOutcome> out(MAX_TYPES);
    const int n = chance_outcomes(*R_, s_, out.data());
    bool can = false;
    for (int i = 0; i < n; ++i) can = can || out[size_t(i)].type == type;
    if (!can) throw TableError("'" + text + "': no unseen " + w[1] + " is left to draw");
    if (const int dealt = how_.physical ? type : deal_outcome(*R_, deal_, s_); type != dealt)
      throw TableError("'" + text + "': the deal gives '" + chance_text(*R_, s_, dealt) + "' next");
    steps_.push_back(chance_text(*R_, s_, type));
    const State before = s_;
    apply_draw(*R_, s_, type);
    track(before, type);
    return;
  }
  const Action a = parse_decision(text, std::string(phase_name(s_.phase)) + " decision");
  steps_.push_back(action_text(*R_, s_, a));
  const State before = s_;
  apply(*R_, s_, a);
  track(before, -1);
  ++decisions_;
  if (s_.last < s_.n_tiles) last_tile_ = s_.last;
}

void CoopTable::replay(size_t upto) {
  const std::vector<std::string> steps = steps_;
  s_ = how_.physical ? initial_state(*R_) : initial_state(*R_, deal_);
  steps_.clear();
  used_.assign(R_->pile_sizes.size(), {});
  decisions_ = forced_ = 0;
  last_tile_ = -1;
  advance(false);
  for (size_t k = 0; k < upto && k < steps.size(); ++k) {
    apply_step(steps[k]);
    advance(false);
  }
}

Deal CoopTable::physical_deal() const {
  // Every tile not seen face up (face-down ones included), in catalog order, fills the places the
  // draws did not: taken unseen, or still in the piles.
  std::vector<uint8_t> pool;
  for (int t = 0; t < R_->n_land_types; ++t) pool.insert(pool.end(), s_.unseen[size_t(t)], uint8_t(t));
  Deal d;
  size_t at = 0;
  for (size_t k = 0; k < R_->pile_sizes.size(); ++k) {
    d.piles.emplace_back();
    for (int u : used_[k]) d.piles[k].push_back(u >= 0 ? uint8_t(u) : at < pool.size() ? pool[at++] : uint8_t(0));
    for (int i = 0; i < int(s_.pile_size[k]); ++i) d.piles[k].push_back(at < pool.size() ? pool[at++] : uint8_t(0));
  }
  if (at != pool.size()) throw TableError("record: the tiles entered do not fit the level's piles");
  return d;
}

std::string CoopTable::record() const {
  const Deal d = how_.physical ? physical_deal() : deal_;
  GameRecord rec = make_record(*R_, d, how_.seed, how_.game, how_.physical ? analysis::ENTERED_AGENT : "table", analysis::revision());
  finish_record(rec, steps_, summarize(*R_, s_, decisions_, forced_));
  return write_record(rec);
}

json CoopTable::view() const {
  const Rules& R = *R_;
  const SvgBoardFrame f = svg_board_frame(s_, 1);
  json v;
  v["kind"] = "coop";
  v["level"] = R.level.number;
  v["level_name"] = R.level.name;
  v["players"] = R.params.players;
  v["mode"] = how_.physical ? "entered" : "dealt";
  v["seed"] = how_.seed;
  v["game"] = how_.game;
  v["goal"] = R.level.goal;
  v["turn"] = s_.turn;
  v["phase"] = std::string(phase_name(s_.phase));
  v["status"] = render_status(R, s_);
  v["over"] = is_over(s_);
  v["outcome"] = s_.outcome == Outcome::Won ? "won" : s_.outcome == Outcome::Lost ? "lost" : "ongoing";
  v["cause"] = std::string(loss_cause_name(s_.cause));
  v["score"] = progress(R, s_);
  v["ghost_supply"] = int(s_.ghost_supply);
  v["svg"] = render_svg(R, s_, SvgBoardOptions{last_tile_, 1, false});
  v["frame"] = frame_json(f, svg::CELL);
  v["legend_svg"] = render_svg_legend(R);
  if (!view_steps(v, [&](size_t k) { return analysis::coop_step_words(steps_[k]); })) return v;
  v["input"] = "decision";
  v["player"] = int(s_.player);
  v["colour"] = std::string(COLOUR_NAMES[s_.player]);
  if (s_.phase == Phase::Place) set_drawn(v, R.types[s_.drawn].spec, R.types[s_.drawn].id);
  v["options"] = options_json(analysis::coop_step_words, [](const Action&, json& o) {
    const auto w = record_words(o["text"].get<std::string>());
    if (w.size() == 4 && w[0] == "place")  // the cell in engine coordinates
      o["x"] = std::stoi(w[1]) + START_X, o["y"] = std::stoi(w[2]) + START_Y, o["rot"] = std::stoi(w[3]);
  });
  return v;
}

json CoopTable::advice(int top, analysis::ReviewProgress* progress) const {
  if (is_over(s_) || is_chance(s_)) throw TableError("advice: the game waits for no decision");
  const Rules& R = *R_;
  std::vector<Action> opts = legal();
  const analysis::AgentSpec best = analysis::parse_agent(analysis::BEST_FAIR_AGENT);
  const uint64_t seed = analysis::agent_seed(analysis::cell_seed(how_.seed, R.level.number, R.params.players), how_.game) ^ uint64_t(steps_.size());
  analysis::Chooser choose = analysis::make_agent(R, best, seed, nullptr);
  if (progress) progress->total = 2;
  const int pick = opts.size() > 1 ? choose(s_, opts.data(), int(opts.size())) : 0;
  if (progress && progress->cancel) throw analysis::ReviewCancelled();
  if (progress) ++progress->done;
  TdAgent judge = td_judge(R, seed);
  std::vector<double> values;
  judge.option_values(s_, opts.data(), int(opts.size()), values);
  std::vector<size_t> order(opts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] > values[b]; });
  json rows = json::array();
  for (size_t i = 0; i < order.size() && int(i) < top; ++i) {
    const std::string text = action_text(R, s_, opts[order[i]]);
    rows.push_back({{"text", text}, {"words", analysis::coop_step_words(text)}, {"win", values[order[i]]}});
  }
  if (progress) ++progress->done;
  const std::string choice = action_text(R, s_, opts[size_t(pick)]);
  return {{"agent", analysis::BEST_FAIR_AGENT}, {"choice", choice}, {"choice_words", analysis::coop_step_words(choice)},
          {"choice_win", values[size_t(pick)]}, {"value", "td"}, {"options", rows}};
}

json CoopTable::review(analysis::ReviewProgress* progress) const {
  const std::string text = record();
  analysis::LoadedRecord loaded = analysis::load_record_text(text, "table");
  // The judge and settings of `mists review` with no flags: the same marks, mark for mark.
  const analysis::CoopJudge judge = analysis::default_coop_judge(loaded.rules);
  const analysis::ReviewSettings how = judge.win_chance() ? analysis::win_chance_settings() : analysis::ReviewSettings{};
  const std::vector<analysis::ReviewMark> marks = analysis::review_record(loaded, judge, how, progress);
  json out = json::array();
  for (const analysis::ReviewMark& m : marks) {
    json j = mark_json(m, analysis::coop_step_words(m.played), analysis::coop_step_words(m.best));
    if (m.marked()) {  // the better line: the judge's continuation on the tiles known
      const analysis::BetterLine line = analysis::better_line(loaded, m, judge);
      json steps = json::array();
      for (const std::string& st : line.steps) steps.push_back({{"text", st}, {"words", analysis::coop_step_words(st)}});
      j["line"] = {{"steps", steps}, {"outcome", line.outcome}, {"score", line.score}, {"turns", line.turns}};
    }
    out.push_back(j);
  }
  const json players = player_reviews_json(analysis::review_by_player(loaded, marks), 100);
  // The learned value's win chance before each decision (its best option) and of the option played.
  const Rules& R = *R_;
  TdAgent v = td_judge(R, 1);
  json curve = json::array();
  const Deal d = how_.physical ? physical_deal() : deal_;
  State s = initial_state(R, d);
  size_t k = 0;
  std::vector<double> values;
  while (!is_over(s) && k <= steps_.size()) {
    if (is_chance(s)) {
      if (k >= steps_.size()) break;
      apply_draw(R, s, deal_outcome(R, d, s));
      ++k;
      continue;
    }
    std::vector<Action> opts = legal_options<Coop>(R, s);
    if (opts.size() == 1) {
      apply(R, s, opts[0]);
      continue;
    }
    if (k >= steps_.size()) break;
    v.option_values(s, opts.data(), int(opts.size()), values);
    Action a;
    parse_action(R, s, steps_[k], a);
    double played = 0;
    for (size_t i = 0; i < opts.size(); ++i)
      if (opts[i].bits == a.bits) played = values[i];
    curve.push_back({{"step", k}, {"turn", s.turn}, {"best", *std::max_element(values.begin(), values.end())}, {"played", played}});
    apply(R, s, a);
    ++k;
  }
  return {{"judge", judge.judge.text}, {"rollout", judge.rollout.text}, {"win_chance", judge.win_chance()}, {"negligible", how.negligible},
          {"confidence", how.confidence}, {"marks", out}, {"players", players}, {"loss", analysis::loss_words(R, s_)}, {"value", "td"},
          {"curve", curve}, {"text", "reviewed by " + judge.describe() + "\n" + analysis::review_text(loaded, marks, 10, how, &judge)}};
}

}  // namespace mists::serve
