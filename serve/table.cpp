#include "serve/table.h"

#include "engine/versus/record.h"
#include "serve/coop_table.h"
#include "serve/vs_table.h"

namespace mists::serve {

std::unique_ptr<Table> table_from_record(const std::string& text) {
  if (vs::is_vs_record(text)) return std::make_unique<VsTable>(VsTable::from_record(text));
  return std::make_unique<CoopTable>(CoopTable::from_record(text));
}

}  // namespace mists::serve
