#include "model/AutotuneText.h"
#include "rules/AutotuneKeyAnalysis.h"
#include "rules/Rule.h"

#include <set>
#include <string>
#include <vector>

namespace btlint {
namespace {

class AutotuneKeyMissingDim : public Rule {
public:
  static RuleInfo info() {
    RuleInfo info;
    info.id = "autotune-key-missing-dim";
    info.category = RuleCategory::Tuning;
    info.defaultSeverity = Severity::Warning;
    info.summary = "the autotune `key` omits a shape argument that sizes the kernel's work";
    info.doc.whatItDoes =
        "Reports an autotuned kernel whose `key` leaves out a run-time shape argument that "
        "sizes the work of a program beyond what the key fixes: one that bounds a loop over "
        "tiles (`range(0, K, BLOCK_K)`) whose tile the key does not fix, or one that a load's "
        "or store's mask (or a block pointer's shape, in a file whose loads or stores pass "
        "`boundary_check`; without one the shape bounds nothing) compares a tile with, when the tile is "
        "one the configs or the launcher choose. It follows each extent's upper bounds "
        "through the kernel: `min(chunk_size, seqlen - start)` is bounded by a keyed "
        "`chunk_size` whatever `seqlen`, a loop `range(start, min(start + chunk, n))` (and a mask "
        "against its end) by `chunk`, a count of valid entries (`tl.sum(idx != -1)`) by the "
        "tile it counts, `a - b` and `a // b` by `a`, a value loaded from "
        "memory by nothing the key could name, so a dimension that only clips an extent the "
        "key bounds, or only reaches it through a decoded program id or a stride into "
        "metadata, is not reported. Nor is one a mask compares only with values loaded from "
        "memory (`slot < num_slots`, a check on gathered indices, also after arithmetic on them: `x * "
        "stride - dx < size_x` on gathered coordinates; a block pointer's shape along an axis whose offset "
        "is looked up, `(start_m, 0)` with `start_m = tl.load(idx + i) * BLOCK_M`; an equality test on loaded values, "
        "`mask=flags != 0`, whose address's strides size nothing) or with a coordinate decoded "
        "from a flattened tile (`offs_m // (H * W) < batch`, the tile walking the flattened "
        "extent, whose own mask is judged), or a flat offset compares with a count times the stride of a "
        "coordinate each program holds one value of (`blk * x_b_s + rows[:, None] * x_r_s + ... < x_b * x_b_s`, "
        "`blk` a program id or a looked-up block index: a guard on the whole tensor, which keeps that "
        "coordinate below the count while the tile is as wide whatever `x_b`; where the stride scales "
        "the tile's rows, `rows[:, None] * x_r_s < x_r * x_r_s`, the rows are clipped and `x_r` is reported). A `@triton.jit` helper of the module that returns "
        "several values (`expert, rows, row_mask = tile_setup(pid, offsets, stride, ...)`) gives "
        "each its own origin: a row mask it computes from loaded offsets is data, and the "
        "offsets tensor and its stride size nothing. An argument the kernel replaces, at its top level, "
        "with a value computed without it (`T = eos - bos` from `cu_seqlens`) sizes nothing after "
        "that; replaced only under an `if`, it is still the argument. Row counts walked one row at a time (`for row in "
        "range(row_start, row_end)`, grid-stride loops (`for t in range(pid, cdiv(n_rows, BLOCK_M), "
        "tl.num_programs(0))`, a step of `NUM_SMS` likewise), a loop over one program's share of a persistent "
        "grid's row blocks (`range(cdiv(N, BLOCK_N) // tl.num_programs(0))`), a block pointer with a row block of "
        "1) and loops over chunks of a keyed size (or of a tile the launch passes the value of a "
        "keyed argument, `BC = BS = block_size`) only set how many programs or steps run "
        "and are not reported either; nor are the dimensions of an element-wise pass (a "
        "kernel without `tl.dot`, in its body or its helpers; a function the launch passes as a "
        "`tl.constexpr` argument, `y = COMPUTE_FN(x0, x1)`, is taken as element-wise) that only set how many "
        "programs run, each over a tile at its program's offset. In a kernel with a dot the "
        "same dimension is reported when the configs or the launcher choose the tile: M of a "
        "GEMM whose row tile is a bucket of M the key leaves out. It accepts the ways real code keys on a shape without "
        "naming it: a proxy argument that the launcher fills with a bucketed shape "
        "(`CACHE_KEY_M=M // 32`, `M_BUCKET=next_power_of_2(M)`), recognised by its name or by "
        "the launch passing it an expression of the same value (written in the call or "
        "assigned to the name it passes just before), and any key argument the launch "
        "computes from the shape, a padded constexpr tile such as "
        "`HEAD_DIM=next_power_of_2(head_dim)` included, and the other way round a shape the launch "
        "computes from key arguments alone (`round_len = math.ceil(n_ctx / 64) * 64` beside a keyed "
        "`n_ctx`); shapes listed in "
        "`do_not_specialize`, which the author left out on purpose; and arguments that only "
        "offset pointers (strides, row indices), which size nothing, also where a stride "
        "scales both sides of a mask (`tl.arange(0, HEADS)[:, None] * stride + c < num_heads * "
        "stride` compares heads with `num_heads`); nor a shape that every "
        "launch of the kernel in the file passes the same number (`NOPE_DIM=448`, a module "
        "constant): it never changes between calls; nor one that masks only a tile every launch "
        "sizes with the same number (`batch_size` against the rows of `BLOCK_B=16`: one tile of one "
        "size, whatever the batch; a loop over such tiles still counts). A loop bounded by a tile's `.shape` "
        "(`tl.static_range(1, log2(scores.shape[0]))`) is bounded by what sizes the tile, not "
        "by the values it holds: `scores = tl.dot(q * scale, k)` does not make `scale` or the "
        "sequence length a bound. Kernels with a single "
        "config are not tuned, and are skipped, as are files whose kernels run through JAX "
        "(that import `jax_triton`, or `jax` and not `torch`): jaxlib tunes each traced call, "
        "whose shapes are static, and never reads the key.";
    info.doc.whyItMatters =
        "Triton benchmarks the configs once per distinct key and caches the winner. A shape "
        "missing from the key means the config chosen for the first call's shape is reused for "
        "every later shape: a small tile picked for a 64-long reduction then runs a "
        "65536-long one, often several times slower. A `prune_configs_by` pruner does not "
        "help: it runs only when the key changes.";
    info.doc.example = "@triton.autotune(configs=configs, key=[\"N\"])\n"
                       "@triton.jit\n"
                       "def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):\n"
                       "    for k in range(0, K, BLOCK_K):  # K sizes the work\n"
                       "        ...\n";
    info.doc.useInstead = "@triton.autotune(configs=configs, key=[\"M\", \"N\", \"K\"])\n"
                          "@triton.jit\n"
                          "def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, ...):\n"
                          "    ...\n";
    return info;
  }

  void check(RuleContext &context) const override {
    // jaxlib tunes every traced call, its shapes static: the key is unused.
    if (context.file().launchedThroughJax()) return;
    for (const Kernel &kernel : context.file().kernels) {
      if (!kernel.autotune || !kernel.autotune->keyKnown) continue;
      const AutotuneSpec &spec = *kernel.autotune;
      if (spec.configs.complete && spec.configs.configs.size() <= 1) continue;

      std::set<std::string> keyNames;
      for (const NameRef &ref : spec.key) keyNames.insert(ref.name);
      const std::vector<KeyShapeArgument> missing = shapeArgumentsMissingFromKey(kernel, context.file(), keyNames);
      if (missing.empty()) continue;

      std::string names;
      for (size_t i = 0; i < missing.size(); ++i)
        names += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + ("`" + missing[i].param->name + "`");
      const SourceSpan span = spec.keySpan.valid() ? spec.keySpan : spec.span;
      auto diagnostic = context.report(
          span, "the autotune key of " + kernel.tunedObjectName() + " omits " + names + ", which " +
                    (missing.size() == 1 ? "sizes" : "size") +
                    " its work; the config tuned for one shape is reused for every other");
      diagnostic.about(kernel);
      for (const KeyShapeArgument &argument : missing) diagnostic.note(argument.use);
      if (spec.hasPruner)
        diagnostic.note(prunerPhrase(spec) + " runs only when the key changes, so it cannot adapt the configs to "
                        "another shape");
    }
  }
};

BTLINT_REGISTER_RULE(AutotuneKeyMissingDim);

} // namespace
} // namespace btlint
