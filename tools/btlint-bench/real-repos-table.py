#!/usr/bin/env python3
"""The agreement table of docs/bench/real-repos: one row per emitted and
collected harness folder (manifest.json, results.json, report.json), and the
sum. Autotuned configs are those of kernels whose module gave an autotuner;
a config counts as compiled when Triton decided it (compiled, or rejected it
for resources); configs never started before the deadline are left out.
usage: real-repos-table.py DIR..."""
import collections
import json
import os
import sys

DECIDED = {"ok", "out_of_resources"}


def percent(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def row(folder):
    results = json.load(open(os.path.join(folder, "results.json")))
    agreement = json.load(open(os.path.join(folder, "report.json")))["agreement"]
    kernels = results.get("kernels", [])
    imported = [k for k in kernels if k.get("status") == "ok"]
    autotuned = {k["id"] for k in imported if k.get("configs_source") == "module"}
    listed_unimported = sum(len(k.get("configs") or []) for k in json.load(open(os.path.join(folder, "manifest.json")))["kernels"]
                            if k.get("language") == "triton"
                            and any(r["id"] == k["id"] and r.get("status") == "import_error" for r in kernels))
    statuses = collections.Counter()
    tuned = collections.Counter()
    for entry in results.get("compile", []):
        if entry["status"] == "not_run":
            continue
        statuses[entry["status"]] += 1
        if entry["kernel"] in autotuned:
            tuned[entry["status"] in DECIDED] += 1
    return {
        "kernels": len(kernels), "imported": len(imported), "listed_unimported": listed_unimported,
        "tuned_decided": tuned[True], "tuned_tried": tuned[True] + tuned[False],
        "decided": sum(v for k, v in statuses.items() if k in DECIDED), "tried": sum(statuses.values()),
        "compared": agreement["configs_compared"], "exact": agreement["smem_byte_exact"],
        "in_range": agreement["smem_in_range"], "fit": agreement["fit_agrees"], "spill": agreement["spill_agrees"],
        "regs_compared": agreement["regs_compared"], "regs": agreement["regs_within_10pct"],
        "errors": collections.Counter(e["status"] for e in results.get("compile", []) if e["status"] not in DECIDED),
    }


def main():
    print("| repository | kernels imported | autotuned configs compiled | all configs compiled | compared "
          "| smem byte-exact | smem in btlint's range | fit verdict | spill verdict | regs within 10% |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    total = collections.Counter()
    for folder in sys.argv[1:]:
        r = row(folder)
        for key, value in r.items():
            if key != "errors":
                total[key] += value
        print(line(os.path.basename(folder.rstrip("/")), r))
    print(line(f"**all {len(sys.argv) - 1}**", total))


def line(name, r):
    return (f"| {name} | {r['imported']}/{r['kernels']} | {r['tuned_decided']}/{r['tuned_tried']} "
            f"({percent(r['tuned_decided'], r['tuned_tried'])}); {r['listed_unimported']} more listed in kernels "
            f"that did not import | {r['decided']}/{r['tried']} | {r['compared']} | {percent(r['exact'], r['compared'])} "
            f"| {percent(r['in_range'], r['compared'])} | {percent(r['fit'], r['compared'])} "
            f"| {percent(r['spill'], r['compared'])} | {percent(r['regs'], r['regs_compared'])} |")


if __name__ == "__main__":
    main()
