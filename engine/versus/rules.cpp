// The competitive game's rules: the names of games, modules, pieces and switches, the switches
// read and described, and the rules tables compiled from the catalogs (G1-G5 of docs/versus.md,
// with the modules' tiles). The turn is in state.cpp, the texts in text.cpp, the game in game.cpp.
#include "engine/versus/versus.h"

#include "engine/versus/detail.h"

#include <algorithm>
#include <cstring>
#include <sstream>

#include "engine/kit/tiles.h"

namespace mists::vs {

std::string_view game_name(VsGame g) {
  switch (g) {
    case VsGame::Base: return "base";
    case VsGame::Gcc: return "gcc";
  }
  return "?";
}

std::string_view module_name(VsModule m) {
  switch (m) {
    case VS_ABBEY_MAYOR: return "abbey_mayor";
    case VS_TOLLKEEPERS: return "tollkeepers";
    case VS_MAP_CHIPS: return "map_chips";
  }
  return "?";
}

std::string modules_text(uint8_t modules) {
  std::string s;
  for (VsModule m : {VS_ABBEY_MAYOR, VS_TOLLKEEPERS, VS_MAP_CHIPS})
    if (modules & m) s += (s.empty() ? "" : ",") + std::string(module_name(m));
  return s;
}

uint8_t parse_modules(const std::string& text) {
  uint8_t out = 0;
  std::string item;
  for (char c : text + ",") {
    if (c != ',') {
      item += c;
      continue;
    }
    if (item.empty()) continue;
    bool known = false;
    for (VsModule m : {VS_ABBEY_MAYOR, VS_TOLLKEEPERS, VS_MAP_CHIPS})
      if (item == module_name(m)) out = uint8_t(out | m), known = true;
    if (!known)
      throw ConfigError("expansions: '" + item + "' is not an expansion module (abbey_mayor, tollkeepers, map_chips)");
    item.clear();
  }
  return out;
}

std::string_view piece_name(VsPiece p) {
  switch (p) {
    case VsPiece::Normal: return "normal";
    case VsPiece::Guard: return "guard";
    case VsPiece::Mayor: return "mayor";
    case VsPiece::Wagon: return "wagon";
    case VsPiece::Abbot: return "abbot";
  }
  return "?";
}

std::string_view switch_value(ScoreFloor v) { return v == ScoreFloor::TurnNet ? "turn_net" : "each_scoring"; }
std::string_view switch_value(FinalGhostPenalty v) {
  return v == FinalGhostPenalty::AllButKeepers ? "all_but_keepers" : "scoring_only";
}
std::string_view switch_value(MistyRoadMeeple v) { return v == MistyRoadMeeple::Allowed ? "allowed" : "forbidden"; }
std::string_view switch_value(AbbeyLastRound v) {
  return v == AbbeyLastRound::MustPlace ? "must_place" : v == AbbeyLastRound::Lost ? "lost" : "may_place";
}
std::string_view switch_value(WagonRange v) { return v == WagonRange::Neighbourhood ? "neighbourhood" : "connected"; }
std::string_view switch_value(TollFlip v) { return v == TollFlip::EndOfTurn ? "end_of_turn" : "owner_turn"; }
std::string_view switch_value(CityClosedSide v) { return v == CityClosedSide::Border ? "border" : "field"; }

namespace {

// `fixed:X.Y/X.Y/...` for chip_layout (M2.3); the squares' order is kept.
std::vector<std::pair<int, int>> parse_squares(const std::string& name, const std::string& text) {
  std::vector<std::pair<int, int>> out;
  std::string item;
  for (char c : text + "/") {
    if (c != '/') {
      item += c;
      continue;
    }
    const size_t dot = item.find('.');
    auto number = [&](const std::string& x) {
      if (x.empty() || x.size() > 3 || x.find_first_not_of("0123456789") != std::string::npos)
        throw ConfigError(name + ": '" + item + "' is not a map square X.Y (fixed:X.Y/X.Y/...)");
      return std::stoi(x);
    };
    if (dot == std::string::npos) throw ConfigError(name + ": '" + item + "' is not a map square X.Y (fixed:X.Y/X.Y/...)");
    out.emplace_back(number(item.substr(0, dot)), number(item.substr(dot + 1)));
    item.clear();
  }
  return out;
}

}  // namespace

void set_switch(VsSwitches& sw, const std::string& name, const std::string& value) {
  auto bad = [&](const char* values) {
    return ConfigError(name + ": '" + value + "' is not a value of this switch; it takes " + values);
  };
  if (name == "unplaceable") {
    if (value == "discard") sw.unplaceable = Unplaceable::Discard;
    else if (value == "lose") sw.unplaceable = Unplaceable::Lose;
    else throw bad("discard or lose");
  } else if (name == "abbot") {
    if (value == "off") sw.abbot = false;
    else if (value == "on") sw.abbot = true;
    else throw bad("off or on");
  } else if (name == "score_floor") {
    if (value == "turn_net") sw.score_floor = ScoreFloor::TurnNet;
    else if (value == "each_scoring") sw.score_floor = ScoreFloor::EachScoring;
    else throw bad("turn_net or each_scoring");
  } else if (name == "final_ghost_penalty") {
    if (value == "all_but_keepers") sw.final_ghost_penalty = FinalGhostPenalty::AllButKeepers;
    else if (value == "scoring_only") sw.final_ghost_penalty = FinalGhostPenalty::ScoringOnly;
    else throw bad("all_but_keepers or scoring_only");
  } else if (name == "misty_road_meeple") {
    if (value == "allowed") sw.misty_road_meeple = MistyRoadMeeple::Allowed;
    else if (value == "forbidden") sw.misty_road_meeple = MistyRoadMeeple::Forbidden;
    else throw bad("allowed or forbidden");
  } else if (name == "abbey_in_features") {
    if (value == "no") sw.abbey_in_features = false;
    else if (value == "yes") sw.abbey_in_features = true;
    else throw bad("no or yes");
    sw.given |= VS_ABBEY_MAYOR;
  } else if (name == "abbey_last_round") {
    if (value == "must_place") sw.abbey_last_round = AbbeyLastRound::MustPlace;
    else if (value == "lost") sw.abbey_last_round = AbbeyLastRound::Lost;
    else if (value == "may_place") sw.abbey_last_round = AbbeyLastRound::MayPlace;
    else throw bad("must_place, lost or may_place");
    sw.given |= VS_ABBEY_MAYOR;
  } else if (name == "wagon_range") {
    if (value == "neighbourhood") sw.wagon_range = WagonRange::Neighbourhood;
    else if (value == "connected") sw.wagon_range = WagonRange::Connected;
    else throw bad("neighbourhood or connected");
    sw.given |= VS_ABBEY_MAYOR;
  } else if (name == "barn_new_tile") {
    if (value == "yes") sw.barn_new_tile = true;
    else if (value == "no") sw.barn_new_tile = false;
    else throw bad("yes or no");
    sw.given |= VS_ABBEY_MAYOR;
  } else if (name == "toll_flip") {
    if (value == "end_of_turn") sw.toll_flip = TollFlip::EndOfTurn;
    else if (value == "owner_turn") sw.toll_flip = TollFlip::OwnerTurn;
    else throw bad("end_of_turn or owner_turn");
    sw.given |= VS_TOLLKEEPERS;
  } else if (name == "map_starts") {
    const size_t plus = value.find('+');
    if (plus == std::string::npos || plus == 0 || plus + 1 == value.size() || value.substr(0, plus) == value.substr(plus + 1))
      throw bad("an ordered pair of two start squares of the map, START+SECOND (e.g. Rostock+Stuttgart)");
    sw.map_starts = value;
    sw.given |= VS_MAP_CHIPS;
  } else if (name == "city_closed_side") {
    if (value == "border") sw.city_closed_side = CityClosedSide::Border;
    else if (value == "field") sw.city_closed_side = CityClosedSide::Field;
    else throw bad("border or field");
    sw.given |= VS_MAP_CHIPS;
  } else if (name == "border_monastery") {
    if (value == "filled") sw.border_monastery_filled = true;
    else if (value == "empty") sw.border_monastery_filled = false;
    else throw bad("filled or empty");
    sw.given |= VS_MAP_CHIPS;
  } else if (name == "map_towns") {
    if (value != "plain") throw bad("plain");
    sw.given |= VS_MAP_CHIPS;
  } else if (name == "chip_layout") {
    if (value == "greedy") {
      sw.chip_layout = ChipLayout::Greedy;
      sw.chip_squares.clear();
    } else if (value.rfind("fixed:", 0) == 0) {
      sw.chip_layout = ChipLayout::Fixed;
      sw.chip_squares = parse_squares(name, value.substr(6));
    } else {
      throw bad("greedy or fixed:X.Y/X.Y/... (the chip squares of the map)");
    }
    sw.given |= VS_MAP_CHIPS;
  } else if (name == "upgrades_per_turn") {
    if (value == "1") sw.upgrades_any = false;
    else if (value == "any") sw.upgrades_any = true;
    else throw bad("1 or any");
    sw.given |= VS_MAP_CHIPS;
  } else {
    throw ConfigError(name + ": no such switch of the competitive game (unplaceable, abbot, score_floor, "
                             "final_ghost_penalty, misty_road_meeple; abbey_in_features, abbey_last_round, wagon_range, "
                             "barn_new_tile with abbey_mayor; toll_flip with tollkeepers; map_starts, city_closed_side, "
                             "border_monastery, map_towns, chip_layout, upgrades_per_turn with map_chips)");
  }
}

std::string describe(const VsSwitches& sw, uint8_t modules) {
  std::string s = "unplaceable=" + std::string(switch_value(sw.unplaceable));
  s += std::string(" abbot=") + (sw.abbot ? "on" : "off");
  s += " score_floor=" + std::string(switch_value(sw.score_floor));
  s += " final_ghost_penalty=" + std::string(switch_value(sw.final_ghost_penalty));
  s += " misty_road_meeple=" + std::string(switch_value(sw.misty_road_meeple));
  if (modules & VS_ABBEY_MAYOR) {
    s += std::string(" abbey_in_features=") + (sw.abbey_in_features ? "yes" : "no");
    s += " abbey_last_round=" + std::string(switch_value(sw.abbey_last_round));
    s += " wagon_range=" + std::string(switch_value(sw.wagon_range));
    s += std::string(" barn_new_tile=") + (sw.barn_new_tile ? "yes" : "no");
  }
  if (modules & VS_TOLLKEEPERS) s += " toll_flip=" + std::string(switch_value(sw.toll_flip));
  if (modules & VS_MAP_CHIPS) {
    s += " map_starts=" + sw.map_starts;
    s += " city_closed_side=" + std::string(switch_value(sw.city_closed_side));
    s += std::string(" border_monastery=") + (sw.border_monastery_filled ? "filled" : "empty");
    s += " map_towns=plain";
    if (sw.chip_layout == ChipLayout::Greedy) {
      s += " chip_layout=greedy";
    } else {
      s += " chip_layout=fixed:";
      for (size_t i = 0; i < sw.chip_squares.size(); ++i)
        s += (i ? "/" : "") + std::to_string(sw.chip_squares[i].first) + "." + std::to_string(sw.chip_squares[i].second);
    }
    s += std::string(" upgrades_per_turn=") + (sw.upgrades_any ? "any" : "1");
  }
  return s;
}

namespace {

std::string where(const TileSpec& t, const Catalog& c) {
  return c.path + ":" + std::to_string(t.line) + ": tile " + t.id;
}

// `gcc`: the tile may show mist, castles and cemeteries (G3, G4); the base game refuses them.
VsType compile_type(const TileSpec& spec, const Catalog& catalog, bool gcc) {
  VsType tt;
  tt.id = spec.id;
  tt.spec = &spec;
  tt.copies = spec.start || spec.special ? 0 : spec.copies;
  if (spec.any_edges) {
    // The abbey (E5.2, A2): every side matches and closes what faces it; a monastery in the centre
    // and one hidden part a side, which joins the road or city it closes when abbey_in_features
    // is `yes` (A2.2), so that the abbey counts once as a tile of it.
    if (spec.kind != "abbey" || spec.regions.size() != 1 || spec.regions[0].kind != RegionKind::Monastery)
      throw ConfigError(where(spec, catalog) + ": special: the competitive game knows one special tile, the abbey: a "
                        "monastery alone with edges = \"any\"");
    tt.abbey = true;
    tt.n_regions = 1 + SIDE_NB;
    tt.regions[0].kind = RegionKind::Monastery;
    tt.monastery = 0;
    for (int side = 0; side < SIDE_NB; ++side) tt.regions[size_t(1 + side)].hidden = true;
    for (int rot = 0; rot < 4; ++rot) {
      tt.rot[size_t(rot)].region.fill(0xFF);
      tt.rot[size_t(rot)].closes = 0xF;
    }
    tt.rot_ok[0] = true;
    return tt;
  }
  if (int(spec.regions.size()) > VS_MAX_REGIONS)
    throw ConfigError(where(spec, catalog) + ": regions: " + std::to_string(spec.regions.size()) +
                      " regions, the competitive engine holds " + std::to_string(VS_MAX_REGIONS) + " a tile");
  uint16_t misty = 0;
  for (int s = 0; s < SLOT_NB; ++s)
    if (spec.edges[s] == 'f' || spec.edges[s] == 'r') {
      if (!gcc)
        throw ConfigError(catalog.path + ":" + std::to_string(spec.edges_line ? spec.edges_line : spec.line) + ": tile " +
                          spec.id + ": edges: slot " + slot_name(s) +
                          " is misty; the base game (--game base) plays clear tiles only");
      misty = uint16_t(misty | 1u << s);
    }
  std::vector<int> city_index;  // position among the city regions -> region index
  for (size_t i = 0; i < spec.regions.size(); ++i)
    if (spec.regions[i].kind == RegionKind::City) city_index.push_back(int(i));
  tt.n_regions = int(spec.regions.size());
  tt.misty = spec.misty();
  for (size_t i = 0; i < spec.regions.size(); ++i) {
    const RegionSpec& r = spec.regions[i];
    VsRegion& g = tt.regions[i];
    g.kind = r.kind;
    g.arms = uint8_t(r.arms);
    g.open = int8_t(sides_touched(r.slots));
    switch (r.kind) {
      case RegionKind::City: case RegionKind::Field: break;
      case RegionKind::Road:
        tt.misty_road[i] = (r.slots & misty) != 0;
        count_sights(r, g.sights, g.travellers);  // T3.2
        break;
      case RegionKind::Monastery: tt.monastery = int8_t(i); break;
      case RegionKind::Garden: tt.garden = int8_t(i); break;  // G1.11: only the abbot goes there
      case RegionKind::Mist: case RegionKind::Castle: case RegionKind::Cemetery:
        if (!gcc)
          throw ConfigError(catalog.path + ":" + std::to_string(r.line) + ": tile " + spec.id + ": " +
                            std::string(kind_name(r.kind)) + ": the base game (--game base) has no " +
                            std::string(kind_name(r.kind)) + " regions");
        if (r.kind == RegionKind::Castle) tt.castle = int8_t(i);
        if (r.kind == RegionKind::Cemetery) tt.cemetery = int8_t(i);
        break;
      default:
        throw ConfigError(catalog.path + ":" + std::to_string(r.line) + ": tile " + spec.id + ": " +
                          std::string(kind_name(r.kind)) + ": the competitive game has no such regions");
    }
    if (r.kind == RegionKind::Field) {
      if (r.cities.size() > g.cities.size())
        throw ConfigError(where(spec, catalog) + ": field.cities: more than 4 cities next to one field");
      for (int c : r.cities) {
        if (c < 0 || c >= int(city_index.size()))
          throw ConfigError(where(spec, catalog) + ": field.cities: city index " + std::to_string(c) + " names no city");
        g.cities[g.n_cities++] = uint8_t(city_index[size_t(c)]);
      }
    }
  }
  detail::compile_links(tt, spec);
  detail::compile_junctions(tt, spec);
  for (int rot = 0; rot < 4; ++rot) {
    VsOrientation& o = tt.rot[rot];
    o.region.fill(0xFF);
    o.misty = rotate_mask(misty, rot);
    o.sides = turned_sides(spec, rot);
    // City, road and field regions own their slots; a mist region owns only the misty field
    // slots, which belong to no field (G4.6). A misty road slot stays its road's.
    for (int pass = 0; pass < 2; ++pass)
      for (int i = 0; i < tt.n_regions; ++i) {
        if ((spec.regions[size_t(i)].kind == RegionKind::Mist) != (pass == 1)) continue;
        const SlotMask m = rotate_mask(spec.regions[size_t(i)].slots, rot);
        for (int s = 0; s < SLOT_NB; ++s)
          if ((m >> s & 1) && o.region[s] == 0xFF) o.region[s] = uint8_t(i);
      }
    for (int s = 0; s < SLOT_NB; ++s)
      if (o.region[s] == 0xFF)
        throw ConfigError(where(spec, catalog) + ": regions: slot " + slot_name(s) + " belongs to no region");
  }
  // A rotation is redundant when the turned tile is the same as a smaller rotation: the same
  // region under every slot up to a relabelling that keeps each region's attributes, and the same
  // misty slots.
  auto signature = [&](int rot) {
    std::vector<int> label(size_t(tt.n_regions), -1);
    int next = 0;
    std::string sig;
    for (int s = 0; s < SLOT_NB; ++s) {
      const int r = tt.rot[rot].region[s];
      if (label[size_t(r)] < 0) label[size_t(r)] = next++;
      sig += char('a' + label[size_t(r)]);
      sig += (tt.rot[rot].misty >> s & 1) ? '~' : '.';
    }
    for (int i = 0; i < tt.n_regions; ++i)
      if (label[size_t(i)] < 0) label[size_t(i)] = next++;  // centre regions keep file order
    std::vector<std::string> attrs(size_t(tt.n_regions));
    for (int i = 0; i < tt.n_regions; ++i) {
      const VsRegion& g = tt.regions[size_t(i)];
      std::string a = std::to_string(int(g.kind)) + "/" + std::to_string(g.arms) + "/" + std::to_string(g.sights) + "/" +
                      std::to_string(g.travellers) + "/";
      std::vector<int> cs;
      for (int k = 0; k < g.n_cities; ++k) cs.push_back(label[g.cities[size_t(k)]]);
      std::sort(cs.begin(), cs.end());
      for (int c : cs) a += std::to_string(c) + ",";
      std::vector<int> ls;  // wagon links and junctions, relabelled
      for (int k = 0; k < tt.n_regions; ++k)
        if (g.links >> k & 1) ls.push_back(label[size_t(k)]);
      std::sort(ls.begin(), ls.end());
      a += "/";
      for (int c : ls) a += std::to_string(c) + ",";
      attrs[size_t(label[size_t(i)])] = a;
    }
    for (const auto& a : attrs) sig += "|" + a;
    std::vector<std::string> js;
    for (int j = 0; j < tt.n_junctions; ++j) {
      std::vector<int> rs;
      for (int k = 0; k < tt.n_regions; ++k)
        if (tt.junction[size_t(j)] >> k & 1) rs.push_back(label[size_t(k)]);
      std::sort(rs.begin(), rs.end());
      std::string x;
      for (int c : rs) x += std::to_string(c) + ",";
      js.push_back(x);
    }
    std::sort(js.begin(), js.end());
    for (const auto& j : js) sig += "#" + j;
    return sig;
  };
  tt.rot_ok = distinct_rotations([&](int rot, int prev) { return signature(rot) == signature(prev); });
  return tt;
}

void check_players(int players, const VsSwitches& switches) {
  if (players < 2 || players > VS_MAX_PLAYERS)
    throw ConfigError("players: " + std::to_string(players) + " players; the competitive game takes 2 to " +
                      std::to_string(VS_MAX_PLAYERS) + " (G1.2)");
  if (switches.unplaceable != Unplaceable::Discard)
    throw ConfigError("unplaceable: 'lose' has no meaning in the competitive game; a tile that fits nowhere is "
                      "discarded and another drawn (G1.4)");
}

// Land tiles of `c` into the pile, their ids after `prefix`.
void add_land(VsRules& R, const Catalog& c, bool gcc, const std::string& prefix = "") {
  for (const TileSpec& t : c.tiles) {
    for (const VsType& u : R.types)
      if (u.id == prefix + t.id)
        throw ConfigError(where(t, c) + ": id: '" + prefix + t.id + "' names a design of another catalog of this game too");
    R.types.push_back(compile_type(t, c, gcc));
    R.types.back().id = prefix + t.id;
    R.tiles_in_play += t.copies;
  }
}

// The start cells of `c`, after every land tile.
void add_start(VsRules& R, const Catalog& c, bool gcc) {
  const std::string file = c.path.empty() ? std::string("catalog") : c.path;
  R.n_land_types = int(R.types.size());
  if (c.start.empty()) throw ConfigError(file + ": start: the catalog has no [[start]] cell");
  for (const TileSpec& t : c.start) {
    if (t.at_x < 0 || t.at_x > 1 || t.at_y < 0 || t.at_y > 1)
      throw ConfigError(file + ":" + std::to_string(t.line) + ": start " + t.id + ": at: offset outside 0..1");
    R.start_types.push_back(int(R.types.size()));
    R.start_at.emplace_back(t.at_x, t.at_y);
    R.types.push_back(compile_type(t, c, gcc));
  }
}

void check_capacity(const VsRules& R, const std::string& file) {
  if (int(R.types.size()) > VS_MAX_TYPES)
    throw ConfigError(file + ": tile: " + std::to_string(R.types.size()) + " tile designs; the competitive engine holds " +
                      std::to_string(VS_MAX_TYPES));
  const int abbeys = R.abbey_type >= 0 ? R.players : 0;  // they fill holes: the board's reach does not grow
  const int squares = R.on_map ? int(R.city_specs.size()) : 0;  // the large cities' squares
  const int capacity = std::min(VS_W / 2 - 3, VS_MAX_TILES - int(R.start_types.size()) - abbeys - squares);
  if (R.tiles_in_play > capacity)
    throw ConfigError(file + ": tiles: " + std::to_string(R.tiles_in_play) + " tiles in the draw pile; the competitive "
                      "board holds " + std::to_string(capacity));
  if (R.tiles_in_play == 0) throw ConfigError(file + ": tiles: the draw pile is empty");
}

}  // namespace


VsRules build_rules(Catalog catalog, VsGame game, int players, VsSwitches switches) {
  if (game == VsGame::Gcc)
    throw ConfigError("game: gcc plays two catalogs (the base tiles and the GCC tiles); use build_gcc_rules");
  return build_game(game, std::move(catalog), Catalog{}, VsExpansions{}, players, std::move(switches));
}

VsRules build_gcc_rules(Catalog base, Catalog gcc, int players, VsSwitches switches) {
  return build_game(VsGame::Gcc, std::move(base), std::move(gcc), VsExpansions{}, players, std::move(switches));
}

VsRules build_game(VsGame game, Catalog base, Catalog gcc, VsExpansions ex, int players, VsSwitches switches) {
  VsRules R;
  R.catalog = std::move(base);
  R.game = game;
  R.modules = ex.modules;
  R.players = players;
  R.switches = std::move(switches);
  check_players(players, R.switches);
  const bool is_gcc = game == VsGame::Gcc;
  for (VsModule m : {VS_ABBEY_MAYOR, VS_TOLLKEEPERS, VS_MAP_CHIPS})
    if ((R.switches.given & m) && !(R.modules & m))
      throw ConfigError("switches: a switch of " + std::string(module_name(m)) + " is set, but the game does not play that "
                        "module (--expansions " + std::string(module_name(m)) + ")");
  if (R.has(VS_MAP_CHIPS)) {
    if (is_gcc)
      throw ConfigError("expansions: map_chips plays the base game only: GCC's 2x2 start tile has no place on the map's "
                        "single start squares (M1.2)");
    R.map = std::move(ex.map);
    const std::vector<CatalogIssue> issues = validate_map(R.map);
    if (!issues.empty()) throw ConfigError(format_issues(R.map.path, issues));
    R.on_map = true;
    R.setup_tiles = 1;  // M1.2: the pile's top tile on the second start square
  }
  if (is_gcc) {
    R.gcc_catalog = std::move(gcc);
    for (const TileSpec& t : R.catalog.tiles)
      if (t.misty() || t.has(RegionKind::Castle) || t.has(RegionKind::Cemetery))
        throw ConfigError(where(t, R.catalog) + ": regions: the first catalog of GCC is the base game's, without mist, "
                          "castles or cemeteries");
  }
  if (R.has(VS_ABBEY_MAYOR)) {
    R.abbey_catalog = std::move(ex.abbey);
    if (!R.abbey_catalog.find_special("abbey"))
      throw ConfigError((R.abbey_catalog.path.empty() ? std::string("catalog") : R.abbey_catalog.path) +
                        ": special: the Abbey & Mayor catalog has no abbey tile ([[special]] kind = \"abbey\", A1.1)");
  }
  if (R.has(VS_TOLLKEEPERS)) R.toll_catalog = std::move(ex.toll);
  add_land(R, R.catalog, is_gcc);  // G2.1: with GCC the base start tile leaves the game
  if (is_gcc) add_land(R, R.gcc_catalog, true);
  if (R.has(VS_ABBEY_MAYOR)) add_land(R, R.abbey_catalog, is_gcc);
  if (R.has(VS_TOLLKEEPERS)) add_land(R, R.toll_catalog, is_gcc, TOLL_PREFIX);  // its ids 01-10 are the Mists set's too
  add_start(R, is_gcc ? R.gcc_catalog : R.catalog, is_gcc);
  if (is_gcc && R.start_types.size() != 4)
    throw ConfigError((R.gcc_catalog.path.empty() ? std::string("catalog") : R.gcc_catalog.path) +
                      ": start: GCC starts from a 2x2 start tile (4 [[start]] cells), the catalog has " +
                      std::to_string(R.start_types.size()) + " (G2.1)");
  if (R.has(VS_ABBEY_MAYOR)) {
    R.abbey_type = int(R.types.size());
    R.types.push_back(compile_type(*R.abbey_catalog.find_special("abbey"), R.abbey_catalog, is_gcc));
    R.closing = true;
  }
  if (R.on_map) {
    detail::build_map(R);
    R.closing = true;  // the large cities' closed sides
    if (R.tiles_in_play + 1 > R.map.tile_squares())
      throw ConfigError(R.map.path + ": rows: " + std::to_string(R.map.tile_squares()) + " squares take tiles; the game has " +
                        std::to_string(R.tiles_in_play + 1) + " tiles (M1.1)");
  }
  if (R.switches.abbot) {
    bool gardens = false;
    for (const VsType& t : R.types) gardens |= t.garden >= 0;
    if (!gardens)
      throw ConfigError("abbot: 'on' needs garden regions in the game's tiles (G1.11); no catalog of this game has one "
                        "(Abbey & Mayor's has: --expansions abbey_mayor)");
  }
  R.pieces = R.has(VS_ABBEY_MAYOR) || R.switches.abbot;
  check_capacity(R, is_gcc ? (R.gcc_catalog.path.empty() ? std::string("catalog") : R.gcc_catalog.path)
                           : (R.catalog.path.empty() ? std::string("catalog") : R.catalog.path));
  return R;
}

std::string VsRules::describe() const {
  std::ostringstream os;
  os << "game " << game_name(game) << ", " << players << " players, catalog " << catalog.path << " ("
     << catalog.checksum << ")";
  if (game == VsGame::Gcc) os << " + " << gcc_catalog.path << " (" << gcc_catalog.checksum << ")";
  if (modules) {
    os << ", expansions " << modules_text(modules);
    if (has(VS_ABBEY_MAYOR)) os << " (" << abbey_catalog.path << " " << abbey_catalog.checksum << ")";
    if (has(VS_TOLLKEEPERS)) os << " (" << toll_catalog.path << " " << toll_catalog.checksum << ")";
    if (has(VS_MAP_CHIPS)) os << " (map " << map.path << " " << map.checksum << ")";
  }
  os << ", " << tiles_in_play << " tiles in the pile, " << vs::describe(switches, modules);
  return os.str();
}

}  // namespace mists::vs
