// The game contract (engine/kit/game.h) kept by both games: the same test, written once over the
// traits, plays a co-op and a competitive game at random to their end, replays the steps' texts
// into a fresh position, refuses a step that is not one, checks the chance outcomes' weights, and
// round-trips a committed record of each game through its parse, write and replay.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "analysis/pages/versus_viewer.h"
#include "analysis/pages/viewer.h"
#include "engine/config/load.h"
#include "engine/coop/contract.h"
#include "engine/versus/contract.h"
#include "solver/rng.h"
#include "support.h"

using namespace mists;

namespace {

// What each game gives the test: its rules, a first position, a committed record and its rules.
template <class G>
struct Fixture;

template <>
struct Fixture<Coop> {
  static constexpr const char* RECORD = "tests/records/level5-2p-seed7-game3-expert.txt";
  Rules R = test::mists_rules(3, 2);
  State first() const { return initial_state(R); }
  static std::pair<Rules, GameRecord> record() {
    analysis::LoadedRecord g = analysis::load_record(test::source_path(RECORD));
    return {std::move(g.rules), g.rec};
  }
};

template <>
struct Fixture<vs::Versus> {
  static constexpr const char* RECORD = "tests/records/gcc-2p-seed5-deal0.txt";
  vs::VsRules R = vs::build_gcc_rules(load_catalog(test::source_path("configs/tiles/base-c3.toml")),
                                      load_catalog(test::source_path("configs/tiles/mists-reconstructed.toml")), 3);
  vs::VsState first() const { return vs::initial_state(R); }
  static std::pair<vs::VsRules, vs::VsRecord> record() {
    const std::string path = test::source_path(RECORD);
    analysis::LoadedVsRecord g = analysis::load_vs_record(path, read_file(path));
    return {std::move(g.rules), g.rec};
  }
};

}  // namespace

TEST_CASE_TEMPLATE("the game contract: a random game's steps replay from their texts, a wrong text is refused", G, Coop, vs::Versus) {
  const Fixture<G> f;
  for (uint64_t seed : {1u, 2u, 3u}) {
    CAPTURE(seed);
    Rng rng(seed);
    typename G::State s = f.first();
    std::vector<std::string> log;
    int decisions = 0, forced = 0;
    // Chance by the weights, and at a chance step the weights sum to what is left to come.
    play_to_end<G>(f.R, s, [&](uint32_t n) { return rng.below(n); }, [&](const typename G::State&, const typename G::Action*, int n) {
      return int(rng.below(uint32_t(n)));
    }, &log, &decisions, &forced);
    CHECK(G::is_over(s));
    CHECK(decisions > 10);
    REQUIRE(log.size() > size_t(decisions + forced));  // draws too
    // The texts alone lead to the same end.
    typename G::State t = f.first();
    int chance_steps = 0;
    for (const std::string& text : log) {
      if (G::is_chance(t)) {
        ++chance_steps;
        GameOutcome out[G::MAX_OUTCOMES];
        const int n = G::chance_outcomes(f.R, t, out);
        REQUIRE(n > 0);
        int value = -1;
        REQUIRE(G::parse_chance(f.R, t, text, value));
        bool listed = false;
        for (int i = 0; i < n; ++i) listed = listed || (out[i].value == value && out[i].weight > 0);
        CHECK(listed);
        CHECK(G::chance_text(f.R, t, value) == text);
      } else {
        typename G::Action a{};
        REQUIRE(G::parse_action(f.R, t, text, a));
        CHECK(G::action_text(f.R, t, a) == text);
      }
      // Not a step here: refused, the position as it was.
      const typename G::State before = t;
      CHECK_FALSE(apply_text<G>(f.R, t, "place 999 999 0"));
      CHECK(std::memcmp(static_cast<const void*>(&before), static_cast<const void*>(&t), sizeof t) == 0);
      REQUIRE(apply_text<G>(f.R, t, text));
    }
    CHECK(chance_steps == int(log.size()) - decisions - forced);
    CHECK(G::is_over(t));
    CHECK(G::scores(f.R, t) == G::scores(f.R, s));
    CHECK_FALSE(apply_text<G>(f.R, t, log.back()));  // nothing follows the end
  }
}

TEST_CASE_TEMPLATE("the game contract: a committed record parses, writes back the same and replays", G, Coop, vs::Versus) {
  const std::string text = read_file(test::source_path(Fixture<G>::RECORD));
  auto [R, rec] = Fixture<G>::record();
  const typename G::Record parsed = G::parse_record(text, "record");
  CHECK(G::parse_record(G::write_record(parsed), "again").steps.size() == parsed.steps.size());
  CHECK(G::write_record(G::parse_record(G::write_record(parsed), "again")) == G::write_record(parsed));
  int steps = 0;
  const typename G::State end = G::replay(R, rec, "record", [&](const typename G::State&, const std::string&) { ++steps; });
  CHECK(G::is_over(end));
  CHECK(steps >= int(rec.steps.size()));
  CHECK(!G::scores(R, end).empty());
}
