// One position of a Mists game: a small, trivially copyable value. The rules (engine/coop/rules.h) are
// separate and immutable; every function here takes them as `const Rules&`.
//
// A game alternates chance steps (a tile draw, `is_chance`) and team decisions. At a decision the
// engine lists the legal options (`legal_actions`) and applies one (`apply`); at a chance step it
// lists the possible draws with their weights (`chance_outcomes`) and applies one (`apply_draw`).
// The engine owns no random generator: callers choose draws from a seeded shuffle (engine/coop/game.h)
// or sample them (search).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "engine/coop/layer.h"
#include "engine/coop/rules.h"
#include "engine/coop/types.h"

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
  // The levers' phases (docs/rules.md C); never reached with every lever off.
  Abbey,          // start of a turn: place an abbey instead of drawing, or draw (CA2)
  ChipDraw,       // chance: the value of the chip just taken (CM2)
  Chip,           // the chip's points, or forgo them for ghosts (CM2 choice); its colour on level 6 (CM3)
  Upgrade,        // pay chips worth 4 to upgrade a meeple on the board, or not (CM4)
  Wagon,          // where a wagon whose feature was scored goes (CA8, A4.2)
};
std::string_view phase_name(Phase p);

// Where the turn stands between decisions (the order of R2.3).
enum class Step : uint8_t {
  Burial, Ghosts, NeighbourGhosts, CemGhost, MeepleStep, Scoring, Hounds, Haunting, HauntBurial, EndTurn, None,
  Mist,         // the mist check after a chip was taken (CM2: the chip comes first)
  UpgradeStep,  // after the meeple: a chip upgrade (CM4)
  Wagons,       // after the scorings: wagons move (CA8)
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
  // As the root of a union, takes in what root `o` counted (kit/union_find.h).
  void absorb(const Node& o) {
    open = int16_t(open + o.open);
    meeples = uint8_t(meeples + o.meeples);
    flags |= o.flags;
  }
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
  uint16_t node = 0;  // on the board: the node it stands on (kept after it leaves: a wagon's last tile)
  PieceKind kind = PieceKind::Meeple;  // CA8: a wagon or a mayor instead of an ordinary meeple
  bool upgraded = false;               // CM4: a chip lies under it
};

// A tollhouse (CT1): off the board, or on junction `junction` of placed tile `tile`.
struct Tollhouse {
  uint8_t colour = 0;        // its colour (per colour) or the colour that placed it (team)
  uint8_t tile = NO_TILE;    // placed-tile index, NO_TILE while off the board
  uint8_t junction = 0;
  uint8_t face = 1;          // 1 small toll, 2 large toll (T3.1)
  bool flip = false;         // collected travellers this turn: flips at the end of the turn (CT4)
};

// A pending scoring (State::pending): a finished feature's root, or a toll (CT3): the tollhouse
// with the root of the finished road.
constexpr uint16_t PENDING_TOLL = 0x8000;
constexpr int PENDING_TOLL_SHIFT = 9;  // roots are below MAX_NODES = 512
inline bool pending_is_toll(uint16_t p) { return p & PENDING_TOLL; }
inline uint16_t pending_root(uint16_t p) { return uint16_t(p & (MAX_NODES - 1)); }
inline int pending_toll(uint16_t p) { return (p & ~PENDING_TOLL) >> PENDING_TOLL_SHIFT; }
inline uint16_t make_toll_pending(int toll, uint16_t root) { return uint16_t(PENDING_TOLL | toll << PENDING_TOLL_SHIFT | root); }

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
  std::array<uint16_t, MAX_PENDING> pending;  // roots of features completed by the placement, and tolls
  uint8_t n_pending;

  Outcome outcome;
  LossCause cause;
  uint8_t discarded;     // tiles that fitted nowhere (R2.2)
  uint8_t face_down;     // face-down tiles on the board
  uint8_t hounds_placed; // hounds put next to a meeple
  uint16_t ghosts_removed_by_scoring;
  uint16_t ghosts_removed_by_mist;
  uint16_t ghosts_removed_by_hounds;

  // ---- Levers (docs/rules.md C); zero and unused with every lever off ----
  std::array<uint8_t, COLOUR_NB> abbeys;  // abbeys each colour holds (coop_abbeys = per_colour)
  uint8_t team_abbeys;    // abbeys anyone may place (team:N)
  uint8_t abbeys_placed;
  uint8_t burned;         // tiles burned for abbeys (coop_abbey_cost = burn): gone unseen
  uint8_t set_aside;      // tiles set aside at set-up for the Tollkeepers tiles (CT1 replace), in view
  bool abbey_turn;        // the tile placed this turn is an abbey
  bool tolls_due;         // the turn finished a road: tolls are counted at the scoring step (CT3)
  std::array<Tollhouse, MAX_TOLLS> tolls;
  uint8_t tolls_moved;    // bit k: tollhouse k was placed or moved this turn (coop_toll_new = waits)
  uint16_t chips_left;    // bit i: chip cell i (Rules::chip_cells) still holds its chip (CM1)
  std::array<uint8_t, 2> chips_seen;   // chips of value 1 and 2 turned up so far
  std::array<uint8_t, 2> chips_spent;  // chips of value 1 and 2 paid for upgrades (CM4)
  std::array<std::array<uint8_t, 2>, COLOUR_NB> chips_held;  // chips of value 1, 2 held: the team's in [0]; per colour on level 6 (CM3)
  uint8_t chip_taken;     // the chip cell being taken this turn, 0xFF when none
  uint8_t chip_value;     // its value, once turned up
  Step chip_resume;       // the step the turn goes on with after the chip
  uint32_t wagons_due;    // bit m: wagon m's feature was scored this turn: it moves or stays home (CA8)
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(MAX_CHIP_CELLS <= 16, "State::chips_left holds 16 chip cells");
static_assert(MAX_MEEPLES <= 32, "State::wagons_due holds 32 meeples");
static_assert(sizeof(State) <= 16 * 1024, "State must stay within 16 KiB");

// A possible draw and its weight (unseen copies: each is equally likely to come next).
struct ChanceOutcome {
  uint8_t type;
  uint8_t weight;
};

// ---- Set-up and queries ------------------------------------------------------------------------------
State initial_state(const Rules& rules);  // start tile placed, its ghosts on, phase Draw (or Abbey)
// Set-up with coop_toll_tiles = replace (CT1): a tile of `type` is set aside in view, so the team
// knows it will not come. Precondition: unseen.
void set_aside(const Rules& rules, State& s, int type);
inline bool is_over(const State& s) { return s.phase == Phase::Over; }
// A chance step: a tile draw, or with coop_chips the value of a chip just taken (mid-turn).
inline bool is_chance(const State& s) { return s.phase == Phase::Draw || s.phase == Phase::ChipDraw; }
// The start of a turn: the draw, or with coop_abbeys the choice of an abbey instead (CA2). Search
// and the agents' look-ahead end "the rest of the turn" here.
inline bool turn_start(const State& s) { return s.phase == Phase::Draw || s.phase == Phase::Abbey; }
int draw_segment(const State& s);          // segment the next tile comes from, -1 if the active pile is empty
int tiles_left(const State& s);            // tiles in the active pile
int progress(const Rules& rules, const State& s);  // team score, or the lowest colour score (R7.6)

// ---- Chance ---------------------------------------------------------------------------------------
// The possible outcomes with their weights: at a draw the unseen tile types (weights: copies), at a
// chip (phase ChipDraw) the values 1 and 2 (weights: chips of that value not yet turned up).
int chance_outcomes(const Rules& rules, const State& s, ChanceOutcome* out);  // returns count
// At a draw: draws `type` from the active pile and moves to Place, or discards it when it fits
// nowhere (R2.2); precondition s.unseen[type] > 0. At a chip: turns up a chip worth `type` (1 or 2).
void apply_draw(const Rules& rules, State& s, int type);
// Does applying `a` take the top tile of the active pile unseen (a face-down tile, R7.3, or a tile
// burned for an abbey, CA1)? Game drivers advance their deal for it.
bool takes_hidden_tile(const Rules& rules, const State& s, Action a);

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
// Rebuilds features, mist banks, ghosts, meeples, tiles and bitboards (and the levers' pieces:
// abbeys, tollhouses, chips, wagons and mayors) from the placed tiles and compares with the
// incremental state. Returns an empty string when consistent, else what differs.
std::string check(const Rules& rules, const State& s);

// Union-find root of a node (no path compression: State stays const here).
uint16_t find_root(const State& s, uint16_t n);

}  // namespace mists
