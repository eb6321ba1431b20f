import triton
import triton.language as tl


# A chunked scan's backward: each program walks the chunk from its own row
# block down, and the mask shifts the chunk's clipped length by the loop's
# position. `seqlen` only clips the last chunk to less than the keyed
# `chunk_size`; the shift moves with the program, not with the shape.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": m, "BLOCK_N": n}, num_warps=4) for m in (32, 64) for n in (32, 64)],
    key=["chunk_size", "hdim"],
)
@triton.jit
def chunk_scan_bwd_kernel(x_ptr, out_ptr, seqlen, chunk_size, hdim, stride_seq, stride_out,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_c = tl.program_id(1)
    x_ptr += pid_c * chunk_size * stride_seq
    start = chunk_size - BLOCK_N
    offs_n = tl.arange(0, BLOCK_N)
    chunk_limit = min(chunk_size, seqlen - pid_c * chunk_size)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start_n in range(0, (pid_m + 1) * BLOCK_M, BLOCK_N):
        x = tl.load(x_ptr + (start + offs_n) * stride_seq, mask=offs_n < chunk_limit + start_n - start, other=0.0)
        acc += x
    tl.store(out_ptr + (pid_c * tl.num_programs(0) + pid_m) * stride_out + offs_n, acc)
