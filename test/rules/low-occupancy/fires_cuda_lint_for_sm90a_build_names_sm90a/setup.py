# The extension targets Hopper (sm_90a) and Blackwell.
nvcc_flags = ["-O3", "-std=c++17"]
for num in ["90a", "100a"]:
    nvcc_flags += ["-gencode", f"arch=compute_{num},code=sm_{num}"]
