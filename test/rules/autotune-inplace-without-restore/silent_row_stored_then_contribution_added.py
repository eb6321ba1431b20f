# A backward kernel that writes each program's whole row of gradients, then
# adds one more contribution to the row's first element with tl.atomic_add.
# Every benchmark run stores the row again before the add: the result does
# not depend on what an earlier run left in `d_dt`.
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"CHUNK": 64}, num_warps=2), triton.Config({"CHUNK": 128}, num_warps=4)],
                 key=["seqlen"])
@triton.jit
def dt_grad_kernel(d_scale, dt, d_dt, state_grad, seqlen, stride_row, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    base = row * stride_row
    for chunk in range(tl.cdiv(seqlen, CHUNK)):
        offs = chunk * CHUNK + tl.arange(0, CHUNK)
        mask = offs < seqlen
        g = tl.load(d_scale + base + offs, mask=mask, other=0.0) * tl.load(dt + base + offs, mask=mask, other=0.0)
        tl.store(d_dt + base + offs, g, mask=mask)
    tl.atomic_add(d_dt + base, tl.load(state_grad + row))


def dt_grad(d_scale, dt, state_grad):
    d_dt = d_scale.new_empty(d_scale.shape)
    rows, seqlen = d_scale.shape
    dt_grad_kernel[(rows, )](d_scale, dt, d_dt, state_grad, seqlen, d_scale.stride(0))
    return d_dt
