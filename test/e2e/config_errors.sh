#!/bin/bash
# .btlint.yaml and rule selection: malformed YAML, unknown keys, unknown rule
# ids, unknown archs and bad values are reported with file:line:col and a
# did-you-mean where one is close; every problem in the file is reported in one
# run; the exit status is 2, and the findings are still printed, with what the
# config sets validly (the defaults for a file that does not parse).
# Also: the nearest config applies, --config picks another, --no-config none.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

mkdir project
printf 'total = 0  # btlint: ignore[no-such-rule]\n' >project/kernel.py
finding="project/kernel.py:1:29: error: unknown rule \`no-such-rule\` in suppression [unknown-rule]"

# write_config TEXT: replaces project/.btlint.yaml.
write_config() { printf -- "$1" >project/.btlint.yaml; }
config_file=project/.btlint.yaml

echo "# malformed YAML"
write_config 'arch: sm90\nselect: [parse-error\nignore: []\n'
run_btlint project
check_rc 2 "malformed YAML"
check_stderr_matches "project/\.btlint\.yaml:[0-9]+:[0-9]+: error: malformed YAML" "malformed YAML: file:line:col and what is wrong"
check_stdout_has "$finding" "malformed YAML: the findings are still printed, with the defaults"

write_config 'arch: sm90\n  dtype: fp16\n'
run_btlint project
check_rc 2 "badly indented YAML"
check_stderr_matches "project/\.btlint\.yaml:[0-9]+:[0-9]+: error: " "badly indented YAML: file:line:col"

write_config '- arch\n- sm90\n'
run_btlint project
check_rc 2 "a top level that is a list"
check_stderr_has ".btlint.yaml:1:1: error: the top level must be a map" "a list at the top level is named as such"

echo "# unknown keys with did-you-mean"
write_config 'arch: sm90\nexlcude: [vendor]\n'
run_btlint project
check_rc 2 "unknown top-level key"
check_stderr_has ".btlint.yaml:2:1: error: unknown key \`exlcude\`; did you mean \`exclude\`?" "unknown key: line:col and did-you-mean"

write_config 'overrides:\n  - paths: ["amd/**"]\n    ignroe: [parse-error]\n'
run_btlint project
check_rc 2 "unknown key in an override"
check_stderr_has ".btlint.yaml:3:5: error: unknown key \`ignroe\` in override; did you mean \`ignore\`?" "unknown key in an override: line:col and did-you-mean"

write_config 'kernels:\n  matmul_kernel:\n    dtpye: bf16\n'
run_btlint project
check_rc 2 "unknown key in a kernel's settings"
check_stderr_has ".btlint.yaml:3:5: error: unknown key \`dtpye\` in kernel \`matmul_kernel\`; did you mean \`dtype\`?" "unknown kernel key: line:col and did-you-mean"

write_config 'rules:\n  unused-suppression:\n    severty: error\n'
run_btlint project
check_rc 2 "unknown rule option"
check_stderr_has ".btlint.yaml:3:5: error: rule \`unused-suppression\` has no option \`severty\`; did you mean \`severity\`?" "unknown rule option: line:col and did-you-mean"

echo "# unknown rule ids and categories"
write_config 'rules:\n  unused-supression: {severity: error}\n'
run_btlint project
check_rc 2 "unknown rule under rules:"
check_stderr_has ".btlint.yaml:2:3: error: unknown rule \`unused-supression\`; did you mean \`unused-suppression\`?" "unknown rule under rules: line:col and did-you-mean"

write_config 'select:\n  - parse-error\n  - unknown-rul\n'
run_btlint project
check_rc 2 "unknown rule in select:"
check_stderr_has ".btlint.yaml:3:5: error: unknown rule \`unknown-rul\`; did you mean \`unknown-rule\`?" "unknown rule in select: the item's line:col and did-you-mean"

write_config 'ignore: [metaa:*]\n'
run_btlint project
check_rc 2 "unknown category in ignore:"
check_stderr_has ".btlint.yaml:1:10: error: unknown rule category \`metaa\`; did you mean \`meta\`?" "unknown category: the item's line:col and did-you-mean"

run_btlint --no-config --select unused-supression project
check_rc 2 "unknown rule in --select"
check_stderr_has "unknown rule \`unused-supression\`; did you mean \`unused-suppression\`?" "--select: did-you-mean"
run_btlint --no-config --ignore parse-error,unknwn-rule project
check_rc 2 "unknown rule in a comma list given to --ignore"
check_stderr_has "unknown rule \`unknwn-rule\`; did you mean \`unknown-rule\`?" "--ignore: did-you-mean"
check_stdout_empty "--ignore with an unknown rule: nothing is linted"

echo "# unknown archs"
write_config 'arch: [sm80, sm91]\n'
run_btlint project
check_rc 2 "unknown arch in the config"
check_stderr_matches "\.btlint\.yaml:1:[0-9]+: error: unknown arch \`sm91\`; did you mean \`sm90\`\?.*known: .*sm90" "unknown arch in the config: position, did-you-mean and the known archs"

run_btlint --no-config --arch sm80,sm91 project
check_rc 2 "unknown arch in --arch"
check_stderr_matches "unknown arch \`sm91\`.*sm90" "--arch: names the bad arch and lists the known ones"

echo "# bad values"
write_config 'fail-on: fatal\n'
run_btlint project
check_rc 2 "bad fail-on"
check_stderr_has ".btlint.yaml:1:10: error: \`fail-on\` must be \`note\`, \`warning\` or \`error\`, not \`fatal\`" "bad fail-on: line:col and the allowed values"

write_config 'rules:\n  unused-suppression: {severity: loud}\n'
run_btlint project
check_rc 2 "bad severity"
check_stderr_matches "\.btlint\.yaml:2:[0-9]+: error: severity must be" "bad severity: line:col"

write_config 'dtype: fp13\n'
run_btlint project
check_rc 2 "unknown dtype"
check_stderr_has ".btlint.yaml:1:8: error: unknown dtype \`fp13\`; did you mean \`fp16\`?" "unknown dtype: line:col and did-you-mean"

write_config 'exclude: {vendor: true}\n'
run_btlint project
check_rc 2 "exclude that is not a list"
check_stderr_has ".btlint.yaml:1:10: error: \`exclude\` must be a list of strings" "exclude type: line:col"

echo "# a config with an error still applies what it sets validly"
write_config 'ignore: [unknown-rule]\nfail-on: fatal\n'
run_btlint project
check_rc 2 "a bad fail-on beside a valid ignore"
check_stderr_has ".btlint.yaml:2:10: error: \`fail-on\` must be" "the error is reported with line:col"
check_stdout_lacks "unknown-rule" "the valid ignore still silences the finding"
run_btlint --exit-zero project
check_rc 2 "--exit-zero does not hide a config error"
write_config 'select: [correctness:*, unknown-rul]\n'
run_btlint --format json project
check_rc 2 "an unknown rule in select:"
check_stdout_has '"rule": "unknown-rule"' "the findings are printed in the chosen format (unknown-rule is always on)"
check_count "$ERR" ".btlint.yaml:" 1 "the config's error is reported once"

echo "# every problem of the file in one run"
write_config 'arch: sm91\nexlcude: [vendor]\nrules:\n  unused-supression: {severity: error}\nfail-on: fatal\n'
run_btlint project
check_rc 2 "several problems"
check_count "$ERR" ".btlint.yaml:" 4 "all four problems are reported, each once"

echo "# which config applies"
write_config 'ignore: [unknown-rule]\n'
run_btlint project
check_rc 0 "the config in the linted folder applies"
check_stdout_empty "its ignore silences the finding"
run_btlint project/kernel.py
check_rc 0 "the config beside a file named on the command line applies"
run_btlint_in project kernel.py
check_rc 0 "the config of the current folder applies to a relative path"

mkdir -p project/sub/deeper
cp project/kernel.py project/sub/deeper/kernel.py
run_btlint project/sub/deeper
check_rc 0 "the nearest config is found in a parent folder"

write_config 'arch: sm91\n'
run_btlint --no-config project
check_rc 1 "--no-config skips a broken config"
check_stdout_has "$finding" "--no-config lints with the defaults"

printf 'ignore: [unknown-rule]\n' >other.yaml
run_btlint --config other.yaml project
check_rc 0 "--config replaces the nearest config"
check_stdout_empty "--config's ignore applies"

: >project/.btlint.yaml
run_btlint project
check_rc 1 "an empty config is valid"
check_stdout_has "$finding" "an empty config changes nothing"

finish
