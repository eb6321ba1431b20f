#include "arch/ArchTable.h"
#include "rules/Rule.h"
#include "source/Backends.h"

#include <algorithm>
#include <optional>
#include <string_view>
#include <string>

namespace btlint {
namespace {

// The line of the first `import module` / `from module... import`, 0 when
// the text has none at the start of a line.
uint32_t importLine(const std::string &source, const std::string &module) {
  uint32_t line = 1;
  size_t start = 0;
  while (start < source.size()) {
    size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    std::string_view text(source.data() + start, end - start);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    for (std::string_view keyword : {"import ", "from "})
      if (text.substr(0, keyword.size()) == keyword) {
        std::string_view rest = text.substr(keyword.size());
        while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
        if (rest.substr(0, module.size()) == module &&
            (rest.size() == module.size() || rest[module.size()] == '.' || rest[module.size()] == ' ' ||
             rest[module.size()] == ',' || rest[module.size()] == '\r'))
          return line;
      }
    start = end + 1;
    ++line;
  }
  return 0;
}

// Compile options only ROCm's Triton backend reads (HIPOptions, triton 3.6;
// the CUDA backend ignores them): a list that sets them was tuned on AMD.
constexpr std::string_view kAmdOnlyOptions[] = {"waves_per_eu", "matrix_instr_nonkdim", "kpack"};

// The first AMD-only option a config of the file's kernels sets, and where.
std::optional<std::pair<std::string, SourceSpan>> amdOnlyOption(const FileModel &file) {
  for (const Kernel &kernel : file.kernels) {
    if (!kernel.autotune) continue;
    for (const Config &config : kernel.autotune->configs.configs)
      for (std::string_view option : kAmdOnlyOptions)
        if (config.params.count(std::string(option)) && config.sourcePath.empty()) {
          auto span = config.paramNameSpans.find(std::string(option));
          return std::make_pair(std::string(option),
                                span != config.paramNameSpans.end() && span->second.valid() ? span->second : config.span);
        }
  }
  return std::nullopt;
}

class ForeignBackendUnmarked : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "foreign-backend-unmarked";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Note;
    info.onlyBesideUpstreamFindings = true;
    info.summary = "a file's folder or imports show kernels for a vendor's Triton fork while an NVIDIA arch is "
                   "targeted";
    info.doc.whatItDoes =
        "Reports, once per file with Triton kernels, a file that lies in a folder named like a vendor's "
        "Triton fork (`_ascend/`, `npu/`, `_cambricon/`, `mlu/`, `_kunlunxin/`, `_mthreads/`, `musa/`, "
        "`_metax/`, `_iluvatar/`, `_hygon/`, `_enflame/`, `_aipu/`, `intel/`; a leading `_` and case are "
        "ignored) or that imports a module only a fork's stack provides (`torch_npu`, `triton_ascend`, "
        "`torch_mlu`, `torch_xmlir`, `torch_musa`, `torch_gcu`, `intel_extension_for_pytorch`), while "
        "`.btlint.yaml` says nothing about its backend and an NVIDIA arch is targeted, and a rule that "
        "judges upstream Triton or NVIDIA/AMD limits reports in the file (elsewhere there is nothing "
        "to explain: the note would only repeat itself file after file). Those rules' findings in such "
        "a file are notes (each says why): they are true of upstream Triton on an NVIDIA GPU, which "
        "the kernels most likely never meet, so they never fail a run until the paths are marked. "
        "Silent where "
        "`backend:` covers the file (a fork's name, `other`, or `triton` to say the kernels are upstream "
        "Triton's after all), for files without kernels, and when only AMD archs are targeted. "
        "Imports are named before folders. Configs that set compile options only ROCm's Triton reads "
        "(`waves_per_eu`, `matrix_instr_nonkdim`, `kpack`; the CUDA backend ignores them) show a list "
        "tuned on AMD GPUs: reported the same way when nothing names a fork, with the AMD arch to lint "
        "those paths for. A note: it never fails a run at the default `--fail-on warning`.";
    info.doc.whyItMatters =
        "Operator libraries keep kernels for several vendors' Triton forks side by side. Those forks "
        "accept non-power-of-two `tl.arange`s, `num_stages=0`, `num_warps=64` and options upstream "
        "rejects, and run on hardware with other limits: judged as upstream Triton on an NVIDIA GPU, "
        "their configs draw findings that are true of a GPU they never run on. Marking the folder with "
        "`backend:` turns those checks off there and keeps the rest; `backend: triton` says the "
        "evidence misleads and restores their severity.";
    info.doc.example = "# src/ops/backend/_ascend/ops/softmax.py, linted with --arch sm90\n"
                       "import torch_npu\n"
                       "import triton\n";
    info.doc.useInstead = "# .btlint.yaml\n"
                          "overrides:\n"
                          "  - paths: [\"src/ops/backend/_ascend/**\"]\n"
                          "    backend: ascend\n";
    return info;
  }

  void check(RuleContext &context) const override {
    const FileModel &file = context.file();
    if (!context.settings().backend.empty() || file.language != Language::Python) return;
    if (std::none_of(file.kernels.begin(), file.kernels.end(),
                     [](const Kernel &kernel) { return kernel.language == Language::Python; }))
      return;
    std::string evidence, nvidiaArch;
    const ForeignBackend *backend =
        unmarkedFork(context.settings(), file.path, file.importedModules, evidence, nvidiaArch);
    if (!backend) {
      if (nvidiaArch.empty()) return;
      std::optional<std::pair<std::string, SourceSpan>> amd = amdOnlyOption(file);
      if (!amd) return;
      auto diagnostic = context.report(amd->second, "this list sets `" + amd->first +
                                                        "`, an option only ROCm's Triton reads: its configs look "
                                                        "tuned for AMD GPUs, but are judged on " + nvidiaArch);
      diagnostic.note("lint the files for the AMD arch they run on in .btlint.yaml (paths relative to its folder): "
                      "`overrides: [{paths: [\"" + file.path + "\"], arch: [gfx942]}]`; `backend: triton` "
                      "keeps " + nvidiaArch + " and silences this note");
      return;
    }
    SourceSpan span;
    span.line = 1;
    span.column = 1;
    std::string folders = "\"" + file.path + "\"";
    if (evidence.rfind("imports `", 0) == 0) {
      const std::string module = evidence.substr(9, evidence.size() - 10);
      if (const uint32_t line = importLine(context.source(), module)) span.line = line;
    } else {
      // The path up to the folder that named the backend.
      const std::string folder = evidence.substr(evidence.find('`') + 1);
      const std::string name = folder.substr(0, folder.size() - 1);
      const size_t at = file.path.find("/" + name + "/");
      const size_t prefix = at == std::string::npos ? (file.path.rfind(name + "/", 0) == 0 ? 0 : std::string::npos)
                                                   : at + 1;
      if (prefix != std::string::npos) folders = "\"" + file.path.substr(0, prefix + name.size()) + "/**\"";
    }
    span.endLine = span.line;
    span.endColumn = span.column;
    auto diagnostic = context.report(
        span, "this file " + evidence + ": its kernels look written for " + backend->vendor +
                  "'s Triton fork, so what upstream Triton or " + nvidiaArch +
                  " forbids in them is reported as notes, not warnings or errors");
    diagnostic.note("say which Triton the files are for in .btlint.yaml (paths relative to its folder): "
                    "`overrides: [{paths: [" + folders + "], backend: " + backend->name +
                    "}]` turns those checks off there; `backend: triton` judges the kernels as upstream "
                    "Triton's at full severity and silences this note");
  }
};

BTLINT_REGISTER_RULE(ForeignBackendUnmarked);

} // namespace
} // namespace btlint
