#include "rules/Rule.h"

#include <string>

namespace btlint {
namespace {

class ConfigListUnresolved : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "config-list-unresolved";
    info.category = RuleCategory::Meta;
    info.defaultSeverity = Severity::Note;
    info.summary = "an autotune list or tuning table btlint could not read whole; findings about it may be missing";
    info.doc.whatItDoes =
        "Reports every autotune list (`@triton.autotune`, an autotuner applied by a call, a project's "
        "own decorator that hands its configs to `triton.autotune`, to a class derived from triton's "
        "`Autotuner`, or to its own autotuner class on `triton.KernelInterface` whose constructor "
        "takes `configs` (arguments found by the decorator's own parameter names), a decorator of another package "
        "that takes `configs=` and is not declared in `.btlint.yaml` `autotuners:`, a decorator of the project's own "
        "given configs and a key as triton.autotune is that does not hand them to an autotuner as btlint reads it: "
        "a pass-through an environment variable chooses, as `autotune = triton.autotune` under "
        "`if os.environ.get(...)` with a no-op on the other arm; with the variable given in `.btlint.yaml` "
        "`environment:` the name is triton.autotune and the list is read) and every YAML tuning table that "
        "the evaluator could not expand completely, with what stopped it: a module that is not the "
        "project's (a third-party package: btlint reads the project's own modules from disk, never "
        "installed ones), a call or condition whose value is only known at run time, a work limit. "
        "How many configs were read is in the message. A list read whole is reported only when some of "
        "its configs hold a value that could not be evaluated (`num_stages=int(os.environ[\"DEPTH\"])`): "
        "how many, and the first such value with its reason. Questions "
        "about the device are answered for the target arch, each with a note: "
        "`torch.cuda.get_device_capability()`, `torch.version.hip`, device properties, and the probes "
        "of multi-vendor libraries for another vendor's software stack (`hasattr(torch, \"npu\")`, "
        "`import torch_npu` in a `try`), which the PyTorch of an NVIDIA or AMD target lacks. "
        "Inside a `try` whose `except` catches ImportError, an import of a module that is neither the "
        "project's nor a library btlint knows (an internal package, an optional dependency) is taken to "
        "fail, so the project's own fallback in the `except` clause is what is read (a wrapper of "
        "triton's `Autotuner` defined there when the internal decorator cannot be imported); so is an import of a `triton.` module that Triton 3.6.0 does not ship (a fork's `triton.language.extra.tlx`). "
        "`triton.__version__` is the release btlint's resource model follows (3.6.0, with a note), "
        "`hasattr(triton.language, \"make_tensor_descriptor\")` and other feature probes of `triton.language` "
        "are answered from that release's public names, and "
        "`packaging.version.parse`/`Version` and `pkg_resources.parse_version` compare by release "
        "numbers, so lists chosen by Triton version are read. Inside the arm of an `if` the launching "
        "function cannot decide, a name the test reads as it is (`if not per_channel:`), or a flag "
        "assigned the same test before (`per_channel = scale.dim() == 1` and then `if scale.dim() == 1:`, "
        "nothing the test reads rebound between), is known to be true or false there. A note: "
        "it never fails a run at the default `--fail-on warning`.";
    info.doc.whyItMatters =
        "The rules judge only the configs they can see: a list read in part is checked in part, and a "
        "list not read at all is not checked. Without this note such a file looks clean. "
        "`btlint --statistics` prints how many lists of the run were read whole.";
    info.doc.example = "from vendored_tuning import MATMUL_CONFIGS  # not the project's: not read\n"
                       "\n"
                       "@triton.autotune(configs=MATMUL_CONFIGS, key=[\"M\", \"N\", \"K\"])\n";
    info.doc.useInstead = "MATMUL_CONFIGS = [\n"
                          "    triton.Config({\"BLOCK_M\": bm, \"BLOCK_N\": 128, \"BLOCK_K\": 32}, num_warps=4)\n"
                          "    for bm in (64, 128)\n"
                          "]\n"
                          "\n"
                          "@triton.autotune(configs=MATMUL_CONFIGS, key=[\"M\", \"N\", \"K\"])\n";
    return info;
  }

  void check(RuleContext &context) const override {
    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune && !kernel.listNotAutotuned) continue;
      const ConfigList &list = kernel.autotune ? kernel.autotune->configs : *kernel.listNotAutotuned;
      const SourceSpan span = list.span.valid() || !kernel.autotune ? list.span : kernel.autotune->span;
      const std::string what = kernel.language == Language::Yaml ? "the tuning table of `" + kernel.name + "`"
                                                                 : "the autotune list of " + kernel.tunedObjectName();
      if (list.complete) {
        reportUnknownValues(context, list, span, what);
        continue;
      }
      const size_t read = list.configs.size();
      auto diagnostic = context.report(
          span, what + " was not read whole (" +
                    (read == 0 ? std::string("no config read") : std::to_string(read) + " config" + (read == 1 ? "" : "s") + " read") +
                    "): " + (list.unknownReason.empty() ? std::string("a value is not known statically") : list.unknownReason) +
                    "; findings about its configs may be missing");
      addNotes(diagnostic, list, list.unknownReason);
    }
  }

private:
  // A list read whole whose configs hold values the evaluator could not
  // compute (`num_warps=int(os.environ["W"])`): the configs are there, the
  // rules judge them with those values unknown.
  static void reportUnknownValues(RuleContext &context, const ConfigList &list, const SourceSpan &span,
                                  const std::string &what) {
    size_t withUnknown = 0;
    std::string first;
    std::string firstReason;
    for (const Config &config : list.configs) {
      std::string name;
      const ScalarValue *unknown = nullptr;
      for (const auto &[param, value] : config.params)
        if (!value.isKnown()) {
          name = param;
          unknown = &value;
          break;
        }
      const std::pair<const char *, const std::optional<ScalarValue> *> options[] = {
          {"num_warps", &config.numWarps}, {"num_stages", &config.numStages}, {"num_ctas", &config.numCtas},
          {"maxnreg", &config.maxnreg}};
      for (const auto &[option, value] : options)
        if (!unknown && *value && !(*value)->isKnown()) {
          name = option;
          unknown = &**value;
        }
      if (!unknown) continue;
      if (withUnknown++ == 0) {
        first = "`" + name + "` of config " + std::to_string(config.index + 1);
        firstReason = unknown->unknownReason();
      }
    }
    if (withUnknown == 0) return;
    auto diagnostic = context.report(
        span, what + " was read, but " + std::to_string(withUnknown) + " of " + std::to_string(list.configs.size()) +
                  " configs hold a value that could not be evaluated (" + first + ": " + firstReason +
                  "); findings about those values may be missing");
    addNotes(diagnostic, list, firstReason);
  }

  // The evaluation's notes, what would let btlint read the value, and the
  // environment variable to declare when one stopped or steered it.
  static void addNotes(DiagnosticBuilder &diagnostic, const ConfigList &list, const std::string &reason) {
    std::string unsetVariable;
    if (reason.find("environment variable `") != std::string::npos)
      unsetVariable = firstQuotedName(reason.substr(reason.find("environment variable `")));
    for (const Note &note : list.evaluationNotes) {
      diagnostic.note(note);
      if (unsetVariable.empty() && note.text.find("is not read at lint time") != std::string::npos)
        unsetVariable = firstQuotedName(note.text);
    }
    diagnostic.note(hint(reason));
    if (!unsetVariable.empty())
      diagnostic.note("environment variables are read as unset unless .btlint.yaml gives them: `environment: {" +
                      unsetVariable + ": VALUE}`");
  }

  // "environment variable `NAME` ..." -> NAME.
  static std::string firstQuotedName(const std::string &text) {
    const size_t open = text.find('`');
    const size_t close = open == std::string::npos ? open : text.find('`', open + 1);
    return close == std::string::npos ? std::string() : text.substr(open + 1, close - open - 1);
  }

  // What would let btlint read the list.
  static std::string hint(const std::string &reason) {
    if (reason.find("autotuners:") != std::string::npos)
      return "`autotuners:` in .btlint.yaml names a decorator and, where they differ from triton.autotune's, the "
             "arguments that carry configs, key, prune-configs-by, restore-value and reset-to-zero (README, "
             "Configuration)";
    if (reason.find("is not part of the run") != std::string::npos)
      return "btlint reads the project's own modules (relative imports, absolute ones from each folder above "
             "the file that is not a package, and a package's imports of itself by its own name from a copy "
             "vendored under another name); a module found in none is taken for a third-party package";
    if (reason.find("limit") != std::string::npos) return "the evaluation limits are in docs/reliability.md";
    return "btlint evaluates the list without running it: values known only at run time (the device, the "
           "environment, a call it does not model) stop it; configs written as literals, comprehensions or "
           "helper functions over them are read whole";
  }
};

BTLINT_REGISTER_RULE(ConfigListUnresolved);

} // namespace
} // namespace btlint
