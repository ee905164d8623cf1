// First checks that the pieces fit: catalogs validate, a start position is consistent.
#include "support.h"

using namespace mists;
using namespace mists::test;

TEST_CASE("both project catalogs validate") {
  for (const char* f : {"configs/tiles/mists-reconstructed.toml", "configs/tiles/base-c3.toml"}) {
    const Catalog cat = load_catalog(source_path(f));
    const auto issues = validate(cat);
    CHECK_MESSAGE(issues.empty(), format_issues(cat, issues));
  }
}

TEST_CASE("R1.3 the start tile carries its 3 ghosts and the supply holds the rest") {
  for (int level = 1; level <= 6; ++level) {
    const Rules R = mists_rules(level, 2);
    const State s = initial_state(R);
    CHECK(s.ghosts_on_board == 3);
    CHECK(s.ghost_supply == R.level.ghosts - 3);
    CHECK(check(R, s).empty());
  }
}
