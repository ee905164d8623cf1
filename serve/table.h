// A game at the player's table (mists serve), whichever game it is: what the server asks of it.
// serve/coop_table.h holds a co-op game, serve/vs_table.h a competitive one; no HTTP here
// (serve/server.cpp turns requests into these calls). Every call that changes the game either
// succeeds or throws TableError and leaves the game as it was.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/pages/viewer.h"
#include "engine/kit/catalog.h"
#include "engine/kit/game.h"

namespace mists::serve {

// A request the table refuses (an illegal step, a bad option): the table is unchanged.
struct TableError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Table {
 public:
  virtual ~Table() = default;
  // A copy that a background job reads while the game goes on.
  virtual std::unique_ptr<Table> copy() const = 0;
  // What the page draws and offers, as JSON (docs/serve.md): the board, the status, the decision
  // or draw the game waits for with every legal choice, the steps so far.
  virtual nlohmann::json view() const = 0;
  // Applies one step as records write it, then every dealt draw, forced decision and agent's move
  // up to the next step the player gives.
  virtual void step(const std::string& text) = 0;
  // Takes back the last step the player gave (and what followed it by itself).
  virtual void undo() = 0;
  // The game record (mists replay accepts it): unfinished while the game goes on.
  virtual std::string record() const = 0;
  // The strongest agent's choice here and the values of the `top` best options, best first.
  // `progress`, when given, counts the stages and stops once cancelled (analysis::ReviewCancelled).
  virtual nlohmann::json advice(int top, analysis::ReviewProgress* progress = nullptr) const = 0;
  // The review of every decision so far, as mists review makes it with no flags (the same marks);
  // `progress` counts the decisions judged and stops the review once cancelled.
  virtual nlohmann::json review(analysis::ReviewProgress* progress = nullptr) const = 0;
  virtual bool over() const = 0;
  virtual bool deciding() const = 0;  // the game waits for the player's decision: advice applies
};

// The pieces of a view (docs/serve.md) both games draw alike: a tile the player may enter as drawn,
// {"id", "left", "svg"} (`spec` null: no picture); the tile drawn, as the view's "drawn" and
// "drawn_svg".
nlohmann::json draw_choice_json(const TileSpec* spec, const std::string& id, int left);
void set_drawn(nlohmann::json& view, const TileSpec* spec, const std::string& id);

// What both tables keep of a game and how they step and take back, written once over the game
// contract G (engine/kit/game.h): the rules `R_`, the position `s_`, `steps_` every step the game's
// record writes, in order (draws and decisions; a competitive record writes the forced ones too, a
// co-op record leaves them out), and `user_` where in it each step the player gave stands. `Game`
// (the table) gives three things, which this class may call as a friend:
//   apply_step(text)  one step, as the record writes it, checked (a TableError leaves the caller to
//                     drop the copy it made); appends it to steps_;
//   advance()         what follows by itself up to the next step the player gives (dealt draws,
//                     forced decisions, the agents' moves);
//   replay(upto)      the position after the first `upto` steps of steps_, from the set-up.
template <class Game, GameTraits G>
class SteppedTable : public Table {
 public:
  bool over() const final { return G::is_over(s_); }
  std::unique_ptr<Table> copy() const final { return std::make_unique<Game>(self()); }
  void step(const std::string& text) final {
    Game next = self();  // a refused step leaves this table as it was
    next.user_.push_back(next.steps_.size());
    next.apply_step(text);
    next.advance();
    self() = std::move(next);
  }
  void undo() final {
    if (user_.empty()) throw TableError("undo: no step of the player's to take back");
    Game back = self();
    const size_t at = back.user_.back();
    back.user_.pop_back();
    back.replay(at);
    self() = std::move(back);
  }

 protected:
  std::shared_ptr<const typename G::Rules> R_;
  typename G::State s_{};
  std::vector<std::string> steps_;
  std::vector<size_t> user_;

  std::vector<typename G::Action> legal() const { return legal_options<G>(*R_, s_); }
  // The decision `text` at s_ (a decision), or refuse_decision.
  typename G::Action parse_decision(const std::string& text, const std::string& what) const {
    typename G::Action a{};
    if (!G::parse_action(*R_, s_, text, a)) refuse_decision(text, what);
    return a;
  }
  // A TableError: `text` is not a legal `what` at s_ (the message lists the first legal ones).
  [[noreturn]] void refuse_decision(const std::string& text, const std::string& what) const {
    const std::vector<typename G::Action> opts = legal();
    std::string some;
    for (size_t i = 0; i < opts.size() && i < 6; ++i) some += (i ? ", " : "") + G::action_text(*R_, s_, opts[i]);
    throw TableError("'" + text + "' is not a legal " + what + " here; legal: " + some + (opts.size() > 6 ? ", ..." : ""));
  }

  // The view's "options": every legal decision with its text and `words(text)`, and where `cell(a, o)`
  // adds one, the cell a click on the board picks it by.
  template <class Words, class Cell>
  nlohmann::json options_json(Words&& words, Cell&& cell) const {
    nlohmann::json options = nlohmann::json::array();
    for (const typename G::Action& a : legal()) {
      const std::string text = G::action_text(*R_, s_, a);
      nlohmann::json o = {{"text", text}, {"words", words(text)}};
      cell(a, o);
      options.push_back(o);
    }
    return options;
  }

  // The parts of a view (docs/serve.md) both games give alike: "undo", "steps" and their "step_words"
  // (`words(k)`: step k's), "input" "none"; and where the game waits for a draw entered at the
  // table, "input" "draw" and "draws", every tile type that may come (a draw's value is a tile type
  // of the rules' `types`): its id, copies left, picture and the step that enters it. False when
  // the view is whole then (the game over, or a draw awaited), true when a decision is to be added.
  template <class Words>
  bool view_steps(nlohmann::json& v, Words&& words) const {
    v["undo"] = !user_.empty();
    v["steps"] = steps_;
    nlohmann::json step_words = nlohmann::json::array();
    for (size_t k = 0; k < steps_.size(); ++k) step_words.push_back(words(k));
    v["step_words"] = step_words;
    v["input"] = "none";
    if (G::is_over(s_)) return false;
    if (!G::is_chance(s_)) return true;
    v["input"] = "draw";
    std::vector<GameOutcome> out(static_cast<size_t>(G::MAX_OUTCOMES));
    const int n = G::chance_outcomes(*R_, s_, out.data());
    nlohmann::json draws = nlohmann::json::array();
    for (int i = 0; i < n; ++i) {
      const auto& type = R_->types[size_t(out[size_t(i)].value)];
      nlohmann::json d = draw_choice_json(type.spec, type.id, out[size_t(i)].weight);
      d["step"] = G::chance_text(*R_, s_, out[size_t(i)].value);
      draws.push_back(d);
    }
    v["draws"] = draws;
    return false;
  }

 private:
  Game& self() { return static_cast<Game&>(*this); }
  const Game& self() const { return static_cast<const Game&>(*this); }
};

// The view's "frame": where the board's picture puts the cells (x0..x1, y0..y1 the cells drawn,
// `left` and `top` the first one's corner, `cell` a cell's side), for a click on the board.
template <class Frame>
nlohmann::json frame_json(const Frame& f, double cell) {
  return {{"x0", f.x0}, {"x1", f.x1}, {"y0", f.y0}, {"y1", f.y1}, {"left", f.left}, {"top", f.top}, {"cell", cell}};
}

// A review mark as the page reads it (docs/serve.md), its two options in words.
nlohmann::json mark_json(const analysis::ReviewMark& m, const std::string& played_words, const std::string& best_words);
// The review summed up by player or seat; `points` turns a cost into the page's points (100 for a
// win chance, 1 for a competitive margin).
nlohmann::json player_reviews_json(const std::vector<analysis::PlayerReview>& players, double points);

// The game a record's text holds (co-op or competitive, finished or not), every step replayed; a
// record the replay refuses is a TableError with its message.
std::unique_ptr<Table> table_from_record(const std::string& text);

}  // namespace mists::serve
