import torch
import triton


def bench_rms_norm(x, weight, rms_norm, warmup_ms=200, rep_ms=500):
    def run():
        return rms_norm(x, weight)

    # Warm up until a time budget is spent, timed with events, then time
    # with no further warm-up: the GPU is already at steady clocks.
    elapsed = 0.0
    while elapsed < warmup_ms:
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        run()
        end.record()
        torch.cuda.synchronize()
        elapsed += start.elapsed_time(end)
    return triton.testing.do_bench(run, warmup=0, rep=rep_ms)
