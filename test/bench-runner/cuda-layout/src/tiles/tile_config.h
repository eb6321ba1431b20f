#pragma once
// Rows of the staging tile each block keeps in shared memory.
constexpr int kStageRows = 128;
