"""Compiles the register-spill-risk fixtures with several dots for sm90 (no
launch) and prints ptxas's registers and spills per config, to check the
rule's phase model: carried accumulators of one loop count together, loops
that run one after the other do not.
usage: python3 compile_fixtures.py FIXTURE.py..."""
import importlib.util
import sys

import torch
import triton
from triton.backends.compiler import GPUTarget

TARGET = GPUTarget("cuda", 90, 32)
INNER_STRIDES = {"stride_ak", "stride_bn", "stride_cn"}


def main():
    print("triton", triton.__version__, "torch", torch.__version__, "gpu", torch.cuda.get_device_name(0))
    for path in sys.argv[1:]:
        spec = importlib.util.spec_from_file_location("fixture", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name in dir(module):
            tuner = getattr(module, name)
            if not isinstance(tuner, triton.runtime.Autotuner):
                continue
            fn = tuner.fn
            for index, config in enumerate(tuner.configs, 1):
                # As the JIT specialises a launch on torch tensors: pointers and
                # sizes divisible by 16, inner strides the constant 1.
                constexprs = dict(config.kwargs)
                signature, attrs = {}, {}
                for position, param in enumerate(fn.params):
                    if param.is_constexpr:
                        signature[param.name] = "constexpr"
                    elif param.name.endswith("_ptr"):
                        signature[param.name] = "*fp16"
                        attrs[(position, )] = [["tt.divisibility", 16]]
                    elif param.name in INNER_STRIDES:
                        signature[param.name] = "constexpr"
                        constexprs[param.name] = 1
                    else:
                        signature[param.name] = "i32"
                        attrs[(position, )] = [["tt.divisibility", 16]]
                src = triton.compiler.ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
                options = {"num_warps": config.num_warps, "num_stages": config.num_stages}
                try:
                    kernel = triton.compile(src, target=TARGET, options=options)
                    kernel._init_handles()  # loads the binary: n_regs and n_spills come from the driver
                    print(f"{path}: {name} config {index}: registers {kernel.n_regs} spills {kernel.n_spills} "
                          f"shared {kernel.metadata.shared}")
                except Exception as error:  # noqa: BLE001 - report and go on
                    print(f"{path}: {name} config {index}: compile error {type(error).__name__}: {str(error)[:300]}")


if __name__ == "__main__":
    main()
