import torch
import triton.testing

# Durations named once at the top of a benchmark script: the finding is at
# the do_bench call that uses them, with a note naming where they are set.
WARMUP_MS = 25
REP_ITERS = 20


def bench_softmax(x: torch.Tensor) -> float:
    return triton.testing.do_bench(lambda: torch.softmax(x, dim=-1), warmup=WARMUP_MS, rep=REP_ITERS)
