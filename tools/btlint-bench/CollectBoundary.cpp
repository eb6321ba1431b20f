// btlint-bench --collect for a boundary run (run.py --boundary): each
// config's output at the boundary shapes against the reference, and each
// `tile-access-unmasked` finding confirmed or refuted by it.
#include "Bench.h"
#include "tune/BoundaryEvidence.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

namespace btlint::bench {
namespace json = llvm::json;

namespace {

std::string text(const json::Object &o, llvm::StringRef key) { return o.getString(key).value_or("").str(); }

// "M=129,N=256,K=256" in the shape's own order, as btlint tune --boundary says it.
std::string shapeText(const json::Object *shape) { return tune::boundaryShapeText(shape); }

// What the output check saw: a wrong output, a write past the end, or a
// fault. Errors, timeouts and resource failures decide nothing.
bool fails(llvm::StringRef status) {
  return status == "mismatch" || status == "out_of_bounds_write" || status == "illegal_memory_access" ||
         status == "misaligned_address" || status == "launch_failure" || status == "illegal_instruction" ||
         status == "device_assert" || status == "crashed";
}
bool passes(llvm::StringRef status) { return status == "match" || status == "reference"; }

std::string rowText(const json::Object &row) {
  std::string status = text(row, "status");
  std::string out = "`" + shapeText(row.getObject("shape")) + "`: " + status;
  auto number = [&](llvm::StringRef key) {
    std::optional<double> value = row.getNumber(key);
    return value ? llvm::formatv("{0:g}", *value).str() : std::string("-"); // only NaN or inf elements
  };
  if (status == "mismatch" || row.get("max_abs_error"))
    out += " (max abs error " + number("max_abs_error") + ", max rel error " + number("max_rel_error") + ", " +
           std::to_string(row.getInteger("elements_off").value_or(0)) + " of " +
           std::to_string(row.getInteger("elements").value_or(0)) + " elements off, " +
           std::to_string(row.getInteger("nan").value_or(0)) + " NaN)";
  if (const json::Array *guards = row.getArray("guards"))
    for (const auto &g : *guards)
      if (const json::Object *guard = g.getAsObject())
        out += "; " + std::to_string(guard->getInteger("elements_written").value_or(0)) +
               " elements written past the end of the tensor of shape " + text(*guard, "tensor");
  if (!text(row, "error").empty()) out += " (" + text(row, "error").substr(0, 160) + ")";
  return out;
}

// The dimension a `tile-access-unmasked` message names and the size it says
// breaks: "walks `M` in tiles ... with `M` = 129 and ..." -> ("M", 129);
// "walks `HEAD_DIM` = 48 in tiles" -> ("HEAD_DIM", 48); "masks its `K`
// offsets against `N`" -> ("K", none).
std::pair<std::string, std::optional<int64_t>> namedShape(llvm::StringRef message) {
  std::string dim;
  for (llvm::StringRef lead : {"walks `", "masks its `"})
    if (size_t at = message.find(lead); at != llvm::StringRef::npos) {
      llvm::StringRef rest = message.drop_front(at + lead.size());
      dim = rest.take_until([](char c) { return c == '`'; }).str();
      break;
    }
  if (dim.empty()) return {"", std::nullopt};
  for (const std::string &lead : {"with `" + dim + "` = ", "walks `" + dim + "` = "})
    if (size_t at = message.find(lead); at != llvm::StringRef::npos) {
      int64_t value = 0;
      llvm::StringRef digits = message.drop_front(at + lead.size()).take_while(llvm::isDigit);
      if (!digits.getAsInteger(10, value)) return {dim, value};
    }
  return {dim, std::nullopt};
}

} // namespace

std::optional<BoundaryRun> readBoundaryRun(const std::string &dir, std::string &error) {
  if (!llvm::sys::fs::exists(dir + "/boundary_results.json")) return std::nullopt;
  auto value = readJson(dir + "/boundary_results.json", error);
  if (!value) return std::nullopt;
  BoundaryRun run;
  run.results = std::move(*value);
  const json::Object *results = run.results.getAsObject();
  const json::Array *rows = results ? results->getArray("rows") : nullptr;
  if (!rows) {
    error = dir + "/boundary_results.json: no `rows` (not what run.py --boundary writes)";
    return std::nullopt;
  }
  for (const json::Value &r : *rows)
    if (const json::Object *row = r.getAsObject())
      run.rows[text(*row, "kernel")][row->getInteger("config").value_or(-1)].push_back(row);
  return run;
}

std::map<int64_t, std::string> BoundaryRun::failuresOf(const std::string &kernel) const {
  std::map<int64_t, std::string> out;
  auto found = rows.find(kernel);
  if (found == rows.end()) return out;
  for (const auto &[config, list] : found->second)
    for (const json::Object *row : list)
      if (fails(text(*row, "status"))) {
        out[config] = rowText(*row);
        break;
      }
  return out;
}

BoundaryVerdict BoundaryRun::judge(const json::Object &manifestKernel, const json::Object &finding) const {
  BoundaryVerdict v;
  const std::string id = text(manifestKernel, "id");
  auto found = rows.find(id);
  if (found == rows.end()) {
    v.verdict = "not_measured";
    v.evidence.push_back(manifestKernel.getObject("boundary")
                             ? "no boundary row for this kernel (not run, or left out with --kernels)"
                             : "no boundary shapes: the kernel needs a bench spec and a config list");
    return v;
  }
  const auto [dim, value] = namedShape(text(finding, "message"));
  // The boundary shapes that vary the named dimension, and the one it names.
  const json::Array *shapes =
      manifestKernel.getObject("boundary") ? manifestKernel.getObject("boundary")->getArray("shapes") : nullptr;
  std::set<int64_t> alongDim, named;
  if (shapes)
    for (size_t i = 0; i < shapes->size(); ++i)
      if (const json::Object *s = (*shapes)[i].getAsObject(); s && text(*s, "varies") == dim) {
        alongDim.insert(static_cast<int64_t>(i));
        const json::Object *shape = s->getObject("shape");
        if (value && shape && shape->getInteger(dim) == *value) named.insert(static_cast<int64_t>(i));
      }
  std::vector<const json::Object *> atNamed, alongOthers, elsewhere;
  int64_t passed = 0, undecided = 0;
  for (const auto &[config, list] : found->second)
    for (const json::Object *row : list) {
      const llvm::StringRef status = row->getString("status").value_or("");
      const int64_t shape = row->getInteger("shape_index").value_or(-1);
      if (passes(status)) ++passed;
      else if (!fails(status)) ++undecided;
      else if (named.count(shape)) atNamed.push_back(row);
      else if (alongDim.count(shape)) alongOthers.push_back(row);
      else elsewhere.push_back(row);
    }
  auto show = [&](const std::vector<const json::Object *> &list, const std::string &lead) {
    for (size_t i = 0; i < list.size() && i < 3; ++i)
      v.evidence.push_back(lead + "config " + std::to_string(list[i]->getInteger("config").value_or(-1) + 1) +
                           " at " + rowText(*list[i]));
    if (list.size() > 3) v.evidence.push_back("... and " + std::to_string(list.size() - 3) + " more");
  };
  const std::string namedText = value ? "`" + dim + "` = " + std::to_string(*value) : "";
  if (!atNamed.empty()) {
    v.verdict = "confirmed";
    show(atNamed, "");
  } else if (named.empty() && !alongOthers.empty()) {
    v.verdict = "confirmed";
    v.evidence.push_back(value ? "the shape it names (" + namedText + ") was not among those checked; shapes "
                                 "that vary `" + dim + "` fail"
                               : "the message names no size; shapes that vary `" + dim + "` fail");
    show(alongOthers, "");
  } else if (atNamed.empty() && alongOthers.empty() && elsewhere.empty() && undecided == 0 && passed > 0) {
    v.verdict = "refuted";
    v.evidence.push_back("every config matches the reference at all " + std::to_string(passed) +
                         " (config, shape) pairs" +
                         (value && !named.empty() ? ", " + namedText + " among them" : std::string()));
  } else {
    v.verdict = "not_decided";
    if (!named.empty() && atNamed.empty() && !alongOthers.empty())
      v.evidence.push_back("every config matches at " + namedText + "; other sizes of `" + dim + "` fail");
    show(alongOthers, "");
    show(elsewhere, "along another dimension: ");
    if (undecided) v.evidence.push_back(std::to_string(undecided) + " pairs ended in an error or a timeout");
  }
  return v;
}

// The report's section: the shapes checked per kernel and each config's
// result, as markdown and as JSON.
std::pair<std::string, json::Array> BoundaryRun::section(const json::Object &manifest) const {
  std::string md;
  llvm::raw_string_ostream out(md);
  json::Array kernelsJson;
  const json::Object *results = this->results.getAsObject();
  out << "## Boundary shapes\n\n";
  out << llvm::formatv("{0} (config, shape) pairs on {1} GPU(s), {2} workers, in {3:F1} s; inputs seeded ({4}); "
                       "outputs filled with NaN before each launch.\n\n",
                       results->getArray("rows")->size(), results->getInteger("gpus").value_or(1),
                       results->getInteger("jobs").value_or(1), results->getNumber("wall_seconds").value_or(0),
                       results->getInteger("seed").value_or(0))
             .str();
  if (const json::Array *kernels = manifest.getArray("kernels"))
    for (const json::Value &k : *kernels) {
      const json::Object *kernel = k.getAsObject();
      const json::Object *boundary = kernel ? kernel->getObject("boundary") : nullptr;
      auto found = kernel ? rows.find(text(*kernel, "id")) : rows.end();
      if (!boundary || found == rows.end()) continue;
      const json::Object *bench = kernel->getObject("bench");
      const std::string reference = bench && !text(*bench, "reference").empty()
                                        ? "`" + text(*bench, "reference") + "`"
                                        : std::string("the list's first config");
      out << "### `" << text(*kernel, "name") << "` (" << text(*kernel, "id") << ")\n\n";
      out << "Reference: " << reference << ". Shapes: `" << shapeText(boundary->getObject("base")) << "`";
      json::Object dimsJson;
      if (const json::Object *dims = boundary->getObject("dims"))
        for (const auto &[dim, d] : *dims) {
          std::vector<std::string> values;
          if (const json::Array *list = d.getAsObject()->getArray("values"))
            for (const auto &x : *list) values.push_back(std::to_string(x.getAsInteger().value_or(0)));
          out << "; `" << dim.str() << "` at " << llvm::join(values, ", ");
        }
      out << " (" << boundary->getArray("shapes")->size() << " shapes)\n\n";
      out << "| config | values | match | fails | other | first failure |\n|---|---|---|---|---|---|\n";
      json::Array configsJson;
      const json::Array *configs = kernel->getArray("configs");
      for (const auto &[config, list] : found->second) {
        std::map<std::string, int64_t> counts;
        const json::Object *first = nullptr;
        int64_t matched = 0, failed = 0, other = 0;
        for (const json::Object *row : list) {
          const std::string status = text(*row, "status");
          ++counts[status];
          if (passes(status)) ++matched;
          else if (fails(status)) {
            ++failed;
            if (!first) first = row;
          } else ++other;
        }
        std::string values;
        if (configs)
          for (const auto &c : *configs)
            if (const json::Object *co = c.getAsObject(); co && co->getInteger("index") == config) {
              for (const auto &[name, v] : *co->getObject("params"))
                values += (values.empty() ? "" : ", ") + name.str() + "=" +
                          std::to_string(v.getAsInteger().value_or(0));
              values += ", warps=" + std::to_string(co->getInteger("num_warps").value_or(0)) +
                        ", stages=" + std::to_string(co->getInteger("num_stages").value_or(0));
            }
        out << "| " << config + 1 << " | " << values << " | " << matched << " | " << failed << " | " << other
            << " | " << (first ? rowText(*first) : std::string("-")) << " |\n";
        json::Object countsJson;
        for (const auto &[status, n] : counts) countsJson[status] = n;
        configsJson.push_back(json::Object{{"config", config},
                                           {"values", values},
                                           {"statuses", std::move(countsJson)},
                                           {"passes", failed == 0 && other == 0},
                                           {"first_failure", first ? json::Value(rowText(*first)) : nullptr}});
      }
      out << "\n";
      kernelsJson.push_back(json::Object{{"kernel", text(*kernel, "id")},
                                         {"name", text(*kernel, "name")},
                                         {"reference", bench ? text(*bench, "reference") : ""},
                                         {"shapes", static_cast<int64_t>(boundary->getArray("shapes")->size())},
                                         {"configs", std::move(configsJson)}});
    }
  out.flush();
  return {md, std::move(kernelsJson)};
}

bool collectBoundaryReport(const std::string &dir, std::string &error, std::string *summary) {
  auto manifestValue = readJson(dir + "/manifest.json", error);
  if (!manifestValue) return false;
  std::optional<BoundaryRun> run = readBoundaryRun(dir, error);
  if (!run) {
    if (error.empty()) error = dir + "/boundary_results.json: not found (run `python3 " + dir +
                               "/run.py --boundary` first)";
    return false;
  }
  const json::Object *manifest = manifestValue->getAsObject();
  if (!manifest || !manifest->getArray("kernels")) {
    error = dir + "/manifest.json: not a manifest btlint-bench writes";
    return false;
  }
  if (const json::Array *rows = run->results.getAsObject()->getArray("rows");
      !rowsNameManifestKernels(*rows, *manifest->getArray("kernels"), dir + "/boundary_results.json", error))
    return false;
  std::map<std::string, const json::Object *> kernels;
  for (const auto &k : *manifest->getArray("kernels"))
    if (const json::Object *o = k.getAsObject()) kernels[text(*o, "id")] = o;

  std::string md;
  llvm::raw_string_ostream out(md);
  out << "# btlint-bench boundary report\n\n";
  json::Array findingsJson;
  std::map<std::string, int> counts;
  std::string table;
  if (const json::Array *findings = manifest->getArray("findings"))
    for (const auto &f : *findings) {
      const json::Object *finding = f.getAsObject();
      if (!finding || text(*finding, "rule") != "tile-access-unmasked") continue;
      auto kernel = kernels.find(text(*finding, "kernel"));
      BoundaryVerdict v;
      if (kernel == kernels.end()) {
        v.verdict = "not_checked";
        v.evidence.push_back("btlint-bench could not tie this finding to a kernel");
      } else {
        v = run->judge(*kernel->second, *finding);
      }
      ++counts[v.verdict];
      table += "| " + std::to_string(finding->getInteger("id").value_or(0) + 1) + " | " + text(*finding, "path") +
               ":" + std::to_string(finding->getInteger("line").value_or(0)) + " | " +
               (kernel == kernels.end() ? std::string("-") : "`" + text(*kernel->second, "name") + "`") + " | **" +
               v.verdict + "** | " + llvm::join(v.evidence, "<br>") + " |\n";
      json::Object j(*finding);
      j["kernel_name"] = kernel == kernels.end() ? std::string() : text(*kernel->second, "name");
      j["verdict"] = v.verdict;
      j["evidence"] = json::Array(std::vector<json::Value>(v.evidence.begin(), v.evidence.end()));
      findingsJson.push_back(std::move(j));
    }
  int64_t failingConfigs = 0, configs = 0;
  for (const auto &[kernel, byConfig] : run->rows) {
    configs += static_cast<int64_t>(byConfig.size());
    failingConfigs += static_cast<int64_t>(run->failuresOf(kernel).size());
  }
  std::string summaryText = std::to_string(configs) + " configs checked at boundary shapes, " +
                            std::to_string(failingConfigs) + " fail one; " + std::to_string(findingsJson.size()) +
                            " tile-access-unmasked findings";
  std::string verdicts;
  for (const char *name : {"confirmed", "refuted", "not_decided", "not_measured", "not_checked"})
    if (counts[name]) verdicts += (verdicts.empty() ? "" : ", ") + std::to_string(counts[name]) + " " + name;
  if (!verdicts.empty()) summaryText += ": " + verdicts;
  out << summaryText << ".\n\n";
  out << "A `tile-access-unmasked` finding is confirmed when some config's output differs from the reference, "
         "writes past the end of a tensor or faults at the shape its message names (the dimension and size read "
         "from the message), refuted when every config matches at every boundary shape.\n\n";
  out << "| # | where | kernel | verdict | evidence |\n|---|---|---|---|---|\n" << table << "\n";
  auto [section, kernelsJson] = run->section(*manifest);
  out << section;
  out.flush();

  json::Object report{{"format", 1},
                      {"summary", summaryText},
                      {"findings", std::move(findingsJson)},
                      {"kernels", std::move(kernelsJson)}};
  for (const auto &[name, contents] :
       {std::pair<std::string, std::string>{"boundary_report.md", md},
        {"boundary_report.json", llvm::formatv("{0:2}", json::Value(std::move(report))).str() + "\n"}}) {
    std::error_code ec;
    llvm::raw_fd_ostream file(dir + "/" + name, ec);
    if (ec) {
      error = dir + "/" + name + ": cannot write: " + ec.message();
      return false;
    }
    file << contents;
  }
  if (summary) *summary = summaryText;
  return true;
}

} // namespace btlint::bench
