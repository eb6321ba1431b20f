# Triton's decorators applied only when first used, so that importing the
# package needs no GPU toolchain; the names kernels import instead of triton's.
import triton
import triton.language as tl

tl_constexpr = tl.constexpr


def deferred(make_decorator):
    def decorator_factory(*args, **kwargs):
        return make_decorator()(*args, **kwargs)

    return decorator_factory


kernel_jit = deferred(lambda: triton.jit)
kernel_autotune = deferred(lambda: triton.autotune)
kernel_traced = deferred(lambda: triton.testing.perf_report)
