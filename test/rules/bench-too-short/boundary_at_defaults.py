import triton.testing


def bench_exact(fn) -> float:
    # Exactly the defaults: fine.
    return triton.testing.do_bench(fn, warmup=25, rep=100)


def bench_short_by_a_hair(fn) -> float:
    return triton.testing.do_bench(fn, warmup=25, rep=99.5)


def bench_graph_short(fn) -> float:
    return triton.testing.do_bench_cudagraph(fn, rep=19)
