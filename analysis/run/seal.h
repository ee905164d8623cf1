// The seal of a chunk file, written once for every chunked plan (a study's chunks, a tournament's):
// the file's first line names what its rows belong to and carries a checksum of every byte after
// it, so --resume and merge never read a chunk of another run or one edited by hand.
//   # mists KIND: OWNER chunk K games FIRST+COUNT rows CHECKSUM
// (The learned values and their training files end in a checksum line instead: seal_text in
// solver/value.h, whose format the shipped models keep.)
#pragma once

#include <string>

namespace mists::analysis {

struct Seal {
  std::string kind;   // "chunk", "tournament chunk"
  std::string owner;  // what the games belong to: "study H cell C", "tournament H pair P"
  int index = 0, first = 0, count = 0;
};
std::string seal_line(const Seal& seal, const std::string& body);

// A sealed file's text split into its first line and the body the checksum covers.
struct SealedText {
  std::string line, body;
};
SealedText split_sealed(const std::string& text);

}  // namespace mists::analysis
