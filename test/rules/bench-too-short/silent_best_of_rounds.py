import torch
import triton


def bench_interleaved(fn_a, fn_b, rounds=5):
    # Five rounds of 50 ms each, alternating the candidates: 250 ms per candidate.
    best_a = best_b = float("inf")
    for _ in range(rounds):
        best_a = min(best_a, triton.testing.do_bench(fn_a, warmup=25, rep=50, return_mode="min"))
        best_b = min(best_b, triton.testing.do_bench(fn_b, warmup=25, rep=50, return_mode="min"))
    return best_a, best_b


def bench_repeated(fn):
    times = []
    for attempt in range(4):
        times.append(triton.testing.do_bench(fn, rep=40))
    return min(times)
