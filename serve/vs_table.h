// One competitive game at the player's table (mists serve): the base game or GCC, with any modules,
// each seat played at the table ("human") or by a competitive agent; dealt from a tournament's seed,
// or (without a map) entered from a physical game draw by draw. The agents' moves, the dealt draws
// and the forced decisions follow by themselves; undo takes back the player's last step; advice is
// the mcts agent's choice with every option's margin and win share over games played on; the
// review is `mists review`'s for competitive records (serve/table.h says what each call does).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "analysis/pages/versus_viewer.h"
#include "analysis/agents/vs_agents.h"
#include "engine/versus/contract.h"
#include "engine/versus/game.h"
#include "serve/table.h"

namespace mists::serve {

// A seat the table's player plays: "human" in a dealt game, "entered" in an entered one (records
// write it so, and a record read back finds its mode from it).
inline constexpr const char* HUMAN_SEAT = "human";
inline constexpr const char* ENTERED_SEAT = analysis::VS_ENTERED_SEAT;

struct NewVsTable {
  std::string game = "gcc";                 // base | gcc
  int players = 2;
  std::vector<std::string> seats;           // one a seat: "human" or a competitive agent text
  uint64_t seed = 1, deal = 0;              // dealt games: deal `deal` of a tournament seeded `seed`
  std::string expansions;                   // "abbey_mayor,tollkeepers,map_chips" or a part
  std::vector<std::pair<std::string, std::string>> switches;  // name = value (docs/versus.md)
  bool physical = false;                    // the draws are entered (not with a map: its set-up is dealt)
};

class VsTable final : public SteppedTable<VsTable, vs::Versus> {
 public:
  explicit VsTable(const NewVsTable& how);
  // A competitive record (finished or not): a seat named "human" or "entered", or one that names no
  // competitive agent, is the player's; the others' agents go on playing.
  static VsTable from_record(const std::string& text);
  nlohmann::json view() const override;
  // step: "place 1 0 2", "meeple city0", "ghost 1 3", "draw U" (an entered draw), "chip 2".
  std::string record() const override;
  // The mcts agent's choice, and each option's mean final margin and win share for the seat to move
  // over ADVICE_GAMES games played on by the expert at every seat (the k-th game of every option on
  // the same numbers); progress: the choice, then each option valued.
  nlohmann::json advice(int top, analysis::ReviewProgress* progress) const override;
  nlohmann::json review(analysis::ReviewProgress* progress) const override;
  bool deciding() const override;

  static constexpr int ADVICE_GAMES = 16;

 private:
  friend class SteppedTable<VsTable, vs::Versus>;
  VsTable(const NewVsTable& how, vs::VsRules&& rules);  // a record's game: its own rules
  bool human(int seat) const { return !agents_[size_t(seat)]; }
  std::vector<std::string> seat_names() const;  // as the record writes them
  void replay(size_t upto);     // the position after the first `upto` steps, from the set-up
  void advance();               // dealt draws, forced decisions and the agents' moves
  void apply_step(const std::string& text);  // one step, as the record writes it (checked)
  void apply_decision(vs::VsAction a, int options, const std::string& text);  // a legal one of `options`, written `text`
  vs::VsDeal table_deal() const;  // the deal: dealt, or the draws entered then the unseen tiles

  NewVsTable how_;
  vs::VsDeal deal_;                                   // dealt games
  std::vector<std::shared_ptr<const analysis::VsAgentSpec>> agents_;  // a seat's agent, null for the player's
  size_t next_ = 0, chip_ = 0;                        // the deal's next tile and chip
  std::vector<int> who_;                              // the seat of each step (a draw or a chip: the seat whose turn it is)
  std::vector<uint8_t> drawn_;                        // entered games: the tiles drawn, in order
  int decisions_ = 0, forced_ = 0;
  int last_tile_ = -1;                                // the tile just placed (framed on the board)
};

}  // namespace mists::serve
