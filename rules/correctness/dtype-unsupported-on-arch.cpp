#include "rules/Rule.h"

#include <set>
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
    info.summary = "a kernel uses an element type the target architecture cannot compile";
    info.doc.whatItDoes =
        "Reports `tl.float8e4nv` (fp8 e4m3, `torch.float8_e4m3fn`) on NVIDIA targets before "
        "sm89: as a `tl.dot` input, a cast or a tile's element type visible in the kernel, or "
        "as the element type btlint was told to assume for the kernel (`--dtype`, "
        "`.btlint.yaml`, a `# btlint: dtype=` comment) when the kernel has a `tl.dot`.";
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
    const std::string archName = arch->name;
    std::set<std::pair<uint32_t, uint32_t>> reported;
    auto once = [&](const SourceSpan &span) { return reported.insert({span.line, span.column}).second; };

    for (const Kernel &kernel : context.file().kernels) {
      for (const DotSite &dot : kernel.dots) {
        std::string dtype = dot.inputDtype;
        std::string source = "the kernel's code";
        if (dtype.empty()) {
          dtype = kernel.dtype.empty() ? context.settings().dtype : kernel.dtype;
          source = describeSource(kernel.dtype.empty() ? context.settings().dtypeSource
                                                       : kernel.dtypeSource);
        }
        if (!unsupported(dtype, *arch) || !once(dot.span)) continue;
        auto diagnostic = context.report(dot.span, "`tl.dot` in `" + kernel.name + "` takes " +
                                                       dtype + " inputs, which " + archName +
                                                       " cannot compile");
        diagnostic.note("Triton accepts fp8e4nv from sm89 on; on " + archName +
                        " it fails with \"type fp8e4nv not supported in this architecture\"");
        if (dot.inputDtype.empty()) diagnostic.note("input type " + dtype + " assumed from " + source);
      }
      for (const Kernel::DtypeMention &mention : kernel.dtypeMentions) {
        if (!unsupported(mention.dtype, *arch) || !once(mention.span)) continue;
        context
            .report(mention.span, "`" + kernel.name + "` uses " + mention.dtype + ", which " +
                                      archName + " cannot compile")
            .note("Triton accepts fp8e4nv from sm89 on; on " + archName +
                  " it fails with \"type fp8e4nv not supported in this architecture\"");
      }
      for (const TileShape &tile : kernel.tiles) {
        if (!unsupported(tile.dtype, *arch) || !once(tile.span)) continue;
        context
            .report(tile.span, "`" + kernel.name + "` makes a " + tile.dtype + " tile, which " +
                                   archName + " cannot compile")
            .note("Triton accepts fp8e4nv from sm89 on; on " + archName +
                  " it fails with \"type fp8e4nv not supported in this architecture\"");
      }
    }
  }
};

BTLINT_REGISTER_RULE(DtypeUnsupportedOnArch);

} // namespace
} // namespace btlint
