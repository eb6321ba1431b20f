#!/bin/bash
# btlint under Debian's real pre-commit (apt package pre-commit): in a
# temporary git repository, a commit that stages a bad kernel is blocked with
# btlint's message, and goes through once the kernel is fixed. Two set-ups:
#   1. a `repo: local` hook running the built btlint (language: system);
#   2. `repo:` pointing at a git clone of this repository's
#      .pre-commit-hooks.yaml (hook id `btlint`), with btlint on PATH.
# Nothing reaches the network: git may only use file:// and local paths, and
# pre-commit keeps its cache under the scratch folder.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

if ! command -v pre-commit >/dev/null; then
  fail "pre-commit is installed (tools/setup.sh test installs Debian's pre-commit)"
  finish
fi
pass "pre-commit $(pre-commit --version | cut -d' ' -f2) is installed"

export PRE_COMMIT_HOME=$WORK/pre-commit-home
export XDG_CACHE_HOME=$WORK/cache
export GIT_ALLOW_PROTOCOL=file
export GIT_CONFIG_NOSYSTEM=1
export HOME=$WORK/home
mkdir -p "$HOME" bin
ln -s "$BTLINT" bin/btlint
export PATH=$WORK/bin:$PATH
git config --global user.email btlint-test@example.invalid
git config --global user.name "btlint test"
git config --global init.defaultBranch main
git config --global protocol.allow never
git config --global protocol.file.allow always

write_kernel() { # write_kernel FILE NUM_WARPS
  cat >"$1" <<EOF
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=4),
        triton.Config({"BLOCK": 512}, num_warps=$2),
        triton.Config({"BLOCK": 1024}, num_warps=8),
        triton.Config({"BLOCK": 2048}, num_warps=8),
    ],
    key=["n"],
)
@triton.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
EOF
}

# The hook manifest of this repository is valid for pre-commit.
if pre-commit validate-manifest "$SOURCE_DIR/.pre-commit-hooks.yaml" >"$WORK/manifest.out" 2>&1; then
  pass ".pre-commit-hooks.yaml passes pre-commit validate-manifest"
else
  fail ".pre-commit-hooks.yaml passes pre-commit validate-manifest" "$(cat "$WORK/manifest.out")"
fi

# commit_in REPO MESSAGE: git commit through the installed hook; output in
# $WORK/commit.out, status in COMMIT_RC.
commit_in() {
  (cd "$1" && timeout 120 git commit -q -m "$2") >"$WORK/commit.out" 2>&1
  COMMIT_RC=$?
}

# --- 1. repo: local --------------------------------------------------------
mkdir local && cd local && git init -q . || exit 1
cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: local
    hooks:
      - id: btlint-system
        name: btlint
        entry: $BTLINT
        args: [--no-config, --arch, sm90]
        language: system
        types_or: [python, cuda, yaml]
        require_serial: true
EOF
if pre-commit install >"$WORK/install.out" 2>&1; then pass "pre-commit install"; else fail "pre-commit install" "$(cat "$WORK/install.out")"; fi
mkdir kernels
write_kernel kernels/scale.py 6
git add .pre-commit-config.yaml kernels/scale.py
cd "$WORK" || exit 1
commit_in local "add a kernel"
if [ "$COMMIT_RC" -ne 0 ]; then pass "local hook: the commit of a bad kernel is blocked"; else fail "local hook: the commit of a bad kernel is blocked" "$(cat "$WORK/commit.out")"; fi
check_has "$WORK/commit.out" "kernels/scale.py:8:" "local hook: btlint's finding is shown with file:line"
check_has "$WORK/commit.out" "must be a power of two [num-warps-invalid, sm90]" "local hook: btlint's message is shown"
check_has "$WORK/commit.out" "btlint...." "local hook: pre-commit names the hook"
if (cd local && git rev-parse -q --verify HEAD >/dev/null); then fail "local hook: no commit was made"; else pass "local hook: no commit was made"; fi

write_kernel local/kernels/scale.py 8
(cd local && git add kernels/scale.py)
commit_in local "add a kernel"
if [ "$COMMIT_RC" -eq 0 ]; then pass "local hook: the fixed kernel commits"; else fail "local hook: the fixed kernel commits" "$(cat "$WORK/commit.out")"; fi
if (cd local && git rev-parse -q --verify HEAD >/dev/null); then pass "local hook: the commit exists"; else fail "local hook: the commit exists"; fi

# A commit without kernel files does not run btlint at all.
echo "notes" >local/README.txt
(cd local && git add README.txt)
commit_in local "docs"
check "local hook: a commit without kernel files goes through" test "$COMMIT_RC" -eq 0
check_has "$WORK/commit.out" "(no files to check)" "local hook: skipped when no kernel file is staged"

# --- 2. repo: a clone of this repository's hook definitions ---------------
mkdir hooks && cp "$SOURCE_DIR/.pre-commit-hooks.yaml" hooks/ && mkdir hooks/tools &&
  cp "$SOURCE_DIR/tools/pre-commit-build-and-run.sh" hooks/tools/ || exit 1
(cd hooks && git init -q . && git add -A && git commit -q -m "btlint hooks") || exit 1
rev=$(cd hooks && git rev-parse HEAD)
mkdir remote && cd remote && git init -q . || exit 1
cat >.pre-commit-config.yaml <<EOF
repos:
  - repo: file://$WORK/hooks
    rev: $rev
    hooks:
      - id: btlint-system
        args: [--no-config]
EOF
pre-commit install >"$WORK/install.out" 2>&1 || fail "pre-commit install (remote)" "$(cat "$WORK/install.out")"
mkdir kernels
write_kernel kernels/scale.py 6
cat >kernels/tuning.yaml <<'EOF'
kernels:
  scale_kernel:
    key: [n]
    configs:
      - {BLOCK: 256, num_warps: 4}
      - {BLOCK: 512, num_warps: 8}
      - {BLOCK: 1024, num_warps: 8}
      - {BLOCK: 256, num_warps: 4}
EOF
git add .pre-commit-config.yaml kernels
cd "$WORK" || exit 1
commit_in remote "add kernels"
if [ "$COMMIT_RC" -ne 0 ]; then pass "hook from .pre-commit-hooks.yaml: the bad commit is blocked"; else fail "hook from .pre-commit-hooks.yaml: the bad commit is blocked" "$(cat "$WORK/commit.out")"; fi
check_has "$WORK/commit.out" "[num-warps-invalid, sm90]" "hook from .pre-commit-hooks.yaml: the Python finding is shown"
check_has "$WORK/commit.out" "kernels/tuning.yaml:8:9: warning: config 4 is identical to config 1 [duplicate-config]" \
  "hook from .pre-commit-hooks.yaml: the YAML table is checked too"
check_lacks "$WORK/commit.out" "config-unknown-param" "the YAML table is checked against the kernel staged beside it"
check "pre-commit kept its cache in the scratch folder" test -d "$PRE_COMMIT_HOME"

# The btlint-build hook (language: script): its script builds btlint into
# build-pre-commit/ of pre-commit's clone on first use. The build itself takes
# minutes, so the clone gets the built binary in that place; what is tested is
# that pre-commit finds and runs the script, which runs btlint with the files.
clone=$(/usr/bin/python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select path from repos where repo=? and ref=?", (sys.argv[2], sys.argv[3])).fetchone()[0])' \
  "$PRE_COMMIT_HOME/db.db" "file://$WORK/hooks" "$rev" 2>"$WORK/db.err")
if [ -n "$clone" ] && [ -x "$clone/tools/pre-commit-build-and-run.sh" ]; then
  pass "pre-commit cloned the hook repository with the build script"
  mkdir -p "$clone/build-pre-commit" && ln -s "$BTLINT" "$clone/build-pre-commit/btlint"
  (cd remote && sed -i 's/- id: btlint-system$/- id: btlint-build/' .pre-commit-config.yaml && git add .pre-commit-config.yaml)
  commit_in remote "add kernels"
  if [ "$COMMIT_RC" -ne 0 ]; then pass "btlint-build hook: the bad commit is blocked"; else fail "btlint-build hook: the bad commit is blocked" "$(cat "$WORK/commit.out")"; fi
  check_has "$WORK/commit.out" "btlint (built from source)...." "btlint-build hook: pre-commit ran it"
  check_has "$WORK/commit.out" "[num-warps-invalid, sm90]" "btlint-build hook: btlint's message is shown"
else
  fail "pre-commit cloned the hook repository with the build script" "clone: '$clone' $(cat "$WORK/db.err")"
fi

write_kernel remote/kernels/scale.py 8
sed -i '$d' remote/kernels/tuning.yaml
(cd remote && git add kernels)
commit_in remote "add kernels"
if [ "$COMMIT_RC" -eq 0 ]; then pass "hook from .pre-commit-hooks.yaml: the fixed kernels commit"; else fail "hook from .pre-commit-hooks.yaml: the fixed kernels commit" "$(cat "$WORK/commit.out")"; fi
finish
