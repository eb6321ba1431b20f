# A quantised-matmul package's own autotuner, written on triton's
# KernelInterface rather than derived from its Autotuner: the factory
# `sweep` hands its `configs` to the class, so the list is the kernel's.
# `sweep_by_key` takes the key first; its positional list is the second.
import triton


class SweepTuner(triton.KernelInterface):
    def __init__(self, fn, arg_names, configs, key, prune_configs_by=None, rounds=10):
        self.fn = fn
        self.configs = configs
        self.key_positions = [arg_names.index(name) for name in key]
        self.rounds = rounds
        self.best = {}

    def run(self, *args, **kwargs):
        signature = tuple(args[i] for i in self.key_positions)
        config = self.best.setdefault(signature, self.configs[0])
        return self.fn.run(*args, **kwargs, **config.all_kwargs())


def sweep(configs, key, prune_configs_by=None, rounds=10):
    def decorator(fn):
        return SweepTuner(fn, fn.arg_names, configs, key, prune_configs_by, rounds)

    return decorator


def sweep_by_key(key, configs=None):
    def decorator(fn):
        return SweepTuner(fn, fn.arg_names, configs or [], key)

    return decorator
