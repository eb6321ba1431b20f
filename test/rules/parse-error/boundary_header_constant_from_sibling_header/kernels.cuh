#pragma once
#include "warp_tiling.cuh"
#include "double_buffering.cuh"
