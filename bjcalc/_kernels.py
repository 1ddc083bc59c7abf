"""Compiled inner loop of the dealer engine (floating point only).

The dealer tree is walked once per removed set; each walk touches a few hundred
states, so the work is a tight loop that numba compiles to machine code and runs
in parallel over the removed sets.  Exact mode does not come here: it runs the
same recursion on Python integers in :mod:`bjcalc.dealer`.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


@njit(cache=True, parallel=True)
def dealer_outcomes(level_start, drawn, move_start, move_value, move_target, counts, valid,
                    depletes, n_outcomes):  # pragma: no cover - compiled
    """Joint outcome probabilities for every removed set.

    Args:
        level_start: first state index of each level (plus the end), states in level order.
        drawn: (states, 10) cards drawn after the up card in each state.
        move_start: first move of each state (plus the end); moves grouped by state.
        move_value: card value index (0-9) drawn by each move.
        move_target: next state index, or ``-1 - outcome`` for a final outcome.
        counts: (sets, 10) cards left by value for each removed set.
        valid: (sets,) whether the shoe can supply the removed set.
        depletes: False for the infinite deck (draws never change the counts).

    Returns:
        (sets, n_outcomes) probabilities and (sets,) flags of sets that run out of cards.
    """
    sets = counts.shape[0]
    n_states = drawn.shape[0]
    n_levels = level_start.shape[0] - 1
    out = np.zeros((sets, n_outcomes))
    exhausted = np.zeros(sets, dtype=np.bool_)
    for j in prange(sets):
        if not valid[j]:
            continue
        reach = np.zeros(n_states)
        reach[0] = 1.0
        total = 0.0
        for v in range(10):
            total += counts[j, v]
        for k in range(n_levels):
            remaining = total - k if depletes else total
            for s in range(level_start[k], level_start[k + 1]):
                p = reach[s]
                if p == 0.0:
                    continue
                if remaining <= 0:
                    exhausted[j] = True
                    continue
                p = p / remaining
                for m in range(move_start[s], move_start[s + 1]):
                    v = move_value[m]
                    left = counts[j, v] - drawn[s, v] if depletes else counts[j, v]
                    if left <= 0:
                        continue
                    w = p * left
                    t = move_target[m]
                    if t >= 0:
                        reach[t] += w
                    else:
                        out[j, -1 - t] += w
        if exhausted[j]:
            for o in range(n_outcomes):
                out[j, o] = 0.0
    return out, exhausted
