# The project's autotune decorator: it names what the kernel updates in
# place itself, so the decorator is written without arguments.
import triton


def _project_autotune(*args, **kwargs):
    def decorator(fn):
        return triton.autotune(*args, **kwargs)(fn)

    return decorator


def lse_autotune():
    return _project_autotune(
        configs=[triton.Config({"BLOCK": b}, num_warps=w) for b in (128, 256) for w in (4, 8)],
        key=["n"],
        restore_value=["lse_ptr"],
    )
