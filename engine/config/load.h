// Reading tile catalogs (docs/tiles.md) and level files (configs/levels/) from TOML.
// Every error names the file, the line and the field, and is thrown as LoadError.
#pragma once

#include <stdexcept>
#include <string>

#include "engine/kit/catalog.h"
#include "engine/kit/map.h"
#include "engine/coop/rules.h"

namespace mists {

struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Reads a catalog file. Syntax errors, unknown keys and ill-typed values throw LoadError; the
// result is not yet validated (see validate()).
Catalog load_catalog(const std::string& path);
// The same from text (tests); `name` stands for the file in messages and in Catalog::path.
Catalog parse_catalog(const std::string& text, const std::string& name);

// Reads a map file (docs/tiles.md, "Map boards"); syntax errors, unknown keys and ill-typed values
// throw LoadError; the grid is checked by validate_map().
MapBoard load_map(const std::string& path);
MapBoard parse_map(const std::string& text, const std::string& name);
// True when `text` is TOML with a top-level `map` key: a map file rather than a tile catalog.
bool is_map_text(const std::string& text);

// Reads a level file; unknown keys throw LoadError.
Level load_level(const std::string& path);
Level parse_level(const std::string& text, const std::string& name);

// Reads a whole file; throws LoadError when it cannot.
std::string read_file(const std::string& path);

}  // namespace mists
