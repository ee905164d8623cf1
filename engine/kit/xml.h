// Text for XML (the SVG boards of both games, the HTML pages built from them).
#pragma once

#include <string>

namespace mists {

// `text` with & < > " written as XML entities (SVG and HTML).
std::string xml_escape(const std::string& text);

}  // namespace mists
