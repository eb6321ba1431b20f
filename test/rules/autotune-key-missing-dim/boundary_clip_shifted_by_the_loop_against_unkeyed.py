import triton
import triton.language as tl


# As silent_chunk_clip_shifted_by_the_loop, but the clip is against
# `width`, which the key leaves out too: neither `seqlen` nor `width` stands
# in for a keyed value. Both are reported.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": m, "BLOCK_N": n}, num_warps=4) for m in (32, 64) for n in (32, 64)],
    key=["chunk_size", "hdim"],
)
@triton.jit
def chunk_scan_bwd_width_kernel(x_ptr, out_ptr, seqlen, chunk_size, width, hdim, stride_seq, stride_out,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_c = tl.program_id(1)
    x_ptr += pid_c * chunk_size * stride_seq
    start = chunk_size - BLOCK_N
    offs_n = tl.arange(0, BLOCK_N)
    chunk_limit = min(width, seqlen - pid_c * chunk_size)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for start_n in range(0, (pid_m + 1) * BLOCK_M, BLOCK_N):
        x = tl.load(x_ptr + (start + offs_n) * stride_seq, mask=offs_n < chunk_limit + start_n - start, other=0.0)
        acc += x
    tl.store(out_ptr + (pid_c * tl.num_programs(0) + pid_m) * stride_out + offs_n, acc)
