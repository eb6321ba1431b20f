# btlint-test: --arch sm80
import torch
import triton
import triton.language as tl


# A builder that autotunes its kernel by hand, except on Hopper-class GPUs,
# where the caller passes a tuned config itself. On sm80 the condition holds:
# the wrap runs, and its two configs are too few for a kernel with a dot.
def build_scale_kernel():
    @triton.jit
    def scale_kernel(x_ptr, w_ptr, out_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr):
        rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
        rk = tl.arange(0, BLOCK_K)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = tl.load(x_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
            b = tl.load(w_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
            acc += tl.dot(a, b)
        tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))

    if torch.cuda.get_device_capability()[0] not in [9, 10]:
        scale_kernel = triton.autotune(
            configs=[
                triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=3),
                triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=3),
            ],
            key=["M", "N", "K"],
        )(scale_kernel)
    return scale_kernel
