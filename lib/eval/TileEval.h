#pragma once
// Resolves tile dimensions (TileDim::program) against a config, so rules can
// compute tile extents per config without reading syntax.
#include "model/KernelModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace btlint {

// The value of `dim` for `config`: parameters read from the config's
// meta-parameters, else from the kernel parameter's default. Nothing when a
// parameter has no known integer value, the dimension is not an integer
// expression, or the arithmetic fails (division by zero, overflow).
std::optional<int64_t> evaluateDim(const TileDim &dim, const Config &config, const Kernel &kernel);

// The value of parameter `name` for `config` (the config's, else the
// parameter's default), as evaluateDim reads it; a bool is 0 or 1.
std::optional<int64_t> paramValue(const std::string &name, const Config &config, const Kernel &kernel);

// Whether code under `guards` is compiled for `config`: false when a guard's
// parameter has a value there that fails it; true when every guard holds or
// its parameter has no known value.
bool guardsHold(const std::vector<AccessGuard> &guards, const Config &config, const Kernel &kernel);

// Whether one of `tests` (the disjuncts of an `or`) is known to hold for
// `config`: its parameter has a value there that passes it.
bool anyTestHolds(const std::vector<AccessGuard> &tests, const Config &config, const Kernel &kernel);

// The value of `dim` when it reads no parameter at all ("2 * 64").
std::optional<int64_t> constantDimValue(const TileDim &dim);

// The element count of a shape for `config`, when every dimension resolves.
std::optional<int64_t> evaluateNumel(const std::vector<TileDim> &dims, const Config &config,
                                     const Kernel &kernel);

// evaluateDim for a fixed list of dimensions under one binding at a time,
// each distinct dimension evaluated once per binding: rules judge every
// dimension of every tile under every config, and kernels repeat the same few
// extents (BLOCK_M sizes the arange, the accumulator, the loads and the dot
// operands).
class DimValueCache {
public:
  // `dims`: every dimension the caller asks about, by index into this list.
  // `rows`: bindings whose values are kept (bindRow) for later binds of the
  // same row, as when several rules judge the same bindings in turn.
  explicit DimValueCache(std::vector<const TileDim *> dims, size_t rows = 1);
  // Forgets the values: the next ones are for `config` of `kernel`.
  void bind(const Config &config, const Kernel &kernel);
  // Binds row `row` to `config` of `kernel`: the first time it works as
  // bind(), later the row's key and the values computed so far are kept.
  // The caller binds a row to the same config every time.
  void bindRow(size_t row, const Config &config, const Kernel &kernel);
  // evaluateDim(*dims[index], config, kernel).
  std::optional<int64_t> value(size_t index);
  // evaluateNumel over dims[first] ... dims[first + count - 1].
  std::optional<int64_t> numel(size_t first, size_t count);
  // What the bound config gives each parameter the dimensions read (nothing
  // where it is not an integer): bindings with equal keys give every
  // dimension the same value. Configs that differ only in num_warps or
  // num_stages share their tile sizes, and a rule that found nothing under
  // one of them finds nothing under the others.
  const std::vector<std::optional<int64_t>> &key() const { return keys_[row_]; }
  // The key of row `row` as last bound.
  const std::vector<std::optional<int64_t>> &keyOf(size_t row) const { return keys_[row]; }

private:
  void computeKey(const Config &config, const Kernel &kernel);

  std::vector<const TileDim *> dims_;
  std::vector<std::string> paramNames_; // parameters the programs read, each once
  std::vector<std::vector<std::optional<int64_t>>> keys_; // per row
  std::vector<uint8_t> rowBound_;                           // per row: its key is computed
  size_t row_ = 0;
  std::vector<uint32_t> hints_; // per paramNames_: its index in the last bound config's params
  std::vector<uint32_t> singleParam_; // per dims_ index: paramNames_ index when the extent is that parameter
  std::vector<uint32_t> distinct_; // dims_ index -> index of its first equal dimension
  std::vector<uint8_t> known_;     // per row and dims_ index: value_ holds its value
  std::vector<std::optional<int64_t>> value_; // per row and dims_ index
  const Config *config_ = nullptr;
  const Kernel *kernel_ = nullptr;
};

} // namespace btlint
