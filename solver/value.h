// A learned value of a co-op position: V(s) ≈ the chance that the team wins from s when it plays on
// as the agent that made the training games played (docs/solver.md, "The learned value").
//
// Multi-stage, after the stage-wise weights of the n-tuple networks for 2048 (Jaśkowski 2018): a
// game of levels 3-6 passes through stages, one per pile target (a hound) and the goal last. A
// position in stage k asks one question, "will the next target be reached?", which on the hard
// levels has answers of both kinds in most games, where "will the game be won?" is no in nine games
// of ten. Each (level, stage) has a logistic head over the inputs below, and
//   V(s) = P(next target reached | s) × P(game won | next target just reached),
// the second factor a number per (level, stage) counted in the training games (1 for the last
// stage). A won game is worth 1, a lost one 0.
//
// The inputs are read from what the team sees (the board, the supplies, the scores, the multiset of
// unseen tiles and the pile sizes); never the order of the unseen tiles. Inference is a dot product
// over the inputs after one pass of `features` (solver/eval.h), plus a small hidden layer where a
// head has one (`mists train --hidden`), allocation-free.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/coop/state.h"

namespace mists {

// A weights file that cannot be used: names the file, the line and the field.
struct ValueError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr int VALUE_INPUTS = 30;  // inputs of one head (value_input_names lists them)
constexpr int VALUE_STAGES = 3;   // stages of a game: before hound 1, before hound 2, before the goal
using ValueInputs = std::array<double, VALUE_INPUTS>;

// The names of the inputs, in order (the weights file lists them, so a file made for other inputs
// is refused).
const std::array<std::string_view, VALUE_INPUTS>& value_input_names();

// The stage of a position: the pile targets (hounds) passed so far, 0..VALUE_STAGES-1. A level
// without hounds has one stage.
int value_stage(const Rules& rules, const State& s);

// The inputs of a position (docs/solver.md lists what each one reads).
ValueInputs value_inputs(const Rules& rules, const State& s);

// A sealed text file: `body`, then a last line "checksum <FNV-1a 64 of the body, 16 hex digits>".
std::string seal_text(const std::string& body);
// The body of a sealed text; a missing last line (a truncated file) or a checksum that does not
// match (a changed one) is a ValueError "where:LINE: checksum: ...".
std::string unseal_text(const std::string& text, const std::string& where);

// A hidden unit of a head: out × tanh(bias + w · z) over the standardised inputs z.
struct ValueUnit {
  double out = 0, bias = 0;
  ValueInputs w{};
};

// One (level, stage) head: a logistic regression over standardised inputs z, and, when it has
// hidden units, their sum beside it: P = σ(bias + weight · z + Σ out_k tanh(bias_k + w_k · z)).
struct ValueHead {
  int level = 0, stage = 0;
  long long positions = 0, games = 0;  // what it was fitted on
  double reached = 0;                  // share of its positions whose game reached the next stage
  double after = 1;                    // P(game won | the next stage just entered); 1 for the last stage
  double bias = 0;
  ValueInputs mean{}, scale{};         // input standardisation: (x - mean) / scale
  ValueInputs weight{};
  std::vector<ValueUnit> units;        // none: the linear head
  // P(next stage reached | inputs).
  double chance(const ValueInputs& x) const;
};

class ValueModel {
 public:
  // Reads a weights file; a missing, truncated or changed file (the checksum of its last line does
  // not match its bytes), unknown inputs or a bad number are a ValueError naming the file, line and
  // field.
  static ValueModel load(const std::string& path);
  static ValueModel parse(const std::string& text, const std::string& where);
  // The file's text: header, heads, and last the checksum line of the bytes before it.
  std::string text() const;
  // FNV-1a 64 of the file's bytes (16 hex digits), as catalogs are checked in a study's provenance.
  const std::string& checksum() const { return checksum_; }

  // V(s) in [0, 1]. Precondition: covers(rules).
  double value(const Rules& rules, const State& s) const;
  // Has a head for every stage of this level, and was trained with the levers these rules use (none).
  bool covers(const Rules& rules) const;

  std::vector<ValueHead> heads;  // sorted by (level, stage)
  std::vector<std::string> notes;  // "key value" lines of the header: the command, revision, seed ...

 private:
  const ValueHead* head(int level, int stage) const;
  std::string checksum_;
};

}  // namespace mists
