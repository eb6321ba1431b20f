def launch(n):
    grid = lambda META: (triton.
cdiv(n, META["BLOCK"]),)
    return grid
