// Tree-sitter parsing alone: the floor btlint's whole analysis is measured against.
// Usage: bench_parse FILELIST [REPEATS]
// Reads every file named in FILELIST (one path a line) into memory, then parses all
// of them REPEATS times on one thread with the tree-sitter Python grammar btlint
// links, and prints the best wall time in seconds ("parse_seconds N").
// Reading is outside the timed region for the parse; a second figure includes it
// ("read_parse_seconds N") since btlint's wall time includes reading.
#include <tree_sitter/api.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

extern "C" const TSLanguage *tree_sitter_python(void);

namespace {
std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

size_t parseOne(TSParser *parser, const std::string &text) {
  TSTree *tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  TSNode root = ts_tree_root_node(tree);
  size_t count = ts_node_child_count(root);
  ts_tree_delete(tree);
  return count;
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_parse FILELIST [REPEATS]\n";
    return 2;
  }
  int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  std::vector<std::string> paths;
  {
    std::ifstream list(argv[1]);
    for (std::string line; std::getline(list, line);)
      if (!line.empty()) paths.push_back(line);
  }
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  using Clock = std::chrono::steady_clock;
  double bestParse = 1e30, bestReadParse = 1e30, bestReadParseCpu = 1e30;
  auto cpuNow = [] {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
  };
  size_t sink = 0, bytes = 0;
  for (int r = 0; r < repeats; ++r) {
    auto t0 = Clock::now();
    double c0 = cpuNow();
    std::vector<std::string> texts;
    texts.reserve(paths.size());
    for (const std::string &p : paths) texts.push_back(slurp(p));
    auto t1 = Clock::now();
    for (const std::string &t : texts) sink += parseOne(parser, t);
    auto t2 = Clock::now();
    bestReadParseCpu = std::min(bestReadParseCpu, cpuNow() - c0);
    bytes = 0;
    for (const std::string &t : texts) bytes += t.size();
    bestParse = std::min(bestParse, std::chrono::duration<double>(t2 - t1).count());
    bestReadParse = std::min(bestReadParse, std::chrono::duration<double>(t2 - t0).count());
  }
  ts_parser_delete(parser);
  std::printf("files %zu bytes %zu nodes %zu\n", paths.size(), bytes, sink / repeats);
  std::printf("parse_seconds %.6f\n", bestParse);
  std::printf("read_parse_seconds %.6f\n", bestReadParse);
  std::printf("read_parse_cpu_seconds %.6f\n", bestReadParseCpu);
  return 0;
}
