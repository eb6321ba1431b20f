import torch
import triton
import triton.language as tl


# Sequential non-maximum suppression: one program walks the boxes in score
# order; a box still kept clears the keep flag of every later box it
# overlaps. The flags are only cleared and only tested: a second run on the
# first's output keeps the same boxes, so autotuning in place is harmless.
@triton.autotune(
    configs=[triton.Config({"BLOCK": b}) for b in (128, 256, 512, 1024)],
    key=["num_boxes"],
)
@triton.jit
def nms_suppress_kernel(overlap_ptr, keep_ptr, num_boxes, overlap_stride, BLOCK: tl.constexpr):
    for box in range(num_boxes - 1):
        keep = tl.load(keep_ptr + box)
        if keep:
            first = box + 1
            for start in range(first, num_boxes, BLOCK):
                later = start + tl.arange(0, BLOCK)
                overlaps = tl.load(overlap_ptr + box * overlap_stride + later, mask=later < num_boxes, other=0)
                tl.store(keep_ptr + later, False, mask=overlaps.to(tl.int1))
        tl.debug_barrier()


def nms_suppress(overlap):
    n = overlap.shape[0]
    keep = torch.ones(n, dtype=torch.bool, device=overlap.device)
    nms_suppress_kernel[(1,)](overlap, keep, n, overlap.stride(0))
    return keep
