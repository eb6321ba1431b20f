"""Throughput per config as a PNG (matplotlib, when it is installed): one
panel per kernel and shape, the list's configs in blue, the configs a finding
points at in red, the wider search in grey, the best config outlined."""


def label(row):
    params = ",".join(f"{v}" for v in row["params"].values())
    return f"{params} w{row['num_warps']} s{row['num_stages']}"


def plot(manifest, results, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    flagged = {}
    for finding in manifest.get("findings", []):
        for index in finding.get("configs") or []:
            flagged.setdefault(finding.get("kernel"), set()).add(index)
    names = {k["id"]: k["name"] for k in manifest["kernels"]}
    panels = {}
    for row in results.get("timing", []):
        key = (row["kernel"], tuple(sorted(row["shape"].items())))
        panels.setdefault(key, []).append(row)
    if not panels:
        return None
    fig, axes = plt.subplots(len(panels), 1, figsize=(max(8, 0.28 * max(len(r) for r in panels.values())),
                                                      4.2 * len(panels)), squeeze=False)
    for axis, ((kernel, shape), rows) in zip(axes[:, 0], sorted(panels.items())):
        unit = "TFLOP/s" if any("tflops" in r for r in rows) else "GB/s" if any("gbs" in r for r in rows) else "1/ms"

        def value(r, unit=unit):
            if r.get("status") != "ok":
                return 0.0
            return r.get("tflops") if unit == "TFLOP/s" else r.get("gbs") if unit == "GB/s" else 1.0 / r["ms"]

        rows = sorted(rows, key=lambda r: (r["wider"], r["config"]))
        values = [value(r) for r in rows]
        colours = []
        for r in rows:
            if r["wider"]:
                colours.append("#b0b0b0")
            elif r.get("manifest_config") in flagged.get(kernel, set()):
                colours.append("#d62728")
            else:
                colours.append("#1f77b4")
        bars = axis.bar(range(len(rows)), values, color=colours)
        if values and max(values) > 0:
            best = values.index(max(values))
            bars[best].set_edgecolor("black")
            bars[best].set_linewidth(2)
        for i, r in enumerate(rows):
            if r.get("status") != "ok":
                axis.text(i, 0, r["status"], rotation=90, ha="center", va="bottom", fontsize=7,
                          color="#d62728" if colours[i] == "#d62728" else "black")
        axis.set_xticks(range(len(rows)))
        axis.set_xticklabels([label(r) for r in rows], rotation=90, fontsize=6)
        axis.set_ylabel(unit)
        shape_text = ", ".join(f"{k}={v}" for k, v in shape if not k.startswith("stride"))
        axis.set_title(f"{names.get(kernel, kernel)} ({shape_text})", fontsize=9)
    gpu = results.get("machine", {}).get("gpu", "GPU")
    fig.suptitle(f"btlint-bench on {gpu}, Triton {results.get('machine', {}).get('triton')}: blue = the list, "
                 f"red = named by a finding, grey = wider search, outlined = best", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_tune(report, path):
    """btlint tune against the exhaustive autotune (tune_report.json from
    `btlint-bench --collect`): the sorted regrets of btlint's top k, its top 1,
    the list's first config and the largest tile that fits, one line each,
    with the 2%, 5% and 10% marks of docs/tune.md."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    series = [("regret_top_k", "btlint top k", "tab:blue"), ("regret_top_1", "btlint top 1", "tab:cyan"),
              ("regret_first", "the list's first config", "tab:grey"),
              ("regret_largest_fit", "largest tile that fits", "tab:red")]
    fig, ax = plt.subplots(figsize=(9, 5))
    pairs = report["pairs"]
    for key, name, colour in series:
        values = sorted(p[key] if p[key] is not None else float("inf") for p in pairs)
        shown = [min(v, 3.0) for v in values]  # a config that failed plots at the top
        ax.plot([100 * (i + 1) / len(values) for i in range(len(values))], shown, label=name, color=colour)
    for mark in (1.02, 1.05, 1.10):
        ax.axhline(mark, color="black", linewidth=0.5, linestyle=":")
    ax.set_xlabel("% of (kernel, shape) pairs")
    ax.set_ylabel("time / exhaustive best (capped at 3)")
    ax.set_title(f"btlint tune: {len(pairs)} pairs, mean Spearman {report['summary']['mean_spearman'] or 0:.2f}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


if __name__ == "__main__":
    import json
    import os
    import sys
    if len(sys.argv) != 3 or sys.argv[1] != "--tune":
        sys.exit("usage: btbench_plot.py --tune DIR (plots DIR/tune_report.json to DIR/tune_regret.png)")
    folder = sys.argv[2]
    with open(os.path.join(folder, "tune_report.json")) as f:
        written = plot_tune(json.load(f), os.path.join(folder, "tune_regret.png"))
    print(f"wrote {written}" if written else "no plot: matplotlib is not installed")
