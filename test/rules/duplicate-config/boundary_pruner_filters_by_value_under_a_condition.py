import torch
import triton
import triton.language as tl

# The same list, but the pruner drops the split-K configs only for element
# types `tl.atomic_add` cannot take: for fp16 and fp32 the repeated
# split-K config is benchmarked twice.
CONFIGS = [triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "SPLIT_K": 1}, num_warps=4) for bm in (64, 128)] + [
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "SPLIT_K": 4}, num_warps=4),
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "SPLIT_K": 4}, num_warps=4),
]


def keep_unsplit(configs, named_args, **kwargs):
    if named_args["x_ptr"].dtype not in (torch.float16, torch.float32):
        configs = [config for config in configs if config.kwargs["SPLIT_K"] == 1]
    return configs


@triton.autotune(configs=CONFIGS, key=["M", "N"], prune_configs_by={"early_config_prune": keep_unsplit})
@triton.jit
def row_scale_kernel(x_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, SPLIT_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows < M)[:, None] & (cols < N)[None, :]
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], x * SPLIT_K, mask=mask)
