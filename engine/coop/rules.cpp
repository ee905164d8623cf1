#include "engine/coop/rules.h"

#include <algorithm>
#include <sstream>

#include "engine/kit/tiles.h"

namespace mists {

std::string_view switch_value(JointScoring v) { return v == JointScoring::Majority ? "majority" : "all_colours"; }
std::string_view switch_value(HauntedAdjacency v) { return v == HauntedAdjacency::Eight ? "eight" : "four"; }
std::string_view switch_value(FinishGhosts v) { return v == FinishGhosts::None ? "none" : "other_areas"; }

std::string_view switch_value(const Switches& sw, std::string_view key) {
  if (key == "joint_scoring") return switch_value(sw.joint_scoring);
  if (key == "unplaceable") return switch_value(sw.unplaceable);
  if (key == "haunted_adjacency") return switch_value(sw.haunted_adjacency);
  if (key == "finish_ghosts") return switch_value(sw.finish_ghosts);
  return {};
}

void set_switch(Switches& sw, const std::string& key, const std::string& value, const std::string& where) {
  auto bad = [&](const char* allowed) {
    throw ConfigError(where + ": " + key + ": '" + value + "' is not one of " + allowed);
  };
  if (key == "joint_scoring") {
    if (value == "majority") sw.joint_scoring = JointScoring::Majority;
    else if (value == "all_colours") sw.joint_scoring = JointScoring::AllColours;
    else bad("majority, all_colours");
  } else if (key == "unplaceable") {
    if (value == "discard") sw.unplaceable = Unplaceable::Discard;
    else if (value == "lose") sw.unplaceable = Unplaceable::Lose;
    else bad("discard, lose");
  } else if (key == "haunted_adjacency") {
    if (value == "eight") sw.haunted_adjacency = HauntedAdjacency::Eight;
    else if (value == "four") sw.haunted_adjacency = HauntedAdjacency::Four;
    else bad("eight, four");
  } else if (key == "finish_ghosts") {
    if (value == "none") sw.finish_ghosts = FinishGhosts::None;
    else if (value == "other_areas") sw.finish_ghosts = FinishGhosts::OtherAreas;
    else bad("none, other_areas");
  } else {
    throw ConfigError(where + ": unknown rule switch '" + key + "' (joint_scoring, unplaceable, haunted_adjacency, finish_ghosts)");
  }
}

std::string_view loss_cause_name(LossCause c) {
  switch (c) {
    case LossCause::None: return "none";
    case LossCause::GhostSupply: return "ghost_supply";
    case LossCause::Pile1Target: return "pile1_target";
    case LossCause::Pile2Target: return "pile2_target";
    case LossCause::TilesOut: return "tiles_out";
    case LossCause::Unplaceable: return "unplaceable";
  }
  return "?";
}

std::string_view piece_name(PieceKind k) {
  switch (k) {
    case PieceKind::Meeple: return "meeple";
    case PieceKind::Wagon: return "wagon";
    case PieceKind::Mayor: return "mayor";
  }
  return "?";
}

namespace {

// `monk`: the abbey's monastery becomes a feature that takes a meeple (CA5); no other monastery
// plays a part in the co-op rules.
TileType compile_type(const TileSpec& spec, const Level& level, bool monk = false) {
  TileType tt;
  tt.id = spec.id;
  tt.spec = &spec;
  // Features in a fixed order: cities, roads, mists, castle, cemetery, the abbey's monastery
  // (fields, gardens and other monasteries play no part in the co-op rules).
  for (RegionKind k : {RegionKind::City, RegionKind::Road, RegionKind::Mist, RegionKind::Castle, RegionKind::Cemetery,
                       RegionKind::Monastery})
    for (size_t i = 0; i < spec.regions.size(); ++i) {
      const RegionSpec& r = spec.regions[i];
      if (r.kind != k) continue;
      if (k == RegionKind::Monastery && !monk) continue;
      Feature f;
      f.kind = k;
      f.arms = uint8_t(r.arms);
      f.ghosts = uint8_t(r.ghosts);
      f.spec_region = uint8_t(i);
      const int sides = sides_touched(r.slots);
      bool misty_road = false;
      for (int s = 0; s < SLOT_NB; ++s) misty_road |= (r.slots >> s & 1) && spec.edges[s] == 'r';
      switch (k) {
        case RegionKind::City: f.open = int8_t(sides); f.takes_meeple = true; break;
        case RegionKind::Road:
          f.open = int8_t(sides);
          f.takes_meeple = !misty_road;  // R2.4
          f.misty_road = misty_road;
          count_sights(r, f.sights, f.travellers);
          break;
        case RegionKind::Mist: f.open = int8_t(__builtin_popcount(r.slots)); break;
        case RegionKind::Castle: f.takes_meeple = level.castles; tt.castle = int8_t(tt.features.size()); break;
        case RegionKind::Cemetery: tt.cemetery = int8_t(tt.features.size()); break;
        case RegionKind::Monastery: f.takes_meeple = true; tt.monastery = int8_t(tt.features.size()); break;
        default: break;
      }
      tt.features.push_back(f);
    }
  tt.misty = spec.misty();
  // Junctions (E3) as masks of road features (the feature of each road region).
  for (const auto& j : junction_regions(spec)) {
    uint8_t mask = 0;
    bool misty = false;
    for (int r : j) {
      size_t fi = 0;
      while (tt.features[fi].kind != RegionKind::Road || tt.features[fi].spec_region != r) ++fi;
      mask = uint8_t(mask | 1u << fi);
      misty = misty || tt.features[fi].misty_road;
    }
    if (misty) tt.misty_junctions = uint8_t(tt.misty_junctions | 1u << tt.junctions.size());
    tt.junctions.push_back(mask);
  }
  if (spec.any_edges) {  // E5.2: no slot regions, matches every side
    tt.abbey = spec.kind == "abbey";
    for (int rot = 0; rot < 4; ++rot) {
      tt.rot[rot].main.fill(0xFF);
      tt.rot[rot].mist.fill(0xFF);
      tt.rot[rot].side_main.fill(0xFF);
      tt.rot_ok[rot] = rot == 0;
    }
    return tt;
  }
  for (int rot = 0; rot < 4; ++rot) {
    Orientation& o = tt.rot[rot];
    o.main.fill(0xFF);
    o.mist.fill(0xFF);
    o.side_main.fill(0xFF);
    o.sides = turned_sides(spec, rot);
    for (size_t fi = 0; fi < tt.features.size(); ++fi) {
      const RegionSpec& r = spec.regions[tt.features[fi].spec_region];
      const SlotMask m = rotate_mask(r.slots, rot);
      for (int s = 0; s < SLOT_NB; ++s) {
        if (!(m >> s & 1)) continue;
        if (r.kind == RegionKind::Mist) {
          o.mist[s] = uint8_t(fi);
          o.misty |= SlotMask(1u << s);
        } else {
          o.main[s] = uint8_t(fi);
          if (s % 3 == 1) o.side_main[s / 3] = uint8_t(fi);
        }
      }
    }
  }
  // A rotation is redundant when the turned tile equals a smaller rotation's slot for slot: the
  // same slot terrain, the same region partition, the same attributes on every slot.
  tt.rot_ok = distinct_rotations([&](int rot, int prev) {
    bool same = true;
    for (int s = 0; s < SLOT_NB && same; ++s) {
      const int a = tt.rot[rot].main[s], b = tt.rot[prev].main[s];
      const int ma = tt.rot[rot].mist[s], mb = tt.rot[prev].mist[s];
      same = (a == 0xFF) == (b == 0xFF) && (ma == 0xFF) == (mb == 0xFF) &&
             spec.edges[rotate_slot(s, 4 - rot)] == spec.edges[rotate_slot(s, 4 - prev)];
    }
    if (!same) return false;
    for (int s = 0; s < SLOT_NB && same; ++s)
      for (int t = 0; t < SLOT_NB && same; ++t) {
        const bool pa = tt.rot[rot].main[s] != 0xFF && tt.rot[rot].main[s] == tt.rot[rot].main[t];
        const bool pb = tt.rot[prev].main[s] != 0xFF && tt.rot[prev].main[s] == tt.rot[prev].main[t];
        const bool qa = tt.rot[rot].mist[s] != 0xFF && tt.rot[rot].mist[s] == tt.rot[rot].mist[t];
        const bool qb = tt.rot[prev].mist[s] != 0xFF && tt.rot[prev].mist[s] == tt.rot[prev].mist[t];
        same = pa == pb && qa == qb;
      }
    for (int s = 0; s < SLOT_NB && same; ++s) {
      auto attr = [&](int fi) {
        if (fi == 0xFF) return std::array<int, 4>{-1, 0, 0, 0};
        const Feature& f = tt.features[size_t(fi)];
        const RegionSpec& r = spec.regions[f.spec_region];
        return std::array<int, 4>{int(f.kind), f.arms, f.ghosts, int(r.end)};
      };
      same = attr(tt.rot[rot].main[s]) == attr(tt.rot[prev].main[s]) &&
             attr(tt.rot[rot].mist[s]) == attr(tt.rot[prev].mist[s]);
    }
    return same;
  });
  return tt;
}

}  // namespace

Rules build_rules(Catalog catalog, Level level, GameParams params, LeverCatalogs lever_catalogs) {
  auto fail = [](const std::string& field, const std::string& why) { throw ConfigError(field + ": " + why); };
  check_levers(params.levers, "levers");
  if (params.players < 1 || params.players > MAX_PLAYERS) fail("players", "must be 1 to 5, got " + std::to_string(params.players));
  if (level.piles < 1 || level.piles > MAX_PILES) fail("piles", "must be 1 to 3, got " + std::to_string(level.piles));
  if (level.ghosts < 0 || level.ghosts > 250) fail("ghosts", "must be 0 to 250, got " + std::to_string(level.ghosts));
  if (level.goal < 1 || level.goal > 30000) fail("goal", "must be 1 to 30000, got " + std::to_string(level.goal));
  if (level.hound1 < 0 || level.hound2 < 0) fail("hound", "thresholds must not be negative");
  if (level.hound2 && !level.hound1) fail("hound2", "hound 2 needs hound 1");
  if (level.hound2 && level.hound2 <= level.hound1)
    fail("hound2", "must be above hound1 (" + std::to_string(level.hound1) + "), got " + std::to_string(level.hound2));
  const int hounds = (level.hound1 > 0) + (level.hound2 > 0);
  if (hounds > level.piles - 1)
    fail("piles", std::to_string(hounds) + " hound(s) need " + std::to_string(hounds + 1) + " piles, level has " +
                      std::to_string(level.piles));
  if (level.cemetery_close != 0 && level.cemetery_close != 4 && level.cemetery_close != 8)
    fail("cemetery_close", "must be 0, 4 or 8, got " + std::to_string(level.cemetery_close));
  for (const auto& k : level.remove_kinds)
    if (k != "castle" && k != "cemetery" && k != "monastery") fail("remove_kinds", "unknown kind '" + k + "'");
  for (const auto& id : level.remove_ids)
    if (!catalog.find(id)) fail("remove_ids", "no tile '" + id + "' in " + catalog.path);
  if (catalog.start.empty())
    fail("catalog", catalog.path + " has no [[start]] cell: it is an expansion, played with a base catalog's start tile");

  const Levers& L = params.levers;
  if (L.abbeys != PiecePool::Off && !lever_catalogs.abbeys.find_special("abbey"))
    fail("coop_abbeys", "needs the abbey tile: a catalog with a [[special]] entry of kind \"abbey\" (configs/tiles/abbey-mayor.toml), " +
                            (lever_catalogs.abbeys.path.empty() ? std::string("none was given") : lever_catalogs.abbeys.path + " has none"));
  if (L.tiles_of_tolls() && lever_catalogs.tolls.tiles.empty())
    fail("coop_toll_tiles", "needs the Tollkeepers tiles (configs/tiles/tollkeepers-reconstructed.toml), " +
                                (lever_catalogs.tolls.path.empty() ? std::string("none was given") : lever_catalogs.tolls.path + " has no [[tile]]"));
  if (L.abbeys == PiecePool::Off) lever_catalogs.abbeys = Catalog{};  // only what the game reads
  if (!L.tiles_of_tolls()) lever_catalogs.tolls = Catalog{};

  Rules r;
  r.catalog = std::move(catalog);
  r.level = std::move(level);
  r.params = params;
  r.lever_catalogs = std::move(lever_catalogs);
  const Catalog& cat = r.catalog;
  const Level& lv = r.level;

  if (cat.tiles.size() + cat.start.size() > size_t(MAX_TYPES))
    fail("catalog", "has " + std::to_string(cat.tiles.size() + cat.start.size()) + " designs, the engine holds " +
                        std::to_string(MAX_TYPES));
  int nodes = 0;
  for (const auto* list : {&cat.tiles, &cat.start})
    for (const auto& spec : *list)
      if (spec.regions.size() > size_t(MAX_REGIONS)) fail("catalog", "tile " + spec.id + " has more than " + std::to_string(MAX_REGIONS) + " regions");
  for (const auto& spec : cat.tiles) {
    TileType tt = compile_type(spec, lv);
    bool removed = std::find(lv.remove_ids.begin(), lv.remove_ids.end(), spec.id) != lv.remove_ids.end();
    for (const auto& k : lv.remove_kinds)
      for (const auto& reg : spec.regions) removed |= kind_name(reg.kind) == k;
    tt.in_play = removed ? 0 : spec.copies;
    r.tiles_in_play += tt.in_play;
    nodes += tt.in_play * int(tt.features.size());
    if (tt.features.size() > 8) fail("catalog", "tile " + spec.id + " has more than 8 features");
    r.types.push_back(std::move(tt));
  }
  r.n_base_types = int(r.types.size());
  r.common_tiles = r.tiles_in_play;
  // CT1: the Tollkeepers tiles, named T/<id> so that they never clash with the base catalog's ids.
  for (const auto& spec : r.lever_catalogs.tolls.tiles) {
    TileType tt = compile_type(spec, lv);
    tt.id = "T/" + spec.id;
    tt.toll_tile = true;
    tt.in_play = spec.copies;
    nodes += tt.in_play * int(tt.features.size());
    if (tt.features.size() > 8) fail("coop_toll_tiles", "tile " + tt.id + " has more than 8 features");
    if (L.toll_tiles == TollTiles::Replace) r.toll_replace += spec.copies;
    else r.tiles_in_play += spec.copies;
    r.types.push_back(std::move(tt));
  }
  if (r.toll_replace) {  // enough mist-free tiles, neither castle nor cemetery, to set aside
    int eligible = 0;
    for (int t = 0; t < r.n_base_types; ++t)
      if (!r.types[size_t(t)].misty && r.types[size_t(t)].castle < 0 && r.types[size_t(t)].cemetery < 0) eligible += r.types[size_t(t)].in_play;
    if (eligible < r.toll_replace)
      fail("coop_toll_tiles", "replace sets aside " + std::to_string(r.toll_replace) + " mist-free tiles that are neither castle nor cemetery; the level has " +
                                  std::to_string(eligible));
  }
  r.n_land_types = int(r.types.size());
  if (r.types.size() + cat.start.size() + (L.abbeys != PiecePool::Off) > size_t(MAX_TYPES))
    fail("catalog", "with the levers' tiles, " + std::to_string(r.types.size() + cat.start.size() + 1) + " designs; the engine holds " +
                        std::to_string(MAX_TYPES));
  for (const auto& spec : cat.start) {
    TileType tt = compile_type(spec, lv);
    tt.in_play = 0;
    nodes += int(tt.features.size());
    r.start_types.push_back(int(r.types.size()));
    r.start_at.emplace_back(spec.at_x, spec.at_y);
    r.start_ghosts += spec.ghost_symbols();
    r.types.push_back(std::move(tt));
  }
  // Meeple colours first: per-colour pieces follow them.
  const int P = params.players;
  r.n_colours = P <= 2 ? 4 : P;
  // CA1: the abbeys, the last type (types from wild_from on match every side).
  if (L.abbeys != PiecePool::Off) {
    const TileSpec* spec = r.lever_catalogs.abbeys.find_special("abbey");
    TileType tt = compile_type(*spec, lv, L.abbey_monk);
    tt.id = spec->id;
    r.abbeys = L.abbeys == PiecePool::Team ? L.abbey_team : r.n_colours * spec->copies_per_colour;
    nodes += r.abbeys * int(tt.features.size());
    r.abbey_type = int(r.types.size());
    r.wild_from = uint8_t(r.abbey_type);
    r.types.push_back(std::move(tt));
  }
  r.tolls = L.tolls == PiecePool::Off ? 0 : L.tolls == PiecePool::Team ? L.toll_team : r.n_colours;  // CT1
  if (L.chips) {  // CM1: x mod 3 = 2 and y mod 3 = 2 within -r .. r+1 of the start tile's first cell
    for (int y = -L.chip_radius; y <= L.chip_radius + 1; ++y)
      for (int x = -L.chip_radius; x <= L.chip_radius + 1; ++x)
        if (((x % 3) + 3) % 3 == 2 && ((y % 3) + 3) % 3 == 2) r.chip_cells.push_back(make_cell(START_X + x, START_Y + y));
  }
  if (nodes > MAX_NODES) fail("catalog", "needs " + std::to_string(nodes) + " feature nodes, the engine holds " + std::to_string(MAX_NODES));
  if (r.tiles_in_play + int(cat.start.size()) + r.abbeys > MAX_TILES)
    fail("catalog", std::to_string(r.tiles_in_play) + " tiles in play" + (r.abbeys ? " and " + std::to_string(r.abbeys) + " abbeys" : "") +
                        ", the engine holds " + std::to_string(MAX_TILES - int(cat.start.size())));
  if (r.tiles_in_play < lv.piles) fail("piles", "more piles than tiles in play");
  for (int p = 0; p < lv.piles; ++p) r.pile_sizes.push_back(r.tiles_in_play / lv.piles + (p < r.tiles_in_play % lv.piles));
  if (lv.ghosts < r.start_ghosts)
    fail("ghosts", "the start tile alone takes " + std::to_string(r.start_ghosts) + " ghosts, the total is " +
                       std::to_string(lv.ghosts));

  // Meeples (R1.4, R7.6).
  for (auto& pc : r.player_colours) pc.fill(-1);
  for (int c = 0; c < r.n_colours; ++c) {
    int per = P <= 2 ? 3 : 5;
    if (lv.per_colour_scores && P >= 3) per = 4;  // one meeple is the colour's score marker
    r.meeples_per_colour[size_t(c)] = per;
    r.n_meeples += per;
  }
  if (P == 1) r.player_colours[0] = {0, 1, 2, 3};
  else if (P == 2) r.player_colours[0] = {0, 1, -1, -1}, r.player_colours[1] = {2, 3, -1, -1};
  else
    for (int p = 0; p < P; ++p) r.player_colours[size_t(p)][0] = int8_t(p);
  return r;
}

std::string Rules::describe() const {
  std::ostringstream os;
  os << "level " << level.number;
  if (!level.name.empty()) os << " (" << level.name << ")";
  os << ", " << params.players << " player(s), catalog "
     << catalog.path << " [" << catalog.checksum << "], " << tiles_in_play << " tiles in " << level.piles
     << " pile(s), ghosts " << level.ghosts << ", hounds " << level.hound1 << "/" << level.hound2 << ", goal "
     << level.goal << (level.per_colour_scores ? " per colour" : "") << ", joint_scoring "
     << switch_value(params.switches.joint_scoring) << ", unplaceable " << switch_value(params.switches.unplaceable)
     << ", haunted_adjacency " << switch_value(params.switches.haunted_adjacency) << ", finish_ghosts "
     << switch_value(params.switches.finish_ghosts);
  if (params.levers.any()) {
    os << ", levers " << levers_text(params.levers);
    if (!lever_catalogs.abbeys.path.empty()) os << ", abbey " << lever_catalogs.abbeys.path << " [" << lever_catalogs.abbeys.checksum << "]";
    if (!lever_catalogs.tolls.path.empty()) os << ", Tollkeepers " << lever_catalogs.tolls.path << " [" << lever_catalogs.tolls.checksum << "]";
  }
  return os.str();
}

}  // namespace mists
