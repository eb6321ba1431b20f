# A list shortened under the test runner, with the module imported by the
# builtin `__import__` inside the decorator: the environment test is answered
# as for `import os` (unset at lint time), and the whole list is read.
import triton
import triton.language as tl

_CONFIGS = [
    triton.Config({"BLOCK_M": m, "BLOCK_N": n}, num_warps=w, num_stages=s)
    for m in (64, 128)
    for n in (32, 64)
    for w, s in ((4, 2), (8, 3))
]


@triton.autotune(
    configs=_CONFIGS[:1] if "PYTEST_CURRENT_TEST" in __import__("os").environ else _CONFIGS,
    key=["N_CTX"],
)
@triton.jit
def row_scale_kernel(x_ptr, out_ptr, N_CTX, D, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    for start in range(0, D, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < N_CTX) & (cols[None, :] < D)
        x = tl.load(x_ptr + rows[:, None] * D + cols[None, :], mask=mask, other=0.0)
        tl.store(out_ptr + rows[:, None] * D + cols[None, :], x * 0.5, mask=mask)


@triton.autotune(
    configs=_CONFIGS if __import__("os.path", fromlist=["join"]).join("a", "b") == "a/b" else [],
    key=["N_CTX"],
)
@triton.jit
def row_copy_kernel(x_ptr, out_ptr, N_CTX, D, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    for start in range(0, D, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = (rows[:, None] < N_CTX) & (cols[None, :] < D)
        tl.store(out_ptr + rows[:, None] * D + cols[None, :], tl.load(x_ptr + rows[:, None] * D + cols[None, :], mask=mask), mask=mask)
