import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "BLOCK_K": bk}, num_warps=4)
        for bm in (32, 64, 128)
        for bk in (32, 64)
    ],
    key=["M", "K"],
)
@triton.jit
def dot_six_kernel(a_ptr, b_ptr, c_ptr, M, K,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # Exactly six configs: the minimum for a kernel with tl.dot.
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + offs_m[:, None] * K + (k + offs_k)[None, :])
        b = tl.load(b_ptr + (k + offs_k)[:, None] * BLOCK_N + offs_n[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], acc)


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=4) for b in (512, 1024, 2048)],
    key=["n_elements"],
)
@triton.jit
def copy_three_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    # Exactly three configs: the minimum without tl.dot.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(dst_ptr + offsets, tl.load(src_ptr + offsets, mask=mask), mask=mask)


@triton.autotune(
    configs=[triton.Config({"BLOCK_M": bm, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4)
             for bm in (16, 32, 64, 128, 256)],
    key=["M"],
)
@triton.jit
def dot_five_kernel(a_ptr, b_ptr, c_ptr, M,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # One short of six.
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + offs_m[:, None] * BLOCK_K + offs_k[None, :], mask=offs_m[:, None] < M)
    b = tl.load(b_ptr + offs_k[:, None] * BLOCK_N + offs_n[None, :])
    tl.store(c_ptr + offs_m[:, None] * BLOCK_N + offs_n[None, :], tl.dot(a, b), mask=offs_m[:, None] < M)
