"""btlint: static analysis of GPU kernels and their tuning configs.

The wheel installs the `btlint` and `btlint-bench` executables; this package
only finds them (`python -m btlint`, `find_btlint_bin()`).
"""

import os
import sys
import sysconfig


def find_btlint_bin(name: str = "btlint") -> str:
    """The path of the installed executable NAME (btlint or btlint-bench)."""
    schemes = [sysconfig.get_default_scheme()] if hasattr(sysconfig, "get_default_scheme") else []
    schemes.append(f"{os.name}_user")
    folders = []
    for scheme in schemes:
        try:
            folders.append(sysconfig.get_path("scripts", scheme=scheme))
        except KeyError:
            continue
    # pip install --target: the bin folder beside the package.
    folders.append(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bin"))
    folders.append(os.path.dirname(sys.executable))
    for folder in folders:
        path = os.path.join(folder, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise FileNotFoundError(f"{name} is not installed beside this Python package (looked in {', '.join(folders)})")
