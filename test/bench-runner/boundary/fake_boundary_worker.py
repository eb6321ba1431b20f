#!/usr/bin/env python3
"""A stand-in for `run.py --boundary-worker` on a machine without a GPU:
answers each (kernel, config) task over its shapes the way the suite's
seeded bugs behave, so the emit -> run --boundary -> collect path runs in CI
(test/bench-runner/boundary_fake_run.sh). A kernel listed in SEEDED is wrong
where the dimension it names is not a multiple of the config's tile along
it; the others match. One pair faults (the worker retires) and one kills the
worker, to exercise the isolation."""
import os
import sys

sys.path.insert(0, sys.argv[1])  # the emitted harness folder
import btbench_boundary  # noqa: E402
import btbench_isolate  # noqa: E402

# kernel -> (dimension, the tile parameter along it, what goes wrong)
SEEDED = {"gemm_k_tail_kernel": ("K", "BLOCK_K", "mismatch"),
          "rms_norm_rows_only_kernel": ("N", "BLOCK_N", "mismatch"),
          "linear_bias_store_n_only_kernel": ("M", "BLOCK_M", "out_of_bounds_write")}


def handle(task):
    kernel, config = task["kernel"], task["config"]
    if not task["bench"].get("reference"):
        raise ValueError("the suite's specs all name a reference")
    rows = []
    for item in task["shapes"]:
        print(btbench_boundary.SHAPE_MARK + str(item["index"]), flush=True)
        shape = item["shape"]
        seeded = SEEDED.get(kernel["name"])
        row = {"index": item["index"], "reference": "reference", "rtol": 0.01, "atol": 0.01, "seconds": 0.01}
        ragged = seeded and shape[seeded[0]] % config["params"][seeded[1]] != 0
        if ragged and kernel["name"] == "gemm_k_tail_kernel" and config["index"] == 2 and shape["K"] == 1:
            row.update(status="illegal_memory_access", error="RuntimeError: CUDA error: an illegal memory access "
                                                            "was encountered")
            rows.append(row)
            return {"status": "ok", "shapes": rows, "retire_worker": True}
        if ragged and kernel["name"] == "rms_norm_rows_only_kernel" and config["index"] == 4 and shape["N"] == 1:
            os._exit(1)  # the worker dies on this shape
        if not ragged:
            row["status"] = "match"
        elif seeded[2] == "mismatch":
            row.update(status="mismatch", max_abs_error=3.5, max_rel_error=1.25, elements_off=7, nan=2,
                       elements=shape["M"] * shape["N"], output=0, first_off_at=[0, 0])
        else:
            row.update(status="out_of_bounds_write", guards=[{"tensor": f"({shape['M']}, {shape['N']})",
                                                              "elements_written": 64}])
        rows.append(row)
    return {"status": "ok", "shapes": rows}


btbench_isolate.worker_loop(handle)
