a not in b
f"a{b!r:>10}c{{d}}\n{x=}"
rb'x\n' "y"
import a.b as c, d
from . import x
from ..a import (b as c, d,)
from a import *
def f(a, /, b, *, c) -> int: ...
class A(B, metaclass=M): pass
return a, b
del a, b
raise X from e
assert a, "m"
global a, b
x: List[int] = []
def f(x: "str", y: int | None = None, z: tl.tensor[1]): pass
