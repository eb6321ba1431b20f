# Builds without the optional transport when it is not installed.
import os

nvcc_flags = ["-O3", "-std=c++17"]
if not os.environ.get("WITH_NVSHMEM"):
    nvcc_flags.append("-DDISABLE_NVSHMEM")
