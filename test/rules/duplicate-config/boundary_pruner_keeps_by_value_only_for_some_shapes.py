import triton
import triton.language as tl

# The same list, but the pruner keeps the SPLIT_K = 1 configs only for
# large shapes and returns the whole list otherwise: the repeated split-K
# config is benchmarked twice for small ones.
CONFIGS = [triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "SPLIT_K": 1}, num_warps=4) for bm in (64, 128)] + [
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "SPLIT_K": 4}, num_warps=4),
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "SPLIT_K": 4}, num_warps=4),
]


def keep_unsplit(configs, named_args, **kwargs):
    unsplit = [config for config in configs if config.kwargs["SPLIT_K"] == 1 and config.num_warps <= 8]
    if named_args["M"] * named_args["N"] >= 1 << 22:
        return unsplit
    return configs


@triton.autotune(configs=CONFIGS, key=["M", "N"], prune_configs_by={"early_config_prune": keep_unsplit})
@triton.jit
def row_scale_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, SPLIT_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], x * SPLIT_K, mask=mask)
