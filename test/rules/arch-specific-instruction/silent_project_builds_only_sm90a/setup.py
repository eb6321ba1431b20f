# The extension's Hopper build targets sm_90a only, where wgmma exists.
nvcc_flags = ["-O3", "-std=c++17"]
for capability in ["8.0", "9.0"]:
    num = "90a" if capability == "9.0" else capability.replace(".", "")
    nvcc_flags += ["-gencode", f"arch=compute_{num},code=sm_{num}"]
