// The competitive game's texts: an action as a record writes it (the reading back is in chance.cpp).
#include "engine/versus/versus.h"

#include <string>

namespace mists::vs {

namespace {

std::string xy_text(VsCell c) {
  return std::to_string(int(c % VS_W) - VS_START) + " " + std::to_string(int(c / VS_W) - VS_START);
}

// "road1": the kind of region `r` of a design and its position among the regions of that kind.
std::string region_text(const VsType& T, int r) {
  const RegionKind k = T.regions[size_t(r)].kind;
  int pos = 0;
  for (int i = 0; i < r; ++i) pos += T.regions[size_t(i)].kind == k && !T.regions[size_t(i)].hidden;
  return std::string(kind_name(k)) + std::to_string(pos);
}

const char* pay_text(VsPay pay) { return pay == VsPay::Ones4 ? "1+1+1+1" : pay == VsPay::Twos2 ? "2+2" : "1+1+2"; }

}  // namespace

std::string action_text(const VsRules& R, const VsState& s, VsAction a) {
  switch (a.kind()) {
    case VsKind::Place: return "place " + xy_text(a.cell()) + " " + std::to_string(a.rot());
    case VsKind::Ghost: return "ghost " + std::to_string(a.seat()) + " " + std::to_string(a.slot());
    case VsKind::Abbey: return a.none() ? "abbey none" : "abbey " + xy_text(a.cell());
    case VsKind::Barn: return "barn " + xy_text(a.cell());
    case VsKind::Recall: return "abbot back";
    case VsKind::Toll:
      return "toll " + xy_text(s.tiles[size_t(a.tile())].cell) + " " + std::to_string(a.junction());
    case VsKind::Wagon: {
      if (a.none()) return "wagon back";
      const VsNode& v = s.nodes[size_t(a.node())];
      const VsTile& t = s.tiles[v.tile];
      return "wagon " + xy_text(t.cell) + " " + region_text(R.types[t.type], v.region);
    }
    case VsKind::Upgrade:
      return a.none() ? "upgrade none" : "upgrade " + std::to_string(a.slot()) + " " + pay_text(a.pay());
    case VsKind::Meeple: break;
  }
  if (a.region() == VsAction::NONE) return "meeple none";
  const VsType& T = R.types[s.tiles[s.last].type];
  const VsPiece piece = a.piece();
  return "meeple " + region_text(T, a.region()) + (piece == VsPiece::Normal ? "" : " " + std::string(piece_name(piece)));
}

}  // namespace mists::vs
