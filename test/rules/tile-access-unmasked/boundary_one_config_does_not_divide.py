import triton
import triton.language as tl


# 96 is a multiple of 32 but not of 64: only the second config breaks.
@triton.autotune(
    configs=[triton.Config({"BLOCK_D": 32}, num_warps=2), triton.Config({"BLOCK_D": 64}, num_warps=4)],
    key=["n_rows"],
)
@triton.jit
def rope_kernel(x_ptr, n_rows, ROT_DIM: tl.constexpr = 96, BLOCK_D: tl.constexpr = 32):
    row = tl.program_id(0)
    for d in range(0, ROT_DIM, BLOCK_D):
        cols = d + tl.arange(0, BLOCK_D)
        x = tl.load(x_ptr + row * ROT_DIM + cols)
        tl.store(x_ptr + row * ROT_DIM + cols, -x)
