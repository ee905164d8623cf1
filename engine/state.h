// One position of a Mists game: a small, trivially copyable value. The rules (engine/rules.h) are
// separate and immutable; every function here takes them as `const Rules&`.
//
// A game alternates chance steps (a tile draw, `is_chance`) and team decisions. At a decision the
// engine lists the legal options (`legal_actions`) and applies one (`apply`); at a chance step it
// lists the possible draws with their weights (`chance_outcomes`) and applies one (`apply_draw`).
// The engine owns no random generator: callers choose draws from a seeded shuffle (engine/game.h)
// or sample them (search).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "rules.h"
#include "types.h"

namespace mists {

// What the game waits for.
enum class Phase : uint8_t {
  Draw,           // chance: the next face-up tile (R2.1)
  Place,          // where and how to put the drawn tile
  Bury,           // which meeple on the board a closed cemetery takes (R5.3)
  CemeteryGhost,  // which open cemetery gets the extra ghost (R5.4)
  Meeple,         // one meeple on the placed tile, or none (R2.4)
  Score,          // the next scoring: points or ghosts from one tile (R4.3)
  Hound,          // where a reached hound goes and which tiles it clears (R6.2)
  Haunt,          // where the face-down tile goes (R7.3)
  Fewer,          // which mist area of the placed tile gets one ghost fewer (R3.3)
  GhostArea,      // which mist area of a tile next to a new cemetery takes its ghost (R7.2)
  Over,
};
std::string_view phase_name(Phase p);

// Where the turn stands between decisions (the order of R2.3).
enum class Step : uint8_t {
  Burial, Ghosts, NeighbourGhosts, CemGhost, MeepleStep, Scoring, Hounds, Haunting, HauntBurial, EndTurn, None
};

// A feature region of a placed tile; the features of the board form an incremental union-find.
// Fields marked "root" are meaningful on the root of a feature only.
struct Node {
  uint16_t parent = 0;
  uint16_t next = 0;    // circular list of the feature's members
  int16_t open = 0;     // root: open connections (sides, misty slots, empty cells around)
  uint8_t meeples = 0;  // root: meeples standing in the feature
  uint8_t flags = 0;    // root: DEAD, DONE
  uint8_t ghosts = 0;   // ghosts on this mist area or this cemetery
  uint8_t tile = 0;     // placed-tile index
  uint8_t feature = 0;  // feature index within the tile type
  RegionKind kind = RegionKind::City;
  static constexpr uint8_t DEAD = 1;  // can never be finished (R3.1, R7.4)
  static constexpr uint8_t DONE = 2;  // finished (scored, mist cleared, castle or cemetery closed)
};

struct PlacedTile {
  uint8_t type = NO_TILE;  // NO_TILE for a face-down tile
  uint8_t rot = 0;
  uint8_t x = 0, y = 0;
  uint16_t node = 0;       // its first node; features follow in type order
  uint8_t sides = 0;       // rotated side terrain (Orientation::sides)
  uint8_t ghosts = 0;      // ghosts on the tile, all areas and the cemetery
  bool face_down() const { return type == NO_TILE; }
};

enum class MeepleAt : uint8_t { Supply, Board, Buried };
struct Meeple {
  uint8_t colour = 0;
  MeepleAt at = MeepleAt::Supply;
  uint16_t node = 0;  // on the board: the node it stands on
};

enum class HoundState : uint8_t { Waiting, Reached, WithMeeple, Scored, Lost };

struct State {
  // Board (bitboards: row y is a word, bit x).
  std::array<uint64_t, BOARD_H> occupied;  // any tile
  std::array<uint64_t, BOARD_H> face_up;   // face-up tiles
  std::array<uint8_t, CELL_NB> cell;       // placed-tile index + 1, 0 = empty
  uint8_t ymin, ymax;                      // rows that hold tiles

  std::array<PlacedTile, MAX_TILES> tiles;
  uint8_t n_tiles;
  std::array<Node, MAX_NODES> nodes;
  uint16_t n_nodes;

  std::array<Meeple, MAX_MEEPLES> meeples;
  std::array<uint8_t, COLOUR_NB> supply;  // meeples in each colour's supply

  // Scores: the team's (levels 1-5) or each colour's (R7.6).
  int16_t score;
  std::array<int16_t, COLOUR_NB> colour_score;

  uint8_t ghost_supply;
  uint8_t ghosts_on_board;

  // Piles (R6.1): segment k holds what is left of pile k; the active pile is segments
  // 0..active_end, drawn from the first non-empty one (a passed pile lies on top of the next).
  // The team never knows which tile lies where: by symmetry of the shuffle the next draw is any
  // unseen tile with equal chance, so the team's knowledge is one multiset of unseen tiles
  // (face-down tiles stay in it, R7.3) plus the size of each segment.
  std::array<uint8_t, MAX_TYPES> unseen;       // copies of each type not yet seen face up
  std::array<uint8_t, MAX_PILES> pile_size;    // tiles really left in each segment
  uint8_t active_end;

  std::array<HoundState, 2> hound;
  std::array<uint8_t, 2> hound_meeple;

  // Turn.
  Phase phase;
  Step step;
  uint8_t player;        // active player
  uint16_t turn;         // face-up tiles placed so far
  uint8_t drawn;         // type of the tile drawn this turn
  uint8_t last;          // placed-tile index of the tile placed this turn
  uint8_t expand_mask;   // mist features of the placed tile that touched mist on the board (R3.3)
  uint8_t burials;       // cemeteries closed and waiting for a meeple (R5.3)
  bool ghost_due;        // at least 1 ghost went on mist this turn (R5.4)
  uint8_t ghost_ring;    // R7.2: the next ring cell (RING_DX order) around a new cemetery to get its ghost
  std::array<uint16_t, MAX_PENDING> pending;  // roots of features completed by the placement
  uint8_t n_pending;

  Outcome outcome;
  LossCause cause;
  uint8_t discarded;     // tiles that fitted nowhere (R2.2)
  uint8_t face_down;     // face-down tiles on the board
  uint8_t hounds_placed; // hounds put next to a meeple
  uint16_t ghosts_removed_by_scoring;
  uint16_t ghosts_removed_by_mist;
  uint16_t ghosts_removed_by_hounds;
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(sizeof(State) <= 16 * 1024, "State must stay within 16 KiB");

// A possible draw and its weight (unseen copies: each is equally likely to come next).
struct ChanceOutcome {
  uint8_t type;
  uint8_t weight;
};

// ---- Set-up and queries ------------------------------------------------------------------------------
State initial_state(const Rules& rules);  // start tile placed, its ghosts on, phase Draw
inline bool is_over(const State& s) { return s.phase == Phase::Over; }
inline bool is_chance(const State& s) { return s.phase == Phase::Draw; }
int draw_segment(const State& s);          // segment the next tile comes from, -1 if the active pile is empty
int tiles_left(const State& s);            // tiles in the active pile
int progress(const Rules& rules, const State& s);  // team score, or the lowest colour score (R7.6)

// ---- Chance ---------------------------------------------------------------------------------------
int chance_outcomes(const Rules& rules, const State& s, ChanceOutcome* out);  // returns count
// Draws `type` from the active pile and moves to Place, or discards it when it fits nowhere (R2.2).
// Precondition: is_chance(s) and s.unseen[type] > 0.
void apply_draw(const Rules& rules, State& s, int type);

// ---- Decisions ----------------------------------------------------------------------------------------
// Writes the legal options (unique) into out[0..MAX_ACTIONS) and returns their count: at least 1
// at a decision, 0 at a draw or when the game is over.
int legal_actions(const Rules& rules, const State& s, Action* out);
void apply(const Rules& rules, State& s, Action a);
// Any legal placement for `type` now? (R2.2)
bool can_place(const Rules& rules, const State& s, int type);

// ---- Text ---------------------------------------------------------------------------------------------
// Canonical text of an action at state s ("place 32 30 1", "meeple city0 red", "score 0 points",
// "score 1 ghosts 31 30", "bury 4", "cemetery 33 31", "hound 2 31 30 32 31", "haunt 34 30").
std::string action_text(const Rules& rules, const State& s, Action a);

// ---- Consistency ------------------------------------------------------------------------------------
// Rebuilds features, mist banks, ghosts, meeples, tiles and bitboards from the placed tiles and
// compares with the incremental state. Returns an empty string when consistent, else what differs.
std::string check(const Rules& rules, const State& s);

// Union-find root of a node (no path compression: State stays const here).
uint16_t find_root(const State& s, uint16_t n);

}  // namespace mists
