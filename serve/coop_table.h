// One co-op game at the player's table (mists serve): dealt from a study's seed, or entered from a
// physical game draw by draw; every step checked by the engine, undo, the game record (finished or
// not), the strongest fair agent's advice with the learned value's win chances of the options, and
// the review. No HTTP here: serve/server.cpp turns requests into these calls.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/viewer.h"
#include "engine/coop/game.h"

namespace mists::serve {

// A request the table refuses (an illegal step, a bad option): the table is unchanged.
struct TableError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct NewTable {
  int level = 1, players = 2;
  uint64_t seed = 1, game = 0;  // dealt games: the deal of game `game` of a study seeded `seed`
  bool physical = false;        // the draws are entered (the deal is the table's, unknown here)
};

class Table {
 public:
  explicit Table(const NewTable& how);
  // A game from a record's text (finished or not): its deal and every step; a record the replay
  // refuses is a TableError with its message.
  static Table from_record(const std::string& text);

  // What the page draws and offers, as JSON (docs/serve.md): the board, the status, the decision
  // or draw the game waits for with every legal choice, the steps so far.
  nlohmann::json view() const;
  // Applies one step as records write it ("place 1 0 2", "meeple city0 red", "draw 14a" for an
  // entered draw), then every dealt draw and forced decision up to the next step the player gives.
  void step(const std::string& text);
  // Takes back the last step the player gave (and what followed it by itself).
  void undo();
  // The game record (mists replay accepts it): unfinished while the game goes on.
  std::string record() const;
  // The strongest fair agent's choice here, and the learned value's win chance of each option
  // (the chance that the team wins after it; its calibration: docs/serve.md), best first.
  // `progress`, when given, counts the two stages (the agent's choice, the options' values) and
  // stops before the second once cancelled (analysis::ReviewCancelled).
  nlohmann::json advice(int top, analysis::ReviewProgress* progress = nullptr) const;
  // The review of every decision so far, as mists review makes it (the same marks), and the
  // learned value's win chance before every decision with the option played; `progress` counts
  // the decisions judged and stops the review once cancelled (analysis::ReviewCancelled).
  nlohmann::json review(analysis::ReviewProgress* progress = nullptr) const;
  bool over() const;
  bool deciding() const;  // the game waits for a decision (not a draw, not over): advice applies

 private:
  void rebuild();               // the position after the player's steps, replayed from the start
  void advance();               // dealt draws and forced decisions, to the next step the player gives
  void apply_user(const std::string& text);
  void track(const State& before, int drawn);  // which pile places the last action used (physical records)
  Deal physical_deal() const;   // a deal that holds every draw entered where it came, the unseen tiles after

  NewTable how_;
  std::shared_ptr<const Rules> R_;
  Deal deal_;                   // dealt games
  State s_{};
  std::vector<std::string> user_;   // the steps the player gave
  std::vector<std::string> steps_;  // the record's steps: draws and decisions with two or more options
  std::vector<std::vector<int>> used_;  // physical games: per pile, the places used, top first (a tile type, -1 unseen)
  int decisions_ = 0, forced_ = 0;
  int last_tile_ = -1;              // the tile just placed (framed on the board)
};

}  // namespace mists::serve
