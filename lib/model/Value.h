#pragma once
#include "diag/SourceSpan.h"

#include <cstdint>
#include <string>
#include <variant>

namespace btlint {

// A scalar value as the model sees it: known (int, float, string, bool) or
// unknown with the reason. Every value keeps the span of the source text that
// produced it (the literal to change), so diagnostics point there. Rules never
// report on unknown values.
class ScalarValue {
public:
  struct Unknown {
    std::string reason;
  };

  ScalarValue() : data_(Unknown{"not set"}) {}
  static ScalarValue ofInt(int64_t v, SourceSpan span = {}) { return ScalarValue(v, span); }
  static ScalarValue ofFloat(double v, SourceSpan span = {}) { return ScalarValue(v, span); }
  static ScalarValue ofBool(bool v, SourceSpan span = {}) { return ScalarValue(v, span); }
  static ScalarValue ofString(std::string v, SourceSpan span = {}) {
    return ScalarValue(std::move(v), span);
  }
  static ScalarValue unknown(std::string reason, SourceSpan span = {}) {
    return ScalarValue(Unknown{std::move(reason)}, span);
  }

  bool isKnown() const { return !std::holds_alternative<Unknown>(data_); }
  bool isInt() const { return std::holds_alternative<int64_t>(data_); }
  bool isFloat() const { return std::holds_alternative<double>(data_); }
  bool isBool() const { return std::holds_alternative<bool>(data_); }
  bool isString() const { return std::holds_alternative<std::string>(data_); }

  int64_t asInt() const { return std::get<int64_t>(data_); }
  double asFloat() const { return std::get<double>(data_); }
  bool asBool() const { return std::get<bool>(data_); }
  const std::string &asString() const { return std::get<std::string>(data_); }
  const std::string &unknownReason() const { return std::get<Unknown>(data_).reason; }

  // Render as Python source would write it ("128", "True", "'fp16'", "?").
  std::string str() const;

  const SourceSpan &span() const { return span_; }
  void setSpan(SourceSpan span) { span_ = span; }

  friend bool operator==(const ScalarValue &a, const ScalarValue &b) { return a.data_ == b.data_; }

private:
  template <typename T> ScalarValue(T v, SourceSpan span) : data_(std::move(v)), span_(span) {}
  friend bool operator==(const Unknown &, const Unknown &) { return false; }

  std::variant<Unknown, int64_t, double, bool, std::string> data_;
  SourceSpan span_;
};

} // namespace btlint
