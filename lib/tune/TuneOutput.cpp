// btlint tune's output: the markdown and JSON forms, the decorator with its
// perf_model (plain Python repeating workOn and scoreWork with the same
// constants), and the benchmark code.
#include "tune/Tune.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace btlint::tune {
namespace {

std::string number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}
// Fifteen digits, for the Python tables: what a double carries of a decimal.
std::string exact(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.15g", value);
  return buffer;
}
std::string fixed(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  return buffer;
}

std::string valueText(const ScalarValue &value) { return value.isString() ? value.asString() : value.str(); }

std::string param(const Candidate &c, const std::string &name) {
  auto found = c.config.params.find(name);
  return found == c.config.params.end() ? std::string("-") : valueText(found->second);
}

int warpsOf(const Candidate &c) { return c.resources.numWarps; }
int stagesOf(const Candidate &c) { return c.resources.numStages; }

std::string configText(const TuneResult &result, const Candidate &c) {
  std::string text;
  for (const std::string &name : result.params) text += (text.empty() ? "" : " ") + name + "=" + param(c, name);
  text += " num_warps=" + std::to_string(warpsOf(c)) + " num_stages=" + std::to_string(stagesOf(c));
  return text;
}

std::string pythonValue(const ScalarValue &value) {
  if (value.isBool()) return value.asBool() ? "True" : "False";
  if (value.isString()) return "'" + value.asString() + "'";
  return value.str();
}

std::string tritonConfig(const TuneResult &result, const Candidate &c) {
  std::string text = "triton.Config({";
  bool first = true;
  for (const std::string &name : result.params) {
    auto found = c.config.params.find(name);
    if (found == c.config.params.end()) continue;
    text += (first ? "" : ", ") + ("'" + name + "': " + pythonValue(found->second));
    first = false;
  }
  text += "}, num_warps=" + std::to_string(warpsOf(c)) + ", num_stages=" + std::to_string(stagesOf(c)) + ")";
  return text;
}

const ArchInfo &archOf(const TuneResult &result) { return *findArch(result.arch); }

size_t keptCount(const TuneResult &result) {
  return static_cast<size_t>(std::count_if(result.candidates.begin(), result.candidates.end(),
                                           [](const Candidate &c) { return !c.eliminated(); }));
}

// The best and the next best of one shape (positions in candidates).
std::pair<const Candidate *, const Candidate *> bestTwo(const TuneResult &result, size_t shape) {
  const Candidate *best = nullptr, *next = nullptr;
  for (const Candidate &c : result.candidates) {
    if (c.eliminated()) continue;
    if (c.shapes[shape].rank == 1) best = &c;
    if (c.shapes[shape].rank == 2) next = &c;
  }
  return {best, next};
}

std::string mmaName(MmaKind kind) {
  switch (kind) {
  case MmaKind::Wgmma: return "wgmma";
  case MmaKind::MmaSync: return "mma_sync";
  case MmaKind::Other: return "other";
  case MmaKind::None: return "none";
  }
  return "none";
}

double spillFactorOf(const Candidate &c) {
  const ScoreConstants &k = scoreConstants();
  return c.resources.spill == SpillRisk::Confident  ? k.spillConfidentFactor
         : c.resources.spill == SpillRisk::Possible ? k.spillPossibleFactor
                                                    : 1.0;
}

std::string extentPython(const Extent &extent) {
  return "('" + extent.dim + "', " + exact(extent.elements) + ")";
}

// One config's ConfigWork and resources as a Python dict.
std::string workPython(const Candidate &c) {
  const ConfigWork &w = c.work;
  std::string tiles;
  for (const TileUse &t : w.tiles)
    tiles += "('" + t.dim + "', " + std::to_string(t.tile) + ", " + std::to_string(t.split) + ", '" + t.splitParam +
             "', " + (t.loop ? "True" : "False") + ", " + (t.whole ? "True" : "False") + "), ";
  std::string traffic;
  for (const TileTraffic &t : w.traffic)
    traffic += "(" + extentPython(t.rows) + ", " + extentPython(t.cols) + ", " + exact(t.bytes) + ", " +
               (t.perTrip ? "True" : "False") + ", " + (t.result ? "True" : "False") + ", " +
               (t.atomic ? "True" : "False") + "), ";
  return "dict(tiles=[" + tiles + "], has_dot=" + (w.hasDot ? "True" : "False") +
         ", pipelined=" + (w.pipelinedLoop ? "True" : "False") + ", flops_trip=" + exact(w.flopsPerTrip) +
         ", flops_once=" + exact(w.flopsOnce) + ", traffic=[" + traffic + "], dot_m=" + exact(w.dotM) +
         ", dot_n=" + exact(w.dotN) + ", tile_bytes=" + exact(w.tileBytes) + ", loads=" + std::to_string(w.loads) +
         ", accesses=" + std::to_string(w.accesses) +
         ", thread_bytes=" + exact(w.bytesPerThreadAccess) + ", blocks=" + std::to_string(std::max<int64_t>(1, c.resources.blocksPerSm)) +
         ", warps=" + std::to_string(c.resources.numWarps) + ", stages=" + std::to_string(c.resources.numStages) +
         ", mma='" + mmaName(c.resources.mma) + "', spill=" + exact(spillFactorOf(c)) + ")";
}

// workOn and scoreWork in Python (TuneWork.cpp, TuneScore.cpp): keep the
// three in step; test/e2e/tune.sh runs this code against the JSON's times.
constexpr const char *kScorePython = R"PY(
def _btlint_score_us(work, shape):
    """btlint's static score of one config on one shape: predicted microseconds (docs/tune.md)."""
    import math
    c = _BTLINT_CONSTANTS
    batch = 1.0
    for name in _BTLINT_BATCH:
        batch *= shape[name]
    programs, iterations, padding, split_programs = batch, 1.0, 1.0, 1.0
    splits, extents, inside = set(), {}, {}
    for dim, tile, split, split_param, loop, whole in work['tiles']:
        if dim not in shape:
            continue
        if split_param and split_param not in splits:
            splits.add(split_param)
            programs *= split
            split_programs *= split
        step = max(1, tile) * max(1, split)
        padded = (max(shape[dim], 0) + step - 1) // step * step
        fraction = shape[dim] / max(1, padded)
        padding *= fraction
        extents[dim] = float(shape[dim])
        inside[dim] = fraction
        count = float(padded // (tile * split))
        if loop:
            iterations *= count
        elif not whole:
            programs *= count
    def elements(extent):
        dim, fixed = extent
        return extents.get(dim, fixed) if dim else fixed
    def fraction_inside(extent):
        dim = extent[0]
        return inside.get(dim, 1.0) if dim else 1.0
    flops = iterations * work['flops_trip'] + work['flops_once']
    footprint, unique, atomic_bytes = 0.0, 0.0, 0.0
    if work['has_dot']:
        per_trip, once = 0.0, 0.0
        for rows, cols, size, moves_per_trip, result, atomic in work['traffic']:
            moved = rows[1] * cols[1] * size * fraction_inside(rows) * fraction_inside(cols)
            if moves_per_trip:
                per_trip += moved
            else:
                once += moved
            distinct = elements(rows) * elements(cols) * size * batch
            if not result:
                footprint += distinct
            unique += distinct
            if atomic:
                atomic_bytes += distinct * split_programs
        l2 = iterations * per_trip + once
        trip_bytes = per_trip if per_trip > 0 else once
    else:
        l2 = iterations * work['accesses'] * work['tile_bytes'] * padding
        trip_bytes = work['loads'] * work['tile_bytes'] * padding
        unique = programs * l2
    sms = _BTLINT_SM_COUNT
    peak, bandwidth = _BTLINT_PEAK_FLOPS, _BTLINT_DRAM_BYTES_PER_S
    blocks = float(max(1, work['blocks']))
    programs = max(1.0, programs)
    busiest = math.ceil(programs / sms)
    compute = 0.0
    if flops > 0:
        path = {'wgmma': c['wgmma'], 'mma_sync': c['mma_sync']}.get(work['mma'], c['other_mma'])
        m, n, warps = work['dot_m'], work['dot_n'], work['warps']
        shape_eff = 1.0
        if work['mma'] != 'none' and m > 0 and n > 0:
            if work['mma'] == 'wgmma':
                groups = float(max(1, warps // 4))
                along_m = min(groups, max(1.0, m / 64))
                shape_eff = min(1.0, (n / (groups / along_m)) / c['wgmma_n_full']) ** c['wgmma_n_exponent']
            else:
                shape_eff = min(1.0, (m * n / max(1, warps)) / c['warp_tile_full']) ** c['warp_tile_exponent']
        compute = busiest * flops / (peak / sms * path * shape_eff) * 1e6
    l2_us = busiest * l2 / (bandwidth * c['l2_feed_per_dram'] / sms) * 1e6
    dram = unique
    traffic = programs * l2
    if _BTLINT_L2_BYTES > 0 and footprint > _BTLINT_L2_BYTES / 2.0 and traffic > unique:
        dram += (traffic - unique) * (c['l2_miss_grouped'] if _BTLINT_GROUPED else c['l2_miss_row_major'])
    active = min(programs, float(sms))
    resident = min(blocks, math.ceil(programs / active))
    stages_in_flight = 1.0
    if work['pipelined']:
        stages_in_flight = max(1.0, min(float(work['stages']), iterations + 1) - 1)
    in_flight = resident * trip_bytes * stages_in_flight
    per_sm = min(bandwidth / sms * c['sm_bandwidth_share'], in_flight / (c['dram_latency_us'] * 1e-6))
    width = work['thread_bytes']
    access = 1.0
    if 0 < width < c['vector_bytes']:
        access = (width / c['vector_bytes']) ** c['vector_exponent']
    elif width > c['register_bytes']:
        access = (c['register_bytes'] / width) ** c['register_exponent']
    rate = max(1.0, min(bandwidth * c['dram_efficiency'] * access, active * per_sm))
    dram_us = dram / rate * 1e6
    latency = 0.0
    if work['pipelined']:
        stage_us = c['dram_latency_us'] + trip_bytes / (bandwidth * c['l2_feed_per_dram'] / sms) * 1e6
        latency = math.ceil(busiest / blocks) * iterations * stage_us / stages_in_flight
    fill = math.ceil(programs / (sms * blocks)) * c['dram_latency_us']
    trips = busiest * iterations * c['trip_floor_us'] if work['pipelined'] else 0.0
    p = c['overlap_exponent']
    atomic_us = atomic_bytes / (c['atomic_add_gbs'] * 1e9) * 1e6
    bound = sum(t ** p for t in (compute, l2_us, dram_us, trips, latency, atomic_us)) ** (1.0 / p) / c['overlap_scale']
    return bound * work['spill'] + trips * c['trip_exposed'] + fill + c['launch_us']
)PY";

std::string constantsPython() {
  const ScoreConstants &k = scoreConstants();
  return "_BTLINT_CONSTANTS = dict(wgmma=" + exact(k.wgmmaEfficiency) + ", mma_sync=" + exact(k.mmaSyncEfficiency) +
         ", other_mma=" + exact(k.otherMmaEfficiency) + ", wgmma_n_full=" + exact(k.wgmmaNFull) +
         ", wgmma_n_exponent=" + exact(k.wgmmaNExponent) + ",\n                         warp_tile_full=" +
         exact(k.warpTileFull) + ", warp_tile_exponent=" + exact(k.warpTileExponent) +
         ", l2_feed_per_dram=" + exact(k.l2FeedPerDram) + ", dram_efficiency=" + exact(k.dramEfficiency) +
         ",\n                         vector_bytes=" + exact(k.vectorBytes) + ", vector_exponent=" +
         exact(k.vectorExponent) + ", register_bytes=" + exact(k.registerBytes) +
         ", register_exponent=" + exact(k.registerExponent) + ",\n                         dram_latency_us=" +
         exact(k.dramLatencyUs) + ", sm_bandwidth_share=" + exact(k.smBandwidthShare) +
         ", l2_miss_grouped=" + exact(k.l2MissGrouped) + ", l2_miss_row_major=" + exact(k.l2MissRowMajor) +
         ", launch_us=" + exact(k.launchUs) +
         ", trip_floor_us=" + exact(k.tripFloorUs) +
         ", trip_exposed=" + exact(k.tripExposed) + ",\n                         overlap_exponent=" + exact(k.overlapExponent) +
         ", overlap_scale=" + exact(k.overlapScale) + ", atomic_add_gbs=" + exact(k.atomicAddGBs) + ")\n";
}

std::string quotedList(const std::vector<std::string> &names) {
  std::string text = "[";
  for (size_t i = 0; i < names.size(); ++i) text += (i ? ", '" : "'") + names[i] + "'";
  return text + "]";
}

std::vector<std::string> batchNames(const TuneResult &result) {
  return result.shapes.empty() ? std::vector<std::string>() : batchDimensions(result.roles, result.shapes.front());
}

} // namespace

std::string decoratorText(const TuneResult &result) {
  const ArchInfo &arch = archOf(result);
  std::string text;
  text += "# `btlint tune` for `" + result.kernel + "` on " + arch.name + " (" + arch.productName + "), " +
          result.dtype + "; shapes:";
  for (const Shape &shape : result.shapes) text += " " + shapeText(shape);
  text += "\n# The static score and its terms: docs/tune.md. No btlint is needed at run time.\n";
  text += "import triton\n\n";
  // The configs, each with its reason, and the table the perf_model reads.
  text += "_BTLINT_PARAMS = " + quotedList(result.params) + "\n";
  text += "_BTLINT_CONFIGS = [\n";
  for (size_t i = 0; i < result.chosen.size(); ++i)
    text += "    " + tritonConfig(result, result.candidates[result.chosen[i]]) + ",  # " + result.reasons[i] + "\n";
  text += "]\n";
  text += "_BTLINT_WORK = {\n";
  for (size_t position : result.chosen) {
    const Candidate &c = result.candidates[position];
    std::string key = "(";
    // A config that leaves a parameter out runs with the kernel's default,
    // which the autotuner does not pass: the perf_model sees None.
    for (const std::string &name : result.params) {
      auto found = c.config.params.find(name);
      key += (found == c.config.params.end() ? std::string("None") : pythonValue(found->second)) + ", ";
    }
    key += std::to_string(warpsOf(c)) + ", " + std::to_string(stagesOf(c)) + ")";
    text += "    " + key + ": " + workPython(c) + ",\n";
  }
  text += "}\n";
  text += "_BTLINT_SM_COUNT = " + std::to_string(arch.smCount) + "\n";
  text += "_BTLINT_PEAK_FLOPS = " + exact(result.peakTflops * 1e12) + "  # " + result.dtype + " dense, " +
          arch.productName + "\n";
  text += "_BTLINT_DRAM_BYTES_PER_S = " + exact(arch.memoryBandwidthGBs * 1e9) + "\n";
  text += "_BTLINT_L2_BYTES = " + std::to_string(arch.l2Bytes) + "\n";
  text += "_BTLINT_GROUPED = " + std::string(result.roles.grouped ? "True" : "False") + "\n";
  text += "_BTLINT_BATCH = " + quotedList(batchNames(result)) + "\n";
  text += constantsPython();
  text += kScorePython;
  text += R"PY(

def _btlint_perf_model(**kwargs):
    """perf_model for prune_configs_by: the predicted time (ms) of the config on these arguments."""
    key = tuple(kwargs.get(name) for name in _BTLINT_PARAMS) + (kwargs.get('num_warps', 4), kwargs.get('num_stages', 3))
    work = _BTLINT_WORK.get(key)
    if work is None:
        return float('inf')
    return _btlint_score_us(work, kwargs) / 1000.0

)PY";
  std::vector<std::string> key = result.key;
  text += "@triton.autotune(\n    configs=_BTLINT_CONFIGS,\n    key=" + quotedList(key) + ",\n";
  text += "    prune_configs_by={'perf_model': _btlint_perf_model, 'top_k': " + std::to_string(result.topK) + "},\n)\n";
  text += "@triton.jit\ndef " + result.kernel + "(...):  # the kernel as it is\n    ...\n";
  return text;
}

std::string benchmarkText(const TuneResult &result) {
  const ArchInfo &arch = archOf(result);
  const bool dots = result.roles.hasDot;
  std::string text;
  text += "# Time the justified configs of `" + result.kernel + "` on each shape; compare with btlint's ranking.\n";
  text += "# `launch(shape, config)` must return a callable that runs " + result.kernel +
          ".fn (the jitted function under\n# the autotuner) once with the config's values on tensors of the shape.\n";
  text += "from triton.testing import do_bench\n\n";
  text += "PEAK = " + number(dots ? result.peakTflops : arch.memoryBandwidthGBs) + "  # " +
          (dots ? "TFLOP/s, " + result.dtype + " dense" : std::string("GB/s")) + ", " + arch.productName + "\n";
  text += "SHAPES = [  # (shape, useful " + std::string(dots ? "flops" : "bytes") + ")\n";
  for (size_t s = 0; s < result.shapes.size(); ++s) {
    double amount = 0;
    for (const Candidate &c : result.candidates)
      if (!c.eliminated()) {
        amount = dots ? c.shapes[s].work.usefulFlops : c.shapes[s].work.usefulBytes;
        break;
      }
    text += "    (dict(";
    bool first = true;
    for (const auto &[name, value] : result.shapes[s]) {
      text += (first ? "" : ", ") + name + "=" + std::to_string(value);
      first = false;
    }
    text += "), " + exact(amount) + "),\n";
  }
  text += "]\n";
  text += "CONFIGS = [\n";
  for (size_t position : result.chosen) {
    const Candidate &c = result.candidates[position];
    text += "    (dict(";
    bool first = true;
    for (const std::string &name : result.params) {
      auto found = c.config.params.find(name);
      if (found == c.config.params.end()) continue;
      text += (first ? "" : ", ") + name + "=" + pythonValue(found->second);
      first = false;
    }
    text += "), " + std::to_string(warpsOf(c)) + ", " + std::to_string(stagesOf(c)) + "),\n";
  }
  text += "]\n\n";
  text += std::string(R"PY(
def benchmark(launch):
    for shape, amount in SHAPES:
        timed = []
        for params, num_warps, num_stages in CONFIGS:
            config = dict(params, num_warps=num_warps, num_stages=num_stages)
            ms = do_bench(launch(shape, config), warmup=25, rep=100)
            timed.append((ms, config))
        timed.sort(key=lambda entry: entry[0])
        for ms, config in timed:
            rate = amount / (ms * 1e-3) / )PY") +
          (dots ? "1e12" : "1e9") + R"PY(
            print(f"{shape} {config}: {ms * 1e3:.1f} us, {rate:.1f} )PY" +
          (dots ? "TFLOP/s" : "GB/s") + R"PY( ({100 * rate / PEAK:.1f}% of peak)")
        if len(timed) > 1:
            print(f"{shape}: the winner is {100 * (timed[1][0] / timed[0][0] - 1):.1f}% ahead of the next best")
)PY";
  return text;
}

void writeMarkdown(llvm::raw_ostream &out, const TuneResult &result) {
  const ArchInfo &arch = archOf(result);
  const size_t kept = keptCount(result);
  out << "## `btlint tune` `" << result.kernel << "` (" << result.path << ":" << result.line << ") on " << arch.name
      << "\n\n";
  out << "- arch: " << arch.name << " (" << arch.productName << ", " << arch.smCount << " SMs), " << result.dtype
      << " peak " << number(result.peakTflops) << " TFLOP/s, DRAM " << number(arch.memoryBandwidthGBs)
      << " GB/s, ridge point " << fixed(result.peakTflops * 1e3 / arch.memoryBandwidthGBs, 1) << " flop/byte\n";
  out << "- dtype: " << result.dtype << (result.dtypeSource.empty() ? "" : " (" + result.dtypeSource + ")") << "\n";
  if (result.space == Space::List)
    out << "- space: the kernel's list, " << result.candidates.size() << " configs: " << kept << " kept, "
        << result.candidates.size() - kept << " eliminated\n";
  else {
    size_t leftOut = 0;
    std::string byRule;
    for (const auto &[rule, count] : result.leftOutByRule) {
      leftOut += count;
      byRule += (byRule.empty() ? "" : ", ") + std::to_string(count) + " by " + rule;
    }
    out << "- space: generated, " << result.generatedCombinations << " combinations; " << leftOut
        << " left out" << (byRule.empty() ? "" : " (" + byRule + ")") << "; " << result.candidates.size()
        << " candidates: " << kept << " kept, " << result.candidates.size() - kept << " eliminated\n";
  }
  out << "- shapes:";
  for (const Shape &shape : result.shapes) out << " `" << shapeText(shape) << "`";
  out << "\n- top k: " << result.topK << " (10% of the kept, at least 1); the decorator keeps each shape's best "
      << result.perShape << "\n";
  for (const std::string &note : result.notes) out << "- note: " << note << "\n";

  out << "\n### Candidates, ranked\n\n| rank | #";
  for (const std::string &name : result.params) out << " | " << name;
  out << " | num_warps | num_stages | smem (bytes) | regs | fits | blocks/SM";
  for (size_t s = 0; s < result.shapes.size(); ++s) out << " | µs (rank) " << shapeText(result.shapes[s]);
  out << " | vs best |\n|---|---";
  for (size_t i = 0; i < result.params.size() + 6 + result.shapes.size() + 1; ++i) out << "|---";
  out << "|\n";
  constexpr size_t kShown = 24;
  size_t shown = 0;
  for (const Candidate &c : result.candidates) {
    if (c.eliminated()) continue;
    if (shown++ == kShown) break;
    const report::ArchVerdict &v = c.row.archs.at(result.arch);
    out << "| " << c.rank << " | " << c.number;
    for (const std::string &name : result.params) out << " | " << param(c, name);
    out << " | " << warpsOf(c) << " | " << stagesOf(c) << " | "
        << (v.estimated ? (v.smemMin == v.smemMax ? std::to_string(v.smemMax)
                                                  : std::to_string(v.smemMin) + "-" + std::to_string(v.smemMax))
                        : "?")
        << " | " << (v.registersPerThread ? std::to_string(*v.registersPerThread) : "?") << " | " << v.fit << " | "
        << (v.blocksPerSm ? std::to_string(*v.blocksPerSm) : "?");
    for (const ShapeScore &s : c.shapes) out << " | " << fixed(s.terms.timeUs, 1) << " (" << s.rank << ")";
    out << " | +" << fixed((c.relative - 1) * 100, 1) << "% |\n";
  }
  if (kept > kShown) out << "\n" << kept - kShown << " more kept configs rank lower (the JSON form lists all).\n";

  out << "\n### Per shape: the winner and its margin\n\n"
         "| shape | intensity (flop/byte) | bound | programs | waves | best | predicted µs | next best | margin |\n"
         "|---|---|---|---|---|---|---|---|---|\n";
  for (size_t s = 0; s < result.shapes.size(); ++s) {
    auto [best, next] = bestTwo(result, s);
    if (!best) continue;
    const ShapeScore &b = best->shapes[s];
    out << "| `" << shapeText(result.shapes[s]) << "` | " << fixed(b.terms.intensity, 1) << " | " << b.terms.bound
        << " | " << number(b.work.programs) << " | " << fixed(b.terms.waves, 2) << " | #" << best->number << " | "
        << fixed(b.terms.timeUs, 1) << " | " << (next ? "#" + std::to_string(next->number) : std::string("-"))
        << " | "
        << (next ? "+" + fixed((next->shapes[s].terms.timeUs / b.terms.timeUs - 1) * 100, 1) + "%"
                 : std::string("-"))
        << " |\n";
  }

  size_t eliminated = result.candidates.size() - kept;
  if (eliminated > 0) {
    out << "\n### Eliminated\n\n| # | config | rule | why |\n|---|---|---|---|\n";
    for (const Candidate &c : result.candidates)
      if (c.eliminated())
        for (const report::Elimination &e : c.eliminatedBy)
          out << "| " << c.number << " | " << configText(result, c) << " | `" << e.reason << "` | " << e.message
              << " |\n";
  }

  out << "\n### Key\n\n";
  out << "The key must hold " << (result.key.empty() ? std::string("no shape argument") : "`" + llvm::join(result.key, "`, `") + "`")
      << " (the analysis of `autotune-key-missing-dim`)";
  if (!result.existingKey.empty()) out << "; the kernel's key is `" << llvm::join(result.existingKey, "`, `") << "`";
  out << ".\n";
  for (const std::string &reason : result.keyReasons) out << "- " << reason << "\n";

  out << "\n### Decorator\n\n```python\n" << decoratorText(result) << "```\n";
  out << "\n### Benchmark\n\n```python\n" << benchmarkText(result) << "```\n";
}

void writeJson(llvm::raw_ostream &out, const TuneResult &result) {
  const ArchInfo &arch = archOf(result);
  llvm::json::Object root;
  root["kernel"] = result.kernel;
  root["path"] = result.path;
  root["line"] = static_cast<int64_t>(result.line);
  root["arch"] = arch.name;
  root["product"] = arch.productName;
  root["dtype"] = result.dtype;
  root["peak_tflops"] = result.peakTflops;
  root["memory_bandwidth_gbs"] = arch.memoryBandwidthGBs;
  root["space"] = result.space == Space::List ? "list" : "generated";
  if (result.space == Space::Generated) {
    root["generated_combinations"] = static_cast<int64_t>(result.generatedCombinations);
    llvm::json::Object leftOut;
    for (const auto &[rule, count] : result.leftOutByRule) leftOut[rule] = static_cast<int64_t>(count);
    root["left_out_by_rule"] = std::move(leftOut);
  }
  llvm::json::Array shapes;
  for (const Shape &shape : result.shapes) {
    llvm::json::Object object;
    for (const auto &[name, value] : shape) object[name] = value;
    shapes.push_back(std::move(object));
  }
  root["shapes"] = std::move(shapes);
  root["params"] = llvm::json::Array(result.params);
  root["top_k"] = static_cast<int64_t>(result.topK);
  root["per_shape"] = static_cast<int64_t>(result.perShape);

  llvm::json::Array chosen;
  for (size_t i = 0; i < result.chosen.size(); ++i)
    chosen.push_back(llvm::json::Object{{"number", static_cast<int64_t>(result.candidates[result.chosen[i]].number)},
                                        {"reason", result.reasons[i]}});
  root["chosen"] = std::move(chosen);
  root["key"] = llvm::json::Array(result.key);
  root["existing_key"] = llvm::json::Array(result.existingKey);
  root["notes"] = llvm::json::Array(result.notes);
  root["decorator"] = decoratorText(result);
  root["benchmark"] = benchmarkText(result);
  // The candidates are most of the output (a generated space holds
  // thousands, each with a score per shape): streamed, not built as one
  // value. Keys in sorted order, as a json::Object prints them.
  llvm::json::OStream json(out, 2);
  // Scores in the shortest text that reads back as the same double (printf's
  // %.17g, what json::Value prints, was most of the time on large spaces).
  auto number = [&](llvm::StringRef key, double value) {
    if (!std::isfinite(value)) {
      json.attribute(key, nullptr);
      return;
    }
    char text[32];
    auto [end, error] = std::to_chars(text, text + sizeof text, value);
    json.attributeBegin(key);
    json.rawValue(error == std::errc() ? llvm::StringRef(text, end - text) : llvm::StringRef("null"));
    json.attributeEnd();
  };
  auto writeCandidate = [&](const Candidate &c) {
    const report::ArchVerdict &v = c.row.archs.at(result.arch);
    json.object([&] {
      if (v.blocksPerSm) json.attribute("blocks_per_sm", *v.blocksPerSm);
      json.attributeArray("eliminated_by", [&] {
        for (const report::Elimination &e : c.eliminatedBy)
          json.object([&] {
            json.attribute("message", e.message);
            json.attribute("rule", e.reason);
          });
      });
      json.attribute("fit", v.fit);
      json.attribute("mma", mmaName(c.resources.mma));
      json.attribute("num_stages", stagesOf(c));
      json.attribute("num_warps", warpsOf(c));
      json.attribute("number", static_cast<int64_t>(c.number));
      json.attributeObject("params", [&] {
        std::vector<std::string> names(result.params.begin(), result.params.end());
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        for (const std::string &name : names)
          if (auto found = c.config.params.find(name); found != c.config.params.end() && found->second.isInt())
            json.attribute(name, found->second.asInt());
      });
      json.attribute("rank", c.rank ? llvm::json::Value(static_cast<int64_t>(c.rank)) : llvm::json::Value(nullptr));
      if (v.registersPerThread) json.attribute("registers", *v.registersPerThread);
      if (!c.eliminated()) {
        number("relative", c.relative);
        json.attributeArray("scores", [&] {
          for (const ShapeScore &score : c.shapes)
            json.object([&] {
              number("achieved_gbs", score.terms.achievedBandwidth);
              number("atomic_us", score.terms.atomicUs);
              json.attribute("bound", score.terms.bound);
              number("compute_us", score.terms.computeUs);
              number("dram_us", score.terms.dramUs);
              number("fill_us", score.terms.fillUs);
              number("iterations", score.work.iterations);
              number("l2_us", score.terms.l2Us);
              number("latency_us", score.terms.latencyUs);
              number("mma_efficiency", score.terms.mmaEfficiency);
              number("padding", score.work.paddingFraction);
              number("programs", score.work.programs);
              json.attribute("rank", static_cast<int64_t>(score.rank));
              number("spill_factor", score.terms.spillFactor);
              number("time_us", score.terms.timeUs);
              number("trips_us", score.terms.tripsUs);
              number("waves", score.terms.waves);
            });
        });
      }
      if (v.estimated) {
        json.attribute("smem_max", v.smemMax);
        json.attribute("smem_min", v.smemMin);
      }
    });
  };
  std::vector<std::string> keys;
  for (const auto &[key, value] : root) keys.push_back(key.str());
  keys.push_back("candidates");
  std::sort(keys.begin(), keys.end());
  json.object([&] {
    for (const std::string &key : keys) {
      if (key == "candidates") {
        json.attributeArray(key, [&] {
          for (const Candidate &c : result.candidates) writeCandidate(c);
        });
      } else {
        json.attribute(key, *root.get(key));
      }
    }
  });
  out << "\n";
}

} // namespace btlint::tune
