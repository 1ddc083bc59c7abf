"""Number back ends: fast floats, or exact rationals all the way through.

The engines are written once against numpy arrays; :data:`FLOAT` stores float64,
:data:`EXACT` stores Python objects (integers and ``gmpy2.mpq`` rationals, or
``fractions.Fraction`` where gmpy2 is missing), so that ``exact=True`` never
rounds.  Results leave the engine through :meth:`Arithmetic.output`.

>>> EXACT.scalar(1, 3) + EXACT.scalar(1, 6) == EXACT.scalar(1, 2)
True
>>> FLOAT.output(FLOAT.scalar(1, 4))
0.25

Choosing between actions.  Where two actions are worth exactly the same, the engines take the
earlier (stand before hit before double before surrender, the split's actions in their order), and
the choice matters where it is made at one node and played at others (a post-split strategy's
policy source, a chart's one decision for many hands).  Rationals see an exact tie; floats see
two sums of the same numbers in different orders, a few units of the last place apart, and would
take either.  So in floats an action is better only by more than :data:`TIE_MARGIN`
(:meth:`Arithmetic.better`): exact ties stay ties, and floats choose what rationals choose unless
two actions differ by less than that, where the float value then differs from the exact one by as
little.  Values are per unit of the initial bet, at most 8 in size, and their rounding errors are
near 1e-15, so the margin is far above the noise and far below any difference play could notice.

>>> FLOAT.better(0.1 + 0.2, 0.3), EXACT.better(EXACT.scalar(3, 10), EXACT.scalar(3, 10))
(False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Union

import numpy as np

from .errors import RulesError

if TYPE_CHECKING:
    import sympy

__all__ = ["Arithmetic", "EXACT", "FLOAT", "TIE_MARGIN", "Value", "arithmetic_of", "arithmetic_for"]

TIE_MARGIN = 1e-12
"""How much more a float action must be worth than another to be the better (see the module
docstring); the C kernel is handed it."""

Value = Union[float, Fraction, "sympy.Rational"]
"""A number bjcalc hands out: a float, or an exact rational (``sympy.Rational`` from results,
``Fraction`` for probabilities of deals and pay tables)."""

def _first_rational(*parts: Any) -> Any:
    """The first exact rational made: imports the type of them all, gmpy2's ``mpq`` (several
    times faster than ``Fraction``), and puts it in :data:`_rational`'s place, so that a float
    run never loads gmpy2 (3 MB, and part of a command's start-up) and later exact
    numbers cost no more than ``mpq`` itself."""
    global _rational
    try:
        from gmpy2 import mpq as kind
    except ImportError:  # pragma: no cover - gmpy2 is a declared dependency
        kind = Fraction
    _rational = kind
    return kind(*parts)


_rational: Callable[..., Any] = _first_rational
"""Makes an exact rational: ``_rational(numerator, denominator)``."""


_LOW = 2 ** 31 - 1


def _small_pairs(numerators: np.ndarray, denominators: np.ndarray) -> Optional[np.ndarray]:
    """Each (numerator, denominator) as one int64 code, where both are whole numbers from 0 to
    2^31 - 1 in integer arrays; else None (then each rational is made on its own)."""
    if not (numerators.size and numerators.dtype.kind in "iu" and denominators.dtype.kind in "iu"):
        return None
    if min(numerators.min(), denominators.min()) < 0 or max(numerators.max(), denominators.max()) > _LOW:
        return None
    return numerators.astype(np.int64) << 31 | denominators.astype(np.int64)


@dataclass(frozen=True)
class Arithmetic:
    """How numbers are stored inside the engines (float64, or exact rationals)."""

    exact: bool

    @property
    def dtype(self) -> Any:
        return object if self.exact else np.float64

    def better(self, value: Any, than: Any) -> Any:
        """Whether ``value`` is worth more than ``than`` as a choice (elementwise on arrays):
        strictly more in rationals, more by over :data:`TIE_MARGIN` in floats.

        >>> FLOAT.better(1.0 + 1e-15, 1.0), FLOAT.better(1.0 + 1e-9, 1.0)
        (False, True)
        """
        return value > than if self.exact else value > than + TIE_MARGIN

    def best(self, values: Mapping[Any, Any]) -> Any:
        """The key of the best value, the first of equal ones (``values`` in the engine's order of
        actions; a later one wins only where :meth:`better`).

        >>> FLOAT.best({"stand": 0.3, "hit": 0.1 + 0.2, "double": 0.2}), FLOAT.best({"stand": 0.3, "hit": 0.4})
        ('stand', 'hit')
        """
        keys = iter(values)
        best = next(keys)
        for key in keys:
            if self.better(values[key], values[best]):
                best = key
        return best

    def scalar(self, numerator: int, denominator: int = 1) -> Any:
        """The number ``numerator/denominator`` in this arithmetic."""
        if self.exact:
            return _rational(numerator, denominator)
        return numerator / denominator

    def convert(self, value: Any) -> Any:
        """A Fraction, int or float-free rational as a number of this arithmetic."""
        if self.exact and type(value).__name__ == "mpq":      # (one of its own rationals already)
            return value
        if not isinstance(value, Fraction):    # (a Fraction has its parts already: deals are)
            value = Fraction(value)
        return self.scalar(value.numerator, value.denominator)

    def zeros(self, shape: Any) -> np.ndarray:
        if self.exact:
            out = np.empty(shape, dtype=object)
            out.fill(_rational(0))
            return out
        return np.zeros(shape)

    def integer_zeros(self, shape: Any) -> np.ndarray:
        """Zeros for integer accumulation: Python ints in exact mode, float64 otherwise."""
        if self.exact:
            out = np.empty(shape, dtype=object)
            out.fill(0)
            return out
        return np.zeros(shape)

    def array(self, values: Any) -> np.ndarray:
        """An array of this arithmetic from ints/Fractions (floats are refused in exact mode)."""
        values = np.asarray(values, dtype=object if self.exact else np.float64)
        if self.exact:
            flat = [self.convert(v) for v in values.ravel()]
            out = np.empty(values.shape, dtype=object)
            out.ravel()[:] = flat if flat else []
            return out
        return values

    def integers(self, values: Any) -> np.ndarray:
        """Integer counts as an array: Python ints in exact mode, float64 otherwise."""
        values = np.asarray(values)
        if self.exact:
            return np.vectorize(int, otypes=[object])(values) if values.size else values.astype(object)
        return values.astype(np.float64)

    def rationals(self, numerators: np.ndarray, denominators: np.ndarray) -> np.ndarray:
        """Elementwise ``numerators/denominators`` (broadcast), 0 where a denominator is 0."""
        numerators, denominators = np.broadcast_arrays(numerators, denominators)
        if self.exact:
            pairs = _small_pairs(numerators, denominators)
            if pairs is not None:       # (card counts: a few distinct pairs, each made once)
                distinct, where = np.unique(pairs, return_inverse=True)
                made = np.empty(len(distinct), dtype=object)
                made[:] = [_rational(code >> 31, code & _LOW) if code & _LOW else _rational(0)
                           for code in distinct.tolist()]
                return made[where.reshape(-1)].reshape(numerators.shape)
            return np.vectorize(lambda a, b: _rational(int(a), int(b)) if b else _rational(0), otypes=[object])(
                numerators, denominators)
        inverse = np.zeros(denominators.shape)
        np.divide(1.0, denominators, out=inverse, where=denominators != 0)
        return numerators * inverse

    def output(self, value: Any) -> Any:
        """A number for the user: ``sympy.Rational`` in exact mode, ``float`` otherwise."""
        if self.exact:
            import sympy  # imported on first exact result: it is slow to import

            value = Fraction(value) if not isinstance(value, Fraction) else value
            return sympy.Rational(value.numerator, value.denominator)
        return float(value)


FLOAT = Arithmetic(exact=False)
EXACT = Arithmetic(exact=True)


def arithmetic_for(values: Iterable[Any]) -> Arithmetic:
    """The arithmetic of numbers handed out (:meth:`Arithmetic.output`): :data:`FLOAT` where any
    is a float, else :data:`EXACT` (rationals, integers).

    >>> arithmetic_for([0.5, 1]) is FLOAT, arithmetic_for([Fraction(1, 2), 1]) is EXACT
    (True, True)
    """
    return FLOAT if any(isinstance(value, (float, np.floating)) for value in values) else EXACT


def arithmetic_of(exact: Any) -> Arithmetic:
    """:data:`EXACT` or :data:`FLOAT` for an ``exact`` flag, which must be True or False ("yes"
    would otherwise count as True): the one check of the flag every computation takes.

    >>> arithmetic_of(True) is EXACT, arithmetic_of(False) is FLOAT
    (True, True)
    >>> arithmetic_of("yes")
    Traceback (most recent call last):
    ...
    bjcalc.core.errors.RulesError: exact must be True or False, not 'yes'
    """
    if not isinstance(exact, bool):
        raise RulesError(f"exact must be True or False, not {exact!r}")
    return EXACT if exact else FLOAT
