#include "rules/Rule.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

namespace btlint {
namespace {

bool isHorizontalSpace(char c) { return c == ' ' || c == '\t'; }

// The annotation the file already uses for compile-time parameters, so the fix
// writes what the author would: `tl.constexpr` when the module imports
// `triton.language as tl`, the long form when only that is in use.
std::optional<std::string> constexprSpelling(const FileModel &file, const std::string &source) {
  for (const Kernel &kernel : file.kernels)
    for (const Param &param : kernel.params)
      if (param.isConstexpr() && !param.annotation.empty()) return param.annotation;
  if (source.find("triton.language as tl") != std::string::npos ||
      source.find("import language as tl") != std::string::npos)
    return std::string("tl.constexpr");
  return std::nullopt;
}

// Rewrites `NAME`, `NAME=default` or `NAME: other` as `NAME: <spelling>...`.
// Returns nothing when the parameter's text is not in one of those shapes.
std::optional<Fix> constexprFix(const Param &param, const std::string &source,
                                const std::string &spelling) {
  const size_t start = param.span.startByte;
  const size_t end = param.span.endByte;
  if (!param.span.valid() || end > source.size() || start + param.name.size() > end ||
      source.compare(start, param.name.size(), param.name) != 0)
    return std::nullopt;
  const size_t nameEnd = start + param.name.size();
  size_t cursor = nameEnd;
  while (cursor < end && isHorizontalSpace(source[cursor])) ++cursor;

  TextEdit edit;
  edit.startByte = static_cast<uint32_t>(nameEnd);
  if (cursor == end) {
    edit.endByte = static_cast<uint32_t>(nameEnd);
    edit.replacement = ": " + spelling;
  } else if (source[cursor] == '=') {
    ++cursor;
    while (cursor < end && isHorizontalSpace(source[cursor])) ++cursor;
    edit.endByte = static_cast<uint32_t>(cursor);
    edit.replacement = ": " + spelling + " = ";
  } else if (source[cursor] == ':' && !param.annotation.empty()) {
    ++cursor;
    while (cursor < end && isHorizontalSpace(source[cursor])) ++cursor;
    if (source.compare(cursor, param.annotation.size(), param.annotation) != 0) return std::nullopt;
    edit.endByte = static_cast<uint32_t>(cursor + param.annotation.size());
    edit.replacement = ": " + spelling;
  } else {
    return std::nullopt;
  }
  Fix fix;
  fix.description = "declare `" + param.name + "` as `" + spelling + "`";
  fix.safe = true;
  fix.edits.push_back(std::move(edit));
  return fix;
}

// A @triton.jit function that another kernel calls, that takes a tile
// argument (`offs[:, None]` on a parameter), or that writes no memory
// and so returns its result to a caller, is a device helper rather than a
// kernel the host launches. Triton specialises a helper on its caller's
// arguments: a constexpr tile size passed in stays constexpr inside, so an
// unannotated parameter is fine there.
bool isDeviceHelper(const Kernel &kernel) {
  if (kernel.language != Language::Python || kernel.autotune) return false;
  if (kernel.calledByKernel || kernel.takesTileArguments) return true;
  return std::none_of(kernel.accesses.begin(), kernel.accesses.end(), [](const MemoryAccess &access) {
    return access.kind == AccessKind::Store || access.kind == AccessKind::Atomic;
  });
}

// An annotation btlint could not read (a name bound outside the run, such as
// another package's alias of tl.constexpr): Triton decides by the name of
// the annotation's class, which is not known here. Quoted annotations are
// read as Triton reads them, so they never stay unread.
bool annotationUnread(const Param &param) {
  return param.kind == ParamKind::Unknown && !param.annotation.empty() && param.annotation.front() != '"' &&
         param.annotation.front() != '\'';
}

class TileNotConstexpr : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "tile-not-constexpr";
    info.category = RuleCategory::Correctness;
    info.defaultSeverity = Severity::Error;
    info.summary = "a parameter that sizes a tile is not a compile-time constant";
    info.doc.whatItDoes =
        "Reports a kernel parameter that is used as a tile extent (a `tl.arange` bound, a "
        "`tl.zeros`/`tl.full` shape, a `tl.dot` operand dimension, a CUDA shared-array extent) "
        "but is not declared `tl.constexpr` (Triton; an annotation written as a string counts when "
        "its text holds `constexpr`, as it does for Triton: `BLOCK: \"tl.constexpr\"`) or is not a "
        "template parameter or "
        "`constexpr` (CUDA). An annotation bound to another name is followed into the module "
        "that binds it: `BLOCK: tl_constexpr` with `tl_constexpr = tl.constexpr` in the "
        "project's own module is constexpr, an alias of `int` is not; one btlint cannot read "
        "(bound in a package outside the run) leaves the parameter alone, since Triton decides "
        "by the annotation's class name. Parameters that merely look like tile sizes (`BLOCK_*`) but never "
        "size a tile are left alone, and so are parameters that reach a tile only through their "
        "element type (`ptr.dtype.element_ty.primitive_bitwidth // 8` as a vector width: Triton "
        "compiles the type into each specialisation), and device helpers (jit functions called by "
        "another kernel of the file, that take a tile argument (a parameter given a new axis, "
        "`offs[:, None]`: only a calling kernel passes tiles), or that write no memory and return "
        "a value): their "
        "callers pass tile sizes as constexprs, which stay constexpr inside.";
    info.doc.whyItMatters =
        "Triton builds tile shapes at compile time. A plain `int` parameter is a run-time value, "
        "so the kernel fails to compile with `arange's arguments must be of type tl.constexpr` "
        "(or a shape error) the first time it is launched, and an autotuner that sets the "
        "parameter from its configs hits the same error for every config.";
    info.doc.example = "@triton.jit\n"
                       "def scale_kernel(x_ptr, n, BLOCK_SIZE):\n"
                       "    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)\n"
                       "    x = tl.load(x_ptr + offsets, mask=offsets < n)\n";
    info.doc.useInstead = "@triton.jit\n"
                          "def scale_kernel(x_ptr, n, BLOCK_SIZE: tl.constexpr):\n"
                          "    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)\n"
                          "    x = tl.load(x_ptr + offsets, mask=offsets < n)\n";
    info.doc.fixSafety =
        "Safe. The fix annotates the parameter with the `constexpr` spelling the file already "
        "uses (`tl.constexpr` when the module imports `triton.language as tl`), keeping any "
        "default value. The kernel could not compile without it, so no working call changes "
        "meaning; each distinct value now compiles its own specialisation, which is what a tile "
        "size needs anyway. No fix is offered when the file has no such import.";
    return info;
  }

  void check(RuleContext &context) const override {
    const FileModel &file = context.file();
    const std::optional<std::string> spelling = constexprSpelling(file, context.source());
    for (const Kernel &kernel : file.kernels) {
      if (isDeviceHelper(kernel)) continue;
      for (const Param &param : kernel.params) {
        if (param.isConstexpr() || !param.uses.count(ParamUse::TileExtent)) continue;
        if (kernel.language == Language::Python && annotationUnread(param)) continue;
        if (kernel.language == Language::Cuda) {
          context.report(param.span, "`" + param.name + "` sizes a shared array in `" +
                                         kernel.name + "` but is not a compile-time constant")
              .about(kernel)
              .note("make it a template parameter or a `constexpr` value");
          continue;
        }
        auto diagnostic = context.report(param.span, "`" + param.name + "` sizes a tile in `" +
                                                         kernel.name +
                                                         "` but is not declared `tl.constexpr`");
        diagnostic.about(kernel);
        diagnostic.note("Triton needs tile extents at compile time; a run-time `int` fails with "
                        "\"arange's arguments must be of type tl.constexpr\"");
        if (!spelling) continue;
        if (std::optional<Fix> fix = constexprFix(param, context.source(), *spelling))
          diagnostic.fix(std::move(*fix));
      }
    }
  }
};

BTLINT_REGISTER_RULE(TileNotConstexpr);

} // namespace
} // namespace btlint
