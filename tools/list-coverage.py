#!/usr/bin/env python3
"""Autotune lists a repository writes, btlint recognises and reads whole.

usage: tools/list-coverage.py [--arch ARCH] BTLINT REPO_DIR...

For every Python file with an autotune decorator or call, `btlint report
FILE` alone (as pre-commit and editors pass one file) and with every other
Python file of the repository as further paths (as a whole-repository run
sees it). A list is read whole when its report has no "not fully evaluated"
note. Prints one JSON object per repository: files, decorators written,
[recognised, read whole] per mode, and the reasons lists were not read.
docs/validation.md records its results.
"""
import json, os, re, subprocess, sys
args = sys.argv[1:]
arch = "sm90"  # the target the lists are read for; AMD libraries read for gfx942
if args[:1] == ["--arch"]:
    arch, args = args[1], args[2:]
bt = args[0]
for repo in args[1:]:
    os.chdir(repo)
    py = sorted(subprocess.run(["find", ".", "-name", "*.py"], capture_output=True, text=True).stdout.split())
    files = [f for f in py if re.search(r"^\s*@[\w.]*autotune\w*\(|triton\.autotune\(", open(f, errors="replace").read(), re.M)]
    written = sum(len(re.findall(r"^\s*@[\w.]*autotune\w*\(", open(f, errors="replace").read(), re.M)) for f in files)
    res = {}
    for mode in ("alone", "whole"):
        rec = whole = 0
        why = {}
        for f in files:
            cmd = [bt, "report", f] + ([p for p in py if p != f] if mode == "whole" else []) + ["--no-config", "--arch", arch, "--format", "json"]
            p = subprocess.run(cmd, capture_output=True, text=True)
            try: ks = json.loads(p.stdout)
            except json.JSONDecodeError: ks = []
            for k in ks:
                if k.get("config_source") != "autotune": continue
                rec += 1
                notes = [n for n in k.get("notes", []) if "not fully evaluated" in n]
                if notes: why[notes[0][:160]] = why.get(notes[0][:160], 0) + 1
                else: whole += 1
        res[mode] = (rec, whole, why)
    print(json.dumps({"repo": os.path.basename(repo), "files": len(files), "written": written,
                      "alone": res["alone"][:2], "whole": res["whole"][:2],
                      "why_alone": res["alone"][2], "why_whole": res["whole"][2]}))
    sys.stdout.flush()
