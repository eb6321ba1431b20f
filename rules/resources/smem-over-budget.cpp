#include "model/AutotuneText.h"
#include "model/Launches.h"
#include "resources/ConfigChecks.h"
#include "resources/ConfigVerdict.h"
#include "rules/ConfigUses.h"
#include "rules/Rule.h"
#include "rules/TableKernels.h"
#include "rules/MergeAtLiteral.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint {
namespace {

using resources::Fit;

using Finding = LiteralFinding;

// A buffer as the message names it: "A ring 3 x 128x64 fp16" for the
// estimator's "A ring: 3 x 128x64 fp16".
std::string bufferName(const resources::SharedBuffer &buffer) {
  std::string name = buffer.name;
  if (const size_t inner = name.find(": "); inner != std::string::npos) name.replace(inner, 2, " ");
  return name;
}

// "B ring 5 x 64x256 fp16 (163840) + A ring 5 x 128x64 fp16 (81920) = 245760;
// reusing that memory later: epilogue ... (32768)". Buffers that share memory
// with an earlier one (never live at the same time) are listed apart.
std::string breakdownText(const std::vector<resources::PlacedBuffer> &buffers, int64_t total) {
  std::vector<const resources::PlacedBuffer *> own, reusing;
  for (const resources::PlacedBuffer &buffer : buffers) {
    const bool overlaps = std::any_of(own.begin(), own.end(), [&](const resources::PlacedBuffer *other) {
      return buffer.offset < other->offset + other->buffer.bytes && other->offset < buffer.offset + buffer.buffer.bytes;
    });
    (overlaps ? reusing : own).push_back(&buffer);
  }
  std::string text;
  int64_t sum = 0;
  for (const resources::PlacedBuffer *buffer : own) {
    text += (text.empty() ? "" : " + ") + bufferName(buffer->buffer) + " (" + std::to_string(buffer->buffer.bytes) + ")";
    sum += buffer->buffer.bytes;
  }
  text += sum == total ? " = " + std::to_string(total) : ", placed in " + std::to_string(total);
  for (size_t i = 0; i < reusing.size(); ++i)
    text += (i ? " + " : "; reusing that memory later: ") + bufferName(reusing[i]->buffer) + " (" +
            std::to_string(reusing[i]->buffer.bytes) + ")";
  return text;
}

// A launch in the file passes a dot's accumulator parameter
// (`out_dtype=ACC_TYPE`) a type that may be int32 (`tl.float32 if
// a.is_floating_point() else tl.int32`): Triton accumulates in int32 only
// for 8-bit integer inputs, so 1-byte inputs are among those it means.
bool accumulatorOffersInt32(const Kernel &kernel, const FileModel &file) {
  for (const DotSite &dot : kernel.dots) {
    if (dot.accDtypeParam.empty()) continue;
    for (const LaunchSite &launch : file.launches) {
      if (!callsOwnKernel(launch, kernel)) continue;
      for (const LaunchArgument &argument : launch.arguments) {
        if (kernel.paramNameOf(argument) != dot.accDtypeParam) continue;
        const std::string &text = argument.definitionText.empty() ? argument.text : argument.definitionText;
        if (text.find("int32") != std::string::npos) return true;
      }
    }
  }
  return false;
}

bool isPipelined(const Kernel &kernel, int numStages) {
  return numStages > 1 && std::any_of(kernel.dots.begin(), kernel.dots.end(),
                                      [](const DotSite &dot) { return dot.loopDepth > 0; });
}

// Parameters that size the dots' operand tiles, most significant first.
std::vector<std::string> dotParams(const Kernel &kernel) {
  std::vector<std::string> names;
  auto add = [&](const std::vector<TileDim> &dims) {
    for (const TileDim &dim : dims) {
      for (const std::string &name : dim.params)
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      for (const DimOp &op : dim.program)
        if (op.kind == DimOp::Param && std::find(names.begin(), names.end(), op.name) == names.end())
          names.push_back(op.name);
    }
  };
  for (const DotSite &dot : kernel.dots) {
    add(dot.a);
    add(dot.b);
  }
  if (names.empty())
    for (const TileShape &tile : kernel.tiles) add(tile.dims);
  return names;
}

// The literal to change: num_stages when the operand rings dominate, else the
// largest tile parameter the config sets; the config itself otherwise.
SourceSpan drivingSpan(const Kernel &kernel, const ConfigUse &use, int numStages, std::string &what) {
  const Config &config = use.values();
  if (use.listed && !use.listed->sourcePath.empty()) {
    what = "the list";
    return use.list->span;
  }
  if (isPipelined(kernel, numStages) && config.numStages && config.numStages->span().valid()) {
    what = "num_stages";
    return config.numStages->span();
  }
  const ScalarValue *largest = nullptr;
  for (const std::string &name : dotParams(kernel)) {
    auto found = config.params.find(name);
    if (found == config.params.end() || !found->second.isInt() || !found->second.span().valid()) continue;
    if (!largest || found->second.asInt() > largest->asInt()) {
      largest = &found->second;
      what = name;
    }
  }
  if (largest) return largest->span();
  what = "the config";
  if (use.launch) return use.launch->span;
  return config.span.valid() ? config.span : use.list->span;
}

class SmemOverBudget : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "smem-over-budget";
    info.category = RuleCategory::Resources;
    info.defaultSeverity = Severity::Error;
    info.measure = Measure::SharedMemory;
    info.summary = "a config or launch needs more shared memory per block than the target arch allows";
    info.doc.whatItDoes =
        "Estimates, for every autotune config (or, without autotuning, every launch) of a Triton "
        "kernel and every target `--arch`, the shared memory Triton 3.6 allocates for the block "
        "(a constexpr the list leaves out takes the value every launch in the file passes alike, "
        "`BLOCK_M=128`, also through an alias `kernel = a if trans_b else b`; `@triton.jit` helpers "
        "the kernel calls are read where they are called, their loops and dots included): "
        "the multi-buffered operand rings of pipelined `tl.dot` loops (one buffer more on the "
        "warp-group and tcgen05 MMA paths of sm90/sm100 than on mma.sync; a dot under an `if` "
        "decided at run time inside its loop, such as `if count > 0:` on a loaded count, is not "
        "pipelined and keeps single buffers whatever `num_stages` says), tiles kept in shared "
        "memory, barriers and the scratch of reductions and layout conversions, placed the way "
        "Triton's allocator places them (docs/resource-model.md; the model is calibrated on 3859 "
        "compiled configs). For CUDA it adds a kernel instantiation's static `__shared__` bytes "
        "to the dynamic bytes of each launch (a CUDA file the project's build compiles only for other GPUs (its build files name `sm_100a` and nothing of the target arch's family) is not judged for the target arch). A YAML tuning table is judged against the Triton "
        "kernel of the same name defined in the run (silent when the run has none, or several). "
        "It reports an estimate above the arch's per-block "
        "limit with opt-in (sm80 166912, sm86/sm89/sm120 101376, sm90/sm100 232448 bytes; AMD "
        "LDS 65536), at the literal that drives it: `num_stages` for a pipelined loop, else the "
        "largest tile parameter. Where the estimate is a range (the element type or a layout is "
        "not known) it reports only when even the lower end overflows, and says what it assumed: "
        "the element type (from a cast of the `tl.dot` operands or an int32 accumulator, which "
        "means 8-bit inputs, the tensors the file's launches pass (a factory's or a cast's type, or "
        "the types an assert before the launch allows when they are of one width: `assert a.dtype in "
        "(torch.int8, torch.float8_e4m3fn)`), a `# btlint: dtype=...` comment, `.btlint.yaml`, `--dtype`, else the "
        "one type a kernel with dots is named for, such as `fp8_gemm_kernel`, else a cast "
        "elsewhere in the kernel, else fp16) and the MMA path. When nothing says what the dots "
        "read (the type is the default, the kernel's name, or a cast elsewhere such as the stored "
        "result's) and the "
        "config would fit with 1-byte inputs (fp8, int8), the finding is a warning that says so, "
        "never an error, and a note where a launch passes the dot's `out_dtype` parameter a type "
        "that may be int32 (`tl.float32 if a.is_floating_point() else tl.int32`): Triton "
        "accumulates in int32 only for int8 inputs, so 1-byte inputs are among those meant. For a "
        "config the autotuner's `prune_configs_by` pruner is expected to drop before compiling (a "
        "pruner whose body, or a helper it calls, also one imported from another module, compares "
        "against shared memory: `smem`, `shared_memory`, `lds` in a name or string), the finding is a "
        "note: `btlint report` lists the config as eliminated by the pruner, and the config reaches "
        "Triton only if the pruner's own arithmetic keeps it. A pruner that compares only other "
        "things (tile against problem size) leaves the finding as it is.";
    info.doc.whyItMatters =
        "Triton compiles such a config without complaint and fails when the kernel is first "
        "loaded: `out of resource: shared memory, Required: 245760, Hardware limit: 232448`. "
        "Inside an autotune list the autotuner skips the config silently, so the sweep is "
        "smaller than it reads and the list's best config may be gone on the GPU you deploy to; "
        "outside one the launch fails. The usual textbook formula `num_stages * (BM*BK + "
        "BK*BN) * bytes` is off by a whole stage on every pipelined loop and gets the verdict "
        "wrong on one config in seventeen of the calibration grid.";
    info.doc.example = "@triton.autotune(configs=[\n"
                       "    triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 128, \"BLOCK_K\": 64}, num_stages=4, "
                       "num_warps=8),\n"
                       "], key=[\"M\", \"N\", \"K\"])\n"
                       "@triton.jit\n"
                       "def matmul(...):  # fp16: 4 x (256x64 + 64x128) x 2 bytes = 196608 bytes of rings on "
                       "sm90, over sm80's 166912\n";
    info.doc.useInstead = "@triton.autotune(configs=[\n"
                          "    triton.Config({\"BLOCK_M\": 256, \"BLOCK_N\": 128, \"BLOCK_K\": 64}, "
                          "num_stages=3, num_warps=8),\n"
                          "    triton.Config({\"BLOCK_M\": 128, \"BLOCK_N\": 128, \"BLOCK_K\": 64}, "
                          "num_stages=4, num_warps=4),\n"
                          "], key=[\"M\", \"N\", \"K\"])\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    if (!arch) return;
    FindingsAtLiterals<Finding> findings;
    for (const Kernel &kernel : context.file().kernels) {
      if (kernel.language == Language::Python) checkTriton(context, *arch, kernel, kernel, findings);
      else if (kernel.language == Language::Cuda && context.projectBuildsForArch())
        checkCuda(context, *arch, kernel, findings);
      else if (kernel.language == Language::Yaml) {
        // A tuning table: its configs, the body of the Triton kernel of that
        // name defined in the run. Several definitions of the name: which
        // one the table tunes is not known, so nothing is said.
        const std::vector<const Kernel *> bodies = kernelsWithSignature(kernel, context.project());
        if (bodies.size() == 1 && bodies.front()->language == Language::Python)
          checkTriton(context, *arch, kernel, *bodies.front(), findings);
      }
    }
    reportFindings(context, findings, "overflows in");
  }

private:
  // `kernel` holds the configs (its autotune list or launches), `body` the
  // code they run: the same kernel, or for a YAML table its definition.
  static void checkTriton(RuleContext &context, const ArchInfo &arch, const Kernel &kernel,
                          const Kernel &body, FindingsAtLiterals<Finding> &findings) {
    if (kernel.calledByKernel && !kernel.autotune) return; // a helper: judged inside its callers
    const auto [dtype, dtypeSource] =
        resources::resourceDtypeOf(body, context.settings().dtype, context.settings().dtypeSource);
    const resources::JudgedUses &judged =
        resources::judgeConfigUses(context.caches().verdicts, context.file(), kernel, body, arch, dtype, dtypeSource);
    // The file of the places the notes name in `body`, when it is not this one.
    const std::string bodyPath = &body == &kernel ? std::string() : context.project().pathOf(body);
    for (size_t i = 0; i < judged.uses.size(); ++i) {
      const ConfigUse &use = *judged.uses[i];
      const resources::TritonConfigVerdict &verdict = judged.verdicts[i];
      if (verdict.shared != Fit::Overflows) continue;
      // A pruner that compares shared memory should drop the config before
      // Triton compiles it; whether its own arithmetic does is not known.
      const bool prunerCompares =
          kernel.autotune &&
          !resources::prunerEliminations(*kernel.autotune, use.values(), false, std::nullopt, nullptr).empty();
      const auto explained = resources::explainTritonConfig(body, use.values(), arch, dtype, dtypeSource);
      const resources::KernelResourceEstimate &estimate = explained ? *explained : *verdict.estimate;
      Finding finding;
      std::string what;
      finding.span = drivingSpan(body, use, verdict.numStages, what);
      const bool exact = estimate.shared.exact();
      const std::string parts = breakdownText(estimate.shared.buffers, estimate.shared.minBytes);
      std::string message = use.label() + " of `" + kernel.name + "` needs " +
                            (exact ? "" : "at least ") + std::to_string(estimate.shared.minBytes) +
                            " bytes of shared memory per block, " + arch.name + " allows " +
                            std::to_string(verdict.sharedLimit);
      if (!parts.empty() && exact) message += ": " + parts;
      finding.message = message;
      if (use.listed && !use.listed->expansion.empty()) finding.notes.push_back(use.listed->expansion.note());
      if (!exact)
        finding.notes.push_back("the estimate is a range, " + std::to_string(estimate.shared.minBytes) + " to " +
                                std::to_string(estimate.shared.maxBytes) + " bytes; even the lower end overflows");
      if (!exact)
        for (const std::string &line : estimate.shared.breakdown) finding.notes.push_back(line);
      for (const Note &assumption : estimate.assumptions)
        finding.notes.push_back(Note("assumed: " + assumption.text, assumption.span, bodyPath));
      // Nothing says what the dots read: the config may fit with 1-byte
      // inputs (fp8, int8), and then the finding rests on the assumption.
      if (!body.dots.empty() && resources::dtypeIsAssumed(body, context.settings().dtypeSource)) {
        const resources::TritonConfigVerdict &narrow = resources::judgeTritonConfig(
            context.caches().verdicts, body, use.values(), arch, resources::kNarrowestDtype,
            "the narrowest element type");
        if (narrow.shared != Fit::Overflows) {
          // A launch that offers an int32 accumulator means 8-bit inputs
          // some of the time: that candidate fits, so only a note.
          const bool int8Offered = narrow.shared == Fit::Fits && accumulatorOffersInt32(body, context.file());
          finding.cap = int8Offered ? Severity::Note : Severity::Warning;
          if (int8Offered)
            finding.notes.push_back("a launch passes the accumulator type as one that may be int32, which Triton "
                                    "uses only for int8 inputs: with those this config fits");
          std::string narrowText = "; with 1-byte inputs (fp8, int8) it may fit";
          if (narrow.estimate) {
            const auto &bytes = narrow.estimate->shared;
            narrowText = "; with 1-byte inputs (fp8, int8) it needs " + std::to_string(bytes.minBytes) +
                         (bytes.exact() ? "" : " to " + std::to_string(bytes.maxBytes)) + " bytes" +
                         (narrow.shared == Fit::Fits ? " and fits" : ", which may fit");
          }
          finding.notes.push_back(Note("the tl.dot input type is not known (" + dtype + " assumed, " + dtypeSource +
                                           ")" + narrowText +
                                           ": say the type with `# btlint: dtype=...` on the kernel or "
                                           "`kernels.<name>.dtype` in .btlint.yaml",
                                       dtypeSourcePlace(body, dtypeSource), bodyPath));
        }
      }
      if (prunerCompares) {
        finding.cap = Severity::Note;
        finding.notes.push_back(prunerPhrase(*kernel.autotune) + " compares shared memory with a limit and is expected to drop this config "
                                "before compiling it; it reaches Triton only if the pruner's own estimate stays "
                                "under its limit");
      }
      if (what == "num_stages")
        finding.notes.push_back("each stage keeps another copy of the loop's operand tiles: lower num_stages or "
                                "the tile sizes");
      finding.kernel = &kernel;
      addConfig(finding.configs, use.listed);
      findings.add(std::move(finding), use.label());
    }
  }

  static void checkCuda(RuleContext &context, const ArchInfo &arch, const Kernel &kernel,
                        FindingsAtLiterals<Finding> &findings) {
    if (arch.vendor != Vendor::Nvidia) return;
    for (const ConfigUse &use : context.file().configUsesOf(kernel)) {
      if (!use.launch) continue;
      const LaunchSite &launch = *use.launch;
      const resources::CudaLaunchVerdict verdict = resources::judgeCudaLaunch(kernel, &launch, arch);
      if (verdict.shared != Fit::Overflows || !verdict.totalBytes) continue;
      Finding finding;
      const bool dynamicSpan = launch.dynamicSmemBytes && launch.dynamicSmemBytes->span().valid();
      finding.span = dynamicSpan ? launch.dynamicSmemBytes->span() : launch.span;
      finding.message = "the launch of `" + kernel.name + "` needs " + std::to_string(*verdict.totalBytes) +
                        " bytes of shared memory per block, " + arch.name + " allows " +
                        std::to_string(verdict.limit) + ": " +
                        std::to_string(verdict.staticBytes.value_or(*verdict.totalBytes - verdict.dynamicBytes.value_or(0))) +
                        " static + " + std::to_string(verdict.dynamicBytes.value_or(0)) + " dynamic";
      if (!verdict.staticBytes)
        finding.notes.push_back("static sizes that depend on template parameters are not counted");
      finding.notes.push_back("the launch fails with cudaErrorInvalidValue whatever cudaFuncSetAttribute opts in "
                              "to: " + arch.name + "'s opt-in maximum is " + std::to_string(verdict.limit) +
                              " bytes");
      finding.kernel = &kernel;
      findings.add(std::move(finding), "the launch at line " + std::to_string(launch.span.line));
    }
  }
};

BTLINT_REGISTER_RULE(SmemOverBudget);

} // namespace
} // namespace btlint
