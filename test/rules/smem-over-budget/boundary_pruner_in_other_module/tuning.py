import torch


def device_smem_bytes():
    props = torch.cuda.get_device_properties(torch.cuda.current_device())
    return props.shared_memory_per_block_optin


def too_big(config, dtype_bytes):
    BLOCK_M = config.kwargs["BLOCK_M"]
    BLOCK_N = config.kwargs["BLOCK_N"]
    BLOCK_K = config.kwargs["BLOCK_K"]
    rings = config.num_stages * (BLOCK_M + BLOCK_N) * BLOCK_K * dtype_bytes
    return rings > device_smem_bytes()


def prune_gemm_configs(configs, named_args, **kwargs):
    dtype_bytes = named_args["a_ptr"].element_size()
    return [config for config in configs if not too_big(config, dtype_bytes)]
