// What the Python module gives a learner of the competitive games (base, GCC, their modules;
// docs/python.md, "The competitive games"): a dense action index and the observation tensor of the
// seat to move, in a window of the board. Both read the VsState alone, never the deal: the pile
// order and the values of face-down chips are in no tensor.
#pragma once

#include <string>
#include <vector>

#include "engine/versus/versus.h"
#include "python/coop_encoding.h"
#include "python/encoding.h"

namespace mists::pyenc {

// The board window: W x W grid cells from an anchor. Without a map the anchor is one cell above and
// left of the placed tiles' bounding box, and W is the most tiles a game can place plus 3, so every
// tile, every empty cell beside one and every barn point of any game falls inside; on a map the
// window is the map with a border of one square, anchored there for the whole game.
struct VsWindow {
  int side = 0;
  explicit VsWindow(const vs::VsRules& R);
  // The window placed on one position: its anchor (the grid cell at index 0) and side.
  struct Frame {
    int ax = 0, ay = 0, side = 0;
    // The window index of grid cell `c`; a logic_error when it falls outside (no game can).
    int index(vs::VsCell c) const;
  };
  Frame frame(const vs::VsRules& R, const vs::VsState& s) const;
};

class VsActions {
 public:
  explicit VsActions(const vs::VsRules& R);
  int size() const { return size_; }
  const VsWindow& window() const { return window_; }
  const std::vector<ActionBlock>& blocks() const { return blocks_; }
  // The dense index of `a`, a legal action at `s`, whose window is `frame` (window().frame(R, s)).
  int encode(const vs::VsState& s, vs::VsAction a, const VsWindow::Frame& frame) const;
  int encode(const vs::VsRules& R, const vs::VsState& s, vs::VsAction a) const { return encode(s, a, window_.frame(R, s)); }

 private:
  VsWindow window_;
  std::vector<ActionBlock> blocks_;
  std::vector<int> offset_;  // by VsKind; -1 when the game has no such block
  int players_ = 2;
  int size_ = 0;
};

// Window planes of side x side floats, then the global vector. Seats are relative to the observer:
// "seat k" is the seat k places after the observer in turn order (seat 0 is the observer).
struct VsObservation {
  explicit VsObservation(const vs::VsRules& R);
  VsWindow window;
  std::vector<std::string> planes;
  std::vector<std::string> globals;
  bool info_state = false;  // the information-state tensor (information_state, python/encoding.h)
  size_t size() const { return planes.size() * size_t(window.side) * size_t(window.side) + globals.size(); }
  void write(const vs::VsRules& R, const vs::VsState& s, int observer, float* out) const;
};

}  // namespace mists::pyenc
