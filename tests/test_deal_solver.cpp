// The perfect-information deal solver (solver/deal_solver.h): its verdicts against a brute force
// over every line on tiny deals of every level's rules, its won lines against replay(), its points
// bound against what play and exhaustive search actually score, and real level-1 deals that the
// expert wins. A measurement over real levels runs only with MISTS_SOLVER_MEASURE=1 (see its test
// case); MISTS_SOLVER_VERBOSE=1 prints every tiny verdict with the work of both searches.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "analysis/study/study.h"
#include "rules_helpers.h"
#include "solver/agents.h"
#include "solver/census.h"
#include "solver/deal_solver.h"

using namespace mists;
using namespace mists::test;

namespace {

// ---- Brute force ---------------------------------------------------------------------------------
// Plain recursion over every legal action, draws taken from the deal: no table, no bound, no
// ordering. `cap` limits the decisions visited; a capped search answers nothing.
struct Brute {
  Brute(const Rules& rules, const Deal& d, long long max_nodes) : R(rules), deal(d), cap(max_nodes) {}
  const Rules& R;
  const Deal& deal;
  long long cap;
  long long nodes = 0;
  bool capped = false;
  std::vector<std::unique_ptr<Action[]>> bufs;  // one option list per depth
  // The legal options at `s`, in a list owned by depth `depth`; returns their count.
  int options(const State& s, int depth, Action*& out) {
    while (int(bufs.size()) <= depth) bufs.emplace_back(new Action[MAX_ACTIONS]);
    out = bufs[size_t(depth)].get();
    return legal_actions(R, s, out);
  }
};

// Plays draws from the deal until a decision or the end.
void draw_until_decision(const Rules& R, const Deal& deal, State& s) {
  while (!is_over(s) && is_chance(s)) apply_draw(R, s, true_next_tile(R, deal, s));
}

// Can some line from `s` win?
bool brute_win(Brute& b, State s, int depth = 0) {
  draw_until_decision(b.R, b.deal, s);
  if (is_over(s)) return s.outcome == Outcome::Won;
  if (++b.nodes > b.cap) {
    b.capped = true;
    return false;
  }
  Action* opts = nullptr;
  const int n = b.options(s, depth, opts);
  for (int i = 0; i < n; ++i) {
    State c = s;
    apply(b.R, c, opts[i]);
    if (brute_win(b, c, depth + 1)) return true;
    if (b.capped) return false;
  }
  return false;
}

// Highest progress any line from `s` reaches (progress never decreases along a line).
int brute_max(Brute& b, State s, int depth = 0) {
  draw_until_decision(b.R, b.deal, s);
  if (is_over(s)) return progress(b.R, s);
  if (++b.nodes > b.cap) {
    b.capped = true;
    return 0;
  }
  Action* opts = nullptr;
  const int n = b.options(s, depth, opts);
  int best = progress(b.R, s);
  for (int i = 0; i < n; ++i) {
    State c = s;
    apply(b.R, c, opts[i]);
    best = std::max(best, brute_max(b, c, depth + 1));
    if (b.capped) return 0;
  }
  return best;
}

// The most points (team score, then each colour's) any line from `s` adds before the active pile
// grows or the game ends; at every decision on the way, checks points_bound against it.
// Gains: team score, each colour's score, the sum of the colours' scores.
using Gains = std::array<int, COLOUR_NB + 2>;
Gains scores_of(const State& s) {
  Gains g{};
  g[0] = s.score;
  for (int c = 0; c < COLOUR_NB; ++c) {
    g[size_t(c + 1)] = s.colour_score[size_t(c)];
    g[COLOUR_NB + 1] += s.colour_score[size_t(c)];
  }
  return g;
}
Gains brute_gain_checked(Brute& b, State s, int& checked, int depth = 0) {
  draw_until_decision(b.R, b.deal, s);
  const Gains here = scores_of(s);
  Gains best = here;  // highest scores reached before the pile grows
  if (is_over(s)) return best;
  if (++b.nodes > b.cap) {
    b.capped = true;
    return best;
  }
  Action* opts = nullptr;
  const int n = b.options(s, depth, opts);
  for (int i = 0; i < n; ++i) {
    State c = s;
    apply(b.R, c, opts[i]);
    // A child whose active pile grew ends the horizon: its scores count, nothing after it.
    Gains g = c.active_end != s.active_end ? scores_of(c) : brute_gain_checked(b, c, checked, depth + 1);
    if (b.capped) return best;
    for (size_t k = 0; k < g.size(); ++k) best[k] = std::max(best[k], g[k]);
  }
  const PointsBound pb = points_bound(b.R, b.deal, s);
  if (pb.applies) {
    ++checked;
    bool ok = best[0] - here[0] <= pb.team && best[COLOUR_NB + 1] - here[COLOUR_NB + 1] <= pb.team;
    for (int c = 0; c < b.R.n_colours; ++c) ok = ok && best[size_t(c + 1)] - here[size_t(c + 1)] <= pb.colour[size_t(c)];
    if (!ok) {  // one assertion per failure only: the search visits hundreds of thousands of positions
      std::ostringstream why;
      why << "phase " << phase_name(s.phase) << ", turn " << s.turn << ": team gain " << best[0] - here[0]
          << ", colours' gain " << best[COLOUR_NB + 1] - here[COLOUR_NB + 1] << ", bound " << pb.team;
      for (int c = 0; c < b.R.n_colours; ++c)
        why << "; colour " << c << " gain " << best[size_t(c + 1)] - here[size_t(c + 1)] << ", bound " << pb.colour[size_t(c)];
      FAIL_CHECK(why.str() << "\n" << render_board(b.R, s) << render_status(b.R, s));
    }
  }
  return best;
}

// ---- The census, by brute force ------------------------------------------------------------------

// Every line of the turn that starts at `s`, plain recursion (nothing walked once): calls `cut(c)`
// at each decision with two or more options (true: the line stops there) and `at_end(g, depth)` for
// each position g that ends the turn (the next turn start, or the game over), on every line that
// reaches it. `depth0` is the depth of `s` in the option lists of `b`.
void brute_turn(Brute& b, const State& s, int depth0, const std::function<bool(const State&)>& cut,
                const std::function<void(const State&, int)>& at_end) {
  std::function<void(const State&, int, bool)> walk = [&](const State& c, int depth, bool start) {
    if (b.capped || ++b.nodes > b.cap) {
      b.capped = true;
      return;
    }
    if (!start && (is_over(c) || turn_start(c))) {
      at_end(c, depth);
      return;
    }
    if (is_chance(c)) {
      State g = c;
      apply_draw(b.R, g, true_next_tile(b.R, b.deal, g));
      walk(g, depth + 1, false);
      return;
    }
    Action* opts = nullptr;
    const int n = b.options(c, depth, opts);
    if (n >= 2 && cut(c)) return;
    for (int i = 0; i < n && !b.capped; ++i) {
      State g = c;
      apply(b.R, g, opts[i]);
      walk(g, depth + 1, false);
    }
  };
  walk(s, depth0, true);
}

// Every line from the turn start `s` (turn `turn`): the keys of the positions at each turn start,
// of the decisions the points bound cuts in each turn (not walked on, as in the prover), and of the
// games that end during each turn, as census_deal should count them.
struct TurnSets {
  std::vector<std::set<uint64_t>> positions, cut, lost, won;
};
void brute_census(Brute& b, const State& s, int turn, int last_turn, TurnSets& t, int depth0 = 0) {
  for (auto* v : {&t.positions, &t.cut, &t.lost, &t.won})
    if (int(v->size()) <= turn) v->resize(size_t(turn) + 1);
  t.positions[size_t(turn)].insert(position_key(b.R, s));
  if (turn == last_turn) return;
  auto cut = [&](const State& c) {
    if (!bound_proves_lost(b.R, b.deal, c)) return false;
    t.cut[size_t(turn)].insert(position_key(b.R, c));
    return true;
  };
  // The next turn starts inside this walk: it takes the option lists below this turn's.
  brute_turn(b, s, depth0, cut, [&](const State& g, int depth) {
    if (is_over(g)) (g.outcome == Outcome::Won ? t.won : t.lost)[size_t(turn)].insert(position_key(b.R, g));
    else brute_census(b, g, turn + 1, last_turn, t, depth);
  });
}

// The tree of turns that census_estimate samples: each turn start's children are the distinct
// positions that start the next turn. Adds the number of positions at each turn start to `counts`.
void brute_tree(Brute& b, const State& s, int turn, int last_turn, std::vector<double>& counts) {
  if (int(counts.size()) <= turn) counts.resize(size_t(turn) + 1);
  counts[size_t(turn)] += 1;
  if (turn == last_turn) return;
  std::map<uint64_t, State> children;
  brute_turn(b, s, 0, [&](const State& c) { return bound_proves_lost(b.R, b.deal, c); },
             [&](const State& g, int) {
               if (!is_over(g)) children.emplace(position_key(b.R, g), g);
             });
  for (const auto& [key, g] : children) brute_tree(b, g, turn + 1, last_turn, counts);
}

// ---- Tiny deals ----------------------------------------------------------------------------------

Deal shuffled_deal(const Rules& R, uint64_t seed) {
  std::vector<uint8_t> tiles = tiles_in_play(R);
  Rng rng(seed);
  rng.shuffle(tiles);
  return deal_piles(R, tiles);
}

// A tiny game family: a start, a pool of designs, a level; each instance draws `n_tiles` designs
// from the pool (repeats allowed) and shuffles them.
struct Family {
  const char* name;
  std::string start;
  int start_ghosts;
  std::vector<std::string> pool;
  rh::Lv lv;
  int n_tiles;
  int players;
  Switches sw = {};
};

rh::TileList pick_tiles(const Family& f, Rng& rng) {
  std::map<std::string, int> copies;
  for (int i = 0; i < f.n_tiles; ++i) copies[f.pool[rng.below(uint32_t(f.pool.size()))]]++;
  return rh::TileList(copies.begin(), copies.end());
}

std::string start_one(const std::string& design) { return rh::start_cell("s", 0, 0, rh::tile_bodies().at(design)); }

std::vector<Family> families() {
  const std::vector<std::string> plain = {"RS", "RC", "RE", "C", "CA", "CRE", "M1", "M2", "MNS", "MNE1", "CM2", "MR", "M12"};
  std::vector<Family> out;
  {
    Family f{"level 1", start_one("CRE"), 0, plain, rh::lv1(), 4, 2};
    out.push_back(f);
    f.name = "level 1, 3 players, all colours";
    f.players = 3;
    f.sw.joint_scoring = JointScoring::AllColours;
    out.push_back(f);
  }
  {
    std::vector<std::string> pool = plain;
    for (const char* t : {"Y", "YC", "YM2", "KM"}) pool.push_back(t);
    Family f{"level 2", start_one("CM2"), 2, pool, rh::lv2(), 4, 2};
    out.push_back(f);
    rh::Lv l3 = rh::lv3(1, 2);
    Family g{"level 3, hounds 1 and 2", start_one("CM2"), 2, pool, l3, 5, 3};
    out.push_back(g);
    rh::Lv l5 = rh::lv5();
    Family h{"level 5, haunted", start_one("CM2"), 2, pool, l5, 5, 2};
    h.pool.insert(h.pool.end(), {"Y", "YM2"});  // more cemeteries
    out.push_back(h);
    rh::Lv l6 = rh::lv5();
    l6.level = 6;
    l6.piles = 1;
    l6.per_colour = true;
    Family k{"level 6 rules, per colour", start_one("CM2"), 2, pool, l6, 5, 3};
    out.push_back(k);
  }
  return out;
}

// The rules of a family with these tiles, goal and ghost total. Level files take at least 3 ghosts
// (the real start tile has 3); tiny starts have fewer, and tight supplies (R3.5) are the point, so
// the total is set after parsing (build_rules takes 0 to 250).
Rules family_rules(const Family& f, const rh::TileList& tiles, int goal, int ghosts) {
  rh::Lv lv = f.lv;
  lv.goal = goal;
  lv.ghosts = std::max(3, ghosts);
  Catalog cat = parse_catalog(rh::catalog(f.start, tiles), "tiny-catalog.toml");
  const auto issues = validate(cat);
  REQUIRE_MESSAGE(issues.empty(), format_issues(cat, issues));
  Level level = parse_level(lv.toml(), "tiny-level.toml");
  level.ghosts = ghosts;
  GameParams params;
  params.players = f.players;
  params.switches = f.sw;
  return build_rules(std::move(cat), std::move(level), params);
}

// ---- Lines -------------------------------------------------------------------------------------------

// Applies record steps from the initial state with a Dealer, as `mists replay` reads them: draws must
// match the deal, decisions must be legal, forced steps are played in between.
State play_steps(const Rules& R, const Deal& deal, const std::vector<std::string>& steps, int& decisions, int& forced) {
  State s = initial_state(R);
  Dealer dealer(R, deal);
  std::vector<Action> buf(MAX_ACTIONS);
  size_t i = 0;
  decisions = forced = 0;
  while (!is_over(s)) {
    if (is_chance(s)) {
      REQUIRE(i < steps.size());
      REQUIRE(steps[i] == "draw " + R.types[size_t(dealer.next(s))].id);
      dealer.draw(s);
      ++i;
      continue;
    }
    const int n = legal_actions(R, s, buf.data());
    Action a = buf[0];
    if (n > 1) {
      REQUIRE(i < steps.size());
      REQUIRE_MESSAGE(parse_action(R, s, steps[i], a), steps[i]);
      ++i;
      ++decisions;
    } else {
      ++forced;
    }
    if (a.kind() == ActionKind::Haunt) dealer.take_face_down(s);
    apply(R, s, a);
    REQUIRE(check(R, s).empty());
  }
  CHECK(i == steps.size());
  return s;
}

// A won line plays to a win with a Dealer, and its record passes replay().
void check_won_line(const Rules& R, const Deal& deal, const SolveResult& r, uint64_t seed, uint64_t game) {
  REQUIRE(r.verdict == Verdict::Won);
  int decisions = 0, forced = 0;
  const State end = play_steps(R, deal, r.line, decisions, forced);
  REQUIRE(end.outcome == Outcome::Won);
  GameRecord rec = make_record(R, deal, seed, game, "deal-solver", "test");
  finish_record(rec, r.line, summarize(R, end, decisions, forced));
  CHECK(replay(R, rec, "solver-line").summary.outcome == Outcome::Won);
  if (R.level.ghosts >= 3) {  // record files take level totals of 3 ghosts or more (tiny levels have fewer)
    const GameRecord back = parse_record(write_record(rec), "solver-line");
    CHECK(replay(R, back, "solver-line").summary.outcome == Outcome::Won);
  }
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

TEST_CASE("deal solver: verdicts equal a brute force over every line on tiny deals") {
  constexpr long long CAP = 30000;  // brute-force decisions per question; bigger instances are skipped
  int checked = 0, won = 0, lost = 0, skipped = 0;
  for (const Family& f : families()) {
    int family_won = 0, family_lost = 0;
    double brute_time = 0, solver_time = 0;
    for (uint64_t seed = 1; seed <= 14; ++seed) {
      Rng rng(stream_seed(seed, uint64_t(f.n_tiles), 77));
      const rh::TileList tiles = pick_tiles(f, rng);
      const int ghosts = f.start_ghosts + int(rng.below(5));
      const Rules wide = family_rules(f, tiles, 1000, ghosts);
      const Deal deal = shuffled_deal(wide, seed);
      double t0 = now_seconds();
      Brute bm{wide, deal, CAP};
      const int best = brute_max(bm, initial_state(wide));
      brute_time += now_seconds() - t0;
      if (bm.capped) {
        ++skipped;
        continue;
      }
      for (int goal : {best - 2, best - 1, best, best + 1}) {  // the last one is lost, by the brute force
        if (goal < 1) continue;
        const Rules R = family_rules(f, tiles, goal, ghosts);
        t0 = now_seconds();
        Brute b{R, deal, CAP * 4};
        const bool truth = brute_win(b, initial_state(R));
        REQUIRE_FALSE(b.capped);
        brute_time += now_seconds() - t0;
        t0 = now_seconds();
        const SolveResult r = solve_deal(R, deal, SolveBudget{}, seed);
        solver_time += now_seconds() - t0;
        INFO(f.name << ", seed " << seed << ", goal " << goal << ", ghosts " << ghosts << ", brute force "
                    << (truth ? "won" : "lost") << ", solver " << verdict_name(r.verdict));
        CHECK(r.verdict == (truth ? Verdict::Won : Verdict::Lost));
        if (std::getenv("MISTS_SOLVER_VERBOSE"))
          MESSAGE(f.name << " seed " << seed << " goal " << goal << " " << verdict_name(r.verdict) << " by " << r.found_by << ": brute "
                         << b.nodes << " (max " << bm.nodes << "), solver " << r.nodes << " steps, passes " << r.beam_passes
                         << ", lost " << r.lost_positions << ", hits " << r.tt_hits << ", cuts " << r.bound_cuts);
        if (r.verdict == Verdict::Won) check_won_line(R, deal, r, seed, 0);
        ++checked;
        (truth ? won : lost)++;
        (truth ? family_won : family_lost)++;
      }
    }
    MESSAGE(std::string(f.name) << ": " << family_won << " won, " << family_lost << " lost; brute force " << brute_time
                         << " s, solver " << solver_time << " s");
  }
  MESSAGE("tiny deals: " << checked << " verdicts checked (" << won << " won, " << lost << " lost), " << skipped
                         << " instances too big for the brute force");
  CHECK(won >= 20);
  CHECK(lost >= 20);
}

TEST_CASE("deal solver: the points bound is never below what exhaustive search scores on tiny deals") {
  int checked = 0;
  for (const Family& f : families()) {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      Rng rng(stream_seed(seed, uint64_t(f.n_tiles), 77));
      const rh::TileList tiles = pick_tiles(f, rng);
      const int ghosts = f.start_ghosts + int(rng.below(5));
      const Rules R = family_rules(f, tiles, 1000, ghosts);
      const Deal deal = shuffled_deal(R, seed);
      Brute b{R, deal, 40000};
      brute_gain_checked(b, initial_state(R), checked);
    }
  }
  MESSAGE(checked << " positions checked");
  CHECK(checked > 1000);
}

TEST_CASE("deal solver: the points bound counts a castle just laid, before its meeple") {
  // Level 2 rules, a row of 3 start cells; four field tiles fill 7 of the 8 cells around (1, -1),
  // the castle goes there, and the last tile (misty) closes it: 2 points (R5.1) for the meeple put
  // on the castle in the meeple step after it was laid (R2.4).
  const Rules R = rh::make_exact(rh::start_row(3), {{"F", 4}, {"K", 1}, {"M1", 1}}, rh::lv2());
  const int F = type_of(R, "F"), K = type_of(R, "K"), M1 = type_of(R, "M1");
  Deal deal;
  deal.piles = {{uint8_t(F), uint8_t(F), uint8_t(F), uint8_t(F), uint8_t(K), uint8_t(M1)}};
  State s = initial_state(R);
  for (auto [x, y] : {std::pair{0, -1}, {2, -1}, {0, -2}, {2, -2}}) {
    put(R, s, "F", x, y, 0);
    finish_turn(R, s);
  }
  put(R, s, "K", 1, -1, 0);
  REQUIRE(s.phase == Phase::Meeple);
  const PointsBound pb = points_bound(R, deal, s);
  REQUIRE(pb.applies);
  CHECK(pb.team >= 2);
  int checked = 0;
  Brute b{R, deal, 100000};
  const Gains best = brute_gain_checked(b, s, checked);
  CHECK(best[0] == 2);
  CHECK(checked >= 1);
}

TEST_CASE("deal solver: the points bound is never below what play scores on real levels") {
  // From positions of random and expert games on levels 1-6, play on with the expert and with
  // random agents until the active pile grows or the game ends; the points added never exceed the
  // bound taken at the position.
  int checked = 0, tight = 0;
  for (int level = 1; level <= 6; ++level) {
    const Rules R = mists_rules(level, 2);
    for (uint64_t game = 0; game < 3; ++game) {
      const Deal deal = seeded_deal(R, 11, game);
      for (int policy = 0; policy < 2; ++policy) {  // the line that reaches the positions
        State s = initial_state(R);
        ExpertAgent expert(R, stream_seed(11, game, AGENT_STREAM));
        RandomAgent random(stream_seed(11, game, 5));
        std::vector<Action> buf(MAX_ACTIONS);
        int decision = 0;
        while (!is_over(s)) {
          if (is_chance(s)) {
            apply_draw(R, s, true_next_tile(R, deal, s));
            continue;
          }
          const int n = legal_actions(R, s, buf.data());
          if (n > 1 && decision++ % 4 == 0) {
            const PointsBound pb = points_bound(R, deal, s);
            if (pb.applies) {
              for (int k = 0; k < 4; ++k) {  // continuations: the expert, then random agents
                State c = s;
                ExpertAgent ce(R, uint64_t(k) * 31 + game);
                RandomAgent cr(uint64_t(k) * 17 + game + 1);
                std::vector<Action> cb(MAX_ACTIONS);
                while (!is_over(c) && c.active_end == s.active_end) {
                  if (is_chance(c)) {
                    if (draw_segment(c) < 0) break;
                    apply_draw(R, c, true_next_tile(R, deal, c));
                    continue;
                  }
                  const int m = legal_actions(R, c, cb.data());
                  const int pick = m < 2 ? 0 : k == 0 ? ce(c, cb.data(), m) : cr(c, cb.data(), m);
                  apply(R, c, cb[size_t(pick)]);
                }
                const int team_gain = c.score - s.score;
                CHECK(team_gain <= pb.team);
                int colours_gain = 0;
                for (int col = 0; col < R.n_colours; ++col) colours_gain += c.colour_score[size_t(col)] - s.colour_score[size_t(col)];
                CHECK(colours_gain <= pb.team);
                for (int col = 0; col < R.n_colours; ++col)
                  CHECK(c.colour_score[size_t(col)] - s.colour_score[size_t(col)] <= pb.colour[size_t(col)]);
                tight += !R.level.per_colour_scores && team_gain > 0 && team_gain * 2 >= pb.team;
                ++checked;
              }
            }
          }
          const int pick = n < 2 ? 0 : policy == 0 ? expert(s, buf.data(), n) : random(s, buf.data(), n);
          apply(R, s, buf[size_t(pick)]);
        }
      }
    }
  }
  MESSAGE(checked << " continuations checked, " << tight << " within a factor 2 of the bound");
  CHECK(checked > 200);
}

TEST_CASE("deal solver: position keys are equal for equal futures and differ otherwise") {
  const Rules R = mists_rules(1, 2);
  const Deal deal = seeded_deal(R, 3, 0);
  std::vector<Action> buf(MAX_ACTIONS);
  State s = initial_state(R);
  draw_until_decision(R, deal, s);
  REQUIRE(legal_actions(R, s, buf.data()) >= 2);
  // Different placements: different keys; the same placement twice: the same key.
  State a = s, b = s, c = s;
  apply(R, a, buf[0]);
  apply(R, b, buf[1]);
  apply(R, c, buf[0]);
  CHECK(position_key(R, a) != position_key(R, b));
  CHECK(position_key(R, a) == position_key(R, c));
  // Play on (last option each time) to a meeple decision.
  while (!is_over(a) && a.phase != Phase::Meeple) {
    if (is_chance(a)) apply_draw(R, a, true_next_tile(R, deal, a));
    else apply(R, a, buf[size_t(legal_actions(R, a, buf.data()) - 1)]);
  }
  REQUIRE(a.phase == Phase::Meeple);
  // Level 1, 2 players: a player's two colours are interchangeable (no cemetery, so no burial from
  // the supply, R5.3), so "meeple X red" and "meeple X green" lead to positions with one key; no
  // meeple leads elsewhere.
  const int m = legal_actions(R, a, buf.data());
  int pairs = 0;
  for (int i = 1; i + 1 < m; ++i) {
    if (buf[size_t(i)].a() != buf[size_t(i + 1)].a()) continue;
    State x = a, y = a, z = a;
    apply(R, x, buf[size_t(i)]);
    apply(R, y, buf[size_t(i + 1)]);
    apply(R, z, buf[0]);
    CHECK(position_key(R, x) == position_key(R, y));
    CHECK(position_key(R, x) != position_key(R, z));
    ++pairs;
  }
  CHECK(pairs >= 1);
  // With cemeteries (level 2) the colours are told apart.
  const Rules R2 = mists_rules(2, 2);
  const Deal deal2 = seeded_deal(R2, 3, 0);
  State t = initial_state(R2);
  while (!is_over(t) && t.phase != Phase::Meeple) {
    if (is_chance(t)) apply_draw(R2, t, true_next_tile(R2, deal2, t));
    else apply(R2, t, buf[size_t(legal_actions(R2, t, buf.data()) - 1)]);
  }
  REQUIRE(t.phase == Phase::Meeple);
  const int m2 = legal_actions(R2, t, buf.data());
  REQUIRE(m2 >= 3);
  State x = t, y = t;
  apply(R2, x, buf[1]);
  apply(R2, y, buf[2]);
  CHECK(position_key(R2, x) != position_key(R2, y));
}

TEST_CASE("deal solver: level 1 deals the expert wins are never called lost, and mostly solved") {
  const Rules R = mists_rules(1, 2);
  constexpr uint64_t SEED = 7;
  int expert_won = 0, solved = 0;
  for (uint64_t game = 0; game < 12; ++game) {
    const Deal deal = seeded_deal(R, SEED, game);
    ExpertAgent agent(R, stream_seed(SEED, game, AGENT_STREAM));
    if (play_game(R, deal, agent).outcome != Outcome::Won) continue;
    ++expert_won;
    const SolveResult r = solve_deal(R, deal, SolveBudget{400000, 0}, game);
    INFO("game " << game << ": " << verdict_name(r.verdict) << ", best progress " << r.best_progress);
    CHECK(r.verdict != Verdict::Lost);
    if (r.verdict == Verdict::Won) {
      ++solved;
      check_won_line(R, deal, r, SEED, game);
    }
  }
  MESSAGE(solved << " of " << expert_won << " expert wins solved");
  REQUIRE(expert_won >= 5);
  CHECK(solved * 10 >= expert_won * 8);
}

TEST_CASE("deal solver: budgets stop the search with an open verdict and the best progress") {
  const Rules R = mists_rules(3, 2);
  const Deal deal = seeded_deal(R, 7, 1);
  const SolveResult r = solve_deal(R, deal, SolveBudget{20000, 0}, 1);
  CHECK(r.verdict != Verdict::Lost);
  CHECK(r.nodes >= 20000);
  CHECK(r.nodes < 20000 + 5000);
  if (r.verdict == Verdict::Open) CHECK(r.line.empty());
  CHECK(r.best_progress > 0);
  // The same seed and node budget give the same result.
  const SolveResult again = solve_deal(R, deal, SolveBudget{20000, 0}, 1);
  CHECK(again.verdict == r.verdict);
  CHECK(again.nodes == r.nodes);
  CHECK(again.best_progress == r.best_progress);
  CHECK(again.best_line == r.best_line);
  // An open deal keeps its best whole game: a lost game that replays, as far as any line it ended.
  if (r.verdict == Verdict::Open) {
    REQUIRE(!r.best_line.empty());
    const GameSummary end = replay_line(R, deal, r.best_line);
    CHECK(end.outcome == Outcome::Lost);
    CHECK(end.score <= r.best_progress);
  }
  else CHECK(r.best_line.empty());  // won and lost keep none
}

// Measurement over real levels (not a test): MISTS_SOLVER_MEASURE=1 mists_tests -tc='deal solver: measure*'
// MISTS_SOLVER_SECONDS (default 3) and MISTS_SOLVER_DEALS (default 10) set the budget and the deals.
TEST_CASE("deal solver: measure on real levels") {
  const char* on = std::getenv("MISTS_SOLVER_MEASURE");
  if (!on || std::string(on) != "1") return;
  const char* sec = std::getenv("MISTS_SOLVER_SECONDS");
  const char* nd = std::getenv("MISTS_SOLVER_DEALS");
  const double seconds = sec ? std::atof(sec) : 3.0;
  const int deals = nd ? std::atoi(nd) : 10;
  const char* lv = std::getenv("MISTS_SOLVER_LEVELS");
  const std::string levels = lv ? lv : "123456";
  for (char lc : levels) {
    const int level = lc - '0';
    const Rules R = mists_rules(level, 2);
    int won = 0, lost = 0, open = 0, expert_won = 0;
    std::vector<double> times;
    std::ostringstream detail;
    for (int g = 0; g < deals; ++g) {
      const Deal deal = seeded_deal(R, 7, uint64_t(g));
      ExpertAgent agent(R, stream_seed(7, uint64_t(g), AGENT_STREAM));
      expert_won += play_game(R, deal, agent).outcome == Outcome::Won;
      const double t0 = now_seconds();
      const char* nn = std::getenv("MISTS_SOLVER_NODES");
      const SolveResult r = solve_deal(R, deal, SolveBudget{nn ? std::atoll(nn) : 0, nn ? 0 : seconds}, uint64_t(g));
      times.push_back(now_seconds() - t0);
      won += r.verdict == Verdict::Won;
      lost += r.verdict == Verdict::Lost;
      open += r.verdict == Verdict::Open;
      detail << "  game " << g << ": " << verdict_name(r.verdict) << " " << r.found_by << " in " << r.seconds
             << " s, nodes " << r.nodes << ", best progress " << r.best_progress << ", targets " << r.best_targets
             << ", beam passes " << r.beam_passes << " (widest " << r.widest_beam << "), lost positions "
             << r.lost_positions << ", tt hits " << r.tt_hits << ", bound cuts " << r.bound_cuts << "\n";
    }
    std::sort(times.begin(), times.end());
    const double median = times.empty() ? 0 : (times[(times.size() - 1) / 2] + times[times.size() / 2]) / 2;
    MESSAGE("level " << level << ", 2 players, " << deals << " deals at " << seconds << " s: won " << won << ", lost "
                     << lost << ", open " << open << ", median time " << median << " s (expert won " << expert_won
                     << ")\n"
                     << detail.str());
  }
}

// Level 6 (R7.6) with Weights::spread: the finder spreads the scorings over the colours and gets all
// four past hound 1 on this deal within 4 million steps; with spread 0, the valuation before it, its
// lowest colour reached 0 here (25 million steps, results/winnable).
TEST_CASE("deal solver: with spread the finder gets every colour past hound 1 on a level-6 deal") {
  const Rules R = mists_rules(6, 1);
  const Deal deal = seeded_deal(R, analysis::cell_seed(7, 6, 1), 0);
  const SolveResult r = solve_deal(R, deal, SolveBudget{4000000, 0}, 0);
  MESSAGE("level 6, 1 player, seed 7, game 0: best progress " << r.best_progress << ", targets " << r.best_targets);
  CHECK(r.best_targets >= 1);
  CHECK(r.best_progress >= R.level.hound1);
}

TEST_CASE("census: the positions of every turn equal a brute force over every line") {
  // Tiny deals of every level's rules (goals that leave lines open to the end, and goals the bound
  // can rule out), and the first turn of a real deal of each level.
  int instances = 0, cuts = 0, ended = 0;
  auto compare = [&](const Rules& R, const Deal& deal, int turns, const char* what) {
    Brute b{R, deal, 50000};
    TurnSets t;
    State root = initial_state(R, deal);
    REQUIRE(turn_start(root));
    brute_census(b, root, 0, turns, t);
    if (b.capped) return false;
    const CensusResult c = census_deal(R, deal, turns, 1000000000, SolveBudget{});
    REQUIRE(c.complete);
    CHECK_FALSE(c.capped);
    INFO(what);
    REQUIRE(c.turns.size() >= t.positions.size());
    for (size_t k = 0; k < c.turns.size(); ++k) {
      const auto size = [&](const std::vector<std::set<uint64_t>>& v) { return k < v.size() ? (long long)v[k].size() : 0LL; };
      INFO("turn " << k);
      CHECK(c.turns[k].positions == size(t.positions));
      CHECK(c.turns[k].cut == size(t.cut));
      CHECK(c.turns[k].lost == size(t.lost));
      CHECK(c.turns[k].won == size(t.won));
      cuts += int(c.turns[k].cut);
      ended += int(c.turns[k].lost + c.turns[k].won);
    }
    ++instances;
    return true;
  };
  for (const Family& f : families()) {
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Rng rng(stream_seed(seed, uint64_t(f.n_tiles), 77));
      const rh::TileList tiles = pick_tiles(f, rng);
      const int ghosts = f.start_ghosts + int(rng.below(5));
      for (int goal : {3, 12}) {
        const Rules R = family_rules(f, tiles, goal, ghosts);
        compare(R, shuffled_deal(R, seed), 60, f.name);
      }
    }
  }
  for (int level = 1; level <= 6; ++level) {
    const Rules R = mists_rules(level, level % 2 ? 1 : 4);
    CHECK_MESSAGE(compare(R, seeded_deal(R, 7, 0), 1, "a real deal"), "level " << level << ": too big for the brute force");
  }
  MESSAGE(instances << " instances, " << cuts << " decisions cut by the bound, " << ended << " games ended");
  CHECK(instances >= 40);
  CHECK(cuts > 0);
  CHECK(ended > 0);
}

TEST_CASE("census: the probes' estimate is the size of the tree of turns") {
  // The first turn is counted exactly by every probe; deeper turns are means that approach the
  // number of positions in the tree (a position reached from two turn starts counted per parent).
  int compared = 0;
  for (const Family& f : families()) {
    Rng rng(stream_seed(3, uint64_t(f.n_tiles), 77));
    const rh::TileList tiles = pick_tiles(f, rng);
    const Rules R = family_rules(f, tiles, 12, f.start_ghosts + 2);
    const Deal deal = shuffled_deal(R, 3);
    Brute b{R, deal, 50000};
    std::vector<double> tree;
    brute_tree(b, initial_state(R, deal), 0, 60, tree);
    if (b.capped) continue;
    const CensusEstimate e = census_estimate(R, deal, 60, 5000, 5, SolveBudget{});
    REQUIRE(e.probes == 5000);
    INFO(f.name);
    // Every probe walks the whole first turn and weights its turn 1 by the root's children: exact.
    const CensusResult c = census_deal(R, deal, 60, 1000000000, SolveBudget{});
    CHECK(e.turns[0].positions == 1.0);
    CHECK(e.turns[1].positions == double(c.turns[1].positions));
    CHECK(e.turns[0].cut == double(c.turns[0].cut));
    CHECK(e.turns[0].lost == double(c.turns[0].lost));
    CHECK(e.turns[0].won == double(c.turns[0].won));
    for (size_t k = 1; k < tree.size(); ++k) {
      INFO("turn " << k << ": tree " << tree[k] << ", estimate " << e.turns[k].positions);
      CHECK(std::abs(e.turns[k].positions - tree[k]) <= 0.1 * tree[k]);
      ++compared;
    }
    // At least the distinct positions: the census counts those.
    for (size_t k = 0; k < tree.size() && k < c.turns.size(); ++k) CHECK(tree[k] >= double(c.turns[k].positions));
  }
  CHECK(compared >= 10);
}

TEST_CASE("census: a budget or a cap stops it, and the counts are then lower bounds") {
  const Rules R = mists_rules(6, 1);
  const Deal deal = seeded_deal(R, 7, 0);
  const CensusResult full = census_deal(R, deal, 2, 1000000000, SolveBudget{});
  REQUIRE(full.complete);
  REQUIRE(full.turns[2].positions > 1000);
  const CensusResult budget = census_deal(R, deal, 2, 1000000000, SolveBudget{full.nodes / 2, 0});
  CHECK_FALSE(budget.complete);
  CHECK_FALSE(budget.capped);
  CHECK(budget.nodes >= full.nodes / 2);
  CHECK(budget.nodes < full.nodes);
  const CensusResult cap = census_deal(R, deal, 2, 500, SolveBudget{});
  CHECK_FALSE(cap.complete);
  CHECK(cap.capped);
  CHECK(cap.turns[2].positions == 500);
  for (size_t k = 0; k < 3; ++k) {
    CHECK(budget.turns[k].positions <= full.turns[k].positions);
    CHECK(cap.turns[k].positions <= full.turns[k].positions);
  }
  // The same census twice: the same counts (probes drawn from the same seed: the same estimate).
  const CensusEstimate e1 = census_estimate(R, deal, 4, 50, 9, SolveBudget{});
  const CensusEstimate e2 = census_estimate(R, deal, 4, 50, 9, SolveBudget{});
  for (size_t k = 0; k < e1.turns.size(); ++k) CHECK(e1.turns[k].positions == e2.turns[k].positions);
  CHECK(e1.turns[1].positions == double(full.turns[1].positions));
  // Probe p walks the same first turns whatever the turns asked for: the same estimate there.
  const CensusEstimate longer = census_estimate(R, deal, 8, 50, 9, SolveBudget{});
  for (size_t k = 0; k < e1.turns.size(); ++k) CHECK(longer.turns[k].positions == e1.turns[k].positions);
  const CensusEstimate cut_short = census_estimate(R, deal, 4, 50, 9, SolveBudget{e1.nodes / 2, 0});
  CHECK(cut_short.probes < 50);
  CHECK(cut_short.probes > 0);
  // The probes it finished are the first ones of the full run: the unfinished one adds nothing.
  const CensusEstimate first = census_estimate(R, deal, 4, cut_short.probes, 9, SolveBudget{});
  for (size_t k = 0; k < first.turns.size(); ++k) CHECK(cut_short.turns[k].positions == first.turns[k].positions);
}
