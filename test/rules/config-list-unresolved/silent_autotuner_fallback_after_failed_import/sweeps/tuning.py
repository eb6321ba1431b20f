# The tuned decorator of an internal package when it is installed; the
# project's own wrapper of triton's Autotuner otherwise. btlint takes the
# internal import to fail (it is not part of the run) and reads the wrapper.
from triton.runtime.autotuner import Autotuner

try:
    from internal_infra.kernels.tuning import sweep_autotune
except ImportError:

    def sweep_autotune(configs, key, prune_configs_by=None, reset_to_zero=None, restore_value=None, warmup=25, rep=100):
        def decorator(fn):
            return Autotuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value, pre_hook=None,
                             post_hook=None, prune_configs_by=prune_configs_by, warmup=warmup, rep=rep)

        return decorator
