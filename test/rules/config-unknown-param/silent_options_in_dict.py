import triton
import triton.language as tl

# Launch options written into the meta dict, as some repositories do.
CONFIGS = [
    triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "num_warps": 4, "num_stages": 2}),
    triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "num_warps": 8, "num_stages": 3}),
    triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "waves_per_eu": 2, "matrix_instr_nonkdim": 16},
                  num_warps=8),
]


@triton.autotune(configs=CONFIGS, key=["M", "N"])
@triton.jit
def transpose_kernel(src_ptr, dst_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tile = tl.load(src_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    tl.store(dst_ptr + offs_n[None, :] * M + offs_m[:, None], tile, mask=mask)
