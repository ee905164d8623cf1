// Helpers of the competitive-game tests: rules with the expansion modules, hand-built positions by
// drawing named tiles and applying decisions by their text, and random games checked against the
// slow references at every step.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "analysis/tournament/tournament.h"
#include "engine/config/load.h"
#include "engine/versus/versus.h"
#include "solver/rng.h"
#include "support.h"

namespace mists::test::versus {

using namespace mists::vs;

inline Catalog base_catalog() { return load_catalog(source_path("configs/tiles/base-c3.toml")); }
inline Catalog mists_catalog() { return load_catalog(source_path("configs/tiles/mists-reconstructed.toml")); }
inline Catalog abbey_catalog() { return load_catalog(source_path("configs/tiles/abbey-mayor.toml")); }
inline Catalog toll_catalog() { return load_catalog(source_path("configs/tiles/tollkeepers-reconstructed.toml")); }
inline MapBoard germany_map() { return load_map(source_path("configs/tiles/map-germany-reconstructed.toml")); }

// The game with the modules `modules` (VsModule bits) and the switches given as "name=value".
inline VsRules game_rules(VsGame game, uint8_t modules, int players, const std::vector<std::string>& switches = {}) {
  VsSwitches sw;
  for (const std::string& kv : switches) {
    const size_t eq = kv.find('=');
    set_switch(sw, kv.substr(0, eq), kv.substr(eq + 1));
  }
  VsExpansions ex;
  ex.modules = modules;
  if (modules & VS_ABBEY_MAYOR) ex.abbey = abbey_catalog();
  if (modules & VS_TOLLKEEPERS) ex.toll = toll_catalog();
  if (modules & VS_MAP_CHIPS) ex.map = germany_map();
  return build_game(game, base_catalog(), game == VsGame::Gcc ? mists_catalog() : Catalog{}, std::move(ex), players, sw);
}

inline int type_id(const VsRules& R, const std::string& id) {
  for (int t = 0; t < R.n_land_types; ++t)
    if (R.types[size_t(t)].id == id) return t;
  FAIL("no tile " << id);
  return -1;
}

inline std::vector<std::string> options_text(const VsRules& R, const VsState& s) {
  static thread_local VsAction a[VS_MAX_ACTIONS];
  const int n = legal_actions(R, s, a);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(action_text(R, s, a[i]));
  return out;
}

inline bool has(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Applies the legal option whose text is `text`, then checks the position.
inline void act(const VsRules& R, VsState& s, const std::string& text) {
  static thread_local VsAction a[VS_MAX_ACTIONS];
  const int n = legal_actions(R, s, a);
  for (int i = 0; i < n; ++i)
    if (action_text(R, s, a[i]) == text) {
      apply(R, s, a[i]);
      const std::string err = check(R, s);
      REQUIRE_MESSAGE(err.empty(), err);
      return;
    }
  std::string all;
  for (const auto& o : options_text(R, s)) all += " [" + o + "]";
  FAIL("'" << text << "' is not legal here; options:" << all);
}

inline void draw(const VsRules& R, VsState& s, const std::string& id) {
  REQUIRE(is_chance(s));
  apply_draw(R, s, type_id(R, id));
  REQUIRE(s.phase == VsPhase::Place);
}

// One turn: draw `id`, place it, then the meeple step; no abbey before, no upgrade after.
inline void turn(const VsRules& R, VsState& s, const std::string& id, const std::string& place,
                 const std::string& meeple = "meeple none") {
  if (s.phase == VsPhase::AbbeyChoice) act(R, s, "abbey none");
  draw(R, s, id);
  act(R, s, place);
  act(R, s, meeple);
  if (s.phase == VsPhase::Upgrade) act(R, s, "upgrade none");
}

// Plays one seeded game with uniform random decisions; with `slow` checks the engine at every step
// against the slow references (placements, barn points, final scoring), and always the
// consistency check. `seen` (optional) is called with each position before its decision.
template <class Seen>
VsState random_game(const VsRules& R, uint64_t seed, bool slow, Seen&& seen) {
  const VsDeal deal = analysis::make_vs_deal(R, seed, 0);  // as a tournament deals (a map: set-up, chips)
  Rng rng(stream_seed(seed, 0, AGENT_STREAM));
  size_t next = 0, chip = 0;
  VsState s = deal_state(R, deal, &next);
  REQUIRE(check(R, s).empty());
  static thread_local VsAction a[VS_MAX_ACTIONS];
  int steps = 0;
  while (!is_over(s)) {
    if (s.phase == VsPhase::ChipValue) {
      apply_chip(R, s, deal.chip_values[chip++]);
    } else if (is_chance(s)) {
      if (slow) {
        const Recount rc = slow_recount(R, s);
        REQUIRE(rc.final_points == final_points(R, s));
      }
      apply_draw(R, s, deal.order[next++]);
    } else {
      const int n = legal_actions(R, s, a);
      REQUIRE(n >= 1);
      std::set<uint32_t> fast;
      for (int i = 0; i < n; ++i) fast.insert(a[i].bits);
      REQUIRE(fast.size() == size_t(n));  // unique
      if (slow && (s.phase == VsPhase::Place || s.phase == VsPhase::AbbeyChoice)) {
        std::set<uint32_t> want, got;
        for (int i = 0; i < n; ++i)
          if (a[i].kind() == VsKind::Place || (a[i].kind() == VsKind::Abbey && !a[i].none())) got.insert(a[i].bits);
        for (VsAction x : slow_placements(R, s, s.phase == VsPhase::Place ? s.drawn : R.abbey_type)) want.insert(x.bits);
        if (got != want) {
          std::string diff;
          for (uint32_t b : got)
            if (!want.count(b)) diff += " fast only: " + action_text(R, s, VsAction{b});
          for (uint32_t b : want)
            if (!got.count(b)) diff += " slow only: " + action_text(R, s, VsAction{b});
          FAIL_CHECK("placements differ:" << diff);
        }
        REQUIRE(got == want);
      }
      if (slow && s.phase == VsPhase::Meeple && R.abbey_type >= 0 && s.piece[s.player].barn == VS_NO_NODE) {
        std::set<uint32_t> want, got;
        for (int i = 0; i < n; ++i)
          if (a[i].kind() == VsKind::Barn) got.insert(a[i].bits);
        for (VsAction x : slow_barn_points(R, s)) want.insert(x.bits);
        REQUIRE(got == want);
      }
      seen(static_cast<const VsState&>(s), static_cast<const VsAction*>(a), n);
      apply(R, s, a[rng.below(uint32_t(n))]);
    }
    const std::string err = check(R, s);
    REQUIRE_MESSAGE(err.empty(), "seed " << seed << " step " << steps << ": " << err);
    ++steps;
  }
  return s;
}

// Decision sequences of the next `depth` decisions with the pile `order` from `next` on, counted
// by the engine's generator or (`slow`) with the slow generators for placements, the abbey's holes
// and barn points. A chip turns up 1 while one is unseen.
inline long long perft(const VsRules& R, const VsState& s, const std::vector<uint8_t>& order, size_t next, int depth,
                       bool slow) {
  if (depth == 0 || is_over(s)) return 1;
  if (s.phase == VsPhase::ChipValue) {
    VsState t = s;
    apply_chip(R, t, t.chips_unseen[0] ? 1 : 2);
    return perft(R, t, order, next, depth, slow);
  }
  if (is_chance(s)) {
    VsState t = s;
    apply_draw(R, t, order[next]);
    return perft(R, t, order, next + 1, depth, slow);
  }
  std::vector<VsAction> opts;
  std::vector<VsAction> a(VS_MAX_ACTIONS);
  const int n = legal_actions(R, s, a.data());
  if (slow && s.phase == VsPhase::Place) {
    opts = slow_placements(R, s, s.drawn);
  } else if (slow && s.phase == VsPhase::AbbeyChoice) {
    opts.assign(a.begin(), a.begin() + (a[0] == VsAction::abbey_none()));
    for (VsAction x : slow_placements(R, s, R.abbey_type)) opts.push_back(x);
  } else if (slow && s.phase == VsPhase::Meeple && R.abbey_type >= 0) {
    for (int i = 0; i < n; ++i)
      if (a[size_t(i)].kind() != VsKind::Barn) opts.push_back(a[size_t(i)]);
    if (s.piece[s.player].barn == VS_NO_NODE)
      for (VsAction x : slow_barn_points(R, s)) opts.push_back(x);
  } else {
    opts.assign(a.begin(), a.begin() + n);
  }
  long long total = 0;
  for (VsAction x : opts) {
    VsState t = s;
    apply(R, t, x);
    total += perft(R, t, order, next, depth - 1, slow);
  }
  return total;
}

inline VsState random_game(const VsRules& R, uint64_t seed, bool slow) {
  return random_game(R, seed, slow, [](const VsState&, const VsAction*, int) {});
}

}  // namespace mists::test::versus
