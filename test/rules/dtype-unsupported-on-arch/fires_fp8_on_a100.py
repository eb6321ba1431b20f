# btlint-test: --arch sm80
import triton
import triton.language as tl


@triton.jit
def fp8_matmul_kernel(a_ptr, b_ptr, c_ptr, K, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for k in range(0, K, BLOCK):
        a = tl.load(a_ptr + offs[:, None] * K + (k + offs)[None, :]).to(tl.float8e4nv)
        b = tl.load(b_ptr + (k + offs)[:, None] * BLOCK + offs[None, :]).to(tl.float8e4nv)
        acc += tl.dot(a, b)
    tl.store(c_ptr + offs[:, None] * BLOCK + offs[None, :], acc)
