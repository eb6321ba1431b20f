# A portable build for plain sm_90 beside the sm_90a one: the wgmma file fails there.
nvcc_flags = ["-O3", "-gencode", "arch=compute_90,code=sm_90", "-gencode", "arch=compute_90a,code=sm_90a"]
