from .rows import accumulate_rows
