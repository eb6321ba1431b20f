#pragma once
// The samples' shared driver-API helpers.
inline int driver_blocks(int n, int threads) { return (n + threads - 1) / threads; }
