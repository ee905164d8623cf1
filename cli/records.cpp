#include "cli/records.h"

namespace mists::cli {

const RecordKind& record_kind(const std::string& text) {
  for (const RecordKind* k : {&VERSUS_RECORDS})
    if (k->holds(text)) return *k;
  return COOP_RECORDS;
}

}  // namespace mists::cli
