// Included first by every header of engine/versus/ (the competitive game). The kit (engine/kit/) and the
// other game's folder compile with MISTS_LAYER_KIT or MISTS_LAYER_COOP defined
// (engine/CMakeLists.txt), so that including a header of this folder from there stops the build:
// the two games stand apart over the kit (docs/engine.md).
#pragma once

#if defined(MISTS_LAYER_KIT) || defined(MISTS_LAYER_COOP)
#error "a header of engine/versus/ (the competitive game) is included from the kit or the other game; what both games need belongs in engine/kit/"
#endif
