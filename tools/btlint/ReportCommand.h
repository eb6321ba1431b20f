#pragma once
// `btlint report FILE[::KERNEL]`: the config table of a file's kernels
// (lib/report). main.cpp dispatches to it when the subcommand is given.
#include "config/ProjectConfig.h"
#include "report/ConfigReport.h"

#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace btlint {

extern llvm::cl::SubCommand reportCommand;
llvm::cl::OptionCategory &reportOptionCategory();
int runReportCommand();

// The archs and shapes a report is made for: `archs` (asked for), else the
// config's, else sm90, then every other arch the run used; the config's shapes.
report::ReportOptions reportOptionsFor(std::vector<std::string> archs, const ProjectConfig &config,
                                       const std::vector<std::string> &runArchs);

// FILE::KERNEL -> (FILE, KERNEL); the file is the longest prefix before a
// `::` that exists (btlint tune reads its target the same way).
std::pair<std::string, std::string> splitTarget(const std::string &target);
// The name of `names` closest to `wanted` (for "did you mean"), or "".
std::string closestName(const std::string &wanted, const std::vector<std::string> &names);

} // namespace btlint
