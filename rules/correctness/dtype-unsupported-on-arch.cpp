#include "rules/Rule.h"

#include <algorithm>
#include <set>
#include <vector>
#include <string>

namespace btlint {
namespace {

// Triton's e4m3 fp8 type for NVIDIA (torch.float8_e4m3fn). Triton 3.6 adds it to
// the supported fp8 types only from compute capability 8.9
// (third_party/nvidia/backend/compiler.py, parse_options) and otherwise fails
// with "type fp8e4nv not supported in this architecture".
constexpr const char *kFp8E4nv = "fp8e4nv";

bool unsupported(const std::string &dtype, const ArchInfo &arch) {
  return dtype == kFp8E4nv && !arch.supportsFp8E4nv;
}

std::string describeSource(const std::string &source) {
  if (source.empty() || source == "default") return "the default element type";
  return source;
}

class DtypeUnsupportedOnArch : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "dtype-unsupported-on-arch";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.measure = Measure::CompileFails;
    info.summary = "a kernel uses an element type the target architecture cannot compile";
    info.doc.whatItDoes =
        "Reports `tl.float8e4nv` (fp8 e4m3, `torch.float8_e4m3fn`) on NVIDIA targets before "
        "sm89: as a `tl.dot` input, a cast or a tile's element type visible in the kernel, or "
        "as the element type btlint was told to assume for the kernel (`--dtype`, "
        "`.btlint.yaml`, a `# btlint: dtype=` comment) when the kernel has a `tl.dot`. Each "
        "kernel gets one finding, at the first use written in its code, with the other lines "
        "in a note.";
    info.doc.whyItMatters =
        "Triton checks fp8 types against the target when it builds the kernel and fails with "
        "`type fp8e4nv not supported in this architecture` on sm80 and sm86 (A100, A10, "
        "RTX 30xx). A kernel tested on H100 or L40S then breaks on the A100s of the same "
        "cluster. Guard the fp8 path on the device's compute capability, or use `fp8e5` "
        "(e5m2), which these GPUs accept.";
    info.doc.example = "acc += tl.dot(a.to(tl.float8e4nv), b.to(tl.float8e4nv))\n";
    info.doc.useInstead =
        "# choose the fp8 path only where torch.cuda.get_device_capability() >= (8, 9)\n"
        "acc += tl.dot(a.to(tl.float16), b.to(tl.float16))\n";
    info.archSpecific = true;
    return info;
  }

  void check(RuleContext &context) const override {
    const ArchInfo *arch = context.arch();
    // The fp8 support matrix differs on AMD targets (fnuz variants, per-chip
    // support in newer releases); only NVIDIA's is encoded here.
    if (!arch || arch->vendor != Vendor::Nvidia) return;
    for (const Kernel &kernel : context.file().kernels) checkKernel(context, kernel, *arch);
  }

private:
  // One place the kernel's code names an unsupported type (a cast, a dtype
  // argument, a typed tile), or a dot whose inputs are assumed to have it.
  struct Use {
    SourceSpan span;
    std::string dtype;
    std::string assumption; // set for a dot whose input type was assumed
  };

  // Triton stops at the first use, so one finding per kernel, at the earliest
  // use written in the code, lists the others.
  static void checkKernel(RuleContext &context, const Kernel &kernel, const ArchInfo &arch) {
    std::vector<Use> written;
    std::vector<Use> assumed;
    for (const Kernel::DtypeMention &mention : kernel.dtypeMentions)
      if (unsupported(mention.dtype, arch)) written.push_back({mention.span, mention.dtype, ""});
    for (const TileShape &tile : kernel.tiles)
      if (unsupported(tile.dtype, arch)) written.push_back({tile.span, tile.dtype, ""});
    for (const DotSite &dot : kernel.dots) {
      if (!dot.inputDtype.empty()) {
        if (unsupported(dot.inputDtype, arch)) written.push_back({dot.span, dot.inputDtype, ""});
        continue;
      }
      const bool kernelSetting = !kernel.dtype.empty();
      const std::string dtype = kernelSetting ? kernel.dtype : context.settings().dtype;
      const std::string source =
          describeSource(kernelSetting ? kernel.dtypeSource : context.settings().dtypeSource);
      if (unsupported(dtype, arch))
        assumed.push_back({dot.span, dtype, "input type " + dtype + " assumed from " + source});
    }
    auto byPosition = [](const Use &a, const Use &b) { return a.span < b.span; };
    std::sort(written.begin(), written.end(), byPosition);
    std::sort(assumed.begin(), assumed.end(), byPosition);

    const std::string failure = "Triton accepts fp8e4nv from sm89 on; on " + arch.name +
                                " it fails with \"type fp8e4nv not supported in this architecture\"";
    if (!written.empty()) {
      const Use &first = written.front();
      auto diagnostic = context.report(first.span, "`" + kernel.name + "` uses " + first.dtype +
                                                       ", which " + arch.name + " cannot compile");
      diagnostic.about(kernel);
      diagnostic.note(failure);
      std::set<uint32_t> otherLines;
      SourceSpan nextUse; // the first of the other lines, where the note points
      for (size_t i = 1; i < written.size(); ++i)
        if (written[i].span.line != first.span.line) {
          if (otherLines.empty()) nextUse = written[i].span;
          otherLines.insert(written[i].span.line);
        }
      if (!otherLines.empty()) {
        std::string lines;
        for (uint32_t line : otherLines) lines += (lines.empty() ? "" : ", ") + std::to_string(line);
        diagnostic.note("also used at line" + std::string(otherLines.size() > 1 ? "s " : " ") + lines, nextUse);
      }
      return;
    }
    if (assumed.empty()) return;
    const Use &first = assumed.front();
    context
        .report(first.span, "`tl.dot` in `" + kernel.name + "` takes " + first.dtype +
                                " inputs, which " + arch.name + " cannot compile")
        .about(kernel)
        .note(failure)
        .note(first.assumption, kernel.dtype.empty() ? SourceSpan() : kernel.dtypeSourceSpan);
  }
};

BTLINT_REGISTER_RULE(DtypeUnsupportedOnArch);

} // namespace
} // namespace btlint
