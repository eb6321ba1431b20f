import triton
import triton.language as tl


# A GPTQ-style int4 GEMM: eight 4-bit weights packed in each int32, unpacked
# with shifts and masks in registers. The weight tile is staged as int32,
# twice the bytes of the fp16 it becomes: at 64 x 256 x 64 with 4 stages the
# int32 ring alone is 3 x 64 KiB.
@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=4, num_stages=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 256, "BLOCK_K": 64}, num_warps=4, num_stages=4),
    ],
    key=["M", "N", "K"],
)
@triton.jit
def int4_gemm_kernel(a_ptr, qweight_ptr, scales_ptr, c_ptr, M, N, K, stride_am, stride_qk, stride_cm,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :]
    q_ptrs = qweight_ptr + (offs_k[:, None] // 8) * stride_qk + offs_n[None, :]
    shifts = (offs_k % 8) * 4
    scales = tl.load(scales_ptr + offs_n)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_m[:, None] < M, other=0.0)
        q = tl.load(q_ptrs)
        w = ((q >> shifts[:, None]) & 0xF).to(tl.float16) * scales[None, :]
        acc += tl.dot(a, w)
        a_ptrs += BLOCK_K
        q_ptrs += (BLOCK_K // 8) * stride_qk
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :]
    tl.store(c_ptrs, acc.to(tl.float16), mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
