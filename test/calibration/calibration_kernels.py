"""Triton kernels that the calibration harness compiles.

Written for btlint's calibration in the shapes real kernels take: a grouped,
masked GEMM whose K loop feeds tl.dot; a GEMM whose A operand passes through an
elementwise prologue before the dot (so it can stay in registers on the
warp-group MMA path); a flash-attention-style forward loop with two dots; and
row/column reductions and an elementwise kernel with BLOCK_SIZE up to 65536.

Each kernel's argument order is what calibrate.py's signatures describe.
"""
import triton
import triton.language as tl


@triton.jit
def gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                GROUP_M: tl.constexpr):
    """C[M, N] = A[M, K] @ B[K, N], fp32 accumulation, stored in C's type."""
    # Walk output tiles in groups of GROUP_M rows so that neighbouring programs
    # reuse the same B columns from L2.
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    tiles_per_group = GROUP_M * tiles_n
    first_m = (pid // tiles_per_group) * GROUP_M
    rows_in_group = min(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % tiles_per_group) % rows_in_group
    tile_n = (pid % tiles_per_group) // rows_in_group
    rows = (tile_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    cols = (tile_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    ks = tl.arange(0, BLOCK_K)
    a_tile_ptrs = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_tile_ptrs = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k_step in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k_step * BLOCK_K
        a = tl.load(a_tile_ptrs, mask=ks[None, :] < k_left, other=0.0)
        b = tl.load(b_tile_ptrs, mask=ks[:, None] < k_left, other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile_ptrs += BLOCK_K * stride_ak
        b_tile_ptrs += BLOCK_K * stride_bk

    out_rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    out_cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_tile_ptrs = c_ptr + out_rows[:, None] * stride_cm + out_cols[None, :] * stride_cn
    in_bounds = (out_rows[:, None] < M) & (out_cols[None, :] < N)
    tl.store(c_tile_ptrs, acc.to(c_ptr.dtype.element_ty), mask=in_bounds)


@triton.jit
def gemm_prologue_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                         stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                         GROUP_M: tl.constexpr):
    """GEMM with a ReLU applied to A in registers before the dot (fused prologue)."""
    # Walk output tiles in groups of GROUP_M rows so that neighbouring programs
    # reuse the same B columns from L2.
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    tiles_per_group = GROUP_M * tiles_n
    first_m = (pid // tiles_per_group) * GROUP_M
    rows_in_group = min(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % tiles_per_group) % rows_in_group
    tile_n = (pid % tiles_per_group) // rows_in_group
    rows = (tile_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    cols = (tile_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    ks = tl.arange(0, BLOCK_K)
    a_tile_ptrs = a_ptr + rows[:, None] * stride_am + ks[None, :] * stride_ak
    b_tile_ptrs = b_ptr + ks[:, None] * stride_bk + cols[None, :] * stride_bn

    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k_step in range(0, tl.cdiv(K, BLOCK_K)):
        k_left = K - k_step * BLOCK_K
        a = tl.load(a_tile_ptrs, mask=ks[None, :] < k_left, other=0.0)
        a = tl.maximum(a, 0.0).to(a_ptr.dtype.element_ty)
        b = tl.load(b_tile_ptrs, mask=ks[:, None] < k_left, other=0.0)
        acc = tl.dot(a, b, acc)
        a_tile_ptrs += BLOCK_K * stride_ak
        b_tile_ptrs += BLOCK_K * stride_bk

    out_rows = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    out_cols = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_tile_ptrs = c_ptr + out_rows[:, None] * stride_cm + out_cols[None, :] * stride_cn
    in_bounds = (out_rows[:, None] < M) & (out_cols[None, :] < N)
    tl.store(c_tile_ptrs, acc.to(c_ptr.dtype.element_ty), mask=in_bounds)


@triton.jit
def attention_fwd_kernel(q_ptr, k_ptr, v_ptr, o_ptr, seq_len, stride_head, stride_tok, softmax_scale,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    """One (batch*head, query block) per program; online softmax over key blocks."""
    query_block = tl.program_id(0)
    head = tl.program_id(1)
    head_offset = head.to(tl.int64) * stride_head
    q_rows = query_block * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    key_cols = tl.arange(0, BLOCK_N)

    q = tl.load(q_ptr + head_offset + q_rows[:, None] * stride_tok + dims[None, :],
                mask=q_rows[:, None] < seq_len, other=0.0)
    # exp2 instead of exp: fold log2(e) into the scale once.
    qk_scale = softmax_scale * 1.4426950408889634
    row_max = tl.full((BLOCK_M, ), float("-inf"), dtype=tl.float32)
    row_sum = tl.zeros((BLOCK_M, ), dtype=tl.float32)
    acc = tl.zeros((BLOCK_M, HEAD_DIM), dtype=tl.float32)

    for key_start in range(0, seq_len, BLOCK_N):
        keys = key_start + key_cols
        # K^T tile read directly with transposed strides: [HEAD_DIM, BLOCK_N].
        k_t = tl.load(k_ptr + head_offset + keys[None, :] * stride_tok + dims[:, None],
                      mask=keys[None, :] < seq_len, other=0.0)
        scores = tl.dot(q, k_t) * qk_scale
        scores = tl.where(keys[None, :] < seq_len, scores, float("-inf"))
        new_max = tl.maximum(row_max, tl.max(scores, 1))
        probs = tl.math.exp2(scores - new_max[:, None])
        rescale = tl.math.exp2(row_max - new_max)
        row_sum = row_sum * rescale + tl.sum(probs, 1)
        acc = acc * rescale[:, None]
        v = tl.load(v_ptr + head_offset + keys[:, None] * stride_tok + dims[None, :],
                    mask=keys[:, None] < seq_len, other=0.0)
        acc = tl.dot(probs.to(v.dtype), v, acc)
        row_max = new_max

    acc = acc / row_sum[:, None]
    tl.store(o_ptr + head_offset + q_rows[:, None] * stride_tok + dims[None, :],
             acc.to(o_ptr.dtype.element_ty), mask=q_rows[:, None] < seq_len)


@triton.jit
def softmax_rows_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    """Numerically stable softmax of one row per program (two reductions)."""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=cols < n_cols, other=float("-inf"))
    x = x.to(tl.float32)
    shifted = x - tl.max(x, axis=0)
    numerator = tl.exp(shifted)
    result = numerator / tl.sum(numerator, axis=0)
    tl.store(out_ptr + row * out_row_stride + cols, result.to(out_ptr.dtype.element_ty), mask=cols < n_cols)


@triton.jit
def row_sum_2d_kernel(out_ptr, in_ptr, n_rows, n_cols, row_stride,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """Sums BLOCK_M rows of BLOCK_N columns at once (reduction along the contiguous axis)."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    tile = tl.load(in_ptr + rows[:, None] * row_stride + cols[None, :],
                   mask=(rows[:, None] < n_rows) & (cols[None, :] < n_cols), other=0.0)
    totals = tl.sum(tile.to(tl.float32), axis=1)
    tl.store(out_ptr + rows, totals.to(out_ptr.dtype.element_ty), mask=rows < n_rows)


@triton.jit
def col_sum_2d_kernel(out_ptr, in_ptr, n_rows, n_cols, row_stride,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """Sums over rows for BLOCK_N columns (reduction across the strided axis)."""
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    rows = tl.arange(0, BLOCK_M)
    tile = tl.load(in_ptr + rows[:, None] * row_stride + cols[None, :],
                   mask=(rows[:, None] < n_rows) & (cols[None, :] < n_cols), other=0.0)
    totals = tl.sum(tile.to(tl.float32), axis=0)
    tl.store(out_ptr + cols, totals.to(out_ptr.dtype.element_ty), mask=cols < n_cols)


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """out = x + y over a flat range; no shared memory expected."""
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    in_range = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=in_range)
    y = tl.load(y_ptr + offsets, mask=in_range)
    tl.store(out_ptr + offsets, x + y, mask=in_range)
