// Typed, range-checked reads of JSON fields (study.json, balance.json): a missing field, a wrong
// type or a value out of range is an AnalysisError naming the file and the field path.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace mists::analysis {

// Parses JSON text (`where` names it in messages): text that is not JSON, or an object that names a
// key twice (the JSON library would keep the last silently), is an AnalysisError naming `where` and,
// for a key given twice, the field path ("where: config.cells[2].agent: given twice").
nlohmann::json parse_json(const std::string& text, const std::string& where);
// The same for a whole file (a missing or unreadable file is an error naming it).
nlohmann::json read_json_file(const std::string& path);

// The first key whose value differs between two objects (a saved run's settings and the ones
// asked now), or "" when they are equal: how a refused resume names the field.
std::string first_difference(const nlohmann::json& saved, const nlohmann::json& given);

// A field reader bound to the file it reads (`where`, "results/x/study.json") and to the path of
// the object it looks into ("config.cells[3]").
class Fields {
 public:
  Fields(const nlohmann::json& object, std::string where, std::string path = "");
  bool has(const std::string& key) const;
  long long integer(const std::string& key, long long lo, long long hi) const;
  uint64_t u64(const std::string& key) const;
  double real(const std::string& key, double lo, double hi) const;
  bool boolean(const std::string& key) const;
  std::string text(const std::string& key) const;
  const nlohmann::json& object(const std::string& key) const;
  const nlohmann::json& array(const std::string& key) const;
  // A reader for a nested object (`key`) or an element of an array field.
  Fields sub(const std::string& key) const;
  Fields element(const std::string& key, size_t i) const;
  // "where: path.key: msg" as an AnalysisError.
  [[noreturn]] void fail(const std::string& key, const std::string& msg) const;
  const nlohmann::json& json() const { return j_; }
  std::string field(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

 private:
  const nlohmann::json& at(const std::string& key) const;
  const nlohmann::json& j_;
  std::string where_, path_;
};

}  // namespace mists::analysis
