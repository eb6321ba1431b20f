#pragma once
// `btlint tune FILE::KERNEL --shape ...`: ranks a Triton kernel's configs
// statically (lib/tune, docs/tune.md). main.cpp dispatches to it.
#include "llvm/Support/CommandLine.h"

namespace btlint {

extern llvm::cl::SubCommand tuneCommand;
llvm::cl::OptionCategory &tuneOptionCategory();
int runTuneCommand();

} // namespace btlint
