#!/usr/bin/env python3
"""Runs the steps of action.yml as GitHub's runner would, on this machine.

usage: run_action.py ACTION_YML WORKDIR INPUT=VALUE...

`run:` steps run in bash from WORKDIR with the step's `env:`, after
`${{ inputs.X }}` and `${{ steps.ID.outputs.Y }}` are replaced (inputs from
the command line, else their defaults); `if:` conditions of the forms the
action uses are evaluated; GITHUB_OUTPUT collects step outputs. A `uses:`
step (the SARIF upload) is not run: its `with:` values are printed as
`USES <action> <key>=<value>` for the caller to check. Exit status: that of
the first failing step whose failure is not tolerated, else 0.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml


def main() -> int:
    action_path, workdir, *assignments = sys.argv[1:]
    with open(action_path, encoding="utf-8") as f:
        action = yaml.safe_load(f)
    inputs = {name: str(spec.get("default", "")) for name, spec in action.get("inputs", {}).items()}
    for assignment in assignments:
        name, _, value = assignment.partition("=")
        if name not in inputs:
            print(f"unknown input {name}", file=sys.stderr)
            return 2
        inputs[name] = value
    outputs: dict = {}
    failed = False

    def expand(text: str) -> str:
        def value(match: re.Match) -> str:
            expression = match.group(1).strip()
            if expression.startswith("inputs."):
                return inputs[expression[len("inputs."):]]
            found = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression)
            if found:
                return outputs.get(found.group(1), {}).get(found.group(2), "")
            raise ValueError(f"expression not supported: {expression}")
        return re.sub(r"\$\{\{(.*?)\}\}", value, text)

    def condition(text: str) -> bool:
        # Forms action.yml uses: `always() && A != ''`, `A != ''`.
        parts = [p.strip() for p in text.split("&&")]
        result = True
        for part in parts:
            if part == "always()":
                continue
            left, _, right = part.partition("!=")
            left = expand("${{ " + left.strip() + " }}")
            if right.strip() != "''":
                raise ValueError(f"condition not supported: {text}")
            result = result and left != ""
        return result and (not failed or "always()" in text)

    for step in action["runs"]["steps"]:
        name = step.get("name", step.get("id", "step"))
        if "if" in step and not condition(step["if"]):
            print(f"SKIP {name}")
            continue
        if failed:
            print(f"SKIP {name} (an earlier step failed)")
            continue
        if "uses" in step:
            withs = " ".join(f"{k}={expand(str(v))}" for k, v in step.get("with", {}).items())
            print(f"USES {step['uses']} {withs}")
            continue
        with tempfile.NamedTemporaryFile("r", delete=False) as out:
            output_file = out.name
        env = dict(os.environ, GITHUB_OUTPUT=output_file)
        env.update({k: expand(str(v)) for k, v in step.get("env", {}).items()})
        print(f"RUN {name}", flush=True)
        status = subprocess.run(["bash", "-e", "-c", expand(step["run"])], cwd=workdir, env=env).returncode
        with open(output_file, encoding="utf-8") as f:
            values = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)
        os.unlink(output_file)
        if "id" in step:
            outputs[step["id"]] = values
        if status != 0:
            print(f"FAILED {name} (exit {status})")
            failed = True
            final = status
    return final if failed else 0


if __name__ == "__main__":
    sys.exit(main())
