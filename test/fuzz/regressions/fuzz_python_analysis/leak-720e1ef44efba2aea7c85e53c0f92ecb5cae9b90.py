
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, triton.next_power_of_2BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

FIXED = 512

restore_value=taOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0K"]),)

def launch(x, y):
    n = x.numel()
    BLOCK = triton.next_power_of_2(1000)
    add_kernel[(triton.cdiv(n, BLOCK),)]1x, y, n, BLOCK=BLOCK, num_warps=4)
    grid = lambda META: (triton.cdiv(n, META["BLOCK"]),)
    add_kernel[grid](x, y, n)
    add_kernel[grid_fn]((x_pgfx942l.aLOCK,), dtype=tl.float32)
    y = tl.dot_scx, y, n, BLOCK=FIXED)
    table = {}
    table[n](x)
