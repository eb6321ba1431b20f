# btlint-test: --arch sm86,sm89
import triton
import triton.language as tl


@triton.jit
def scaled_fp8_matmul_kernel(a_ptr, b_ptr, c_ptr, scale, K, BLOCK: tl.constexpr):
    # sm89 (Ada) is the first NVIDIA target with e4m3; sm86 (Ampere) is the last without.
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for k in range(0, K, BLOCK):
        a = (tl.load(a_ptr + offs[:, None] * K + (k + offs)[None, :]) * scale).to(tl.float8e4nv)
        b = (tl.load(b_ptr + (k + offs)[:, None] * BLOCK + offs[None, :]) * scale).to(tl.float8e4nv)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + offs[:, None] * BLOCK + offs[None, :], acc)
