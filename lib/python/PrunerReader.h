#pragma once
// What an autotune pruner (`prune_configs_by={"early_config_prune": f}`)
// enforces, read from the body of `f`: "smem" when it compares against a
// shared-memory limit, "registers" for a register limit, and "BLOCK_M<=M"
// when it compares a config's meta-parameter with a kernel argument.
#include "syntax/ModuleIndex.h"
#include "syntax/SyntaxTree.h"

#include <set>
#include <string>

namespace btlint::python {

std::set<std::string> readPrunerLimits(const SyntaxTree &tree, NodeId functionDefinition);

} // namespace btlint::python
