# Each kernel folder sets GPU and includes this file.
NVCC := nvcc
NVCCFLAGS += -std=c++17 -O3 -I../../include

ifeq ($(GPU),H100)
NVCCFLAGS += -DTILES_HOPPER -gencode arch=compute_90a,code=sm_90a -gencode arch=compute_100a,code=sm_100a
else ifeq ($(GPU),A100)
NVCCFLAGS += -DTILES_AMPERE -gencode arch=compute_80,code=sm_80
endif

$(OUT): $(SRC)
	$(NVCC) $(NVCCFLAGS) $(SRC) -o $(OUT)
