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
from typing import Any, Optional, Sequence, Union

from ..core.cards import STANDARD_DECK, Deck, Shoe, parse_decks, parse_shoe
from ..core.errors import BjcalcError, ShoeError

__all__ = ["decks_argument", "shoe_argument", "shoe_from_flags", "SHOE_HELP", "REMOVE_HELP", "OnceFlag", "SwitchFlag",
           "flags_given"]

SHOE_HELP = ("a custom shoe: rank:count pairs (A:4,5:3,T:16), or card:count pairs with suits "
             "(AS:1,TH:2,...; Burn 20 and the side bets that see suits need them); replaces --decks")
"""The help of ``--shoe``."""

REMOVE_HELP = ("other cards seen, taken out of the shoe before the round, e.g. A,A,5,T; with suits (AS,TH) the "
               "shoe keeps its suit counts; an error if the shoe does not hold them.  'hand' and 'insurance' "
               "take the hand's cards and the up card out themselves: do not list them here")
"""The help of ``--remove``."""


class OnceFlag(argparse.Action):
    """An option that stores one value (``const`` for a flag that takes none), refusing a second
    option that sets the same destination to something else, through the parser's one-line
    error (``--h17 --s17``, ``--remove 5 --remove 6`` or ``--up 6 --up 7`` used to let the last
    one win silently).  The same option given twice alike is fine.  The ``bjcalc`` parsers use
    it for every option that takes one value (their ``store`` and ``store_const`` actions).

    >>> parser = argparse.ArgumentParser(exit_on_error=False)
    >>> _ = parser.add_argument("--h17", dest="h17", action=OnceFlag, const=True)
    >>> _ = parser.add_argument("--s17", dest="h17", action=OnceFlag, const=False)
    >>> parser.parse_args(["--h17", "--h17"]).h17
    True
    >>> parser.parse_args(["--h17", "--s17"])
    Traceback (most recent call last):
    argparse.ArgumentError: argument --s17: contradicts --h17: give one of them
    """

    def __init__(self, option_strings: Sequence[str], dest: str, nargs: Any = None, const: Any = None,
                 **options: Any) -> None:
        super().__init__(option_strings, dest, nargs=0 if const is not None else nargs, const=const, **options)

    def value(self, values: Any, option_string: Optional[str]) -> Any:
        """The value this option stores: ``const`` for a flag that takes none, else what it was given."""
        return self.const if self.nargs == 0 else values

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> None:
        value = self.value(values, option_string)
        given = flags_given(namespace)
        said = str(option_string) if self.nargs == 0 else f"{option_string} {_shown(values)}"
        if self.dest in given and given[self.dest][1] != value:
            before, earlier = given[self.dest]
            if self.dest == "remove":
                fix = f"give it once, with every card to take out: --remove {earlier},{value}"
            else:
                fix = "give it once" if before.split()[0] == option_string else "give one of them"
            if option_string is None:
                raise argparse.ArgumentError(self, f"contradicts {before}: {fix}")
            # (named by the option given: an action of two options, --rsa/--no-rsa, is named by both)
            raise argparse.ArgumentError(None, f"argument {option_string}: contradicts {before}: {fix}")
        given[self.dest] = (said, value)
        setattr(namespace, self.dest, value)


class SwitchFlag(OnceFlag):
    """A rule that is on or off, as one option with two names: ``on`` (the first option
    string) stores True, the other False; contradicting itself (``--rsa --no-rsa``) is
    refused as :class:`OnceFlag` refuses it.

    >>> parser = argparse.ArgumentParser(exit_on_error=False)
    >>> _ = parser.add_argument("--rsa", "--no-rsa", dest="rsa", action=SwitchFlag)
    >>> parser.parse_args(["--no-rsa"]).rsa, parser.parse_args(["--rsa", "--rsa"]).rsa
    (False, True)
    >>> parser.parse_args(["--rsa", "--no-rsa"])
    Traceback (most recent call last):
    argparse.ArgumentError: argument --no-rsa: contradicts --rsa: give one of them
    """

    def __init__(self, option_strings: Sequence[str], dest: str, **options: Any) -> None:
        options.pop("const", None)
        super().__init__(option_strings, dest, const=True, **options)

    def value(self, values: Any, option_string: Optional[str]) -> bool:
        return option_string == self.option_strings[0]


def _shown(value: Any) -> str:
    """A flag's value for a message (a custom shoe as its description)."""
    return value.describe() if isinstance(value, Shoe) else str(value)


def flags_given(args: argparse.Namespace) -> dict[str, tuple[str, Any]]:
    """The :class:`OnceFlag` flags of a parsed command line that were given, by destination:
    how each was given and its value (a flag missing here kept its default).

    >>> parser = argparse.ArgumentParser()
    >>> _ = parser.add_argument("--split", action=OnceFlag, default="CDZ-")
    >>> flags_given(parser.parse_args(["--split", "CDP"])), flags_given(parser.parse_args([]))
    ({'split': ('--split CDP', 'CDP')}, {})
    """
    given = getattr(args, "_flags_given", None)
    if given is None:
        given = {}
        setattr(args, "_flags_given", given)
    return given


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
                    default_decks: Union[int, float] = 6, deck: Union[str, Deck] = STANDARD_DECK) -> Shoe:
    """The shoe ``--decks``, ``--shoe`` and ``--remove`` describe (``--decks`` and ``--shoe`` exclude
    each other: a custom shoe is the whole shoe); ``--decks`` counts decks of the kind ``deck``
    (the variant's).

    >>> shoe_from_flags(1, None, "A,A").describe()
    '1 deck less A,A (50 cards)'
    """
    if decks is not None and shoe is not None:
        raise ShoeError("give --decks or --shoe, not both: --shoe is the whole shoe (to take cards out of "
                        "whole decks, use --decks N --remove CARDS)")
    if shoe is None:
        shoe = Shoe.decks(default_decks if decks is None else decks, deck)
    return shoe if remove is None else shoe.without(remove)
