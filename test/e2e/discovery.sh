#!/bin/bash
# File discovery: which files a folder walk lints. Every planted file carries
# one suppression of an unknown rule, so "linted" means "has an unknown-rule
# finding" and the test needs no kernel rule.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

# plant PATH...: writes a file with one unknown-rule finding in the right comment style.
plant() {
  local p
  for p in "$@"; do
    mkdir -p "$(dirname "$p")"
    case "$p" in
      *.cu | *.cuh) printf 'int marker;  // btlint: ignore[planted-marker]\n' >"$p" ;;
      *) printf 'marker = 1  # btlint: ignore[planted-marker]\n' >"$p" ;;
    esac
  done
}
expect_linted() {
  if grep -q -E "^$1:1:[0-9]+: " "$OUT"; then pass "linted: $1${2:+ ($2)}"; else fail "linted: $1${2:+ ($2)}" "no finding for $1"; fi
}
expect_skipped() {
  if grep -q -E "^$1:" "$OUT"; then fail "skipped: $1${2:+ ($2)}" "it was linted"; else pass "skipped: $1${2:+ ($2)}"; fi
}

mkdir repo
cd repo || exit 1
plant kernels/matmul.py kernels/softmax.cu kernels/common.cuh tables/tuned.yaml tables/tuned.yml
plant notes.txt kernels/README.md kernels/kernel.py.orig
echo "# languages by extension"
run_btlint --no-config .
for f in kernels/matmul.py kernels/softmax.cu kernels/common.cuh tables/tuned.yaml tables/tuned.yml; do
  expect_linted "$f"
done
for f in notes.txt kernels/README.md kernels/kernel.py.orig; do expect_skipped "$f" "not a lintable extension"; done
check_stderr_empty "files of other types are skipped silently while walking"

echo "# folders that never hold sources"
plant .git/hooks/hook.py build/generated.py node_modules/pkg/x.py __pycache__/cached.py .venv/lib/site.py \
  venv/lib/site.py dist/wheel.py pkg.egg-info/meta.py cmake-build-debug/gen.py .tox/env.py
plant out/configured/gen.py
: >out/configured/CMakeCache.txt
run_btlint --no-config .
for f in .git/hooks/hook.py build/generated.py node_modules/pkg/x.py __pycache__/cached.py .venv/lib/site.py \
  venv/lib/site.py dist/wheel.py pkg.egg-info/meta.py cmake-build-debug/gen.py .tox/env.py; do
  expect_skipped "$f"
done
expect_skipped out/configured/gen.py "a folder with CMakeCache.txt is a build folder"
run_btlint --no-config build/generated.py
check_rc 1 "a file in a skipped folder is linted when named explicitly"

echo "# .gitignore"
rm -rf .git build node_modules __pycache__ .venv venv dist pkg.egg-info cmake-build-debug .tox out
plant generated/a.py generated/keep.py logs/run.py scratch.py deep/nested/tmp_x.py deep/nested/real.py \
  sub/local_only.py sub/other.py anchored.py sub/anchored.py docs_build/x.py
cat >.gitignore <<'EOF'
# comment lines and blank lines are ignored

generated/*
!generated/keep.py
logs/
scratch.py
tmp_*.py
/anchored.py
docs_build/
EOF
printf 'local_only.py\n' >sub/.gitignore
run_btlint --no-config .
expect_skipped generated/a.py "generated/* in .gitignore"
expect_linted generated/keep.py "re-included with !"
expect_skipped logs/run.py "a folder pattern logs/"
expect_skipped scratch.py "a plain name"
expect_skipped deep/nested/tmp_x.py "a glob that matches at any depth"
expect_linted deep/nested/real.py "a sibling that does not match"
expect_skipped sub/local_only.py "a nested .gitignore"
expect_linted sub/other.py "a sibling of a file ignored by a nested .gitignore"
expect_skipped anchored.py "/anchored.py matches at the root"
expect_linted sub/anchored.py "/anchored.py does not match below the root"
expect_skipped docs_build/x.py "docs_build/"

echo "# exclude globs in .btlint.yaml (relative to its folder)"
plant vendor/third_party.py kernels/vendor/x.py experiments/old/try.py experiments/new.py amd/a.py amd/sub/b.py
cat >.btlint.yaml <<'EOF'
exclude:
  - vendor
  - "experiments/old/**"
  - "amd/*.py"
EOF
run_btlint .
expect_skipped vendor/third_party.py "a bare name matches a folder at the top"
expect_skipped kernels/vendor/x.py "a bare name matches a folder at any depth"
expect_skipped experiments/old/try.py "a path glob with **"
expect_linted experiments/new.py "a sibling of an excluded folder"
expect_skipped amd/a.py "a path glob with *"
expect_linted amd/sub/b.py "* does not cross a folder"
run_btlint_in kernels .
if grep -q "^vendor/" "$OUT"; then fail "exclude applies when linting a subfolder" "kernels/vendor was linted"; else pass "exclude applies when linting a subfolder"; fi
run_btlint --no-config .
expect_linted vendor/third_party.py "--no-config drops the exclude list"

echo "# symbolic links"
rm -f .btlint.yaml
mkdir -p elsewhere
plant elsewhere/linked_target.py
ln -s ../elsewhere linked_folder
ln -s elsewhere/linked_target.py linked_file.py
run_btlint --no-config .
expect_linted linked_file.py "a symlinked file is read"
expect_skipped linked_folder/linked_target.py "a symlinked folder is not entered by default"
run_btlint --no-config --follow-symlinks linked_folder elsewhere
check_count "$OUT" "linked_target.py:1:" 1 "with --follow-symlinks a folder reached twice is linted once"

echo "# paths as given"
run_btlint --no-config ./kernels/matmul.py
expect_linted kernels/matmul.py "a leading ./ is dropped"
run_btlint --no-config "$PWD/kernels/matmul.py"
check_stdout_has "$PWD/kernels/matmul.py:1:" "an absolute path stays absolute"
run_btlint --no-config kernels/ kernels/matmul.py
check_count "$OUT" "matmul.py:1:" 1 "a file given twice (in a folder and by name) is linted once"

finish
