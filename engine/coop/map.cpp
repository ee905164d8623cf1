// The Map-Chips levers of the co-op game (docs/rules.md, CM): chips under the board's cells, taken
// by the tile put there, and the upgrades they pay for. Called from the turn
// (engine/coop/state.cpp) only when the lever is on.
#include "engine/coop/detail.h"

namespace mists::detail {

// The chip cell at `cell` that still holds its chip, or -1.
int chip_at(const Rules& R, const State& s, Cell cell) {
  for (size_t i = 0; i < R.chip_cells.size(); ++i)
    if (R.chip_cells[i] == cell) return (s.chips_left >> i & 1) ? int(i) : -1;
  return -1;
}

namespace {
// The payments worth exactly 4 that `held` (chips of value 1, 2) allows (CM4); the count.
int upgrade_pays(const std::array<uint8_t, 2>& held, UpgradePay* out) {
  int n = 0;
  if (held[0] >= 4) out[n++] = UpgradePay::Ones4;
  if (held[0] >= 2 && held[1] >= 1) out[n++] = UpgradePay::Ones2Two;
  if (held[1] >= 2) out[n++] = UpgradePay::Twos2;
  return n;
}
}  // namespace

// Writes the options of the upgrade step after "none" (CM4); returns the count.
int upgrade_options(const Rules& R, const State& s, Action* out) {
  int n = 0;
  out[n++] = Action::make(ActionKind::Upgrade, NO_REGION);
  for (int m = 0; m < R.n_meeples; ++m) {
    const Meeple& mp = s.meeples[m];
    if (mp.at != MeepleAt::Board || mp.upgraded) continue;
    UpgradePay pays[3];
    const int k = upgrade_pays(s.chips_held[size_t(chip_pool(R, mp.colour))], pays);
    for (int i = 0; i < k; ++i) out[n++] = Action::make(ActionKind::Upgrade, uint32_t(m), uint32_t(pays[i]));
  }
  return n;
}

// The colours that may take the chip just turned up: the active player's on level 6 (CM3), else
// the team (its first colour stands for it).
int chip_colours(const Rules& R, const State& s, uint8_t* out) {
  int n = 0;
  for (int8_t c : R.player_colours[s.player]) {
    if (c < 0) break;
    out[n++] = uint8_t(c);
    if (!R.level.per_colour_scores) break;
  }
  return n;
}

// R3.2 after a chip (CM2): the mist banks the placed tile finished lose their ghosts now.
void clear_finished_mist(const Rules& R, State& s, int idx) {
  placed_features(R, s, idx, [&](uint16_t node) {
    const uint16_t root = find(s, node);
    if (s.nodes[root].kind == RegionKind::Mist && (s.nodes[root].flags & Node::DONE)) clear_bank(s, root);
  });
}

// CM2: a face-up tile or an abbey put on chip cell `i` takes the chip; its value is a chance step
// (phase ChipDraw), then the mist check's clearing follows.
void take_chip_at(State& s, int i) {
  s.chips_left = uint16_t(s.chips_left & ~(1u << i));
  s.chip_taken = uint8_t(i);
  s.chip_resume = Step::Mist;
  s.step = Step::None;
  s.phase = Phase::ChipDraw;
}

// The chip turned up: it goes to `colour`'s pool (the team's off level 6) and scores its value
// for that colour, or (coop_chip_points = choice, `clear` a tile) its points are forgone for up to
// 3 ghosts from that tile (CM2, R4.3). Then the turn goes on.
void take_chip(const Rules& R, State& s, int colour, int clear) {
  const int v = s.chip_value;
  s.chips_held[size_t(chip_pool(R, colour))][size_t(v - 1)]++;
  s.chip_taken = 0xFF;
  s.phase = Phase::Place;  // while the turn runs on (advance sets the next phase)
  s.step = s.chip_resume;
  if (clear == NO_TILE) {
    add_points(R, s, colour, v);
    if (check_win(R, s)) return;  // R4.5: at once
    check_hounds_reached(R, s);   // resolved at the hounds step (R6.2)
  } else {
    s.ghosts_removed_by_scoring = uint16_t(s.ghosts_removed_by_scoring + clear_tile(R, s, clear));
  }
}

// CM4: chips worth 4 for an upgrade, at most once a turn. True when the team has the choice
// (phase Upgrade); else the turn goes on with the scoring.
bool upgrade_step(const Rules& R, State& s) {
  thread_local Action buf[MAX_ACTIONS];
  if (upgrade_options(R, s, buf) > 1) {
    s.phase = Phase::Upgrade;
    return true;
  }
  s.step = Step::Scoring;
  return false;
}

}  // namespace mists::detail
