import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"block_m": 32, "BLOCK_N": 64}, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_warps=4),
    ],
    key=["M"],
)
@triton.jit
def scale_tiles_kernel(x_ptr, M, N, BLOCK_M: tl.constexpr = 64, BLOCK_N: tl.constexpr = 64):
    # Names are case-sensitive: `block_m` is not `BLOCK_M`.
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    tl.store(x_ptr + offs_m[:, None] * N + offs_n[None, :], x * 2, mask=mask)
