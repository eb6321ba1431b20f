"""Triton side of the btlint-bench harness: find a kernel, synthesise the
arguments of a launch, and compile one config ahead of time for one arch.

Needs only `triton` (no GPU, no torch): `triton.compile(ASTSource(...),
target=GPUTarget("cuda", cc, 32))` builds for any NVIDIA target on a CPU.

The argument specialisation is the one Triton 3.6's JIT applies at launch
(runtime/jit.py, backends/compiler.py): pointers and integers divisible by 16
carry `tt.divisibility = 16` (torch allocations are 256-byte aligned), integers
equal to 1 become the constant 1, integers above 2**31-1 are i64. The same
rules as test/calibration/calibrate.py, which measured btlint's resource
model; this module is the runner's own copy of the idea, written to run
without btlint's tree next to it.

Registers and spills: ahead of time Triton 3.6 only has them in ptxas's `-v`
log, which it prints when `knobs.nvidia.dump_ptxas_log` is set.
"""
import ast
import contextlib
import functools
import importlib
import io
import os
import re
import sys
import textwrap
import time
import types

# btlint's element type names -> Triton pointer element types.
POINTER_DTYPES = {
    "fp16": "fp16", "bf16": "bf16", "fp32": "fp32", "tf32": "fp32", "fp8e4nv": "fp8e4nv",
    "fp8e5": "fp8e5", "int8": "i8",
}
DEFAULT_INT = 4096  # a shape people tune for: not 1, divisible by 16

PTXAS_USED = re.compile(r"Used (\d+) registers")
PTXAS_FRAME = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")


class Permissive(types.ModuleType):
    """Stands in for a module the kernel file imports but this machine lacks
    (torch on a CPU-only machine): any attribute is another stand-in, calling
    one gives a stand-in. Kernels never use torch inside @triton.jit, so
    compiling them does not need it; launching does, and is not done then."""

    def __getattr__(self, name):
        if name == "__version__":
            return "0.0.0+btbench-stand-in"  # version checks at import time
        if name.startswith("__"):
            raise AttributeError(name)
        child = Permissive(f"{self.__name__}.{name}")
        setattr(self, name, child)
        return child

    def __call__(self, *args, **kwargs):
        return Permissive(self.__name__ + "()")

    # Annotations evaluated at import: `torch.Tensor | None`, `Optional[torch.Tensor]`.
    def __or__(self, other):
        return self

    __ror__ = __or__

    # Version checks with stand-ins (`Version(stub.__version__) < Version("2.4")`,
    # `LooseVersion(version) >= "2.1"` with the version class a stand-in): the
    # two compare as equal, so a guard that the version is new enough passes
    # and one that it is too old does not.
    def __lt__(self, other):
        return False

    __gt__ = __lt__

    def __le__(self, other):
        return True

    __ge__ = __le__

    def __getitem__(self, key):
        return self

    def __mro_entries__(self, bases):
        return (object, )


# Missing modules with a real implementation elsewhere on every machine with
# pip: version checks at import time (`version.parse(triton.__version__) >=
# ...`) then compare versions, not stand-ins.
VENDORED = {"packaging": "pip._vendor.packaging"}


def alias_vendored(missing):
    """Registers pip's copy of a missing module under its own name; whether it did."""
    top = missing.split(".")[0]
    if top not in VENDORED:
        return False
    try:
        vendored = importlib.import_module(VENDORED[top])
    except ImportError:
        return False
    sys.modules[top] = vendored
    for sub in ("version", "specifiers", "requirements", "utils"):
        try:
            sys.modules[f"{top}.{sub}"] = importlib.import_module(f"{VENDORED[top]}.{sub}")
        except ImportError:
            pass
    return True


def import_module(name, stub_missing):
    """Imports the copied kernel module. With stub_missing, third-party
    modules that are not installed (torch, numpy) are replaced by stand-ins;
    the list of stand-ins made is returned next to the module. Where the
    import fails inside a package's `__init__.py` above the kernel's module
    (a dependency check that raises, a plugin lookup), the module is imported
    again with its packages as bare folders, which runs only its own file."""
    before = set(sys.modules)
    try:
        return import_with_stand_ins(name, stub_missing)
    except Exception as exc:  # noqa: BLE001 - re-raised unless the retry works
        failed_in = failing_package(exc, name)
        if failed_in is None:
            raise
        for added in set(sys.modules) - before:
            if added == failed_in or added.startswith(failed_in + "."):
                del sys.modules[added]
        try:
            module, stubbed = import_with_stand_ins(name, stub_missing, bare=failed_in)
        except Exception:  # noqa: BLE001 - the first failure says more
            raise exc from None
        cause = f"{type(exc).__name__}: {exc}".splitlines()[0][:160]
        return module, stubbed + [f"{failed_in} (its __init__.py not run: {cause})"]


def failing_package(exc, name):
    """The outermost package above module `name` whose `__init__.py` the
    traceback of `exc` passes through, or None."""
    parents = name.split(".")[:-1]
    inits = set()
    tb = exc.__traceback__
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename.replace("\\", "/")
        if path.endswith("/__init__.py"):
            inits.add(path)
        tb = tb.tb_next
    for depth in range(1, len(parents) + 1):
        package = ".".join(parents[:depth])
        suffix = "/" + package.replace(".", "/") + "/__init__.py"
        if any(path.endswith(suffix) for path in inits):
            return package
    return None


def bare_packages(name, top):
    """Registers the packages from `top` down to module `name`'s parent as
    plain modules with their folder as search path, without running their
    `__init__.py`."""
    parents = name.split(".")[:-1]
    start = len(top.split("."))
    for depth in range(start, len(parents) + 1):
        package = ".".join(parents[:depth])
        if package in sys.modules:
            continue
        parent = sys.modules.get(".".join(parents[:depth - 1])) if depth > 1 else None
        search = list(getattr(parent, "__path__", None) or sys.path)
        for base in search:
            folder = f"{base}/{parents[depth - 1]}"
            if os.path.isdir(folder):
                module = types.ModuleType(package)
                module.__path__ = [folder]
                module.__package__ = package
                sys.modules[package] = module
                if parent is not None:
                    setattr(parent, parents[depth - 1], module)
                break


def import_with_stand_ins(name, stub_missing, bare=None):
    stubbed = []
    top = name.split(".")[0]
    for _ in range(64):
        if bare is not None:
            bare_packages(name, bare)
        before = set(sys.modules)
        try:
            return importlib.import_module(name), stubbed
        except ModuleNotFoundError as exc:
            missing = exc.name
            if not stub_missing or not missing or missing == name or missing.split(".")[0] in ("triton", ):
                raise
            # Tried again with a stand-in: the project's own modules this
            # attempt left half initialised would read as a circular import.
            for added in set(sys.modules) - before:
                if added.split(".")[0] == top and not isinstance(sys.modules.get(added), Permissive):
                    sys.modules.pop(added, None)
            if alias_vendored(missing):
                stubbed.append(f"{missing} (pip's vendored copy)")
                sys.modules.pop(name, None)
                continue
            for part in range(1, len(missing.split(".")) + 1):
                sub = ".".join(missing.split(".")[:part])
                if sub not in sys.modules:
                    sys.modules[sub] = Permissive(sub)
            stubbed.append(missing)
            sys.modules.pop(name, None)
    raise ImportError(f"{name}: too many missing modules ({', '.join(stubbed)})")


def unwrap(obj):
    """(autotuner or None, [heuristics wrappers], JITFunction) of a kernel object."""
    from triton.runtime.autotuner import Autotuner, Heuristics
    from triton.runtime.jit import JITFunction
    autotuner, heuristics = None, []
    seen = 0
    while not isinstance(obj, JITFunction):
        if isinstance(obj, Autotuner):
            autotuner = autotuner or obj
        elif isinstance(obj, Heuristics):
            heuristics.append(obj)
        elif not hasattr(obj, "fn"):
            raise TypeError(f"{type(obj).__name__} is not a Triton kernel")
        obj = obj.fn
        seen += 1
        if seen > 8:
            raise TypeError("kernel wrappers nest too deep")
    return autotuner, heuristics, obj


def config_dict(config):
    """A triton.Config as plain JSON-able data."""
    return {
        "params": dict(config.kwargs), "num_warps": config.num_warps, "num_stages": config.num_stages,
        "num_ctas": getattr(config, "num_ctas", 1), "maxnreg": getattr(config, "maxnreg", None)
    }


class DescriptorStandIn:
    """A host-side tensor descriptor as a config's pre_hook sees it: the
    block shape it sets (`nargs["desc_a"].block_shape = [BM, BK]`) is kept."""

    def __init__(self):
        self.block_shape = None


class HookArguments(dict):
    """The `nargs` a pre_hook gets: the config's values as themselves, any
    other name (a kernel parameter) a descriptor stand-in made on first use."""

    def __missing__(self, key):
        value = DescriptorStandIn()
        self[key] = value
        return value


def descriptor_blocks(config):
    """{parameter: block shape} that the config's pre_hook gives host-side
    tensor descriptors (Triton compiles a descriptor argument per block
    shape); {} when it has none or it fails on stand-ins."""
    hook = getattr(config, "pre_hook", None)
    if hook is None:
        return {}
    nargs = HookArguments(config.kwargs)
    try:
        hook(nargs)
    except Exception:  # noqa: BLE001 - a hook that needs real tensors sets nothing here
        pass
    blocks = {}
    for name, value in nargs.items():
        shape = getattr(value, "block_shape", None) if isinstance(value, DescriptorStandIn) else None
        if shape and all(isinstance(d, int) for d in shape):
            blocks[name] = [int(d) for d in shape]
    return blocks


def same_config(a, b):
    """Whether two config dicts (from btlint's manifest and from the module)
    describe the same config; btlint's may leave num_warps/num_stages unset."""
    if {k: v for k, v in a["params"].items()} != {k: v for k, v in b["params"].items()}:
        return False
    for key in ("num_warps", "num_stages"):
        if a.get(key) is not None and b.get(key) is not None and a[key] != b[key]:
            return False
    return True


class Pointer:
    """A pointer argument as heuristics see it (they may ask for .dtype)."""

    def __init__(self, dtype):
        self.dtype = dtype

    def data_ptr(self):
        return 0

    def __repr__(self):
        return f"Pointer({self.dtype})"


def launch_value(kernel, name):
    """The value the project's launches pass for parameter `name` (their first
    constant; ("dtype", name) for an element type), or None."""
    launches = kernel.get("launch_values") or {}
    found = (launches.get("values") or {}).get(name)
    if not found or name in (launches.get("unknown") or []):
        return None
    value = found[0]
    if isinstance(value, dict) and "dtype" in value:
        return ("dtype", value["dtype"])
    return value


def triton_dtype(name):
    import triton.language as tl
    return getattr(tl, name)


def synthesise_arguments(fn, kernel, config, heuristics):
    """Values for every parameter of the JITFunction `fn` in order:
    ("ptr", dtype), ("desc", dtype, block shape), ("constexpr", v), an int, a
    float. Returns (values,
    assumptions): assumptions name each value that neither the config, the
    project's launches nor .btlint.yaml gave ("stride_ak=1 (btlint's layout)",
    "K=4096"); values from launches are named with "(launch)" so a verdict can
    say what it rests on.

    Order: the config, then what the launches in the project pass, then the
    shapes of .btlint.yaml, then btlint's layout assumption (the contiguous
    axis has stride 1, as its resource model takes it), then the default."""
    params = {p["name"]: p for p in kernel.get("params", [])}
    shapes = dict(kernel.get("shapes") or {})
    dtypes = dict(kernel.get("arg_dtypes") or {})
    inner_strides = set(kernel.get("inner_stride_params") or [])
    shared = dict(kernel.get("constexpr_values") or {})
    dtype = kernel.get("dtype") or "fp16"
    values, assumptions = {}, []
    cfg = config["params"]
    pointer_names = [p.name for p in fn.params if params.get(p.name, {}).get("kind") == "pointer"
                     or (p.annotation or "").startswith("*")]
    integer = integer_pointers(fn, [n for n in pointer_names if n not in dtypes])
    float32 = float32_pointers(fn, [n for n in pointer_names if n not in dtypes and n not in integer])
    for p in fn.params:
        name = p.name
        annotation = p.annotation
        kind = params.get(name, {}).get("kind", "")
        launched = launch_value(kernel, name)
        if isinstance(launched, tuple):
            launched = triton_dtype(launched[1]) if p.is_constexpr else None
        if p.is_constexpr:
            if name in cfg:
                values[name] = ("constexpr", cfg[name])
            elif launched is not None:
                values[name] = ("constexpr", launched)
                assumptions.append(f"{name}={launched} (launch)")
            elif name in shapes:
                values[name] = ("constexpr", shapes[name])
            elif name in shared:
                values[name] = ("constexpr", shared[name]["value"])
                if shared[name].get("source") == "btlint":
                    assumptions.append(f"{name}={shared[name]['value']} (btlint's tile assumption)")
                elif shared[name].get("source") == "btlint-assert":
                    assumptions.append(f"{name}={shared[name]['value']} (its tl.static_assert)")
                elif shared[name].get("source") == "btlint-stride":
                    assumptions.append(f"{name}={shared[name]['value']} (btlint's layout: contiguous axis)")
                elif shared[name].get("source") == "btlint-flag":
                    assumptions.append(f"{name}={shared[name]['value']} (btlint: a flag the code tests, off)")
            elif p.has_default:
                values[name] = ("constexpr", p.default)
            else:
                values[name] = None  # heuristics may fill it below, else its use does
        elif name in (config.get("descriptor_blocks") or {}):
            element = dtypes.get(name) or dtype
            values[name] = ("desc", POINTER_DTYPES.get(element, element), config["descriptor_blocks"][name])
            assumptions.append(f"{name}: tensor descriptor, block {config['descriptor_blocks'][name]} (pre_hook)")
        elif annotation.startswith("*") or kind == "pointer":
            if name in integer and not annotation.startswith("*"):
                element = "i32"
                assumptions.append(f"{name}: *i32 (its values are used as indices)")
            elif name in float32 and not annotation.startswith("*"):
                element = "fp32"
                assumptions.append(f"{name}: *fp32 (its values go to an fp32-only math function uncast)")
            else:
                element = dtypes.get(name) or (annotation[1:] if annotation.startswith("*") else dtype)
            values[name] = ("ptr", POINTER_DTYPES.get(element, element))
        elif annotation.startswith("fp") or annotation == "float" or kind == "float":
            if isinstance(launched, (int, float)) and not isinstance(launched, bool):
                values[name] = float(launched)
            else:
                values[name] = float(shapes.get(name, 1.0))
        elif name in cfg:
            values[name] = cfg[name]
        elif isinstance(launched, (bool, int)) and not isinstance(launched, float):
            values[name] = launched
            assumptions.append(f"{name}={launched} (launch)")
        elif name in shapes:
            values[name] = int(shapes[name])
        elif name in inner_strides:
            values[name] = 1
            assumptions.append(f"{name}=1 (btlint's layout: contiguous axis)")
        elif p.has_default and isinstance(p.default, (int, float)) and not isinstance(p.default, bool):
            values[name] = p.default
        else:
            values[name] = DEFAULT_INT
            assumptions.append(f"{name}={DEFAULT_INT}")
    for wrapper in heuristics:
        args = {n: (Pointer(v[1]) if isinstance(v, tuple) and v[0] in ("ptr", "desc") else
                    v[1] if isinstance(v, tuple) else v) for n, v in values.items()}
        args.update(cfg)
        for name, compute in wrapper.values.items():
            if name in cfg:
                continue
            values[name] = ("constexpr", compute(args))
    missing = [name for name, value in values.items() if value is None]
    if missing:
        for name, value in defaults_by_use(fn, missing).items():
            values[name] = ("constexpr", value)
            shown = str(value) if hasattr(value, "primitive_bitwidth") else repr(value)
            assumptions.append(f"{name}={shown} (default for its use)")
    return values, assumptions


@functools.lru_cache(maxsize=None)
def source_tree(fn):
    """The parsed source of a JITFunction, or None; once per kernel, not per
    config (both readers below run for every config compiled)."""
    try:
        return ast.parse(textwrap.dedent(fn.src))
    except (SyntaxError, AttributeError, TypeError):
        return None


def defaults_by_use(fn, names):
    """A value for each constexpr in `names` that nothing gave, chosen by how
    the kernel's source uses it: an element type where it is one (`dtype=X`,
    `.to(X)`), "ieee" for a dot's `input_precision=X`, the first constant it is
    compared with (`X == "gelu"`), False
    where it is a condition (`if X:`, `not X`), else a tile extent. None of
    these is a claim about the project: the verdict names each as assumed."""
    import triton.language as tl
    wanted = set(names)
    tree = source_tree(fn)
    kinds = {}

    def mark(node, kind):
        if isinstance(node, ast.Name) and node.id in wanted:
            kinds.setdefault(node.id, kind)

    for node in ast.walk(tree) if tree else []:
        if isinstance(node, ast.keyword) and node.arg in ("dtype", "out_dtype", "acc_dtype"):
            mark(node.value, ("dtype", None))
        elif isinstance(node, ast.keyword) and node.arg == "input_precision":
            mark(node.value, ("equal", "ieee"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "to", "cast") and node.args:
            mark(node.args[-1], ("dtype", None))
        elif isinstance(node, ast.Compare) and len(node.comparators) == 1:
            left, right = node.left, node.comparators[0]
            for a, b in ((left, right), (right, left)):
                if isinstance(b, ast.Constant):
                    mark(a, ("equal", b.value))
        elif isinstance(node, (ast.If, ast.IfExp, ast.While)):
            mark(node.test, ("flag", None))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            mark(node.operand, ("flag", None))
        elif isinstance(node, ast.BoolOp):
            for value in node.values:
                mark(value, ("flag", None))
    out = {}
    for name in names:
        kind, value = kinds.get(name, ("tile", None))
        if kind == "dtype":
            out[name] = tl.float32
        elif kind == "equal":
            out[name] = value
        elif kind == "flag":
            out[name] = False
        else:
            out[name] = 64
    return out


class LoadFlow:
    """Where the values of a kernel's source come from: which pointer
    parameters each address reaches (`ptrs = X + offs`), and which pointers
    each variable's value is loaded from, through assignments in source order.
    The readers below (integer_pointers, float32_pointers) ask it."""

    def __init__(self, tree, pointers):
        self.pointers = set(pointers)
        self.aliases = {}  # local -> the pointer parameters it is an address into
        self.assignments = []  # (position, target names, value, augmented), in source order
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                # It takes effect where the statement ends: its own value reads the one before.
                ends = (getattr(node, "end_lineno", 0), getattr(node, "end_col_offset", 0))
                self.assignments.append((ends, {n for t in targets for n in self.names(t)}, node.value,
                                         isinstance(node, ast.AugAssign)))
        # Addresses into a pointer (`ptrs = X + offs`, `ptrs += BLOCK`), whatever the order.
        for _ in range(4):
            for _at, targets, value, _augmented in self.assignments:
                if self.loads_in(value):
                    continue
                for name in targets - self.pointers:
                    self.aliases.setdefault(name, set()).update(self.bases(value))
        self.assignments.sort(key=lambda a: a[0])
        self.assigned = [set() for _ in self.assignments]  # what each assignment's value is loaded from
        # What is loaded and reaches a value through arithmetic alone: no cast
        # on the way (`.to(...)`, `tl.cast`) and no other call (a helper's
        # result, a reduction, a dot), so the value has the load's type.
        self.uncast = [set() for _ in self.assignments]
        for _ in range(4):
            for i, (at, targets, value, augmented) in enumerate(self.assignments):
                self.assigned[i] = self.assigned[i] | self.origins(value, at)
                if not self.casts_in(value):
                    self.uncast[i] = self.uncast[i] | self.origins(value, at, uncast=True)
                if augmented:  # `acc += x` keeps what acc held
                    for name in targets:
                        self.assigned[i] = self.assigned[i] | self.value_origins(name, at)
                        self.uncast[i] = self.uncast[i] | self.value_origins(name, at, uncast=True)

    # Attributes that describe a value, not read it (`acc.shape`, `x.dtype`).
    DESCRIPTIONS = {"shape", "dtype", "type", "element_ty", "numel"}

    @staticmethod
    def names(node):
        """The names whose values `node` reads (not those it only describes)."""
        found, todo = set(), [node]
        while todo:
            n = todo.pop()
            if isinstance(n, ast.Attribute) and n.attr in LoadFlow.DESCRIPTIONS and isinstance(n.value, ast.Name):
                continue
            if isinstance(n, ast.Name):
                found.add(n.id)
            todo.extend(ast.iter_child_nodes(n))
        return found

    @staticmethod
    def call_name(node):
        f = node.func
        return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""

    @staticmethod
    def position(node):
        return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))

    def loads_in(self, node):
        return any(isinstance(n, ast.Call) and self.call_name(n) == "load" for n in ast.walk(node))

    def casts_in(self, node):
        """Whether `node` holds a call that may change the type of what it
        computes from (anything but a load)."""
        return any(isinstance(n, ast.Call) and self.call_name(n) != "load" for n in ast.walk(node))

    def load_only(self, node, at=None, depth=0):
        """Whether `node` computes only from loaded values and literals, by
        arithmetic (no parameter, no other call's result): then its type is
        the loads' type."""
        at = self.position(node) if at is None else at
        if depth > 8:
            return False
        inside_loads = set()
        for n in ast.walk(node):
            if isinstance(n, ast.Call):
                if self.call_name(n) != "load":
                    return False
                inside_loads.update(id(m) for part in [n.func] + n.args + [k.value for k in n.keywords]
                                    for m in ast.walk(part))
        for n in ast.walk(node):
            if not isinstance(n, ast.Name) or id(n) in inside_loads or isinstance(n.ctx, ast.Store):
                continue
            before = [a for a in self.assignments if n.id in a[1] and a[0] < at]
            if not before or not self.load_only(before[-1][2], before[-1][0], depth + 1):
                return False
        return True

    def bases(self, node):
        out = self.names(node) & self.pointers
        for name in self.names(node):
            out |= self.aliases.get(name, set())
        return out

    def bases_at(self, node, at, depth=0):
        """The pointer parameters `node` addresses at source position `at`:
        a local through its last assignment before `at` (`ptr = S + g;
        s = tl.load(ptr); ptr = Z + g; z = tl.load(ptr)`: the second load
        reads Z), through all of them where none comes before."""
        out = self.names(node) & self.pointers
        for name in self.names(node) - self.pointers:
            before = [a for a in self.assignments if name in a[1] and a[0] < at]
            if not before or depth > 8:
                out |= self.aliases.get(name, set())
                continue
            last_at, _targets, value, augmented = before[-1]
            if self.loads_in(value):
                continue  # a value loaded from memory, not an address into a parameter
            out |= self.bases_at(value, last_at, depth + 1)
            if augmented:  # `ptrs += BLOCK` keeps what ptrs addressed
                out |= self.bases_at(ast.Name(id=name), last_at, depth + 1)
        return out

    def loaded_from(self, node):
        """The pointer parameters whose loads appear in `node`."""
        out = set()
        for n in ast.walk(node):
            if isinstance(n, ast.Call) and self.call_name(n) == "load" and n.args:
                out |= self.bases_at(n.args[0], self.position(n))
        return out

    def value_origins(self, name, at, uncast=False):
        """The pointers `name`'s value at source position `at` is loaded from.
        A use reads the variable's last assignment before it in the source
        (`b = tl.load(B)`, then `b = (b >> s) & 0xF`, then `b = b * scales`:
        the shift reads B's values, not the scales'); a use with none before
        it (a loop-carried value) reads them all."""
        table = self.uncast if uncast else self.assigned
        before = [i for i, a in enumerate(self.assignments) if name in a[1] and a[0] < at]
        if before:
            return table[before[-1]]
        out = set()
        for i, a in enumerate(self.assignments):
            if name in a[1]:
                out |= table[i]
        return out

    def values_before(self, name, at):
        """The pointers any value `name` is assigned before position `at` is
        loaded from (all of them where none comes before: a loop-carried value)."""
        before = [i for i, a in enumerate(self.assignments) if name in a[1] and a[0] < at]
        out = set()
        for i in before or [i for i, a in enumerate(self.assignments) if name in a[1]]:
            out |= self.assigned[i]
        return out

    def origins(self, node, at=None, uncast=False):
        at = self.position(node) if at is None else at
        if uncast and self.casts_in(node):
            return set()
        out = self.loaded_from(node)
        for name in self.names(node):
            out |= self.value_origins(name, at, uncast)
        return out


def integer_pointers(fn, pointers):
    """The pointer parameters whose loaded values the kernel uses as integers:
    in an address (`tl.load(X + tl.load(IDX + i))`), a loop bound, or a
    bitwise or shift operation, directly or through the variables they are
    assigned to. Their element type is int32, not the kernel's float type
    (index tables, sequence offsets, counters)."""
    tree = source_tree(fn)
    if tree is None:
        return set()
    flow = LoadFlow(tree, pointers)
    integer_ops = (ast.LShift, ast.RShift, ast.BitAnd, ast.BitOr, ast.BitXor)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = flow.call_name(node)
            if name in ("load", "store") or name.startswith("atomic_"):
                if node.args:
                    address = node.args[0]
                    # The loads inside an address that are not the address's own base.
                    for inner in ast.walk(address):
                        if inner is not address and isinstance(inner, ast.Call) and flow.call_name(inner) == "load" \
                                and inner.args:
                            found |= flow.bases(inner.args[0])
                    # What the address's names can hold there: every assignment before
                    # it (the arms of an `if`), not one after it (`b = X + offs;
                    # b = tl.load(b)`: the load reads through the pointer, its values
                    # are not an address).
                    for n in flow.names(address):
                        found |= flow.values_before(n, flow.position(node))
            elif name in ("range", "static_range", "multiple_of"):
                for arg in node.args:
                    found |= flow.origins(arg)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, integer_ops):
            found |= flow.origins(node.left) | flow.origins(node.right)
    return found


# Triton 3's math functions that take fp32 or fp64 only (`@_check_dtype` in
# triton/language/math.py): a 16-bit tile given to one stops the compile.
FLOAT32_ONLY = {"exp", "exp2", "log", "log2", "cos", "sin", "sqrt", "sqrt_rn", "rsqrt", "div_rn", "erf", "floor",
                "ceil"}


def float32_pointers(fn, pointers):
    """The pointer parameters whose loaded values reach one of Triton's
    fp32-only math functions (`tl.exp(b_g)`, `tl.math.log2(x)`) with no cast
    on the way, and alone: the kernel compiles only where they hold fp32 (or
    fp64), so they are not of the kernel's 16-bit type (gates, cumulative
    sums, statistics kept in fp32)."""
    tree = source_tree(fn)
    if tree is None:
        return set()
    flow = LoadFlow(tree, pointers)
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or flow.call_name(node) not in FLOAT32_ONLY or not node.args:
            continue
        # tl.exp / tl.math.exp / libdevice spellings, not a project helper of that name.
        if not isinstance(node.func, ast.Attribute):
            continue
        # Loaded values and literals only (a dot's fp32 result or an fp32
        # scalar mixed in would make the argument fp32 by itself), from one
        # pointer only (of two tiles mixed, either may be the fp32 one).
        if not flow.load_only(node.args[0]):
            continue
        origins = flow.origins(node.args[0], uncast=True)
        if len(origins) == 1:
            found |= origins
    return found


def specialise(fn, values):
    """(signature, constexprs, attrs) for ASTSource, as the JIT specialises."""
    signature, constexprs, attrs = {}, {}, {}
    for index, p in enumerate(fn.params):
        name = p.name
        value = values[name]
        if isinstance(value, tuple) and value[0] == "constexpr":
            signature[name] = "constexpr"
            constexprs[name] = value[1]
        elif isinstance(value, tuple) and value[0] == "desc":
            signature[name] = f"tensordesc<{value[1]}{list(value[2])}>"
        elif isinstance(value, tuple) and value[0] == "ptr":
            signature[name] = "*" + value[1]
            if not p.do_not_specialize_on_alignment and not p.do_not_specialize:
                attrs[(index, )] = [["tt.divisibility", 16]]
        elif isinstance(value, bool):
            signature[name] = "i1"
        elif isinstance(value, int):
            if value == 1 and not p.do_not_specialize:
                signature[name] = "constexpr"
                constexprs[name] = 1
                continue
            signature[name] = "i32" if -2**31 <= value < 2**31 else "i64"
            if value % 16 == 0 and not p.do_not_specialize and not p.do_not_specialize_on_alignment:
                attrs[(index, )] = [["tt.divisibility", 16]]
        elif isinstance(value, float):
            signature[name] = "fp32"
        else:
            raise TypeError(f"unsupported argument {name}={value!r}")
    return signature, constexprs, attrs


def parse_ptxas_log(log):
    """(registers, spill store bytes, spill load bytes, stack bytes) from ptxas -v."""
    used = PTXAS_USED.findall(log)
    frame = PTXAS_FRAME.findall(log)
    if not used or not frame:
        return None
    stack, stores, loads = (int(x) for x in frame[-1])
    return int(used[-1]), stores, loads, stack


def classify_error(exc):
    """(status, one-line message) of a compile failure."""
    name = type(exc).__name__
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    first = lines[0] if lines else ""
    try:
        from triton.compiler.errors import CompilationError
    except ImportError:
        CompilationError = ()
    if isinstance(exc, CompilationError) and lines:
        first = lines[-1]  # the source excerpt comes first, the cause last
        if set(first.strip()) <= {"^"}:
            # No message after the caret: name the failing source line, and
            # the error at the end of the chain (a call into a @jit helper
            # nests one CompilationError per level, each ending in a caret).
            where = f"{lines[0].rstrip(':')} `{lines[-2].strip()}`" if len(lines) >= 2 else lines[0]
            cause, told = exc, []
            for _ in range(32):
                nested = cause.__cause__ or cause.__context__
                if nested is None:
                    break
                cause = nested
                text = [line for line in str(cause).strip().splitlines() if line.strip()]
                if text and not set(text[-1].strip()) <= {"^"}:
                    told = text
                    break
                if len(text) >= 2 and not isinstance(cause, CompilationError):
                    told = text
                    break
            if told:
                first = where + f" ({type(cause).__name__}: {told[-1].strip()})"
            elif cause is not exc:
                first = where + f" ({type(cause).__name__})"
            else:
                first = where
    status = "out_of_resources" if name == "OutOfResources" else "compile_error"
    return status, f"{name}: {first}"[:400]


def stand_ins_reached(fn, limit=64):
    """{name: module} for the globals the kernel `fn` and the @jit helpers it
    calls read that are stand-ins of modules this machine lacks
    (`from fla.ops.utils.op import safe_exp` with fla not installed)."""
    from triton.runtime.jit import JITFunction
    found, seen, todo = {}, set(), [fn]
    while todo and len(seen) < limit:
        function = todo.pop()
        if id(function) in seen:
            continue
        seen.add(id(function))
        source = getattr(function, "src", "") or ""
        names = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", source))
        for name, value in getattr(function.fn, "__globals__", {}).items():
            if name not in names:
                continue
            if isinstance(value, Permissive):
                found[name] = value.__name__
            elif isinstance(value, JITFunction):
                todo.append(value)
    return found


def missing_module_error(fn, message):
    """The message for a compile failure that a stand-in caused, or None: the
    kernel calls into a module that is not installed here, and compiling it
    decides nothing about the config."""
    stand_ins = stand_ins_reached(fn)
    for name, module in stand_ins.items():
        if (f"global variable {name} " in message or f"global variable {name}\"" in message
                or f"'{module}'" in message or f"<module '{module}" in message):
            return (f"the kernel uses `{name}` from `{module.rsplit('.', 1)[0]}`, which is not installed "
                    f"where run.py ran (a stand-in took its place): install it there to decide this config")
    return None


def compile_config(fn, kernel, config, heuristics, arch, max_shared, arguments=None):
    """Compile one config for one arch; a dict of measured numbers. arguments:
    what synthesise_arguments returned for this config, if already known."""
    import triton
    from triton import knobs
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    values, assumptions = arguments or synthesise_arguments(fn, kernel, config, heuristics)
    signature, constexprs, attrs = specialise(fn, values)
    knobs.nvidia.dump_ptxas_log = True
    knobs.compilation.always_compile = True
    options = {"num_warps": config["num_warps"], "num_stages": config["num_stages"]}
    if config.get("num_ctas") and config["num_ctas"] != 1:
        options["num_ctas"] = config["num_ctas"]
    if config.get("maxnreg"):
        options["maxnreg"] = config["maxnreg"]
    captured = io.StringIO()
    start = time.time()
    with contextlib.redirect_stdout(captured):
        compiled = triton.compile(ASTSource(fn, signature, constexprs=constexprs, attrs=attrs),
                                  target=GPUTarget("cuda", arch, 32), options=options)
    seconds = time.time() - start
    shared = int(compiled.metadata.shared)
    result = {
        "status": "ok", "shared_bytes": shared, "compile_seconds": round(seconds, 3),
        "assumed": assumptions, "signature": {k: v for k, v in signature.items() if v != "constexpr"},
    }
    ptxas = parse_ptxas_log(captured.getvalue())
    if ptxas:
        result.update(regs=ptxas[0], spill_store_bytes=ptxas[1], spill_load_bytes=ptxas[2], stack_bytes=ptxas[3])
    if max_shared and shared > max_shared:
        # Loading it raises OutOfResources (CompiledKernel._init_handles);
        # the compile itself succeeded.
        result["status"] = "out_of_resources"
        result["error"] = f"OutOfResources: shared memory, Required: {shared}, Hardware limit: {max_shared}"
    return result
