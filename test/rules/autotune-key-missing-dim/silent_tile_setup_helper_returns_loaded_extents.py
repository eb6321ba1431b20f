import triton
import triton.language as tl


# Grouped GEMM over experts: a helper finds the expert that owns the tile and
# returns the expert id, the rows and the row mask, all computed from the
# cumulative row ends it loads. The offsets tensor, its stride and the expert
# count only address those loads: the mask's extent is data, and N and K, the
# dims the tiles walk, are keyed.
@triton.jit
def expert_tile_setup(pid_m, pid_n, Offsets, stride_offs, num_experts,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    expert = tl.minimum(pid_m // 64, num_experts - 1)
    start = tl.where(expert == 0, 0, tl.load(Offsets + (expert - 1) * stride_offs))
    end = tl.load(Offsets + expert * stride_offs)
    rows = start + (pid_m % 64) * BLOCK_M + tl.arange(0, BLOCK_M)
    row_mask = rows < end
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    return expert, rows, row_mask, cols, ks


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": 64}, num_warps=w, num_stages=3)
        for m in (64, 128)
        for n in (64, 128)
        for w in (4, 8)
    ],
    key=["N", "K"],
)
@triton.jit
def grouped_matmul_kernel(a_ptr, b_ptr, c_ptr, Offsets, stride_offs, num_experts, N, K,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    expert, rows, row_mask, cols, ks = expert_tile_setup(pid_m, pid_n, Offsets, stride_offs, num_experts,
                                                         BLOCK_M, BLOCK_N, BLOCK_K)
    a_ptrs = a_ptr + rows[:, None] * K + ks[None, :]
    b_ptrs = b_ptr + expert * K * N + ks[:, None] * N + cols[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=row_mask[:, None], other=0.0)
        b = tl.load(b_ptrs)
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * N
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16), mask=row_mask[:, None])
