#!/bin/bash
# A YAML tuning table names a kernel defined in Python code. When the run
# includes that code, the table's configs and key are checked against the
# kernel's parameters (config-unknown-param, autotune-key-unknown-arg); when
# it does not, the signature is unknown and those rules stay silent.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir -p proj/kernels proj/tuning
cat >proj/kernels/matmul.py <<'EOF'
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)
EOF
cat >proj/tuning/matmul.yaml <<'EOF'
kernels:
  matmul_kernel:
    key: [M, N, K, batch]
    configs:
      - {BLOCK_M: 128, BLOCK_N: 128, BLOCK_K: 64, num_warps: 8, num_stages: 3}
      - {BLOCK_M: 128, BLOCK_N: 64, BLOCK_K: 64, num_warps: 4, num_stages: 4}
      - {BLOCK_M: 64, BLOCK_N: 64, BLOCK_KK: 32, num_warps: 4, num_stages: 4}
  kernel_from_elsewhere:
    key: [n_elements]
    configs:
      - {BLOCK: 1024, num_warps: 4}
      - {BLOCK: 2048, num_warps: 8}
      - {BLOCK: 4096, num_warps: 8}
EOF
rules=config-unknown-param,autotune-key-unknown-arg
cd proj || exit 1

run_btlint --no-config --select $rules kernels tuning
check_rc 1 "with the kernel in the run: the table's mistakes are errors"
check_stdout_matches "^tuning/matmul.yaml:7:36: error: config 3 sets \`BLOCK_KK\`, which is not a parameter of \`matmul_kernel\` \[config-unknown-param\]$" \
  "a misspelt meta-parameter is reported at its key"
check_stdout_has "note: did you mean \`BLOCK_K\`?" "with a suggestion from the Python signature"
check_stdout_matches "^tuning/matmul.yaml:3:20: error: autotune key \`batch\` is not an argument of \`matmul_kernel\` \[autotune-key-unknown-arg\]$" \
  "a key entry that is no argument is reported"
check_count "$OUT" "[config-unknown-param]" 1 "the parameters the kernel has are not reported"
check_count "$OUT" "[autotune-key-unknown-arg]" 1 "the key entries the kernel has are not reported"
check_stdout_lacks "kernel_from_elsewhere" "a kernel not in the run: silent"

# The same table alone: no signature, no findings from these rules.
run_btlint --no-config --select $rules tuning
check_rc 0 "the table alone: exit 0"
check_stdout_empty "the table alone: the signature rules stay silent"

# Rules that need no signature still fire on the table alone.
run_btlint --no-config --select duplicate-config,num-warps-invalid,too-few-configs tuning/matmul.yaml
check_rc 0 "the table has no config-only mistakes"
sed -i 's/BLOCK: 4096, num_warps: 8/BLOCK: 1024, num_warps: 4/' tuning/matmul.yaml
run_btlint --no-config --select duplicate-config tuning/matmul.yaml
check_rc 1 "config-only rules run without the kernel's code"
check_stdout_matches "^tuning/matmul.yaml:13:9: warning: config 3 is identical to config 1 \[duplicate-config\]$" \
  "duplicate-config fires on the table alone"
finish
