import triton
import triton.language as tl

configs = [triton.Config({"BLOCK": b}, num_warps=w) for b in (256, 512) for w in (4, 8)]


# The gradient buffer is scratch: the first pass stores every block of it, the
# second pass reads it back. Each benchmark run reads what it wrote itself.
@triton.autotune(configs=configs, key=["n"])
@triton.jit
def two_pass_kernel(x_ptr, scratch_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0) * n
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row + offs, mask=offs < n, other=0.0)
        tl.store(scratch_ptr + row + offs, x * x, mask=offs < n)
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        total += tl.load(scratch_ptr + row + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + tl.program_id(0), tl.sum(total, axis=0))


# Stored first too, but in the loop that reads it: the load of the next
# block reads the previous run's output.
@triton.autotune(configs=configs, key=["n"])
@triton.jit
def shifted_kernel(x_ptr, n, BLOCK: tl.constexpr):
    for start in range(0, n - BLOCK, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32))
        nxt = tl.load(x_ptr + offs + BLOCK)
        tl.store(x_ptr + offs + BLOCK, nxt * 2)


# Stored first only when a flag says so: under the other arm the load reads
# the previous run's output.
@triton.autotune(configs=configs, key=["n"])
@triton.jit
def maybe_reset_kernel(x_ptr, n, RESET: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if RESET:
        tl.store(x_ptr + offs, tl.zeros((BLOCK,), dtype=tl.float32), mask=offs < n)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(x_ptr + offs, x + 1, mask=offs < n)
