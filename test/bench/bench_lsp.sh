#!/usr/bin/env bash
# Latency of `btlint lsp` after an edit: a 2,000-line Triton file (written by
# test/bench/gen_kernels.py) is opened, then edited N times with incremental
# didChange messages; each sample is the time from sending didChange to
# receiving its publishDiagnostics. The median is printed against the 50 ms
# target and against a whole `btlint FILE` run (process start included) on the
# same text, median of R runs.
#
# Usage: test/bench/bench_lsp.sh [--lines L] [--changes N] [--runs R] [--ignore ID,...]
#   --ignore  rules left out in both the server and the command-line run (to see what they cost)
# Environment: BTLINT (binary, default build/btlint), PYTHON (default python3).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
btlint="${BTLINT:-$root/build/btlint}"
python="${PYTHON:-python3}"
lines=2000 changes=40 runs=5 ignore=""
while (($#)); do
  case "$1" in
    --lines) lines="$2"; shift 2 ;;
    --changes) changes="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --ignore) ignore="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$btlint" ]] || { echo "no btlint at $btlint" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" "$root/test/bench/gen_kernels.py" "$work/gen" 200 >/dev/null
"$python" - "$work" "$lines" <<'EOF'
import glob, sys
work, want = sys.argv[1], int(sys.argv[2])
out = []
for f in sorted(glob.glob(work + "/gen/*.py")):
    out += open(f).read().splitlines()
    if len(out) >= want:
        break
open(work + "/big.py", "w").write("\n".join(out[:want]) + "\n")
EOF

"$python" - "$btlint" "$work/big.py" "$changes" "$runs" "$root/test/e2e/lib" "$ignore" <<'EOF'
import os, statistics, subprocess, sys, time
btlint, path, changes, runs, lib = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
ignore = [i for i in sys.argv[6].split(",") if i]
sys.path.insert(0, lib)
from lsp_client import LspClient, uri

text = open(path).read()
lines = text.split("\n")
u = uri(path)
client = LspClient([btlint, "lsp"])
client.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                              "initializationOptions": {"arch": ["sm90"], "ignore": ignore}})
client.notify("initialized", {})
t0 = client.notify("textDocument/didOpen", {"textDocument": {"uri": u, "languageId": "python",
                                                            "version": 1, "text": text}})
t1, first = client.diagnostics(u, 60, with_time=True)
open_ms = (t1 - t0) * 1000
# Edits spread over the file (kernels, config lists and host code alike):
# typing a space at the end of a line, then deleting it, so every version
# parses and is analysed in full.
def cpu_seconds(pid):
    # utime + stime of the server process, in clock ticks (/proc/PID/stat fields 14, 15).
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


cpu_before = cpu_seconds(client.proc.pid)
samples = []
for i in range(changes):
    line = ((i // 2) * 977) % len(lines)
    if lines[line].rstrip().endswith("\\"):
        line = 0
    end = len(lines[line].encode("utf-16-le")) // 2
    if i % 2 == 0:
        change = {"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end}},
                  "text": " "}
    else:
        change = {"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end + 1}},
                  "text": ""}
    sent = client.notify("textDocument/didChange", {"textDocument": {"uri": u, "version": i + 2},
                                                   "contentChanges": [change]})
    got, message = client.diagnostics(u, 60, with_time=True)
    samples.append((got - sent) * 1000)
cpu_per_change = (cpu_seconds(client.proc.pid) - cpu_before) * 1000 / changes
client.request("shutdown")
client.notify("exit")
client.close()

cli = []
for _ in range(runs):
    s = time.perf_counter()
    subprocess.run([btlint, "--no-config", "--arch", "sm90", "-j1", "--format", "json", path]
                   + (["--ignore", ",".join(ignore)] if ignore else []),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cli.append((time.perf_counter() - s) * 1000)

median = statistics.median(samples)
cli_median = statistics.median(cli)
samples.sort()
p90 = samples[int(0.9 * (len(samples) - 1))]
print("file                      %s, %d lines, %d findings on open%s" % (
    os.path.basename(path), len(lines) - 1, len(first["params"]["diagnostics"]),
    ", ignoring " + ",".join(ignore) if ignore else ""))
print("open -> diagnostics       %.1f ms" % open_ms)
print("didChange -> diagnostics  median %.1f ms, p90 %.1f ms, min %.1f ms (%d changes)" % (
    median, p90, samples[0], len(samples)))
print("server CPU per change      %.1f ms (user+sys; less sensitive to other load on the machine)" % cpu_per_change)
print("btlint FILE (-j1)         median %.1f ms (%d runs, process start included)" % (cli_median, runs))
print("RATIO change/target       %.2f (target 50 ms; < 1 meets it)" % (median / 50.0))
print("RATIO change/cli          %.2f" % (median / cli_median))
print("RATIO cpu-per-change/target %.2f" % (cpu_per_change / 50.0))
EOF
