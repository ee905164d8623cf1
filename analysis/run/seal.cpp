#include "analysis/run/seal.h"

#include "engine/kit/catalog.h"

namespace mists::analysis {

std::string seal_line(const Seal& seal, const std::string& body) {
  return "# mists " + seal.kind + ": " + seal.owner + " chunk " + std::to_string(seal.index) + " games " +
         std::to_string(seal.first) + "+" + std::to_string(seal.count) + " rows " + fnv1a64_hex(body);
}

SealedText split_sealed(const std::string& text) {
  const size_t nl = text.find('\n');
  return {text.substr(0, nl), nl == std::string::npos ? "" : text.substr(nl + 1)};
}

}  // namespace mists::analysis
