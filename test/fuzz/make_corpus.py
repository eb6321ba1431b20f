#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets from the test inputs.

usage: make_corpus.py SOURCE_DIR DEST

DEST/<target>/ gets one file per seed (named by its SHA-1, so reruns are
idempotent):
  fuzz_python_analysis  every .py under test/rules, docs/examples, test/calibration,
                        the Python sources embedded in test/unit (raw strings),
                        and a small generated tree (test/e2e/lib/make_mixed_tree.py)
  fuzz_python_parser    the same files as fuzz_python_analysis
  fuzz_yaml_configs     the YAML tuning tables of the fixtures and examples, the
                        tables in test/unit/test_yaml_config_front_end.cpp, and the
                        generated tree's tables
  fuzz_project_config   the configs written by test/e2e/*.sh (printf strings and
                        heredocs to .btlint.yaml) and test/unit/test_engine_config.cpp
  fuzz_suppressions     every fixture holding a suppression comment, prefixed with
                        the byte that picks its language (0 Python, 1 CUDA, 2 YAML)
  fuzz_emitters         fixed pseudo-random byte strings (the input is decoded, so
                        any bytes are a valid seed)
The corpora are generated, never committed.
"""
import hashlib
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def save(dest: Path, data: bytes) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    (dest / hashlib.sha1(data).hexdigest()).write_bytes(data)


def raw_strings(text: str):
    """The contents of C++ raw string literals R"delim(...)delim"."""
    for match in re.finditer(r'R"([^(\s]*)\((.*?)\)\1"', text, re.S):
        yield match.group(2)


def c_strings(text: str):
    """Adjacent C string literals of one expression, concatenated and unescaped."""
    for match in re.finditer(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+', text):
        parts = re.findall(r'"((?:[^"\\\n]|\\.)*)"', match.group(0))
        yield bytes("".join(parts), "utf-8").decode("unicode_escape")


def printf_strings(text: str):
    """Single-quoted printf formats of shell scripts, with \\n and \\t expanded."""
    for match in re.finditer(r"(?:printf(?: --)?|write_config) '((?:[^'])*)'", text):
        yield match.group(1).replace("\\n", "\n").replace("\\t", "\t").replace("%%", "%")


def heredocs(text: str):
    for match in re.finditer(r"<<-?\s*'?(\w+)'?[^\n]*\n(.*?)\n\1\n", text, re.S):
        yield match.group(2) + "\n"


def main() -> int:
    source, dest = Path(sys.argv[1]), Path(sys.argv[2])
    counts = {}

    python = dest / "fuzz_python_analysis"
    yaml = dest / "fuzz_yaml_configs"
    config = dest / "fuzz_project_config"
    suppressions = dest / "fuzz_suppressions"
    emitters = dest / "fuzz_emitters"

    fixture_roots = [source / "test/rules", source / "docs/examples", source / "test/calibration",
                     source / "test/cuda", source / "test/sarif"]
    for root in fixture_roots:
        for path in sorted(root.rglob("*")):
            if not path.is_file():
                continue
            data = path.read_bytes()
            if path.suffix == ".py":
                save(python, data)
            elif path.suffix in (".yaml", ".yml"):
                save(config if path.name == ".btlint.yaml" else yaml, data)
            if b"btlint" in data or b"NOLINT" in data:
                language = {".py": 0, ".cu": 1, ".cuh": 1, ".yaml": 2, ".yml": 2}.get(path.suffix)
                if language is not None:
                    save(suppressions, bytes([language]) + data)

    for path in sorted((source / "test/unit").glob("*.cpp")):
        text = path.read_text()
        for body in raw_strings(text):
            if "def " in body or "import " in body or "triton" in body or body.lstrip().startswith("["):
                save(python, body.encode())
        if "yaml" in path.name:
            for body in c_strings(text):
                if "configs" in body or "kernels" in body:
                    save(yaml, body.encode())
        if "config" in path.name:
            for body in c_strings(text):
                if ":" in body and "\n" in body:
                    save(config, body.encode())
        if "suppression" in path.name:
            for body in c_strings(text):
                if "btlint" in body or "NOLINT" in body:
                    save(suppressions, bytes([1 if "NOLINT" in body or "//" in body else 0]) + body.encode())

    for path in sorted((source / "test/e2e").glob("*.sh")):
        text = path.read_text()
        for body in printf_strings(text):
            if re.search(r"^(arch|select|ignore|exclude|rules|overrides|kernels|dtype|fail-on|bench)\s*:", body, re.M):
                save(config, body.encode())
            if "btlint:" in body:
                save(suppressions, b"\0" + body.encode())
        for body in heredocs(text):
            if re.search(r"^(arch|select|ignore|exclude|rules|overrides|kernels|dtype|fail-on)\s*:", body, re.M):
                save(config, body.encode())
            elif re.search(r"^(configs|kernels|kernel)\s*:", body, re.M):
                save(yaml, body.encode())
            elif "import triton" in body or "@triton" in body:
                save(python, body.encode())

    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([sys.executable, str(source / "test/e2e/lib/make_mixed_tree.py"), scratch + "/tree", "2", "12"],
                       check=True, stdout=subprocess.DEVNULL)
        for path in sorted(Path(scratch).rglob("*")):
            if path.suffix == ".py":
                save(python, path.read_bytes())
            elif path.suffix in (".yaml", ".yml"):
                save(yaml, path.read_bytes())

    rng = random.Random(8)
    for _ in range(32):
        save(emitters, bytes(rng.randrange(256) for _ in range(rng.randrange(16, 512))))

    # The parser target reads the same Python files.
    parser = dest / "fuzz_python_parser"
    for path in sorted(python.iterdir()) if python.exists() else []:
        save(parser, path.read_bytes())

    for target in (python, parser, yaml, config, suppressions, emitters):
        counts[target.name] = len(list(target.iterdir())) if target.exists() else 0
    for name, count in counts.items():
        print(f"{name}: {count} seeds")
    return 0 if all(counts.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
