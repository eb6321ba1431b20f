// btlint-bench --emit: the harness for the kernels btlint flagged.
#include "Bench.h"

#include "arch/ArchTable.h"
#include "engine/Engine.h"
#include "model/Launches.h"
#include "engine/FrontEndRegistry.h"
#include "source/Backends.h"
#include "source/SourceFile.h"
#include "resources/KernelResourceAdapter.h"
#include "rules/Rule.h"
#include "tune/Tune.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <ctime>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <variant>

namespace btlint::bench {
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

namespace {

constexpr size_t kMaxCopiedFiles = 2000;
constexpr uint64_t kMaxCopiedBytes = 16u << 20;

std::string absolute(const std::string &p) {
  llvm::SmallString<256> s(p);
  fs::make_absolute(s);
  path::remove_dots(s, true);
  return std::string(s);
}

bool writeFile(const std::string &file, std::string_view contents, std::string &error) {
  llvm::SmallString<256> parent(file);
  path::remove_filename(parent);
  if (!parent.empty())
    if (std::error_code ec = fs::create_directories(parent)) {
      error = std::string(parent) + ": cannot create: " + ec.message();
      return false;
    }
  std::error_code ec;
  llvm::raw_fd_ostream out(file, ec);
  if (ec) {
    error = file + ": cannot write: " + ec.message();
    return false;
  }
  out << contents;
  return true;
}

// Owns the source files and parses of everything the emitter reads, and
// resolves imports between them like the engine does (for config lists
// built from sibling modules).
class Sources : public ModuleResolver {
public:
  const ParsedFile *parse(const std::string &file, Language language, std::string &error) {
    std::string key = absolute(file);
    auto it = parsed_.find(key);
    if (it != parsed_.end()) return it->second.get();
    const FrontEnd *frontEnd = frontEndFor(language);
    if (!frontEnd) {
      error = file + ": no front-end for " + languageName(language) + " in this build";
      return nullptr;
    }
    std::unique_ptr<SourceFile> source;
    if (auto read = read_.find(key); read != read_.end()) {
      source = std::move(read->second);
      read_.erase(read);
    } else {
      auto text = readSourceText(file, 32u << 20, error);
      if (!text) {
        error = file + ": " + error;
        return nullptr;
      }
      source = std::make_unique<SourceFile>(file, language, std::move(*text));
    }
    auto parsedFile = frontEnd->parse(*source);
    const ParsedFile *result = parsedFile.get();
    files_.push_back(std::move(source));
    parsed_[key] = std::move(parsedFile);
    return result;
  }

  // What the engine asks before it parses a file (FrontEnd::mayContainKernelCode):
  // a file with no kernel, config, launch or timing call of its own, nor one
  // it includes, has nothing to emit. Unreadable files are kept, so that
  // parse() reports them; the text of a kept file waits there for parse().
  bool mayContainKernels(const std::string &file, Language language) {
    const FrontEnd *frontEnd = frontEndFor(language);
    if (!frontEnd) return true;
    std::string error;
    auto text = readSourceText(file, 32u << 20, error);
    if (!text) return true;
    auto source = std::make_unique<SourceFile>(file, language, std::move(*text));
    if (!frontEnd->mayContainKernelCode(*source)) return false;
    read_[absolute(file)] = std::move(source);
    return true;
  }

  const ParsedFile *findPythonModule(std::string_view dottedName, const std::string &fromPath) const override {
    llvm::StringRef name(dottedName.data(), dottedName.size());
    llvm::SmallString<256> dir(absolute(fromPath));
    path::remove_filename(dir);
    std::vector<llvm::SmallString<256>> roots;
    if (name.starts_with(".")) {
      name = name.drop_front();
      while (name.starts_with(".")) {
        dir = path::parent_path(dir);
        name = name.drop_front();
      }
      roots.push_back(dir);
    } else {
      while (!dir.empty()) {
        roots.push_back(dir);
        llvm::StringRef parent = path::parent_path(dir);
        if (parent == dir) break;
        dir = parent;
      }
    }
    for (auto &root : roots) {
      llvm::SmallString<256> base(root);
      llvm::SmallVector<llvm::StringRef> parts;
      if (!name.empty()) name.split(parts, '.');
      for (auto p : parts) path::append(base, p);
      for (std::string candidate : {std::string(base) + ".py", std::string(base) + "/__init__.py"}) {
        if (!fs::is_regular_file(candidate)) continue;
        std::string error;
        return const_cast<Sources *>(this)->parse(candidate, Language::Python, error);
      }
    }
    return nullptr;
  }

private:
  std::vector<std::unique_ptr<SourceFile>> files_;
  std::map<std::string, std::unique_ptr<SourceFile>> read_; // read by mayContainKernels, not parsed yet
  std::map<std::string, std::unique_ptr<ParsedFile>> parsed_;
};

std::optional<Language> languageOf(llvm::StringRef file) {
  llvm::StringRef ext = path::extension(file);
  if (ext == ".py") return Language::Python;
  if (ext == ".cu" || ext == ".cuh" || ext == ".cpp" || ext == ".cc" || ext == ".cxx") return Language::Cuda;
  return std::nullopt;
}

json::Value scalarJson(const ScalarValue &v) {
  if (v.isInt()) return v.asInt();
  if (v.isFloat()) return v.asFloat();
  if (v.isBool()) return v.asBool();
  if (v.isString()) return v.asString();
  return nullptr;
}

const char *paramKindName(ParamKind kind) {
  switch (kind) {
  case ParamKind::Pointer: return "pointer";
  case ParamKind::Int: return "int";
  case ParamKind::Float: return "float";
  case ParamKind::Constexpr: return "constexpr";
  case ParamKind::Unknown: return "unknown";
  }
  return "unknown";
}

// Where a Python file is imported from: the folder above its outermost
// package (folders with __init__.py), and its dotted module name there.
std::pair<std::string, std::string> importRootOf(const std::string &file) {
  llvm::SmallString<256> dir(file);
  path::remove_filename(dir);
  std::string module = path::stem(file).str();
  while (fs::exists(llvm::Twine(dir) + "/__init__.py")) {
    module = path::filename(dir).str() + "." + module;
    llvm::SmallString<256> parent = path::parent_path(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return {std::string(dir), module};
}

struct Copier {
  std::string dir;             // the harness folder
  std::map<std::string, std::string> roots; // absolute source root -> "src/N" or "cuda/N"
  std::set<std::string> copied;
  size_t files = 0;
  uint64_t bytes = 0;
  std::vector<std::string> notes;

  std::string rootFor(const std::string &root, const char *kind) {
    auto it = roots.find(root);
    if (it != roots.end()) return it->second;
    size_t n = 0;
    for (auto &[_, v] : roots)
      if (llvm::StringRef(v).starts_with(kind)) ++n;
    std::string name = std::string(kind) + "/" + std::to_string(n);
    roots[root] = name;
    return name;
  }

  bool copy(const std::string &from, const std::string &to, std::string &error) {
    if (!copied.insert(to).second) return true;
    uint64_t size = 0;
    if (fs::file_size(from, size) || files >= kMaxCopiedFiles || bytes + size > kMaxCopiedBytes) {
      notes.push_back("not copied (size or count limit): " + from);
      return true;
    }
    llvm::SmallString<256> parent(to);
    path::remove_filename(parent);
    if (std::error_code ec = fs::create_directories(parent)) {
      error = std::string(parent) + ": cannot create: " + ec.message();
      return false;
    }
    if (std::error_code ec = fs::copy_file(from, to)) {
      error = from + ": cannot copy: " + ec.message();
      return false;
    }
    ++files;
    bytes += size;
    return true;
  }

  // Copies `file` with the Python files it may import: its whole top-level
  // package, or the .py files of its folder. Returns the dotted module name
  // and sets `pythonPath` to the copy's import root (relative to dir).
  bool copyPython(const std::string &file, std::string &module, std::string &pythonPath, std::string &error) {
    auto [root, dotted] = importRootOf(absolute(file));
    module = dotted;
    pythonPath = rootFor(root, "src");
    std::string destRoot = dir + "/" + pythonPath;
    std::string top = root + "/" + llvm::StringRef(dotted).split('.').first.str();
    // With the modules, the data files a package reads when imported (its
    // tuned-config tables, settings).
    auto wanted = [](llvm::StringRef p) {
      for (llvm::StringRef ext : {".py", ".yaml", ".yml", ".json", ".toml", ".cfg", ".ini"})
        if (p.ends_with(ext)) return true;
      return false;
    };
    std::vector<std::string> sources;
    if (llvm::StringRef(dotted).contains('.')) {
      std::error_code ec;
      for (fs::recursive_directory_iterator it(top, ec), end; it != end && !ec; it.increment(ec))
        if (wanted(it->path())) sources.push_back(it->path());
    } else {
      std::error_code ec;
      for (fs::directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec))
        if (llvm::StringRef(it->path()).ends_with(".py")) sources.push_back(it->path());
    }
    // Package markers first, then modules, then data: past the limits some
    // modules may be missing, but each package stays a package (a missing
    // __init__.py makes every import below it fail).
    std::sort(sources.begin(), sources.end(), [](const std::string &a, const std::string &b) {
      auto rank = [](const std::string &f) {
        return path::filename(f) == "__init__.py" ? 0 : llvm::StringRef(f).ends_with(".py") ? 1 : 2;
      };
      return rank(a) != rank(b) ? rank(a) < rank(b) : a < b;
    });
    std::string self = absolute(file);
    // The flagged file first, so that limits never drop it.
    if (!copy(self, destRoot + self.substr(root.size()), error)) return false;
    for (const auto &s : sources)
      if (!copy(absolute(s), destRoot + absolute(s).substr(root.size()), error)) return false;
    return true;
  }

  // A .cu file and the headers of its folder and the folders below it, in
  // their layout (`#include "kernels/gemm.cuh"`, `#include "../common.h"`
  // resolve as in the project when the includer is below the folder). The
  // nearest first: past the copy limits the deepest are the ones left out.
  bool copyCuda(const std::string &file, std::string &dest, std::string &includeDir, std::string &error) {
    std::string abs = absolute(file);
    llvm::SmallString<256> folder(abs);
    path::remove_filename(folder);
    includeDir = rootFor(std::string(folder), "cuda");
    dest = includeDir + "/" + path::filename(abs).str();
    if (!copy(abs, dir + "/" + dest, error)) return false;
    std::vector<std::string> headers;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(folder, ec), end; it != end && !ec; it.increment(ec)) {
      if (path::filename(it->path()).starts_with(".")) {
        it.no_push(); // .git, .cache
        continue;
      }
      llvm::StringRef ext = path::extension(it->path());
      if (ext == ".h" || ext == ".cuh" || ext == ".hpp" || ext == ".inl" || ext == ".cu")
        headers.push_back(it->path());
    }
    const auto depth = [](llvm::StringRef p) { return std::count(p.begin(), p.end(), '/'); };
    std::stable_sort(headers.begin(), headers.end(), [&](const std::string &a, const std::string &b) {
      return depth(a) != depth(b) ? depth(a) < depth(b) : a < b;
    });
    for (const std::string &header : headers)
      if (!copy(header, dir + "/" + includeDir + header.substr(folder.size()), error)) return false;
    return true;
  }
};

// What the launches of `kernel` in its file pass for each parameter: the
// constants, distinct, in the order met ({"HEAD_DIM": [64, 128], "IS_CAUSAL":
// [true]}), and how many launches there are. A parameter some launch passes a
// value btlint does not know is listed under "unknown" (the harness must not
// take the others for all of them).
struct LaunchValues {
  int64_t launches = 0;
  // Per parameter, the values seen, distinct, in the order met: a constant,
  // or an element type ("float32" for `tl.float32`).
  std::map<std::string, std::vector<std::variant<ScalarValue, std::string>>> byParam;
  std::set<std::string> unknown;
};

LaunchValues collectLaunchValues(const Kernel &kernel, const FileModel *model) {
  LaunchValues out;
  if (!model) return out;
  auto add = [&](const std::string &name, std::variant<ScalarValue, std::string> value) {
    auto &seen = out.byParam[name];
    for (const auto &s : seen) {
      if (s.index() != value.index()) continue;
      if (s.index() == 1 ? std::get<1>(s) == std::get<1>(value)
                         : scalarJson(std::get<0>(s)) == scalarJson(std::get<0>(value)))
        return;
    }
    seen.push_back(std::move(value));
  };
  for (const LaunchSite &launch : model->launches) {
    if (!callsOwnKernel(launch, kernel)) continue;
    ++out.launches;
    for (const LaunchArgument &argument : launch.arguments) {
      std::string name = argument.name;
      if (name.empty() && argument.position < kernel.params.size()) name = kernel.params[argument.position].name;
      if (name.empty() || !kernel.findParam(name)) continue;
      const ScalarValue &v = argument.value;
      if (v.isInt() || v.isBool() || v.isFloat() || v.isString()) {
        add(name, v);
        continue;
      }
      // An element type written as such (`ACC_TYPE=tl.float32`): the
      // harness reads it from triton.language.
      llvm::StringRef text = llvm::StringRef(argument.text).trim();
      bool dtype = false;
      for (llvm::StringRef prefix : {"tl.", "triton.language."})
        if (text.consume_front(prefix) && !text.empty() &&
            llvm::all_of(text, [](char c) { return llvm::isAlnum(c) || c == '_'; })) {
          add(name, text.str());
          dtype = true;
          break;
        }
      if (!dtype) out.unknown.insert(name);
    }
  }
  return out;
}

// What the launches of `kernel` in its file pass for each parameter: the
// constants, distinct, in the order met ({"HEAD_DIM": [64, 128], "IS_CAUSAL":
// [true]}), and how many launches there are. A parameter some launch passes a
// value btlint does not know is listed under "unknown" (the harness must not
// take the others for all of them).
json::Object launchValuesJson(const LaunchValues &seen) {
  json::Object values;
  for (const auto &[name, list] : seen.byParam) {
    json::Array out;
    for (const auto &v : list)
      out.push_back(v.index() == 1 ? json::Value(json::Object{{"dtype", std::get<1>(v)}})
                                   : scalarJson(std::get<0>(v)));
    values[name] = std::move(out);
  }
  return json::Object{{"launches", seen.launches},
                      {"values", std::move(values)},
                      {"unknown", json::Array(std::vector<json::Value>(seen.unknown.begin(), seen.unknown.end()))}};
}

// The tile size btlint takes for a constexpr extent nothing gives a value:
// a power of two, as tl.arange needs, and a common head and block size.
constexpr int64_t kAssumedTileExtent = 64;
// A constexpr that only bounds loops (`for k in range(0, K, BLOCK_K)`) is a
// problem size: large enough that the loop runs many times and is pipelined
// (as btlint's estimate takes it), a multiple of every power-of-two block;
// the harness's default for sizes too.
constexpr int64_t kAssumedProblemExtent = 4096;

// Whether the kernel's code tests `name` for its truth alone (`if USE_G:`,
// `if not IS_VARLEN:`), in an `if` around an access, a tile, a dot or a
// scratch operation, and never compares it with a number.
bool testedAsFlag(const Kernel &kernel, const std::string &name) {
  bool tested = false, compared = false;
  auto look = [&](const std::vector<AccessGuard> &guards) {
    for (const AccessGuard &guard : guards)
      if (guard.param == name) (guard.compare.empty() ? tested : compared) = true;
  };
  for (const MemoryAccess &access : kernel.accesses) look(access.guards);
  for (const TileShape &tile : kernel.tiles) look(tile.guards);
  for (const DotSite &dot : kernel.dots) look(dot.guards);
  for (const ScratchOp &op : kernel.scratchOps) look(op.guards);
  return tested && !compared;
}

// Values for the constexpr parameters no config sets, shared by btlint's
// estimate and the harness's compile so that both describe the same kernel:
// the launches' first constant (when no launch passes an unknown value), the
// shapes of .btlint.yaml, then btlint's assumption for a tile extent or loop
// bound, and False for a flag the code only tests for its truth (the arms
// it guards are then compiled out of both). Each with where it came from
// ("launch", "shapes", "btlint-assert": the value a `tl.static_assert(P ==
// value)` pins, "btlint-stride" for a constexpr inner stride, "btlint",
// "btlint-flag"). Parameters
// @triton.heuristics sets are the harness's to compute.
std::map<std::string, std::pair<ScalarValue, std::string>>
sharedConstexprValues(const Kernel &kernel, const LaunchValues &launches,
                      const std::map<std::string, int64_t> &shapes) {
  std::map<std::string, std::pair<ScalarValue, std::string>> out;
  auto inEveryConfig = [&](const std::string &name) {
    if (!kernel.autotune || kernel.autotune->configs.configs.empty()) return false;
    return llvm::all_of(kernel.autotune->configs.configs, [&](const Config &c) { return c.params.count(name) > 0; });
  };
  auto setByHeuristics = [&](const std::string &name) {
    return llvm::any_of(kernel.heuristics, [&](const Heuristic &h) { return h.param == name; });
  };
  for (const Param &p : kernel.params) {
    if (!p.isConstexpr() || p.defaultValue || inEveryConfig(p.name)) continue;
    auto launched = launches.byParam.find(p.name);
    if (launched != launches.byParam.end() && !launches.unknown.count(p.name) &&
        launched->second.front().index() == 0) {
      out.emplace(p.name, std::make_pair(std::get<0>(launched->second.front()), std::string("launch")));
    } else if (auto shape = shapes.find(p.name); shape != shapes.end()) {
      out.emplace(p.name, std::make_pair(ScalarValue::ofInt(shape->second), std::string("shapes")));
    } else if (auto asserted = kernel.assertedValues.find(p.name); asserted != kernel.assertedValues.end()) {
      out.emplace(p.name, std::make_pair(ScalarValue::ofInt(asserted->second), std::string("btlint-assert")));
    } else if ((launched == launches.byParam.end() || launches.unknown.count(p.name)) &&
               kernel.innerStrideParams.count(p.name) &&
               llvm::all_of(p.uses, [](ParamUse use) { return use == ParamUse::PointerOffset || use == ParamUse::Grid; })) {
      // The contiguous axis's stride, as btlint's model takes it; not a
      // width or a count that is also computed with, bounds loops or masks
      // (`o_d * W` with W a convolution's width, `o_t * H` with H heads).
      out.emplace(p.name, std::make_pair(ScalarValue::ofInt(1), std::string("btlint-stride")));
    } else if ((launched == launches.byParam.end() || launches.unknown.count(p.name)) &&
               (p.uses.count(ParamUse::TileExtent) || p.uses.count(ParamUse::LoopBound))) {
      const int64_t extent = p.uses.count(ParamUse::TileExtent) ? kAssumedTileExtent : kAssumedProblemExtent;
      out.emplace(p.name, std::make_pair(ScalarValue::ofInt(extent), std::string("btlint")));
    } else if ((launched == launches.byParam.end() || launches.unknown.count(p.name)) && !setByHeuristics(p.name) &&
               testedAsFlag(kernel, p.name)) {
      out.emplace(p.name, std::make_pair(ScalarValue::ofBool(false), std::string("btlint-flag")));
    }
  }
  return out;
}

// The smallest prime above `n`.
int64_t primeAbove(int64_t n) {
  for (int64_t candidate = n + 1;; ++candidate) {
    bool prime = candidate > 1;
    for (int64_t d = 2; d * d <= candidate && prime; ++d) prime = candidate % d != 0;
    if (prime) return candidate;
  }
}

// The tile parameters that walk shape name `dim`, by the usual naming
// (`BLOCK_M`, `BLOCK_SIZE_M` for `M`); empty when none is named so.
std::vector<std::string> tileParamsOf(const std::string &dim, const std::vector<std::string> &tiles) {
  std::vector<std::string> out;
  const std::string upper = llvm::StringRef(dim).upper();
  for (const std::string &tile : tiles) {
    const std::string name = llvm::StringRef(tile).upper();
    if (name == "BLOCK" + upper || llvm::StringRef(name).ends_with("_" + upper)) out.push_back(tile);
  }
  return out;
}

// The boundary shapes of a kernel's bench spec (run.py --boundary): from the
// spec's first shape, one dimension at a time at 1, at block - 1 and
// block + 1 for each block size of the list along it, at the largest block
// less 16 (a multiple of 16, so Triton's divisibility specialisation, that
// no larger tile divides: K = 48 under BLOCK_K = 64) and at the prime just
// above the largest block. A dimension's block sizes are the list's values
// of the tile parameters named for it (`BLOCK_M` for `M`), else of every
// tile parameter. The first shape itself comes first.
json::Object boundaryShapes(const Kernel &kernel, const BenchSpec &spec) {
  const std::map<std::string, int64_t> &base = spec.shapes.front();
  std::vector<std::string> dims = spec.boundaryDims;
  if (dims.empty())
    for (const auto &[name, _] : base) dims.push_back(name);
  std::vector<std::string> tiles(kernel.tileParams.begin(), kernel.tileParams.end());
  json::Object baseJson, dimsJson;
  for (const auto &[n, v] : base) baseJson[n] = v;
  json::Array shapes{json::Object{{"shape", json::Object(baseJson)}, {"varies", nullptr}}};
  std::set<std::map<std::string, int64_t>> seen{base};
  for (const std::string &dim : dims) {
    std::vector<std::string> named = tileParamsOf(dim, tiles);
    const bool byName = !named.empty();
    if (!byName) named = tiles;
    std::set<int64_t> blocks;
    for (const Config &config : kernel.autotune->configs.configs)
      for (const std::string &param : named)
        if (auto found = config.params.find(param); found != config.params.end() && found->second.isInt() &&
                                                    found->second.asInt() > 1)
          blocks.insert(found->second.asInt());
    std::set<int64_t> values{1};
    for (int64_t block : blocks) {
      values.insert(block - 1);
      values.insert(block + 1);
    }
    if (!blocks.empty()) {
      const int64_t largest = *blocks.rbegin();
      if (largest > 32) values.insert(largest - 16);
      values.insert(primeAbove(largest + 1));
    }
    json::Array valuesJson;
    for (int64_t value : values) {
      std::map<std::string, int64_t> shape = base;
      shape[dim] = value;
      if (value < 1 || !seen.insert(shape).second) continue;
      valuesJson.push_back(value);
      json::Object shapeJson;
      for (const auto &[n, v] : shape) shapeJson[n] = v;
      shapes.push_back(json::Object{{"shape", std::move(shapeJson)}, {"varies", dim}});
    }
    dimsJson[dim] = json::Object{{"tile_params", json::Array(std::vector<json::Value>(named.begin(), named.end()))},
                                 {"matched_by_name", byName},
                                 {"blocks", json::Array(std::vector<json::Value>(blocks.begin(), blocks.end()))},
                                 {"values", std::move(valuesJson)}};
  }
  return json::Object{{"base", std::move(baseJson)}, {"dims", std::move(dimsJson)}, {"shapes", std::move(shapes)}};
}

bool spanContains(const SourceSpan &span, uint32_t line) {
  return span.valid() && span.line <= line && line <= std::max(span.endLine, span.line);
}

// The kernel a finding is about (Diagnostic::kernel), in `model`.
const Kernel *kernelOfFinding(const Diagnostic &d, const FileModel &model) {
  return d.kernel.empty() ? nullptr : model.findKernel(d.kernel);
}

// Its configs that `kernel`'s autotune list holds.
std::vector<size_t> configsOfFinding(const Diagnostic &d, const Kernel &kernel) {
  std::vector<size_t> out;
  if (!kernel.autotune) return out;
  for (size_t index : d.configs)
    if (index < kernel.autotune->configs.configs.size()) out.push_back(index);
  return out;
}

json::Object archInfoJson(const ArchInfo &a) {
  return json::Object{{"compute_capability", a.computeCapability},
                      {"max_shared_per_block_optin", a.maxSharedPerBlockOptIn},
                      {"static_shared_limit", a.staticSharedLimit},
                      {"registers_per_sm", a.registersPerSM},
                      {"max_registers_per_thread", a.maxRegistersPerThread},
                      {"sm_count", a.smCount},
                      {"product", a.productName},
                      {"peak_tflops_fp16", a.peakTflopsFp16},
                      {"peak_tflops_bf16", a.peakTflopsBf16},
                      {"peak_tflops_tf32", a.peakTflopsTf32},
                      {"peak_tflops_fp8", a.peakTflopsFp8},
                      {"memory_bandwidth_gbs", a.memoryBandwidthGBs}};
}

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return buffer;
}

} // namespace

bool readFindingsJson(const std::string &file, std::vector<Diagnostic> &findings, std::string &error) {
  std::optional<json::Value> parsed = readJson(file, error);
  if (!parsed) return false;
  const json::Array *array = parsed->getAsArray();
  if (!array) {
    error = file + ": expected the JSON array that `btlint --format json` prints";
    return false;
  }
  size_t index = 0;
  for (const json::Value &v : *array) {
    ++index;
    const json::Object *o = v.getAsObject();
    auto rule = o ? o->getString("rule") : std::nullopt;
    auto findingPath = o ? o->getString("path") : std::nullopt;
    auto line = o ? o->getInteger("line") : std::nullopt;
    if (!rule || !findingPath || !line) {
      error = file + ": finding " + std::to_string(index) + " lacks `rule`, `path` or `line`";
      return false;
    }
    Diagnostic d;
    d.ruleId = rule->str();
    d.path = findingPath->str();
    d.span.line = static_cast<uint32_t>(*line);
    d.span.column = static_cast<uint32_t>(o->getInteger("column").value_or(1));
    d.span.endLine = static_cast<uint32_t>(o->getInteger("end_line").value_or(*line));
    d.span.endColumn = static_cast<uint32_t>(o->getInteger("end_column").value_or(d.span.column));
    d.message = o->getString("message").value_or("").str();
    d.severity = parseSeverity(o->getString("severity").value_or("warning").str()).value_or(Severity::Warning);
    if (auto a = o->getString("arch")) d.arch = a->str();
    if (auto m = o->getString("measure")) d.measure = m->str();
    if (auto limit = o->getInteger("measure_limit")) d.measureLimit = *limit;
    if (auto kernel = o->getString("kernel")) d.kernel = kernel->str();
    if (const json::Array *configs = o->getArray("configs"))
      for (const auto &c : *configs)
        if (auto index = c.getAsInteger(); index && *index >= 0) d.configs.push_back(static_cast<size_t>(*index));
    if (const json::Array *notes = o->getArray("notes"))
      for (const auto &n : *notes)
        if (auto s = n.getAsString()) d.notes.push_back(s->str());
    findings.push_back(std::move(d));
  }
  return true;
}

namespace {

// btlint tune's ranking of a kernel's list on every shape of its bench spec
// (the shape's names that are kernel arguments), on the first arch: what
// run.py --tune verifies. Each config by its list position (0-based, the
// manifest's `index`), its predicted time and rank per shape; the top k; the
// two baselines: the list's first config and the largest tile that fits.
json::Value tuneRanking(const Kernel &kernel, const std::string &file,
                        const std::map<std::string, std::unique_ptr<FileModel>> &models, const BenchSpec &spec,
                        const EmitOptions &options, std::string &why) {
  report::ModelsByArch byArch;
  for (const auto &[arch, model] : models) byArch[arch].push_back(*model);
  tune::TuneOptions tuneOptions;
  tuneOptions.arch = options.archs.front();
  for (const auto &shape : spec.shapes) {
    tune::Shape own;
    for (const auto &[name, value] : shape)
      if (kernel.findParam(name)) own[name] = value;
    tuneOptions.shapes.push_back(std::move(own));
  }
  for (const auto &[name, settings] : options.config.kernels)
    if (!settings.shapes.empty()) tuneOptions.configShapes[name] = settings.shapes;
  std::optional<tune::TuneResult> result = tune::tuneKernel(byArch, file, kernel.name, tuneOptions, why);
  if (!result) return nullptr;
  json::Array configs;
  const tune::Candidate *largest = nullptr;
  double largestTile = 0;
  std::vector<const tune::Candidate *> byNumber(result->candidates.size());
  for (const tune::Candidate &c : result->candidates) byNumber[c.number - 1] = &c;
  for (const tune::Candidate *c : byNumber) {
    json::Object entry{{"index", static_cast<int64_t>(c->number - 1)}};
    json::Array eliminated;
    for (const report::Elimination &e : c->eliminatedBy) eliminated.push_back(e.reason);
    entry["eliminated_by"] = std::move(eliminated);
    if (!c->eliminated()) {
      json::Array predicted, ranks;
      for (const tune::ShapeScore &s : c->shapes) {
        predicted.push_back(s.terms.timeUs);
        ranks.push_back(static_cast<int64_t>(s.rank));
      }
      entry["predicted_us"] = std::move(predicted);
      entry["rank"] = std::move(ranks);
    }
    // The largest tile that fits: the product of the tile parameters.
    const report::ArchVerdict &verdict = c->row.archs.at(result->arch);
    double tile = 1;
    for (const std::string &name : result->roles.tiles)
      if (auto found = c->config.params.find(name); found != c->config.params.end() && found->second.isInt())
        tile *= static_cast<double>(found->second.asInt());
    if (verdict.fit == "fits" && tile > largestTile) {
      largestTile = tile;
      largest = c;
    }
    configs.push_back(std::move(entry));
  }
  json::Array shapes;
  for (const tune::Shape &shape : tuneOptions.shapes) {
    json::Object object;
    for (const auto &[name, value] : shape) object[name] = value;
    shapes.push_back(std::move(object));
  }
  return json::Object{{"arch", result->arch},
                      {"dtype", result->dtype},
                      {"shapes", std::move(shapes)},
                      {"top_k", static_cast<int64_t>(result->topK)},
                      {"first", 0},
                      {"largest_fit", largest ? json::Value(static_cast<int64_t>(largest->number - 1)) : nullptr},
                      {"configs", std::move(configs)}};
}

} // namespace

bool emitHarness(const std::vector<Diagnostic> &findings, const EmitOptions &options, std::string &error,
                 size_t &foreignKernels) {
  if (std::error_code ec = fs::create_directories(options.dir)) {
    error = options.dir + ": cannot create: " + ec.message();
    return false;
  }
  Sources sources;
  Copier copier;
  copier.dir = options.dir;

  // Models of every flagged file, for each arch (configs and estimates).
  std::map<std::string, std::vector<Diagnostic>> byFile;
  if (options.all)
    for (const std::string &file : options.allFiles)
      if (std::optional<Language> language = languageOf(file); language && sources.mayContainKernels(file, *language))
        byFile[file];
  json::Array skipped;
  for (const auto &d : findings) {
    if (!languageOf(d.path)) {
      skipped.push_back(json::Object{{"rule", d.ruleId}, {"path", d.path}, {"line", d.span.line},
                                     {"why", "not a Triton or CUDA source (nothing to compile)"}});
      continue;
    }
    byFile[d.path].push_back(d);
  }

  json::Array kernelsJson, findingsJson, cudaJson, pythonPath, fileErrors, foreignKernelsJson;
  std::set<std::string> pythonPathSeen;
  std::map<std::string, const BenchSpec *> benchByKernel;
  for (const auto &spec : options.config.bench) benchByKernel[spec.kernel] = &spec;
  // A CUDA spec names a kernel, a template (every instantiation) or one instantiation.
  auto benchFor = [&](const Kernel &k) -> const BenchSpec * {
    auto it = benchByKernel.find(k.name);
    if (it == benchByKernel.end() && !k.templateName.empty()) it = benchByKernel.find(k.templateName);
    return it == benchByKernel.end() ? nullptr : it->second;
  };
  size_t findingId = 0;

  for (const auto &[file, fileFindings] : byFile) {
    Language language = *languageOf(file);
    std::string parseError;
    const ParsedFile *parsed = sources.parse(file, language, parseError);
    std::map<std::string, std::unique_ptr<FileModel>> models; // arch -> model
    if (parsed) {
      for (const auto &archName : options.archs) {
        const ArchInfo *arch = findArch(archName);
        if (!arch) continue;
        auto model = std::make_unique<FileModel>();
        model->path = file;
        model->language = language;
        ModelContext context;
        context.arch = arch;
        context.settings.dtype = options.dtype;
        context.settings.dtypeSource = options.dtypeSource;
        context.modules = &sources;
        context.kernelSettings = &options.config.kernels;
        context.autotuners = &options.config.autotuners;
        context.environment = &options.config.environment;
        frontEndFor(language)->buildModel(*parsed, context, *model);
        models[archName] = std::move(model);
      }
    } else {
      fileErrors.push_back(parseError);
    }
    const FileModel *model = models.empty() ? nullptr : models.begin()->second.get();

    // Kernels of this file, in the manifest.
    std::map<const Kernel *, std::string> kernelIds;
    std::string module, root, cudaSource, includeDir;
    bool copiedFile = false;
    auto kernelId = [&](const Kernel &k) -> std::string {
      auto it = kernelIds.find(&k);
      if (it != kernelIds.end()) return it->second;
      std::string id = "k" + std::to_string(kernelsJson.size());
      kernelIds[&k] = id;
      if (!copiedFile) {
        copiedFile = true;
        if (language == Language::Python) {
          if (!copier.copyPython(file, module, root, error)) return {};
          if (pythonPathSeen.insert(root).second) pythonPath.push_back(root);
        } else {
          if (!copier.copyCuda(file, cudaSource, includeDir, error)) return {};
          cudaJson.push_back(json::Object{{"id", "c" + std::to_string(cudaJson.size())},
                                          {"source", cudaSource},
                                          {"original_path", file},
                                          {"include_dirs", json::Array{includeDir}}});
        }
      }
      json::Object entry{{"id", id},
                         {"name", k.name},
                         {"language", language == Language::Python ? "triton" : "cuda"},
                         {"original_path", file},
                         {"line", k.nameSpan.line ? k.nameSpan.line : k.span.line}};
      std::string dtype = !k.dtype.empty() ? k.dtype : options.dtype;
      entry["dtype"] = dtype;
      entry["dtype_source"] = !k.dtypeSource.empty() ? k.dtypeSource : options.dtypeSource;
      if (language == Language::Python) {
        entry["module"] = module;
        entry["python_path"] = root;
      } else {
        entry["cuda_source"] = "c" + std::to_string(cudaJson.size() - 1);
        entry["symbol"] = k.symbol;
        if (k.staticSharedBytes) entry["estimated_static_shared_bytes"] = *k.staticSharedBytes;
        // What the generated driver needs: the template's parameters by name
        // (launch formulas use them) and what the file opts the kernel in to.
        if (!k.templateName.empty()) {
          entry["template_name"] = k.templateName;
          json::Object args;
          for (const auto &[n, v] : k.templateArguments) args[n] = scalarJson(v);
          entry["template_args"] = std::move(args);
        }
        if (k.isTemplatePattern) entry["template_pattern"] = true;
        if (k.launchBoundsThreads && k.launchBoundsThreads->isInt())
          entry["launch_bounds"] = k.launchBoundsThreads->asInt();
        if (k.hasOptInDynamicSmem)
          entry["opt_in_dynamic_smem"] = k.optInDynamicSmemBytes ? json::Value(*k.optInDynamicSmemBytes)
                                                                 : json::Value(true);
      }
      json::Array params;
      for (const auto &p : k.params) {
        json::Object po{{"name", p.name}, {"kind", paramKindName(p.kind)}, {"annotation", p.annotation}};
        if (p.defaultValue) po["default"] = scalarJson(*p.defaultValue);
        params.push_back(std::move(po));
      }
      entry["params"] = std::move(params);
      LaunchValues launched = collectLaunchValues(k, model);
      entry["launch_values"] = launchValuesJson(launched);
      entry["inner_stride_params"] =
          json::Array(std::vector<json::Value>(k.innerStrideParams.begin(), k.innerStrideParams.end()));
      entry["tile_params"] = json::Array(std::vector<json::Value>(k.tileParams.begin(), k.tileParams.end()));
      // Shapes: the bench spec's first shape, then `kernels:` settings.
      std::map<std::string, int64_t> shapeValues;
      auto settings = options.config.kernels.find(k.name);
      if (settings != options.config.kernels.end())
        for (const auto &[n, v] : settings->second.shapes) shapeValues[n] = v;
      if (const BenchSpec *found = benchFor(k)) {
        const BenchSpec &b = *found;
        if (!b.shapes.empty())
          for (const auto &[n, v] : b.shapes.front()) shapeValues[n] = v;
        json::Array shapeList;
        for (const auto &s : b.shapes) {
          json::Object so;
          for (const auto &[n, v] : s) so[n] = v;
          shapeList.push_back(std::move(so));
        }
        json::Object argDtypes;
        for (const auto &[n, v] : b.argDtypes) argDtypes[n] = v;
        entry["arg_dtypes"] = std::move(argDtypes);
        json::Object benchJson{{"launcher", b.launcher}, {"shapes", std::move(shapeList)},
                               {"dtype", b.dtype.empty() ? dtype : b.dtype}, {"flops", b.flops},
                               {"bytes", b.bytes}, {"warmup_ms", b.warmupMs}, {"rep_ms", b.repMs}};
        if (b.isCuda()) {
          auto strings = [](const std::vector<std::string> &v) {
            return json::Array(std::vector<json::Value>(v.begin(), v.end()));
          };
          benchJson["grid"] = strings(b.grid);
          benchJson["block"] = strings(b.block);
          benchJson["smem"] = b.smem;
          benchJson["host"] = b.host;
          json::Array args;
          for (const auto &[n, f] : b.args) args.push_back(json::Array{n, f});
          benchJson["args"] = std::move(args);
          benchJson["args_positional"] = b.argsPositional;
        }
        if (!b.reference.empty()) benchJson["reference"] = b.reference;
        entry["bench"] = std::move(benchJson);
        if (language == Language::Python && k.autotune && !k.autotune->configs.configs.empty() &&
            !b.shapes.empty())
          entry["boundary"] = boundaryShapes(k, b);
      }
      json::Object shapes;
      for (const auto &[n, v] : shapeValues) shapes[n] = v;
      entry["shapes"] = std::move(shapes);
      // CUDA template parameters come from the instantiation, never assumed.
      const auto shared = language == Language::Python
                              ? sharedConstexprValues(k, launched, shapeValues)
                              : std::map<std::string, std::pair<ScalarValue, std::string>>{};
      json::Object assumedJson;
      for (const auto &[n, v] : shared)
        assumedJson[n] = json::Object{{"value", scalarJson(v.first)}, {"source", v.second}};
      entry["constexpr_values"] = std::move(assumedJson);
      // Configs with btlint's estimate for each arch.
      json::Array configs;
      if (k.autotune) {
        entry["configs_complete"] = k.autotune->configs.complete;
        if (!k.autotune->configs.complete) entry["configs_unknown_reason"] = k.autotune->configs.unknownReason;
        for (const auto &c : k.autotune->configs.configs) {
          json::Object params;
          for (const auto &[n, v] : c.params) params[n] = scalarJson(v);
          json::Object co{{"index", static_cast<int64_t>(c.index)},
                          {"params", std::move(params)},
                          {"line", c.span.line},
                          {"expansion", c.expansion.str()}};
          co["num_warps"] = c.numWarps && c.numWarps->isInt() ? json::Value(c.numWarps->asInt())
                                                                : json::Value(kDefaultNumWarps);
          co["num_stages"] = c.numStages && c.numStages->isInt() ? json::Value(c.numStages->asInt())
                                                                   : json::Value(kDefaultNumStages);
          if (c.numCtas && c.numCtas->isInt()) co["num_ctas"] = c.numCtas->asInt();
          if (c.maxnreg && c.maxnreg->isInt()) co["maxnreg"] = c.maxnreg->asInt();
          json::Object estimates;
          for (const auto &[archName, archModel] : models) {
            const Kernel *same = archModel->findKernel(k.name);
            if (!same || !same->autotune || c.index >= same->autotune->configs.configs.size()) continue;
            std::string why;
            Config withShared = same->autotune->configs.configs[c.index];
            for (const auto &[n, v] : shared)
              if (!withShared.params.count(n)) withShared.params[n] = v.first;
            auto estimate = resources::estimateKernelResources(
                *same, withShared, *findArch(archName), dtype,
                entry.getString("dtype_source")->str(), &why);
            if (!estimate) {
              estimates[archName] = json::Object{{"unknown", why}};
              continue;
            }
            estimates[archName] = json::Object{{"smem_min", estimate->shared.minBytes},
                                               {"smem_max", estimate->shared.maxBytes},
                                               {"regs_per_thread", estimate->registers.registersPerThread},
                                               {"working_set_regs", estimate->registers.workingSet},
                                               {"spill_threshold_regs", estimate->registers.spillThreshold},
                                               {"spills", estimate->registers.spills},
                                               {"fits", estimate->fits}};
            // What the shared-memory figure is made of, for reading a
            // disagreement with the compiler.
            estimates[archName].getAsObject()->try_emplace(
                "smem_breakdown",
                json::Array(std::vector<json::Value>(estimate->shared.breakdown.begin(), estimate->shared.breakdown.end())));
          }
          co["estimate"] = std::move(estimates);
          configs.push_back(std::move(co));
        }
      }
      entry["configs"] = std::move(configs);
      if (options.tune && language == Language::Python && k.autotune && benchFor(k) && !models.empty()) {
        std::string why;
        json::Value ranking = tuneRanking(k, file, models, *benchFor(k), options, why);
        if (why.empty()) entry["tune"] = std::move(ranking);
        else entry["tune_error"] = why;
      }
      kernelsJson.push_back(std::move(entry));
      return id;
    };

    // --all: every Triton kernel with a config list or a launch in its file, in
    // the file's order before the findings', so that a kernel's id does not
    // move when findings come or go (results recorded against an earlier
    // emit of the same tree still join).
    // A CUDA file: every instantiated kernel (ptxas compiles each).
    if (options.all && model && language == Language::Cuda)
      for (const auto &k : model->kernels)
        if (!k.symbol.empty() && !k.isTemplatePattern)
          if (kernelId(k).empty() && !error.empty()) return false;
    // Kernels of a file for another vendor's Triton (`backend:` in
    // .btlint.yaml, else its folder or imports: `_cambricon/`, `import
    // torch_npu`) are not compiled for NVIDIA: listed apart, so that a
    // whole-repository count says what was left out.
    std::string foreignEvidence;
    const ForeignBackend *foreign =
        model ? forkOfFile(configuredBackend(file, options.config), file, model->importedModules, foreignEvidence)
              : nullptr;
    if (options.all && model && language == Language::Python)
      for (const auto &k : model->kernels) {
        const bool launched = std::any_of(model->launches.begin(), model->launches.end(),
                                          [&](const LaunchSite &launch) { return callsOwnKernel(launch, k); });
        const bool listed = k.autotune && !k.autotune->configs.configs.empty();
        if (!(listed || launched) || k.calledByKernel) continue;
        if (foreign) {
          foreignKernelsJson.push_back(json::Object{
              {"name", k.name}, {"path", file}, {"line", k.span.line},
              {"configs", static_cast<int64_t>(listed ? k.autotune->configs.configs.size() : 0)},
              {"why", "a kernel for " + foreign->vendor + " (" + foreignEvidence + "), not compiled for NVIDIA"}});
          continue;
        }
        if (kernelId(k).empty() && !error.empty()) return false;
      }

    for (const auto &d : fileFindings) {
      if (foreign && language == Language::Python) {
        skipped.push_back(json::Object{{"rule", d.ruleId}, {"path", d.path}, {"line", d.span.line},
                                       {"why", "in a file for " + foreign->vendor + " (" + foreignEvidence +
                                                   "): Triton for NVIDIA does not compile its kernels"}});
        continue;
      }
      json::Object fo{{"id", static_cast<int64_t>(findingId++)},
                      {"rule", d.ruleId},
                      {"severity", std::string(severityName(d.severity))},
                      {"path", d.path},
                      {"line", d.span.line},
                      {"column", d.span.column},
                      {"message", d.message},
                      {"arch", d.arch ? json::Value(*d.arch) : json::Value(nullptr)},
                      {"notes", [&] {
                         json::Array notes;
                         for (const Note &note : d.notes) notes.push_back(note.text);
                         return notes;
                       }()}};
      const RegisteredRule *rule = RuleRegistry::instance().find(d.ruleId);
      fo["category"] = rule ? std::string(categoryName(rule->info.category)) : std::string("unknown");
      // What the collector measures: the finding's own, else its rule's.
      fo["measure"] = !d.measure.empty() ? d.measure
                      : rule             ? std::string(measureName(rule->info.measure))
                                         : std::string(measureName(Measure::None));
      if (d.measureLimit) fo["measure_limit"] = *d.measureLimit;
      // The model of the finding's arch, else the first.
      const FileModel *m = model;
      if (d.arch && models.count(*d.arch)) m = models[*d.arch].get();
      const Kernel *k = m ? kernelOfFinding(d, *m) : nullptr;
      if (k) {
        // Ids are per kernel of the first model; find the same kernel there.
        const Kernel *first = model->findKernel(k->name);
        if (language == Language::Cuda) {
          for (const auto &other : model->kernels)
            if (other.symbol == k->symbol && !k->symbol.empty()) first = &other;
        }
        std::string id = kernelId(first ? *first : *k);
        if (id.empty() && !error.empty()) return false;
        fo["kernel"] = id;
        fo["configs"] = json::Array([&] {
          std::vector<json::Value> out;
          for (size_t i : configsOfFinding(d, *k)) out.push_back(static_cast<int64_t>(i));
          return out;
        }());
        if (language == Language::Cuda) {
          // Every instantiation of the same template is compiled anyway.
          for (const auto &other : model->kernels)
            if (!other.templateName.empty() && other.templateName == k->templateName) kernelId(other);
        }
      } else {
        fo["kernel"] = nullptr;
        fo["configs"] = nullptr;
        if (language == Language::Cuda && model && !model->kernels.empty()) {
          // File-level CUDA findings: ptxas reports per entry; compile them all.
          for (const auto &other : model->kernels) kernelId(other);
        }
      }
      // A CUDA launch finding: the launch as btlint read it, so that the
      // driver can repeat it (block, dynamic shared memory, no opt-in).
      if (language == Language::Cuda && m)
        for (const auto &launch : m->launches) {
          if (!(spanContains(launch.span, d.span.line) || launch.span.line == d.span.line)) continue;
          const Kernel *launched = model ? calledKernel(launch, *model, nullptr) : nullptr;
          if (!launched) break;
          std::string id = kernelId(*launched);
          if (id.empty() && !error.empty()) return false;
          json::Object lo{{"kernel", id}, {"line", launch.span.line}, {"api", launch.launchApi},
                          {"function", launch.enclosingFunction}};
          if (launch.blockDims.size() == 3 &&
              std::all_of(launch.blockDims.begin(), launch.blockDims.end(), [](const ScalarValue &v) {
                return v.isInt();
              }))
            lo["block"] = json::Array{launch.blockDims[0].asInt(), launch.blockDims[1].asInt(),
                                      launch.blockDims[2].asInt()};
          if (launch.blockThreads && launch.blockThreads->isInt()) lo["threads"] = launch.blockThreads->asInt();
          if (launch.dynamicSmemBytes && launch.dynamicSmemBytes->isInt())
            lo["dynamic_smem_bytes"] = launch.dynamicSmemBytes->asInt();
          fo["launch"] = std::move(lo);
          break;
        }
      findingsJson.push_back(std::move(fo));
    }
    // CUDA kernels with a bench spec are timed: every instantiation of a
    // template the spec names, flagged or not.
    if (language == Language::Cuda && model && copiedFile)
      for (const auto &k : model->kernels)
        if (!k.isTemplatePattern && benchFor(k))
          if (kernelId(k).empty() && !error.empty()) return false;
  }

  json::Object archInfo;
  for (const auto &a : options.archs)
    if (const ArchInfo *info = findArch(a)) archInfo[a] = archInfoJson(*info);
  foreignKernels = foreignKernelsJson.size();
  json::Object manifest{{"format", 1},
                        {"created", utcNow()},
                        {"btlint_version", BTLINT_VERSION},
                        {"archs", json::Array(std::vector<json::Value>(options.archs.begin(), options.archs.end()))},
                        {"arch_info", std::move(archInfo)},
                        {"dtype", options.dtype},
                        {"config_file", options.configPath},
                        {"python_path", std::move(pythonPath)},
                        {"wider_search", options.widerSearch},
                        {"kernels", std::move(kernelsJson)},
                        {"cuda_sources", std::move(cudaJson)},
                        {"findings", std::move(findingsJson)},
                        {"skipped_findings", std::move(skipped)},
                        {"foreign_backend_kernels", std::move(foreignKernelsJson)},
                        {"source_errors", std::move(fileErrors)},
                        {"copy_notes", json::Array(std::vector<json::Value>(copier.notes.begin(), copier.notes.end()))}};

  // Bench launchers: the module beside the config file, copied with its folder.
  if (!options.config.bench.empty() && !options.config.root.empty()) {
    json::Array launchers;
    // Launchers and references, each with what it is and its spec's line.
    std::vector<std::tuple<std::string, const char *, uint32_t>> callables;
    for (const auto &spec : options.config.bench) {
      if (spec.launcher.empty()) continue; // a CUDA spec: the driver is generated
      callables.emplace_back(spec.launcher, "launcher", spec.line);
      if (!spec.reference.empty()) callables.emplace_back(spec.reference, "reference", spec.line);
    }
    for (const auto &[callable, what, line] : callables) {
      llvm::StringRef module = llvm::StringRef(callable).split(':').first;
      std::string relative = module.str();
      std::replace(relative.begin(), relative.end(), '.', '/');
      std::string file = options.config.root + "/" + relative + ".py";
      if (!fs::exists(file)) file = options.config.root + "/" + relative + "/__init__.py";
      if (!fs::exists(file)) {
        error = options.configPath + ":" + std::to_string(line) + ": " + what + " module `" + module.str() +
                "` not found (looked for " + relative + ".py beside the config file)";
        return false;
      }
      std::string root = copier.rootFor(absolute(options.config.root), "src");
      if (!copier.copy(absolute(file), options.dir + "/" + root + "/" + absolute(file).substr(
                                               absolute(options.config.root).size()), error))
        return false;
      if (pythonPathSeen.insert(root).second) manifest.getArray("python_path")->push_back(root);
      if (llvm::none_of(launchers, [&](const json::Value &v) { return v.getAsString() == callable; }))
        launchers.push_back(callable);
    }
    manifest["launchers"] = std::move(launchers);
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", json::Value(std::move(manifest))) << "\n";
  os.flush();
  if (!writeFile(options.dir + "/manifest.json", text, error)) return false;
  for (const auto &f : harnessFiles())
    if (!writeFile(options.dir + "/" + std::string(f.name), f.contents, error)) return false;
  return true;
}

} // namespace btlint::bench
