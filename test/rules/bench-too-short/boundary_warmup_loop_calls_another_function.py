import triton


def bench_softmax(x, softmax, reference, rep_ms=500):
    def run():
        return softmax(x)

    # The loop warms the reference implementation, not the timed function:
    # the timed one still starts cold.
    for _ in range(10):
        reference(x)
    cold = triton.testing.do_bench(run, warmup=0, rep=rep_ms)
    # Warmed by hand in a loop before the call: a zero warm-up is fine, a
    # short rep is still reported.
    for _ in range(20):
        run()
    warm = triton.testing.do_bench(run, warmup=0, rep=20)
    return cold, warm
