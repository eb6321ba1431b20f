import triton
import triton.language as tl


# The list tunes one pseudo-parameter, the tile's element count; the pruner
# turns each config into the BLOCK_M x BLOCK_N split that suits N.
def split_tile(configs, named_args, **kwargs):
    N = named_args["N"]
    split = []
    for config in configs:
        tile_size = config.kwargs["tile_size"]
        block_n = min(tile_size, triton.next_power_of_2(N))
        split.append(triton.Config({"BLOCK_M": tile_size // block_n, "BLOCK_N": block_n},
                                   num_warps=config.num_warps, num_stages=config.num_stages))
    return split


@triton.autotune(
    configs=[triton.Config({"tile_size": size}, num_warps=4) for size in (1024, 2048, 4096, 8192)],
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
