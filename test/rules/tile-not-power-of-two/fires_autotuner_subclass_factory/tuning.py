from typing import Type, Union

import triton


class CachingTuner(triton.runtime.Autotuner):
    registry = {}

    def run(self, *args, **kwargs):
        return super().run(*args, **kwargs)

    @classmethod
    def get(cls, name):
        return cls.registry.get(name, cls)


class DiskCachingTuner(CachingTuner):
    pass


def tuned(configs, key, prune_configs_by=None, warmup=25, rep=100, policy: Union[str, Type[CachingTuner]] = "default"):
    if isinstance(policy, str):
        policy = CachingTuner.get(policy)
    assert issubclass(policy, CachingTuner)

    def decorator(fn):
        return policy(fn, fn.arg_names, configs, key, None, None, prune_configs_by=prune_configs_by, warmup=warmup,
                      rep=rep)

    return decorator


def cached(configs, key):
    def decorator(fn):
        return DiskCachingTuner(fn, fn.arg_names, configs, key, None, None)

    return decorator
