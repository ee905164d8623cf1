// Records of competitive games (docs/versus.md): everything needed to re-run one base or GCC game
// and check it step by step, as text; a text board and an SVG picture of a position.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/versus/layer.h"
#include "engine/kit/record_text.h"
#include "engine/versus/versus.h"

namespace mists::vs {

inline constexpr const char* VS_RECORD_FORMAT = "mists-versus-record/1";

struct VsRecord {
  std::string revision;
  std::string game = "gcc";  // base | gcc
  int players = 2;
  std::string base_catalog, base_checksum;
  std::string gcc_catalog, gcc_checksum;           // gcc only
  std::string expansions;                          // the modules, "abbey_mayor,tollkeepers" ("" none)
  std::string abbey_catalog, abbey_checksum;       // abbey_mayor only
  std::string toll_catalog, toll_checksum;         // tollkeepers only
  std::string map, map_checksum;                   // map_chips only
  std::vector<std::pair<std::string, std::string>> switches;  // every switch, name = value
  uint64_t seed = 0;
  uint64_t deal = 0;
  std::vector<std::string> agents;                 // one a seat
  std::vector<std::string> order;                  // tile ids of the draw pile, top first
  std::vector<int> start_rotations;                // map: the start tile's and the second square's (M1.2)
  std::string chip_squares;                        // map: "X.Y/X.Y/..." map squares of the chips (M2.3)
  std::vector<RecordStep> steps;                   // "draw U", "place -1 0 0", "ghost 0 3", "meeple road0 guard"
  std::vector<int> result;                         // final score of each seat, as played (so far, when unfinished)
  bool unfinished = false;                         // "result unfinished ...": a game stopped before its end
  int result_line = 0;
  std::map<std::string, int> lines;                // header key -> its line
};

// The record of a game about to be played: its header from `R` and the deal (the pile order; on
// a map also the set-up's rotations and the chips' squares).
VsRecord make_vs_record(const VsRules& R, const VsDeal& deal, uint64_t seed, uint64_t deal_index,
                        const std::vector<std::string>& agents, const std::string& revision);
VsRecord make_vs_record(const VsRules& R, const std::vector<uint8_t>& order, uint64_t seed, uint64_t deal,
                        const std::vector<std::string>& agents, const std::string& revision);
std::string write_vs_record(const VsRecord& rec);
// True when `text` starts like a competitive record (its format line within the first lines).
bool is_vs_record(const std::string& text);
// Parses a record; a malformed line throws RecordError "name:line: field: message".
VsRecord parse_vs_record(const std::string& text, const std::string& name);
// Builds the rules a record names from catalogs already loaded (`ex` the modules' data the
// record names, its `modules` ignored); a checksum that differs from the record's, a bad switch,
// module or player count throws RecordError naming the record line.
VsRules vs_record_rules(const VsRecord& rec, Catalog base, Catalog gcc, VsExpansions ex, const std::string& name);
// The same for a record of a game without modules (one that names modules is refused).
VsRules vs_record_rules(const VsRecord& rec, Catalog base, Catalog gcc, const std::string& name);

// The deal a record names: its pile order as type indices, on a map the set-up's rotations and the
// chips' squares, and the chip values in the order its steps turned them up. A tile the game's pile
// does not hold, counts that differ from the pile's or a bad map square throws RecordError naming
// the record line.
VsDeal vs_record_deal(const VsRules& R, const VsRecord& rec, const std::string& name);

struct VsReplay {
  VsState final_state;
  VsSummary summary;
};
// Re-runs a record: each draw must be the next tile of the order, each decision one of the legal
// options (forced ones included), the state consistent after each step (vs::check) and the final
// scores those of the record. The first divergence throws RecordError naming the line and step.
// An unfinished record ("result unfinished S0 S1 ...") stops where its steps end, the scores so far
// those of its result line.
// `on_step` is called after every applied step.
VsReplay vs_replay(const VsRules& R, const VsRecord& rec, const std::string& name,
                   const std::function<void(const VsState&, const std::string&)>& on_step = {});

// Plays the pile `order` with `choose` (asked when there are two or more options) and writes every
// step into `steps` (draws, and every decision, forced ones too).
template <class Choose>
VsSummary play_logged(const VsRules& R, const VsDeal& deal, Choose&& choose, std::vector<std::string>& steps) {
  size_t next = 0, chip = 0;
  VsState s = deal_state(R, deal, &next);
  VsAction options[VS_MAX_ACTIONS];
  int decisions = 0, forced = 0;
  while (!is_over(s)) {
    if (s.phase == VsPhase::Draw) {
      steps.push_back("draw " + R.types[deal.order[next]].id);
      apply_draw(R, s, deal.order[next++]);
      continue;
    }
    if (s.phase == VsPhase::ChipValue) {
      steps.push_back("chip " + std::to_string(deal.chip_values[chip]));
      apply_chip(R, s, deal.chip_values[chip++]);
      continue;
    }
    const int n = legal_actions(R, s, options);
    const int pick = n > 1 ? choose(static_cast<const VsState&>(s), static_cast<const VsAction*>(options), n) : 0;
    (n > 1 ? decisions : forced) += 1;
    steps.push_back(action_text(R, s, options[pick]));
    apply(R, s, options[pick]);
  }
  return summarize(R, s, decisions, forced);
}
template <class Choose>
VsSummary play_logged(const VsRules& R, const std::vector<uint8_t>& order, Choose&& choose, std::vector<std::string>& steps) {
  VsDeal deal;
  deal.order = order;
  return play_logged(R, deal, std::forward<Choose>(choose), steps);
}

// The board as text: 3 x 3 characters a cell (side terrain C R F, lower case under mist; the centre
// M monastery, A abbey, G garden, K castle, + cemetery; a meeple shows its seat's digit on its
// region), then the scores and, with the modules, each seat's pieces (barn, tollhouse, abbey,
// chips).
std::string render_vs_board(const VsRules& R, const VsState& s);
// What render_vs_board's characters mean, as lines of text (printed by --show, docs/records.md).
std::string vs_board_legend(const VsRules& R);
// One line a seat: where its module pieces are (abbey, mayor, wagon, barn, abbot, tollhouse, chips).
std::string render_vs_pieces(const VsRules& R, const VsState& s);

}  // namespace mists::vs
