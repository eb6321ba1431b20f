import torch
import triton
import triton.language as tl


@triton.jit
def unpack_rows_kernel(x_ptr, out_ptr, ROWS: tl.constexpr, COLS: tl.constexpr, PACKED: tl.constexpr = False,
                       PACK_WIDTH: tl.constexpr = 0, SPLIT: tl.constexpr = 3):
    # SPLIT sizes a tile whatever the flag: its default of 3 is built.
    # PACK_WIDTH is built only where PACKED is on: the launch below turns it
    # on and leaves the width at its default of 0.
    offs = tl.arange(0, ROWS * COLS)
    x = tl.load(x_ptr + offs)
    head = tl.arange(0, SPLIT)
    if PACKED:
        x = x.reshape(COLS // PACK_WIDTH, ROWS, PACK_WIDTH).permute(1, 0, 2).reshape(ROWS, COLS)
    else:
        x = x.reshape(ROWS, COLS)
    tl.store(out_ptr + tl.arange(0, COLS), tl.sum(x, axis=0))
    tl.store(out_ptr + COLS + head, tl.zeros((SPLIT,), dtype=tl.float32))


def unpack_rows(x):
    out = torch.empty(x.shape[-1] + 3, device=x.device, dtype=torch.float32)
    unpack_rows_kernel[(1,)](x, out, ROWS=x.shape[0], COLS=x.shape[1], PACKED=True)
    return out
