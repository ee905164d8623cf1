// What the two games' tensor layouts share (python/coop_encoding.h, python/versus_encoding.h).
#pragma once

namespace mists::pyenc {

// The information-state layout of a game whose observation layout is `Observation`: the
// observation, then one more plane, the order in which the tiles were placed (Observation::write
// fills it where info_state is set).
template <class Observation, class Rules>
Observation information_state(const Rules& rules) {
  Observation o(rules);
  o.info_state = true;
  o.planes.push_back("order");
  return o;
}

}  // namespace mists::pyenc
