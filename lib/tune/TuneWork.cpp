#include "tune/TuneWork.h"

#include "eval/TileEval.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace btlint::tune {
namespace {

bool isTile(const Kernel &kernel, const std::string &name) {
  if (kernel.tileParams.count(name)) return true;
  const Param *param = kernel.findParam(name);
  return param && param->uses.count(ParamUse::TileExtent);
}

bool isShapeArgument(const Kernel &kernel, const std::string &name) {
  const Param *param = kernel.findParam(name);
  return param && !param->isConstexpr() && (param->kind == ParamKind::Int || param->kind == ParamKind::Unknown);
}

bool nameHasWord(const std::string &name, const std::string &word) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  size_t at = lower.find(word);
  while (at != std::string::npos) {
    const bool starts = at == 0 || lower[at - 1] == '_';
    if (starts) return true;
    at = lower.find(word, at + 1);
  }
  return false;
}

std::optional<int64_t> intParam(const Config &config, const std::string &name) {
  auto found = config.params.find(name);
  if (found == config.params.end() || !found->second.isInt()) return std::nullopt;
  return found->second.asInt();
}

// The single parameter of a dimension, when it is one.
std::string soleParam(const TileDim &dim) { return dim.params.size() == 1 ? dim.params.front() : std::string(); }

} // namespace

KernelRoles rolesOf(const Kernel &kernel) {
  KernelRoles roles;
  for (const Param &param : kernel.params) {
    if (isShapeArgument(kernel, param.name)) roles.shapeArguments.push_back(param.name);
    if (param.isConstexpr() && isTile(kernel, param.name)) roles.tiles.insert(param.name);
    if (param.isConstexpr() && !isTile(kernel, param.name) && nameHasWord(param.name, "group")) roles.grouped = true;
  }
  for (const std::string &tile : kernel.tileParams)
    if (const Param *param = kernel.findParam(tile); param && param->isConstexpr()) roles.tiles.insert(tile);
  // Masks say which extent a tile covers (`offs_m < M`).
  for (const MaskExtent &mask : kernel.maskExtents) {
    if (!mask.tileKnown || mask.tileParams.size() != 1) continue;
    const std::string &tile = mask.tileParams.front();
    if (roles.tileDim.count(tile) || !isTile(kernel, tile)) continue;
    for (const ExtentBound &bound : mask.bounds)
      if (!bound.data && bound.params.size() == 1 && isShapeArgument(kernel, bound.params.front())) {
        roles.tileDim[tile] = bound.params.front();
        break;
      }
  }
  // Loops over tiles (`range(0, K, BLOCK_K)`, `range(cdiv(K, BLOCK_K * SPLIT_K))`).
  for (const Loop &loop : kernel.loops) {
    std::vector<std::string> tiles, dims, splits;
    for (const std::string &name : loop.boundParams) {
      const Param *param = kernel.findParam(name);
      if (!param) continue;
      if (isTile(kernel, name)) tiles.push_back(name);
      else if (isShapeArgument(kernel, name)) dims.push_back(name);
      else if (param->isConstexpr()) splits.push_back(name);
    }
    if (dims.size() != 1 || tiles.empty()) continue;
    for (const std::string &tile : tiles) {
      auto mapped = roles.tileDim.find(tile);
      if (mapped != roles.tileDim.end() && mapped->second != dims.front()) continue;
      // Of several tiles in one loop's bound (a causal loop ending at the
      // query block), one at a program's offset is the grid's; a lone tile
      // steps the loop even at a program's offset (split-K's slice).
      bool programIndexed = false;
      for (const MaskExtent &mask : kernel.maskExtents)
        if (mask.programIndexed && mask.tileParams.size() == 1 && mask.tileParams.front() == tile) programIndexed = true;
      if (programIndexed && tiles.size() > 1) continue;
      roles.tileDim[tile] = dims.front();
      roles.loopTiles.insert(tile);
      if (!splits.empty()) roles.splitOf[tile] = splits.front();
    }
  }
  // Mapped tiles that neither step a loop nor start at a program's offset.
  for (const auto &[tile, dim] : roles.tileDim) {
    if (roles.loopTiles.count(tile)) continue;
    bool programIndexed = false;
    for (const MaskExtent &mask : kernel.maskExtents)
      if (mask.programIndexed && std::find(mask.tileParams.begin(), mask.tileParams.end(), tile) != mask.tileParams.end())
        programIndexed = true;
    if (!programIndexed && kernel.dots.empty()) roles.wholeTiles.insert(tile);
  }
  roles.hasDot = !kernel.dots.empty();
  for (const DotSite &dot : kernel.dots) {
    if (dot.a.size() != 2 || dot.b.size() != 2) continue;
    if (roles.dotM.empty()) roles.dotM = soleParam(dot.a[0]);
    if (roles.dotN.empty()) roles.dotN = soleParam(dot.b[1]);
    if (roles.dotK.empty()) roles.dotK = soleParam(dot.a[1]);
  }
  for (const MemoryAccess &access : kernel.accesses)
    (access.kind == AccessKind::Load ? roles.loads : roles.stores) += 1;
  for (const Loop &loop : kernel.loops)
    if (!loop.isStaticRange && std::any_of(loop.boundParams.begin(), loop.boundParams.end(),
                                           [&](const std::string &n) { return roles.loopTiles.count(n) != 0; }))
      roles.loopHasLoads = true;
  return roles;
}

std::vector<std::string> batchDimensions(const KernelRoles &roles, const Shape &shape) {
  std::vector<std::string> batch;
  for (const std::string &name : roles.shapeArguments) {
    if (!shape.count(name)) continue;
    const bool tiled = std::any_of(roles.tileDim.begin(), roles.tileDim.end(),
                                   [&](const auto &entry) { return entry.second == name; });
    if (!tiled) batch.push_back(name);
  }
  return batch;
}

ConfigWork configWorkOf(const Kernel &kernel, const KernelRoles &roles, const Config &config,
                        const resources::KernelDescription *description, double dtypeBytes) {
  ConfigWork work;
  std::map<std::string, std::string> dimOfTile;
  for (const auto &[tile, dim] : roles.tileDim) {
    const std::optional<int64_t> value = intParam(config, tile);
    if (!value || *value <= 0) continue;
    TileUse use{dim, *value, 1, "", roles.loopTiles.count(tile) != 0, roles.wholeTiles.count(tile) != 0};
    if (auto s = roles.splitOf.find(tile); s != roles.splitOf.end())
      if (std::optional<int64_t> v = intParam(config, s->second); v && *v > 0) {
        use.split = *v;
        use.splitParam = s->second;
      }
    work.tiles.push_back(use);
    dimOfTile[tile] = dim;
  }
  auto extentOf = [&](const TileDim *dim, double tile) {
    if (dim)
      if (auto found = dimOfTile.find(soleParam(*dim)); found != dimOfTile.end()) return Extent{found->second, tile};
    return Extent{"", tile};
  };

  if (description && !description->dots.empty()) {
    work.hasDot = true;
    const bool aligned = description->dots.size() == kernel.dots.size();
    for (size_t i = 0; i < description->dots.size(); ++i) {
      const resources::DotDescription &dot = description->dots[i];
      const DotSite *site = aligned ? &kernel.dots[i] : nullptr;
      const bool shaped = site && site->a.size() == 2 && site->b.size() == 2;
      const double m = static_cast<double>(dot.m), n = static_cast<double>(dot.n), k = static_cast<double>(dot.k);
      const double bytes = resources::elementBits(dot.input) / 8.0;
      (dot.inLoop ? work.flopsPerTrip : work.flopsOnce) += 2 * m * n * k;
      auto operand = [&](resources::OperandSource source, const TileDim *d0, const TileDim *d1, double n0, double n1) {
        if (source == resources::OperandSource::PreviousDot) return;
        const bool perTrip = dot.inLoop && (source == resources::OperandSource::PipelinedLoad ||
                                            source == resources::OperandSource::TransformedLoad);
        work.traffic.push_back({extentOf(d0, n0), extentOf(d1, n1), bytes, perTrip, false});
      };
      operand(dot.a.source, shaped ? &site->a[0] : nullptr, shaped ? &site->a[1] : nullptr, m, k);
      operand(dot.b.source, shaped ? &site->b[0] : nullptr, shaped ? &site->b[1] : nullptr, k, n);
      if (work.dotM == 0 && dot.carried) {
        work.dotM = m;
        work.dotN = n;
      }
    }
    if (work.dotM == 0) {
      work.dotM = static_cast<double>(description->dots.front().m);
      work.dotN = static_cast<double>(description->dots.front().n);
    }
    // The result tile, stored once (16-bit at least: fp8 GEMMs store bf16),
    // over the rows of the first dot's A and the columns of the last's B.
    const TileDim *rows = nullptr, *cols = nullptr;
    for (const DotSite &site : kernel.dots)
      if (site.a.size() == 2 && site.b.size() == 2) {
        if (!rows) rows = &site.a[0];
        cols = &site.b[1];
      }
    // A split's programs add their partial results with atomics (the arm
    // the config compiles): fp32 adds of the accumulator, one per split.
    const bool atomicResult = std::any_of(kernel.accesses.begin(), kernel.accesses.end(), [&](const MemoryAccess &a) {
      return a.kind == AccessKind::Atomic && a.atomicOp == "add" && guardsHold(a.guards, config, kernel);
    });
    work.traffic.push_back({extentOf(rows, work.dotM), extentOf(cols, work.dotN),
                            atomicResult ? 4.0 : std::max(2.0, dtypeBytes), false, true, atomicResult});
    work.pipelinedLoop = work.flopsPerTrip > 0;
    return work;
  }

  // No dot: each access moves one tile of the program per trip.
  double tileElements = 1;
  std::set<std::string> counted;
  for (const MaskExtent &mask : kernel.maskExtents)
    for (const std::string &tile : mask.tileParams)
      if (counted.insert(tile).second)
        if (std::optional<int64_t> value = intParam(config, tile)) tileElements *= static_cast<double>(*value);
  work.pipelinedLoop = roles.loopHasLoads;
  work.tileBytes = tileElements * dtypeBytes;
  work.loads = std::max(1, roles.loads);
  work.accesses = std::max(1, roles.loads + roles.stores);
  const int numWarps = config.numWarps && config.numWarps->isInt() ? static_cast<int>(config.numWarps->asInt())
                                                                   : kDefaultNumWarps;
  work.bytesPerThreadAccess = tileElements / (numWarps * 32.0) * dtypeBytes;
  return work;
}

ProgramWork workOn(const ConfigWork &config, const KernelRoles &roles, const Shape &shape) {
  ProgramWork work;
  work.grouped = roles.grouped;
  double batch = 1;
  for (const std::string &name : batchDimensions(roles, shape)) batch *= static_cast<double>(shape.at(name));
  double programs = batch, iterations = 1, padding = 1, splitPrograms = 1;
  std::set<std::string> splits;
  std::map<std::string, double> extents, inside; // each dimension's extent, and the fraction of its tiles inside it
  for (const TileUse &use : config.tiles) {
    auto extent = shape.find(use.dim);
    if (extent == shape.end()) continue;
    if (!use.splitParam.empty() && splits.insert(use.splitParam).second) {
      programs *= static_cast<double>(use.split);
      splitPrograms *= static_cast<double>(use.split);
    }
    const int64_t padded = paddedExtent(extent->second, use.tile, use.split);
    const double fraction = static_cast<double>(extent->second) / static_cast<double>(std::max<int64_t>(1, padded));
    padding *= fraction;
    extents[use.dim] = static_cast<double>(extent->second);
    inside[use.dim] = fraction;
    const double tiles = static_cast<double>(padded / (use.tile * use.split));
    if (use.loop) iterations *= tiles;
    else if (!use.whole) programs *= tiles;
  }
  auto elements = [&](const Extent &extent) {
    auto found = extents.find(extent.dim);
    return extent.dim.empty() || found == extents.end() ? extent.elements : found->second;
  };
  auto fractionInside = [&](const Extent &extent) {
    auto found = inside.find(extent.dim);
    return extent.dim.empty() || found == inside.end() ? 1.0 : found->second;
  };
  work.programs = programs;
  work.iterations = iterations;
  work.paddingFraction = padding;
  work.pipelinedLoop = config.pipelinedLoop;
  work.flopsPerProgram = iterations * config.flopsPerTrip + config.flopsOnce;
  work.usefulFlops = programs * work.flopsPerProgram * padding;
  work.dotM = config.dotM;
  work.dotN = config.dotN;
  work.bytesPerThreadAccess = config.bytesPerThreadAccess;
  if (config.hasDot) {
    double perTrip = 0, once = 0;
    for (const TileTraffic &tile : config.traffic) {
      const double moved = tile.rows.elements * tile.cols.elements * tile.bytes * fractionInside(tile.rows) *
                           fractionInside(tile.cols);
      (tile.perTrip ? perTrip : once) += moved;
      const double distinct = elements(tile.rows) * elements(tile.cols) * tile.bytes * batch;
      if (!tile.result) work.footprintBytes += distinct;
      work.uniqueBytes += distinct;
      if (tile.atomic) work.atomicBytes += distinct * splitPrograms;
    }
    work.l2BytesPerProgram = iterations * perTrip + once;
    work.bytesPerIteration = perTrip > 0 ? perTrip : once;
  } else {
    work.l2BytesPerProgram = iterations * config.accesses * config.tileBytes * padding;
    work.bytesPerIteration = config.loads * config.tileBytes * padding;
    work.uniqueBytes = programs * work.l2BytesPerProgram;
  }
  work.usefulBytes = work.uniqueBytes;
  return work;
}

} // namespace btlint::tune
