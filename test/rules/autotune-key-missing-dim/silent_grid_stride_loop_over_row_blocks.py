import triton
import triton.language as tl


# A persistent row-wise kernel: each program takes every num_programs-th
# block of rows, in a grid-stride loop or as its share of the blocks. Either
# way `n_rows` only sets how many steps run; each step is BLOCK_M rows.
@triton.autotune(configs=[triton.Config({"BLOCK_M": 4}, num_warps=4), triton.Config({"BLOCK_M": 8}, num_warps=8)],
                 key=["n_cols"])
@triton.jit
def rms_strided(x_ptr, out_ptr, n_rows, n_cols, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    ntasks = tl.cdiv(n_rows, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    for t in range(pid, ntasks, nprog):
        rows = t * BLOCK_M + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask, other=0.0)
        r = tl.sqrt(tl.sum(x * x, 1) / n_cols + 1e-6)
        tl.store(out_ptr + rows[:, None] * n_cols + cols[None, :], x / r[:, None], mask=mask)


@triton.autotune(configs=[triton.Config({"BLOCK_M": 4}, num_warps=4), triton.Config({"BLOCK_M": 8}, num_warps=8)],
                 key=["n_cols"])
@triton.jit
def rms_share(x_ptr, out_ptr, n_rows, n_cols, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    cols = tl.arange(0, BLOCK_N)
    for i in range(tl.cdiv(n_rows, BLOCK_M) // nprog):
        rows = (pid + i * nprog) * BLOCK_M + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
        x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask, other=0.0)
        r = tl.sqrt(tl.sum(x * x, 1) / n_cols + 1e-6)
        tl.store(out_ptr + rows[:, None] * n_cols + cols[None, :], x / r[:, None], mask=mask)
