# A kernel written for Triton 1.0's `**meta`: every config of the list sets
# the same two block sizes, which Triton 2 and later bind only to named
# parameters. One finding per key, naming each config that sets it.
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256}, num_stages=3, num_warps=8),
        triton.Config({"BLOCK_SIZE_M": 256, "BLOCK_SIZE_N": 128}, num_stages=3, num_warps=8),
        triton.Config({"BLOCK_SIZE_M": 64, "BLOCK_SIZE_N": 64}, num_stages=4, num_warps=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def bmm_kernel(x_ptr, y_ptr, o_ptr, M, N, K, stride_m, stride_n, **meta):
    pid = tl.program_id(0)
    tl.store(o_ptr + pid, tl.load(x_ptr + pid) + tl.load(y_ptr + pid))
