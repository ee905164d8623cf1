#include "engine/coop/levers.h"

#include <sstream>
#include <vector>

#include "engine/kit/number.h"
#include "engine/coop/rules.h"

namespace mists {

namespace {

std::string pool_value(PiecePool p, int team) {
  switch (p) {
    case PiecePool::Off: return "off";
    case PiecePool::PerColour: return "per_colour";
    case PiecePool::Team: return "team:" + std::to_string(team);
  }
  return "?";
}

// "off" | "per_colour" | "team:N" with 1 <= N <= MAX_TEAM_PIECES.
void set_pool(PiecePool& p, int& team, const std::string& key, const std::string& value, const std::string& where) {
  if (value == "off") p = PiecePool::Off, team = 0;
  else if (value == "per_colour") p = PiecePool::PerColour, team = 0;
  else if (value.rfind("team:", 0) == 0) {
    try {
      team = int(parse_integer(std::string_view(value).substr(5), 1, MAX_TEAM_PIECES));
    } catch (const NumberError& e) {
      throw ConfigError(where + ": " + key + ": '" + value + "': N of team:N " + e.what());
    }
    p = PiecePool::Team;
  } else {
    throw ConfigError(where + ": " + key + ": '" + value + "' is not one of off, per_colour, team:N (N 1-" +
                      std::to_string(MAX_TEAM_PIECES) + ")");
  }
}

// A two-valued lever: value a or b.
template <class E>
void set_two(E& v, E a, E b, const char* ta, const char* tb, const std::string& key, const std::string& value,
             const std::string& where) {
  if (value == ta) v = a;
  else if (value == tb) v = b;
  else throw ConfigError(where + ": " + key + ": '" + value + "' is not one of " + ta + ", " + tb);
}

}  // namespace

std::string lever_value(const Levers& l, std::string_view key) {
  if (key == "coop_abbeys") return pool_value(l.abbeys, l.abbey_team);
  if (key == "coop_abbey_cost") return l.abbey_cost == AbbeyCost::Free ? "free" : "burn";
  if (key == "coop_abbey_monk") return l.abbey_monk ? "on" : "off";
  if (key == "coop_wagon") return l.wagon ? "on" : "off";
  if (key == "coop_mayor") return l.mayor ? "on" : "off";
  if (key == "coop_tolls") return pool_value(l.tolls, l.toll_team);
  if (key == "coop_toll_tiles") return l.toll_tiles == TollTiles::Replace ? "replace" : l.toll_tiles == TollTiles::Add ? "add" : "none";
  if (key == "coop_toll_mist") return l.toll_mist == TollMist::Allowed ? "allowed" : "forbidden";
  if (key == "coop_toll_basis") return l.toll_basis == TollBasis::Sights ? "sights" : "misty_tiles";
  if (key == "coop_toll_new") return l.toll_new == TollNew::Collects ? "collects" : "waits";
  if (key == "coop_chips") return l.chips ? "on" : "off";
  if (key == "coop_chip_radius") return std::to_string(l.chip_radius);
  if (key == "coop_chip_points") return l.chip_points == ChipPoints::Points ? "points" : "choice";
  if (key == "coop_upgrade_effect") return l.upgrade_effect == UpgradeEffect::MajorityOnly ? "majority_only" : "double_share";
  return {};
}

std::string lever_default(std::string_view key) { return lever_value(Levers{}, key); }

void set_lever(Levers& l, const std::string& key, const std::string& value, const std::string& where) {
  if (key == "coop_abbeys") set_pool(l.abbeys, l.abbey_team, key, value, where);
  else if (key == "coop_abbey_cost") set_two(l.abbey_cost, AbbeyCost::Free, AbbeyCost::Burn, "free", "burn", key, value, where);
  else if (key == "coop_abbey_monk") set_two(l.abbey_monk, false, true, "off", "on", key, value, where);
  else if (key == "coop_wagon") set_two(l.wagon, false, true, "off", "on", key, value, where);
  else if (key == "coop_mayor") set_two(l.mayor, false, true, "off", "on", key, value, where);
  else if (key == "coop_tolls") set_pool(l.tolls, l.toll_team, key, value, where);
  else if (key == "coop_toll_tiles") {
    if (value == "replace") l.toll_tiles = TollTiles::Replace;
    else if (value == "add") l.toll_tiles = TollTiles::Add;
    else if (value == "none") l.toll_tiles = TollTiles::None;
    else throw ConfigError(where + ": " + key + ": '" + value + "' is not one of replace, add, none");
  } else if (key == "coop_toll_mist") set_two(l.toll_mist, TollMist::Allowed, TollMist::Forbidden, "allowed", "forbidden", key, value, where);
  else if (key == "coop_toll_basis") set_two(l.toll_basis, TollBasis::Sights, TollBasis::MistyTiles, "sights", "misty_tiles", key, value, where);
  else if (key == "coop_toll_new") set_two(l.toll_new, TollNew::Collects, TollNew::Waits, "collects", "waits", key, value, where);
  else if (key == "coop_chips") set_two(l.chips, false, true, "off", "on", key, value, where);
  else if (key == "coop_chip_radius") {
    if (value == "5") l.chip_radius = 5;
    else if (value == "2") l.chip_radius = 2;
    else throw ConfigError(where + ": " + key + ": '" + value + "' is not one of 5, 2");
  } else if (key == "coop_chip_points") set_two(l.chip_points, ChipPoints::Points, ChipPoints::Choice, "points", "choice", key, value, where);
  else if (key == "coop_upgrade_effect")
    set_two(l.upgrade_effect, UpgradeEffect::MajorityOnly, UpgradeEffect::DoubleShare, "majority_only", "double_share", key, value, where);
  else {
    std::string names;
    for (const char* n : LEVER_NAMES) names += (names.empty() ? "" : ", ") + std::string(n);
    throw ConfigError(where + ": unknown lever '" + key + "' (" + names + ")");
  }
}

std::string_view lever_of(std::string_view knob) {
  if (knob == "coop_abbey_cost" || knob == "coop_abbey_monk") return "coop_abbeys";
  if (knob.rfind("coop_toll_", 0) == 0) return "coop_tolls";
  if (knob.rfind("coop_chip_", 0) == 0 || knob == "coop_upgrade_effect") return "coop_chips";
  return {};
}

std::string knob_without_lever(const Levers& l) {
  for (const char* key : LEVER_NAMES) {
    const std::string_view lever = lever_of(key);
    if (lever.empty() || lever_value(l, key) == lever_default(key)) continue;
    if (lever_value(l, lever) == "off") return key;
  }
  return {};
}

void check_levers(const Levers& l, const std::string& where) {
  const std::string knob = knob_without_lever(l);
  if (!knob.empty())
    throw ConfigError(where + ": " + knob + ": set to " + lever_value(l, knob) + " but " + std::string(lever_of(knob)) +
                      " is off: the knob needs its lever");
}

std::string levers_text(const Levers& l) {
  std::string out;
  for (const char* key : LEVER_NAMES) {
    const std::string v = lever_value(l, key);
    if (v != lever_default(key)) out += (out.empty() ? "" : "+") + std::string(key) + "=" + v;
  }
  return out.empty() ? "none" : out;
}

Levers parse_levers(const std::string& text, const std::string& where) {
  Levers l;
  if (text == "none") return l;
  if (text.empty()) throw ConfigError(where + ": an empty lever setting (write none for no lever)");
  std::vector<std::string> seen;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t plus = std::min(text.find('+', at), text.size());
    const std::string part = text.substr(at, plus - at);
    const size_t eq = part.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ConfigError(where + ": '" + part + "' is not lever=value (e.g. coop_abbeys=per_colour; several joined by +)");
    const std::string key = part.substr(0, eq);
    for (const auto& k : seen)
      if (k == key) throw ConfigError(where + ": " + key + " is given twice");
    seen.push_back(key);
    set_lever(l, key, part.substr(eq + 1), where);
    if (plus == text.size()) break;
    at = plus + 1;
  }
  check_levers(l, where);
  return l;
}

std::string levers_slug(const Levers& l) {
  std::string out;
  for (const char* key : LEVER_NAMES) {
    std::string v = lever_value(l, key);
    if (v == lever_default(key)) continue;
    std::string k = std::string(key).substr(5);  // without "coop_"
    std::string clean;
    for (char c : v)
      if (c != ':') clean += c;
    out += (out.empty() ? "" : ".") + k + "-" + clean;
  }
  return out;
}

}  // namespace mists
