import triton
import triton.language as tl


# The pruner builds the configs that run from `tile_size`; `BLOCK_K`, which
# it never reads and the kernel does not have, is lost on the way: a typo.
def split_tile(configs, named_args, **kwargs):
    N = named_args["N"]
    split = []
    for config in configs:
        tile_size = config.kwargs["tile_size"]
        block_n = min(tile_size, triton.next_power_of_2(N))
        split.append(triton.Config({"BLOCK_M": tile_size // block_n, "BLOCK_N": block_n},
                                   num_warps=config.num_warps))
    return split


@triton.autotune(
    configs=[triton.Config({"tile_size": 1024, "BLOCK_K": 32}, num_warps=4)],
    key=["M", "N"],
    prune_configs_by={"early_config_prune": split_tile},
)
@triton.jit
def outer_kernel(x_ptr, y_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + rows, mask=rows < M)
    y = tl.load(y_ptr + cols, mask=cols < N)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], x[:, None] * y[None, :],
             mask=(rows[:, None] < M) & (cols[None, :] < N))
