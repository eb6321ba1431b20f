#!/usr/bin/env python3
"""Speaks the protocol to `btlint lsp` directly (run by test/e2e/lsp_protocol.sh).

Usage: lsp_protocol_check.py BTLINT WORKDIR
Prints `ok - ...` / `FAIL - ...` lines; exits 1 when any check failed.
"""
import json
import os
import shutil
import urllib.parse
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LspClient, uri  # noqa: E402

btlint, work = sys.argv[1], os.path.abspath(sys.argv[2])
failures = 0


def check(what, condition, evidence=""):
    global failures
    if condition:
        print("ok - " + what)
    else:
        failures += 1
        print("FAIL - " + what)
        if evidence:
            print("  " + str(evidence)[:3000].replace("\n", "\n  "))


def apply_utf16(text, edit):
    lines_ = text.split("\n")
    def offset(pos):
        line = lines_[pos["line"]].encode("utf-16-le")[:2 * pos["character"]].decode("utf-16-le")
        return sum(len(l) + 1 for l in lines_[:pos["line"]]) + len(line)
    a, b = offset(edit["range"]["start"]), offset(edit["range"]["end"])
    return text[:a] + edit["newText"] + text[b:]


def cli_findings_for(text, name):
    """btlint's command-line findings for `text` saved next to the kernel."""
    path = os.path.join(proj, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    out = subprocess.run([btlint, "--arch", "sm80,sm90", "--format", "json", path], capture_output=True, text=True)
    try:
        return sorted((d["rule"], d["line"] - 1, d["message"] + (" (%s)" % d["arch"] if d["arch"] else ""))
                      for d in json.loads(out.stdout))
    except (ValueError, KeyError, TypeError):
        return out.stdout + out.stderr


def codes(message):
    return sorted(d["code"] for d in message["params"]["diagnostics"])


KERNEL = '''import torch
import triton
import triton.language as tl


@triton.jit
def scale_rows_kernel(x_ptr, out_ptr, n_cols, scale, BLOCK_COLS=1024):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_COLS)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)
    tl.store(out_ptr + row * n_cols + cols, x * scale, mask=mask)


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
        triton.Config({"BLOCK_SIZE": 2048}, num_warps=8),
        triton.Config({"BLOCK_SIZE": 4096}, num_warps=8),
        triton.Config({"BLOCK_SIZE": 1024}, num_warps=4),
    ],
    key=["n_elements"],
)
@triton.jit
def sigmoid_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.sigmoid(tl.load(x_ptr + offsets, mask=mask)), mask=mask)
'''

proj = os.path.join(work, "proj with space")
os.makedirs(proj)
kernel_path = os.path.join(proj, "kern.py")
config_path = os.path.join(proj, ".btlint.yaml")
with open(kernel_path, "w") as f:
    f.write(KERNEL)
with open(config_path, "w") as f:
    f.write("arch: [sm90]\n")
kernel_uri = uri(kernel_path)

client = LspClient([btlint, "lsp"], cwd=work)

# ---- before initialize ----
early = client.request("textDocument/codeAction", {})
check("a request before initialize is refused with ServerNotInitialized",
      early.get("error", {}).get("code") == -32002, early)

# ---- initialize ----
init = client.request("initialize", {
    "processId": os.getpid(), "rootUri": uri(proj),
    "capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}},
    "initializationOptions": {"arch": ["sm80", "sm90"]},
})
caps = init.get("result", {}).get("capabilities", {})
check("initialize answers with incremental sync, code actions and hover",
      caps.get("textDocumentSync", {}).get("change") == 2 and "codeActionProvider" in caps
      and caps.get("hoverProvider") is True, init)
client.notify("initialized", {})
registration = client.wait_for(lambda m: m.get("method") == "client/registerCapability", 10)
check("the server asks to watch .btlint.yaml",
      "**/.btlint.yaml" in json.dumps(registration), registration)
client.send({"jsonrpc": "2.0", "id": registration["id"], "result": None})

# ---- open: diagnostics with rule ids, arch, notes ----
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": kernel_uri, "languageId": "python", "version": 1, "text": KERNEL}})
opened = client.diagnostics(kernel_uri)
diags = opened["params"]["diagnostics"]
check("didOpen publishes tile-not-constexpr and duplicate-config",
      "tile-not-constexpr" in codes(opened) and "duplicate-config" in codes(opened), opened)
tile = next((d for d in diags if d["code"] == "tile-not-constexpr"), None)
check("a diagnostic carries source, severity, range and related notes",
      tile is not None and tile["source"] == "btlint" and tile["severity"] == 1
      and tile["range"]["start"] == {"line": 6, "character": 53}
      and tile.get("relatedInformation"), tile)
# A note that names a place points at it; one that names none, at the finding.
duplicate = next((d for d in diags if d["code"] == "duplicate-config"), None)
related = (duplicate or {}).get("relatedInformation", [])
first_config = next((r for r in related if r["message"] == "config 1 of 4, written at line 17"), None)
both_run = next((r for r in related if r["message"].startswith("both run with")), None)
check("relatedInformation: 'config 1 of 4, written at line 17' is at line 17, not at the finding (line 20)",
      duplicate is not None and duplicate["range"]["start"]["line"] == 19 and first_config is not None
      and first_config["location"]["uri"] == kernel_uri
      and first_config["location"]["range"]["start"] == {"line": 16, "character": 8}, duplicate)
check("relatedInformation: a note that names no place is at the finding's range",
      both_run is not None and both_run["location"]["range"] == duplicate["range"], duplicate)
# The same findings as the command line gives for the same text.
cli = subprocess.run([btlint, "--arch", "sm80,sm90", "--format", "json", kernel_path], capture_output=True, text=True)
try:
    cli_findings = sorted((d["rule"], d["line"] - 1, d["message"] + (" (%s)" % d["arch"] if d["arch"] else ""))
                          for d in json.loads(cli.stdout))
except (ValueError, KeyError, TypeError):
    cli_findings = cli.stdout + cli.stderr


def findings(message):
    return sorted((d["code"], d["range"]["start"]["line"], d["message"]) for d in message["params"]["diagnostics"])


check("the server reports what `btlint --arch sm80,sm90 FILE` reports", findings(opened) == cli_findings,
      (findings(opened), cli_findings))

# ---- code action: apply the tile-not-constexpr fix through an incremental change ----
actions = client.request("textDocument/codeAction", {
    "textDocument": {"uri": kernel_uri}, "range": tile["range"] if tile else {},
    "context": {"diagnostics": [tile] if tile else []}})
fixes = [a for a in actions.get("result", []) if "tile-not-constexpr" in a.get("title", "")]
check("codeAction offers the tile-not-constexpr fix as a WorkspaceEdit",
      fixes and fixes[0]["kind"] == "quickfix" and kernel_uri in fixes[0]["edit"]["changes"], actions)
edits = fixes[0]["edit"]["changes"][kernel_uri] if fixes else []
client.notify("textDocument/didChange", {
    "textDocument": {"uri": kernel_uri, "version": 2},
    "contentChanges": [{"range": e["range"], "text": e["newText"]} for e in edits]})
fixed = client.diagnostics(kernel_uri)
check("after the fix is applied, tile-not-constexpr is gone and duplicate-config stays",
      "tile-not-constexpr" not in codes(fixed) and "duplicate-config" in codes(fixed), fixed)

dup = next((d for d in fixed["params"]["diagnostics"] if d["code"] == "duplicate-config"), None)
actions = client.request("textDocument/codeAction", {
    "textDocument": {"uri": kernel_uri}, "range": dup["range"] if dup else {},
    "context": {"diagnostics": []}})
check("codeAction offers the duplicate-config fix",
      any("duplicate-config" in a.get("title", "") for a in actions.get("result", [])), actions)
fix_all = client.request("textDocument/codeAction", {
    "textDocument": {"uri": kernel_uri}, "range": {"start": {"line": 0, "character": 0},
                                                   "end": {"line": 0, "character": 0}},
    "context": {"diagnostics": [], "only": ["source.fixAll"]}})
check("source.fixAll gathers the safe fixes",
      [a["kind"] for a in fix_all.get("result", [])] == ["source.fixAll.btlint"], fix_all)

# ---- incremental edits: break the syntax, then repair it ----
line_of_def = 24  # `def sigmoid_kernel(` (0-based)
broken = client.notify("textDocument/didChange", {
    "textDocument": {"uri": kernel_uri, "version": 3},
    "contentChanges": [{"range": {"start": {"line": line_of_def, "character": 0},
                                  "end": {"line": line_of_def, "character": 3}}, "text": "deff"}]})
parse_err = client.diagnostics(kernel_uri)
check("a syntax error in an edit gives parse-error", "parse-error" in codes(parse_err), parse_err)
client.notify("textDocument/didChange", {
    "textDocument": {"uri": kernel_uri, "version": 4},
    "contentChanges": [{"range": {"start": {"line": line_of_def, "character": 0},
                                  "end": {"line": line_of_def, "character": 4}}, "text": "def"}]})
repaired = client.diagnostics(kernel_uri)
check("repairing it clears parse-error", codes(repaired) == codes(fixed), repaired)

# Several incremental edits in one message, each relative to the text before it.
client.notify("textDocument/didChange", {
    "textDocument": {"uri": kernel_uri, "version": 5},
    "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
         "text": "# one\n# two\n"},
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}, "text": ""},
    ]})
shifted = client.diagnostics(kernel_uri)
dup_after = next((d for d in shifted["params"]["diagnostics"] if d["code"] == "duplicate-config"), None)
check("two edits in one change: findings move down one line",
      dup and dup_after and dup_after["range"]["start"]["line"] == dup["range"]["start"]["line"] + 1,
      (dup, dup_after))

# After the fix, two edits that cancel out and two more in one message, the
# server's copy must be what the editor has: the command line on that text agrees.
expected_text = KERNEL
for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
    expected_text = apply_utf16(expected_text, e)
expected_text = "# two\n" + expected_text
check("after incremental edits the findings equal `btlint FILE` on the same text",
      findings(shifted) == cli_findings_for(expected_text, "copy_of_kern.py"),
      (findings(shifted), cli_findings_for(expected_text, "copy_of_kern.py")))
os.remove(os.path.join(proj, "copy_of_kern.py"))

# Full-text sync: back to the original text.
client.notify("textDocument/didChange", {
    "textDocument": {"uri": kernel_uri, "version": 6}, "contentChanges": [{"text": KERNEL}]})
full = client.diagnostics(kernel_uri)
check("a full-text change gives the findings of that text again", codes(full) == codes(opened), full)

# ---- config reload ----
with open(config_path, "w") as f:
    f.write("arch: [sm90]\nignore: [duplicate-config]\n")
client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": uri(config_path), "type": 2}]})
reloaded = client.diagnostics(kernel_uri)
check("a changed .btlint.yaml (didChangeWatchedFiles) is applied",
      "duplicate-config" not in codes(reloaded) and "tile-not-constexpr" in codes(reloaded), reloaded)
with open(config_path, "w") as f:
    f.write("arch: [sm90]\n")
client.notify("textDocument/didSave", {"textDocument": {"uri": uri(config_path)}})
saved = client.diagnostics(kernel_uri)
check("saving .btlint.yaml in the editor reloads it", "duplicate-config" in codes(saved), saved)
with open(config_path, "w") as f:
    f.write("arch: [sm90]\nignore: [no-such-rule]\n")
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(config_path), "languageId": "yaml", "version": 1, "text": "arch: [sm90]\n"}})
client.notify("textDocument/didSave", {"textDocument": {"uri": uri(config_path)}})
config_diag = client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"]["uri"] == uri(config_path) and m["params"]["diagnostics"], 30)
check("a broken .btlint.yaml gets its errors as diagnostics with a position",
      config_diag["params"]["diagnostics"] and config_diag["params"]["diagnostics"][0]["range"]["start"]["line"] == 1,
      config_diag)
with open(config_path, "w") as f:
    f.write("arch: [sm90]\n")
client.notify("textDocument/didSave", {"textDocument": {"uri": uri(config_path)}})
client.diagnostics(kernel_uri)

# ---- unsaved sibling modules are used for imports ----
pkg = os.path.join(proj, "pkg")
os.makedirs(pkg)
main_path, cfg_path = os.path.join(pkg, "main.py"), os.path.join(pkg, "cfgs.py")
cfg_disk = ("import triton\nCONFIGS = [triton.Config({'BLOCK': b}, num_warps=4) for b in (64, 128, 256, 512)]\n")
with open(cfg_path, "w") as f:
    f.write(cfg_disk)
main_text = ('''import triton
import triton.language as tl
from cfgs import CONFIGS


@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
''')
with open(main_path, "w") as f:
    f.write(main_text)
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(main_path), "languageId": "python", "version": 1, "text": main_text}})
before = client.diagnostics(uri(main_path))
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(cfg_path), "languageId": "python", "version": 1,
    "text": "import triton\nCONFIGS = [triton.Config({'BLOCK': b}, num_warps=4) for b in (64, 128)]\n"}})
client.notify("textDocument/didChange", {"textDocument": {"uri": uri(main_path), "version": 2},
                                         "contentChanges": [{"text": main_text + "\n"}]})
after = client.diagnostics(uri(main_path))
check("an unsaved sibling module is read instead of the disk version",
      "too-few-configs" not in codes(before) and "too-few-configs" in codes(after), (before, after))
client.notify("textDocument/didClose", {"textDocument": {"uri": uri(cfg_path)}})
closed = client.diagnostics(uri(cfg_path))
check("didClose clears the document's diagnostics", closed["params"]["diagnostics"] == [], closed)

# ---- positions in UTF-16 code units (the LSP default) ----
uni_path = os.path.join(proj, "uni.py")
uni_text = KERNEL.replace("def scale_rows_kernel(x_ptr,", "def scale_rows_kernel(x_ptr, caf\u00e9_\U0001F600=0,")
uni_text = uni_text.replace("\U0001F600", "")  # identifiers cannot hold emoji: the comment below does
uni_text = uni_text.replace("    row = tl.program_id(0)\n", "    row = tl.program_id(0)  # \U0001F600 \u00e9\n", 1)
with open(uni_path, "w", encoding="utf-8") as f:
    f.write(uni_text)
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(uni_path), "languageId": "python", "version": 1, "text": uni_text}})
uni = client.diagnostics(uri(uni_path))
uni_tile = next((d for d in uni["params"]["diagnostics"] if d["code"] == "tile-not-constexpr"), None)
line6 = uni_text.split("\n")[6]
want = len(line6[:line6.index("BLOCK_COLS")].encode("utf-16-le")) // 2
check("columns after a non-ASCII character count UTF-16 code units",
      uni_tile is not None and uni_tile["range"]["start"] == {"line": 6, "character": want}
      and want == len(line6[:line6.index("BLOCK_COLS")].encode("utf-8")) - 1, (uni_tile, want))
# The fix's edit, placed after the non-ASCII parameter, applied as the editor would.
uni_actions = client.request("textDocument/codeAction", {
    "textDocument": {"uri": uri(uni_path)}, "range": uni_tile["range"] if uni_tile else {},
    "context": {"diagnostics": []}})
uni_edits = [e for a in uni_actions.get("result", []) if "tile-not-constexpr" in a.get("title", "")
             and not a["title"].startswith("Suppress") for e in a["edit"]["changes"][uri(uni_path)]]
fixed_text = uni_text
for e in uni_edits:
    fixed_text = apply_utf16(fixed_text, e)
check("the fix's edit range is right after a non-ASCII character",
      len(uni_edits) == 1 and "(x_ptr, caf\u00e9_=0, out_ptr, n_cols, scale, BLOCK_COLS: tl.constexpr = 1024):" in fixed_text, (uni_edits, fixed_text[:400]))
client.notify("textDocument/didChange", {"textDocument": {"uri": uri(uni_path), "version": 2}, "contentChanges": [
    {"range": e["range"], "text": e["newText"]} for e in uni_edits]})
after_uni = client.diagnostics(uri(uni_path))
check("sent back as an incremental change, it fixes the finding in the server's copy",
      not any(d["code"] == "tile-not-constexpr" and d["range"]["start"]["line"] == 6
              for d in after_uni["params"]["diagnostics"]) and "parse-error" not in codes(after_uni), after_uni)
client.notify("textDocument/didClose", {"textDocument": {"uri": uri(uni_path)}})
client.diagnostics(uri(uni_path))

# ---- CUDA files are analysed whole ----
cu_path = os.path.join(proj, "hist.cu")
cu_text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rules",
                            "static-smem-over-48k", "fires_padding_between_arrays.cu")).read()
with open(cu_path, "w") as f:
    f.write(cu_text)
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(cu_path), "languageId": "cuda", "version": 1, "text": cu_text}})
cu = client.diagnostics(uri(cu_path), 120)
check("a CUDA file gets its findings (static-smem-over-48k at 3:17)",
      any(d["code"] == "static-smem-over-48k" and d["range"]["start"] == {"line": 2, "character": 16}
          for d in cu["params"]["diagnostics"]), cu)
client.notify("textDocument/didChange", {"textDocument": {"uri": uri(cu_path), "version": 2},
                                         "contentChanges": [{"text": cu_text.replace("6144", "4096")}]})
cu2 = client.diagnostics(uri(cu_path), 120)
check("and an edit that shrinks the array clears it", "static-smem-over-48k" not in codes(cu2), cu2)
client.notify("textDocument/didClose", {"textDocument": {"uri": uri(cu_path)}})
client.diagnostics(uri(cu_path))

# ---- CUDA macros the build defines: given by the .btlint.yaml nearest the file ----
macros_source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rules", "parse-error",
                             "silent_macros_given_in_config")
macros_text = open(os.path.join(macros_source, "chunk_scan.cu")).read()
for folder, with_config in (("macros_unset", False), ("macros_given", True)):
    os.makedirs(os.path.join(work, folder), exist_ok=True)
    if with_config:
        shutil.copy(os.path.join(macros_source, ".btlint.yaml"), os.path.join(work, folder, ".btlint.yaml"))
    path = os.path.join(work, folder, "chunk_scan.cu")
    with open(path, "w") as f:
        f.write(macros_text)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "cuda", "version": 1, "text": macros_text}})
    got = client.diagnostics(uri(path), 120)
    if with_config:
        check("a CUDA file's macros come from its own .btlint.yaml (`cuda: defines:`): no parse-error",
              "parse-error" not in codes(got), got)
    else:
        check("without that config the same file says the build defines its macros (parse-error note)",
              "parse-error" in codes(got), got)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri(path)}})
    client.diagnostics(uri(path))

# ---- hover: the rule's explanation, and on a config its row of `btlint report` ----
hover_path = os.path.join(proj, "hover.py")
with open(hover_path, "w") as f:
    f.write(KERNEL)
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(hover_path), "languageId": "python", "version": 1, "text": KERNEL}})
hovered = client.diagnostics(uri(hover_path))
hover_tile = next((d for d in hovered["params"]["diagnostics"] if d["code"] == "tile-not-constexpr"), None)
explain = subprocess.run([btlint, "explain", "tile-not-constexpr"], capture_output=True, text=True).stdout
what_it_does = explain.split("## What it does\n\n")[1].split("\n\n")[0] if "## What it does" in explain else "?"
on_finding = client.request("textDocument/hover", {"textDocument": {"uri": uri(hover_path)},
                                                   "position": hover_tile["range"]["start"] if hover_tile else {}})
value = (on_finding.get("result") or {}).get("contents", {}).get("value", "")
check("hover on a finding shows its message and the rule's explanation (as `btlint explain` has it)",
      on_finding["result"]["contents"]["kind"] == "markdown" and hover_tile["message"] in value
      and what_it_does in value, (on_finding, what_it_does))
# The page next to the binary: the repository's docs/rules above a build
# folder, or share/doc/btlint/rules of an installation (the wheel).
source_page = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                           "docs", "rules", "tile-not-constexpr.md")
href = (hover_tile or {}).get("codeDescription", {}).get("href", "")
linked = urllib.parse.unquote(urllib.parse.urlparse(href).path) if href.startswith("file://") else ""
check("a diagnostic's codeDescription links to the rule page shipped next to the binary",
      linked.endswith("/tile-not-constexpr.md") and os.path.isfile(linked)
      and open(linked, encoding="utf-8").read() == open(source_page, encoding="utf-8").read()
      and href in value, (hover_tile, href))
# Config 3 (BLOCK_SIZE 4096, line 18): the hover shows its row as `btlint report` prints it.
report = subprocess.run([btlint, "report", "--arch", "sm80,sm90", hover_path + "::sigmoid_kernel"],
                        capture_output=True, text=True).stdout
report_row = next((l for l in report.split("\n") if l.startswith("| 3 |")), "no row 3")
on_config = client.request("textDocument/hover", {"textDocument": {"uri": uri(hover_path)},
                                                  "position": {"line": 18, "character": 12}})
config_value = (on_config.get("result") or {}).get("contents", {}).get("value", "")
check("hover on a triton.Config shows its row of `btlint report` and only that row",
      report_row in config_value and "| 2 |" not in config_value and "| 4 |" not in config_value,
      (config_value, report_row))
# The same config written over three lines: a hover on its last line shows its row.
split_path = os.path.join(proj, "hover_split.py")
split_text = KERNEL.replace('        triton.Config({"BLOCK_SIZE": 4096}, num_warps=8),\n',
                            '        triton.Config(\n            {"BLOCK_SIZE": 4096},\n            num_warps=8),\n')
with open(split_path, "w") as f:
    f.write(split_text)
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(split_path), "languageId": "python", "version": 1, "text": split_text}})
client.diagnostics(uri(split_path))
on_split = client.request("textDocument/hover", {"textDocument": {"uri": uri(split_path)},
                                                 "position": {"line": 20, "character": 14}})
split_value = (on_split.get("result") or {}).get("contents", {}).get("value", "")
check("hover on the last line of a config written over several lines shows its row",
      split_text != KERNEL and report_row in split_value and "| 4 |" not in split_value, (split_value, report_row))
nothing = client.request("textDocument/hover", {"textDocument": {"uri": uri(hover_path)},
                                                "position": {"line": 0, "character": 0}})
check("hover where there is nothing to say answers null", nothing.get("result", "x") is None, nothing)

# ---- "suppress on this line": inserts the documented comment, which silences the finding ----
acts = client.request("textDocument/codeAction", {
    "textDocument": {"uri": uri(hover_path)}, "range": hover_tile["range"] if hover_tile else {},
    "context": {"diagnostics": []}})
suppress = [a for a in acts.get("result", []) if a.get("title") == "Suppress tile-not-constexpr on this line"]
check("codeAction offers 'Suppress tile-not-constexpr on this line'", len(suppress) == 1, acts)
s_edits = suppress[0]["edit"]["changes"][uri(hover_path)] if suppress else []
suppressed_text = KERNEL
for e in s_edits:
    suppressed_text = apply_utf16(suppressed_text, e)
check("it appends `  # btlint: ignore[tile-not-constexpr]` to the reported line",
      suppressed_text.split("\n")[6].endswith("BLOCK_COLS=1024):  # btlint: ignore[tile-not-constexpr]"),
      suppressed_text.split("\n")[6])
client.notify("textDocument/didChange", {"textDocument": {"uri": uri(hover_path), "version": 2},
                                         "contentChanges": [{"range": e["range"], "text": e["newText"]}
                                                            for e in s_edits]})
after_suppress = client.diagnostics(uri(hover_path))
check("applied, the finding is gone and nothing else changed",
      "tile-not-constexpr" not in codes(after_suppress)
      and sorted(c for c in codes(hovered) if c != "tile-not-constexpr") == codes(after_suppress), after_suppress)
dup_line = next((d for d in after_suppress["params"]["diagnostics"] if d["code"] == "duplicate-config"), None)
acts = client.request("textDocument/codeAction", {
    "textDocument": {"uri": uri(hover_path)}, "range": dup_line["range"] if dup_line else {},
    "context": {"diagnostics": []}})
check("a finding without a fix still gets the suppress action",
      any(a.get("title") == "Suppress duplicate-config on this line" for a in acts.get("result", [])), acts)
client.notify("textDocument/didClose", {"textDocument": {"uri": uri(hover_path)}})
client.diagnostics(uri(hover_path))

# ---- buffers that are not on disk: a new file never saved, an untitled: buffer ----
new_path = os.path.join(proj, "never_saved.py")
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(new_path), "languageId": "python", "version": 1, "text": KERNEL}})
unsaved = client.diagnostics(uri(new_path))
check("a file not on disk yet gets the findings of its buffer",
      not os.path.exists(new_path) and codes(unsaved) == codes(opened), unsaved)
client.notify("textDocument/didClose", {"textDocument": {"uri": uri(new_path)}})
client.diagnostics(uri(new_path))
untitled = "untitled:Untitled-1"
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": untitled, "languageId": "python", "version": 1, "text": KERNEL}})
untitled_diags = client.diagnostics(untitled)
check("an untitled: buffer is analysed from its text (its language from languageId)",
      codes(untitled_diags) == codes(opened), untitled_diags)
client.notify("textDocument/didChange", {"textDocument": {"uri": untitled, "version": 2},
                                         "contentChanges": [{"text": KERNEL.replace("BLOCK_COLS=1024", "BLOCK_COLS: tl.constexpr = 1024")}]})
untitled_after = client.diagnostics(untitled)
check("and its edits are analysed too", "tile-not-constexpr" not in codes(untitled_after), untitled_after)
hover_untitled = client.request("textDocument/hover", {"textDocument": {"uri": untitled},
                                                       "position": {"line": 18, "character": 12}})
check("hover works on an untitled: buffer", report_row in json.dumps(hover_untitled.get("result")), hover_untitled)
client.notify("textDocument/didClose", {"textDocument": {"uri": untitled}})
check("closing it clears its diagnostics", client.diagnostics(untitled)["params"]["diagnostics"] == [])

# ---- bad input never stops the server ----
client.drop_pending()
client.send_raw(b'Content-Length: 11\r\n\r\n{"jsonrpc":')
err = client.wait_for(lambda m: "error" in m and m.get("id") is None, 10)
check("malformed JSON gets ParseError", err["error"]["code"] == -32700, err)
client.send_raw(b'Content-Length: 2\r\n\r\n[]')
err = client.wait_for(lambda m: "error" in m and m.get("id") is None, 10)
check("a message that is not an object gets InvalidRequest", err["error"]["code"] == -32600, err)
client.send_raw(b'X-Header: 1\r\n\r\n')
err = client.wait_for(lambda m: "error" in m and m.get("id") is None, 10)
check("a header without Content-Length gets ParseError", err["error"]["code"] == -32700, err)
unknown = client.request("textDocument/definition", {"textDocument": {"uri": kernel_uri},
                                                "position": {"line": 0, "character": 0}})
check("an unknown method gets MethodNotFound", unknown.get("error", {}).get("code") == -32601, unknown)
client.send_raw(b"\x00\xffstray bytes without a newline")
after_junk = client.request("textDocument/definition", {"textDocument": {"uri": kernel_uri},
                                                   "position": {"line": 0, "character": 0}}, timeout=10)
check("stray bytes before a message do not hide its header",
      after_junk.get("error", {}).get("code") == -32601, after_junk)
client.notify("$/unknownNotification", {"x": 1})
client.notify("textDocument/didChange", {"textDocument": {"uri": kernel_uri},
                                         "contentChanges": [{"range": {"start": "x"}, "text": 3}, 7]})
client.notify("textDocument/didChange", {"textDocument": {"uri": kernel_uri, "version": 9},
                                         "contentChanges": [{"range": {
                                             "start": {"line": 9999, "character": 0},
                                             "end": {"line": 99999, "character": 5}}, "text": "\n"}]})
bad_python = client.diagnostics(kernel_uri)
check("nonsense changes are survived and the document is still analysed",
      "tile-not-constexpr" in codes(bad_python), bad_python)
client.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri(os.path.join(proj, "junk.py")), "languageId": "python", "version": 1,
    "text": "import triton\n@triton.jit\ndef f(:\n  ))) \x00 \ud7ff\n"}})
junk = client.diagnostics(uri(os.path.join(proj, "junk.py")))
check("an unsaved file that is not on disk is analysed from the buffer (parse-error)",
      "parse-error" in codes(junk), junk)

# ---- shutdown and exit ----
down = client.request("shutdown")
check("shutdown answers null", "result" in down and down["result"] is None, down)
client.notify("exit")
code = client.close()
check("exit after shutdown ends the server with status 0", code == 0, code)

print("%d failed" % failures)
sys.exit(1 if failures else 0)
