#pragma once
// What an autotune pruner (`prune_configs_by={"early_config_prune": f}`)
// does, read from the body of `f`: the limits it enforces ("smem" when it
// compares against a shared-memory limit, "registers" for a register limit,
// "BLOCK_M<=M" when it compares a config's meta-parameter with a kernel
// argument), the config keys it reads, whether it builds configs of its own,
// and the helpers it calls (their limits count as its own).
#include "syntax/ModuleIndex.h"
#include "syntax/SyntaxTree.h"

#include <set>
#include <string>
#include <vector>

namespace btlint::python {

struct PrunerReading {
  std::set<std::string> limits;
  std::set<std::string> configKeys; // `config.kwargs["tile_size"]`, `.get("BLOCK_M")`
  bool buildsConfigs = false;        // calls `triton.Config(...)`: what runs is what it returns
  bool buildsHookedConfigs = false;  // ... with a `pre_hook=` (zeroing an output before each run)
  std::vector<std::string> helpers;  // plain names it calls (`common_prune_criteria(...)`)
  // A config key compared with a number: ("B_c", "!=", 0).
  struct Comparison {
    std::string key, op;
    int64_t value = 0;
  };
  // The conjuncts of the tests that choose the configs kept: the `if` of a
  // comprehension over the configs, the body of a lambda given to
  // `filter`: comparisons, and the plain names of helpers called there as
  // predicates (`is_fwd_candidate(config, N, d)`); only tests that run on
  // every path (not under an `if`, in a loop or a nested function), and
  // none in a function with more than one `return`.
  std::vector<Comparison> keepComparisons;
  std::vector<std::string> keepPredicates;
  // The same read from the function's only `return`, for when it is such a
  // predicate itself.
  std::vector<Comparison> returnComparisons;
  std::vector<std::string> returnPredicates;
};

PrunerReading readPruner(const SyntaxTree &tree, NodeId functionDefinition);

} // namespace btlint::python
