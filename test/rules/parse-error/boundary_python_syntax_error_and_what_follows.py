# One missing comma in a table of mixer configs: Python stops there; the
# parser's recovery misreads the lines after it too. One finding, at the
# comma, says how many more the recovery met.
import triton

BASE_CONFIG = {"n_layer": 2, "d_model": 256}

CONFIGS = {
    "hedgehog": dict(
        **{
            "mixer": {
                "feature_dim": 128,
                "use_triton": True,
                "use_fast_transformers": False
                "use_norm": True,
            }, **BASE_CONFIG
        }
    ),
    "based": dict(
        **{
            "mixer": {
                "feature_dim": 16,
                "use_flash_attn": True
            }, **BASE_CONFIG
        }
    ),
}

CONFIGS_TO_TEST = [
    "hedgehog",
    "based",
]
