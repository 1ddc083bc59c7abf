"""The shoe flags every command shares: ``--decks N``, ``--shoe`` (a custom shoe) and
``--remove CARDS``, their argparse types and help, and the shoe they describe.

They hold no command's machinery, so that :mod:`bjcalc.cli` can build its parser from
them without loading a side bet (:mod:`bjcalc.cli.sidebets` uses them too).

>>> shoe_from_flags(decks_argument("1"), None, "A,A").describe()
'1 deck less A,A (50 cards)'
>>> shoe_from_flags(None, shoe_argument("AS:1,KH:3"), None).total
4
"""

from __future__ import annotations

import argparse
from typing import Optional, Union

from ..core.cards import Shoe, parse_decks, parse_shoe
from ..core.errors import BjcalcError, ShoeError

__all__ = ["decks_argument", "shoe_argument", "shoe_from_flags", "SHOE_HELP", "REMOVE_HELP"]

SHOE_HELP = ("a custom shoe: rank:count pairs (A:4,5:3,T:16), or card:count pairs with suits "
             "(AS:1,TH:2,...; Burn 20 and Lucky Lucky need suits); replaces --decks")
"""The help of ``--shoe``."""

REMOVE_HELP = ("cards taken out of the shoe before the round, e.g. A,A,5,T; with suits (AS,TH) the shoe keeps "
               "its suit counts; an error if the shoe does not hold them")
"""The help of ``--remove``."""


def decks_argument(text: str) -> Union[int, float]:
    """The argparse type of ``--decks``: :func:`~bjcalc.core.cards.parse_decks`, its error
    turned into argparse's one-line kind.

    >>> decks_argument("2"), decks_argument("inf")
    (2, inf)
    """
    try:
        return parse_decks(text)
    except BjcalcError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def shoe_argument(text: str) -> Shoe:
    """The argparse type of ``--shoe``: :func:`~bjcalc.core.cards.parse_shoe`.

    >>> shoe_argument("AS:1,KH:3").total
    4
    """
    try:
        return parse_shoe(text)
    except BjcalcError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def shoe_from_flags(decks: Union[int, float, None], shoe: Optional[Shoe], remove: Optional[str],
                    default_decks: Union[int, float] = 6) -> Shoe:
    """The shoe ``--decks``, ``--shoe`` and ``--remove`` describe (``--decks`` and ``--shoe`` exclude
    each other: a custom shoe is the whole shoe).

    >>> shoe_from_flags(1, None, "A,A").describe()
    '1 deck less A,A (50 cards)'
    """
    if decks is not None and shoe is not None:
        raise ShoeError("give --decks or --shoe, not both: --shoe is the whole shoe (to take cards out of "
                        "whole decks, use --decks N --remove CARDS)")
    if shoe is None:
        shoe = Shoe.decks(default_decks if decks is None else decks)
    return shoe if remove is None else shoe.without(remove)
