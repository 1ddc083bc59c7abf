"""The dealer engine's floating-point inner loop, in C when it could be built.

``bjcalc/_dealer_kernel.c`` is compiled at install time (optional: see setup.py)
and called through ctypes, which releases the GIL, so the removed sets are split
between threads, one per core.  Without the compiled kernel (or with the
environment variable ``BJCALC_NO_KERNEL=1``) :func:`available` is False and the
dealer engine uses its numpy implementation, which gives the same numbers.
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

import numpy as np

_I64 = ctypes.POINTER(ctypes.c_int64)
_F64 = ctypes.POINTER(ctypes.c_double)
_U8 = ctypes.POINTER(ctypes.c_uint8)


def _load() -> Optional[ctypes._CFuncPtr]:
    if os.environ.get("BJCALC_NO_KERNEL"):
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(here, "_dealer_kernel" + suffix)
        if os.path.exists(path):
            function = ctypes.CDLL(path).bjcalc_dealer_outcomes
            function.restype = ctypes.c_int
            function.argtypes = [ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, _I64, ctypes.c_int64, _F64,
                                 _I64, _I64, _I64, _F64, _U8, ctypes.c_int, ctypes.c_int64, _F64, _U8]
            return function
    return None


_KERNEL = _load()
_WORKERS = max(1, min(4, os.cpu_count() or 1))
_POOL = ThreadPoolExecutor(max_workers=_WORKERS) if _KERNEL is not None and _WORKERS > 1 else None


def available() -> bool:
    """Whether the compiled kernel is in use."""
    return _KERNEL is not None


def dealer_outcomes(tree, counts: np.ndarray, valid: np.ndarray, depletes: bool,
                    n_outcomes: int) -> tuple[np.ndarray, np.ndarray]:
    """Joint outcome probabilities (sets x outcomes) and exhaustion flags, for one dealer tree."""
    assert _KERNEL is not None
    counts = np.ascontiguousarray(counts, dtype=np.float64)
    valid = np.ascontiguousarray(valid, dtype=np.uint8)
    sets = counts.shape[0]
    out = np.zeros((sets, n_outcomes))
    exhausted = np.zeros(sets, dtype=np.uint8)
    arrays = (tree.level_start, tree.drawn, tree.move_start, tree.move_value, tree.move_target)
    level_start, drawn, move_start, move_value, move_target = arrays

    def run(first: int, last: int) -> int:
        return _KERNEL(first, last, len(level_start) - 1, level_start.ctypes.data_as(_I64), len(drawn),
                       drawn.ctypes.data_as(_F64), move_start.ctypes.data_as(_I64),
                       move_value.ctypes.data_as(_I64), move_target.ctypes.data_as(_I64),
                       counts.ctypes.data_as(_F64), valid.ctypes.data_as(_U8), int(depletes), n_outcomes,
                       out.ctypes.data_as(_F64), exhausted.ctypes.data_as(_U8))

    if _POOL is None or sets < 256:
        status = [run(0, sets)]
    else:
        bounds = np.linspace(0, sets, _WORKERS + 1).astype(int)
        status = list(_POOL.map(run, bounds[:-1], bounds[1:]))
    if any(status):
        raise MemoryError("the dealer kernel could not allocate its work space")
    return out, exhausted.astype(bool)
