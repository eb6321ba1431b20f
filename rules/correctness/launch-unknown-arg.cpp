#include "rules/LaunchOptions.h"
#include "rules/Rule.h"
#include "rules/Spelling.h"
#include "source/Backends.h"

#include <string>
#include <vector>

namespace btlint {
namespace {

class LaunchUnknownArg : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "launch-unknown-arg";
    info.category = RuleCategory::Correctness;
    // Often a dropped keyword the kernel never needed: a warning.
    info.defaultSeverity = Severity::Warning;
    info.summary = "a launch passes a keyword that is neither a parameter of the kernel nor a compile option";
    info.doc.whatItDoes =
        "Reports a keyword argument of a Triton launch (`kernel[grid](..., NAME=value)`, "
        "`kernel.run(...)`) that names no parameter of the kernel it launches and is none of the "
        "compile and launch options Triton 3.6 takes (`num_warps`, `num_stages`, `num_ctas`, "
        "`maxnreg`, `enable_fp_fusion`, `debug`, the AMD backend's `waves_per_eu` and the like, "
        "`stream`), with the parameter it most likely meant. Silent where the kernel cannot be "
        "resolved, for `**kwargs` passed on, for kernels behind a project's own autotune wrapper, "
        "and for files that launch through jax-triton. In a file written for a vendor's Triton fork "
        "(its folder or imports name the fork, or `.btlint.yaml` says its `backend:`), whose launcher "
        "takes compile options of its own (`multibuffer`, `enable_soft_i64`), a keyword close to no "
        "parameter is a note that says so; a near miss of a parameter stays a warning.";
    info.doc.whyItMatters =
        "The launcher binds the kernel's parameters and hands every other keyword to the backend "
        "as a compile option, which keeps only the options it knows: a misspelt or renamed "
        "constexpr (`TILE_SIZE=` for `BLOCK_SIZE`) is dropped without a word. The kernel then runs "
        "with the parameter's default, or the launch fails with a missing argument far from the "
        "cause.";
    info.doc.example = "@triton.jit\n"
                       "def swiglu_kernel(a_ptr, b_ptr, c_ptr, n_cols, BLOCK_SIZE: tl.constexpr = 1024):\n"
                       "    ...\n"
                       "\n"
                       "swiglu_kernel[(n_rows,)](a, b, c, n_cols, TILE_SIZE=4096)\n";
    info.doc.useInstead = "swiglu_kernel[(n_rows,)](a, b, c, n_cols, BLOCK_SIZE=4096)\n";
    return info;
  }

  void check(RuleContext &context) const override {
    // triton_call takes its own keywords (out_shape, grid, ...) besides the kernel's.
    if (context.file().launchedThroughJax()) return;
    std::string forkEvidence;
    const ForeignBackend *fork = forkOfFile(context.settings().backend, context.file().path,
                                            context.file().importedModules, forkEvidence);
    for (const LaunchSite &launch : context.file().launches) {
      const Kernel *kernel = context.calledKernel(launch);
      if (!kernel || kernel->language != Language::Python) continue;
      // A project's own autotune wrapper may take and strip keywords itself.
      if (kernel->autotune && kernel->autotune->wrappedByCustomDecorator) continue;
      std::vector<std::string_view> params;
      for (const Param &param : kernel->params) params.push_back(param.name);
      for (const LaunchArgument &argument : launch.arguments) {
        if (argument.name.empty() || kernel->findParam(argument.name) || launchOptionNames().count(argument.name))
          continue;
        const std::string meant = closestSpelling(argument.name, params, /*suffixes=*/true);
        auto diagnostic = context.report(argument.span, "the launch of `" + kernel->name + "` passes `" +
                                                             argument.name + "`, which is no parameter of `" +
                                                             kernel->name + "` and no compile option");
        diagnostic.about(*kernel);
        if (fork && meant.empty()) {
          diagnostic.atMost(Severity::Note);
          diagnostic.note("at note level: this file " + forkEvidence + ", the mark of " + fork->vendor +
                          "'s Triton fork, whose launcher may take it as a compile option of its own");
        } else {
          diagnostic.note("Triton hands unknown keywords to the backend as compile options, which ignores "
                          "them: the value is dropped");
        }
        if (!meant.empty()) diagnostic.note("did you mean `" + meant + "`?");
      }
    }
  }
};

BTLINT_REGISTER_RULE(LaunchUnknownArg);

} // namespace
} // namespace btlint
