import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_N": bn}, num_warps=4) for bn in (64, 128, 256)],
    key=["n", "D"],
)
@triton.jit
def rope_kernel(q_ptr, cos_ptr, sin_ptr, N, D, BLOCK_N: tl.constexpr):
    # Keys match arguments exactly: `D` is one, `n` is not `N`.
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    half = tl.arange(0, 64)
    mask = rows[:, None] < N
    q1 = tl.load(q_ptr + rows[:, None] * D + half[None, :], mask=mask)
    q2 = tl.load(q_ptr + rows[:, None] * D + 64 + half[None, :], mask=mask)
    c = tl.load(cos_ptr + half)
    s = tl.load(sin_ptr + half)
    tl.store(q_ptr + rows[:, None] * D + half[None, :], q1 * c - q2 * s, mask=mask)
    tl.store(q_ptr + rows[:, None] * D + 64 + half[None, :], q2 * c + q1 * s, mask=mask)
