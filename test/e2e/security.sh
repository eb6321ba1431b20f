#!/bin/bash
# btlint never runs the code it lints, never names paths outside what it was
# given, and does not follow symbolic links out of the tree unless asked:
#   - module bodies, conftest.py and setup.py that would write files, spawn
#     processes or import modules leave no trace (btlint parses; it never imports);
#   - every path in JSON and SARIF output lies inside a given root, shown
#     relative to it or to the current folder (".." only as written in a root,
#     no absolute paths when the roots were given as relative paths);
#   - a symlinked file or folder that resolves outside the linted folder is
#     skipped without --follow-symlinks, and read with it.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

markers=$WORK/markers
mkdir -p project/pkg "$markers"
# Every way a module body could act: open/write, os.system, subprocess,
# __import__, exec/eval of strings, a config helper with side effects, and an
# autotune list built by a function that writes a file before returning.
cat >project/pkg/kernel.py <<PY
import os
import subprocess
import triton
import triton.language as tl

open("$markers/open_write", "w").write("pwned")
os.system("touch $markers/os_system")
subprocess.run(["touch", "$markers/subprocess"])
__import__("os").makedirs("$markers/import_makedirs")
exec("open('$markers/exec', 'w').close()")
eval("__import__('os').system('touch $markers/eval')")
with open("$markers/with_open", "w") as handle:
    handle.write("x")


def make_configs():
    os.system("touch $markers/helper_system")
    open("$markers/helper_open", "w").close()
    return [triton.Config({"BLOCK": b}, num_warps=4) for b in (32, 64, 64)]


@triton.autotune(configs=make_configs(), key=["n"])
@triton.jit
def kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs))
PY
cat >project/conftest.py <<PY
import os
import triton
os.system("touch $markers/conftest")
open("$markers/conftest_open", "w").close()
PY
cat >project/setup.py <<PY
import os
import subprocess
import triton
subprocess.call(["touch", "$markers/setup"])
os.system("touch $markers/setup_system")
PY
printf 'import os\nimport triton\nos.system("touch %s/init")\n' "$markers" >project/pkg/__init__.py
cat >project/tuning.yaml <<YAML
kernel: kernel
configs:
  - {BLOCK: !!python/object/apply:os.system ["touch $markers/yaml_tag"], num_warps: 4}
YAML

echo "# btlint never runs what it lints"
run_btlint --no-config -j2 --format json project
check "btlint ran (exit 0, 1 or 2)" test "$RC" -le 2
check_stdout_has '"rule": "duplicate-config"' "the kernel was analysed (its duplicate config is found)"
left=$(find "$markers" -mindepth 1 | sort)
if [ -z "$left" ]; then
  pass "no file was written and no process ran for any of the 13 planted actions"
else
  fail "no file was written and no process ran for any of the 13 planted actions" "found: $left"
fi

echo "# paths in JSON and SARIF stay inside the given roots"
mkdir -p outside
cp project/pkg/kernel.py outside/other.py
mkdir -p cwd/sub
cp -r project cwd/sub/
# roots given as: relative with .., ./ and trailing slashes, absolute, and a file.
check_paths() { # FORMAT ROOTS...: every path in the output lies inside a root
  local format=$1
  shift
  run_btlint_in cwd --no-config --format "$format" "$@"
  python_stdlib - "$format" "$CAPTURE/stdout" "$WORK/cwd" "$@" <<'PY' >"$CAPTURE/paths.txt" 2>&1
import json, os, sys
from urllib.parse import unquote, urlparse
fmt, out, cwd, roots = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
data = json.load(open(out))
if fmt == "json":
    paths = [d["path"] for d in data]
else:
    paths = []
    for run in data["runs"]:
        for result in run["results"]:
            for location in result["locations"]:
                uri = location["physicalLocation"]["artifactLocation"]["uri"]
                parsed = urlparse(uri)
                paths.append(unquote(parsed.path) if parsed.scheme == "file" else unquote(uri))
real_roots = [os.path.realpath(os.path.join(cwd, r)) for r in roots]
bad = []
for p in paths:
    # ".." only where the user wrote it: as part of a root given with "..".
    written = [r.rstrip("/") for r in roots]
    written = [w[2:] if w.startswith("./") else w for w in written]
    if ".." in p.split("/") and not any(p == w or p.startswith(w + "/") for w in written):
        bad.append(p + " (has .. not written in a root)")
        continue
    if fmt == "json" and os.path.isabs(p) and not any(os.path.isabs(r) for r in roots):
        bad.append(p + " (absolute for relative roots)")
    full = os.path.realpath(os.path.join(cwd, p))
    if not any(full == r or full.startswith(r + "/") for r in real_roots):
        bad.append(p + " (outside " + " ".join(roots) + ")")
print(len(paths), "paths")
for b in bad:
    print("BAD", b)
sys.exit(1 if bad or not paths else 0)
PY
  if [ $? -eq 0 ]; then
    pass "--format $format $*: $(head -1 "$CAPTURE/paths.txt"), all inside the roots"
  else
    fail "--format $format $*: every path inside the roots" "$(head -5 "$CAPTURE/paths.txt")"
  fi
}
for format in json sarif; do
  check_paths "$format" sub/project
  check_paths "$format" ./sub/./project/
  check_paths "$format" ../cwd/sub/project
  check_paths "$format" sub/project/pkg/../pkg/kernel.py
  check_paths "$format" "$WORK/cwd/sub/project"
done

echo "# symbolic links out of the tree"
mkdir -p linked/tree "$WORK/elsewhere/dir"
printf 'import triton\nx = 1  # btlint: ignore[made-up-outside-file]\n' >"$WORK/elsewhere/target.py"
printf 'import triton\nx = 1  # btlint: ignore[made-up-outside-dir]\n' >"$WORK/elsewhere/dir/inner.py"
printf 'import triton\nx = 1  # btlint: ignore[made-up-inside]\n' >linked/tree/real.py
ln -s "$WORK/elsewhere/target.py" linked/tree/file_link.py
ln -s ../../elsewhere/dir linked/tree/dir_link
ln -s real.py linked/tree/inside_link.py
run_btlint --no-config linked/tree
check_stdout_has "made-up-inside" "the file in the tree is linted"
check_stdout_has "linked/tree/inside_link.py" "a symlinked file that stays inside the tree is read"
check_stdout_lacks "made-up-outside-file" "a symlinked file pointing out of the tree is not read"
check_stdout_lacks "made-up-outside-dir" "a symlinked folder pointing out of the tree is not entered"
run_btlint --no-config --follow-symlinks linked/tree
check_stdout_has "made-up-outside-file" "--follow-symlinks: the symlinked file out of the tree is read"
check_stdout_has "made-up-outside-dir" "--follow-symlinks: the symlinked folder out of the tree is entered"
check_stdout_lacks "elsewhere" "--follow-symlinks: findings are shown under the link's path in the tree"
run_btlint --no-config linked/tree/file_link.py
check_stdout_has "made-up-outside-file" "a symlink named on the command line is read (it was asked for)"

finish
