import torch
from triton.testing import do_bench


def bench_backward(x, loss, warmup=25, rep=200):
    # The loop makes the same call the timed lambda makes (the backward pass
    # alone, the graph kept): the GPU is warm, a zero warm-up is fine.
    for _ in range(warmup):
        torch.autograd.grad(loss, x, retain_graph=True)
    return do_bench(
        lambda: torch.autograd.grad(loss, x,
                                    retain_graph=True),
        warmup=0,
        rep=rep,
    )
