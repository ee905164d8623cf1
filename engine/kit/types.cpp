#include "engine/kit/types.h"

#include <string>

namespace mists {

std::string slot_name(int slot) {
  static constexpr char SIDES[] = "NESW";
  return std::string(1, SIDES[slot / 3]) + char('1' + slot % 3);
}

std::string_view kind_name(RegionKind k) {
  switch (k) {
    case RegionKind::City: return "city";
    case RegionKind::Road: return "road";
    case RegionKind::Field: return "field";
    case RegionKind::Mist: return "mist";
    case RegionKind::Castle: return "castle";
    case RegionKind::Cemetery: return "cemetery";
    case RegionKind::Monastery: return "monastery";
    case RegionKind::Garden: return "garden";
    default: return "?";
  }
}

std::string_view road_end_name(RoadEnd e) {
  switch (e) {
    case RoadEnd::Village: return "village";
    case RoadEnd::Castle: return "castle";
    case RoadEnd::Ruin: return "ruin";
    case RoadEnd::City: return "city";
    case RoadEnd::Monastery: return "monastery";
  }
  return "?";
}

std::string_view sight_name(Sight s) {
  switch (s) {
    case Sight::Farmhouse: return "farmhouse";
    case Sight::Stable: return "stable";
    case Sight::Garden: return "garden";
    case Sight::Brigands: return "brigands";
    case Sight::Travellers: return "travellers";
    default: return "?";
  }
}

std::string_view switch_value(Unplaceable v) { return v == Unplaceable::Discard ? "discard" : "lose"; }

}  // namespace mists
