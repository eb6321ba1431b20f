import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_K": 16}, num_warps=4),
        triton.Config({"BLOCK_K": 32}, num_warps=4),
    ],
    key=["K"],
)
@triton.jit
def fp16_dot_kernel(a_ptr, b_ptr, c_ptr, K, BLOCK_K: tl.constexpr):
    # K = 16 is exactly the minimum for 16-bit inputs.
    offs = tl.arange(0, 16)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((16, 16), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + offs[:, None] * K + (k + offs_k)[None, :]).to(tl.float16)
        b = tl.load(b_ptr + (k + offs_k)[:, None] * 16 + offs[None, :]).to(tl.float16)
        acc += tl.dot(a, b)
    tl.store(c_ptr + offs[:, None] * 16 + offs[None, :], acc)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_K": 16}, num_warps=4),
        triton.Config({"BLOCK_K": 32}, num_warps=4),
    ],
    key=["K"],
)
@triton.jit
def fp8_dot_kernel(a_ptr, b_ptr, c_ptr, K, BLOCK_K: tl.constexpr):
    # The same K step is too small once the inputs are 8-bit: they need K >= 32.
    offs = tl.arange(0, 16)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((16, 16), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + offs[:, None] * K + (k + offs_k)[None, :]).to(tl.float8e5)
        b = tl.load(b_ptr + (k + offs_k)[:, None] * 16 + offs[None, :]).to(tl.float8e5)
        acc += tl.dot(a, b)
    tl.store(c_ptr + offs[:, None] * 16 + offs[None, :], acc)
