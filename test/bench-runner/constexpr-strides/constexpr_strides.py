import triton
import triton.language as tl


# Strides declared constexpr so that Triton specialises the unit ones, as
# mixture-of-experts kernels do: the contiguous axis's is taken as 1, the
# layout btlint's resource model assumes.
@triton.autotune(configs=[triton.Config({"BLOCK_N": 64, "BLOCK_K": 32}, num_warps=4, num_stages=s) for s in (2, 3)],
                 key=["K"])
@triton.jit
def expert_down_proj_kernel(a_ptr, w_ptr, y_ptr, M, K, stride_am, stride_ak: tl.constexpr, stride_wn,
                            stride_wk: tl.constexpr, stride_ym, stride_yn: tl.constexpr, BLOCK_M: tl.constexpr,
                            BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * stride_am + (k + ks)[None, :] * stride_ak, mask=rows[:, None] < M)
        w = tl.load(w_ptr + cols[:, None] * stride_wn + (k + ks)[None, :] * stride_wk)
        acc = tl.dot(a, tl.trans(w), acc=acc)
    tl.store(y_ptr + rows[:, None] * stride_ym + cols[None, :] * stride_yn, acc.to(tl.float16),
             mask=rows[:, None] < M)


# `o_t * H` on a 1-D tile: H heads interleaved along time, a count the kernel
# also divides program ids by; not taken as a unit stride.
@triton.autotune(configs=[triton.Config({}, num_warps=w) for w in (1, 2, 4)], key=["T"])
@triton.jit
def head_cumsum_kernel(s_ptr, o_ptr, T, H: tl.constexpr, BT: tl.constexpr):
    i_t, i_bh = tl.program_id(0), tl.program_id(1)
    i_b, i_h = i_bh // H, i_bh % H
    o_t = i_t * BT + tl.arange(0, BT)
    base = i_b * T * H + i_h
    x = tl.load(s_ptr + base + o_t * H, mask=o_t < T, other=0.0)
    tl.store(o_ptr + base + o_t * H, tl.cumsum(x, axis=0), mask=o_t < T)
