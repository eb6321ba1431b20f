a = b, c
x, y = a, b
a = b = 1
(a, b) = t
[a, b] = t
*a, b = t
x: int
x += 1
a[i].z = 1
for i, j in zip(a, b): pass
for (i, j) in x: pass
for i in 1, 2: pass
with open(f) as g, x: pass
try: pass
except E as e: pass
except (A, B): pass
print(x)
a, b
x = *a, b
x = (1)
x = (1,)
x = ()
f(*a)
f(x for x in y)
