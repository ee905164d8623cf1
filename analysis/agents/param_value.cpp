#include "analysis/agents/param_value.h"

#include <sstream>

#include "engine/kit/number.h"

namespace mists::analysis {

namespace {

std::string number_text(double v, ParamType t) {
  if (t == ParamType::Int) return std::to_string((long long)v);
  std::ostringstream os;
  os << v;
  return os.str();
}

std::string choices_text(const ParamValue& v) {
  std::string out;
  for (auto c : *v.choices) out += (out.empty() ? "" : ", ") + std::string(c);
  return out;
}

}  // namespace

double read_param_value(const ParamValue& v, const std::string& text) {
  switch (v.type) {
    case ParamType::Int:
      if (!v.word.empty() && text == v.word) return v.word_value;
      return double(parse_integer(text, (long long)v.lo, (long long)v.hi));
    case ParamType::Real: return parse_real(text, v.lo, v.hi);
    case ParamType::Bool:
      if (text == "true" || text == "1") return 1;
      if (text == "false" || text == "0") return 0;
      throw NumberError("not true or false");
    case ParamType::Choice:
      for (size_t i = 0; i < v.choices->size(); ++i)
        if ((*v.choices)[i] == text) return double(i);
      throw NumberError("not one of " + choices_text(v));
  }
  throw NumberError("no such type");
}

std::string param_value_text(const ParamValue& v, double value) {
  switch (v.type) {
    case ParamType::Bool: return value != 0 ? "true" : "false";
    case ParamType::Choice: return std::string((*v.choices)[size_t(value)]);
    case ParamType::Int:
      if (!v.word.empty() && value == v.word_value) return std::string(v.word);
      return number_text(value, v.type);
    case ParamType::Real: return number_text(value, v.type);
  }
  return "";
}

std::string param_values_text(const ParamValue& v) {
  switch (v.type) {
    case ParamType::Int:
      return "whole number " + number_text(v.lo, v.type) + ".." + number_text(v.hi, v.type) +
             (v.word.empty() ? "" : " or " + std::string(v.word));
    case ParamType::Real: return v.any_number ? std::string("number") : "number " + number_text(v.lo, v.type) + ".." + number_text(v.hi, v.type);
    case ParamType::Bool: return "true or false";
    case ParamType::Choice: return choices_text(v);
  }
  return "";
}

const AgentRow* find_agent_row(const std::vector<AgentRow>& rows, std::string_view name) {
  for (const AgentRow& r : rows)
    if (r.name == name) return &r;
  return nullptr;
}

std::string agent_row_names(const std::vector<AgentRow>& rows, unsigned mask) {
  std::string out;
  for (const AgentRow& r : rows)
    if (r.kind & mask) out += (out.empty() ? "" : ", ") + std::string(r.name);
  return out;
}

}  // namespace mists::analysis
