#include "rules/Rule.h"

#include <algorithm>
#include <set>
#include <string>

namespace btlint {
namespace {

class ArchSpecificInstruction : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "arch-specific-instruction";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.archSpecific = true;
    info.measure = Measure::CompileFails;
    info.summary = "a CUDA kernel uses a PTX instruction that ptxas accepts only for another target, such as "
                   "wgmma outside sm_90a";
    info.doc.whatItDoes =
        "Reads the inline PTX (`asm(...)`) of every CUDA kernel and of the device functions it calls, "
        "after the preprocessor has run for the target arch, and reports an instruction that ptxas "
        "accepts only for arch-specific targets: `wgmma.*` (only sm_90a), `setmaxnreg.*` (sm_90a, "
        "sm_100a, sm_120a) and `tcgen05.*` (sm_100a), when the arch checked is another one. "
        "`--arch sm90a`, `sm100a` and `sm120a` check those targets. Code kept under "
        "`#if defined(__CUDA_ARCH_FEAT_SM90_ALL)` (or `__CUDA_ARCH_SPECIFIC__`) is not seen for "
        "the plain targets and is not reported; code under `#if __CUDA_ARCH__ >= 900` is. "
        "Without a compile database, a file whose project build files (`setup.py`, `CMakeLists.txt`, "
        "Makefiles, `*.mk`, Python scripts calling `torch.utils.cpp_extension.load` with "
        "`extra_cuda_cflags`, from its folder up to the project's top) name GPU targets "
        "(`-gencode arch=compute_90a,code=sm_90a`) but not the arch checked is not reported: the "
        "project never builds it for that arch.";
    info.doc.whyItMatters =
        "ptxas stops the build: `Instruction 'wgmma.fence' not supported on .target 'sm_90'` "
        "(CUDA 13.0, each instruction compiled for each target; docs/cuda.md). Hopper's warp-group "
        "MMA exists only for sm_90a, not for sm_90 and not for Blackwell; a guard on "
        "`__CUDA_ARCH__ >= 900` lets it through to every later target too.";
    info.doc.exampleLanguage = "cuda";
    info.doc.example = "#if __CUDA_ARCH__ >= 900\n"
                       "  asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n"
                       "#endif\n";
    info.doc.useInstead = "#if defined(__CUDA_ARCH_FEAT_SM90_ALL)  // sm_90a only\n"
                          "  asm volatile(\"wgmma.fence.sync.aligned;\\n\" ::: \"memory\");\n"
                          "#endif\n";
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch || arch->vendor != Vendor::Nvidia) return;
    // The project's build compiles this file only for other targets (its
    // build files name `sm_90a` but not `sm_90`): building it for this arch
    // is not something the project does.
    if (!context.projectBuildsForArch(RuleContext::TargetMatch::Exact)) return;
    // Instances of one template share their asm: one finding per place.
    std::set<std::pair<uint32_t, std::string>> reported;
    for (const Kernel &kernel : context.file().kernels) {
      for (const RestrictedInstructionUse &use : kernel.restrictedInstructions) {
        const RestrictedPtxInstruction *restricted = find(use.family);
        if (!restricted) continue;
        const auto &accepted = restricted->acceptedBy;
        if (std::find(accepted.begin(), accepted.end(), arch->name) != accepted.end()) continue;
        const std::string name = kernel.templateName.empty() ? kernel.name : kernel.templateName;
        if (!reported.emplace(use.span.line, use.family + name).second) continue;
        std::string targets;
        for (size_t i = 0; i < accepted.size(); ++i)
          targets += (i == 0 ? "" : i + 1 == accepted.size() ? " and " : ", ") + std::string(accepted[i]);
        auto diagnostic = context.report(use.span, "`" + name + "` uses `" + use.instruction +
                                                       "` (inline PTX), which ptxas accepts only for " + targets +
                                                       ": building for " + arch->name + " fails");
        diagnostic.about(kernel);
        diagnostic.note("ptxas: Instruction '" + mnemonic(use.instruction) + "' not supported on .target '" +
                        ptxTarget(arch->name) + "'");
        diagnostic.note("build for " + ptxTarget(std::string(accepted.front())) + " (`-gencode arch=compute_" +
                        ptxTarget(std::string(accepted.front())).substr(3) + ",code=" +
                        ptxTarget(std::string(accepted.front())) + "`) and lint with `--arch " +
                        std::string(accepted.front()) + "`, or keep the instruction under `#if defined(" +
                        std::string(restricted->featureMacro) + ")`");
      }
    }
  }

private:
  static const RestrictedPtxInstruction *find(const std::string &family) {
    for (const RestrictedPtxInstruction &restricted : restrictedPtxInstructions())
      if (restricted.prefix == family) return &restricted;
    return nullptr;
  }

  // "wgmma.mma_async.sync.aligned.m64n128k16..." -> "wgmma.mma_async", as ptxas names it.
  static std::string mnemonic(const std::string &instruction) {
    const size_t first = instruction.find('.');
    if (first == std::string::npos) return instruction;
    const size_t second = instruction.find_first_of(".:", first + 1);
    return instruction.substr(0, second);
  }

  // "sm90a" -> "sm_90a"
  static std::string ptxTarget(const std::string &arch) { return "sm_" + arch.substr(2); }
};

BTLINT_REGISTER_RULE(ArchSpecificInstruction);

} // namespace
} // namespace btlint
