import triton
import triton.language as tl


@triton.jit
def topk_reverse_kernel(x_ptr, out_ptr, M, N, stride_m, N_PAD: tl.constexpr, BLOCK_M: tl.constexpr = 16,
                        BLOCK_N: tl.constexpr = 32):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    mask_m = offs_m < M
    steps: tl.constexpr = N_PAD // BLOCK_N - 1
    offs_n = steps * BLOCK_N + tl.arange(0, BLOCK_N)
    ptrs = x_ptr + offs_m[:, None] * stride_m + offs_n[None, :]
    # The last tile first, masked; then whole tiles walking back to the start.
    best = tl.max(tl.load(ptrs, mask=mask_m[:, None] & (offs_n[None, :] < N), other=float("-inf")), axis=1)
    for _ in range(steps):
        ptrs -= BLOCK_N
        best = tl.maximum(best, tl.max(tl.load(ptrs, mask=mask_m[:, None], other=float("-inf")), axis=1))
    tl.store(out_ptr + offs_m, best, mask=mask_m)


@triton.jit
def prefix_rows_kernel(k_ptr, out_ptr, T, stride_t, BLOCK: tl.constexpr = 64):
    pid = tl.program_id(0)
    rows = tl.arange(0, BLOCK)
    own = pid * BLOCK + rows
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    # The loop stops where this program's own tile starts: below T.
    for start in range(0, pid * BLOCK, BLOCK):
        prev = start + rows
        acc += tl.load(k_ptr + prev * stride_t)
    acc += tl.load(k_ptr + own * stride_t, mask=own < T, other=0.0)
    tl.store(out_ptr + own, acc, mask=own < T)


@triton.jit
def window_kernel(v_ptr, w_ptr, T, C, BLOCK_T: tl.constexpr = 32):
    # A window from T - C to T: the offsets are shifted before they are
    # compared with C, the window's size.
    for kv in range(T - C, T, BLOCK_T):
        offs = kv + tl.arange(0, BLOCK_T)
        in_window = offs - (T - C)
        vals = tl.load(v_ptr + offs, mask=offs < T, other=0.0)
        tl.store(w_ptr + in_window, vals, mask=in_window < C)
