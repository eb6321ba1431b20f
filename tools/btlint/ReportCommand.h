#pragma once
// `btlint report FILE[::KERNEL]`: the config table of a file's kernels
// (lib/report). main.cpp dispatches to it when the subcommand is given.
#include "llvm/Support/CommandLine.h"

namespace btlint {

extern llvm::cl::SubCommand reportCommand;
llvm::cl::OptionCategory &reportOptionCategory();
int runReportCommand();

} // namespace btlint
