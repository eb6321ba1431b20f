#include "eval/TileEval.h"

#include <llvm/ADT/SmallVector.h>

#include <algorithm>
#include <vector>

namespace btlint {

namespace {

using Lookup = std::optional<int64_t> (*)(const std::string &, const Config *, const Kernel *);

// A parameter value as an extent reads it: integers, and booleans as 0 or 1.
std::optional<int64_t> integerOf(const ScalarValue &value) {
  if (value.isInt()) return value.asInt();
  if (value.isBool()) return value.asBool() ? 1 : 0;
  return std::nullopt;
}

std::optional<int64_t> lookupParam(const std::string &name, const Config *config,
                                   const Kernel *kernel) {
  if (config) {
    auto found = config->params.find(name);
    if (found != config->params.end()) return integerOf(found->second);
  }
  if (kernel) {
    const Param *param = kernel->findParam(name);
    if (param && param->defaultValue) return integerOf(*param->defaultValue);
  }
  return std::nullopt;
}

std::optional<int64_t> run(const std::vector<DimOp> &program, const Config *config,
                           const Kernel *kernel) {
  if (program.empty()) return std::nullopt;
  if (program.size() == 1 && program.front().kind == DimOp::Param)
    return lookupParam(program.front().name, config, kernel); // most extents: one parameter
  // Evaluated for every tile of every config by several rules: no allocation
  // for the short programs real extents compile to.
  llvm::SmallVector<int64_t, 16> stack;
  for (const DimOp &op : program) {
    switch (op.kind) {
    case DimOp::Constant: stack.push_back(op.value); continue;
    case DimOp::Param: {
      std::optional<int64_t> value = lookupParam(op.name, config, kernel);
      if (!value) return std::nullopt;
      stack.push_back(*value);
      continue;
    }
    case DimOp::Negate:
      if (stack.empty() || stack.back() == INT64_MIN) return std::nullopt;
      stack.back() = -stack.back();
      continue;
    case DimOp::NextPowerOfTwo: {
      if (stack.empty() || stack.back() > (int64_t(1) << 62)) return std::nullopt;
      int64_t power = 1;
      while (power < stack.back()) power <<= 1;
      stack.back() = power;
      continue;
    }
    default: break;
    }
    if (stack.size() < 2) return std::nullopt;
    int64_t b = stack.back();
    stack.pop_back();
    int64_t a = stack.back();
    int64_t result = 0;
    switch (op.kind) {
    case DimOp::Add: if (__builtin_add_overflow(a, b, &result)) return std::nullopt; break;
    case DimOp::Sub: if (__builtin_sub_overflow(a, b, &result)) return std::nullopt; break;
    case DimOp::Mul: if (__builtin_mul_overflow(a, b, &result)) return std::nullopt; break;
    case DimOp::FloorDiv:
    case DimOp::Mod: {
      if (b == 0 || (a == INT64_MIN && b == -1)) return std::nullopt;
      int64_t quotient = a / b;
      if ((a % b != 0) && ((a < 0) != (b < 0))) --quotient;
      result = op.kind == DimOp::FloorDiv ? quotient : a - quotient * b;
      break;
    }
    case DimOp::CeilDiv:
      if (b <= 0 || a < 0 || a > INT64_MAX - b) return std::nullopt;
      result = (a + b - 1) / b;
      break;
    case DimOp::Pow: {
      if (b < 0) return std::nullopt;
      result = 1;
      if (a == 0 || a == 1) { result = (a == 0 && b > 0) ? 0 : 1; break; }
      if (a == -1) { result = b % 2 ? -1 : 1; break; }
      if (b > 63) return std::nullopt; // |a| >= 2 overflows
      for (int64_t i = 0; i < b; ++i)
        if (__builtin_mul_overflow(result, a, &result)) return std::nullopt;
      break;
    }
    case DimOp::Min: result = a < b ? a : b; break;
    case DimOp::Max: result = a > b ? a : b; break;
    case DimOp::ShiftLeft:
      if (b < 0 || b >= 63 || a < 0 || a > (INT64_MAX >> b)) return std::nullopt;
      result = a << b;
      break;
    case DimOp::ShiftRight:
      if (b < 0) return std::nullopt;
      result = b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
      break;
    default: return std::nullopt;
    }
    stack.back() = result;
  }
  if (stack.size() != 1) return std::nullopt;
  return stack.back();
}

} // namespace

std::optional<int64_t> evaluateDim(const TileDim &dim, const Config &config, const Kernel &kernel) {
  if (dim.program.empty()) return dim.constant;
  return run(dim.program, &config, &kernel);
}

std::optional<int64_t> paramValue(const std::string &name, const Config &config, const Kernel &kernel) {
  TileDim dim;
  dim.program.push_back({DimOp::Param, 0, name});
  return evaluateDim(dim, config, kernel);
}

bool guardsHold(const std::vector<AccessGuard> &guards, const Config &config, const Kernel &kernel) {
  for (const AccessGuard &guard : guards) {
    const std::optional<int64_t> value = paramValue(guard.param, config, kernel);
    if (value && !guard.holdsFor(*value)) return false;
  }
  return true;
}

bool anyTestHolds(const std::vector<AccessGuard> &tests, const Config &config, const Kernel &kernel) {
  for (const AccessGuard &test : tests) {
    const std::optional<int64_t> value = paramValue(test.param, config, kernel);
    if (value && test.holdsFor(*value)) return true;
  }
  return false;
}

std::optional<int64_t> constantDimValue(const TileDim &dim) {
  if (dim.program.empty()) return dim.constant;
  return run(dim.program, nullptr, nullptr);
}

std::optional<int64_t> evaluateNumel(const std::vector<TileDim> &dims, const Config &config,
                                     const Kernel &kernel) {
  int64_t total = 1;
  for (const TileDim &dim : dims) {
    std::optional<int64_t> extent = evaluateDim(dim, config, kernel);
    if (!extent || *extent < 0 || __builtin_mul_overflow(total, *extent, &total)) return std::nullopt;
  }
  return total;
}

namespace {

bool sameProgram(const TileDim &a, const TileDim &b) {
  if (a.program.empty() || b.program.empty()) return a.program.empty() && b.program.empty() && a.constant == b.constant;
  if (a.program.size() != b.program.size()) return false;
  for (size_t i = 0; i < a.program.size(); ++i) {
    const DimOp &x = a.program[i], &y = b.program[i];
    if (x.kind != y.kind || x.value != y.value || x.name != y.name) return false;
  }
  return true;
}

} // namespace

DimValueCache::DimValueCache(std::vector<const TileDim *> dims, size_t rows)
    : dims_(std::move(dims)), rowBound_(std::max<size_t>(rows, 1), 0), distinct_(dims_.size()),
      known_(dims_.size() * rowBound_.size(), 0), value_(dims_.size() * rowBound_.size()) {
  for (const TileDim *dim : dims_)
    for (const DimOp &op : dim->program)
      if (op.kind == DimOp::Param &&
          std::find(paramNames_.begin(), paramNames_.end(), op.name) == paramNames_.end())
        paramNames_.push_back(op.name);
  keys_.assign(rowBound_.size(), std::vector<std::optional<int64_t>>(paramNames_.size()));
  hints_.assign(paramNames_.size(), UINT32_MAX);
  // Most extents are one parameter (`BLOCK_M`): their value is the key's.
  singleParam_.assign(dims_.size(), UINT32_MAX);
  for (size_t i = 0; i < dims_.size(); ++i) {
    const std::vector<DimOp> &program = dims_[i]->program;
    if (program.size() == 1 && program.front().kind == DimOp::Param)
      singleParam_[i] = static_cast<uint32_t>(
          std::find(paramNames_.begin(), paramNames_.end(), program.front().name) - paramNames_.begin());
  }
  for (size_t i = 0; i < dims_.size(); ++i) {
    distinct_[i] = static_cast<uint32_t>(i);
    for (size_t j = 0; j < i; ++j)
      if (distinct_[j] == j && sameProgram(*dims_[i], *dims_[j])) {
        distinct_[i] = static_cast<uint32_t>(j);
        break;
      }
  }
}

void DimValueCache::bind(const Config &config, const Kernel &kernel) {
  row_ = 0;
  computeKey(config, kernel);
}

void DimValueCache::bindRow(size_t row, const Config &config, const Kernel &kernel) {
  row_ = row;
  if (rowBound_[row]) {
    config_ = &config;
    kernel_ = &kernel;
    return;
  }
  computeKey(config, kernel);
}

void DimValueCache::computeKey(const Config &config, const Kernel &kernel) {
  config_ = &config;
  kernel_ = &kernel;
  rowBound_[row_] = 1;
  std::fill_n(known_.begin() + static_cast<std::ptrdiff_t>(row_ * dims_.size()), dims_.size(), 0);
  std::vector<std::optional<int64_t>> &key = keys_[row_];
  for (size_t i = 0; i < paramNames_.size(); ++i) {
    // The configs of one list keep their names in the same order: look
    // where this name was in the previous config first.
    const std::string &name = paramNames_[i];
    uint32_t &hint = hints_[i];
    if (hint < config.params.size() && config.params.begin()[hint].first == name) {
      key[i] = integerOf(config.params.begin()[hint].second);
      continue;
    }
    auto found = config.params.find(name);
    if (found == config.params.end()) {
      key[i] = lookupParam(name, nullptr, &kernel); // the parameter's default
      continue;
    }
    hint = static_cast<uint32_t>(found - config.params.begin());
    key[i] = integerOf(found->second);
  }
}

std::optional<int64_t> DimValueCache::value(size_t index) {
  const size_t first = row_ * dims_.size() + distinct_[index];
  if (!known_[first]) {
    const uint32_t param = singleParam_[distinct_[index]];
    value_[first] = param != UINT32_MAX ? keys_[row_][param] : evaluateDim(*dims_[distinct_[index]], *config_, *kernel_);
    known_[first] = 1;
  }
  return value_[first];
}

std::optional<int64_t> DimValueCache::numel(size_t first, size_t count) {
  int64_t total = 1;
  for (size_t i = first; i < first + count; ++i) {
    std::optional<int64_t> extent = value(i);
    if (!extent || *extent < 0 || __builtin_mul_overflow(total, *extent, &total)) return std::nullopt;
  }
  return total;
}

} // namespace btlint
