# Imports Triton once for the package; where it is missing, the kernels'
# decorators become no-ops so that the package still imports on a CPU box.
try:
    import triton
    import triton.language as tl

    HAVE_TRITON = True
except ImportError:
    from unittest.mock import MagicMock

    def _passthrough(*args, **kwargs):
        return args[0] if args and callable(args[0]) else (lambda fn: fn)

    triton = MagicMock()
    triton.jit = _passthrough
    triton.autotune = _passthrough
    tl = MagicMock()
    HAVE_TRITON = False
