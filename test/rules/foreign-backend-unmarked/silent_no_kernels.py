import torch
import torch_npu  # a device helper module: no kernels


def npu_available():
    return torch.npu.is_available()
