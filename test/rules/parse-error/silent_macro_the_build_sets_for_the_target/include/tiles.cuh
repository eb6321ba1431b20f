#pragma once
// The shared memory a block may use, per GPU: the build defines one of the
// two macros with the target it compiles for.
#if defined(TILES_HOPPER)
constexpr int kMaxSharedBytes = 227 * 1024;
#elif defined(TILES_AMPERE)
constexpr int kMaxSharedBytes = 163 * 1024;
#endif
constexpr int kTile = 128;
