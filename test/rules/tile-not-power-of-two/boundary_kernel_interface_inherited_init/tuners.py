# The constructor that takes `configs` is the project base class's; the
# tuner the factory builds inherits it, two classes away from triton's
# KernelInterface. Its list is read: 256 passes, 320 does not.
import triton


class TunerBase(triton.KernelInterface):
    def __init__(self, fn, configs, key):
        self.fn = fn
        self.configs = configs
        self.key = key

    def run(self, *args, **kwargs):
        return self.fn.run(*args, **kwargs, **self.configs[0].all_kwargs())


class LoggingTuner(TunerBase):
    def run(self, *args, **kwargs):
        print("tuning", self.fn)
        return super().run(*args, **kwargs)


def logged_autotune(configs, key):
    return lambda fn: LoggingTuner(fn, configs, key)
