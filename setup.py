"""Builds the optional C kernel of the engine (the C files in bjcalc/engine/kernel/, one per concern,
with their shared header kernel.h) as one extension module, bjcalc.engine._dealer_kernel.

If no C compiler is available the build of the kernel is skipped and bjcalc falls
back to its numpy implementation (the same results up to rounding in the last bits, a few times
slower: tests/unit/engine/test_identities.py compares the two).
-ffp-contract=off: no fused multiply-adds, which round differently from the numpy recursion.
"""

from setuptools import Extension, setup

KERNEL = "bjcalc/engine/kernel/"

setup(ext_modules=[Extension("bjcalc.engine._dealer_kernel",
                             sources=[KERNEL + name for name in ("dealer.c", "player.c", "optimal_split.c",
                                                                 "merge.c", "moments.c", "module.c")],
                             depends=[KERNEL + "kernel.h"],
                             extra_compile_args=["-O3", "-ffp-contract=off"], optional=True)])
