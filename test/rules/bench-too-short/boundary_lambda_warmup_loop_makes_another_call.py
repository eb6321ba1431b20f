import torch
from triton.testing import do_bench


def bench_backward(x, loss, reference_loss, warmup=25, rep=200):
    # The loop warms another call than the lambda's: the timed call starts
    # cold with no warm-up, reported.
    for _ in range(warmup):
        torch.autograd.grad(reference_loss, x, retain_graph=True)
    return do_bench(lambda: torch.autograd.grad(loss, x, retain_graph=True), warmup=0, rep=rep)
