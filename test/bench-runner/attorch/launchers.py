"""Launchers for btlint-bench's H200 run on attorch (.btlint.yaml beside this
file). Each is called as launcher(shapes, dtype) and returns a callable that
runs attorch's own autograd function once; btlint-bench narrows the
autotuner's list to the config it times. attorch itself is not part of this
repository: the harness carries the copy that `btlint-bench --emit` made."""
import torch

DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def conv2d(shapes, dtype):
    """attorch's Conv2d forward (Conv2dAutoGrad) without bias, NCHW."""
    from attorch.conv_layer import Conv2dAutoGrad
    x = torch.randn(shapes["batch_dim"], shapes["in_feat_dim"], shapes["in_height"], shapes["in_width"],
                    device="cuda", dtype=DTYPES[dtype])
    w = torch.randn(shapes["out_feat_dim"], shapes["in_feat_dim"] // shapes["groups"], shapes["kernel_height"],
                    shapes["kernel_width"], device="cuda", dtype=DTYPES[dtype])

    def run():
        with torch.no_grad():
            return Conv2dAutoGrad.apply(x, w, None, shapes["stride_height"], shapes["stride_width"],
                                        shapes["padding_height"], shapes["padding_width"], shapes["groups"])
    return run
