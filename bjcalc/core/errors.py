"""Exceptions raised by bjcalc.

Every error a user can provoke with bad input is a :class:`BjcalcError`, so a
caller (and the CLI) can catch one type and print its one-line message.
"""

__all__ = ["BjcalcError", "RulesError", "ShoeError", "HandError", "StrategyError", "NotFollowedError", "TooLargeError"]


class BjcalcError(ValueError):
    """Base class: bad input that bjcalc refuses with a clear message."""


class RulesError(BjcalcError):
    """A rule field has a bad value, or the combination of rules is impossible."""


class ShoeError(BjcalcError):
    """A shoe is malformed, or cannot deal what was asked of it."""


class HandError(BjcalcError):
    """A hand or up card is malformed or cannot be dealt from the shoe."""


class StrategyError(BjcalcError):
    """An unknown or unsupported strategy option."""


class NotFollowedError(StrategyError):
    """An analysis that does not yet follow a variant's round, refused before any work (the
    message says what is computed for it instead, if anything); ``refused``: the refusal alone,
    without the list of what is computed (as a list of what a game lacks says it).

    >>> error = NotFollowedError("TD play does not yet follow X; for X bjcalc computes: the CD game", "TD play ...")
    >>> issubclass(NotFollowedError, StrategyError), error.refused, str(error)[:7]
    (True, 'TD play ...', 'TD play')
    """

    def __init__(self, message: str, refused: str = ""):
        super().__init__(message)
        self.refused = refused or message


class TooLargeError(StrategyError):
    """A computation refused up front because of its size (the message says the size).

    >>> issubclass(TooLargeError, BjcalcError)
    True
    """
