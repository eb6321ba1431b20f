#!/usr/bin/env python3
"""Checks what compile_confirm.sh produced: Triton's own numbers in
results.json and the verdicts btlint-bench --collect drew from them."""
import json
import os
import sys

# 4 stages x (64x256 + 256x64) fp16 operand tiles: what Triton 3.6 allocates
# for config 2 of test/bench-runner/kernels/smem_overflow.py on sm90.
CONFIG2_SHARED = 4 * (64 * 256 + 256 * 64) * 2
SM90_LIMIT = 232448


def main():
    folder = sys.argv[1]
    results = json.load(open(os.path.join(folder, "results.json")))
    report = json.load(open(os.path.join(folder, "report.json")))
    problems = []
    rows = {(r["manifest_config"], r["arch"]): r for r in results["compile"]}
    big, small = rows.get((1, "sm90")), rows.get((0, "sm90"))
    if not big or big["status"] != "out_of_resources" or big.get("shared_bytes") != CONFIG2_SHARED:
        problems.append(f"config 2 should need {CONFIG2_SHARED} bytes and be out of resources: {big}")
    if not small or small["status"] != "ok" or not 0 < small.get("shared_bytes", -1) <= SM90_LIMIT:
        problems.append(f"config 1 should compile and fit: {small}")
    if not small or "regs" not in small or "spill_store_bytes" not in small:
        problems.append(f"ptxas registers and spills missing: {small}")
    verdicts = {f["rule"]: f for f in report["findings"] if f["rule"] != "smem-over-budget"}
    smem_by_line = {f["line"]: f for f in report["findings"] if f["rule"] == "smem-over-budget"}
    smem = smem_by_line.get(18, {})
    if smem.get("verdict") != "confirmed" or not any(f"Triton {CONFIG2_SHARED} B shared" in e
                                                       for e in smem.get("evidence", [])):
        problems.append(f"smem-over-budget should be confirmed with Triton's number: {smem}")
    # What to measure comes from the rule's metadata, never from the message:
    # a rule btlint-bench does not know asks for nothing.
    unknown = verdicts.get("future-shared-memory-check", {})
    if unknown.get("verdict") != "not_checked":
        problems.append(f"a finding of a rule btlint-bench does not know should be not_checked: {unknown}")
    tuning = verdicts.get("too-few-configs", {})
    if tuning.get("verdict") != "not_measured":
        problems.append(f"too-few-configs needs timing, which a compile-only run does not do: {tuning}")
    # Refuted only with sizes no launch or .btlint.yaml gives (M, N, K):
    # never a bare refutation; the verdict names what it assumed.
    assumed = smem_by_line.get(17, {})
    if assumed.get("verdict") != "not_decided" or not any("K=4096" in a for a in assumed.get("assuming", [])):
        problems.append(f"a refutation resting on assumed sizes should be not_decided, naming them: {assumed}")
    # The agreement table: both configs compiled and compared; the fit
    # verdicts agree (config 2 overflows, config 1 fits).
    agreement = report.get("agreement", {})
    if agreement.get("configs_decided") != 2 or agreement.get("configs_compared") != 2 or \
            agreement.get("fit_agrees") != 2 or agreement.get("configs_not_run") != 0:
        problems.append(f"agreement table: {agreement}")
    markdown = open(os.path.join(folder, "report.md")).read()
    if "## Agreement with the compiler" not in markdown:
        problems.append("report.md lacks the agreement table")
    if "**confirmed**" not in markdown or "smem-over-budget" not in markdown:
        problems.append("report.md lacks the confirmed finding")
    for p in problems:
        print("FAIL:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
