// The competitive game's chance steps as outcomes with weights, and a step's text read back (for
// the table, the records and the Python binding alike).
#include <string>

#include "engine/versus/state.h"

namespace mists::vs {

int chance_outcomes(const VsRules& R, const VsState& s, VsChanceOutcome* out) {
  int n = 0;
  if (s.phase == VsPhase::Draw) {
    for (size_t t = 0; t < R.types.size(); ++t)
      if (s.unseen[t]) out[n++] = {int(t), int(s.unseen[t])};
  } else if (s.phase == VsPhase::ChipValue) {
    for (int v = 1; v <= 2; ++v)
      if (s.chips_unseen[size_t(v - 1)]) out[n++] = {v, int(s.chips_unseen[size_t(v - 1)])};
  }
  return n;
}

void apply_chance(const VsRules& R, VsState& s, int value) {
  if (s.phase == VsPhase::ChipValue) apply_chip(R, s, value);
  else apply_draw(R, s, value);
}

std::string chance_text(const VsRules& R, const VsState& s, int value) {
  return s.phase == VsPhase::ChipValue ? "chip " + std::to_string(value) : "draw " + R.types[size_t(value)].id;
}

bool parse_chance(const VsRules& R, const VsState& s, const std::string& text, int& value) {
  VsChanceOutcome out[VS_MAX_TYPES];
  const int n = chance_outcomes(R, s, out);
  for (int i = 0; i < n; ++i)
    if (chance_text(R, s, out[i].value) == text) {
      value = out[i].value;
      return true;
    }
  return false;
}

bool parse_action(const VsRules& R, const VsState& s, const std::string& text, VsAction& out, int* count) {
  VsAction options[VS_MAX_ACTIONS];
  const int n = legal_actions(R, s, options);
  if (count) *count = n;
  for (int i = 0; i < n; ++i)
    if (action_text(R, s, options[i]) == text) {
      out = options[i];
      return true;
    }
  return false;
}

}  // namespace mists::vs
