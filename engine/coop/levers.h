// The co-op levers (docs/rules.md, section C): optional pieces from Abbey & Mayor (abbeys, the
// monk, wagons, mayors), The Tollkeepers (tollhouses and their tiles) and Map-Chips Germany (chips
// and upgrades) for the Mists game, each off by default, so that the rules stand unchanged until
// one is set. Like the rule switches, a lever is data: parsed once, checked, resolved by
// build_rules into tables.
#pragma once

#include "engine/coop/layer.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace mists {

// CA1, CT1: how many pieces and who may use them.
enum class PiecePool : uint8_t { Off, PerColour, Team };
enum class AbbeyCost : uint8_t { Free, Burn };                     // CA1
enum class TollTiles : uint8_t { Replace, Add, None };             // CT1
enum class TollMist : uint8_t { Allowed, Forbidden };              // CT2
enum class TollBasis : uint8_t { Sights, MistyTiles };             // CT6
enum class TollNew : uint8_t { Collects, Waits };                  // CT3 (a decision of docs/rules.md)
enum class ChipPoints : uint8_t { Points, Choice };                // CM2
enum class UpgradeEffect : uint8_t { MajorityOnly, DoubleShare };  // CM5

constexpr int MAX_TEAM_PIECES = 8;  // N of team:N, for abbeys and tollhouses

struct Levers {
  PiecePool abbeys = PiecePool::Off;  // coop_abbeys
  int abbey_team = 0;                 // N of team:N
  AbbeyCost abbey_cost = AbbeyCost::Free;
  bool abbey_monk = false;            // coop_abbey_monk (CA5)
  bool wagon = false;                 // coop_wagon (CA8)
  bool mayor = false;                 // coop_mayor (CA8)
  PiecePool tolls = PiecePool::Off;   // coop_tolls
  int toll_team = 0;
  TollTiles toll_tiles = TollTiles::Replace;
  TollMist toll_mist = TollMist::Allowed;
  TollBasis toll_basis = TollBasis::Sights;
  TollNew toll_new = TollNew::Collects;  // a tollhouse placed or moved this turn collects this turn's tolls, or waits
  bool chips = false;                 // coop_chips
  int chip_radius = 5;                // coop_chip_radius: 5 (16 chip cells) or 2 (4)
  ChipPoints chip_points = ChipPoints::Points;
  UpgradeEffect upgrade_effect = UpgradeEffect::MajorityOnly;

  // Any lever on: the game differs from the plain Mists rules (records and studies then name them).
  bool any() const { return abbeys != PiecePool::Off || wagon || mayor || tolls != PiecePool::Off || chips; }
  bool tiles_of_tolls() const { return tolls != PiecePool::Off && toll_tiles != TollTiles::None; }
  friend bool operator==(const Levers&, const Levers&) = default;
};

// The lever names, in the order records and study files write them.
inline constexpr const char* LEVER_NAMES[] = {
    "coop_abbeys", "coop_abbey_cost", "coop_abbey_monk", "coop_wagon", "coop_mayor",
    "coop_tolls", "coop_toll_tiles", "coop_toll_mist", "coop_toll_basis", "coop_toll_new",
    "coop_chips", "coop_chip_radius", "coop_chip_points", "coop_upgrade_effect"};

// The text value of lever `key` ("off", "per_colour", "team:2", "burn", "5", ...); empty for an
// unknown key.
std::string lever_value(const Levers& l, std::string_view key);
// The value a lever has when nobody sets it.
std::string lever_default(std::string_view key);
// Sets lever `key` from its text value; throws ConfigError "where: key: ..." for a bad one.
void set_lever(Levers& l, const std::string& key, const std::string& value, const std::string& where);
// The lever a knob belongs to ("coop_abbeys" for coop_abbey_cost); empty for a lever itself.
std::string_view lever_of(std::string_view knob);
// The first knob (LEVER_NAMES order) set away from its default while its lever is off, or "".
std::string knob_without_lever(const Levers& l);
// Throws ConfigError "where: knob: ..." when a knob is set without its lever (coop_abbey_cost
// without coop_abbeys, coop_toll_* without coop_tolls, coop_chip_* and coop_upgrade_effect
// without coop_chips).
void check_levers(const Levers& l, const std::string& where);

// A lever setting as one canonical text: "none", or the levers that differ from their defaults in
// LEVER_NAMES order, "key=value" joined by '+' ("coop_abbeys=team:2+coop_abbey_cost=burn").
std::string levers_text(const Levers& l);
// The reverse of levers_text ("none", or key=value joined by '+'), checked; ConfigError naming `where`.
Levers parse_levers(const std::string& text, const std::string& where);
// A short form for file names and cell ids: "abbeys-team2.abbey_cost-burn" ("" for none).
std::string levers_slug(const Levers& l);

}  // namespace mists
