#!/usr/bin/env python3
"""How the harness imports a kernel's module: a package `__init__.py` that
fails (a dependency check, a plugin lookup) is skipped and said; a failure in
the kernel's own module is reported as it is. Needs no triton."""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "btlint-bench", "harness"))
import btbench_triton  # noqa: E402

FILES = {
    # The top package refuses to import without a companion package.
    "zoo/__init__.py": "raise ImportError('Please install zoo_extras first')\n",
    "zoo/kernels/__init__.py": "from .helpers import SCALE\n",
    "zoo/kernels/helpers.py": "SCALE = 2\n",
    "zoo/kernels/matmul.py": "from zoo.kernels.helpers import SCALE\nfrom . import helpers\nVALUE = SCALE + helpers.SCALE\n",
    "zoo/kernels/broken.py": "VALUE = 1 / 0\n",
    # A healthy top package above a sub-package that fails.
    "farm/__init__.py": "READY = True\n",
    "farm/ops/__init__.py": "import farm_plugins_that_are_not_there.loader\n",
    "farm/ops/norm.py": "import farm\nVALUE = farm.READY\n",
    # A version check through a helper of a package that is not installed.
    "vers/__init__.py": "",
    "vers/kernel.py": "from missing_zoo.utils import Version\nimport missing_zoo\nNEW = not (Version(missing_zoo.__version__) < Version('2.4'))\n",
    # A guard that asserts the version is new enough, through a version class
    # of a package that is not installed (`LooseVersion(v) >= "2.1"`).
    "vers/guard.py": "from missing_loose import LooseVersion\nVERSION = '3.6.0'\nOK = LooseVersion(VERSION) >= '2.1'\n"
                     "assert OK, 'requires Triton 2.1 or greater'\nOLD = LooseVersion(VERSION) < '2.1'\n",
    # A package whose __init__ imports a module of its own, then one that is
    # not installed: the first attempt leaves `ring.core` imported against
    # a `ring` that failed; the attempt with a stand-in must not reuse it.
    "ring/__init__.py": "from ring import core\nimport missing_ring_dep\n",
    "ring/core.py": "import ring as _ring\nPARENT = _ring\n",
    "ring/kernel.py": "from ring.core import PARENT\nVALUE = 7\n",
    "plain/__init__.py": "",
    "plain/softmax.py": "VALUE = 3\n",
}

problems = []


def expect(condition, what):
    if not condition:
        problems.append(what)


with tempfile.TemporaryDirectory() as root:
    for path, text in FILES.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as out:
            out.write(text)
    sys.path.insert(0, root)

    module, notes = btbench_triton.import_module("zoo.kernels.matmul", stub_missing=False)
    expect(module.VALUE == 4, f"zoo.kernels.matmul: VALUE {module.VALUE}")
    expect(len(notes) == 1 and notes[0].startswith("zoo (its __init__.py not run: ImportError: Please install"),
           f"zoo.kernels.matmul: notes {notes}")

    try:
        btbench_triton.import_module("zoo.kernels.broken", stub_missing=False)
        problems.append("zoo.kernels.broken imported")
    except ZeroDivisionError:
        pass
    except Exception as exc:  # noqa: BLE001
        problems.append(f"zoo.kernels.broken: {type(exc).__name__}: {exc}")

    module, notes = btbench_triton.import_module("farm.ops.norm", stub_missing=False)
    expect(module.VALUE is True, "farm.ops.norm: farm's own __init__.py should have run")
    expect(len(notes) == 1 and notes[0].startswith("farm.ops (its __init__.py not run: ModuleNotFoundError"),
           f"farm.ops.norm: notes {notes}")

    # With stand-ins, the missing plugin is stubbed and every __init__.py runs.
    for name in [n for n in sys.modules if n.split(".")[0] == "farm"]:
        del sys.modules[name]
    module, notes = btbench_triton.import_module("farm.ops.norm", stub_missing=True)
    expect(module.VALUE is True and notes and not any("not run" in note for note in notes)
           and all(note.startswith("farm_plugins_that_are_not_there") for note in notes),
           f"farm.ops.norm with stand-ins: notes {notes}")

    module, notes = btbench_triton.import_module("vers.kernel", stub_missing=True)
    expect(module.NEW is True and notes == ["missing_zoo", "missing_zoo.utils"], f"vers.kernel: notes {notes}")
    module, notes = btbench_triton.import_module("ring.kernel", stub_missing=True)
    expect(module.VALUE == 7 and sys.modules["ring.core"].PARENT is sys.modules["ring"] and notes == ["missing_ring_dep"],
           f"ring.kernel: a module of the failed attempt reused (notes {notes})")
    module, notes = btbench_triton.import_module("vers.guard", stub_missing=True)
    expect(module.OK is True and module.OLD is False and notes == ["missing_loose"], f"vers.guard: notes {notes}")

    module, notes = btbench_triton.import_module("plain.softmax", stub_missing=False)
    expect(module.VALUE == 3 and notes == [], f"plain.softmax: notes {notes}")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print("imports: all cases as expected")
