f = lambda x, y=1: x
g = lambda: 0
h = lambda *a, **k: 0
[x for x in y if c for z in w]
{k: v for k, v in d}
{1, 2}
{}
{**a, 'b': 1}
a if b else c
not a
a and b or c
a < b < c
a not in b
a is not b
-a ** -b
~a @ b
x[1:2]
x[:, None]
x[...]
x[(1, 2)]
(yield)
if (n := len(a)) > 3: pass
