"""Builds the optional C kernel of the dealer engine (bjcalc/engine/_dealer_kernel.c).

If no C compiler is available the build of the kernel is skipped and bjcalc falls
back to its numpy implementation (the same results up to rounding in the last bits, a few times
slower: tests/test_identities.py compares the two).
-ffp-contract=off: no fused multiply-adds, which round differently from the numpy recursion.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("bjcalc.engine._dealer_kernel", sources=["bjcalc/engine/_dealer_kernel.c"],
                             extra_compile_args=["-O3", "-ffp-contract=off"], optional=True)])
