# A multi-vendor library: the vendor's module is found through a folder the
# package adds to sys.path, loaded with importlib, and cached in a module
# global that a function assigns (`global vendor_module`).
import importlib
import os
import sys

vendor_module = None

sys.path.append(os.path.dirname(os.path.abspath(__file__)))


def get_vendor_module(vendor_name):
    global vendor_module
    if vendor_module is None:
        vendor_module = importlib.import_module("_" + vendor_name)
    return vendor_module


def get_tuned_configs(op_name, vendor_name="nvidia"):
    get_vendor_module(vendor_name)
    return vendor_module.TUNED_CONFIGS[op_name]
