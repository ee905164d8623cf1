// The property harness (STYLE.md point 10, after OpenSpiel's RandomSimTest): random seeded games on
// every level 1-6, every player count 1-5 and both readings of R4.2 (joint_scoring) and of R3.2
// (finish_ghosts: none and other_areas alternate with the game variant so that all four pairs
// occur). After every
// step it checks check(), the conservation of ghosts, meeples and tiles, the legal options and the
// chance distribution; after every game the record round trip and the replay.
#include <map>
#include <set>
#include <sstream>

#include "solver/agents.h"
#include "support.h"

using namespace mists;
using namespace mists::test;

namespace {

// Games per (level, players, joint_scoring, variant) cell: 6 x 5 x 2 x 2 = 120 cells. Small enough for the
// AddressSanitizer run in CI (about 5x slower than Release).
constexpr int GAMES_PER_CELL = 20;
// Decision points at which every option is parsed back from its text (parse_action lists and
// prints all options again, so this is quadratic in the option count): every decision of the first
// game of a cell, and in the others the decisions reached at every FULL_PARSE_EVERY-th step (about
// one in seven; all of them cost about 5x the run time). Uniqueness is checked at every decision.
constexpr int FULL_PARSE_EVERY = 7;

// R1.4 / R7.6 written out independently of build_rules: meeples of each colour in play.
std::array<int, COLOUR_NB> expected_meeples(int level, int players) {
  std::array<int, COLOUR_NB> m{};
  if (players <= 2) {
    for (int c = 0; c < 4; ++c) m[size_t(c)] = 3;
  } else {
    for (int c = 0; c < players; ++c) m[size_t(c)] = level == 6 ? 4 : 5;
  }
  return m;
}

struct Counters {
  long steps = 0, decisions = 0, draws = 0, games = 0, won = 0, turns = 0, chips = 0;
  std::map<Phase, long> phases;  // decision points seen per phase, to show the harness reaches them
};

// All the per-step invariants. `where` tells a failure where it happened.
void check_step(const Rules& R, const State& s, const std::string& where, bool parse_all, Counters& cnt) {
  ++cnt.steps;
  const std::string err = check(R, s);
  REQUIRE_MESSAGE(err.empty(), where << ": check():\n" << err);

  // Ghosts: supply + board == the level's total (R1.3); the board count is summed over areas.
  int on_board = 0;
  for (int i = 0; i < s.n_tiles; ++i) on_board += s.tiles[size_t(i)].ghosts;
  int on_nodes = 0;
  for (int n = 0; n < s.n_nodes; ++n) on_nodes += s.nodes[size_t(n)].ghosts;
  REQUIRE_MESSAGE(on_board == on_nodes, where);
  REQUIRE_MESSAGE(s.ghost_supply + on_board == R.level.ghosts, where << ": ghosts supply " << int(s.ghost_supply)
                                                                     << " + board " << on_board << " != " << R.level.ghosts);

  // Meeples: supply + board + buried == the colour's set-up (R1.4, R7.6).
  const auto want = expected_meeples(R.level.number, R.params.players);
  std::array<int, COLOUR_NB> supply{}, board{}, buried{};
  for (int m = 0; m < R.n_meeples; ++m) {
    const Meeple& mp = s.meeples[size_t(m)];
    REQUIRE(mp.colour < COLOUR_NB);
    (mp.at == MeepleAt::Supply ? supply : mp.at == MeepleAt::Board ? board : buried)[mp.colour]++;
  }
  for (int c = 0; c < COLOUR_NB; ++c) {
    INFO(where << ": colour " << COLOUR_NAMES[size_t(c)]);
    REQUIRE(supply[size_t(c)] == s.supply[size_t(c)]);
    REQUIRE(supply[size_t(c)] + board[size_t(c)] + buried[size_t(c)] == want[size_t(c)]);
  }

  // Tiles: placed face up + face down + discarded + burned for abbeys (CA1) + piles (+1 in hand)
  // == tiles in play; abbeys are no land tiles.
  int face_up = 0, face_down = 0, abbeys = 0;
  for (int i = 0; i < s.n_tiles; ++i) {
    const PlacedTile& t = s.tiles[size_t(i)];
    if (t.face_down()) ++face_down;
    else if (t.type < R.n_land_types) ++face_up;
    else if (int(t.type) == R.abbey_type) ++abbeys;
  }
  int piles = 0;
  for (int k = 0; k < R.level.piles; ++k) piles += s.pile_size[size_t(k)];
  const int in_hand = s.phase == Phase::Place ? 1 : 0;
  REQUIRE_MESSAGE(face_up + face_down + s.discarded + s.burned + piles + in_hand == R.tiles_in_play,
                  where << ": placed " << face_up << " + face-down " << face_down << " + discarded " << int(s.discarded)
                        << " + burned " << int(s.burned) << " + piles " << piles << " + in hand " << in_hand << " != "
                        << R.tiles_in_play);
  REQUIRE(face_up == s.turn);
  REQUIRE(face_down == s.face_down);
  // Levers (docs/rules.md C): abbeys placed + held == the game's; chips turned up == held + spent
  // (+ the one in hand); the tollhouses' faces 1 or 2.
  int held = s.team_abbeys;
  for (int c = 0; c < COLOUR_NB; ++c) held += s.abbeys[size_t(c)];
  REQUIRE_MESSAGE(abbeys + held == R.abbeys, where << ": abbeys placed " << abbeys << " + held " << held << " != " << R.abbeys);
  for (int v = 0; v < 2; ++v) {
    int have = s.chips_spent[size_t(v)] + (s.phase == Phase::Chip && s.chip_value == v + 1);
    for (int c = 0; c < COLOUR_NB; ++c) have += s.chips_held[size_t(c)][size_t(v)];
    REQUIRE_MESSAGE(have == s.chips_seen[size_t(v)], where << ": chips of " << v + 1);
  }
  for (int k = 0; k < R.tolls; ++k) REQUIRE((s.tolls[size_t(k)].face == 1 || s.tolls[size_t(k)].face == 2));

  if (is_over(s)) return;
  if (s.phase == Phase::ChipDraw) {
    // A chip (CM2): the values 1 and 2 weighted by the chips of each value not yet turned up.
    ChanceOutcome out[2];
    const int n = chance_outcomes(R, s, out);
    REQUIRE_MESSAGE(n >= 1, where << ": a chip with no value");
    int sum = 0;
    for (int i = 0; i < n; ++i) {
      REQUIRE((out[i].type == 1 || out[i].type == 2));
      REQUIRE(out[i].weight == (out[i].type == 1 ? CHIP_ONES - s.chips_seen[0] : CHIP_TWOS - s.chips_seen[1]));
      sum += out[i].weight;
    }
    REQUIRE(sum == CHIP_ONES + CHIP_TWOS - s.chips_seen[0] - s.chips_seen[1]);
    return;
  }
  if (is_chance(s)) {
    // Chance: weights are the unseen copies, all positive, one outcome per type.
    ChanceOutcome out[MAX_TYPES];
    const int n = chance_outcomes(R, s, out);
    REQUIRE_MESSAGE(n >= 1, where << ": a draw with no outcome");
    int sum = 0;
    std::set<int> types;
    for (int i = 0; i < n; ++i) {
      REQUIRE(out[i].weight > 0);
      REQUIRE(out[i].type < R.n_land_types);
      REQUIRE(out[i].weight == s.unseen[out[i].type]);
      REQUIRE(types.insert(out[i].type).second);
      sum += out[i].weight;
    }
    int unseen = 0;
    for (int t = 0; t < R.n_land_types; ++t) unseen += s.unseen[size_t(t)];
    REQUIRE_MESSAGE(sum == unseen, where << ": chance weights sum " << sum << ", unseen " << unseen);
    return;
  }

  // Decisions: at least one option, unique by bits and by text, parse_action inverts action_text.
  ++cnt.decisions;
  ++cnt.phases[s.phase];
  static thread_local Action buf[MAX_ACTIONS];
  const int n = legal_actions(R, s, buf);
  REQUIRE_MESSAGE(n >= 1, where << ": no option in phase " << phase_name(s.phase));
  REQUIRE(n <= MAX_ACTIONS);
  std::set<uint32_t> bits;
  std::set<std::string> texts;
  for (int i = 0; i < n; ++i) {
    const std::string text = action_text(R, s, buf[i]);
    REQUIRE_MESSAGE(bits.insert(buf[i].bits).second, where << ": duplicate action bits for '" << text << "'");
    REQUIRE_MESSAGE(texts.insert(text).second, where << ": duplicate action text '" << text << "'");
    if (parse_all) {
      Action back;
      REQUIRE_MESSAGE(parse_action(R, s, text, back), where << ": '" << text << "' does not parse");
      REQUIRE_MESSAGE(back == buf[i], where << ": '" << text << "' parses to another action");
    }
  }
}

// One random game with the per-step checks, then the record round trip and the replay.
void property_game(const Rules& R, uint64_t seed, uint64_t game, bool parse_every_decision, Counters& cnt) {
  const std::string label = "level " + std::to_string(R.level.number) + " players " + std::to_string(R.params.players) +
                            " " + std::string(switch_value(R.params.switches.joint_scoring)) + " levers " +
                            levers_text(R.params.levers) + " seed " + std::to_string(seed) + " game " + std::to_string(game);
  const Deal deal = seeded_deal(R, seed, game);
  Dealer dealer(R, deal);
  RandomAgent agent(stream_seed(seed, game, AGENT_STREAM));
  std::vector<std::string> log;
  std::vector<Action> options(MAX_ACTIONS);
  State s = initial_state(R, deal);
  int decisions = 0, forced = 0;
  check_step(R, s, label + " start", true, cnt);
  for (int step = 0; !is_over(s); ++step) {
    REQUIRE_MESSAGE(step < 5000, label << ": the game does not end");
    const std::string where = label + " step " + std::to_string(step);
    if (is_chance(s)) {
      const int t = dealer.next(s);
      REQUIRE_MESSAGE(t >= 0, where);
      if (s.phase == Phase::Draw) REQUIRE_MESSAGE(s.unseen[size_t(t)] > 0, where << ": the deal's next tile is not unseen");
      else ++cnt.chips;
      log.push_back(chance_text(R, s, t));
      dealer.draw(s);
      ++cnt.draws;
    } else {
      const int n = legal_actions(R, s, options.data());
      int pick = 0;
      if (n > 1) {
        pick = agent(s, options.data(), n);
        ++decisions;
        log.push_back(action_text(R, s, options[size_t(pick)]));
      } else {
        ++forced;
      }
      apply(R, s, options[size_t(pick)]);
    }
    check_step(R, s, where, parse_every_decision || step % FULL_PARSE_EVERY == 0, cnt);
  }
  REQUIRE(s.outcome != Outcome::Ongoing);
  ++cnt.games;
  cnt.won += s.outcome == Outcome::Won;
  cnt.turns += s.turn;
  const GameSummary summary = summarize(R, s, decisions, forced);

  // The library's own game loop plays the same game: same steps, same summary.
  std::vector<std::string> lib_log;
  const GameSummary lib = play_game(R, deal, RandomAgent(stream_seed(seed, game, AGENT_STREAM)), &lib_log);
  REQUIRE_MESSAGE(lib_log == log, label);
  CHECK(lib.score == summary.score);
  CHECK(lib.decisions == summary.decisions);

  // Record: write -> parse -> write is the same text; the replay ends the same.
  GameRecord rec = make_record(R, deal, seed, game, "random", "property-test");
  finish_record(rec, log, summary);
  const std::string text = write_record(rec);
  const GameRecord back = parse_record(text, label);
  REQUIRE_MESSAGE(write_record(back) == text, label);
  const ReplayResult r = replay(R, back, label);
  const GameSummary& g = r.summary;
  INFO(label);
  CHECK(g.outcome == summary.outcome);
  CHECK(g.cause == summary.cause);
  CHECK(g.score == summary.score);
  CHECK(g.turns == summary.turns);
  CHECK(g.decisions == summary.decisions);
  CHECK(g.forced == summary.forced);
  CHECK(g.ghosts_on_board == summary.ghosts_on_board);
  CHECK(g.ghost_supply == summary.ghost_supply);
  CHECK(g.hounds_reached == summary.hounds_reached);
  CHECK(g.face_down == summary.face_down);
  CHECK(g.discarded == summary.discarded);
  CHECK(render_status(R, r.final_state) == render_status(R, s));
  CHECK(render_board(R, r.final_state) == render_board(R, s));
}

}  // namespace

// Two variants per cell: the level as configured (random play mostly loses early on ghosts, R3.5,
// and rarely takes points, so it never reaches a hound or the goal), and a "long" variant with a
// large ghost total and low thresholds so that games run long and reach hounds, piles passing on,
// burials, haunting and wins.
constexpr int LONG_GAME_GHOSTS = 80;
constexpr int LONG_GAME_HOUND1 = 3, LONG_GAME_HOUND2 = 8, LONG_GAME_GOAL = 16;
void long_games(Level& lv) {
  lv.ghosts = LONG_GAME_GHOSTS;
  if (lv.hound1) lv.hound1 = LONG_GAME_HOUND1;
  if (lv.hound2) lv.hound2 = LONG_GAME_HOUND2;
  lv.goal = LONG_GAME_GOAL;
}

TEST_CASE("properties: random games on every level, player count and reading of joint_scoring and finish_ghosts") {
  Counters cnt;
  int cells = 0;
  for (int level = 1; level <= 6; ++level)
    for (int players = 1; players <= 5; ++players)
      for (JointScoring js : {JointScoring::Majority, JointScoring::AllColours})
        for (bool long_game : {false, true}) {
          Switches sw;
          sw.joint_scoring = js;
          sw.finish_ghosts = (js == JointScoring::Majority) == long_game ? FinishGhosts::None : FinishGhosts::OtherAreas;
          const Rules R = mists_rules(level, players, sw, long_game ? long_games : nullptr);
          ++cells;
          // The rules' meeple table agrees with R1.4 / R7.6 as written above.
          const auto want = expected_meeples(level, players);
          for (int c = 0; c < COLOUR_NB; ++c) CHECK(R.meeples_per_colour[size_t(c)] == want[size_t(c)]);
          const uint64_t seed = 1000 + uint64_t(level) * 100 + uint64_t(players) * 10 +
                                (js == JointScoring::Majority ? 0 : 1) + (long_game ? 5 : 0);
          for (int g = 0; g < GAMES_PER_CELL; ++g) property_game(R, seed, uint64_t(g), g == 0, cnt);
        }
  std::ostringstream phases;
  for (auto [p, n] : cnt.phases) phases << ' ' << phase_name(p) << '=' << n;
  MESSAGE("property harness: " << cnt.games << " games (" << cnt.won << " won, " << cnt.turns << " turns), " << cnt.steps
                               << " steps checked, " << cnt.decisions << " decision points (" << phases.str() << " ), "
                               << cnt.draws << " draws");
  CHECK(cnt.games == long(cells) * GAMES_PER_CELL);
  // The harness reaches every kind of decision and some wins (else it proves less than it claims).
  for (Phase p : {Phase::Place, Phase::Meeple, Phase::Score, Phase::Bury, Phase::CemeteryGhost, Phase::Hound, Phase::Haunt,
                  Phase::Fewer, Phase::GhostArea})
    CHECK_MESSAGE(cnt.phases[p] > 0, "no " << phase_name(p) << " decision reached");
  CHECK(cnt.won > 0);
}

// The levers (docs/rules.md C) on every level and player count: every switch and knob value in
// some setting; the games are long ones (the long variant above) so that abbeys find holes, roads
// reach tollhouses and chips are taken.
TEST_CASE("properties: random games with the levers on every level and player count") {
  const char* SETTINGS[] = {
      "coop_abbeys=per_colour+coop_abbey_monk=on+coop_wagon=on",
      "coop_abbeys=team:3+coop_abbey_cost=burn+coop_mayor=on",
      "coop_tolls=per_colour+coop_chips=on",
      "coop_tolls=team:2+coop_toll_tiles=add+coop_toll_mist=forbidden+coop_toll_basis=misty_tiles",
      "coop_tolls=per_colour+coop_toll_tiles=none+coop_toll_basis=misty_tiles+coop_chips=on+coop_chip_radius=2",
      "coop_chips=on+coop_chip_points=choice+coop_upgrade_effect=double_share+coop_mayor=on+coop_wagon=on",
      "coop_abbeys=per_colour+coop_abbey_cost=burn+coop_abbey_monk=on+coop_tolls=per_colour+coop_chips=on+coop_chip_points=choice+coop_wagon=on+coop_mayor=on",
  };
  constexpr int GAMES = 3;  // per level, player count and setting: 6 x 5 x 7 x 3 = 630 games
  Counters cnt;
  int cells = 0, setting = 0;
  for (const char* text : SETTINGS) {
    const Levers levers = parse_levers(text, "test");
    ++setting;
    for (int level = 1; level <= 6; ++level)
      for (int players = 1; players <= 5; ++players) {
        Switches sw;
        sw.joint_scoring = (level + players + setting) % 2 ? JointScoring::Majority : JointScoring::AllColours;
        const Rules R = mists_rules_levers(level, players, levers, sw, long_games);
        ++cells;
        for (int g = 0; g < GAMES; ++g)
          property_game(R, 5000 + uint64_t(setting) * 100 + uint64_t(level) * 10 + uint64_t(players), uint64_t(g), g == 0, cnt);
      }
  }
  std::ostringstream phases;
  for (auto [p, n] : cnt.phases) phases << ' ' << phase_name(p) << '=' << n;
  MESSAGE("levers: " << cnt.games << " games (" << cnt.won << " won), " << cnt.steps << " steps checked, " << cnt.decisions
                     << " decision points (" << phases.str() << " ), " << cnt.chips << " chips turned up");
  CHECK(cnt.games == long(cells) * GAMES);
  for (Phase p : {Phase::Place, Phase::Meeple, Phase::Score, Phase::Abbey, Phase::Chip, Phase::Upgrade, Phase::Wagon, Phase::Hound,
                  Phase::Haunt, Phase::Bury})
    CHECK_MESSAGE(cnt.phases[p] > 0, "no " << phase_name(p) << " decision reached");
  CHECK(cnt.chips > 0);
  CHECK(cnt.won > 0);
}
