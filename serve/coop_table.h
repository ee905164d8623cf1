// One co-op game at the player's table (mists serve): dealt from a study's seed, or entered from a
// physical game draw by draw; every step checked by the engine, undo, the game record (finished or
// not), the strongest fair agent's advice with the learned value's win chances of the options, and
// the review (serve/table.h says what each call does).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/coop/contract.h"
#include "engine/coop/game.h"
#include "serve/table.h"

namespace mists::serve {

struct NewCoopTable {
  int level = 1, players = 2;
  uint64_t seed = 1, game = 0;  // dealt games: the deal of game `game` of a study seeded `seed`
  bool physical = false;        // the draws are entered (the deal is the table's, unknown here)
};

class CoopTable final : public SteppedTable<CoopTable, Coop> {
 public:
  explicit CoopTable(const NewCoopTable& how);
  // A game from a record's text (finished or not): its deal and every step; a record the replay
  // refuses is a TableError with its message.
  static CoopTable from_record(const std::string& text);
  nlohmann::json view() const override;
  // step: "place 1 0 2", "meeple city0 red", "draw 14a" (an entered draw).
  std::string record() const override;
  // The strongest fair agent's choice, and the learned value's win chance of each option (the chance
  // that the team wins after it; its calibration: docs/serve.md); progress: the two stages.
  nlohmann::json advice(int top, analysis::ReviewProgress* progress) const override;
  // As mists review makes it (the same marks), and the learned value's win chance before every decision.
  nlohmann::json review(analysis::ReviewProgress* progress) const override;
  bool deciding() const override;

 private:
  friend class SteppedTable<CoopTable, Coop>;
  void replay(size_t upto);     // the position after the first `upto` steps, from the start
  // Dealt draws (with `draws`) and forced decisions, which the record leaves out, to the next step
  // the player gives.
  void advance(bool draws = true);
  void apply_step(const std::string& text);  // a draw (dealt or entered) or a decision, as the record writes it
  void track(const State& before, int drawn);  // which pile places the last action used (physical records)
  Deal physical_deal() const;   // a deal that holds every draw entered where it came, the unseen tiles after

  NewCoopTable how_;
  Deal deal_;                   // dealt games
  std::vector<std::vector<int>> used_;  // physical games: per pile, the places used, top first (a tile type, -1 unseen)
  int decisions_ = 0, forced_ = 0;
  int last_tile_ = -1;              // the tile just placed (framed on the board)
};

}  // namespace mists::serve
