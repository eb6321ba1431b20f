// btlint-bench --collect for a tune run (run.py --tune, docs/tune.md): btlint
// tune's ranking from the manifest against the exhaustive timings of
// tune_results.json, per (kernel, shape) and against the targets.
#include "Bench.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

namespace btlint::bench {
namespace json = llvm::json;

namespace {


// Ranks 1..n with ties sharing their average rank.
std::vector<double> ranksOf(const std::vector<double> &values) {
  std::vector<size_t> order(values.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(values.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && values[order[j + 1]] == values[order[i]]) ++j;
    for (size_t k = i; k <= j; ++k) ranks[order[k]] = (static_cast<double>(i + j) / 2) + 1;
    i = j + 1;
  }
  return ranks;
}

// Spearman's rho: Pearson's correlation of the ranks (nullopt below 3 values
// or when one side is constant).
std::optional<double> spearman(const std::vector<double> &x, const std::vector<double> &y) {
  if (x.size() != y.size() || x.size() < 3) return std::nullopt;
  const std::vector<double> rx = ranksOf(x), ry = ranksOf(y);
  const double n = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    mx += rx[i] / n;
    my += ry[i] / n;
  }
  double sxy = 0, sxx = 0, syy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) * (rx[i] - mx);
    syy += (ry[i] - my) * (ry[i] - my);
  }
  if (sxx == 0 || syy == 0) return std::nullopt;
  return sxy / std::sqrt(sxx * syy);
}

struct Statistic {
  std::vector<double> regrets; // per pair; infinity when the baseline did not run
  void add(std::optional<double> regret) {
    regrets.push_back(regret ? *regret : std::numeric_limits<double>::infinity());
  }
  double within(double limit) const {
    if (regrets.empty()) return 0;
    return static_cast<double>(std::count_if(regrets.begin(), regrets.end(), [&](double r) { return r <= limit; })) /
           static_cast<double>(regrets.size());
  }
  double worst() const { return regrets.empty() ? 0 : *std::max_element(regrets.begin(), regrets.end()); }
  double geometricMean() const {
    double sum = 0;
    for (double r : regrets) sum += std::log(r);
    return regrets.empty() ? 0 : std::exp(sum / static_cast<double>(regrets.size()));
  }
  json::Object summary() const {
    auto finite = [](double v) { return std::isfinite(v) ? json::Value(v) : json::Value(nullptr); };
    return json::Object{{"within_2pct", within(1.02)},
                        {"within_5pct", within(1.05)},
                        {"within_10pct", within(1.10)},
                        {"geomean", finite(geometricMean())},
                        {"worst", finite(worst())}};
  }
};

std::string percent(double fraction) { return llvm::formatv("{0:f1}%", fraction * 100).str(); }
std::string regretText(std::optional<double> regret) {
  return regret ? llvm::formatv("{0:f3}", *regret).str() : std::string("failed");
}

} // namespace

bool collectTuneReport(const std::string &dir, std::string &error, std::string *summaryOut) {
  std::optional<json::Value> manifest = readJson(dir + "/manifest.json", error);
  if (!manifest) return false;
  std::optional<json::Value> results = readJson(dir + "/tune_results.json", error);
  if (!results) return false;
  const json::Array *kernels = manifest->getAsObject() ? manifest->getAsObject()->getArray("kernels") : nullptr;
  const json::Array *rows = results->getAsObject() ? results->getAsObject()->getArray("rows") : nullptr;
  if (kernels && rows && !rowsNameManifestKernels(*rows, *kernels, dir + "/tune_results.json", error)) return false;
  if (!kernels || !rows) {
    error = dir + ": manifest.json has no `kernels` or tune_results.json no `rows`";
    return false;
  }
  // (kernel id, config, shape) -> row
  std::map<std::tuple<std::string, int64_t, int64_t>, const json::Object *> timed;
  const std::string model = rankedGpuModel(*rows, "");
  size_t otherModel = 0;
  for (const json::Value &row : *rows)
    if (const json::Object *object = row.getAsObject()) {
      if (!ofGpuModel(*object, model)) {
        ++otherModel;
        continue;
      }
      auto kernel = object->getString("kernel");
      auto config = object->getInteger("config");
      auto shape = object->getInteger("shape_index");
      if (kernel && config && shape) timed[{kernel->str(), *config, *shape}] = object;
    }

  size_t incomplete = 0; // pairs some config of which has no row: a regret needs the whole list
  // A boundary run beside the timings: a winner that fails a boundary shape
  // is reported, never recommended.
  std::optional<BoundaryRun> boundary = readBoundaryRun(dir, error);
  if (!boundary && !error.empty()) return false;
  if (boundary && !rowsNameManifestKernels(*boundary->results.getAsObject()->getArray("rows"), *kernels,
                                           dir + "/boundary_results.json", error))
    return false;
  std::string boundaryTable;
  Statistic topK, top1, first, largest;
  std::vector<double> correlations, saved;
  json::Array pairs;
  std::string table;
  for (const json::Value &value : *kernels) {
    const json::Object *kernel = value.getAsObject();
    const json::Object *ranking = kernel ? kernel->getObject("tune") : nullptr;
    if (!ranking) continue;
    const std::string id = kernel->getString("id").value_or("").str();
    const std::string name = kernel->getString("name").value_or("").str();
    const json::Array *shapes = ranking->getArray("shapes");
    const json::Array *configs = ranking->getArray("configs");
    const int64_t k = ranking->getInteger("top_k").value_or(1);
    const std::optional<int64_t> firstIndex = ranking->getInteger("first");
    const std::optional<int64_t> largestIndex = ranking->getInteger("largest_fit");
    if (!shapes || !configs) continue;
    for (size_t s = 0; s < shapes->size(); ++s) {
      const int64_t shape = static_cast<int64_t>(s);
      auto msOf = [&](int64_t config) -> std::optional<double> {
        auto found = timed.find({id, config, shape});
        if (found == timed.end() || found->second->getString("status").value_or("") != "ok") return std::nullopt;
        return found->second->getNumber("ms");
      };
      auto costOf = [&](int64_t config) {
        auto found = timed.find({id, config, shape});
        if (found == timed.end()) return 0.0;
        return found->second->getNumber("first_call_s").value_or(0) + found->second->getNumber("bench_s").value_or(0);
      };
      bool whole = true;
      for (const json::Value &c : *configs)
        if (const json::Object *config = c.getAsObject())
          whole = whole && timed.count({id, config->getInteger("index").value_or(-1), shape});
      if (!whole) {
        ++incomplete;
        continue;
      }
      // The exhaustive best, and btlint's order on this shape.
      std::optional<double> best;
      int64_t bestConfig = -1;
      double exhaustiveCost = 0;
      std::vector<std::pair<int64_t, int64_t>> ranked; // (rank, config)
      std::vector<double> predicted, measured;
      for (const json::Value &c : *configs) {
        const json::Object *config = c.getAsObject();
        const int64_t index = config->getInteger("index").value_or(-1);
        exhaustiveCost += costOf(index);
        std::optional<double> ms = msOf(index);
        if (ms && (!best || *ms < *best)) {
          best = ms;
          bestConfig = index;
        }
        const json::Array *ranks = config->getArray("rank");
        const json::Array *times = config->getArray("predicted_us");
        if (ranks && s < ranks->size()) ranked.push_back({(*ranks)[s].getAsInteger().value_or(0), index});
        if (times && s < times->size() && ms) {
          predicted.push_back((*times)[s].getAsNumber().value_or(0));
          measured.push_back(*ms);
        }
      }
      if (!best) continue; // nothing ran on this shape
      std::sort(ranked.begin(), ranked.end());
      std::optional<double> bestOfTop;
      double topCost = 0;
      for (size_t i = 0; i < ranked.size() && static_cast<int64_t>(i) < k; ++i) {
        topCost += costOf(ranked[i].second);
        if (std::optional<double> ms = msOf(ranked[i].second); ms && (!bestOfTop || *ms < *bestOfTop)) bestOfTop = ms;
      }
      auto regret = [&](std::optional<double> ms) -> std::optional<double> {
        if (!ms) return std::nullopt;
        return *ms / *best;
      };
      const std::optional<double> rTop = regret(bestOfTop);
      const std::optional<double> rOne = ranked.empty() ? std::nullopt : regret(msOf(ranked.front().second));
      const std::optional<double> rFirst = firstIndex ? regret(msOf(*firstIndex)) : std::nullopt;
      const std::optional<double> rLargest = largestIndex ? regret(msOf(*largestIndex)) : std::nullopt;
      topK.add(rTop);
      top1.add(rOne);
      first.add(rFirst);
      largest.add(rLargest);
      const std::optional<double> rho = spearman(predicted, measured);
      if (rho) correlations.push_back(*rho);
      const double timeSaved = exhaustiveCost > 0 ? 1 - topCost / exhaustiveCost : 0;
      saved.push_back(timeSaved);

      std::string shapeText;
      if (const json::Object *shapeObject = (*shapes)[s].getAsObject())
        for (const auto &[key, v] : *shapeObject)
          shapeText += (shapeText.empty() ? "" : ",") + key.str() + "=" + std::to_string(v.getAsInteger().value_or(0));
      json::Object pair{{"kernel", name},
                        {"shape", (*shapes)[s]},
                        {"best_ms", *best},
                        {"best_config", bestConfig},
                        {"top_k", k},
                        {"regret_top_k", rTop ? json::Value(*rTop) : nullptr},
                        {"regret_top_1", rOne ? json::Value(*rOne) : nullptr},
                        {"regret_first", rFirst ? json::Value(*rFirst) : nullptr},
                        {"regret_largest_fit", rLargest ? json::Value(*rLargest) : nullptr},
                        {"spearman", rho ? json::Value(*rho) : nullptr},
                        {"autotune_s_exhaustive", exhaustiveCost},
                        {"autotune_s_top_k", topCost},
                        {"time_saved", timeSaved}};
      if (boundary) {
        const std::map<int64_t, std::string> failing = boundary->failuresOf(id);
        json::Object failures;
        const int64_t topOne = ranked.empty() ? -1 : ranked.front().second;
        for (const auto &[role, config] : {std::pair<const char *, int64_t>{"best_config", bestConfig},
                                           {"top_1", topOne}}) {
          auto found = failing.find(config);
          if (found == failing.end()) continue;
          failures[role] = json::Object{{"config", config}, {"failure", found->second}};
          boundaryTable += "| " + name + " | `" + shapeText + "` | " +
                           (std::string(role) == "top_1" ? "btlint's top 1" : "the exhaustive winner") + " | " +
                           std::to_string(config + 1) + " | " + found->second + " |\n";
        }
        pair["boundary_failures"] = std::move(failures);
        pair["boundary_checked"] = boundary->rows.count(id) > 0;
      }
      pairs.push_back(std::move(pair));
      table += "| " + name + " | `" + shapeText + "` | " + llvm::formatv("{0:f4}", *best).str() + " | " +
               regretText(rTop) + " | " + regretText(rOne) + " | " + regretText(rFirst) + " | " +
               regretText(rLargest) + " | " + (rho ? llvm::formatv("{0:f2}", *rho).str() : std::string("-")) +
               " | " + percent(timeSaved) + " |\n";
    }
  }
  if (pairs.empty()) {
    error = dir + ": no (kernel, shape) pair with a ranking and a timing (was the harness emitted with --tune?)";
    return false;
  }

  double meanRho = 0, meanSaved = 0;
  for (double r : correlations) meanRho += r / static_cast<double>(correlations.size());
  for (double v : saved) meanSaved += v / static_cast<double>(saved.size());
  // The targets of docs/tune.md.
  auto beats = [&](const Statistic &baseline) {
    return topK.within(1.02) >= baseline.within(1.02) && topK.within(1.05) >= baseline.within(1.05) &&
           topK.within(1.10) >= baseline.within(1.10) && topK.geometricMean() <= baseline.geometricMean() &&
           topK.worst() <= baseline.worst();
  };
  json::Object targets{{"top_k_within_2pct_for_90pct", topK.within(1.02) >= 0.90},
                       {"top_k_within_5pct_for_all", topK.within(1.05) >= 1.0},
                       {"top_1_within_10pct_for_80pct", top1.within(1.10) >= 0.80},
                       {"beats_first_config", beats(first)},
                       {"beats_largest_fit", beats(largest)}};
  bool allMet = true;
  for (const auto &[key, met] : targets) allMet = allMet && met.getAsBoolean().value_or(false);
  json::Object summary{{"pairs", static_cast<int64_t>(pairs.size())},
                       {"pairs_not_fully_timed", static_cast<int64_t>(incomplete)},
                       {"gpu_model", model},
                       {"rows_of_other_gpu_models_left_out", static_cast<int64_t>(otherModel)},
                       {"top_k", topK.summary()},
                       {"top_1", top1.summary()},
                       {"first_config", first.summary()},
                       {"largest_fit", largest.summary()},
                       {"mean_spearman", correlations.empty() ? json::Value(nullptr) : json::Value(meanRho)},
                       {"mean_time_saved", meanSaved},
                       {"targets", std::move(targets)},
                       {"all_targets_met", allMet}};

  std::string summaryLine = llvm::formatv("{0} (kernel, shape) pairs: top k within 2% for {1}, top 1 within 10% for "
                                          "{2}, mean Spearman {3:f2}, autotune time saved {4}",
                                          pairs.size(), percent(topK.within(1.02)), percent(top1.within(1.10)),
                                          meanRho, percent(meanSaved))
                                .str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(dir + "/tune_report.json", ec);
    if (ec) {
      error = dir + "/tune_report.json: cannot write: " + ec.message();
      return false;
    }
    out << llvm::formatv("{0:2}", json::Value(json::Object{{"summary", json::Value(json::Object(summary))},
                                                           {"pairs", std::move(pairs)}}))
        << "\n";
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(dir + "/tune_report.md", ec);
    if (ec) {
      error = dir + "/tune_report.md: cannot write: " + ec.message();
      return false;
    }
    auto row = [&](const char *label, const Statistic &statistic) {
      out << "| " << label << " | " << percent(statistic.within(1.02)) << " | " << percent(statistic.within(1.05))
          << " | " << percent(statistic.within(1.10)) << " | " << llvm::formatv("{0:f3}", statistic.geometricMean())
          << " | " << (std::isfinite(statistic.worst()) ? llvm::formatv("{0:f3}", statistic.worst()).str() : "failed")
          << " |\n";
    };
    out << "# btlint tune against the exhaustive autotune\n\n" << summaryLine << ".\n\n";
    if (!model.empty()) out << "Timed on " << model << ".\n\n";
    if (otherModel)
      out << otherModel << " rows timed on other GPU models left out: one ranking never mixes GPU models.\n\n";
    if (incomplete)
      out << incomplete << " (kernel, shape) pairs left out: some config of their list has no timing row.\n\n";
    out << "| choice | within 2% | within 5% | within 10% | geomean regret | worst |\n|---|---|---|---|---|---|\n";
    row("btlint top k", topK);
    row("btlint top 1", top1);
    row("the list's first config", first);
    row("the largest tile that fits", largest);
    out << "\nTargets (docs/tune.md): ";
    std::vector<std::string> met;
    for (const auto &[key, value] : *summary.getObject("targets"))
      met.push_back(key.str() + (value.getAsBoolean().value_or(false) ? " met" : " NOT met"));
    out << llvm::join(met, ", ") << ".\n\n";
    out << "| kernel | shape | best ms | top k | top 1 | first | largest fit | Spearman | autotune time saved |\n"
           "|---|---|---|---|---|---|---|---|---|\n"
        << table;
    if (boundary) {
      out << "\n## Winners at boundary shapes\n\n";
      if (boundaryTable.empty())
        out << "No winner fails a boundary shape (boundary_results.json, run.py --boundary).\n";
      else
        out << "These winners fail a boundary shape (boundary_results.json): reported, not recommended.\n\n"
               "| kernel | shape | winner | config | first failure |\n|---|---|---|---|---|\n"
            << boundaryTable;
    }
  }
  if (summaryOut) *summaryOut = summaryLine;
  return true;
}

} // namespace btlint::bench
