import triton
from vendor_utils import config_grid

TUNED_CONFIGS = {"add": config_grid([256, 512, 1024], [4, 8])}
