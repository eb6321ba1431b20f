import triton
import triton.language as tl


@triton.jit
def split_halves(acc, SPLIT: tl.constexpr, BLOCK_N: tl.constexpr):
    # Two halves of the accumulator's columns, or the whole of it.
    if SPLIT == 2:
        left, right = tl.split(tl.reshape(acc, (acc.shape[0], 2, BLOCK_N // 2)).permute(0, 2, 1))
        return left, right
    return (acc,)


@triton.jit
def expert_gemm_kernel(x_ptr, x_strides, w_ptr, w_strides, out_ptr, out_strides, group_end_ptr, K,
                       N: tl.constexpr, SPLIT: tl.constexpr,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # The epilogue's tile width is the shape of what the helper returns: a
    # compile-time fact about the tensor, whatever its values came from.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    end = tl.load(group_end_ptr)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    x_ptrs = x_ptr + rows[:, None] * x_strides[0] + ks[None, :] * x_strides[1]
    w_ptrs = w_ptr + ks[:, None] * w_strides[0] + cols[None, :] * w_strides[1]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(x_ptrs, mask=(rows[:, None] < end) & (ks[None, :] < K - k * BLOCK_K), other=0.0)
        b = tl.load(w_ptrs, mask=ks[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        x_ptrs += BLOCK_K * x_strides[1]
        w_ptrs += BLOCK_K * w_strides[0]
    parts = split_halves(acc, SPLIT, BLOCK_N)
    width = parts[0].shape[1]
    out_cols = pid_n * width * len(parts) + tl.arange(0, width)
    for i in tl.static_range(len(parts)):
        ptrs = out_ptr + rows[:, None] * out_strides[0] + (out_cols + i * width)[None, :] * out_strides[1]
        tl.store(ptrs, parts[i].to(tl.float16), mask=(rows[:, None] < end) & (out_cols[None, :] < N))
