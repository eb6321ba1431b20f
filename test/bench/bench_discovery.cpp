// How fast btlint gets through a tree of plain Python files.
//
// Generates 10,000 Python modules without kernel code (100 packages of 100
// files, ~2 KB each) in a temporary folder and measures:
//   cli/*        the real btlint binary on the whole tree (process start,
//                discovery, reading, pre-filter, output), -j1, -j2 and the
//                default thread count;
//   engine/*     btlint::runAnalysis in this process (no process start);
//   discovery    btlint::discoverFiles alone (walking and .gitignore);
//   read+filter  readSourceText and the Python pre-filter over every file,
//                on one thread.
// The target: the CLI lints the tree in under 1 s of wall time on a 2-core
// machine. Counters: files/s. A summary line per CLI case follows the table.
//
// usage: bench_discovery [--benchmark_* flags]   (BTLINT_BENCH_FILES overrides 10000)
#include "config/ProjectConfig.h"
#include "engine/Discovery.h"
#include "engine/Engine.h"
#include "engine/FrontEndRegistry.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr size_t kFilesPerPackage = 100;

struct GeneratedTree {
  std::string root;
  size_t files = 0;
};

GeneratedTree &tree() {
  static GeneratedTree instance;
  return instance;
}

// A plain module: imports, a dataclass, helpers, no kernel code. It avoids the
// words the Python pre-filter looks for, so every file is read and rejected.
std::string plainModule(size_t index) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "\"\"\"Utilities for data set shard " << index << ": path handling and record parsing.\"\"\"\n"
     << "from __future__ import annotations\n\nimport dataclasses\nimport json\nimport os\n"
     << "from typing import Iterable, Iterator\n\n\n"
     << "@dataclasses.dataclass\nclass Record" << index << ":\n"
     << "    name: str\n    size: int\n    tags: list[str] = dataclasses.field(default_factory=list)\n\n"
     << "    def to_json(self) -> str:\n        return json.dumps(dataclasses.asdict(self), sort_keys=True)\n\n\n"
     << "def iter_records_" << index << "(paths: Iterable[str]) -> Iterator[Record" << index << "]:\n"
     << "    for path in paths:\n        if not os.path.exists(path):\n            continue\n"
     << "        with open(path, encoding=\"utf-8\") as handle:\n            for line in handle:\n"
     << "                fields = line.rstrip(\"\\n\").split(\",\")\n"
     << "                yield Record" << index << "(fields[0], int(fields[1]), fields[2:])\n\n\n"
     << "def total_size_" << index << "(records: Iterable[Record" << index << "]) -> int:\n"
     << "    total = 0\n    for record in records:\n        total += record.size * " << (index % 7 + 1) << "\n"
     << "    return total\n\n\n"
     << "def shard_name_" << index << "(prefix: str, number: int = " << index << ") -> str:\n"
     << "    return f\"{prefix}-{number:05d}.csv\"\n\n\n"
     << "SHARD_SIZES = {" << index % 13 << ": 1024, " << index % 17 << ": 2048, " << index % 19 << ": 4096}\n";
  for (size_t i = 0; i < 12; ++i)
    os << "\n\ndef normalise_" << index << "_" << i << "(value: float) -> float:\n"
       << "    \"\"\"Scales a value into the unit interval for column " << i << ".\"\"\"\n"
       << "    return max(0.0, min(1.0, value / " << (i + 2) << ".0))\n";
  return text;
}

bool generateTree(size_t fileCount) {
  llvm::SmallString<256> root;
  if (llvm::sys::fs::createUniqueDirectory("btlint-bench-tree", root)) return false;
  tree().root = std::string(root);
  for (size_t i = 0; i < fileCount; ++i) {
    llvm::SmallString<256> dir(root);
    llvm::sys::path::append(dir, "package_" + std::to_string(i / kFilesPerPackage));
    if (i % kFilesPerPackage == 0 && llvm::sys::fs::create_directories(dir)) return false;
    llvm::SmallString<256> file(dir);
    llvm::sys::path::append(file, "module_" + std::to_string(i) + ".py");
    std::error_code ec;
    llvm::raw_fd_ostream out(file, ec);
    if (ec) return false;
    out << plainModule(i);
  }
  tree().files = fileCount;
  return true;
}

// Runs the btlint binary on the tree; the findings go to /dev/null.
std::optional<int> runCli(const std::vector<std::string> &extraArguments) {
  std::vector<llvm::StringRef> arguments{BTLINT_BINARY, "--no-config"};
  for (const auto &a : extraArguments) arguments.push_back(a);
  arguments.push_back(tree().root);
  std::optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), llvm::StringRef("/dev/null"), std::nullopt};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(BTLINT_BINARY, arguments, std::nullopt, redirects, 0, 0, &error);
  if (status < 0) {
    llvm::errs() << "bench_discovery: cannot run " << BTLINT_BINARY << ": " << error << '\n';
    return std::nullopt;
  }
  return status;
}

void setFileCounters(benchmark::State &state) {
  state.counters["files"] = static_cast<double>(tree().files);
  state.counters["files/s"] = benchmark::Counter(static_cast<double>(tree().files),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

void BM_CliWholeTree(benchmark::State &state, std::vector<std::string> arguments) {
  for (auto _ : state) {
    auto status = runCli(arguments);
    if (!status || *status > 1) {
      state.SkipWithError("btlint failed (exit status above 1)");
      return;
    }
  }
  setFileCounters(state);
}

void BM_EngineWholeTree(benchmark::State &state) {
  btlint::EngineOptions options;
  options.paths = {tree().root};
  options.jobs = static_cast<unsigned>(state.range(0));
  btlint::ProjectConfig noConfig;
  for (auto _ : state) {
    btlint::RunResult result = btlint::runAnalysis(options, noConfig);
    if (result.statistics.filesFound != tree().files) {
      state.SkipWithError("the engine did not find every generated file");
      return;
    }
    benchmark::DoNotOptimize(result.diagnostics.data());
  }
  setFileCounters(state);
}

void BM_DiscoveryOnly(benchmark::State &state) {
  btlint::DiscoveryOptions options;
  for (auto _ : state) {
    btlint::DiscoveryResult result = btlint::discoverFiles({tree().root}, options);
    if (result.files.size() != tree().files) {
      state.SkipWithError("discovery did not find every generated file");
      return;
    }
    benchmark::DoNotOptimize(result.files.data());
  }
  setFileCounters(state);
}

void BM_ReadAndPrefilterOneThread(benchmark::State &state) {
  std::vector<std::string> paths;
  for (const auto &f : btlint::discoverFiles({tree().root}, {}).files) paths.push_back(f.path);
  const btlint::FrontEnd *python = btlint::frontEndFor(btlint::Language::Python);
  for (auto _ : state) {
    size_t mayHoldKernels = 0;
    for (const auto &path : paths) {
      std::string error;
      auto text = btlint::readSourceText(path, 32u << 20, error);
      if (text && python &&
          python->mayContainKernelCode(btlint::SourceFile(path, btlint::Language::Python, std::move(*text))))
        ++mayHoldKernels;
    }
    if (mayHoldKernels != 0) {
      state.SkipWithError("the pre-filter let a file without kernel code through");
      return;
    }
  }
  setFileCounters(state);
}

} // namespace

int main(int argc, char **argv) {
  size_t fileCount = 10000;
  if (const char *env = std::getenv("BTLINT_BENCH_FILES")) fileCount = std::strtoul(env, nullptr, 10);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;

  auto generationStart = std::chrono::steady_clock::now();
  if (!generateTree(fileCount)) {
    llvm::errs() << "bench_discovery: cannot generate the tree of " << fileCount << " files\n";
    return 1;
  }
  double generationSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - generationStart).count();
  llvm::outs() << "generated " << fileCount << " Python files without kernel code in " << tree().root << " ("
               << llvm::format("%.2f", generationSeconds) << " s)\n";
  llvm::outs().flush();
  // One untimed run, so every case reads the files from the page cache.
  runCli({});

  benchmark::RegisterBenchmark("cli/default_jobs", BM_CliWholeTree, std::vector<std::string>{})
      ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
  benchmark::RegisterBenchmark("cli/j1", BM_CliWholeTree, std::vector<std::string>{"-j", "1"})
      ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
  benchmark::RegisterBenchmark("cli/j2", BM_CliWholeTree, std::vector<std::string>{"-j", "2"})
      ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
  benchmark::RegisterBenchmark("engine/jobs", BM_EngineWholeTree)
      ->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
  benchmark::RegisterBenchmark("discovery", BM_DiscoveryOnly)
      ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
  benchmark::RegisterBenchmark("read+filter/one_thread", BM_ReadAndPrefilterOneThread)
      ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(5);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();

  // The headline, in plain words: one more timed CLI run per case.
  for (const auto &[label, arguments] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"default -j", {}}, {"-j 1", {"-j", "1"}}, {"-j 2", {"-j", "2"}}}) {
    auto start = std::chrono::steady_clock::now();
    auto status = runCli(arguments);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    llvm::outs() << "btlint " << label << " on " << fileCount << " files: "
                 << llvm::format("%.3f", seconds) << " s wall, " << llvm::format("%.0f", fileCount / seconds)
                 << " files/s, exit " << (status ? std::to_string(*status) : "?")
                 << (seconds < 1.0 ? "  (under the 1 s target)" : "  (OVER the 1 s target)") << '\n';
  }
  llvm::sys::fs::remove_directories(tree().root);
  return 0;
}
