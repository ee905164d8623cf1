// What the Python module gives a learner of the co-op game (docs/python.md, "Actions" and
// "Observations"): a dense action index over the game's decisions, and the observation tensor of a
// position for the player to move. Both read the State alone, never the deal: the order of the
// unseen tiles (and the identity of face-down and burned tiles) is in no State, so it is in no
// tensor.
#pragma once

#include <string>
#include <vector>

#include "engine/coop/state.h"
#include "python/encoding.h"

namespace mists::pyenc {

// ---- Dense actions -----------------------------------------------------------------------------
// Every decision of a game gets an index in [0, size()): a block per action kind, each the product
// of its fields' ranges (a field the position fixes, such as the wagon that moves, is left out).
// Tiles are placed-tile indices (0 = the first start cell, then the tiles in the order they were
// laid), cells are the 62 x 62 board cells inside the wall, (x - 1) + 62 (y - 1). The lever blocks
// exist only when the game has the lever, so a plain game's index is the same on every level.
constexpr int BOARD_CELLS = (BOARD_W - 2) * (BOARD_H - 2);  // 3844
inline int board_cell(int x, int y) { return (y - 1) * (BOARD_W - 2) + (x - 1); }

// The index of plane `name` in a layout's `count` plane names (both games' tensors look their planes
// up once by name); a logic_error when there is none such.
int plane_index(const char* const* names, int count, const char* name);

struct ActionBlock {
  std::string name;    // "place", "meeple", ...
  int offset = 0;      // first index
  int size = 0;        // indices it spans
  std::string fields;  // how an index inside the block is made, as docs/python.md writes it
};

class CoopActions {
 public:
  explicit CoopActions(const Rules& rules);
  int size() const { return size_; }
  const std::vector<ActionBlock>& blocks() const { return blocks_; }
  // The dense index of `a`, a legal action at `s`; -1 for a kind this game has no block for.
  int encode(const State& s, Action a) const;

 private:
  int junctions_ = 1;  // the most junctions of a tile design (the toll block's range)
  std::vector<ActionBlock> blocks_;
  std::vector<int> offset_;  // by ActionKind; -1 when the game has no such block
  int size_ = 0;
};

// ---- Observations ------------------------------------------------------------------------------
// Board planes of BOARD_CELLS floats each (row y - 1, column x - 1), then a vector of global
// features. The names are in the order of the tensor; docs/python.md says what each holds.
struct CoopObservation {
  explicit CoopObservation(const Rules& rules);
  std::vector<std::string> planes;   // board planes
  std::vector<std::string> globals;  // one name per float of the global vector ("unseen/14a")
  bool info_state = false;           // the information-state tensor (information_state, python/encoding.h)
  size_t size() const { return planes.size() * size_t(BOARD_CELLS) + globals.size(); }
  // Writes the tensor of `s` seen by `observer` (0-based) into out[0 .. size()).
  void write(const Rules& rules, const State& s, int observer, float* out) const;
};

}  // namespace mists::pyenc
