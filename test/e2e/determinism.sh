#!/bin/bash
# Output is byte-identical whatever the thread count (-j1, -j2, -j8) and
# whatever the order in which paths are given, in every output format, on a
# generated tree of a few hundred Triton, CUDA, YAML and plain Python files
# (kernels importing configs from sibling modules, syntax errors, suppressions,
# and soak kernels with many findings each).
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

packages=10
files_per_package=30
planted=$(python3 "$SOURCE_DIR/test/e2e/lib/make_mixed_tree.py" tree "$packages" "$files_per_package") || {
  fail "generate the tree with test/e2e/lib/make_mixed_tree.py"
  finish
}
# Plus 150 soak kernels (test/soak/gen_soak.py): many findings per file, from
# literal lists, comprehensions, helpers, loops and arch branches.
python3 "$SOURCE_DIR/test/soak/gen_soak.py" tree/soak 150 11 >/dev/null || fail "generate soak kernels"
rm -f tree/soak/expected.json
# Two archs, so per-arch findings and their merging are part of what must not vary.
printf 'arch: [sm80, sm90]\n' >tree/.btlint.yaml
file_count=$(find tree -type f \( -name '*.py' -o -name '*.cu' -o -name '*.yaml' \) ! -name .btlint.yaml | wc -l)
echo "# generated $file_count files; $planted of them carry one suppression of an unknown rule"

# lint NAME ARGS...: runs btlint and keeps stdout and stderr as results/NAME.{out,err}.
mkdir results
lint() {
  local name=$1
  shift
  run_btlint "$@"
  cp "$OUT" "results/$name.out"
  cp "$ERR" "results/$name.err"
  if [ "$RC" -ne 1 ]; then fail "btlint $* exits with 1 (findings)" "exit status $RC"; fi
}

echo "# the reference run"
lint reference -j1 tree
check_count results/reference.out "[unknown-rule]" "$planted" "the reference finds every planted unknown-rule suppression"
check_stderr_empty "the reference run reports no input errors"

echo "# thread counts"
for jobs in 2 8; do
  for attempt in 1 2; do
    lint "j$jobs-$attempt" -j"$jobs" tree
    check_same_file results/reference.out "results/j$jobs-$attempt.out" "-j$jobs (run $attempt) prints exactly what -j1 prints"
  done
done
lint j-separate -j 8 tree
check_same_file results/reference.out results/j-separate.out "-j 8 (separate argument) prints exactly what -j1 prints"

echo "# path orders"
mapfile -t packages_forward < <(find tree -mindepth 1 -maxdepth 1 -type d | sort)
mapfile -t packages_reverse < <(find tree -mindepth 1 -maxdepth 1 -type d | sort -r)
lint packages-forward -j2 "${packages_forward[@]}"
check_same_file results/reference.out results/packages-forward.out "package folders in order print what the tree prints"
lint packages-reverse -j2 "${packages_reverse[@]}"
check_same_file results/reference.out results/packages-reverse.out "package folders in reverse order print the same"

mapfile -t files_sorted < <(find tree -type f \( -name '*.py' -o -name '*.cu' -o -name '*.yaml' \) ! -name .btlint.yaml | sort)
# A fixed pseudo-random order (seeded), so a failure can be reproduced.
mapfile -t files_shuffled < <(printf '%s\n' "${files_sorted[@]}" | shuf --random-source=<(yes 20240611))
check "the shuffled list is a different order" test "${files_sorted[*]}" != "${files_shuffled[*]}"
lint files-sorted -j8 "${files_sorted[@]}"
check_same_file results/reference.out results/files-sorted.out "every file named, sorted, prints what the tree prints"
lint files-shuffled -j8 "${files_shuffled[@]}"
check_same_file results/reference.out results/files-shuffled.out "every file named in shuffled order prints the same"

lint overlapping -j2 tree/pkg03 tree tree/pkg03/configs.py
check_same_file results/reference.out results/overlapping.out "paths that overlap are linted once"

echo "# every output format"
for format in json sarif github junit; do
  lint "$format-j1" -j1 --format "$format" tree
  lint "$format-j8" -j8 --format "$format" "${packages_reverse[@]}"
  check_same_file "results/$format-j1.out" "results/$format-j8.out" "--format $format: -j8 with reversed paths prints what -j1 prints"
done
lint statistics-j1 -j1 --statistics tree
lint statistics-j8 -j8 --statistics "${files_shuffled[@]}"
check_same_file results/statistics-j1.out results/statistics-j8.out "--statistics: the same counts for -j8 and shuffled paths"

echo "# input errors keep a stable order too"
mkdir -p tree/pkg00/bad
for i in 1 2 3 4 5 6; do printf 'x = 1\ny = "\xff"\n' >"tree/pkg00/bad/latin1_$i.py"; done
run_btlint -j1 tree
cp "$ERR" results/errors-j1.err
run_btlint -j8 "${packages_reverse[@]}"
cp "$ERR" results/errors-j8.err
check_count results/errors-j1.err "not valid UTF-8" 6 "each bad file is reported"
check_same_file results/errors-j1.err results/errors-j8.err "input errors come in the same order for -j8 and reversed paths"

finish
