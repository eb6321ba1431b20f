# The extension targets Blackwell only.
nvcc_flags = ["-O3", "-std=c++17", "-gencode", "arch=compute_100a,code=sm_100a"]
