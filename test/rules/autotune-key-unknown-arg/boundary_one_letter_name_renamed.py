import triton
import triton.language as tl


# `E` was renamed `NUM_EXPERTS`: the key still names it. One letter is no
# typo of another (`K`), so no parameter is suggested; `n` for `N` is.
@triton.autotune(
    configs=[triton.Config({"BLOCK_N": 64}, num_warps=4), triton.Config({"BLOCK_N": 128}, num_warps=8)],
    key=["E", "n", "K"],
)
@triton.jit
def expert_bias_kernel(out_ptr, bias_ptr, NUM_EXPERTS, N, K, BLOCK_N: tl.constexpr):
    expert = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (cols < N) & (expert < NUM_EXPERTS)
    bias = tl.load(bias_ptr + expert * N + cols, mask=mask, other=0.0)
    tl.store(out_ptr + expert * N + cols, bias * K, mask=mask)
