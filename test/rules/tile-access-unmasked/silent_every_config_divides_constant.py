import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_D": 32}, num_warps=2), triton.Config({"BLOCK_D": 64}, num_warps=4),
             triton.Config({"BLOCK_D": 128}, num_warps=4)],
    key=["n_rows"],
)
@triton.jit
def rms_kernel(x_ptr, out_ptr, n_rows, HEAD_DIM: tl.constexpr = 128, BLOCK_D: tl.constexpr = 32):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK_D,), dtype=tl.float32)
    for d in range(0, HEAD_DIM, BLOCK_D):
        cols = d + tl.arange(0, BLOCK_D)
        x = tl.load(x_ptr + row * HEAD_DIM + cols)
        acc += x * x
    tl.store(out_ptr + row, tl.sqrt(tl.sum(acc) / HEAD_DIM))
